"""Front Lines invariants under random play (the contract test calls `invariants` too):
stacking always holds, every unit that appears or disappears is accounted for by an
event, and no view holds the other side's secrets."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import dsl
from toolkit.referee.rulesets.front_lines import RULESET as FL

SCN = dsl.load(Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn")


def census(state) -> Counter:
    cfg = state.cfg
    return Counter((cfg.sides[u.side], u.kind) for u in state.units.values())


@pytest.mark.parametrize("seed", range(5))
def test_pieces_are_conserved_or_accounted_for_by_events(seed):
    rng = random.Random(f"invariants {seed}")
    state = FL.new_game(SCN)
    turns = 0
    while FL.decision(state) is not None:
        d = FL.decision(state)
        side = rng.choice(d.players)
        moves = list(FL.legal_moves(state, side))
        before = census(state)
        pools_before = [dict(p) for p in state.pools]
        state, events = FL.apply(state, side, rng.choice(moves))
        assert FL.invariants(state) == []
        if any(e.kind == "deployed" for e in events):
            assert sum(census(state).values()) == 20
            continue
        lost = Counter((d[1], d[2]) for e in events for d in e.data if d[0] == "destroyed")
        came = Counter((d[1], d[2]) for e in events for d in e.data if d[0] == "arrived")
        assert before - lost + came == census(state), events
        # every arrival from the reserve left the reserve, and nothing else did
        for s, name in enumerate(state.cfg.sides):
            spawned = sum(1 for e in events for d in e.data
                          if d[0] == "arrived" and d[1] == name and d[4] == "from the reserve")
            assert sum(pools_before[s].values()) - sum(state.pools[s].values()) == spawned
        turns += any(e.kind == "turn" for e in events)
    assert turns >= 1


def test_stacking_invariant_catches_a_broken_position():
    from toolkit.referee.rulesets.front_lines.position import position

    bad = position(SCN, {"North": ["commander A1", "infantry C3", "infantry C3"],
                         "South": ["commander A10", "infantry H10"]})
    assert any("stacking" in b for b in FL.invariants(bad))
