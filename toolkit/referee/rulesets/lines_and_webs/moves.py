"""Lines and Webs moves: one value, `Order`, with one text form per kind of order
(content/lines_and_webs/notation.md). Units are named by label (side initial, type,
number: DAR1 is Delta's first armor company), nodes by their map name, tokens by a
count and a class letter: r rations (CL I), f fuel (CL III), a ammunition (CL V),
o orange repair/replacement cube.

    spend      buy armor | buy 3f | fly 2a | fly armor | card scouts_out | pass
    transport  DFSP1>DAR2 | DFSP1>DAR2 2f | DFSP1/J10>DAR2 2f | DFSP1-C9 (move and resupply)
               | DFSP1 displace | xl DAR1>DAR2 1f | pass
    orders     x DAR1 | r DAR2 | x command_post | pass
    execute    DAR1-C6 | DAR1-C6xC5 | DAR1xC5 | DAR1 hold | DFA1 fire C5 2
               | DEN1-B8 repair | DEN1 repair | command_post | pass
    windows    retreat C4 | DAR1xC5 (attack again) | pass
    cards      play NAME [TARGET] [N|CLASS] | play cyber_attack order, then next N … | rest
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from toolkit.referee.protocol import PASS, MoveSyntaxError

RULE_NOTATION = "LW-notation"

FORMS = ("buy KIND|buy 3f, fly …, card NAME, UNIT>UNIT [2f], UNIT/PORT>UNIT 2f, UNIT-NODE, "
         "UNIT displace, xl UNIT>UNIT 1f, x UNIT, r UNIT, UNIT-NODExNODE, UNITxNODE, "
         "UNIT hold, UNIT fire NODE N, UNIT repair, retreat NODE, play CARD …, pass")


@dataclass(slots=True, unsafe_hash=True)
class Order:
    """`verb` says what kind of order; `unit` the unit (or kind, or card) it concerns;
    `to` a node or unit it goes to; `target` a node fired on or attacked; `cls` a
    token class letter; `n` a count; `src` where tokens are taken from. A value: with
    slots and not frozen (made by plain assignment, as the state: state.py), hashed
    and compared by value; nothing sets a field of an order once made."""

    verb: str
    unit: str = ""
    to: str = ""
    target: str = ""
    cls: str = ""
    n: int = 0
    src: str = ""

    def __str__(self) -> str:
        v = self.verb
        tok = f"{self.n}{self.cls}" if self.cls else ""
        if v in ("buy", "fly"):
            return f"{v} {tok or self.unit}"
        if v == "card":
            return f"card {self.unit}"
        if v == "carry":
            head = self.unit + (f"/{self.src}" if self.src else "") + f">{self.to}"
            return head + (f" {tok}" if tok else "")
        if v == "displace":
            return f"{self.unit} displace"
        if v == "xl":
            return f"xl {self.unit}>{self.to} {tok}"
        if v in ("x", "r"):
            return f"{v} {self.unit}"
        if v == "move":
            return (self.unit + (f"-{self.to}" if self.to else "")
                    + (f"x{self.target}" if self.target else ""))
        if v == "hold":
            return f"{self.unit} hold"
        if v == "fire":
            return f"{self.unit} fire {self.target} {self.n}"
        if v == "repair":
            return self.unit + (f"-{self.to}" if self.to else "") + " repair"
        if v == "retreat":
            return f"retreat {self.to}"
        if v == "command_post":
            return "command_post"
        if v == "next":
            return f"next {self.n}"
        if v == "play":
            out = f"play {self.unit}"
            if self.to:
                out += f" {self.to}"
            if self.target:
                out += f" {self.target}"
            if self.cls:
                out += f" {self.cls}"
            elif self.n:
                out += f" {self.n}"
            return out
        return v


def made(table: dict, verb: str, unit: str = "", to: str = "", target: str = "",
         cls: str = "", n: int = 0, src: str = "") -> Order:
    """The order with these fields, made once and handed out again from `table` (the
    scenario's `order_runs`): listings build the same orders at every decision."""
    key = ("order", verb, unit, to, target, cls, n, src)
    m = table.get(key)
    if m is None:
        m = table[key] = Order(verb, unit, to, target, cls, n, src)
    return m


NAME = r"[A-Z][A-Z0-9]*"  # unit labels and node names are capitals and digits
TOK = r"([1-9][0-9]?)([rfao])"
_FORMS = [
    ("buyfly_tok", re.compile(rf"(buy|fly) {TOK}$")),
    ("buyfly_kind", re.compile(rf"(buy|fly) ([a-z_]+)$")),
    ("card", re.compile(r"card ([a-z_]+)$")),
    ("carry", re.compile(rf"({NAME})(?:/({NAME}))?>({NAME})(?: {TOK})?$")),
    ("xl", re.compile(rf"xl ({NAME})>({NAME}) {TOK}$")),
    ("displace", re.compile(rf"({NAME}) displace$")),
    ("deck", re.compile(rf"(x|r) ({NAME}|command_post)$")),
    ("hold", re.compile(rf"({NAME}) hold$")),
    ("fire", re.compile(rf"({NAME}) fire ({NAME}) ([1-9])$")),
    ("repair", re.compile(rf"({NAME})(?:-({NAME}))? repair$")),
    ("retreat", re.compile(rf"retreat ({NAME})$")),
    ("play", re.compile(rf"play ([a-z_]+)(?: ({NAME}))?(?: ([1-9]|[rfao]))?$")),
    ("play_order", re.compile(r"play ([a-z_]+) order$")),
    ("next", re.compile(r"next ([1-9][0-9]?)$")),
    ("move", re.compile(rf"({NAME})(?:-({NAME}))?(?:x({NAME}))?$")),
]


def parse(text: str):
    words = " ".join(text.split())
    if words == "pass":
        return PASS
    if words == "command_post":
        return Order("command_post")
    if words == "rest":
        return Order("rest")
    for form, pattern in _FORMS:
        m = pattern.match(words)
        if m is None:
            continue
        g = m.groups()
        if form == "buyfly_tok":
            return Order(g[0], cls=g[2], n=int(g[1]))
        if form == "buyfly_kind":
            return Order(g[0], unit=g[1])
        if form == "card":
            return Order("card", unit=g[0])
        if form == "carry":
            return Order("carry", unit=g[0], src=g[1] or "", to=g[2], cls=g[4] or "",
                         n=int(g[3]) if g[3] else 0)
        if form == "xl":
            return Order("xl", unit=g[0], to=g[1], cls=g[3], n=int(g[2]))
        if form == "displace":
            return Order("displace", unit=g[0])
        if form == "deck":
            return Order(g[0], unit=g[1])
        if form == "hold":
            return Order("hold", unit=g[0])
        if form == "fire":
            return Order("fire", unit=g[0], target=g[1], n=int(g[2]))
        if form == "repair":
            return Order("repair", unit=g[0], to=g[1] or "")
        if form == "retreat":
            return Order("retreat", to=g[0])
        if form == "play":
            extra = g[2] or ""
            return Order("play", unit=g[0], target=g[1] or "",
                         cls=extra if extra.isalpha() else "",
                         n=int(extra) if extra.isdigit() else 0)
        if form == "play_order":
            return Order("play", unit=g[0], to="order")
        if form == "next":
            return Order("next", n=int(g[0]))
        if form == "move":
            if g[1] is None and g[2] is None:
                break
            # UNIT-NODE (execute: a move; transport: move and resupply) is read as
            # `move`; the transport phase reads it as its `go` (same text).
            return Order("move", unit=g[0], to=g[1] or "", target=g[2] or "")
    raise MoveSyntaxError(RULE_NOTATION, f"cannot read this; orders are {FORMS}", text)


HELP = __doc__ or ""
