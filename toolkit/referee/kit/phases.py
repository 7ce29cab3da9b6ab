"""Turn structure as data: the phases of a game and who acts in each.

A ruleset declares its turn as a tuple of `Phase` values; the kit
(`toolkit.referee.kit.rules.KitRules`) derives `decision()` from them and
routes every move to the phase's handler. A phase says *who* acts:

    SIDE       one side (the phase's `actor`, or the side whose turn it is)
    TURNS      sides one after another, clockwise from the start player
    TOGETHER   all sides at once, in secret (ORDERS); revealed together
    REACT      the other sides in priority order may react (PASS always legal)
    CHANCE     a die roll, a draw or a pick (answered by a chance source)
    AUTO       nobody: bookkeeping the handler does on entering the phase

and *how long* it lasts (`until`):

    ONCE       each acting side acts once (SIDE: one turn; TURNS: a turn each)
    ALL_PASS   TURNS repeated until every side has passed (a side that
               passes is out for the rest of the phase)
    HANDLER    until the handler's `done(state)` says so

A turn-sequence table in the scenario gives each phase its words for players:

    table turn_sequence {
      deploy   [together, "Everything in the delivery queue moves one space."]
      execute  [in_turn,  "Reveal order cards one at a time, in turn."]
    }

One entry per phase, in the ruleset's order, each `[how, "words"]` with `how`
one of `WORDS` below. `frontkit check` compares the table with the ruleset's
phases (`check_sequence`), so the reference sheet prints exactly the sequence
the referee follows.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dsl.errors import Diagnostic, suggest
from dsl.model import Scenario


class Acting(str, enum.Enum):
    SIDE = "one_side"
    TURNS = "in_turn"
    TOGETHER = "together"
    REACT = "react"
    CHANCE = "chance"
    AUTO = "automatic"


SIDE, TURNS, TOGETHER, REACT, CHANCE, AUTO = (
    Acting.SIDE, Acting.TURNS, Acting.TOGETHER, Acting.REACT, Acting.CHANCE, Acting.AUTO)

#: How the turn-sequence table spells each way of acting (also what sheets print).
WORDS: Mapping[str, Acting] = {a.value: a for a in Acting}


class Until(str, enum.Enum):
    ONCE = "once"
    ALL_PASS = "all_pass"
    HANDLER = "handler"


ONCE, ALL_PASS, HANDLER = Until.ONCE, Until.ALL_PASS, Until.HANDLER

#: The name of the scenario table that writes the turn sequence for players.
SEQUENCE_TABLE = "turn_sequence"


@dataclass(frozen=True)
class Phase:
    """One phase of the turn.

    `name`: the key of its entry in the turn-sequence table.
    `acting`, `until`: who acts and for how long (module docstring).
    `handler`: the object that knows this phase's moves (`kit.rules.Handler`).
    `next`: the name of the phase after this one, a function `state -> name`,
        or None for "the next phase in the declared order" (after the last one,
        the first again, one round later).
    `prompt`: a short phrase for people; the table's words are shown with it.
    """

    name: str
    acting: Acting
    handler: Any
    until: Until = ONCE
    next: str | Callable[[Any], str] | None = None
    prompt: str = ""

    def __post_init__(self) -> None:
        if self.until is ALL_PASS and self.acting is not TURNS:
            raise ValueError(f"phase {self.name}: 'until all pass' is for sides in turn")


@dataclass(frozen=True)
class Window:
    """A decision opened in the middle of a phase: a reaction window, a die roll
    for an attack, the defender's choice after a rout.

    `name` finds its handler in the ruleset's `windows`; `acting` is SIDE
    (one side's move), REACT (sides in priority order, PASS legal), or CHANCE
    (`spec` is the chance spec). `data` holds what the handler needs later
    (plain values: the attacker, the target square).
    """

    name: str
    acting: Acting
    players: tuple[str, ...] = ()
    prompt: str = ""
    spec: Any = None
    data: tuple = ()

    def __post_init__(self) -> None:
        if self.acting not in (SIDE, REACT, CHANCE):
            raise ValueError(f"window {self.name}: a window is one side, a reaction or chance")
        if self.acting is CHANCE and (self.spec is None or self.players):
            raise ValueError(f"window {self.name}: a chance window has a spec and no players")
        if self.acting is SIDE and len(self.players) != 1:
            raise ValueError(f"window {self.name}: one side acts in a move window")
        if self.acting is REACT and not self.players:
            raise ValueError(f"window {self.name}: a reaction window names who may react")

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Step:
    """One entry of the turn-sequence table as players read it."""

    phase: str
    acting: Acting
    words: str

    @property
    def title(self) -> str:
        return self.phase.replace("_", " ").capitalize()

    def __str__(self) -> str:
        how = self.acting.value.replace("_", " ")
        return f"{self.title} ({how}): {self.words}"


@dataclass(frozen=True)
class Sequence:
    """The steps of a scenario's turn-sequence table, in order."""

    steps: tuple[Step, ...] = field(default=())


def read_sequence(scenario: Scenario) -> Sequence:
    """The turn-sequence table as steps (entries that do not read are left out;
    `check_sequence` reports them)."""
    table = scenario.tables.get(SEQUENCE_TABLE) if scenario.tables else None
    if table is None:
        return Sequence()
    steps = []
    for name, value in table.fields.items():
        if (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)
                and value[0] in WORDS and isinstance(value[1], str)):
            steps.append(Step(name, WORDS[value[0]], value[1]))
    return Sequence(tuple(steps))


