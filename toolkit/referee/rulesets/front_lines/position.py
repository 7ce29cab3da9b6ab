"""Positions built by hand: for tests, puzzles and a designer's what-ifs.

    state = position(scenario, {"North": ["commander D1", "infantry C4"],
                                "South": ["commander E10", "armor C5"]})
    state, events = play_turn(state, North=["IC4-C5"], South=["pass"])

Units are "TYPE SQUARE" (add " revealed" for a Recon that has dropped its
disguise). The position starts a turn: both plans empty, history holding it once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dsl.model import Scenario
from toolkit.referee.protocol import Event
from toolkit.referee.rulesets.front_lines.state import (
    PLAN, State, Unit, fresh_plan, position_key)


def position(scenario: Scenario, units: Mapping[str, Sequence[str]], *,
             pools: Mapping[str, Mapping[str, int]] | None = None,
             skills: Mapping[str, Sequence[str]] | None = None,
             mines: Mapping[str, Sequence[str]] | None = None,
             options: Mapping[str, Any] | None = None, turn: int = 1) -> State:
    from toolkit.referee.rulesets.front_lines.rules import RULESET

    base = RULESET.new_game(scenario, {**(options or {}), "deployment": "setup"})
    cfg = base.cfg
    table: dict[int, Unit] = {}
    uid = 1
    for s, side in enumerate(cfg.sides):
        for text in units.get(side, ()):
            parts = text.split()
            kind, sq = parts[0], cfg.index[parts[1]]
            disguised = cfg.pieces[kind].disguise is not None and "revealed" not in parts[2:]
            table[uid] = Unit(uid, s, kind, sq, disguised)
            uid += 1
    pool_t = tuple(dict((pools or {}).get(side, dict(cfg.pools[s]))) for s, side in
                   enumerate(cfg.sides))
    skill_t = tuple(frozenset(skills[side]) if skills and side in skills else cfg.skills[s]
                    for s, side in enumerate(cfg.sides))
    mine_t = tuple(frozenset(cfg.index[m] for m in (mines or {}).get(side, ()))
                   for side in cfg.sides)
    state = base.replace(phase=PLAN, turn=turn, units=table, next_uid=uid, pools=pool_t,
                         skills=skill_t, mines=mine_t, quiet=0, hold=(0, 0), outcome=None)
    state = state.replace(plans=(fresh_plan(state, 0), fresh_plan(state, 1)),
                          history={position_key(state): 1})
    return state


def play_turn(state: State, **orders: Sequence[str]) -> tuple[State, tuple[Event, ...]]:
    """Plan each side's orders (missing ones are `pass`) through the referee, and resolve."""
    from toolkit.referee import game
    from toolkit.referee.rulesets.front_lines.rules import RULESET

    cfg = state.cfg
    events: list[Event] = []
    for side in cfg.sides:
        given = list(orders.get(side, ()))
        given += ["pass"] * (cfg.actions - len(given))
        for text in given:
            move = game.parse_move(RULESET, state, side, text)
            state, ev = game.play(RULESET, state, side, move, text)
            events += ev
    return state, tuple(events)
