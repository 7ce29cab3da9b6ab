"""Stacking (FL-stack-1, FL-stack-2): which of your units may share a square.

`stack_problem` is the rule; `joinable` caches its answers per group of types
(a square's own units), which is what planning and enumeration ask most.
"""

from __future__ import annotations

from toolkit.referee.protocol import Illegal
from toolkit.referee.rulesets.front_lines.config import Config


def stack_problem(cfg: Config, kinds_here: tuple[str, ...] | list[str], kind: str) -> Illegal | None:
    """Can a unit of `kind` join own units of `kinds_here` on one square?"""
    if not kinds_here:
        return None
    role = cfg.role[kind]
    if role != "combat":
        return Illegal("FL-stack-2", f"a {kind} must stand alone on its square")
    for other in kinds_here:
        if cfg.role[other] != "combat":
            return Illegal("FL-stack-2", f"a {other} must stand alone on its square")
    if len(kinds_here) >= 2:
        return Illegal("FL-stack-1", "at most two combat units may share a square")
    if kinds_here[0] == kind:
        return Illegal("FL-stack-1", f"two {kind} units may not share a square")
    return None


def joinable(cfg: Config, kinds_here: tuple[str, ...]) -> frozenset[str]:
    """The types that may join own units of `kinds_here` on one square."""
    got = cfg.join_cache.get(kinds_here)
    if got is None:
        got = cfg.join_cache[kinds_here] = frozenset(
            k for k in cfg.pieces if stack_problem(cfg, kinds_here, k) is None)
    return got
