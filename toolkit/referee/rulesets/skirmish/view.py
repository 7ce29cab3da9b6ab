"""What a player of Skirmish sees: the common view (kit.view), with no hidden
piece on the board. Hidden: the cards in the other side's hand (its count is
public). Capitals are marks; reserves and hands are piles; the round is a marker.
"""

from __future__ import annotations

from toolkit.referee.kit.view import MarkerView, PieceView, PileView, TrackView, View, pile_view
from toolkit.referee.rulesets.skirmish.state import SkirmishState


def view(s: SkirmishState, player: str | None, ruleset: str) -> View:
    cfg = s.cfg
    flow = s.flow
    status = [f"round {flow.round} of {cfg.turn_limit}"]
    if flow.outcome is None and flow.window is not None:
        status.append(f"{' or '.join(flow.window.players)} may defend")
    elif flow.outcome is None and flow.actor:
        status.append(f"{flow.actor} to act")
    pieces = tuple(PieceView(u.space, u.kind, u.side, str(cfg.strength[u.kind]))
                   for u in s.units)
    marks = tuple((space, f"{owner} capital") for space, owner in cfg.capitals)
    reserves = tuple(PileView("reserve", "pile", side, len(kinds), kinds)
                     for side, kinds in zip(s.sides, s.reserves))
    markers = [MarkerView("round", f"{flow.round} of {cfg.turn_limit}")]
    if cfg.hold_turns:
        for side, held in zip(s.sides, s.held):
            if held:
                markers.append(MarkerView(f"{side} holds a capital",
                                          f"{held} of {cfg.hold_turns} turns"))
    return View(
        viewer=player, ruleset=ruleset, sides=s.sides, status=tuple(status),
        board=cfg.board_view, pieces=pieces, marks=marks,
        piles=tuple(pile_view(z, player) for z in s.zones) + reserves,
        tracks=(TrackView("strength on board",
                          tuple((side, s.strength_on_board(side)) for side in s.sides)),),
        markers=tuple(markers))
