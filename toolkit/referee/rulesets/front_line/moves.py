"""Front Line moves: one small value type and its notation (content/front_line/
notation.md). `parse(text)` and `str(move)` round-trip.

    take air | take capital | take industry | take fallen_air | take fallen_industry
    B3-C4            move by land                 A1~G6   amphibious move (port to beach/port)
    B3xC4            attack a unit or an empty unfriendly city
    commission       ready an exhausted Leadership card
    build tank       build from the reserve onto your empty Industry
    para B2-D4       paratroop an active Infantry from an Air Base
    regroup C3       flip a disrupted unit back to active
    maneuver C3-D4   relieve C3-C4   cache        Leadership tasks
    opfire C3xD4     Opportunity Fire (also a Rally reward)
    rally  reroll  use white  use yellow  retreat  hold  shift D4  displace  stay
    decline          turn down a Rally reward
    first Red        the side that won the start roll names who goes first
    place tank C4    free placement in your own country
    pass             end your turn (or do not react)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from toolkit.referee.protocol import PASS, MoveSyntaxError

RULE = "FL-notation"

WORDS = ("commission", "cache", "rally", "reroll", "retreat", "hold", "displace", "stay",
         "decline")
SQUARE = r"[A-Za-z]{1,2}\d{1,2}"
PAIR = {"-": "go", "~": "sail", "x": "fire"}
VERB_PAIRS = ("para", "maneuver", "relieve", "opfire")
HELP = ("take STACK (air, capital, industry, fallen_air, fallen_industry); B3-C4 move; "
        "A1~G6 amphibious move; B3xC4 attack; commission; build KIND; para B2-D4; "
        "regroup C3; maneuver C3-D4; relieve C3-C4; cache; opfire C3xD4; rally; reroll; "
        "use white|yellow; retreat; hold; shift D4; displace; stay; decline; first SIDE; "
        "place KIND SQUARE; pass")


@dataclass(frozen=True, slots=True)
class Act:
    """A move: `verb` and up to two squares (`src`, `dst`) or a word (`what`)."""

    verb: str
    src: str = ""
    dst: str = ""
    what: str = ""

    def __str__(self) -> str:
        v = self.verb
        if v == "go":
            return f"{self.src}-{self.dst}"
        if v == "sail":
            return f"{self.src}~{self.dst}"
        if v == "fire":
            return f"{self.src}x{self.dst}"
        if v == "opfire":
            return f"opfire {self.src}x{self.dst}"
        if v in ("para", "maneuver", "relieve"):
            return f"{v} {self.src}-{self.dst}"
        if v in ("regroup", "shift"):
            return f"{v} {self.src}"
        if v in ("take", "build", "use", "first"):
            return f"{v} {self.what}"
        if v == "place":
            return f"place {self.what} {self.src}"
        return v

    def __repr__(self) -> str:
        return f"parse({str(self)!r})"


#: moves listed under the square of the unit that makes them (`moves C3`)
UNIT_GROUPED = ("go", "sail", "fire", "para", "regroup", "maneuver", "opfire")


def group(move) -> str:
    """The group `frontkit play` lists a move under: a unit's moves under its
    square (C3-C4, C3xD5, para C3-E5, regroup C3, maneuver C3-D4, opfire C3xD4:
    all `C3`), the others under their verb (take, build, relieve, shift, …)."""
    if move is PASS:
        return "pass"
    if move.verb in UNIT_GROUPED:
        return move.src
    return move.verb


def word(verb: str) -> Act:
    return Act(verb)


def _sq(text: str) -> str:
    return text[0].upper() + text[1:] if len(text) > 1 and text[1].isdigit() else text.upper()


def _reading(name: str) -> tuple[int, str]:
    """A square's place in reading order: row, then column."""
    digits = "".join(ch for ch in name if ch.isdigit())
    letters = "".join(ch for ch in name if ch.isalpha())
    return int(digits or 0), f"{len(letters)}{letters}"


def relieve(a: str, b: str) -> Act:
    a, b = sorted((a, b), key=_reading)
    return Act("relieve", a, b)


def parse(text: str):
    t = " ".join(text.split())
    low = t.lower()
    if low == "pass":
        return PASS
    if low in WORDS:
        return Act(low)
    m = re.fullmatch(rf"({SQUARE})([-~xX])({SQUARE})", t)
    if m:
        return Act(PAIR[m.group(2).lower()], _sq(m.group(1)), _sq(m.group(3)))
    m = re.fullmatch(rf"(para|maneuver|relieve) ({SQUARE})-({SQUARE})", t, re.I)
    if m:
        a, b = _sq(m.group(2)), _sq(m.group(3))
        if m.group(1).lower() == "relieve":  # a swap: the squares in reading order
            a, b = sorted((a, b), key=_reading)
        return Act(m.group(1).lower(), a, b)
    m = re.fullmatch(rf"opfire ({SQUARE})[xX]({SQUARE})", t, re.I)
    if m:
        return Act("opfire", _sq(m.group(1)), _sq(m.group(2)))
    m = re.fullmatch(rf"(regroup|shift) ({SQUARE})", t, re.I)
    if m:
        return Act(m.group(1).lower(), _sq(m.group(2)))
    m = re.fullmatch(r"(take|build|use) ([a-z_]+)", t, re.I)
    if m:
        return Act(m.group(1).lower(), what=m.group(2).lower())
    m = re.fullmatch(r"first ([A-Za-z][A-Za-z0-9_]*)", t)
    if m:
        return Act("first", what=m.group(1))
    m = re.fullmatch(rf"place ([a-z_]+) ({SQUARE})", t, re.I)
    if m:
        return Act("place", _sq(m.group(2)), what=m.group(1).lower())
    raise MoveSyntaxError(RULE, "moves are: " + HELP, text)
