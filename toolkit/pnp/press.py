"""Press settings kept apart from the game data: the scenario's `press { … }` block.

Content files describe the game; the press's choices for it (which layout a
deck uses, a token's counter size, how many of a 300-cube pool to print) can
live in a separate file (content/GAME/layouts.scn) as one scenario field:

    press {
      side_colours ["#a8322b", "#2f6b3b"]
      special    { layout lw_special; back lw_special_back }   # a deck
      food_token { counter_size 0.5in; counters 40 }            # a piece type
    }

Each inner block's fields are laid over the deck's or piece type's own fields
(the press block wins). `effective(scenario)` returns the scenario with those
applied; the rest of the press reads decks and pieces as usual.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from dsl.model import Catalog, Field, Fields


def press_block(scenario: Any) -> Any:
    block = scenario.fields.get("press")
    return block if isinstance(block, Fields) else Fields()


def _merge(fields: Fields, extra: Any) -> Fields:
    if not isinstance(extra, Fields) or not extra:
        return fields
    return Fields(tuple(fields.entries) + tuple(extra.entries))


def effective(scenario: Any) -> Any:
    """The scenario with its press block laid over decks and piece types."""
    block = press_block(scenario)
    if not block:
        return scenario
    decks = Catalog(tuple(dataclasses.replace(d, fields=_merge(d.fields, block.get(d.name)))
                          for d in scenario.decks.values()))
    pieces = Catalog(tuple(dataclasses.replace(p, fields=_merge(p.fields, block.get(p.name)))
                           for p in scenario.pieces.values()))
    general = Fields(tuple(f for f in block.entries if not isinstance(f.value, Fields)))
    fields = Fields(tuple(scenario.fields.entries) + tuple(general.entries)
                    + (Field("press", Fields()),))
    return dataclasses.replace(scenario, decks=decks, pieces=pieces, fields=fields)


def unknown_names(scenario: Any) -> list[Field]:
    """Inner blocks of `press` that name neither a deck nor a piece type."""
    return [f for f in press_block(scenario).entries
            if isinstance(f.value, Fields) and f.name not in scenario.decks and f.name not in scenario.pieces]
