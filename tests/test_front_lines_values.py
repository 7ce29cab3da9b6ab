"""Front Lines states are values (issue 7, item 10): asking a state anything leaves it as
it was, byte for byte, and so does its Config. No call writes a memo onto a state, and
no table inside a Config grows during play (everything in it is made when it is built).
"""

from __future__ import annotations

import io
import pickle
import random
from pathlib import Path

import pytest

import dsl
from toolkit.referee import game
from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.front_lines import RULESET as FL
from toolkit.referee.rulesets.front_lines.notation import Order

SCN = dsl.load(Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn")

#: orders that are legal somewhere in the game, to ask `check` about as well
ELSEWHERE = [Order("move", "I", "C2", "C3"), Order("spawn", "A", "", "B9"),
             Order("skill", "airstrike", "", "D6"), Order("deploy", "R", "", "E3"), PASS]


def frozen(state) -> bytes:
    """The state's pickle, its Config written as a reference (the Config is compared on
    its own: pickling its order tables on every call would take most of the test)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out)
    pickler.persistent_id = lambda obj: "config" if obj is state.cfg else None
    pickler.dump(state)
    return out.getvalue()


def ask_everything(state, rng: random.Random) -> None:
    """Every question the referee, a match, a bot or a display asks of a state; the
    state's bytes are compared after each kind of call."""
    before = frozen(state)

    def unchanged(what: str) -> None:
        assert frozen(state) == before, f"{what} changed the state ({state!r})"

    d = FL.decision(state)
    unchanged("decision")
    FL.outcome(state), FL.state_hash(state), FL.invariants(state)
    unchanged("outcome, state_hash or invariants")
    for side in (*state.cfg.sides, None):
        FL.render(FL.view(state, side))
        unchanged(f"view({side})")
    for side in state.cfg.sides:
        FL.secrets(state, side), FL.time_limit(state, side)
        unchanged(f"secrets({side})")
        legal = list(FL.legal_moves(state, side))
        unchanged(f"legal_moves({side})")
        for move in rng.sample(legal, min(5, len(legal))) + ELSEWHERE:
            FL.check(state, side, move), game.check(FL, state, side, move)
            unchanged(f"check({side}, {move})")
        if d is not None and side in d.players:
            for move in rng.sample(legal, min(3, len(legal))):
                FL.apply(state, side, move)
                unchanged(f"apply({side}, {move})")


@pytest.mark.parametrize("options", [{}, {"deployment": "setup"}])
def test_no_call_changes_a_state_or_its_config(options):
    rng = random.Random(f"values {options}")
    for _ in range(2):
        state = FL.new_game(SCN, options)
        cfg_bytes = pickle.dumps(state.cfg)
        moves = changed = 0
        while True:
            ask_everything(state, rng)  # the first questions a new state is asked
            d = FL.decision(state)
            if d is None:
                break
            side = rng.choice(d.players)
            before = frozen(state)
            new, _ = FL.apply(state, side, rng.choice(list(FL.legal_moves(state, side))))
            moves += 1
            changed += frozen(new) != before  # the comparison tells states apart
            state = new
        assert pickle.dumps(state.cfg) == cfg_bytes, "play changed the Config"
        assert changed == moves


def sizes(value, seen: set, path: str = "cfg") -> dict[str, int]:
    """path -> length of every dict, list and set reachable from `value` (through
    containers and the ruleset's own objects; the scenario model is left out)."""
    if id(value) in seen or isinstance(value, (str, bytes, int, float)):
        return {}
    seen.add(id(value))
    out = {path: len(value)} if isinstance(value, (dict, list, set)) else {}
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(enumerate(value))
    elif type(value).__module__.startswith("toolkit.referee.rulesets"):
        slots = getattr(type(value), "__slots__", ())
        items = [(k, getattr(value, k)) for k in slots] or list(vars(value).items())
    else:
        items = []
    for key, item in items:
        out.update(sizes(item, seen, f"{path}.{key}"))
    return out


def test_a_config_holds_no_table_filled_during_play():
    """Every dict a Config holds is complete when it is built: playing a game adds nothing."""
    state = FL.new_game(SCN)
    cfg = state.cfg
    start = sizes(cfg, set())
    assert len(start) > 100  # the walk reaches the order tables
    rng = random.Random(3)
    while (d := FL.decision(state)) is not None:
        side = rng.choice(d.players)
        state, _ = game.play(FL, state, side, rng.choice(list(FL.legal_moves(state, side))))
    assert sizes(cfg, set()) == start