def check_sequence(scenario: Scenario, phases: tuple[Phase, ...]) -> list[Diagnostic]:
    """The scenario's turn-sequence table against the ruleset's phases: one entry
    per phase, in order, each saying who acts as the referee does."""
    table = scenario.tables.get(SEQUENCE_TABLE) if scenario.tables else None
    names = [p.name for p in phases]
    if table is None:
        return [Diagnostic.at(scenario.pos, f"the ruleset {scenario.ruleset} needs a table "
                              f"{SEQUENCE_TABLE} with one entry per phase: "
                              + ", ".join(names),
                              hint=f"e.g. {names[0]} [{phases[0].acting.value}, \"what "
                              "players do\"]")]
    out: list[Diagnostic] = []
    by_name = {p.name: p for p in phases}
    written: list[str] = []
    for entry in table.fields.entries:
        pos = entry.pos
        if entry.name not in by_name:
            out.append(Diagnostic.at(pos, f"{SEQUENCE_TABLE}: the ruleset has no phase "
                                     f"{entry.name!r}",
                                     hint=suggest(entry.name, names)
                                     or "its phases are " + ", ".join(names)))
            continue
        written.append(entry.name)
        value = entry.value
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], str)
                and isinstance(value[0], str)):
            out.append(Diagnostic.at(pos, f"{SEQUENCE_TABLE}: {entry.name} is written "
                                     "[how, \"words\"]",
                                     hint=f"how is one of {', '.join(WORDS)}"))
            continue
        how = value[0]
        if how not in WORDS:
            out.append(Diagnostic.at(pos, f"{SEQUENCE_TABLE}: {entry.name}: unknown way of "
                                     f"acting {how!r}",
                                     hint=suggest(how, list(WORDS))
                                     or f"one of {', '.join(WORDS)}"))
        elif WORDS[how] is not by_name[entry.name].acting:
            out.append(Diagnostic.at(pos, f"{SEQUENCE_TABLE}: in phase {entry.name} the "
                                     f"referee has {by_name[entry.name].acting.value} act, "
                                     f"not {how}",
                                     hint=f"write {entry.name} "
                                     f"[{by_name[entry.name].acting.value}, \"…\"]"))
    missing = [n for n in names if n not in written]
    if missing:
        out.append(Diagnostic.at(table.pos, f"{SEQUENCE_TABLE} leaves out the phase(s) "
                                 + ", ".join(missing),
                                 hint="the sheet must print every phase the referee plays"))
    elif written != names:
        out.append(Diagnostic.at(table.pos, f"{SEQUENCE_TABLE} lists the phases out of "
                                 "order", hint="the referee plays " + ", ".join(names)))
    return out
