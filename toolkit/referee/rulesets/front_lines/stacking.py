"""Stacking (FL-stack-1, FL-stack-2): which of your units may share a square.

`stack_problem` is the rule. `join_table` answers it in advance, when a
scenario's Config is built, for every group a square can hold (none, one or
two units of any types): planning and enumeration ask `joinable` on every
order, and it only reads that table.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any, Protocol

from toolkit.referee.kit.titles import a
from toolkit.referee.protocol import Illegal


class ScenarioConfig(Protocol):
    """What stacking reads of a scenario's Config (config.py, which builds its tables
    here and so is not imported): each piece type's role, and the tables built."""

    pieces: Mapping[str, Any]
    role: Mapping[str, str]
    room_for: Mapping[tuple[str, ...], frozenset[str]]
    refused: Mapping[frozenset[str], tuple[str, ...]]


def stack_problem(cfg: ScenarioConfig, kinds_here: tuple[str, ...] | list[str], kind: str) -> Illegal | None:
    """Can a unit of `kind` join own units of `kinds_here` on one square?"""
    if not kinds_here:
        return None
    role = cfg.role[kind]
    if role != "combat":
        return Illegal("FL-stack-2", f"{a(kind)} must stand alone on its square")
    for other in kinds_here:
        if cfg.role[other] != "combat":
            return Illegal("FL-stack-2", f"{a(other)} must stand alone on its square")
    if len(kinds_here) >= 2:
        return Illegal("FL-stack-1", "at most two combat units may share a square")
    if kinds_here[0] == kind:
        return Illegal("FL-stack-1", f"two {kind} units may not share a square")
    return None


def join_table(cfg: ScenarioConfig) -> dict[tuple[str, ...], frozenset[str]]:
    """Group of types on a square (in the order they came) -> the types that may join it.
    Pairs the rules forbid are in it too: a hand-built position may hold one."""
    kinds = tuple(cfg.pieces)
    groups = [(), *((k,) for k in kinds), *product(kinds, repeat=2)]
    return {g: frozenset(k for k in kinds if stack_problem(cfg, g, k) is None) for g in groups}


def joinable(cfg: ScenarioConfig, kinds_here: tuple[str, ...]) -> frozenset[str]:
    """The types that may join own units of `kinds_here` on one square."""
    got = cfg.room_for.get(kinds_here)
    if got is None:  # three or more on a square: only a broken position has that
        got = frozenset(k for k in cfg.pieces if stack_problem(cfg, kinds_here, k) is None)
    return got


def blocked_masks(cfg: ScenarioConfig, room: dict[int, frozenset[str]]) -> dict[str, int]:
    """type -> bitmask (bit `sq`) of the squares that cannot take one more own unit of
    that type, from a plan's `room` (occupied square -> the types that may join)."""
    groups: dict[frozenset[str], int] = {}
    for sq, r in room.items():
        groups[r] = groups.get(r, 0) | 1 << sq
    masks = dict.fromkeys(cfg.pieces, 0)
    refused = cfg.refused
    for r, m in groups.items():
        for k in refused[r]:
            masks[k] |= m
    return masks
