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
#: A group of more moves than this, all `NAME@…` (or `NAME-…`, `NAME …`), is written
#: as `NAME@ A1 B1 …`.
COMPACT = 6
#: A long list shows its small groups (a piece's moves) in full on up to this many
#: lines and the big ones (spawns, skills) as counts; more small groups: all as counts.
GROUP_LINES = 16
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
            lines += _group_lines(name, [i.text for i in members])
        return "\n".join(lines)
    small = {name: members for name, members in groups.items() if len(members) <= COMPACT}
    if len(small) > GROUP_LINES:
        small = {}
    big = [f"{name} ({len(members)})" for name, members in groups.items()
           if name not in small]
    lines = [f"{len(chosen)} moves in {len(groups)} groups:"]
    for name, members in small.items():
        lines += _group_lines(name, [i.text for i in members])
    if big:
        lines += _wrap(big, "  ", "  and " if small else "  ")
        lines.append("`moves GROUP` or `moves SQUARE` lists them")
    return "\n".join(lines)


def _group_lines(name: str, texts: list[str]) -> list[str]:
    """One group: `  IC3: IC3-C4, IC3-C2`; a big group whose moves all continue the
    group's name with the same mark is written once with what follows it:
    `  airstrike@ A1 B1 C1 …` (read: airstrike@A1, airstrike@B1, …)."""
    if texts == [name]:
        return [f"  {name}"]
    head = texts[0][len(name):len(name) + 1]
    if len(texts) > COMPACT and head and all(t.startswith(name + head) and len(t) > len(name) + 1
                                             for t in texts):
        return _wrap([t[len(name) + 1:] for t in texts], " ", f"  {name}{head} ")
    return _wrap(texts, ", ", f"  {name}: ")


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
