"""What each player sees: its own hand, the others' hand sizes, decks as counts,
every bid (with face-value cards and dug-in piles), the captured territories,
the open Territory card and the bonus row."""

from __future__ import annotations

from toolkit.referee.kit.view import PileView, TrackView, View, pile_view

from toolkit.referee.rulesets.last_front import bid as bids
from toolkit.referee.rulesets.last_front.state import State
from toolkit.referee.rulesets.last_front.territories import bonus_row, bonuses_of


def view(s: State, player: str | None, ruleset: str) -> View:
    status = [f"battle {s.flow.round}", f"phase {s.flow.phase}"]
    if s.contested:
        status.append(f"fighting for {s.contested}"
                      + (f" held by {s.holder}" if s.holder else ""))
    if s.declarer:
        status.append(f"declared by {s.declarer}")
    piles = [pile_view(z, player) for z in s.zones]
    piles.append(PileView("open territory", "display", None, int(s.open_card is not None),
                          (s.open_card,) if s.open_card else ()))
    piles.append(PileView("bonus row", "display", None, len(bonus_row(s)), bonus_row(s)))
    panels = []
    for side in s.sides:
        i = s.at(side)
        parts = []
        if s.faces[i]:
            parts.append("face value: " + " ".join(s.faces[i]))
        if s.dug[i]:
            parts.append("dug in: " + " | ".join(" ".join(p) for p in s.dug[i]))
        if bonuses_of(s, side):
            parts.append("bonus: " + " ".join(bonuses_of(s, side)))
        if side in s.withdrawn:
            parts.append("withdrawn")
        if parts:
            panels.append((side, "; ".join(parts)))
    actor = s.flow.actor if s.flow.phase == "battle" and not s.over else None
    if actor is not None and actor not in s.withdrawn:
        panels.append(("to reach", f"{actor} must reach {bids.to_beat(s, actor)} to finish "
                       "the turn"))
    if s.mods:
        panels.append(("in force", " ".join(sorted({m.source for m in s.mods}))))
    live = s.in_battle() if s.flow.phase == "battle" else s.sides
    tracks = (TrackView("bid", tuple((p, bids.total(s, p)) for p in live)),
              TrackView("territories", tuple((p, len(s.captured(p))) for p in s.sides)))
    return View(viewer=player, ruleset=ruleset, sides=s.sides, status=tuple(status),
                piles=tuple(piles), tracks=tracks, panels=tuple(panels))
