"""Chance: dice, draws, shuffles and random picks, answered by a chance source.

A ruleset never rolls a die itself. When the rules call for chance, its
`decision(state)` returns `Decision.roll(spec)` with one of the specs below;
a chance source answers with a `ChanceOutcome`, the core checks it against
the spec and hands it to `ruleset.apply(state, CHANCE, outcome)`. The outcome
goes into the record (`chance: 3 5`), so a replay needs no generator.

Specs (each knows how to sample, read, print and check its outcomes):

    Dice(2, 6)                       → ChanceOutcome((3, 5))        "3 5"
    Draw(("armor", "recon", …), 1)   → ChanceOutcome(("recon",))    "recon"
    Shuffle(("a", "b", "c"))         → ChanceOutcome(("c", "a", "b")) "c a b"
    Pick(("Red", "Blue"))            → ChanceOutcome(("Blue",))     "Blue"

Sources: `SeededChance(seed)` (digital play, simulation: the k-th outcome of
a game comes from its own generator seeded with (seed, k), so a resumed game
continues exactly as an unbroken one would) and `TableChance(ask)` (the players
type what they rolled or drew; impossible values are rejected with a reason
and asked again). Prefer a `Draw` at the moment a card is drawn over a
`Shuffle` up front: it keeps deck order out of the state and lets a table
type one card instead of a whole deck.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import Protocol

# ChanceOutcome and ChanceSpec live in protocol (Decision names them); read here too
from toolkit.referee.protocol import ChanceOutcome, ChanceSpec, Illegal, MoveSyntaxError

#: Largest outcome list `outcomes()` enumerates (more: None, sample instead).
ENUMERATION_LIMIT = 1296

RULE_NOTATION = "chance-notation"
RULE_IMPOSSIBLE = "chance-impossible"


def _words(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _with_label(label: str, what: str) -> str:
    return f"{what} for {label}" if label else what


def _miscounted(spec: Dice | Draw, outcome: object, what: str, joint: str,
                unit: str) -> Illegal | None:
    """An answer to `spec` (dice, a draw) that is no chance outcome (`what`: the decision,
    "a die roll"), or holds other than `spec.count` values (of `unit`, "face")."""
    if not isinstance(outcome, ChanceOutcome):
        return Illegal(RULE_IMPOSSIBLE, f"this decision is {what}")
    if len(outcome.values) != spec.count:
        return Illegal(RULE_IMPOSSIBLE, f"{spec.describe()}{joint} {spec.count} {unit}(s), "
                       f"not {len(outcome.values)}")
    return None


@dataclass(frozen=True, slots=True)
class Dice:
    """Roll `count` dice of `sides` faces (1..sides). Outcome: the faces in order."""

    count: int = 1
    sides: int = 6
    label: str = ""

    def describe(self) -> str:
        return _with_label(self.label, f"roll {self.count}d{self.sides}")

    def sample(self, rng: random.Random) -> ChanceOutcome:
        sides = self.sides
        return ChanceOutcome(tuple(rng.randint(1, sides) for _ in range(self.count)))

    def parse(self, text: str) -> ChanceOutcome:
        words = _words(text)
        if not all(w.isdigit() for w in words) or not words:
            raise MoveSyntaxError(
                RULE_NOTATION, f"type {self.count} die face(s) as numbers, e.g. "
                + " ".join(str(min(i + 3, self.sides)) for i in range(self.count)), text)
        return ChanceOutcome(tuple(int(w) for w in words))

    def check(self, outcome: object) -> Illegal | None:
        problem = _miscounted(self, outcome, "a die roll", " needs", "face")
        if problem is not None:
            return problem
        for v in outcome.values:
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= self.sides:
                return Illegal(RULE_IMPOSSIBLE, f"a d{self.sides} shows 1 to {self.sides}, "
                               f"not {v}")
        return None

    def outcomes(self) -> tuple[ChanceOutcome, ...] | None:
        if self.sides ** self.count > ENUMERATION_LIMIT:
            return None
        faces = range(1, self.sides + 1)
        return tuple(ChanceOutcome(t) for t in product(faces, repeat=self.count))


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw `count` cards without replacement from `pool` (a multiset of names)."""

    pool: tuple[str, ...]
    count: int = 1
    label: str = ""

    def describe(self) -> str:
        what = "draw a card" if self.count == 1 else f"draw {self.count} cards"
        return _with_label(self.label, what)

    def sample(self, rng: random.Random) -> ChanceOutcome:
        return ChanceOutcome(tuple(rng.sample(self.pool, self.count)))

    def parse(self, text: str) -> ChanceOutcome:
        words = _words(text)
        if not words:
            raise MoveSyntaxError(RULE_NOTATION, "type the name of each card drawn", text)
        return ChanceOutcome(tuple(words))

    def check(self, outcome: object) -> Illegal | None:
        problem = _miscounted(self, outcome, "a card draw", ":", "card")
        if problem is not None:
            return problem
        if self.count == 1 and outcome.values[0] in self.pool:  # the usual draw of one
            return None
        left = Counter(self.pool)
        for v in outcome.values:
            if left[v] <= 0:
                known = ", ".join(sorted(set(self.pool)))
                return Illegal(RULE_IMPOSSIBLE, f"no {v} is left to draw (left: {known})")
            left[v] -= 1
        return None

    def outcomes(self) -> tuple[ChanceOutcome, ...] | None:
        names = sorted(set(self.pool))
        if self.count != 1 or len(names) > ENUMERATION_LIMIT:
            return None
        return tuple(ChanceOutcome((n,)) for n in names)


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Put `items` in a random order. Outcome: every item once, top first."""

    items: tuple[str, ...]
    label: str = ""

    def describe(self) -> str:
        return _with_label(self.label, f"shuffle {len(self.items)} items")

    def sample(self, rng: random.Random) -> ChanceOutcome:
        order = list(self.items)
        rng.shuffle(order)
        return ChanceOutcome(tuple(order))

    def parse(self, text: str) -> ChanceOutcome:
        words = _words(text)
        if not words:
            raise MoveSyntaxError(RULE_NOTATION, "type the items in their new order, top first",
                                  text)
        return ChanceOutcome(tuple(words))

    def check(self, outcome: object) -> Illegal | None:
        if not isinstance(outcome, ChanceOutcome):
            return Illegal(RULE_IMPOSSIBLE, "this decision is a shuffle")
        if Counter(outcome.values) != Counter(self.items):
            return Illegal(RULE_IMPOSSIBLE, "a shuffle holds every item exactly once")
        return None

    def outcomes(self) -> tuple[ChanceOutcome, ...] | None:
        return None


@dataclass(frozen=True, slots=True)
class Pick:
    """One of `options`, each equally likely (who starts, a random territory)."""

    options: tuple[str, ...]
    label: str = ""

    def describe(self) -> str:
        return _with_label(self.label, "pick one of " + ", ".join(self.options))

    def sample(self, rng: random.Random) -> ChanceOutcome:
        return ChanceOutcome((rng.choice(self.options),))

    def parse(self, text: str) -> ChanceOutcome:
        words = _words(text)
        if len(words) != 1:
            raise MoveSyntaxError(RULE_NOTATION, "type one of " + ", ".join(self.options), text)
        return ChanceOutcome((words[0],))

    def check(self, outcome: object) -> Illegal | None:
        if not isinstance(outcome, ChanceOutcome) or len(outcome.values) != 1:
            return Illegal(RULE_IMPOSSIBLE, "this decision picks one option")
        if outcome.values[0] not in self.options:
            return Illegal(RULE_IMPOSSIBLE, f"{outcome.values[0]} is not one of "
                           + ", ".join(self.options))
        return None

    def outcomes(self) -> tuple[ChanceOutcome, ...] | None:
        return tuple(ChanceOutcome((o,)) for o in self.options)


# ------------------------------------------------------------------ sources


class ChanceSource(Protocol):
    def answer(self, spec: ChanceSpec) -> ChanceOutcome: ...


class SeededChance:
    """Outcomes from a seed. The k-th outcome uses its own generator seeded with
    `"{seed}/{k}"`, so `SeededChance(seed, start=k)` continues a resumed game
    exactly as the unbroken game would have gone on."""

    def __init__(self, seed: int | str, start: int = 0):
        self.seed = seed
        self.count = start

    def answer(self, spec: ChanceSpec) -> ChanceOutcome:
        rng = random.Random(f"{self.seed}/{self.count}")
        self.count += 1
        return spec.sample(rng)


class RngChance:
    """Outcomes from one generator (fast; for bot playouts)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def answer(self, spec: ChanceSpec) -> ChanceOutcome:
        return spec.sample(self.rng)


class TableChance:
    """The players type what they rolled or drew. `ask(prompt)` returns a line or
    None at end of input (then EOFError); `tell(message)` reports a rejection."""

    def __init__(self, ask: Callable[[str], str | None], tell: Callable[[str], None]):
        self.ask = ask
        self.tell = tell

    def answer(self, spec: ChanceSpec) -> ChanceOutcome:
        while True:
            line = self.ask(f"{spec.describe()}: ")
            if line is None:
                raise EOFError("no chance outcome typed")
            try:
                outcome = spec.parse(line.strip())
            except MoveSyntaxError as err:
                self.tell(str(err))
                continue
            illegal = spec.check(outcome)
            if illegal is None:
                return outcome
            self.tell(str(illegal))
