"""The match at the table: what the seats may do to it.

A `Table` holds the one `Match` of a server, answers chance decisions from its
chance source (or waits for a seat to type what the table rolled, with
`--table`), checks moves without playing them, and runs undo requests: a seat
asks, every other side accepts, and only then is the last move taken back, under
`Match.why_not_undo` (never a die, a draw, a revealed secret or sealed orders).

Clocks, where the ruleset has them (its `time_limit` hook, e.g. Front Lines with
`timers online`): as in `frontkit play`, a side's clock runs from when it is first
asked until it is no longer asked (Front Lines: one planning clock for a turn's
actions), and when it runs out the match answers `pass` for that side until it is
no longer asked, written to the record like any move; but only for what it owes
in the current collection of orders: a side still asked when the next one begins
(it deployed last, and turn 1's planning follows) is not passed for that too, as
FL-timer-1 reads ("pass for each action still owed"). Every side
asked at once (secret orders) has its own clock running at once; in a reaction
window only the side answering first is timed. Clocks start once every side's page
has connected (`seated`): nobody loses time before the table is full.

Every method takes the acting `Seat` and raises `Refused` (a rule id and one
sentence) instead of changing anything when the action is not allowed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.referee import game, roles
from toolkit.referee import steps as move_tree
from toolkit.referee.match import RULE_UNDO, Match, UndoError
from toolkit.referee.protocol import (
    CHANCE,
    PASS,
    DecisionKind,
    Illegal,
    IllegalMoveError,
    MoveSyntaxError,
)
from toolkit.web.cards import CardPictures
from toolkit.web.moves import SpaceFinder, from_to
from toolkit.web.seats import Seat
from toolkit.web.words import Words

RULE_SPECTATOR = "spectator"
RULE_CLICK = "no-such-move"
RULE_TIME = "time-up"
RULE_STEP = move_tree.RULE_STEP


def _without_rule(err) -> str:
    """The error's sentence without its trailing `(RULE)` (the page adds it)."""
    text = str(err)
    tail = f" ({err.rule})"
    return text[:-len(tail)] if text.endswith(tail) else text


class Refused(ValueError):
    """An action not taken: `rule` and `reason` say why. `typed`: the text sent could
    not be read as a move, and the reason quotes it and the notation as typed (the page
    words every other reason, `Words.say`)."""

    def __init__(self, rule: str, reason: str, typed: bool = False):
        self.rule = rule
        self.reason = reason
        self.typed = typed
        super().__init__(f"{reason} ({rule})")

    @classmethod
    def of(cls, illegal: Illegal) -> "Refused":
        return cls(illegal.rule, illegal.reason)


@dataclass
class UndoRequest:
    """A seat asks to take back the last move; `waiting` still have to accept."""

    by: str
    at: int  # the history length it was asked at: a move played since cancels it
    waiting: set[str] = field(default_factory=set)


