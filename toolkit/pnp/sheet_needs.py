"""The fields a reference sheet reads, declared in its template and held to every block.

A sheet template says, in a comment, every field it reads of a scenario's blocks, with
the field's type and bounds, so `frontkit check` can hold the scenario to them: a
misspelt field is an error where it was written ("did you mean"), a value of the wrong
type or out of bounds an error at the value, and a field read with no default a
required one. One declaration a kind of block:

    {# reads deck characters: cost (whole 0-99, required), range (range, required), text (text) #}
    {# reads deck *: interrupt (flag) #}        every card of every deck
    {# reads pieces: moves (whole 1-20), beats (name) #}
    {# reads options: actions_per_turn (whole 1-100), sideways (name free|backward|forbidden) #}

The kinds: `deck NAME` and `deck *` (cards), `decks` (a deck's own fields), `pieces`,
`options`, `setups`, `terrain`, `spaces`, `table NAME`, `scenario`. A type is one of
`dsl.fields.TYPES`, then an item type for a list (`list whole`), bounds (`0-99`, `1+`),
choices (`up|down`) and `required`. The press never names a game: the declarations live
with the templates, and `sheet_problems(scenario)` reads those of the template
`frontkit build` would use for the scenario's ruleset and of every template it includes
or extends.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import jinja2
from jinja2 import meta

from dsl.errors import Diagnostic
from dsl.fields import (PIECE_PRESS_FIELDS, SETUP_FIELDS, TERRAIN_FIELDS, TYPES, FieldSpec,
                        check_value)

from toolkit.pnp.sheets import PRESS_DECK_FIELDS, TEMPLATES, template_name

DECLARATION = re.compile(r"\{#-?\s*reads\s+(deck\s+[\w*]+|table\s+\w+|\w+):\s*(.*?)\s*-?#\}", re.S)
_ENTRY = re.compile(r"(\w+)\s*(?:\(([^)]*)\))?")
_BOUNDS = re.compile(r"(-?\d+(?:\.\d+)?)(?:-(-?\d+(?:\.\d+)?)|(\+))")
KINDS = ("decks", "pieces", "options", "setups", "terrain", "spaces", "scenario")
#: the fields other readers of a block know (the press, the language): never a misspelling
_OTHERS: dict[str, Collection[str]] = {
    "pieces": PIECE_PRESS_FIELDS, "terrain": TERRAIN_FIELDS, "setups": SETUP_FIELDS,
    "decks": PRESS_DECK_FIELDS | {"title"}, "cards": ("title", "text"),
}


@dataclass(frozen=True)
class Read:
    """One field a sheet reads: its type and bounds, and whether every block needs it."""

    spec: FieldSpec
    required: bool = False


class DeclarationError(ValueError):
    """A template's declaration the press cannot read (a fault of the template)."""


def parse_read(text: str | None) -> Read:
    """`whole 0-99, required` → Read(FieldSpec("whole", minimum=0, maximum=99), True)."""
    words = (text or "any").replace(",", " ").split()
    kind, item, low, high, choices, required = words[0], "any", None, None, (), False
    for word in words[1:]:
        bounds = _BOUNDS.fullmatch(word)
        if word == "required":
            required = True
        elif bounds:
            low = float(bounds.group(1))
            high = float(bounds.group(2)) if bounds.group(2) is not None else None
        elif "|" in word:
            choices = tuple(word.split("|"))
        elif kind == "list" and word in TYPES:
            item = word
        else:
            raise DeclarationError(f"unknown word {word!r} in the field declaration ({text})")
    if kind not in TYPES:
        raise DeclarationError(f"unknown field type {kind!r} (the types are {', '.join(TYPES)})")
    return Read(FieldSpec(kind, item=item, minimum=low, maximum=high, choices=choices), required)


@lru_cache(maxsize=32)
def declared_reads(name: str) -> tuple[tuple[str, tuple[tuple[str, Read], ...]], ...]:
    """(kind, ((field, Read), …)) for every declaration in template `name` and the
    templates it includes or extends, each template read once; a field declared twice
    for one kind keeps its first type, and is required if one template requires it."""
    found: dict[str, dict[str, Read]] = {}
    for source in _sources(name):
        for kind, fields in DECLARATION.findall(source):
            kind = " ".join(kind.split())
            if not (kind in KINDS or kind.startswith(("deck ", "table "))):
                raise DeclarationError(f"{name}: unknown kind of block {kind!r} in a declaration")
            reads = found.setdefault(kind, {})
            for field, spec in _ENTRY.findall(fields):
                read = parse_read(spec)
                first = reads.setdefault(field, read)
                if read.required and not first.required:  # needed by one template: needed
                    reads[field] = replace(first, required=True)
    return tuple((kind, tuple(reads.items())) for kind, reads in found.items())


