"""Effects: the primitives a ruleset supports, with typed parameters.

A card in a scenario says what it does with calls (`effect multiply(kind=troops,
by=2)`). The ruleset declares each primitive once, in a registry:

    EFFECTS = Effects("last_front")

    @EFFECTS.primitive(kind=CardField("kind"), by=Int(2, 10))
    def multiply(ctx, kind, by):
        "Multiply the value of your cards of one kind."
        ...

`frontkit check` compares every card's calls with the registry (`check`): an
unknown primitive or parameter, a missing one, or a value of the wrong type is
a positioned diagnostic with a "did you mean". At play, `apply(call, ctx)`
binds the call's arguments (defaults filled in) and runs the primitive; a
primitive's docstring is its sentence for players (`describe`), so no rule
syntax such as `[multiply(kind=troops, by=2)]` ever reaches a sheet.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dsl.errors import Diagnostic, suggest
from dsl.model import Call, Range, Scenario, format_value

REQUIRED = object()


# ----------------------------------------------------------------- types


class ParamType:
    """A parameter's type: `problem(value, scenario)` says what is wrong, or None."""

    what = "a value"

    def problem(self, value: Any, scenario: Scenario | None) -> str | None:
        return None

    def choices(self, scenario: Scenario | None) -> list[str]:
        return []


@dataclass(frozen=True)
class Int(ParamType):
    low: int | None = None
    high: int | None = None

    @property
    def what(self) -> str:
        if self.low is not None and self.high is not None:
            return f"a whole number from {self.low} to {self.high}"
        if self.low is not None:
            return f"a whole number of at least {self.low}"
        return "a whole number"

    def problem(self, value, scenario):
        if not isinstance(value, int) or isinstance(value, bool):
            return f"{format_value(value)} is not {self.what}"
        if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high):
            return f"{value} is not {self.what}"
        return None


@dataclass(frozen=True)
class Bool(ParamType):
    what = "true or false"

    def problem(self, value, scenario):
        return None if isinstance(value, bool) else f"{format_value(value)} is not true or false"


@dataclass(frozen=True)
class OneOf(ParamType):
    options: tuple[str, ...]

    @property
    def what(self) -> str:
        return "one of " + ", ".join(self.options)

    def problem(self, value, scenario):
        return None if value in self.options else f"{format_value(value)} is not {self.what}"

    def choices(self, scenario):
        return list(self.options)


@dataclass(frozen=True)
class SpanOf(ParamType):
    """A range such as `1-2` or `2+` (a range of positions, of dice)."""

    what = "a range such as 1-2 or 2+"

    def problem(self, value, scenario):
        return None if isinstance(value, (Range, int)) and not isinstance(value, bool) else \
            f"{format_value(value)} is not {self.what}"


@dataclass(frozen=True)
class NameIn(ParamType):
    """A name the scenario defines: a piece type, a deck, a card, a board zone, or a
    value some card field takes (`CardField("kind")`: troops, tanks, planes …)."""

    source: str  # pieces | decks | cards | zones | terrain | field:NAME
    also: tuple[str, ...] = ()  # words allowed besides the scenario's names

    @property
    def what(self) -> str:
        if self.source.startswith("field:"):
            return f"a card {self.source[6:]}"
        return {"pieces": "a piece type", "decks": "a deck", "cards": "a card",
                "zones": "a zone", "terrain": "a terrain"}.get(self.source, "a name")

    def choices(self, scenario):
        if scenario is None:
            return list(self.also)
        if self.source == "pieces":
            names = list(scenario.pieces)
        elif self.source == "decks":
            names = list(scenario.decks)
        elif self.source == "cards":
            names = [c.name for d in scenario.decks.values() for c in d.cards]
        elif self.source == "zones":
            names = [z.name for b in scenario.boards.values() for z in b.zones]
        elif self.source == "terrain":
            names = list(scenario.terrains)
        elif self.source.startswith("field:"):
            key = self.source[6:]
            names = [str(c.get(key)) for d in scenario.decks.values() for c in d.cards
                     if c.get(key) is not None]
        else:
            names = []
        return sorted(set(names) | set(self.also))

    def problem(self, value, scenario):
        if not isinstance(value, str):
            return f"{format_value(value)} is not {self.what}"
        if scenario is None:
            return None
        known = self.choices(scenario)
        return None if value in known else f"{value!r} is not {self.what} of this scenario"


@dataclass(frozen=True)
class ListOf(ParamType):
    """One value or a list of them, each of type `item` (`moves orthogonal, diagonal`;
    a supply card's `air [4, 4, 3, 3]`), at most `most` long."""

    item: ParamType
    most: int = 99

    @property
    def what(self) -> str:
        return f"{self.item.what}, or a list of them"

    def problem(self, value, scenario):
        values = value if isinstance(value, (tuple, list)) else (value,)
        if len(values) > self.most:
            return f"a list of {len(values)} values; at most {self.most}"
        for one in values:
            wrong = self.item.problem(one, scenario)
            if wrong:
                return wrong if len(values) == 1 else f"{wrong} (in {format_value(value)})"
        return None

    def choices(self, scenario):
        return self.item.choices(scenario)


def CardField(key: str, also: tuple[str, ...] = ()) -> NameIn:
    return NameIn(f"field:{key}", also)


