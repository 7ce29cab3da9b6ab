"""A match: a state, its history and its record, for interactive play and replay.

    match = Match.new(scenario, chance=SeededChance(7), record="game.rec")
    match.play("boost 1")          # the deciding side's move, in notation
    match.roll()                   # a chance decision answered by the chance source
    match.undo()                   # take back the last move, where the rules allow
    match.board()                  # the deciding side's view, as text

Undo (FIELD-NOTES, *Refereeing*: revealing hidden information or drawing a random
outcome ends what undo may take back) never takes back:
- a chance outcome (a die once seen cannot be unseen, and re-rolling would be a cheat);
- a move whose events reveal something (`Event.reveals`);
- secret orders once their side is no longer the one giving orders (the orders are
  sealed: the other side is at the table now).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit import __version__
from toolkit.referee.players import HEADER as HEADER_PLAYERS, PlayerCountError, with_players
from toolkit.referee import game, overrides, record, registry, roles
from toolkit.referee.chance import ChanceSource
from toolkit.referee.protocol import (
    CHANCE,
    PASS,
    Decision,
    DecisionKind,
    Event,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    Outcome,
    Ruleset,
    ScenarioError,
    State,
)

RULE_UNDO = "undo"


class UndoError(ValueError):
    """Undo refused; `str` says why in the players' words."""


@dataclass(frozen=True)
class Entry:
    """One standing move of the history."""

    player: str
    move: Move
    text: str
    before: State
    events: tuple[Event, ...]
    kind: DecisionKind
    reveals: bool
    seconds: float | None = None  # how long the player took, when timed


def new_game(rules: Ruleset, scenario: Any, options: Mapping[str, Any] | None = None) -> State:
    """The ruleset's first state; a value of the scenario the ruleset cannot use is a
    ScenarioError (one clear message) whatever the ruleset raised."""
    try:
        return rules.new_game(scenario, options) if options is not None else rules.new_game(scenario)
    except ScenarioError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, ArithmeticError) as err:
        raise ScenarioError(f"the {rules.name} rules cannot use this scenario: "
                            f"{type(err).__name__}: {str(err)[:300]}") from None


def _overrides(rec: record.Record, scenario: Any) -> dict[str, Any]:
    """The options a record's game was played under (its `options:` line), read and
    held to the scenario: RecordError at that line when they cannot be."""
    text = dict(rec.header.extra).get(overrides.HEADER)
    if text is None:
        return {}
    line = rec.header.line_of(overrides.HEADER)
    try:
        options = overrides.parse(text)
    except overrides.OverrideError as err:
        raise record.RecordError(rec.path, line, f"options: {err}") from None
    why = overrides.undeclared(scenario, options)
    if why is not None:
        raise record.RecordError(rec.path, line, why)
    return options


