"""Lines and Webs orders in the players' words (toolkit.referee.wording): a unit by
its piece's printed title and number, tokens by their class's name, a card by its
title, as at the table.

    DFSP1-A6            Forward support platoon 1 to A6, then resupplies
    DFSP1>DAR2 2f       Forward support platoon 1 carries 2 fuel to Armor company 2
    DAR1-C6xC5          Armor company 1 to C6, then attacks C5
    x DAR1              Armor company 1 into the execution deck
    buy 3f              Buy 3 fuel (by sea)
    play nine_line_recovery GAR1   Play 9-Line Recovery! on Gamma's Armor company 1

A unit of the other side is said with its side's name ("Gamma's Armor company 1").
"""

from __future__ import annotations

import re

from dsl.names import display_names
from toolkit.referee.kit.titles import capital
from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.lines_and_webs.config import ABBREV, LETTERS

_LABEL = re.compile(r"([A-Z])([A-Z]+?)([0-9]+)$")
_KIND_OF = {code: kind for kind, code in ABBREV.items()}


def unit_words(cfg, player: str, label: str) -> str:
    """A unit's label in words (`DFSP1` -> `Forward support platoon 1`; another side's
    `Gamma's Armor company 1`); a node's name stays its name (`J10`)."""
    m = _LABEL.match(label)
    kind = _KIND_OF.get(m[2]) if m else None
    side = next((s for s in cfg.sides if s[:1] == m[1]), None) if m else None
    if kind is None or side is None:
        return label
    said = f"{capital(cfg.words.get(kind, kind.replace('_', ' ')))} {m[3]}"
    return said if side == player else f"{side}'s {said}"


#: The highest number a block of one kind is given in a scenario's labels, for
#: `spoken_names` (a side has at most a few dozen blocks of a kind).
MOST_OF_A_KIND = 40


def spoken_names(scenario) -> dict[str, str]:
    """Every unit label a log line may name, in words with its side (`DAR1` ->
    `Delta's Armor company 1`): the page says the log in these (the ruleset's
    `spoken_names` hook); the terminal keeps the labels, which its player types."""
    names = display_names(scenario)
    out = {}
    for side in scenario.sides:
        for kind, code in ABBREV.items():
            title = capital(names.get(kind, kind.replace("_", " ")))
            for n in range(1, MOST_OF_A_KIND + 1):
                out[f"{side[:1]}{code}{n}"] = f"{side}'s {title} {n}"
    return out


def tokens(cfg, n: int, cls: str) -> str:
    """`2`, `f` -> `2 fuel`."""
    return f"{n} {cfg.class_words[LETTERS.index(cls)]}"


def title(cfg, name: str) -> str:
    """A card's or a kind's title (`nine_line_recovery` -> `9-Line Recovery!`)."""
    return cfg.words.get(name, name.replace("_", " "))


def describe_move(s, player: str, m) -> str:
    """The ruleset's `describe_move` hook: an order as a sentence."""
    if m is PASS:
        return "Done (pass)"
    cfg = s.cfg
    if m.verb == "move" and s.flow.phase == "transport":
        return f"{unit_words(cfg, player, m.unit)} to {m.to}, then resupplies"
    said = _SAYERS.get(m.verb)
    return said(cfg, player, m) if said is not None else capital(m.verb.replace("_", " "))


def describe_group(s, player: str, group: str) -> str:
    """A group (notation.group: a unit, or a verb)."""
    cfg = s.cfg
    if group in _GROUPS:
        return _GROUPS[group]
    return unit_words(cfg, player, group) if _LABEL.match(group) else title(cfg, group)


_GROUPS = {"buy": "Buy by sea", "fly": "Fly in by air", "card": "Buy a special card",
           "pass": "Done (pass)", "xl": "Cross-level on a port", "x": "Into the execution deck",
           "r": "Into the reserve", "play": "Play a special card", "retreat": "Retreat",
           "command_post": "Turn over the Command Post", "next": "The next card"}


def _spend(cfg, player, m) -> str:
    what = tokens(cfg, m.n, m.cls) if m.cls else capital(title(cfg, m.unit))
    return f"Buy {what} (by sea)" if m.verb == "buy" else f"Fly in {what}"


def _carry(cfg, player, m) -> str:
    who = unit_words(cfg, player, m.unit)
    to = unit_words(cfg, player, m.to)
    whence = f" from {m.src}'s storage" if m.src else ""
    if not m.cls:
        return f"{who} tops up {to}{whence}"
    return f"{who} carries {tokens(cfg, m.n, m.cls)} to {to}{whence}"


def _move(cfg, player, m) -> str:
    who = unit_words(cfg, player, m.unit)
    if m.to and m.target:
        return f"{who} to {m.to}, then attacks {m.target}"
    if m.target:
        return f"{who} attacks {m.target}"
    if m.to:
        return f"{who} to {m.to}"
    return f"{who} acts"


def _deck(cfg, player, m) -> str:
    who = unit_words(cfg, player, m.unit) if m.unit != "command_post" \
        else title(cfg, m.unit)
    return f"{who} into the {'execution deck' if m.verb == 'x' else 'reserve'}"


def _play(cfg, player, m) -> str:
    out = f"Play {title(cfg, m.unit)}"
    if m.to == "order":
        return out + ": put the enemy's execution deck in order"
    if m.to:
        out += f" on {unit_words(cfg, player, m.to)}"
    if m.target:
        out += f" on {unit_words(cfg, player, m.target)}"
    if m.cls:
        out += f": {cfg.class_words[LETTERS.index(m.cls)]}"
    elif m.n:
        out += f": {m.n}"
    return out


_SAYERS = {
    "buy": _spend, "fly": _spend, "carry": _carry, "move": _move, "play": _play,
    "x": _deck, "r": _deck,
    "card": lambda cfg, p, m: f"Buy the card {title(cfg, m.unit)}",
    "displace": lambda cfg, p, m: f"{unit_words(cfg, p, m.unit)} displaces (face down)",
    "xl": lambda cfg, p, m: (f"Cross-level {tokens(cfg, m.n, m.cls)} from "
                             f"{unit_words(cfg, p, m.unit)} to {unit_words(cfg, p, m.to)}"),
    "hold": lambda cfg, p, m: f"{unit_words(cfg, p, m.unit)} holds",
    "fire": lambda cfg, p, m: (f"{unit_words(cfg, p, m.unit)} fires {m.n} ammunition "
                               f"at {m.target}"),
    "repair": lambda cfg, p, m: (f"{unit_words(cfg, p, m.unit)} "
                                 + (f"to {m.to}, then repairs the port" if m.to
                                    else "repairs the port")),
    "retreat": lambda cfg, p, m: f"Retreat to {m.to}",
    "command_post": lambda cfg, p, m: f"Turn over the {title(cfg, 'command_post')}",
    "next": lambda cfg, p, m: f"Card {m.n} of the deck comes next",
    "rest": lambda cfg, p, m: "The rest stay below, in their order",
}
