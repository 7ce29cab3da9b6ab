"""Front Lines invariants, checked after every move by the contract test:
stacking holds on the board and in every plan, pieces are conserved, and
nothing secret is in the other side's view."""

from __future__ import annotations

import dataclasses

from toolkit.referee.rulesets.front_lines import fog
from toolkit.referee.rulesets.front_lines.stacking import blocked_masks, joinable, stack_problem
from toolkit.referee.rulesets.front_lines.state import DEPLOY, OVER, State


def _facts(value):
    """Every value nested in a view, as the contract test walks it: containers, their
    elements, and the fields of dataclasses with their (name, value) pairs."""
    yield value
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            yield (f.name, item)
            yield from _facts(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield (k, v)
            yield from _facts(k)
            yield from _facts(v)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from _facts(v)


def broken(state: State) -> list[str]:
    cfg = state.cfg
    out: list[str] = []
    # stacking on the board (both sides never share a square between turns)
    squares: dict[int, list] = {}
    for u in state.units.values():
        squares.setdefault(u.sq, []).append(u)
    for sq, here in squares.items():
        sides = {u.side for u in here}
        if len(sides) > 1 and state.phase != OVER:
            out.append(f"both sides stand on {cfg.names[sq]} between turns")
        for s in sides:
            kinds = [u.kind for u in here if u.side == s]
            for i in range(1, len(kinds)):
                if stack_problem(cfg, kinds[:i], kinds[i]) is not None:
                    out.append(f"{cfg.sides[s]} breaks the stacking rules on {cfg.names[sq]}")
    # stacking in each plan
    for s in (0, 1):
        plan = state.plans[s]
        for sq, uids in plan.occ.items():
            kinds = [plan.kinds[u] for u in uids]
            for i in range(1, len(kinds)):
                if stack_problem(cfg, kinds[:i], kinds[i]) is not None:
                    out.append(f"{cfg.sides[s]}'s plan breaks the stacking rules on "
                               f"{cfg.names[sq]}")
        expected = {sq: joinable(cfg, tuple(plan.kinds[u] for u in uids))
                    for sq, uids in plan.occ.items()}
        if plan.room != expected:
            out.append(f"{cfg.sides[s]}'s plan has a stale record of which squares can take units")
        if plan.blocked != blocked_masks(cfg, expected):
            out.append(f"{cfg.sides[s]}'s plan has a stale record of which squares are full")
        if len(plan.orders) > cfg.actions and state.phase != DEPLOY:
            out.append(f"{cfg.sides[s]} planned more than {cfg.actions} actions")
    # pieces: on the board + in reserve never exceeds army + reserve (+ reinforcements)
    for s in (0, 1):
        if state.phase == DEPLOY:
            continue
        start = len(cfg.armies[s]) + sum(n for _, n in cfg.pools[s])
        reinforced = 0 if "reinforce" in state.skills[s] else 1
        now = sum(1 for u in state.units.values() if u.side == s) + sum(state.pools[s].values())
        if now > start + reinforced:
            out.append(f"{cfg.sides[s]} has {now} units, more than it could have")
        if any(n < 0 for n in state.pools[s].values()):
            out.append(f"{cfg.sides[s]}'s reserve went below zero")
        commanders = sum(1 for u in state.units.values() if u.side == s and u.kind == cfg.commander)
        if commanders > 1 or (commanders == 0 and state.phase != OVER):
            out.append(f"{cfg.sides[s]} has {commanders} Commanders while the game goes on")
    # no secret of one side in the other's view
    for s in (0, 1):
        other = cfg.sides[1 - s]
        secret = set(fog.secrets(state, cfg.sides[s]))
        if secret:
            leaked = {f for v in (fog.view(state, other), fog.view(state, None))
                      for f in _facts(v) if _hashable(f) and f in secret}
            if leaked:
                out.append(f"{other} can see {cfg.sides[s]}'s secret "
                           f"{min(leaked, key=repr)!r}")
    return out


def _hashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True
