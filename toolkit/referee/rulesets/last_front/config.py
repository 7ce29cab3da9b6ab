"""What the Last Front referee reads from a scenario: the cards as a table of
small values (built once per scenario), and the options (LF-R03..R06)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toolkit.referee.kit import effects as fx
from toolkit.referee.kit.memo import Memo
from toolkit.referee.kit.titles import Titles
from toolkit.referee.protocol import ScenarioError

BATTLE, EVENT, TERRITORY, BONUS = "battle", "event", "territory", "territory_bonus"
UNIT, SPECIAL, ICON, DRAW_EVENT = "unit", "special", "icon", "draw_event"
KINDS = ("troops", "tanks", "planes", "support")
HAND_SIZE = 6


#: The card fields the ruleset reads, every deck alike (checked at `frontkit check`): a
#: figure beyond these bounds is no card of the game.
CARD_FIELDS = {
    "category": fx.ParamType(), "kind": fx.ParamType(), "nation": fx.ParamType(),
    "value": fx.Int(0, 999), "attack": fx.Int(0, 999), "defence": fx.Int(0, 999),
    "face_value": fx.Int(0, 999), "blitz": fx.Bool(),
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card definition as the referee uses it. `value` is a Troop, Tank or Plane
    card's value; Support cards have `attack` and `defence`; Special and Icon cards
    a `face` value; `calls` are its effects bound in the registry."""

    name: str
    category: str
    kind: str | None = None
    value: int = 0
    attack: int = 0
    defence: int = 0
    face: int = 0
    blitz: bool = False
    nation: str | None = None
    calls: tuple = ()
    prims: tuple[str, ...] = ()  # the names of its effect primitives


@dataclass(frozen=True)
class Config(Memo):
    """`memo` (kit.memo): a card's modifiers, a bid's total from what it reads, the
    victory a set of territories meets, filled as games ask."""

    cards: Mapping[str, Card]
    victory: str
    conditions: tuple[str, ...]
    dig_in: bool
    dig_in_value: int
    min_raise: int
    hands: Mapping[str, int]  # side -> Battle cards dealt at the start (LF-R01)
    bonus_of: Mapping[str, str]  # nation -> bonus card
    decks: Mapping[str, tuple[str, ...]]  # deck -> every card (with copies)
    reshuffle: bool = True  # an empty Battle or Event deck takes its discard pile back (LF-R10)
    propaganda_lasts: str = "until_next_turn"  # or next_bid (LF-R13)
    support_clash: str = "attack"  # Attack value against Defense value: which wins (LF-R22)
    lowest_bid_tie: str = "first_in_seat_order"  # or every_tied, nobody (LF-R23)
    titles: Titles = field(default_factory=Titles)  # the printed kit's names (words.py)

    def card(self, name: str) -> Card:
        return self.cards[name]



def _int(options: Mapping[str, Any], key: str, default: int) -> int:
    value = options.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"option {key}: {value!r} is not a whole number")
    return value


def hands(scenario: Any, options: Mapping[str, Any]) -> dict[str, int]:
    """How many Battle cards each side is dealt at the start (LF-R01): the option `hand`
    where it is set (a designer's override for every side: `balance --vary hand=8`), else
    the side's setup `deal`, else six. The play mat prints the same."""
    if "hand" in options:
        n = _int(options, "hand", HAND_SIZE)
        return {side: n for side in scenario.sides}
    setups = scenario.setups
    return {side: _int(setups[side].fields, "deal", HAND_SIZE) if side in setups else HAND_SIZE
            for side in scenario.sides}


def read(scenario: Any, options: Mapping[str, Any], effects) -> Config:
    for deck in (BATTLE, EVENT, TERRITORY, BONUS):
        if deck not in scenario.decks:
            raise ScenarioError(f"Last Front needs a deck {deck}")
    cards: dict[str, Card] = {}
    decks: dict[str, tuple[str, ...]] = {}
    bonus_of: dict[str, str] = {}
    for deck_name in (BATTLE, EVENT, TERRITORY, BONUS):
        deck = scenario.decks[deck_name]
        decks[deck_name] = tuple(c.name for c in deck.cards for _ in range(c.quantity))
        for c in deck.cards:
            calls = tuple(effects.bind(call) for call in c.effects)
            category = str(c.get("category", deck_name if deck_name != BATTLE else UNIT))
            kind = c.get("kind")
            cards[c.name] = Card(
                c.name, category, str(kind) if kind is not None else None,
                int(c.get("value", 0) or 0), int(c.get("attack", 0) or 0),
                int(c.get("defence", 0) or 0), int(c.get("face_value", 0) or 0),
                bool(c.get("blitz", False)), c.get("nation"), calls,
                tuple(b.primitive.name for b in calls))
            if deck_name == BONUS and c.get("nation"):
                bonus_of[str(c.get("nation"))] = c.name
    victory = str(options.get("victory", "normal"))
    table = scenario.tables.get("victory_conditions") if scenario.tables else None
    if table is None or victory not in table.fields:
        raise ScenarioError(f"option victory {victory}: the table victory_conditions has no "
                            f"row {victory}")
    conditions = tuple(str(v) for v in table.fields.get(victory))
    for cond in conditions:
        if cond.rsplit("_", 1)[0] not in ("same_nation", "different_nations", "any") \
                or not cond.rsplit("_", 1)[-1].isdigit():
            raise ScenarioError(f"victory condition {cond}: write same_nation_N, "
                                "different_nations_N or any_N")
    share = str(options.get("controlling_share", "strict_most"))
    if share != "strict_most":
        raise ScenarioError(f"option controlling_share {share}: the referee knows strict_most")
    order = options.get("modifier_order", ("multiply", "add"))
    if tuple(order) != ("multiply", "add"):
        raise ScenarioError("option modifier_order: the rulebook's order is [multiply, add]")
    return Config(cards, victory, conditions, bool(options.get("dig_in", False)),
                  _int(options, "dig_in_value", 10), _int(options, "min_raise", 1),
                  hands(scenario, options), bonus_of, decks,
                  bool(options.get("reshuffle", True)),
                  str(options.get("propaganda_lasts", "until_next_turn")),
                  str(options.get("support_clash", "attack")),
                  str(options.get("lowest_bid_tie", "first_in_seat_order")),
                  titles=Titles.of(scenario))