class Table:
    def __init__(self, match: Match, *, record_path: Path | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.match = match
        self.record_path = record_path
        self.undo: UndoRequest | None = None
        self.clock = clock
        self.deadlines: dict[str, float] = {}  # side -> when its time is up (clock's time)
        self.present: set[str] = set()  # seats whose page has connected
        #: every seat's name: the sides, or `Delta logistics`… when the game has roles
        self.seat_names = [roles.seat_name(side, role) for side, role in match.seats()]
        self.finder = SpaceFinder(s.id for s in match.scenario.board.spaces) \
            if match.scenario.boards else SpaceFinder(())
        self.pictures = CardPictures(match.scenario)
        self.words = Words(match.scenario, match.rules)  # the players' names of what it shows
        self.version = 0  # grows with every change, so pages know they are current
        self.settle()

    @property
    def rules(self):
        return self.match.rules

    @property
    def table_chance(self) -> bool:
        """True when the players type dice and draws (no chance source)."""
        return self.match.chance is None

    # --------------------------------------------------------------- helpers

    def _changed(self) -> None:
        self.version += 1
        if self.undo is not None and self.undo.at != len(self.match.history):
            self.undo = None
        self._run_clocks()

    def settle(self) -> None:
        """Answer every chance decision now due from the chance source."""
        m = self.match
        while m.chance is not None and m.decision is not None and \
                m.decision.kind is DecisionKind.CHANCE:
            m.roll()
            self._changed()

    def roles(self) -> list[str]:
        """The roles each side is played by (empty: one seat a side)."""
        return [r.name for r in roles.roles(self.rules, self.match.state)]

    def answers_now(self, seat: Seat) -> bool:
        """True when `seat`'s side is asked now and its role is the one that answers."""
        d = self.match.decision
        return (d is not None and not seat.spectator and seat.side in d.players and
                roles.check(self.rules, self.match.state, seat.side, seat.role, d) is None)

    def _check_seat(self, seat: Seat, player: str) -> None:
        """Refused with the rule of the role that answers, when `seat` is the wrong seat
        of the side asked (LW-R42: `it is Delta logistics's decision: …`)."""
        if player == CHANCE:
            return
        illegal = roles.check(self.rules, self.match.state, seat.side, seat.role,
                              self.match.decision)
        if illegal is not None:
            raise Refused.of(illegal)

    def player_for(self, seat: Seat) -> str:
        """Who `seat` plays for now: its side, or CHANCE when the table types a roll."""
        if seat.spectator:
            raise Refused(RULE_SPECTATOR, "spectators watch; they make no moves")
        d = self.match.decision
        if d is not None and d.kind is DecisionKind.CHANCE and self.table_chance:
            return CHANCE
        return seat.side

    # ---------------------------------------------------------------- clocks

    def seated(self, name: str | None) -> None:
        """A page of the seat `name` connected (None: a spectator); clocks run once
        every seat's has."""
        if name is not None and name not in self.present:
            self.present.add(name)
            self._run_clocks()

    def _timed(self) -> list[str]:
        """The sides whose clock runs now: every side asked for secret orders, else the
        side asked first; none during chance or before every side has sat down."""
        m = self.match
        d = m.decision
        if d is None or d.kind is DecisionKind.CHANCE or \
                not self.present.issuperset(self.seat_names):
            return []
        return list(d.players) if d.kind is DecisionKind.ORDERS else [d.players[0]]

    def _run_clocks(self) -> None:
        """Stop the clocks of sides no longer asked; start those of sides newly asked. A
        side newly asked for secret orders starts a new collection (the next turn's
        planning), so every side asked in it starts afresh, even one that was still
        asked for the last (the side that deployed last is asked for turn 1 at once)."""
        timed = self._timed()
        joined = [side for side in timed if side not in self.deadlines]
        d = self.match.decision
        restart = set(timed) if joined and d is not None and \
            d.kind is DecisionKind.ORDERS else set(joined)
        for side in list(self.deadlines):
            if side not in timed or side in restart:
                del self.deadlines[side]
        for side in timed:
            if side in restart:
                limit = self.match.time_limit(side)
                if limit is not None:
                    self.deadlines[side] = self.clock() + limit

    def clocks(self) -> dict[str, float]:
        """Seconds left to each side whose clock runs."""
        now = self.clock()
        return {side: max(0.0, at - now) for side, at in self.deadlines.items()}

    def next_time_up(self) -> float | None:
        """Seconds until the first running clock runs out (None: none runs)."""
        left = self.clocks()
        return min(left.values()) if left else None

    def time_out(self) -> list[str]:
        """Answer `pass` for every side whose time is up, for each action it still owes
        in this collection (FL-timer-1: a deployment clock never passes the next turn's
        planning); returns those sides."""
        late: list[str] = []
        while True:
            now = self.clock()
            side = next((s for s, at in self.deadlines.items() if at <= now), None)
            if side is None:
                return late
            del self.deadlines[side]
            self.match.time_out(side)
            late.append(side)
            self._changed()
            self.settle()

    # ----------------------------------------------------------------- moves

    def parse(self, seat: Seat, text: str) -> tuple[str, Any]:
        player = self.player_for(seat)
        m = self.match
        if m.over:
            raise Refused(game.RULE_OVER, "the game is over")
        self._check_seat(seat, player)
        try:
            return player, game.parse_move(self.rules, m.state, player, text)
        except (MoveSyntaxError, IllegalMoveError) as err:
            raise Refused(err.rule, _without_rule(err),
                          typed=isinstance(err, MoveSyntaxError)) from None

    def check(self, seat: Seat, text: str) -> str:
        """The move's notation if `seat` may play `text` now; else raises Refused."""
        player, move = self.parse(seat, text)
        illegal = game.check(self.rules, self.match.state, player, move)
        if illegal is not None:
            raise Refused.of(illegal)
        return game.format_move(self.rules, self.match.state, player, move)

    def play(self, seat: Seat, text: str, seconds: float | None = None) -> None:
        """Play `text` for `seat` (a roll typed at the table, with --table); the
        record is written by the match as in `frontkit play`."""
        player, move = self.parse(seat, text)
        try:
            self.match.play_move(player, move, text.strip(), seconds)
        except IllegalMoveError as err:
            raise Refused(err.rule, err.reason) from None
        self._changed()
        self.settle()

    def steps(self, seat: Seat, chosen: list[str]) -> list[dict[str, Any]]:
        """The choices open to `seat` after the tokens `chosen` (the move tree,
        `toolkit.referee.steps`): each `token`, its `label` in players' words and, for
        a leaf, the whole `move` in notation (what the page sends to play it)."""
        player = self.player_for(seat)
        m = self.match
        if player == CHANCE:
            raise Refused(RULE_STEP, "what came up at the table is typed, not chosen")
        if m.over:
            raise Refused(game.RULE_OVER, "the game is over")
        self._check_seat(seat, player)
        try:
            offered = move_tree.shown(self.rules, m.state, player, tuple(chosen))
        except IllegalMoveError as err:
            raise Refused(err.rule, _without_rule(err)) from None
        out = []
        for s in offered:
            move = None if s.move is None else \
                game.format_move(self.rules, m.state, player, s.move)
            out.append({"token": s.token, "label": self.words.say(s.label), "move": move})
        return out

    def check_click(self, seat: Seat, a: str, b: str) -> str:
        """The notation of the one legal move of `seat` from space `a` to `b`; else
        Refused with the rule that forbids such a move (the ruleset's own check of
        the moves of its notation that go from `a` to `b`)."""
        if seat.spectator:
            raise Refused(RULE_SPECTATOR, "spectators watch; they make no moves")
        m = self.match
        d = m.decision
        if d is None or seat.side not in d.players:
            illegal = game.check(self.rules, m.state, seat.side, PASS, d)
            raise Refused.of(illegal or Illegal(game.RULE_TURN, game.waiting_for(d)))
        self._check_seat(seat, seat.side)
        legal = [t for t in m.legal(seat.side)
                 if from_to(self.finder.mentioned(t), a, b)]
        if len(legal) == 1:
            return legal[0]
        if legal:
            said = [self.words.move(self.rules, m.state, seat.side,
                                    game.parse_move(self.rules, m.state, seat.side, t))
                    for t in legal]
            raise Refused(RULE_CLICK, f"{len(legal)} moves go from {a} to {b}: "
                          + "; ".join(said))
        for text in self._click_texts(seat.side, a, b):
            try:
                move = game.parse_move(self.rules, m.state, seat.side, text)
            except (MoveSyntaxError, IllegalMoveError):
                continue
            illegal = game.check(self.rules, m.state, seat.side, move, d)
            if illegal is not None:
                raise Refused.of(illegal)
        raise Refused(RULE_CLICK, f"no legal move of {seat.side} goes from {a} to {b}")

    def _click_texts(self, side: str, a: str, b: str) -> list[str]:
        """Moves of the game's notation from `a` to `b`: from the ruleset's optional
        `move_space` hook, then the legal moves of other spaces with their first two
        spaces replaced (`move B1 B3` -> `move A B`)."""
        m = self.match
        out: list[str] = []
        hook = getattr(self.rules, "move_space", None)
        if hook is not None:
            for move in hook(m.state, side):
                text = game.format_move(self.rules, m.state, side, move)
                if from_to(self.finder.mentioned(text), a, b):
                    out.append(text)
        moved = self._kinds_at(side, a)
        if not moved:  # no piece of the side there: no piece's rule applies
            return list(dict.fromkeys(out))
        templates = sorted(m.legal(side), key=lambda t: not (
            self._kinds_at(side, (self.finder.mentioned(t) or [""])[0]) & moved))
        for text in templates:  # first those of a piece of the kind that stands on `a`
            spaces = self.finder.mentioned(text)
            if len(spaces) < 2:
                continue
            first = text.find(spaces[0])
            second = text.find(spaces[1], first + len(spaces[0]))
            out.append(text[:first] + a + text[first + len(spaces[0]):second] + b
                       + text[second + len(spaces[1]):])
        return list(dict.fromkeys(out))

    def _kinds_at(self, side: str, space: str) -> set[str]:
        """The kinds of `side`'s pieces on `space` as `side` sees them (a click on a
        space is refused with the rule of the piece standing there: no commander's
        rule for infantry)."""
        view = self.rules.view(self.match.state, side)
        return {p.kind for p in getattr(view, "pieces", ())
                if p.space == space and p.side == side and p.kind}

    # ------------------------------------------------------------------ undo

    def why_not_undo(self, seat: Seat) -> str | None:
        if seat.spectator:
            return "spectators watch; they take nothing back"
        if self.match.over:
            return "the game is over"
        if self.undo is not None:
            return f"{self.undo.by} has asked already"
        reason = self.match.why_not_undo()
        history = self.match.history
        if reason is not None and history and history[-1].player != seat.side:
            # another side's move is named, never spelled out: it may have been private
            reason = reason.replace(f"'s {history[-1].text} ", "'s last move ")
            reason = reason.replace(f"({history[-1].text})", "").replace("  ", " ")
        return reason

    def ask_undo(self, seat: Seat) -> bool:
        """Ask to take back the last move; True if it was taken back at once (no
        other side to ask)."""
        reason = self.why_not_undo(seat)
        if reason is not None:
            raise Refused(RULE_UNDO, f"cannot undo: {reason}")
        others = {s for s in self.match.scenario.sides if s != seat.side}
        self.undo = UndoRequest(seat.side, len(self.match.history), others)
        self._changed()
        if not others:
            return self._take_back()
        return False

    def answer_undo(self, seat: Seat, accept: bool) -> bool:
        """Accept or decline the pending request; True once it was taken back."""
        req = self.undo
        if req is None or seat.side not in req.waiting:
            raise Refused(RULE_UNDO, "no undo request is waiting for your answer")
        if not accept:
            self.undo = None
            self._changed()
            return False
        req.waiting.discard(seat.side)
        self._changed()
        if req.waiting:
            return False
        return self._take_back()

    def _take_back(self) -> bool:
        self.undo = None
        try:
            self.match.undo()
        except UndoError as err:
            raise Refused(RULE_UNDO, str(err)) from None
        self._changed()
        return True

    # ---------------------------------------------------------------- record

    def record_name(self) -> str:
        if self.record_path is not None:
            return self.record_path.name
        return f"{Path(self.match.scenario_path).stem}.rec"

    def record_text(self) -> str:
        """The record of the game (every side's moves: offered only once it is over)."""
        path = self.record_path or Path.cwd() / self.record_name()
        return self.match.record_text(path)
