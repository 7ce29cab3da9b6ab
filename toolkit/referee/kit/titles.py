"""A scenario's names in the players' words, for a ruleset's `words` module.

The printed kit names a card by its title (`Troops 1`), a piece by its title
(`Armor company`) or its id in words (`anti tank`), a deck by its title
(`dsl.names.display_names`); a ruleset reads them here, once per scenario, to say its
moves as the kit prints them (toolkit.referee.wording).

    titles = Titles.of(scenario)
    titles("troops_1")            # 'Troops 1'
    titles.capital("anti_tank")   # 'Anti tank'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dsl.names import display_names, words


@dataclass(frozen=True)
class Titles:
    """Each id of a scenario -> the name its printed kit uses."""

    names: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, scenario: Any) -> "Titles":
        return cls(display_names(scenario))

    def __call__(self, name: str) -> str:
        """`name`'s title, or the id in words (`move_bonus` -> `move bonus`)."""
        return self.names.get(name) or words(name)

    def capital(self, name: str) -> str:
        """The title with a capital first letter, to open a sentence."""
        return capital(self(name))


def capital(text: str) -> str:
    """`text` with its first letter a capital (`tank A1 to A2` -> `Tank A1 to A2`)."""
    return text[:1].upper() + text[1:]


def a(noun: str) -> str:
    """`noun` with its article, as a sentence says it: `a tank`, `an anti_tank`."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


__all__ = ["Titles", "a", "capital"]
