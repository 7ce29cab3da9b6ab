"""Helpers for the Front Line tests: positions, moves by notation, dice."""

from __future__ import annotations

from pathlib import Path

import dsl
from toolkit.referee import game, registry
from toolkit.referee.chance import ChanceOutcome
from toolkit.referee.protocol import CHANCE
from toolkit.referee.rulesets.front_line.position import position  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
RULES = registry.get("front_line")
_LOADED: dict = {}


def scenario(name: str = "main"):
    if name not in _LOADED:
        _LOADED[name] = dsl.load(ROOT / "content" / "front_line" / f"{name}.scn")
    return _LOADED[name]


def move(state, side: str, text: str):
    """Play `text` for `side` through the core (decision, whose turn, check, apply)."""
    m = RULES.parse_move(text)
    state, _ = game.play(RULES, state, side, m)
    return state


def moves(state, *steps):
    """Play ("Red", "B2-B3") steps and dice (ints or tuples) in order."""
    for step in steps:
        if isinstance(step, (int, tuple)) and not (isinstance(step, tuple) and isinstance(step[0], str)):
            state = roll(state, *((step,) if isinstance(step, int) else step))
        else:
            state = move(state, *step)
    return state


def roll(state, *dice: int):
    state, _ = game.play(RULES, state, CHANCE, ChanceOutcome(tuple(dice)))
    return state


def legal(state, side: str) -> set[str]:
    return {str(m) for m in RULES.legal_moves(state, side)}


def why(state, side: str, text: str):
    return RULES.check(state, side, RULES.parse_move(text))


def at(state, square: str):
    return state.squares[state.cfg.index[square]]


def sq(state, name: str) -> int:
    return state.cfg.index[name]