class Match:
    def __init__(self, rules: Ruleset, scenario: Any, state: State | None = None, *,
                 chance: ChanceSource | None = None, seed: str = "none",
                 scenario_path: str | os.PathLike | None = None,
                 options: Mapping[str, Any] | None = None):
        self.rules = rules
        self.scenario = scenario
        self.options = dict(options or {})  # the scenario's options set otherwise
        self.state = (new_game(rules, scenario, self.options or None) if state is None
                      else state)
        self.chance = chance
        self.seed = seed
        self.scenario_path = Path(scenario_path if scenario_path is not None
                                  else scenario.path)
        self.history: list[Entry] = []
        self.writer: record.Writer | None = None
        self.bad_line: record.RecordError | None = None  # where a partial replay stopped

    # ------------------------------------------------------------ creating

    @classmethod
    def new(cls, scenario: Any, *, options: Mapping[str, Any] | None = None,
            chance: ChanceSource | None = None, seed: str = "none",
            record_path: str | os.PathLike | None = None) -> "Match":
        if CHANCE in scenario.sides:
            raise ScenarioError(f"no side may be called {CHANCE!r}: records use it for dice "
                                "and draws")
        rules = registry.get(scenario.ruleset)
        match = cls(rules, scenario, chance=chance, seed=seed, options=options)
        if record_path is not None:
            match.writer = record.Writer(record_path, match.header(record_path))
        return match

    @classmethod
    def from_record(cls, rec: record.Record, scenario: Any, *,
                    chance: ChanceSource | None = None, partial: bool = False) -> "Match":
        """Replay a record through the rules; raises RecordError naming the bad line.
        `partial`: a bad body line ends the replay there instead, the match standing after
        the line before it and `bad_line` holding the error (`replay --to N`)."""
        match = cls._for_record(rec, scenario, chance)
        try:
            match.replay_lines(rec)
        except record.RecordError as err:
            if not partial:
                raise
            match.bad_line = err
        return match

    def replay_lines(self, rec: record.Record) -> None:
        """Play the record's body lines, moves and undos, in order."""
        for line in rec.lines:
            try:
                if line.who == record.UNDO:
                    self.undo()
                else:
                    self.play(line.text, line.who, line.seconds)
            except UndoError as err:
                raise record.RecordError(rec.path, line.number, str(err)) from None
            except (MoveSyntaxError, IllegalMoveError) as err:
                raise record.RecordError(rec.path, line.number,
                                         f"{line.who} {line.text!r}: {err}") from None

    @classmethod
    def _for_record(cls, rec: record.Record, scenario: Any,
                    chance: ChanceSource | None) -> "Match":
        """A new match of the record's scenario, players and options, once its header
        agrees with the scenario (RecordError at the header line that does not)."""
        h = rec.header
        if scenario.ruleset != h.ruleset:
            raise record.RecordError(rec.path, h.line_of("ruleset"),
                                     f"the record is for ruleset {h.ruleset}, the scenario "
                                     f"uses {scenario.ruleset}")
        if scenario.source_hash != h.sha256:
            raise record.RecordError(
                rec.path, h.line_of("sha256"),
                f"the scenario {h.scenario} has changed since this record was made "
                f"(sha256 {scenario.source_hash[:12]}…, the record says {h.sha256[:12]}…)")
        players = dict(h.extra).get(HEADER_PLAYERS)
        if players is not None:
            try:
                scenario = with_players(scenario, int(players) if players.isdigit() else -1)
            except PlayerCountError as err:
                raise record.RecordError(rec.path, h.line_of(HEADER_PLAYERS), str(err)) from None
        if tuple(scenario.sides) != h.sides:
            raise record.RecordError(rec.path, h.line_of("sides"),
                                     f"the record's sides ({', '.join(h.sides)}) are not the "
                                     f"scenario's ({', '.join(scenario.sides)})")
        try:
            rules = registry.get(h.ruleset)
        except LookupError as err:
            raise record.RecordError(rec.path, h.line_of("ruleset"), str(err)) from None
        options = _overrides(rec, scenario)
        try:
            match = cls(rules, scenario, chance=chance, seed=h.seed,
                        scenario_path=rec.scenario_path(), options=options)
        except ScenarioError as err:
            if not options:
                raise
            raise record.RecordError(rec.path, h.line_of(overrides.HEADER), str(err)) from None
        return match

    def header(self, record_path: str | os.PathLike) -> record.Header:
        extra = ()
        if self.scenario.fields.get(HEADER_PLAYERS) is not None:
            extra += ((HEADER_PLAYERS, str(len(self.scenario.sides))),)
        if self.options:
            extra += ((overrides.HEADER, overrides.format(self.options)),)
        return record.Header(
            scenario=record.relative_scenario_path(self.scenario_path, record_path),
            sha256=self.scenario.source_hash, ruleset=self.rules.name,
            sides=tuple(self.scenario.sides), frontkit=__version__, seed=self.seed,
            extra=extra,
        )

    # -------------------------------------------------------------- asking

    @property
    def decision(self) -> Decision | None:
        return self.rules.decision(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.decision is None

    def deciding_player(self) -> str | None:
        """The side asked now (the first still owing orders), CHANCE, or None when over."""
        d = self.decision
        return None if d is None else game.deciding_player(d)

    def seats(self) -> list[tuple[str, str | None]]:
        """Every seat as (side, role); (side, None) a side when the game has no roles."""
        return roles.seats(self.rules, self.state, self.scenario.sides)

    def asked_seat(self, side: str | None = None) -> str | None:
        """The name of the seat that answers for `side` (default: the deciding side) now,
        `Delta logistics` when the game has roles; CHANCE, or None when over."""
        side = side or self.deciding_player()
        if side is None or side == CHANCE:
            return side
        return roles.asked(self.rules, self.state, side)

    def legal(self, player: str | None = None) -> list[str]:
        player = player or self.deciding_player()
        if player is None:
            return []
        return [game.format_move(self.rules, self.state, player, m)
                for m in game.legal_moves(self.rules, self.state, player)]

    def board(self, player: str | None = None) -> str:
        """The board as `player` (default: the deciding side) may see it."""
        if player is None or player == CHANCE:
            player = self.deciding_player()
            if player == CHANCE:
                player = None
        return self.rules.render(self.rules.view(self.state, player))

    def state_hash(self) -> str:
        return self.rules.state_hash(self.state)

    @property
    def chance_count(self) -> int:
        return sum(1 for e in self.history if e.player == CHANCE)

    # -------------------------------------------------------------- moving

    def play(self, text: str, player: str | None = None,
             seconds: float | None = None, role: str | None = None) -> tuple[Event, ...]:
        """Read and play a move of `player` (default: the deciding side); `seconds`, the
        time the player took, goes into the record. `role`: the seat of the side that
        typed it, when the game has roles (a wrong seat is refused before the move is
        read: toolkit.referee.roles)."""
        player = player or self.deciding_player()
        if player is None:
            raise IllegalMoveError(game.RULE_OVER, "the game is over", text)
        if role is not None:
            self._check_seat(player, role, text)
        move = game.parse_move(self.rules, self.state, player, text)
        return self.play_move(player, move, text.strip(), seconds, role)

    def _check_seat(self, player: str, role: str, text: str | None) -> None:
        illegal = roles.check(self.rules, self.state, player, role, self.decision)
        if illegal is not None:
            raise IllegalMoveError.of(illegal, text)

    def play_move(self, player: str, move: Move, text: str | None = None,
                  seconds: float | None = None, role: str | None = None) -> tuple[Event, ...]:
        if role is not None:
            self._check_seat(player, role, text)
        decision = self.decision
        before = self.state
        after, events = game.play(self.rules, before, player, move, text, decision)
        notation = game.format_move(self.rules, before, player, move)
        self.state = after
        self.history.append(Entry(player, move, notation, before, events,
                                  decision.kind if decision else DecisionKind.MOVE,
                                  any(e.reveals for e in events), seconds))
        if self.writer is not None:
            self.writer.append(record.move_line(player, notation, seconds))
        return events

    def roll(self) -> tuple[Event, ...]:
        """Answer the pending chance decision from the chance source."""
        d = self.decision
        if d is None or d.kind is not DecisionKind.CHANCE:
            raise IllegalMoveError(game.RULE_TURN, f"no chance outcome is due; "
                                   f"{game.waiting_for(d)}")
        if self.chance is None:
            raise IllegalMoveError("chance-source", "this match has no chance source")
        return self.play_move(CHANCE, self.chance.answer(d.chance))

    def time_limit(self, player: str) -> float | None:
        """Seconds `player` has for the current decision (the ruleset's optional
        `time_limit` hook; None: untimed)."""
        hook = getattr(self.rules, "time_limit", None)
        if hook is None or player == CHANCE or self.over:
            return None
        return hook(self.state, player)

    def time_out(self, player: str) -> tuple[Event, ...]:
        """Time is up: answer PASS (the ruleset says what PASS means there) for each
        action `player` still owes in the decision the clock was timing. That decision
        ends when a player not asked when the time ran out is asked (a new collection
        of orders, the next turn, the opponent's move): a late deployment passes the
        deployment, never the first turn's planning. Each PASS is an ordinary record line."""
        events: list[Event] = []
        d = self.decision
        owed = frozenset(d.players) if d is not None else frozenset()
        for _ in range(10_000):
            d = self.decision
            if d is None or player not in d.players or not owed.issuperset(d.players):
                break
            events.extend(self.play_move(player, PASS, "pass"))
        return tuple(events)

    def why_not_undo(self) -> str | None:
        """None if undo may take back the last move, else why not."""
        if not self.history:
            return "there is nothing to take back"
        last = self.history[-1]
        if last.player == CHANCE:
            return f"a chance outcome ({last.text}) cannot be taken back"
        if last.reveals:
            return f"{last.player}'s {last.text} revealed hidden information; it stands"
        if last.kind is DecisionKind.ORDERS:
            d = self.decision
            if d is None or d.kind is not DecisionKind.ORDERS or \
                    game.deciding_player(d) != last.player:
                return f"{last.player}'s orders are sealed"
        return None

    def undo(self) -> Entry:
        """Take back the last move; raises UndoError when the rules above forbid it."""
        reason = self.why_not_undo()
        if reason is not None:
            raise UndoError(f"cannot undo: {reason} ({RULE_UNDO})")
        entry = self.history.pop()
        self.state = entry.before
        if self.writer is not None:
            self.writer.append(record.UNDO)
        return entry

    # -------------------------------------------------------------- saving

    def record_text(self, record_path: str | os.PathLike) -> str:
        """The record of the standing moves, header included (undone moves left out)."""
        lines = [record.move_line(e.player, e.text, e.seconds) for e in self.history]
        return self.header(record_path).format() + "".join(line + "\n" for line in lines)

    def save(self, path: str | os.PathLike) -> None:
        """Write the record to `path`: a new file or a regular one (never a FIFO or a
        device, which would block or swallow the game)."""
        target = Path(path)
        if (target.exists() or target.is_symlink()) and not target.is_file():
            import errno

            raise OSError(errno.EINVAL, "not a regular file", str(target))
        target.write_text(self.record_text(path), encoding="utf-8")

    def attach(self, record_path: str | os.PathLike) -> None:
        """Append further moves to an existing record (resuming it)."""
        self.writer = record.Writer(record_path)
