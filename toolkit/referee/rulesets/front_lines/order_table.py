"""Every order a scenario can produce, made once when its Config is built.

Enumeration (`orders.legal_orders`) runs for every decision, and most of its
work was making order values and filtering lists of them square by square.
Here each list of orders onto squares is a `Targets`: the orders in
enumeration order and the set of their squares as a bitmask (bit `sq`), so
"is any of them blocked" is one `&` on ints.

Everything here is fixed once built: nothing is filled in during play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from toolkit.referee.rulesets.front_lines.notation import DEPLOY, MOVE, SKILL, SKILL_WORDS, SPAWN, Order


class ScenarioConfig(Protocol):
    """What the order table reads of a scenario's Config (config.py, which builds the
    table and so is not imported): square names, piece letters, steps and zones."""

    names: tuple[str, ...]
    pieces: Mapping[str, Any]
    letter: Mapping[str, str]
    steps: tuple[dict[int, tuple[tuple[tuple[int, int], ...], ...]], ...]
    deploy_list: tuple[tuple[int, ...], ...]
    spawn_list: tuple[tuple[int, ...], ...]
    skill_list: tuple[tuple[int, ...], ...]


class Targets:
    """Orders onto a list of squares, in enumeration order."""

    __slots__ = ("pairs", "orders", "mask", "cuts", "place")
    SHORT = 8  # lists up to this long (a unit's moves, not a zone's squares) get `cuts`

    def __init__(self, pairs):
        self.pairs = tuple(pairs)
        self.orders = tuple(o for _, o in self.pairs)
        mask = 0
        for sq, _ in self.pairs:
            mask |= 1 << sq
        self.mask = mask
        # one square's bit -> the list without that square: the pattern met most (a
        # unit with one destination full), made now rather than in every enumeration
        self.cuts: dict[int, tuple] = {}
        if len(self.pairs) <= self.SHORT:
            for gone, _ in self.pairs:
                self.cuts[1 << gone] = tuple(o for sq, o in self.pairs if sq != gone)
        self.place = {sq: i for i, (sq, _) in enumerate(self.pairs)}  # square -> index

    def minus(self, blocked: int) -> tuple | list:
        """The orders whose square is not in the bitmask `blocked`."""
        m = blocked & self.mask
        if not m:
            return self.orders
        got = self.cuts.get(m)
        if got is not None:
            return got
        if len(self.pairs) <= self.SHORT:
            return [o for sq, o in self.pairs if not m >> sq & 1]
        # a long list (a zone) with a few squares blocked: drop those, one bit at a time
        place = self.place
        drop = []
        while m:
            low = m & -m
            drop.append(place[low.bit_length() - 1])
            m ^= low
        out = list(self.orders)
        for i in sorted(drop, reverse=True):
            del out[i]
        return out


class OrderTable:
    """The order values of one scenario, by side, piece type and square."""

    def __init__(self, cfg: ScenarioConfig):
        n = cfg.names
        squares = range(len(n))
        spawns = {(k, s): Order(SPAWN, cfg.letter[k], "", n[s]) for k in cfg.pieces for s in squares}
        deploys = {(k, s): Order(DEPLOY, cfg.letter[k], "", n[s]) for k in cfg.pieces for s in squares}
        skills = {(w, s): Order(SKILL, w, "", n[s]) for w in SKILL_WORDS for s in squares}
        # moves[side][kind][src] = ((dst, way, order), ...); targets[side][kind][src]:
        # the same orders as Targets (the common case: only stacking can stop them)
        self.moves = tuple(
            {k: tuple(tuple((d, way, Order(MOVE, cfg.letter[k], n[src], n[d]))
                            for d, way in cfg.steps[side][p.moves][src])
                      for src in squares)
             for k, p in cfg.pieces.items()}
            for side in (0, 1))
        self.targets = tuple({k: tuple(Targets((d, o) for d, _, o in entries)
                                       for entries in per_src)
                              for k, per_src in self.moves[side].items()}
                             for side in (0, 1))
        # per side, the Targets of each deployment, spawn and skill list
        self.deploy_lists = tuple({k: Targets((sq, deploys[k, sq]) for sq in cfg.deploy_list[s])
                                   for k in cfg.pieces} for s in (0, 1))
        self.spawn_lists = tuple({k: Targets((sq, spawns[k, sq]) for sq in cfg.spawn_list[s])
                                  for k in cfg.pieces} for s in (0, 1))
        self.skill_lists = tuple({w: Targets((sq, skills[w, sq]) for sq in cfg.skill_list[s])
                                  for w in SKILL_WORDS} for s in (0, 1))
        self.kinds = tuple(cfg.pieces)
