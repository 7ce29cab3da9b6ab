"""What each player sees (FLB-secret): both lines on the strip (Front in the
middle), every public figure, its own hands and the other's hand sizes only; a
face-down selection and the Money left while choosing are its owner's alone (a
line forced out by a Farseer shows once it is complete)."""

from __future__ import annotations

from dsl.model import column_letters

from toolkit.referee.kit.view import BoardView, PieceView, PileView, TrackView, View, pile_view

from toolkit.referee.rulesets.fantasy_line_battle.state import SELECTION, SET_ASIDE, State

SLOTS = 8


def space_of(s: State, side: str, place: int) -> str:
    """North stands from H1 (its Front) back to A1; South from I1 back to P1."""
    col = SLOTS - place if side == s.sides[0] else SLOTS - 1 + place
    return f"{column_letters(col)}1"


def choosing(s: State) -> bool:
    return s.flow.round == 1 and s.flow.phase == "select"


def reach(low: int, high: int | None) -> str:
    """A range as the printed card gives it: `1`, `1-3`, `2+`."""
    if not high:
        return f"{low}+"
    return str(low) if high == low else f"{low}-{high}"


def view(s: State, player: str | None, ruleset: str) -> View:
    status = [f"Day {s.flow.round}", f"phase {s.flow.phase}"]
    pieces = []
    for side in s.sides:
        for i, f in enumerate(s.line(side), 1):
            tags = [f"health {f.health}", f"damage {f.hits()}",
                    f"range {reach(f.low, f.high)}"]
            tags += [t for t, on in (("targeted", f.targeted), ("dying", f.dying),
                                     ("stunned", f.stunned), ("warded", f.warded)) if on]
            pieces.append(PieceView(space_of(s, side, i), f.card, side, " ".join(tags)))
    piles = []
    for z in s.zones:
        if z.name in (SELECTION, SET_ASIDE) and not choosing(s):
            continue  # empty once the lines are revealed
        if z.name in (SELECTION, SET_ASIDE) and z.owner != player:
            shown = z.name == SELECTION and s.forced == z.owner and z.owner in s.done
            piles.append(PileView(z.name, z.kind, z.owner, z.count if shown else None,
                                  z.cards if shown else None))
        else:
            piles.append(pile_view(z, player))
    secret = choosing(s)
    tracks = (
        TrackView("money", tuple((side, m) for side, m in zip(s.sides, s.money)
                                 if not secret or side == player), 30),
        TrackView("mana", tuple(zip(s.sides, s.mana)), 30),
        TrackView("damage to Front", tuple(zip(s.sides, s.front)), 30),
        TrackView("targeted damage", tuple(zip(s.sides, s.pool)), 30),
    )
    panels = []
    for side in s.sides:
        if s.line(side):
            panels.append((f"{side}'s line, Front first", "; ".join(
                f"{i} {p.kind} ({p.label})" for i, p in enumerate(
                    (p for p in pieces if p.side == side), 1))))
    if any(s.shield):
        panels.append(("shield", ", ".join(f"{a} {b}" for a, b in zip(s.sides, s.shield))))
    if s.lasting:
        panels.append(("lasting", "; ".join(f"{w} {k} {n}" for w, k, n, _ in s.lasting)))
    if s.still:
        panels.append(("earthquake", "no move abilities today"))
    if s.forced:
        panels.append(("farseer", f"{s.forced} must finish choosing first"))
    board = BoardView("line", "grid", 2 * SLOTS, 1,
                      tuple(f"{column_letters(c)}1" for c in range(2 * SLOTS)))
    return View(viewer=player, ruleset=ruleset, sides=s.sides, status=tuple(status),
                board=board, pieces=tuple(pieces), piles=tuple(piles), tracks=tracks,
                panels=tuple(panels))
