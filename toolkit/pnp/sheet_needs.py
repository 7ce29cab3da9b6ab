"""The card fields a reference sheet reads, declared in its template and held to every card.

A sheet template that reads a card field with no default (a worked example adding up
characters' health) says so in a comment, so `frontkit check` can hold every card of
that deck to it and a misspelt field is an error at check, not a failed build:

    {# reads deck characters: cost, damage, health, range #}

`sheet_problems(scenario)` reads the declarations of the template `frontkit build`
would use for the scenario's ruleset and of every template it includes, and returns a
positioned diagnostic for each card that lacks a declared field (at the field that looks
like a misspelling of it, with a "did you mean", else at the card).
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Any

import jinja2
from jinja2 import meta

from dsl.errors import Diagnostic

from toolkit.pnp.sheets import TEMPLATES, template_name

DECLARATION = re.compile(r"\{#\s*reads deck (\w+):\s*([\w\s,]+?)\s*#\}")


@lru_cache(maxsize=16)
def declared_reads(name: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(deck, fields) for every declaration in template `name` and the templates it
    includes, each template read once."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)))
    found: dict[str, list[str]] = {}
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
        for deck, fields in DECLARATION.findall(source):
            names = found.setdefault(deck, [])
            names += [f for f in re.split(r"[\s,]+", fields) if f and f not in names]
        todo += [t for t in meta.find_referenced_templates(env.parse(source)) if isinstance(t, str)]
    return tuple((deck, tuple(fields)) for deck, fields in found.items())


def sheet_problems(scenario: Any) -> list[Diagnostic]:
    """Every card the reference sheet would read a missing field of."""
    if not scenario.ruleset:
        return []
    out: list[Diagnostic] = []
    for deck_name, fields in declared_reads(template_name(scenario.ruleset)):
        deck = scenario.decks.get(deck_name)
        for card in deck.cards if deck is not None else ():
            out += [_missing(card, name) for name in fields if name not in card.fields]
    return out


def _missing(card: Any, name: str) -> Diagnostic:
    present = [f for f in card.fields.entries]
    close = difflib.get_close_matches(name, [f.name for f in present], n=1, cutoff=0.7)
    if close:
        entry = next(f for f in present if f.name == close[0])
        return Diagnostic.at(entry.pos, f"card {card.name}: the reference sheet reads its {name}, "
                             f"and the card has no field {name}", hint=f"did you mean '{name}'?")
    return Diagnostic.at(card.pos, f"card {card.name}: the reference sheet reads its {name}, "
                         f"and the card has no field {name}", hint=f"add `{name} …` to the card")
