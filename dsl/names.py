"""The names players read: one table from a scenario's ids to the words its printed
kit uses, for every place that shows a game to people.

A card reads as its printed title (`CardDef.title`: its `title` field, else its id
in words, `troops_1` -> `Troops 1`), a deck as its title, a piece as its `title`
field or its id in words (`anti_tank` -> `anti tank`), a zone as its `title` field
or its id in words, a terrain in words. `say` puts a line of engine text into these
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


def display_names(scenario: Any) -> dict[str, str]:
    """Each id of the scenario (card, deck, piece, terrain, zone) -> its players' name."""
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
