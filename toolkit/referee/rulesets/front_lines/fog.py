"""Fog of war (FL-fog-*): what each side may see.

- The enemy's back row is hidden (the scenario's `hidden_SIDE` zone), except
  squares within the Manhattan reach of one of your Recon (FL-fog-1, FL-fog-2).
- A disguised Recon looks like its disguise (Infantry) to the enemy (FL-recon-3).
- Mines, planned orders and the make-up of the reserve are known only to
  their owner (FL-fog-3, FL-fog-4, FL-spawn-4).

Views are plain tuples and dicts. Every fact about a unit is written
`(side, square, type)` so a leak would show up as that exact value.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from toolkit.referee.rulesets.front_lines.notation import format_order
from toolkit.referee.rulesets.front_lines.state import DEPLOY, State, Unit


def hidden_from(state: State, viewer: int | None, units: Iterable[Unit] | None = None) -> frozenset[int]:
    """Squares whose units `viewer` (a side index, None for a spectator) cannot see."""
    cfg = state.cfg
    if viewer is None:
        return cfg.hidden[0] | cfg.hidden[1]
    hidden = cfg.hidden[1 - viewer]
    scouts = [(u.sq, cfg.pieces[u.kind].reveals)
              for u in (state.units.values() if units is None else units)
              if u.side == viewer and cfg.pieces[u.kind].reveals]
    if not scouts:
        return hidden
    dist = cfg.distance
    return frozenset(sq for sq in hidden if not any(dist(sq, s) <= r for s, r in scouts))


def apparent(state: State, unit: Unit) -> str:
    """The type the enemy sees."""
    if unit.disguised:
        return state.cfg.pieces[unit.kind].disguise or unit.kind
    return unit.kind


def view(state: State, player: str | None) -> dict[str, Any]:
    cfg = state.cfg
    me = cfg.side_index(player) if player is not None else None
    names, sides = cfg.names, cfg.sides
    hidden = hidden_from(state, me)
    units = []
    if state.phase == DEPLOY:
        if me is not None:
            plan = state.plans[me]
            units = [(sides[me], names[sq], plan.kinds[uid]) for uid, sq in plan.where.items()]
    else:
        for u in state.units.values():
            if u.side == me:
                units.append((sides[u.side], names[u.sq], u.kind))
            elif u.sq not in hidden:
                units.append((sides[u.side], names[u.sq], apparent(state, u)))
    out: dict[str, Any] = {
        "player": player,
        "sides": sides,
        "size": (cfg.width, cfg.height),
        "letters": tuple(sorted(cfg.letter.items())),
        "phase": state.phase,
        "turn": state.turn,
        "units": tuple(sorted(units)),
        "hidden": tuple(names[sq] for sq in sorted(hidden)),
        "skills": {sides[s]: tuple(sorted(state.skills[s])) for s in (0, 1)},
        "reserve_left": {sides[s]: sum(state.pools[s].values()) for s in (0, 1)},
        "planned": {sides[s]: len(state.plans[s].orders) for s in (0, 1)},
        "hold": {sides[s]: state.hold[s] for s in (0, 1)},
        "quiet_turns": state.quiet,
        "outcome": str(state.outcome) if state.outcome else None,
    }
    if me is not None:
        name = sides[me]
        plan = state.plans[me]
        out["disguised"] = tuple(sorted(names[u.sq] for u in state.units.values()
                                        if u.side == me and u.disguised))
        out["reserve"] = tuple((name, "reserve", k, n) for k, n in sorted(state.pools[me].items()))
        out["mines"] = tuple((name, "mine", names[m]) for m in sorted(state.mines[me]))
        out["orders"] = tuple((name, "order", i + 1, format_order(o))
                              for i, (o, _) in enumerate(plan.orders))
        # where your units will stand after your orders (what `from` squares refer to)
        out["after_orders"] = _planned(state, me) if plan.orders and state.phase != DEPLOY else ()
    return out


def _planned(state: State, me: int) -> tuple:
    cfg = state.cfg
    plan = state.plans[me]
    name = cfg.sides[me]
    return tuple(sorted((name, "planned", cfg.names[sq], plan.kinds[uid])
                        for uid, sq in plan.where.items()))


def secrets(state: State, player: str) -> list:
    """What only `player` may know now, in the exact form a view would show it."""
    cfg = state.cfg
    me = cfg.side_index(player)
    names = cfg.names
    out: list = []
    plan = state.plans[me]
    out += [(player, "order", i + 1, format_order(o)) for i, (o, _) in enumerate(plan.orders)]
    if plan.orders and state.phase != DEPLOY:
        out += list(_planned(state, me))
    out += [(player, "mine", names[m]) for m in state.mines[me]]
    out += [(player, "reserve", k, n) for k, n in state.pools[me].items()]
    if state.phase == DEPLOY:
        out += [(player, names[sq], plan.kinds[uid]) for uid, sq in plan.where.items()]
        return out
    hidden = hidden_from(state, 1 - me)
    for u in state.units.values():
        if u.side != me:
            continue
        if u.sq in hidden:
            out.append((player, names[u.sq], u.kind))
            out.append((player, names[u.sq], apparent(state, u)))
        elif u.disguised:
            out.append((player, names[u.sq], u.kind))
    return out


def _board(w: int, h: int, cells: dict[str, str], hidden: set[str]) -> list[str]:
    from dsl.model import grid_id

    lines = ["    " + " ".join(f"{chr(65 + c):>3}" for c in range(w))]
    for r in range(h):
        row = []
        for c in range(w):
            sq = grid_id(c, r)
            row.append(f"{cells.get(sq, '?' if sq in hidden else '.'):>3}")
        lines.append(f"{r + 1:>3} " + " ".join(row))
    return lines


def render(v: dict[str, Any]) -> str:
    """The board as text: North's units in capitals, South's in small letters,
    `?` on squares the viewer cannot see, then the viewer's own secrets."""
    w, h = v["size"]
    letters = dict(v["letters"])
    cells: dict[str, str] = {}
    for side, sq, kind in v["units"]:
        letter = letters[kind]
        letter = letter if side == v["sides"][0] else letter.lower()
        cells[sq] = cells.get(sq, "") + letter
    hidden = set(v["hidden"])
    lines = _board(w, h, cells, hidden)
    if v.get("after_orders"):
        mine = {}
        for side, _, sq, kind in v["after_orders"]:
            letter = letters[kind]
            mine[sq] = mine.get(sq, "") + (letter if side == v["sides"][0] else letter.lower())
        others = {sq: t for sq, t in cells.items()
                  if all(side != v["player"] for side, s2, _ in v["units"] if s2 == sq)}
        beside = _board(w, h, {**others, **mine}, hidden)
        lines = [a + "   |" + b for a, b in zip(lines, beside)]
        lines.append("(left: now; right: after your orders)")
    lines.append(f"{v['phase']} · turn {v['turn']} · planned "
                 + ", ".join(f"{s} {n}" for s, n in v["planned"].items()))
    lines.append("skills: " + "; ".join(f"{s} {' '.join(k) or '-'}" for s, k in v["skills"].items()))
    if v.get("orders"):
        lines.append("your orders: " + " ".join(o[3] for o in v["orders"]))
    if v.get("mines"):
        lines.append("your mines: " + " ".join(m[2] for m in v["mines"]))
    if v.get("reserve"):
        lines.append("your reserve: " + ", ".join(f"{k} x{n}" for _, _, k, n in v["reserve"] if n))
    if v.get("outcome"):
        lines.append(v["outcome"])
    return "\n".join(lines)