PieceKind = NameIn("pieces")
DeckName = NameIn("decks")
CardName = NameIn("cards")


# ------------------------------------------------------------ primitives


@dataclass(frozen=True)
class Param:
    name: str
    type: ParamType
    default: Any = REQUIRED

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


@dataclass(frozen=True)
class Primitive:
    name: str
    params: tuple[Param, ...]
    run: Callable[..., Any]
    doc: str = ""

    def param(self, name: str) -> Param | None:
        for p in self.params:
            if p.name == name:
                return p
        return None


@dataclass(frozen=True)
class Bound:
    """A call checked against its primitive: every parameter with its value."""

    primitive: Primitive
    args: tuple[tuple[str, Any], ...]

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)

    def run(self, ctx: Any) -> Any:
        """Run the primitive with these arguments (needs no registry: it is bound)."""
        return self.primitive.run(ctx, **dict(self.args))


class EffectError(ValueError):
    """A call that does not fit the registry (caught at check; a bug if seen at play)."""


#: how many bound calls an Effects registry remembers before it starts again
BOUND = 4096


@dataclass
class Effects:
    """The effect primitives of one ruleset."""

    ruleset: str
    primitives: dict[str, Primitive] = field(default_factory=dict)
    #: calls bound so far (a call is a value: the same call binds the same way)
    _bound: dict = field(default_factory=dict, repr=False, compare=False)

    def primitive(self, name: str | None = None, **params: ParamType | tuple[ParamType, Any]):
        """Register the decorated function `run(ctx, **params)`. A parameter given as
        `(type, default)` is optional."""

        def register(run: Callable[..., Any]) -> Callable[..., Any]:
            declared = []
            for key, spec in params.items():
                if isinstance(spec, tuple):
                    declared.append(Param(key, spec[0], spec[1]))
                else:
                    declared.append(Param(key, spec))
            prim = Primitive(name or run.__name__, tuple(declared), run,
                             inspect.cleandoc(run.__doc__ or ""))
            if prim.name in self.primitives:
                raise ValueError(f"{self.ruleset}: effect {prim.name} registered twice")
            self.primitives[prim.name] = prim
            return run

        return register

    # ------------------------------------------------------------ checking

    def problems(self, call: Call, scenario: Scenario | None = None) -> list[tuple[str, str | None]]:
        """What is wrong with `call`: (message, hint) pairs, empty when it fits."""
        prim = self.primitives.get(call.name)
        if prim is None:
            return [(f"unknown effect {call.name!r} for the ruleset {self.ruleset}",
                     suggest(call.name, list(self.primitives)))]
        out: list[tuple[str, str | None]] = []
        given = set()
        for key, value in call.args:
            if key in given:
                out.append((f"effect {call.name}: {key} is given twice", None))
                continue
            given.add(key)
            param = prim.param(key)
            if param is None:
                out.append((f"effect {call.name} has no parameter {key!r}",
                            suggest(key, [p.name for p in prim.params])))
                continue
            problem = param.type.problem(value, scenario)
            if problem:
                out.append((f"effect {call.name}: {key}: {problem}",
                            suggest(str(value), param.type.choices(scenario))
                            if isinstance(value, str) else None))
        for p in prim.params:
            if p.required and p.name not in given:
                out.append((f"effect {call.name} needs {p.name} ({p.type.what})",
                            f"write {call.name}({', '.join(q.name + '=…' for q in prim.params if q.required)})"))
        return out

    def check(self, scenario: Scenario) -> list[Diagnostic]:
        """Every card effect of the scenario against the registry."""
        out = []
        for deck in scenario.decks.values():
            for card in deck.cards:
                for call in card.effects:
                    for message, hint in self.problems(call, scenario):
                        out.append(Diagnostic.at(call.pos if call.pos.line else card.pos,
                                                 f"card {card.name}: {message}", hint))
        return out

    def bind(self, call: Call) -> Bound:
        """`call` checked against its primitive, defaults filled in; remembered, so a
        card played again is not checked again (at most BOUND calls, then afresh)."""
        try:
            bound = self._bound.get(call)
        except TypeError:  # an argument that is not a value (a list): bind it each time
            return self._bind(call)
        if bound is None:
            bound = self._bind(call)
            if len(self._bound) >= BOUND:
                self._bound.clear()
            self._bound[call] = bound
        return bound

    def _bind(self, call: Call) -> Bound:
        problems = self.problems(call)
        if problems:
            raise EffectError(problems[0][0])
        prim = self.primitives[call.name]
        values = dict(call.args)
        return Bound(prim, tuple((p.name, values.get(p.name, p.default)) for p in prim.params))

    # ------------------------------------------------------------ playing

    def apply(self, call: Call | Bound, ctx: Any) -> Any:
        """Run the primitive of `call` with its arguments (defaults filled in)."""
        bound = call if isinstance(call, Bound) else self.bind(call)
        return bound.run(ctx)

    def describe(self, call: Call) -> str:
        """The primitive's sentence for players, its parameters filled in
        (`{by}` in the docstring's first line is the value of `by`)."""
        bound = self.bind(call)
        line = bound.primitive.doc.splitlines()[0] if bound.primitive.doc else call.name
        try:
            return line.format(**{k: format_value(v) for k, v in bound.args})
        except (KeyError, IndexError, ValueError):
            return line