def _sources(name: str) -> Iterator[str]:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)))
    todo, seen = [name], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            source = env.loader.get_source(env, current)[0]
        except jinja2.TemplateNotFound:
            continue
        yield source
        todo += [t for t in meta.find_referenced_templates(env.parse(source)) if isinstance(t, str)]


# ------------------------------------------------------------------ checking


def sheet_problems(scenario: Any, others: Mapping[str, Collection[str]] | None = None) -> list[Diagnostic]:
    """Every block the reference sheet would read a missing, misspelt or wrong field of.
    `others`: kind (`pieces`, `cards`, …) → fields other readers know (the ruleset's),
    which are never taken for a misspelling of a field the sheet reads."""
    if not scenario.ruleset:
        return []
    declared = declared_reads(template_name(scenario.ruleset))
    known: dict[str, set[str]] = {}
    for kind, reads in declared:
        group = "cards" if kind.startswith("deck ") else kind
        known.setdefault(group, set()).update(name for name, _ in reads)
        known[group] |= set(_OTHERS.get(group, ())) | set((others or {}).get(group, ()))
    out: list[Diagnostic] = []
    for kind, reads in declared:
        schema = dict(reads)
        group = "cards" if kind.startswith("deck ") else kind
        for what, fields, pos in blocks(scenario, kind):
            out += _block_problems(what, fields, pos, schema, known.get(group, set()))
    return out


def blocks(scenario: Any, kind: str) -> Iterator[tuple[str, Any, Any]]:
    """(what the messages call it, its fields, where it starts) of each block of `kind`."""
    if kind.startswith("deck "):
        name = kind[5:]
        for deck in scenario.decks.values():
            if name in ("*", deck.name):
                yield from ((f"card {card.name}", card.fields, card.pos) for card in deck.cards)
    elif kind.startswith("table "):
        table = scenario.tables.get(kind[6:])
        if table is not None:
            yield f"table {table.name}", table.fields, table.pos
    elif kind == "scenario":
        yield "the scenario", scenario.fields, scenario.pos
    elif kind == "options":
        yield "options", scenario.options, scenario.pos
    elif kind == "spaces":
        for board in scenario.boards.values():
            yield from ((f"space {space.id}", space.fields, space.pos) for space in board.spaces)
    else:
        catalog = {"decks": scenario.decks, "pieces": scenario.pieces, "setups": scenario.setups,
                   "terrain": scenario.terrains}[kind]
        noun = {"decks": "deck", "pieces": "piece", "setups": "setup", "terrain": "terrain"}[kind]
        yield from ((f"{noun} {block.name}", block.fields, block.pos) for block in catalog.values())


@lru_cache(maxsize=4096)
def _close(name: str, schema: tuple[str, ...]) -> list[str]:
    """The names of `schema` that `name` looks like a misspelling of (each pair compared
    once, however many of a map's thousands of spaces have the field)."""
    return difflib.get_close_matches(name, schema, n=3, cutoff=0.7)


def _built_on(name: str, read: str) -> bool:
    """`dealer` on `deal`, `counters` on `count`: a longer word made from a field the sheet
    reads is a word of its own, not a misspelling of it (`rout_disrupt` for `rout_disrupts`,
    one letter short, still is)."""
    return name.startswith(read) and len(name) - len(read) >= 2


def _block_problems(what: str, fields: Any, pos: Any, schema: Mapping[str, Read],
                    known: Collection[str]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    misspelt: set[str] = set()
    for entry in fields.entries:
        read = schema.get(entry.name)
        if read is not None:
            out += [d if d.hint else replace(d, hint="the reference sheet reads it")
                    for d in check_value(entry, read.spec, what)]
            continue
        if entry.name in known:
            continue
        meant = [n for n in _close(entry.name, tuple(schema))
                 if n not in fields and n not in misspelt and not _built_on(entry.name, n)]
        if meant:
            misspelt.add(meant[0])
            out.append(Diagnostic.at(entry.pos, f"{what}: the reference sheet reads no field "
                                     f"'{entry.name}'", hint=f"did you mean '{meant[0]}'?"))
    for name, read in schema.items():
        if read.required and name not in fields and name not in misspelt:
            noun = what.split()[-1] if what == "the scenario" else what.split()[0]
            out.append(Diagnostic.at(pos, f"{what}: the reference sheet reads its {name}, and the "
                                     f"{noun} has no field {name}", hint=f"add `{name} …` to the {noun}"))
    return out
