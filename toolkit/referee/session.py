"""`frontkit play`: an interactive, scriptable pass-and-play session over a Match.

Reads one line at a time (tests pipe a file of lines in). Each line is a command
or a move in the game's notation for the side being asked. The board is shown
from the deciding side's view only, redrawn after each action, with the events
that side was told as its log. For simultaneous orders and reaction windows it
asks the sides one at a time, the first listed first.

When the keyboard changes hands (the side asked changes) at a terminal, the
screen and the scrollback are cleared, a screen names the next side and waits
for Enter, and only then is that side's board drawn: the side leaving never sees
it, and nothing of its own orders is left to scroll back to. The line editor
(readline, at a terminal only) keeps one history per side, so the up arrow never
brings back another side's orders. Piped, the session prints a hand-over line
and goes on. End of input ends the session cleanly (the record, if any, is
already written).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from toolkit.referee import game, movelist, roles, transcript
from toolkit.referee.choosing import Chooser
from toolkit.terminal import printable
from toolkit.referee.match import Match, UndoError
from toolkit.referee.protocol import CHANCE, DecisionKind, IllegalMoveError, MoveSyntaxError

COMMANDS = """\
commands:
  moves          the legal moves of the side being asked, grouped by piece
  moves WORD...  only the moves that concern WORD (a square, a piece, a group): moves C3
  back           take back the last step chosen (where a move is chosen in steps)
  board          show the board as the side being asked sees it
  undo           take back the last move (never a die roll, a draw or a revealed secret)
  save FILE      write the record of this game to FILE
  help           this text and the game's notation
  quit           stop here (resume later with --record FILE)
where the game offers numbered choices, a number or a choice's name takes that step;
anything else is read as a whole move, e.g. `pass` in a reaction window"""

#: Erase the scrollback, move home, erase the screen, and erase the scrollback once more:
#: some terminals (VTE's) keep an erased screen in the scrollback.
CLEAR_ALL = "\x1b[3J\x1b[H\x1b[2J\x1b[3J"
#: Move home and erase the screen, keeping the scrollback (the same side redraws).
CLEAR_SCREEN = "\x1b[H\x1b[2J"
#: Lines of history kept per side by the line editor.
HISTORY_LENGTH = 500

Reader = Callable[[str], "str | None"]


class LineEditor:
    """Line editing with history at a terminal (readline), one history per side."""

    def __init__(self, readline: Any | None):
        self.readline = readline  # None where Python has no readline: plain input()
        self.histories: dict[str, list[str]] = {}
        self.side: str | None = None

    @classmethod
    def enable(cls) -> "LineEditor":
        try:
            import readline
        except ImportError:  # pragma: no cover - platforms without readline
            return cls(None)
        readline.set_history_length(HISTORY_LENGTH)
        return cls(readline)

    def switch(self, side: str) -> None:
        """Keep the leaving side's history and give the arriving side its own."""
        rl = self.readline
        if rl is None or side == self.side:
            self.side = side
            return
        if self.side is not None:
            self.histories[self.side] = [rl.get_history_item(i) for i in
                                         range(1, rl.get_current_history_length() + 1)]
        rl.clear_history()
        for line in self.histories.get(side, ()):
            rl.add_history(line)
        self.side = side

    def read(self, prompt: str) -> str | None:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            return None


