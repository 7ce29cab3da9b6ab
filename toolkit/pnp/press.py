"""Press settings kept apart from the game data: layout names, and a `press { … }` block.

Content files describe the game; the press's choices for it live in a
separate file (content/GAME/layouts.scn) that the scenario includes.

By name (works with the language as it is):
  - a deck D without `layout` is drawn with the layout named `D` if there is
    one; without `back`, its backs with `D_back`;
  - a piece type P without `front_layout`/`back_layout` uses `P_front`/`P_back`,
    else `marker_front`/`marker_back` for pieces flagged `marker` and
    `unit_front`/`unit_back` for the others, when those layouts exist.

By a press block (needs the scenario field `press` to be allowed by
dsl.checks), which can also set counter sizes and counts:

    press {
      side_colours ["#a8322b", "#2f6b3b"]
      special    { layout lw_special; back lw_special_back }   # a deck
      food_token { counter_size 0.5in; counters 40 }            # a piece type
      symbols { op_site { shape diamond; text "OP" } }          # map symbols (toolkit.pnp.symbols)
      unit_cards { orders { title "Order cards"; pieces mission_card } }   # below
    }

Each inner block's fields are laid over the deck's or piece type's own fields
(the press block wins). `effective(scenario)` returns the scenario with those
applied; the rest of the press reads decks and pieces as usual.

Unit cards: `unit_cards { NAME { title "…"; pieces FLAG; layout L; back B } }` makes,
for every side, a deck of one card per unit of that side whose piece type has the flag
FLAG set (as many as the side has counters of it: on the board, in reserve and in
setup blocks), so an order card or a tracker card exists for every unit and its copy
number matches its counter's. The card's fields are the piece type's (`card.title`,
`card.strength`, …) and `card.piece` names it; the deck is `NAME_SIDE` (lower case),
drawn in the side's colour, with layouts `L` and `B` (default `NAME`, `NAME_back`).
The referee never sees these decks.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from dsl.model import CardDef, Catalog, Deck, Field, Fields, PieceType
from toolkit.pnp.counts import counter_counts


# blocks of `press` that are press settings, not a deck or a piece type
SETTINGS = ("symbols",  # space flags drawn as map symbols (toolkit.pnp.symbols)
            "markers",  # counters that are play aids, not game pieces (below)
            "unit_cards")  # a card for every unit of a kind (below)


def press_block(scenario: Any) -> Any:
    block = scenario.fields.get("press")
    return block if isinstance(block, Fields) else Fields()


def _merge(fields: Fields, extra: Any) -> Fields:
    if not isinstance(extra, Fields) or not extra:
        return fields
    return Fields(tuple(fields.entries) + tuple(extra.entries))


def _by_name(scenario: Any) -> tuple[Catalog, Catalog]:
    layouts = scenario.layouts

    def add(fields: Fields, key: str, names: list[str]) -> Fields:
        if key in fields:
            return fields
        for name in names:
            if name in layouts:
                return Fields(tuple(fields.entries) + (Field(key, name, layouts[name].pos),))
        return fields

    decks = Catalog(tuple(
        dataclasses.replace(d, fields=add(add(d.fields, "layout", [d.name]), "back", [f"{d.name}_back"]))
        for d in scenario.decks.values()))
    pieces = []
    for p in scenario.pieces.values():
        kind = "marker" if p.fields.get("marker") is True else "unit"
        f = add(p.fields, "front_layout", [f"{p.name}_front", f"{kind}_front"])
        f = add(f, "back_layout", [f"{p.name}_back", f"{kind}_back"])
        pieces.append(dataclasses.replace(p, fields=f))
    return decks, Catalog(tuple(pieces))


def _with_markers(pieces: Catalog, block: Fields) -> Catalog:
    """`press { markers { land_mine { per_side 2; letter M } } }`: counters for the table
    (a marker, a tracker) that the rules have no piece type for; printed like any piece
    flagged `marker`, never seen by the referee."""
    markers = block.get("markers")
    if not isinstance(markers, Fields):
        return pieces
    extra = tuple(PieceType(f.name, Fields((Field("marker", True),) + tuple(f.value.entries)), f.pos)
                  for f in markers.entries if isinstance(f.value, Fields) and f.name not in pieces)
    return Catalog(tuple(pieces.values()) + extra)


def unit_decks(scenario: Any, block: Fields) -> tuple[Deck, ...]:
    """`press { unit_cards { … } }`: per entry and side, a deck of one card per unit."""
    entries = block.get("unit_cards")
    if not isinstance(entries, Fields):
        return ()
    counts = counter_counts(scenario)
    decks = []
    for entry in entries.entries:
        spec = entry.value if isinstance(entry.value, Fields) else Fields()
        flag = str(spec.get("pieces", entry.name))
        for side in scenario.sides:
            cards = tuple(
                CardDef(piece.name, n, Fields(tuple(piece.fields.entries) + (Field("piece", piece.name),)),
                        pos=piece.pos)
                for who, piece, n in counts if who == side and piece.fields.get(flag) is True)
            if not cards:
                continue
            fields = Fields((Field("side", side, entry.pos),
                             Field("layout", str(spec.get("layout", entry.name)), entry.pos),
                             Field("back", str(spec.get("back", f"{entry.name}_back")), entry.pos)))
            decks.append(Deck(f"{entry.name}_{side.lower()}", str(spec.get("title", entry.name)),
                              cards, fields, entry.pos))
    return tuple(decks)


def effective(scenario: Any) -> Any:
    """The scenario with its press block and layout names applied to decks and piece types."""
    if scenario.fields.get("press_applied") is True:
        return scenario
    block = press_block(scenario)
    if all(f.name in SETTINGS for f in block.entries):  # nothing to lay over decks or pieces
        extra = unit_decks(scenario, block)
        if extra:
            scenario = dataclasses.replace(scenario, decks=Catalog(tuple(scenario.decks.values()) + extra))
        decks, pieces = _by_name(dataclasses.replace(scenario, pieces=_with_markers(scenario.pieces, block)))
        fields = Fields(tuple(scenario.fields.entries) + (Field("press_applied", True),))
        return dataclasses.replace(scenario, decks=decks, pieces=pieces, fields=fields)
    decks = Catalog(tuple(dataclasses.replace(d, fields=_merge(d.fields, block.get(d.name)))
                          for d in scenario.decks.values()))
    pieces = Catalog(tuple(dataclasses.replace(p, fields=_merge(p.fields, block.get(p.name)))
                           for p in scenario.pieces.values()))
    general = Fields(tuple(f for f in block.entries if not isinstance(f.value, Fields)))
    kept = Fields(tuple(f for f in block.entries if f.name in SETTINGS))
    fields = Fields(tuple(scenario.fields.entries) + tuple(general.entries)
                    + (Field("press", kept),))
    return effective(dataclasses.replace(scenario, decks=decks, pieces=pieces, fields=fields))


def unknown_names(scenario: Any) -> list[Field]:
    """Inner blocks of `press` that name neither a deck nor a piece type."""
    return [f for f in press_block(scenario).entries
            if isinstance(f.value, Fields) and f.name not in SETTINGS
            and f.name not in scenario.decks and f.name not in scenario.pieces]
