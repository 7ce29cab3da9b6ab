"""What Fantasy Line Battle reads from a scenario, once, into plain values.

Characters (deck `characters`): `cost` (Money), `health` (damage that kills it),
`damage` (normal damage each Day), `range` (`1-1`, `1-2`, `2+`: places from its own
Front from which it reaches the enemy Front), `targeted` (it may target its damage),
`mana` (made each Day), `spells` (the categories it gives access to). Spells (one
deck per category, the deck's `category`): `cost` (mana), the flags `doubleable`,
`fork`, `interrupt`, `lasting`, `first_spell_only`. Every card's `effect` calls run
through the effects registry (effects.py). Options: see OPTIONS.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dsl.errors import Diagnostic
from dsl.model import Call, Range, Scenario

from toolkit.referee.kit import effects as fx
from toolkit.referee.kit.titles import Titles
from toolkit.referee.protocol import ScenarioError

CHARACTERS = "characters"
CATEGORIES = ("elementalism", "white", "black")


class Words(fx.ParamType):
    """A list of words such as [live_characters, less_front_damage]."""

    what = "a list such as [live_characters, less_front_damage]"

    def __init__(self, allowed: tuple[str, ...]):
        self.allowed = allowed

    def problem(self, value, scenario):
        if not isinstance(value, tuple) or not all(v in self.allowed for v in value):
            return f"{value!r} is not a list of " + ", ".join(self.allowed)
        return None


TIE_BREAKS = ("live_characters", "less_front_damage")

#: What a side's setup starts it with (FLB-R10): the field, its type, the option that
#: wins over it (None: no option) and the figure without either.
STARTS = {"money": (fx.Int(1, 99), "starting_money", 13),
          "character_hand": (fx.Int(1, 20), "character_hand", 5),
          "mana": (fx.Int(0, 99), None, 0)}
SETUP_FIELDS = {name: kind for name, (kind, _, _) in STARTS.items()}


def start(scenario: Any, options: Mapping[str, Any], name: str) -> int:
    """What both sides start with (FLB-R10): the option where it is set (a designer's
    override: `balance --vary starting_money=15`), else the setups' figure (`check`
    holds the two alike), else the default. The printed rules read the same."""
    _, option, default = STARTS[name]
    if option is not None and option in options:
        return int(options[option])
    given = [setup.fields.get(name) for setup in scenario.setups.values()]
    return next((int(v) for v in given if v is not None), default)


def start_problems(scenario: Any) -> list[Diagnostic]:
    """Setups that start the two sides differently (FLB-R10): the printed rules and
    tracks give one figure for both, so a second figure is an error where written; and
    a setup's figure an option overrides (a warning: it is not what is played)."""
    out: list[Diagnostic] = []
    for name, (_, option, _) in STARTS.items():
        first = None
        for side, setup in scenario.setups.items():
            entry = next((e for e in setup.fields.entries if e.name == name), None)
            if entry is None:
                continue
            if option is not None and option in scenario.options:
                out.append(Diagnostic.at(
                    entry.pos, f"setup {side}: {name} {entry.value} is not played: the option "
                    f"{option} {scenario.options[option]} wins over it (FLB-R10)",
                    hint="write it in one place", severity="warning"))
                continue
            if first is None:
                first = (side, entry.value)
            elif entry.value != first[1]:
                out.append(Diagnostic.at(
                    entry.pos, f"setup {side}: {name} {entry.value}, but {first[0]} starts "
                    f"with {first[1]}: both sides start alike (FLB-R10)",
                    hint=f"write {name} {first[1]} in both setups"))
    return out

#: The options the ruleset reads, with their types (checked at `frontkit check`).
OPTIONS = {
    "starting_money": fx.Int(1, 99),
    "character_hand": fx.Int(1, 20),
    "base_mana": fx.Int(0, 30),
    "spell_hand_live": fx.Int(0, 16),
    "spell_hand_dead": fx.Int(0, 16),
    "max_line": fx.Int(1, 8),
    "wiped_after_first_day": fx.OneOf(("play_one_more_day", "end_at_once")),
    "stall_days": fx.Int(1, 99),
    "survival_production": fx.OneOf(("mana_per_day",)),
    "stall_tie_break": Words(TIE_BREAKS),
    "max_days": fx.Int(1, 999),
    "max_times": fx.Int(1, 9),
    "ability_uses_per_day": fx.Int(1, 9),
    "targeted_damage": fx.OneOf(("always", "chosen")),
    "answers_after_pass": fx.OneOf(("closed", "open")),
    "hurricane_after_answer": fx.OneOf(("refused", "allowed")),
}

#: The card fields the ruleset reads (checked at `frontkit check`): a character's, and a
#: spell's (every deck but the characters). The reference sheets read a character's cost,
#: health, damage and range with no default, so every character card needs them.
CHARACTER_FIELDS = {
    "cost": fx.Int(0, 99), "health": fx.Int(1, 99), "damage": fx.Int(0, 99), "range": fx.SpanOf(),
    "targeted": fx.Bool(), "mana": fx.Int(0, 99), "spells": fx.ParamType(),
}
CHARACTER_NEEDS = ("cost", "health", "damage", "range")
SPELL_FIELDS = {
    "cost": fx.Int(0, 99), "doubleable": fx.Bool(), "fork": fx.Bool(), "interrupt": fx.Bool(),
    "lasting": fx.Bool(), "first_spell_only": fx.Bool(),
}


