"""A move chosen in steps at the terminal (`frontkit play`; the move tree).

Where the ruleset lists a decision as a tree, the side asked is shown the choices of
the next step, numbered and in the players' words ("Forward support platoon 1 at A9",
then "to Armor company 2", then "fuel", then "3 fuel"; toolkit.referee.steps.shown): it
types a number or a choice's name as the notation has it ("DFSP1", then "DAR2", then
"f", then "3"), `back` to take back a step, or a whole move in the notation as before.
A step that completes a move plays that move, written whole into the record.

    chooser = Chooser(rules)
    chooser.text(state, "Delta")           # the choices now, numbered
    chooser.take(state, "Delta", "2")      # Picked(move=None): more steps follow
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.referee import steps
from toolkit.referee.protocol import CHANCE, Move, Ruleset, State, Step

#: Width of a wrapped line of choices.
WIDTH = 78
BACK = "back"


@dataclass(frozen=True, slots=True)
class Picked:
    """What a line did to the choice: `move` a whole move to play; `said` a line to
    show (why `back` took nothing back); `handled` False when the line is no choice
    at all (a command or a whole move). The next choices are shown by `text`."""

    move: Move | None = None
    said: str = ""
    handled: bool = True


class Chooser:
    """The steps chosen so far by the side asked, for one state."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.on = steps.has_tree(rules)
        self.chosen: tuple[str, ...] = ()
        self.said: tuple[str, ...] = ()  # the labels of the steps chosen
        self._for: tuple = (None, None)
        self._shown: tuple = (None, None, None)

    def applies(self, state: State, asked: str) -> bool:
        """The side asked chooses in steps here (the ruleset has a tree; not chance)."""
        if not self.on or asked == CHANCE:
            return False
        if self._for[0] is not state or self._for[1] != asked:
            self._for, self.chosen, self.said = (state, asked), (), ()
        return True

    def offered(self, state: State, asked: str) -> list[Step]:
        return steps.shown(self.rules, state, asked, self.chosen)

    def text(self, state: State, asked: str) -> str:
        """The choices of the next step, numbered, with how to answer."""
        offered = self.offered(state, asked)
        head = ("choose: a number, `back` to undo a step, or a whole move in the notation"
                if not self.chosen else f"you chose {' › '.join(self.said)}: choose "
                "(`back` to undo a step)")
        items = [f"{n}) {step.label}" for n, step in enumerate(offered, 1)]
        return "\n".join([head] + _wrap(items))

    def fresh(self, state: State, asked: str) -> bool:
        """True once for each new set of choices (so they are shown once)."""
        key = (state, asked, self.chosen)
        if self._shown[0] is state and self._shown[1:] == key[1:]:
            return False
        self._shown = key
        return True

    def take(self, state: State, asked: str, line: str) -> Picked:
        """Read `line` as a step: a number, a choice's name or `back`."""
        if line == BACK:
            if not self.chosen:
                return Picked(said="nothing to take back: this is the first step")
            self.chosen, self.said = self.chosen[:-1], self.said[:-1]
            return Picked()
        offered = self.offered(state, asked)
        step = _named(offered, line)
        if step is None:
            return Picked(handled=False)
        if step.move is not None:
            self.chosen, self.said = (), ()
            return Picked(move=step.move)
        self.chosen += (step.token,)
        self.said += (step.label,)
        return Picked()


def _named(offered: list[Step], line: str) -> Step | None:
    """The choice named by its token (exactly, else ignoring case), else by its number."""
    for step in offered:
        if step.token == line:
            return step
    folded = line.casefold()
    found = [s for s in offered if s.token.casefold() == folded]
    if len(found) == 1:
        return found[0]
    if line.isdigit() and 1 <= int(line) <= len(offered):
        return offered[int(line) - 1]
    return None


def _wrap(items: list[str]) -> list[str]:
    lines, line = [], " "
    for item in items:
        if len(line) + 3 + len(item) > WIDTH and line.strip():
            lines.append(line)
            line = " "
        line += "  " + item
    return lines + [line]
