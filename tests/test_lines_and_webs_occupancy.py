"""Where Lines and Webs units stand (State.occupants, transport.view_occupancy, and
the nodes each side finds the enemy on in them, State.enemy_nodes and
transport.view_enemy): each state's answer is the
last one brought up to date by the units that changed (state.regrouped), and must
equal the answer worked out afresh, node by node and in the same order (a draw reads a
node's units in that order), over shaken positions."""

from __future__ import annotations

import random

from lines_and_webs_cases import RULES, put, start
from toolkit.referee.protocol import CHANCE, DecisionKind
from toolkit.referee.rulesets.lines_and_webs import state as lw_state
from toolkit.referee.rulesets.lines_and_webs.network import enemy_nodes
from toolkit.referee.rulesets.lines_and_webs.transport import (
    _occupancy, view_enemy, view_occupancy)
from toolkit.sim.playout import RandomBot


def _same(got: dict, fresh: dict) -> bool:
    """The same nodes, each with the very same unit objects in the same order."""
    return got.keys() == fresh.keys() and all(
        len(got[n]) == len(fresh[n]) and all(map(lambda a, b: a is b, got[n], fresh[n]))
        for n in fresh)


def _positions(games: int):
    bot = RandomBot(RULES)
    for seed in range(games):
        s, rng = start(), random.Random(f"occupancy {seed}")
        while (d := RULES.decision(s)) is not None:
            yield s
            if d.kind is DecisionKind.CHANCE:
                s, _ = RULES.apply(s, CHANCE, d.chance.sample(rng))
                continue
            side = d.players[0]
            s, _ = RULES.apply(s, side, bot.choose(s, side, rng))


def test_LW_units_on_a_node_kept_up_to_date_are_those_worked_out_afresh(monkeypatch):
    brought = []
    regrouped = lw_state.regrouped

    def counted(*args):
        brought.append(1)
        return regrouped(*args)

    monkeypatch.setattr(lw_state, "regrouped", counted)
    positions = 0
    for s in _positions(2):
        positions += 1
        assert _same(s.occupants(), s._occupants())
        for side in s.sides:
            assert s.enemy_nodes(side) == enemy_nodes(s._occupants(), side)
        enemy = s.veil[0] if s.veil is not None else s.units
        for side in s.sides:
            occ = view_occupancy(s, side)
            assert _same(occ, _occupancy(s, side, enemy))
            assert view_enemy(s, side, occ) == enemy_nodes(occ, side)
    assert positions > 1000
    assert len(brought) > positions // 2  # most answers were brought up to date


def test_LW_capacity_units_sharing_a_port_stay_in_uid_order_as_they_come_and_go():
    s = start()
    port = s.cfg.names[s.cfg.ports[0]]
    mine = [u for u in s.units if u.side == "Delta"][:3]
    elsewhere = next(n for n in s.cfg.names if n != port and n in s.cfg.index)
    for u in reversed(mine):
        s = put(s, u.label, port)
        assert _same(s.occupants(), s._occupants())
    s = put(s, mine[1].label, elsewhere)
    here = s.occupants()[s.cfg.ports[0]]
    assert [u.uid for u in here] == sorted(u.uid for u in here)
    assert _same(s.occupants(), s._occupants())