class Session:
    def __init__(self, match: Match, lines: Iterator[str], out: TextIO, *, table: bool = False,
                 terminal: bool = False, echo: bool = False, timed: bool = False,
                 clock=time.monotonic, read: Reader | None = None,
                 editor: LineEditor | None = None):
        self.match = match
        self.lines = lines
        self.out = out
        self.table = table
        # at a terminal: clear the screen and scrollback between sides and wait for Enter
        self.terminal = terminal
        self.echo = echo  # repeat piped input after the prompt, so a transcript reads well
        self.timed = timed  # write the time each move took into the record
        self.editor = editor
        self.words: transcript.BoardWords | None = None  # the kit's names, made when first shown
        self.read = read or (editor.read if editor is not None else self._next_line)
        self.asked_at = 0.0
        self.clock = clock
        self.clock_owner: str | None = None  # whose decision clock is running
        self.deadline: float | None = None
        self.holder: str | None = None  # the side at the keyboard
        self.holder_seat: str | None = None  # and its seat ("Delta logistics" with roles)
        self.redraw = False  # the board changed since the holder last saw it
        self.chance_asked = False  # a table-chance prompt is showing
        self.chooser = Chooser(match.rules)  # the steps chosen towards a move (move tree)

    @classmethod
    def on_streams(cls, match: Match, stdin: TextIO, stdout: TextIO, *,
                   table: bool = False) -> "Session":
        """A session on the process's streams: at a terminal (stdin a tty) with line
        editing and hand-over screens; piped, reading lines and echoing them."""
        terminal = stdin.isatty()
        editor = LineEditor.enable() if terminal else None
        return cls(match, iter(stdin.readline, ""), stdout, table=table, terminal=terminal,
                   echo=not terminal, timed=terminal, editor=editor)

    def say(self, text: str = "") -> None:
        """A line for the players: control characters that came from a scenario, a record
        or the keyboard are shown escaped (`\x1b`), never sent to the terminal raw."""
        print(printable(text, keep="\n\t"), file=self.out, flush=True)

    def _next_line(self, prompt: str) -> str | None:
        self.out.write(printable(prompt, keep=""))
        self.out.flush()
        try:
            line = next(self.lines)
        except StopIteration:
            self.say()
            return None
        line = line.rstrip("\n")
        if self.echo:
            self.say(line)
        return line

    def ask(self, prompt: str) -> str | None:
        self.asked_at = self.clock()
        return self.read(prompt)

    # ------------------------------------------------------------------ loop

    def run(self) -> int:
        m = self.match
        self.say(self.intro())
        while not m.over:
            d = m.decision
            if d.kind is DecisionKind.CHANCE and not self.table:
                events = m.roll()
                self.tell_chance(events, d.prompt)
                self.redraw = True
                continue
            asked = CHANCE if d.kind is DecisionKind.CHANCE else d.players[0]
            if asked == CHANCE:
                if not self.chance_asked:
                    self.say(f"roll or draw at the table and type what came up: {d.prompt}")
                self.chance_asked = True
            elif self.seat(asked) != self.holder_seat:
                typed = self.hand_over(asked, d)
                if typed is None:
                    return self.end_of_input()
                if typed.strip() in ("quit", "exit"):
                    self.command(typed.strip(), asked)
                    return 0
            elif self.redraw:
                self.show_board(asked, clear=True)
            self.start_clock(asked)
            self.show_choices(asked)
            line = self.ask(self.prompt(asked, d))
            if line is None:
                return self.end_of_input()
            if self.deadline is not None and self.clock() > self.deadline:
                self.say(f"time is up for {asked}: `pass` for everything still owed "
                         f"({line.strip()!r} not taken)")
                self.tell_events(m.time_out(asked), asked)
                self.redraw = True
                self.stop_clock_unless_asked(asked)
                continue
            if not self.command(line.strip(), asked):
                return 0
            self.stop_clock_unless_asked(asked)
        self.say(self.board_text(None))
        self.say(f"game over: {m.outcome}")
        return 0

    def intro(self) -> str:
        m = self.match
        seats = [roles.seat_name(side, role) for side, role in m.seats() if role]
        return (f"{m.scenario.title} — {m.rules.name}; sides: {', '.join(m.scenario.sides)}"
                + (f"; seats: {', '.join(seats)}" if seats else "") + ". "
                "Type `help` for commands.")

    def end_of_input(self) -> int:
        self.say("end of input: stopping" + (" (the record is saved)" if
                                             self.match.writer else ""))
        return 0

    def seat(self, asked: str) -> str:
        """Who is asked at the keyboard: the side, or its seat when the game has roles
        (`Delta logistics`); CHANCE for the table's dice."""
        return asked if asked == CHANCE else self.match.asked_seat(asked)

    def role(self, asked: str) -> str | None:
        d = None if asked == CHANCE else roles.duty(self.match.rules, self.match.state, asked)
        return None if d is None else d.role

    def prompt(self, asked: str, d) -> str:
        """`Blue (Red landed on you: bump or pass; Green may react if Blue passes)> `;
        with roles the seat asked: `Delta logistics (turn 1: spend …)> `."""
        what = d.prompt
        if d.kind is DecisionKind.REACTION and len(d.players) > 1:
            others = d.players[1:]
            then = ", then ".join(others)
            what = (f"{what}; " if what else "") + \
                f"{then} may react if {asked} passes"
        who = self.seat(asked)
        if self.chooser.chosen and self.chooser.applies(self.match.state, asked):
            what = (f"{what}: " if what else "") + " › ".join(self.chooser.said)
        prompt = f"{who} ({what})> " if what else f"{who}> "
        if self.deadline is not None:
            prompt = f"[{max(0, self.deadline - self.clock()):.0f}s] {prompt}"
        return prompt

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

    # ------------------------------------------------------------ hand-over

    def hand_over(self, asked: str, d) -> str | None:
        """Give the keyboard to `asked`: the line typed at the hand-over screen (`quit`
        stops there), None if the input ended. At a terminal nothing of `asked`'s view
        is drawn before Enter."""
        first = self.holder is None
        self.holder = asked
        seat = self.holder_seat = self.seat(asked)
        self.chance_asked = False
        if self.editor is not None:
            self.editor.switch(seat)
        if self.terminal:
            self.out.write(CLEAR_ALL)
            self.say(f"{self.intro()}\n")
            typed = self.read(f"{seat} to the table: press Enter ")
            if typed is None or typed.strip() in ("quit", "exit"):
                return typed
            self.out.write(CLEAR_ALL)
        elif not first:
            self.say(f"---- {seat} to the table ----")
        kind = {DecisionKind.ORDERS: "secret orders", DecisionKind.REACTION: "reaction",
                DecisionKind.MOVE: "move"}[d.kind]
        self.say(f"== {seat}: {kind} ==")
        self.show_board(asked)
        return ""

    def show_choices(self, asked: str) -> None:
        """The next step's choices, once each time they change (a move tree)."""
        state = self.match.state
        if self.chooser.applies(state, asked) and self.chooser.fresh(state, asked):
            self.say(self.chooser.text(state, asked))

    def board_text(self, player: str | None) -> str:
        """The board as `player` sees it, with the events it was told as its log."""
        m = self.match
        if self.words is None:
            self.words = transcript.BoardWords(m.scenario)
        return self.words.render(m.rules, m.rules.view(m.state, player),
                                 transcript.told(m.history, player))

    def show_board(self, player: str, clear: bool = False) -> None:
        if clear and self.terminal:
            self.out.write(CLEAR_SCREEN)
        self.say(self.board_text(player))
        self.redraw = False

    def tell_events(self, events, player: str | None) -> None:
        for e in game.visible_events(events, player):
            self.say(f"  {e.text}")

    def tell_chance(self, events, prompt: str) -> None:
        """A chance outcome as the side at the keyboard was told it: `Red rolls 2`,
        `Red draws a trick`; never the raw outcome of a private draw."""
        seen = [e.text for e in game.visible_events(events, self.holder)]
        self.say(f"chance: {'; '.join(seen) if seen else prompt}")

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
        if word == "moves":
            self.say(self.moves_text(asked, rest.split()))
            return True
        if line == "board":
            self.say(self.board_text(None if asked == CHANCE else asked))
            return True
        if line == "undo":
            try:
                entry = m.undo()
            except UndoError as err:
                self.say(str(err))
                return True
            # another side's move is named, not spelled out: it may have been private
            self.say(f"took back {entry.player}: {entry.text}" if entry.player == asked
                     else f"took back {entry.player}'s last move")
            self.redraw = True
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
        line = self.step(line, asked)
        if not line:
            return True
        try:
            took = self.clock() - self.asked_at if self.timed else None
            events = m.play(line, asked, took, role=self.role(asked))
        except (MoveSyntaxError, IllegalMoveError) as err:
            self.say(f"{line}: {err}")
            return True
        self.chance_asked = False
        self.tell_events(events, asked if asked != CHANCE else self.holder)
        self.redraw = True
        return True

    def step(self, line: str, asked: str) -> str:
        """A line read as a step of the move tree: "" when it took a step (or `back`),
        the whole move's notation when the step completed one, else the line itself."""
        m = self.match
        if not self.chooser.applies(m.state, asked):
            return line
        picked = self.chooser.take(m.state, asked, line)
        if picked.said:
            self.say(picked.said)
        if picked.move is not None:
            return game.format_move(m.rules, m.state, asked, picked.move)
        return "" if picked.handled else line

    def moves_text(self, asked: str, words: list[str]) -> str:
        m = self.match
        moves = game.legal_moves(m.rules, m.state, asked)
        if not moves and asked == CHANCE:
            return "(too many to list: type what came up)"
        pairs = [(mv, game.format_move(m.rules, m.state, asked, mv)) for mv in moves]
        return movelist.describe(movelist.listed(m.rules, pairs, chance=asked == CHANCE),
                                 words)
