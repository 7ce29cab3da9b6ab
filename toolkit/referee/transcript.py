"""A game as one side saw it: the events it was told and each move as it saw it.

Pass-and-play (the log under the board) and `replay --as SIDE` (the move list and
its JSON) both read a history through here, so neither can show a side more
than the events it was told (`Event.to`):

- its own moves in notation;
- every other move, chance outcomes included, only as the texts of the events it
  was told: `Red draws a trick`, never the card drawn; `Red commits a boost`,
  never the amount.

`viewer` None reads the whole record, like a scoresheet after the game: every
move in notation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dsl.names import display_names, say, spoken_names
from toolkit.referee.game import visible_events
from toolkit.referee.kit.view import LOG_LINES, View

#: How a move whose notation the viewer may not see reads when it told the viewer nothing.
NOTHING_SEEN = "nothing you could see"


@dataclass(frozen=True, slots=True)
class SeenMove:
    """One move of a history as `viewer` saw it: `notation` None when it is another
    side's (or chance's) move, `told` the texts of the events the viewer was told."""

    player: str
    notation: str | None
    told: tuple[str, ...]
    seconds: float | None = None

    def text(self) -> str:
        """One line for a move list: the notation, or what was told in brackets."""
        if self.notation is not None:
            return self.notation
        return "[" + ("; ".join(self.told) if self.told else NOTHING_SEEN) + "]"


def seen_move(entry: Any, viewer: str | None) -> SeenMove:
    """A match history entry (`match.Entry`) as `viewer` saw it."""
    told = tuple(e.text for e in visible_events(entry.events, viewer))
    open_record = viewer is None or entry.player == viewer
    return SeenMove(entry.player, entry.text if open_record else None, told, entry.seconds)


def seen_moves(history: Sequence[Any], viewer: str | None) -> list[SeenMove]:
    return [seen_move(e, viewer) for e in history]


def told(history: Iterable[Any], viewer: str | None) -> list[str]:
    """Every event text `viewer` was told, oldest first (None: the public events)."""
    return [e.text for entry in history for e in visible_events(entry.events, viewer)]


def with_log(view: Any, lines: Sequence[str]) -> Any:
    """The common view with `lines` as its log; any other view shape as it is."""
    return view.with_log(lines) if isinstance(view, View) else view


def render(rules: Any, view: Any, lines: Sequence[str]) -> str:
    """A view as text with `lines` (the events its viewer was told) as its log: the
    common view draws its own log; under any other shape the newest lines follow."""
    if isinstance(view, View):
        return rules.render(view.with_log(lines))
    text = rules.render(view)
    if lines:
        text += "\nlog:\n" + "\n".join(f"  {line}" for line in lines[-LOG_LINES:])
    return text


class BoardWords:
    """A board shown as text in the names of the printed kit (`dsl.names`, the names
    the web page reads too): a deck's pile by its title (`Battle cards`), and every
    card id or other `_`-joined id in the text by its title or in words (`play
    Troops 1`, `anti tank`)."""

    def __init__(self, scenario: Any):
        names = display_names(scenario)
        self.decks = {d: names[d] for d in scenario.decks}
        self.spoken = spoken_names(scenario)

    def render(self, rules: Any, view: Any, lines: Sequence[str]) -> str:
        """`render`, in these words."""
        if isinstance(view, View) and self.decks:
            view = replace(view, piles=tuple(replace(p, name=self.decks.get(p.name, p.name))
                                             for p in view.piles))
        return say(render(rules, view, lines), self.spoken)
