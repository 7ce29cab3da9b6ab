"""The legal moves as `frontkit play` lists them: grouped by piece, filterable.

A side with 280 legal moves is shown the groups (a piece, a kind of spawn, a
skill) with their counts, not one line of 280 moves; `moves C3` lists only the
moves that concern C3. The group of a move is the ruleset's optional
`move_group(move) -> str` hook, or else the notation up to its first `-`, `@`,
`=` or space (`IC2-C3` and `IC2-C4` → `IC2`, `A@B9` → `A`, `boost 1` → `boost`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from toolkit.referee.protocol import PASS, Move, Ruleset

#: Up to this many moves are listed on one line, ungrouped.
ONE_LINE = 12
#: Up to this many moves are listed in full, one line per group; more are summarised
#: as their groups with counts (a filtered list is always listed in full).
IN_FULL = 48
#: Width of a wrapped line of moves or groups.
WIDTH = 78

_GROUP_END = re.compile(r"[-@=\s]")


@dataclass(frozen=True, slots=True)
class Listed:
    """A legal move as listed: its notation and its group."""

    text: str
    group: str


def default_group(text: str) -> str:
    """The notation up to its first `-`, `@`, `=` or space (the whole text if none)."""
    head = _GROUP_END.split(text, maxsplit=1)[0]
    return head or text


def group_of(rules: Ruleset, move: Move, text: str) -> str:
    hook = getattr(rules, "move_group", None)
    if hook is None or move is PASS:
        return default_group(text)
    return str(hook(move))


def listed(rules: Ruleset, moves: Iterable[tuple[Move, str]], *,
           chance: bool = False) -> list[Listed]:
    """(move, notation) pairs with their groups; chance outcomes group by notation."""
    return [Listed(text, default_group(text) if chance else group_of(rules, move, text))
            for move, text in moves]


def _concerns(item: Listed, word: str, groups: set[str]) -> bool:
    if word in groups:
        return item.group == word
    # a square or a name inside the notation, but `C3` never matches `C30`
    return re.search(re.escape(word) + r"(?![0-9])", item.text, re.IGNORECASE) is not None


def select(items: list[Listed], words: Iterable[str]) -> list[Listed]:
    """The moves that concern every word: a group's name selects that group; any
    other word selects the moves whose notation holds it (a square, a card)."""
    groups = {i.group for i in items}
    out = items
    for word in words:
        out = [i for i in out if _concerns(i, word, groups)]
    return out


def grouped(items: list[Listed]) -> dict[str, list[Listed]]:
    """Groups in the order of their first move."""
    out: dict[str, list[Listed]] = {}
    for item in items:
        out.setdefault(item.group, []).append(item)
    return out


def describe(items: list[Listed], words: list[str] | None = None) -> str:
    """The text `moves [WORD…]` prints."""
    words = words or []
    chosen = select(items, words)
    if not chosen:
        return f"no legal move concerns {' '.join(words)}" if words else "(none)"
    if len(chosen) <= ONE_LINE:
        return ", ".join(i.text for i in chosen)
    groups = grouped(chosen)
    if len(chosen) <= IN_FULL or words or len(groups) == 1:
        lines = []
        for name, members in groups.items():
            lines += _wrap([i.text for i in members], ", ", f"  {name}: ")
        return "\n".join(lines)
    head = (f"{len(chosen)} moves in {len(groups)} groups; "
            "`moves GROUP` or `moves SQUARE` lists them:")
    counts = [f"{name} ({len(members)})" for name, members in groups.items()]
    return "\n".join([head] + _wrap(counts, "  ", "  "))


def _wrap(items: list[str], sep: str, first: str) -> list[str]:
    """`items` joined by `sep` in lines of at most WIDTH columns (an item is never
    split), the first line starting with `first`, the others indented as deep."""
    indent = " " * len(first)
    lines, line = [], first
    for item in items:
        if line not in (first, indent) and len(line) + len(sep) + len(item) > WIDTH:
            lines.append(line + sep.rstrip())
            line = indent
        line += item if line in (first, indent) else sep + item
    return lines + [line]
