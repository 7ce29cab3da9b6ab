"""What a player sees: everything (Front Line hides nothing, FL-R20), drawn in
the kit's common view."""

from __future__ import annotations

from toolkit.referee.kit.view import MarkerView, PieceView, TrackView, View, board_view
from toolkit.referee.rulesets.front_line import victory
from toolkit.referee.rulesets.front_line.state import State
from toolkit.referee.rulesets.front_line.supply import month_name


def view(s: State, player: str | None, ruleset: str) -> View:
    cfg = s.cfg
    flow = s.flow
    status = [f"{month_name(min(flow.round, int(cfg.opt('rounds'))))}",
              f"turn {min(s.turns + 1, 2 * int(cfg.opt('turns_per_player')))} of "
              f"{2 * int(cfg.opt('turns_per_player'))}"]
    if s.mover:
        status.append(f"{s.mover} to act")
    pieces = tuple(PieceView(cfg.names[i], u.kind, u.side, "disrupted" if u.disrupted else "",
                             condition="disrupted" if u.disrupted else "")
                   for i, u in enumerate(s.squares) if u is not None)
    marks = tuple((cfg.names[i], "fallen") for i in sorted(s.fallen))
    tracks = (TrackView("occupation points", tuple((side, victory.points(s, side))
                                                    for side in s.sides)),
              TrackView("used supply", tuple(zip(s.sides, s.used))))
    markers = [MarkerView("edge", ("beside the middle, off" if s.edge.holder is None else
                                   f"{s.edge.holder}, {'on' if s.edge.on else 'off'}"))]
    for side in s.sides:
        i = s.at(side)
        markers.append(MarkerView(f"{side} leadership", s.leadership[i]))
    panels = []
    for side in s.sides:
        i = s.at(side)
        stacks = ", ".join(f"{k.kind} {k.count}" for k in s.stacks[i]) or "none"
        panels.append((f"{side} supply", stacks))
        panels.append((f"{side} reserve", ", ".join(f"{k} {n}" for k, n in s.reserve[i])))
    if s.stack is not None and s.mover:
        panels.append((f"{s.mover}'s stack in use", f"{s.stack.kind} {s.stack.count} of "
                       f"{s.stack_max}"))
    if s.attack is not None:
        a = s.attack
        panels.append(("attack", f"{cfg.names[a.src]} on {cfg.names[a.dst]}"
                       + (f", dice {' '.join(map(str, a.dice))}" if a.dice else "")
                       + (", rallied" if a.rallied else "")))
    return View(viewer=player, ruleset=ruleset, sides=s.sides, status=tuple(status),
                board=board_view(cfg.board), pieces=pieces, marks=marks, tracks=tracks,
                markers=tuple(markers), panels=tuple(panels))
