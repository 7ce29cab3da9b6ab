"""The names players read: one table from a scenario's ids to the words its printed
kit uses, for every place that shows a game to people.

A card reads as its printed title (`CardDef.title`: its `title` field, else its id
in words, `troops_1` -> `Troops 1`), a deck as its title, a piece as its `title`
field or its id in words (`anti_tank` -> `anti tank`), a zone as its `title` field
or its id in words, a terrain in words. Ids nothing else titles (an option's values,
such as the spaces of a delivery queue, or a token's class) read as the scenario
declares them in its `table words { in_transit "in transit to the port" }`. `say` puts a line of engine text into these
words: every card id (and other `_`-joined id) the table knows is replaced, and any
other `_`-joined word is written with spaces.
"""

from __future__ import annotations

import re
from typing import Any

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*")


def words(name: str) -> str:
    """An id in words: `move_bonus` -> `move bonus`."""
    return str(name).replace("_", " ")


#: The scenario's table of players' words for its other ids (`declared_words`).
WORDS_TABLE = "words"


def declared_words(scenario: Any) -> dict[str, str]:
    """The scenario's own words for ids nothing else titles: `table words { id "words" }`."""
    table = scenario.tables.get(WORDS_TABLE)
    return {} if table is None else {k: str(v) for k, v in table.fields.items()}


def display_names(scenario: Any) -> dict[str, str]:
    """Each id of the scenario (card, deck, piece, terrain, zone, and what its `words`
    table declares) -> its players' name."""
    out: dict[str, str] = {}
    for name in scenario.terrains:
        out[name] = words(name)
    for board in scenario.boards.values():
        for zone in board.zones:
            out.setdefault(zone.name, str(zone.fields.get("title", words(zone.name))))
    for piece in scenario.pieces.values():
        out[piece.name] = str(piece.fields.get("title", words(piece.name)))
    for deck in scenario.decks.values():
        out[deck.name] = deck.title or words(deck.name)
        for card in deck.cards:
            out[card.name] = card.title
    out.update(declared_words(scenario))
    return out


def spoken_names(scenario: Any) -> dict[str, str]:
    """The ids `say` replaces inside a sentence: every card, and every other id that
    is not a plain word (a deck called `battle` or a piece called `armor` reads as
    itself in "battle 1" or "Delta's armor")."""
    names = display_names(scenario)
    cards = {c.name for d in scenario.decks.values() for c in d.cards}
    return {k: v for k, v in names.items() if k in cards or "_" in k}


def say(text: str, names: dict[str, str]) -> str:
    """`text` in players' words: each id of `names` (`spoken_names`) replaced by its
    name, any other `_`-joined word written with spaces."""
    def one(m: re.Match) -> str:
        w = m.group(0)
        if w in names:
            return names[w]
        return words(w) if "_" in w else w
    return _WORD.sub(one, text)