@dataclass(frozen=True, slots=True)
class Character:
    name: str
    cost: int
    health: int
    damage: int
    low: int  # range: from this place of its own line
    high: int | None  # to this one (None: any place further back)
    targeted: bool
    mana: int
    spells: tuple[str, ...]
    effects: tuple[Call, ...]


@dataclass(frozen=True, slots=True)
class Spell:
    name: str
    category: str
    cost: int
    doubleable: bool
    fork: bool
    interrupt: bool
    lasting: bool
    first_only: bool
    effects: tuple[Call, ...]


@dataclass(frozen=True)
class Config:
    """The scenario's figures and options."""

    sides: tuple[str, ...]
    characters: Mapping[str, Character]
    spells: Mapping[str, Spell]
    character_deck: tuple[str, ...]
    spell_decks: Mapping[str, tuple[str, ...]]  # category -> every copy
    money: Mapping[str, int]  # side -> Money at the start
    character_hand: int
    base_mana: int
    hand_live: int
    hand_dead: int
    max_line: int
    grace_day: bool  # a side wiped out on Day 1 is judged at the end of Day 2 (FLB-R06)
    stall_days: int
    tie_break: tuple[str, ...]
    max_days: int
    max_times: int  # the most a doubleable or fork spell is cast at once (FLB-R19)
    ability_uses: int  # move abilities per character per Day (FLB-R21)
    chosen: bool  # targeted damage is made only when its owner aims it (FLB-R14)
    answers_open: bool = False  # a side that passed its casting may still answer (FLB-R16)
    answer_is_spell: bool = True  # an answer is a spell before Hurricane (FLB-R19)
    start_mana: int = 0  # on each side's Mana track at the start (FLB-R10)
    titles: Titles = field(default_factory=Titles)  # the printed kit's names (words.py)

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]


def span(value: Any) -> tuple[int, int | None]:
    """A card's range as (low, high); high None for `2+`."""
    if isinstance(value, Range):
        return value.low, value.high
    if isinstance(value, int) and not isinstance(value, bool):
        return value, value
    raise ScenarioError(f"{value!r} is not a range such as 1-2 or 2+")


def read(scenario: Scenario, options: Mapping[str, Any]) -> Config:
    sides = tuple(scenario.sides)
    if len(sides) != 2:
        raise ScenarioError(f"Fantasy Line Battle is for 2 players, not {len(sides)}")
    if CHARACTERS not in scenario.decks:
        raise ScenarioError("Fantasy Line Battle needs a deck of characters")
    chars: dict[str, Character] = {}
    deck: list[str] = []
    for c in scenario.decks[CHARACTERS].cards:
        low, high = span(c.get("range", Range(1, None)))
        spells = c.get("spells", ())
        chars[c.name] = Character(
            c.name, int(c.get("cost", 0)), int(c.get("health", 1)), int(c.get("damage", 0)),
            low, high, bool(c.get("targeted", False)), int(c.get("mana", 0)),
            tuple(spells) if isinstance(spells, tuple) else (spells,), tuple(c.effects))
        deck += [c.name] * c.quantity
    spells_by: dict[str, Spell] = {}
    decks: dict[str, tuple[str, ...]] = {}
    for name, d in scenario.decks.items():
        if name == CHARACTERS:
            continue
        category = d.fields.get("category", name)
        copies: list[str] = []
        for c in d.cards:
            spells_by[c.name] = Spell(
                c.name, category, int(c.get("cost", 0)), bool(c.get("doubleable", False)),
                bool(c.get("fork", False)), bool(c.get("interrupt", False)),
                bool(c.get("lasting", False)), bool(c.get("first_spell_only", False)),
                tuple(c.effects))
            copies += [c.name] * c.quantity
        decks[category] = tuple(sorted(copies))
    money = {side: start(scenario, options, "money") for side in sides}
    hand = start(scenario, options, "character_hand")
    return Config(
        sides=sides, characters=chars, spells=spells_by, character_deck=tuple(sorted(deck)),
        spell_decks=decks, money=money, character_hand=int(hand),
        base_mana=int(options.get("base_mana", 3)),
        hand_live=int(options.get("spell_hand_live", 4)),
        hand_dead=int(options.get("spell_hand_dead", 2)),
        max_line=int(options.get("max_line", 8)),
        grace_day=options.get("wiped_after_first_day", "play_one_more_day") == "play_one_more_day",
        stall_days=int(options.get("stall_days", 3)),
        tie_break=tuple(options.get("stall_tie_break", TIE_BREAKS)),
        max_days=int(options.get("max_days", 60)),
        max_times=int(options.get("max_times", 2)),
        ability_uses=int(options.get("ability_uses_per_day", 1)),
        chosen=options.get("targeted_damage", "always") == "chosen",
        answers_open=options.get("answers_after_pass", "closed") == "open",
        answer_is_spell=options.get("hurricane_after_answer", "refused") == "refused",
        start_mana=start(scenario, options, "mana"),
        titles=Titles.of(scenario),
    )
