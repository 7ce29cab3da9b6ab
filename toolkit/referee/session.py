"""`frontkit play`: an interactive, scriptable pass-and-play session over a Match.

Reads one line at a time (tests pipe a file of lines in). Each line is a command
or a move in the game's notation for the side being asked. The board is shown
from the deciding side's view only; when the keyboard should change hands (the
side asked changes) the session says so, and for simultaneous orders it asks
each side in turn, so one side never sees the other's orders or hidden units.
End of input ends the session cleanly (the record, if any, is already written).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TextIO

from toolkit.referee import game
from toolkit.referee.match import Match, UndoError
from toolkit.referee.protocol import CHANCE, DecisionKind, IllegalMoveError, MoveSyntaxError

COMMANDS = """\
commands:
  moves          list the legal moves of the side being asked
  board          show the board as the side being asked sees it
  undo           take back the last move (never a die roll, a draw or a revealed secret)
  save FILE      write the record of this game to FILE
  help           this text and the game's notation
  quit           stop here (resume later with --record FILE)
anything else is read as a move, e.g. `pass` in a reaction window"""


class Session:
    def __init__(self, match: Match, lines: Iterator[str], out: TextIO, *, table: bool = False,
                 clear: bool = False, echo: bool = False, timed: bool = False,
                 clock=time.monotonic):
        self.match = match
        self.lines = lines
        self.out = out
        self.table = table
        self.clear = clear  # print a screenful of blank lines between sides (a terminal)
        self.echo = echo  # repeat piped input after the prompt, so a transcript reads well
        self.timed = timed  # write the time each move took into the record
        self.asked_at = 0.0
        self.clock = clock
        self.clock_owner: str | None = None  # whose decision clock is running
        self.deadline: float | None = None
        self.shown_to: str | None = None

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        self.asked_at = self.clock()
        try:
            line = next(self.lines)
        except StopIteration:
            self.say()
            return None
        line = line.rstrip("\n")
        if self.echo:
            self.say(line)
        return line

    # ------------------------------------------------------------------ loop

    def run(self) -> int:
        m = self.match
        self.say(f"{m.scenario.title} — {m.rules.name}; sides: {', '.join(m.scenario.sides)}. "
                 "Type `help` for commands.")
        while not m.over:
            d = m.decision
            if d.kind is DecisionKind.CHANCE and not self.table:
                events = m.roll()
                self.say(f"chance: {m.history[-1].text}  ({d.prompt})")
                self.tell_events(events, m.deciding_player())
                continue
            asked = CHANCE if d.kind is DecisionKind.CHANCE else d.players[0]
            if asked != self.shown_to:
                self.hand_over(asked, d)
            self.start_clock(asked)
            prompt = f"{asked} ({d.prompt})> " if d.prompt else f"{asked}> "
            if self.deadline is not None:
                prompt = f"[{max(0, self.deadline - self.clock()):.0f}s] {prompt}"
            line = self.ask(prompt)
            if line is None:
                self.say("end of input: stopping" + (" (the record is saved)" if
                                                     m.writer else ""))
                return 0
            if self.deadline is not None and self.clock() > self.deadline:
                self.say(f"time is up for {asked}: `pass` for everything still owed "
                         f"({line.strip()!r} not taken)")
                self.tell_events(m.time_out(asked), asked)
                self.stop_clock_unless_asked(asked)
                continue
            if not self.command(line.strip(), asked):
                return 0
            self.stop_clock_unless_asked(asked)
        self.say(self.match.board(None))
        self.say(f"game over: {m.outcome}")
        return 0

    def start_clock(self, asked: str) -> None:
        """A side's clock runs from when it is first asked until it is no longer asked
        (Front Lines: one planning clock for all three actions)."""
        if self.clock_owner == asked:
            return
        self.clock_owner = asked
        limit = self.match.time_limit(asked)
        self.deadline = None if limit is None else self.clock() + limit

    def stop_clock_unless_asked(self, asked: str) -> None:
        d = self.match.decision
        if d is None or asked not in d.players:
            self.clock_owner, self.deadline = None, None

    def hand_over(self, asked: str, d) -> None:
        if self.shown_to is not None and asked != CHANCE:
            if self.clear:
                self.say("\n" * 60)
            self.say(f"---- {asked} to the table ----")
        self.shown_to = asked
        if asked == CHANCE:
            self.say(f"roll or draw at the table and type what came up: {d.prompt}")
            return
        kind = {DecisionKind.ORDERS: "secret orders", DecisionKind.REACTION: "reaction",
                DecisionKind.MOVE: "move"}[d.kind]
        self.say(f"== {asked}: {kind} ==")
        self.say(self.match.board(asked))

    def tell_events(self, events, player: str | None) -> None:
        for e in game.visible_events(events, player):
            self.say(f"  {e.text}")

    # -------------------------------------------------------------- commands

    def command(self, line: str, asked: str) -> bool:
        """Do one line; False to stop the session."""
        m = self.match
        word, _, rest = line.partition(" ")
        if not line:
            return True
        if line in ("quit", "exit"):
            self.say("stopped" + (" (resume with --record)" if m.writer else ""))
            return False
        if line == "help":
            self.say(COMMANDS)
            extra = game.notation_help(m.rules)
            if extra:
                self.say(f"{m.rules.name} notation: {extra}")
            return True
        if line == "moves":
            legal = m.legal(asked)
            self.say(", ".join(legal) if legal else
                     "(too many to list: type what came up)" if asked == CHANCE else "(none)")
            return True
        if line == "board":
            self.say(m.board(None if asked == CHANCE else asked))
            return True
        if line == "undo":
            try:
                entry = m.undo()
            except UndoError as err:
                self.say(str(err))
                return True
            self.say(f"took back {entry.player}: {entry.text}")
            self.shown_to = None  # show the board again to whoever decides now
            return True
        if word == "save":
            if not rest.strip():
                self.say("save needs a file name: save FILE")
                return True
            try:
                m.save(rest.strip())
            except OSError as err:
                self.say(f"cannot save to {rest.strip()}: {err.strerror}")
                return True
            self.say(f"saved to {rest.strip()}")
            return True
        try:
            took = self.clock() - self.asked_at if self.timed else None
            events = m.play(line, asked, took)
        except (MoveSyntaxError, IllegalMoveError) as err:
            self.say(f"{line}: {err}")
            return True
        mover_still_asked = not m.over and m.deciding_player() == asked
        self.tell_events(events, asked if asked != CHANCE else m.deciding_player())
        if any(e.reveals for e in events) and mover_still_asked:
            self.say(m.board(asked))
        return True
