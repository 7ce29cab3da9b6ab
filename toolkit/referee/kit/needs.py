"""What a ruleset needs of a scenario, declared as data and checked at `check`.

    NEEDS = Needs(
        sides=(2, 2),
        decks=("supply",),
        zones=("country_Red", "country_Green"),
        options={"rounds": Int(1, 12)},
        piece_fields={"range": Int(1, 3), "moves": Int(1, 2)},
        pieces=("infantry", "tank", "artillery"),
        one_piece_per_space=True,
    )
    NEEDS.check(scenario, phases=PHASES, effects=EFFECTS) -> [Diagnostic, …]

Every problem is a positioned diagnostic (file:line:col, caret, hint) at the
place the designer wrote the thing, or at the scenario's `ruleset` line when
something is missing, so a scenario that checks clean can be played.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dsl.errors import Diagnostic, suggest
from dsl.fields import PIECE_PRESS_FIELDS, SETUP_FIELDS, value_pos
from dsl.model import Fields, Pos, Scenario

from toolkit.referee.kit.effects import Effects, ParamType
from toolkit.referee.kit.phases import Phase, check_sequence
from toolkit.referee.players import player_range


@dataclass(frozen=True)
class Needs:
    sides: tuple[int, int] = (2, 2)  # fewest and most sides
    boards: int = 0  # boards it needs at least
    board_kinds: tuple[str, ...] = ()  # kinds allowed for the first board (empty: any)
    decks: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()  # zone names on the first board; {side} is each side
    tables: tuple[str, ...] = ()  # tables that must exist (their shape: a ruleset check)
    pieces: tuple[str, ...] = ()  # piece types that must be defined
    piece_fields: Mapping[str, ParamType] = field(default_factory=dict)
    required_piece_fields: tuple[str, ...] = ()
    #: deck name (or ANY_DECK: every deck not named) → the card fields the ruleset reads
    card_fields: Mapping[str, Mapping[str, ParamType]] = field(default_factory=dict)
    #: deck name (or ANY_DECK) → the card fields every card of it must have
    required_card_fields: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the fields of a side's setup the ruleset reads (a misspelt one is an error)
    setup_fields: Mapping[str, ParamType] = field(default_factory=dict)
    options: Mapping[str, ParamType] = field(default_factory=dict)
    one_piece_per_space: bool = False
    setups: bool = False  # every side needs a setup

    # -------------------------------------------------------------- check

    def check(self, scenario: Scenario, phases: tuple[Phase, ...] = (),
              effects: Effects | None = None) -> list[Diagnostic]:
        at = ruleset_pos(scenario)
        out: list[Diagnostic] = []
        out += self._sides(scenario, at)
        out += self._boards(scenario, at)
        for name in self.decks:
            if name not in scenario.decks:
                out.append(Diagnostic.at(at, f"the ruleset {scenario.ruleset} needs a deck "
                                         f"{name}", hint=suggest(name, list(scenario.decks))))
        for name in self.tables:
            if name not in scenario.tables:
                out.append(Diagnostic.at(at, f"the ruleset {scenario.ruleset} needs a table "
                                         f"{name}", hint=suggest(name, list(scenario.tables))))
        for name in self.pieces:
            if name not in scenario.pieces:
                out.append(Diagnostic.at(at, f"the ruleset {scenario.ruleset} needs a piece "
                                         f"type {name}",
                                         hint=suggest(name, list(scenario.pieces))))
        out += self._piece_fields(scenario)
        out += self._card_fields(scenario)
        out += self._setup_fields(scenario)
        out += self._options(scenario)
        out += self._placements(scenario)
        if phases:
            out += check_sequence(scenario, phases)
        if effects is not None:
            out += effects.check(scenario)
        return out

    def _sides(self, scenario: Scenario, at: Pos) -> list[Diagnostic]:
        low, high = self.sides
        n = len(scenario.sides)
        where = scenario.fields.pos("sides") if "sides" in scenario.fields else at
        want = str(low) if low == high else f"{low} to {high}"
        if low <= n <= high:
            out = self._players(scenario, want)
        else:
            out = [Diagnostic.at(where, f"the ruleset {scenario.ruleset} is for {want} "
                                 f"sides, not {n}")]
        if self.setups:
            for side in scenario.sides:
                if side not in scenario.setups:
                    out.append(Diagnostic.at(where, f"side {side} has no setup",
                                             hint=f"add `setup {side} {{ … }}`"))
        return out

    def _players(self, scenario: Scenario, want: str) -> list[Diagnostic]:
        """Every count `players` allows plays that many of the first sides: each count
        must be one the ruleset plays (the language holds `players` to the sides listed)."""
        if "players" not in scenario.fields:
            return []
        fewest, most = player_range(scenario)
        low, high = self.sides
        bad = [n for n in (fewest, most) if not low <= n <= high]
        if fewest > most or not bad:
            return []
        written = next(f for f in scenario.fields.entries if f.name == "players")
        return [Diagnostic.at(value_pos(written),
                              f"players {scenario.fields['players']}: the ruleset "
                              f"{scenario.ruleset} is for {want} players, not {bad[0]}",
                              hint=f"write `players {want.replace(' to ', '-')}`")]

    def _boards(self, scenario: Scenario, at: Pos) -> list[Diagnostic]:
        out = []
        if len(scenario.boards) < self.boards:
            out.append(Diagnostic.at(at, f"the ruleset {scenario.ruleset} needs "
                                     f"{self.boards} board(s)"))
            return out
        if not scenario.boards:
            return out
        board = scenario.board
        if self.board_kinds and board.kind not in self.board_kinds:
            out.append(Diagnostic.at(board.pos, f"the ruleset {scenario.ruleset} plays on a "
                                     f"{' or '.join(self.board_kinds)} board, not a "
                                     f"{board.kind}"))
        names = [z.name for z in board.zones]
        for pattern in self.zones:
            for name in (dict.fromkeys(pattern.format(side=s) for s in scenario.sides)
                         if "{side}" in pattern else (pattern,)):  # in side order, every run
                if name not in names:
                    out.append(Diagnostic.at(board.pos, f"the ruleset {scenario.ruleset} "
                                             f"needs a zone {name} on board {board.name}",
                                             hint=suggest(name, names)))
        return out

    def _piece_fields(self, scenario: Scenario) -> list[Diagnostic]:
        out = []
        for piece in scenario.pieces.values():
            out += fields_read(scenario, f"piece {piece.name}", piece.fields, piece.pos,
                               self.piece_fields, self.required_piece_fields,
                               others=PIECE_PRESS_FIELDS)
        return out

    def _card_fields(self, scenario: Scenario) -> list[Diagnostic]:
        out = []
        for deck in scenario.decks.values():
            key = deck.name if deck.name in self.card_fields else ANY_DECK
            schema = self.card_fields.get(key)
            if schema is None:
                continue
            required = self.required_card_fields.get(key, ())
            for card in deck.cards:
                out += fields_read(scenario, f"card {card.name}", card.fields, card.pos, schema,
                                   required, unknown_severity=None)
        return out

    def _setup_fields(self, scenario: Scenario) -> list[Diagnostic]:
        if not self.setup_fields:
            return []
        return [d for setup in scenario.setups.values()
                for d in fields_read(scenario, f"setup {setup.side}", setup.fields, setup.pos,
                                     self.setup_fields, others=SETUP_FIELDS, unknown_severity=None)]

    def option_problem(self, name: str, value: Any, scenario: Scenario) -> str | None:
        """What is wrong with option `name` set to `value` (in the scenario, or over it:
        `balance --vary`, a record's `options:` line), or None."""
        spec = self.options.get(name)
        if spec is None:
            return f"the ruleset {scenario.ruleset} has no option {name!r}"
        problem = spec.problem(value, scenario)
        return f"option {name}: {problem}" if problem else None

    def _options(self, scenario: Scenario) -> list[Diagnostic]:
        out = []
        for entry in scenario.options.entries:
            spec = self.options.get(entry.name)
            if spec is None and (isinstance(entry.value, Mapping) or entry.name == "sheet"):
                continue  # blocks for the press (sheet { … })
            problem = self.option_problem(entry.name, entry.value, scenario)
            if problem is None:
                continue
            if spec is None:
                hint = (suggest(entry.name, list(self.options))
                        or "its options are " + ", ".join(self.options)
                        if self.options else None)
            else:
                hint = (suggest(str(entry.value), spec.choices(scenario))
                        if isinstance(entry.value, str) else None)
            out.append(Diagnostic.at(entry.pos, problem, hint=hint))
        return out

    def _placements(self, scenario: Scenario) -> list[Diagnostic]:
        if not self.one_piece_per_space:
            return []
        out = []
        seen: dict[tuple[str | None, str], tuple[str, Pos]] = {}
        for setup in scenario.setups.values():
            for p in setup.placements:
                key = (p.board, p.space)
                if p.count > 1:
                    out.append(Diagnostic.at(p.pos, f"{p.count} pieces on {p.space}: one "
                                             f"piece per space in {scenario.ruleset}"))
                if key in seen:
                    first_side, first_pos = seen[key]
                    out.append(Diagnostic.at(p.pos, f"{p.space} already holds {first_side}'s "
                                             f"piece (line {first_pos.line}); one piece per "
                                             "space"))
                else:
                    seen[key] = (setup.side, p.pos)
        return out


ANY_DECK = "*"


def fields_read(scenario: Scenario, what: str, fields: Fields, pos: Pos,
                schema: Mapping[str, ParamType], required: tuple[str, ...] = (),
                others: Mapping[str, Any] = {}, unknown_severity: str | None = "warning",
                ) -> list[Diagnostic]:
    """A piece's or card's fields held to the fields the ruleset reads (`schema`): a value
    of the wrong type or out of bounds, a required field left out, and a field spelt like one
    the ruleset reads that the block lacks (`helth` for `health`) are errors where they were
    written. Another field (one the press or a layout reads, in `others` or not) is a
    warning of `unknown_severity` (None: not reported)."""
    out: list[Diagnostic] = []
    misspelt: set[str] = set()
    for entry in fields.entries:
        spec = schema.get(entry.name)
        if spec is not None:
            out += _field_value(scenario, what, entry, spec)
            continue
        if entry.name in others or not schema:
            continue
        meant = [n for n in difflib.get_close_matches(entry.name, list(schema), n=3, cutoff=0.7)
                 if n not in fields]
        if meant:
            misspelt.add(meant[0])
            out.append(Diagnostic.at(entry.pos, f"{what}: the ruleset {scenario.ruleset} reads "
                                     f"no field {entry.name!r}", hint=f"did you mean '{meant[0]}'?"))
        elif unknown_severity is not None:
            out.append(Diagnostic.at(entry.pos, f"{what}: the ruleset {scenario.ruleset} reads "
                                     f"no field {entry.name!r}", hint=suggest(entry.name, list(schema)),
                                     severity=unknown_severity))
    for name in required:
        if name not in fields and name not in misspelt:
            kind = f" ({schema[name].what})" if name in schema else ""
            out.append(Diagnostic.at(pos, f"{what} needs a field {name}{kind}"))
    return out


def _field_value(scenario: Scenario, what: str, entry, spec: ParamType) -> list[Diagnostic]:
    problem = spec.problem(entry.value, scenario)
    if not problem:
        return []
    values = entry.value if isinstance(entry.value, tuple) else (entry.value,)
    wrong = next((v for v in values if isinstance(v, str) and v not in spec.choices(scenario)), None)
    hint = suggest(wrong, spec.choices(scenario)) if wrong is not None and spec.choices(scenario) else None
    return [Diagnostic.at(entry.pos, f"{what}: {entry.name}: {problem}", hint=hint)]


def ruleset_pos(scenario: Scenario) -> Pos:
    """Where the scenario names its ruleset (`ruleset front_lines`), else its start: where a
    diagnostic about something the ruleset misses points."""
    return scenario.fields.pos("ruleset") if "ruleset" in scenario.fields else scenario.pos
