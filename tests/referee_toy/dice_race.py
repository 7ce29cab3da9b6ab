"""Dice Race: a toy game that uses every kind of decision the referee core knows.

Two runners on a track (the scenario's board width). Each round:

1. ORDERS  — both sides secretly commit a boost: `boost N`, 0 to 2 but no more than
             they have left (`boosts` option, default 3). Revealed together. (DR-boost)
2. for each side in seat order:
   CHANCE  — roll 1d6 for that side's run.
   MOVE    — `advance` (run die + boost squares) or `hold` (stay put and win back one
             boost, never above the starting number). (DR-hold)
   REACTION — if the runner ends on the other's square, the other side may `bump`
             (push it back one square, once per game) or `pass`. (DR-bump)
A runner reaching the last square wins (DR-win); after `rounds` rounds the game is a
draw (DR-rounds).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from toolkit.referee.chance import ChanceOutcome, Dice
from toolkit.referee.protocol import (
    PASS,
    Decision,
    Event,
    Illegal,
    MoveSyntaxError,
    Outcome,
    ScenarioError,
)

MAX_BOOST = 2


@dataclass(frozen=True, slots=True)
class Boost:
    amount: int

    def __str__(self) -> str:
        return f"boost {self.amount}"


ADVANCE = "advance"
HOLD = "hold"
BUMP = "bump"


@dataclass(frozen=True, slots=True)
class RaceState:
    sides: tuple[str, str]
    length: int
    max_boosts: int
    rounds: int
    positions: tuple[int, int] = (0, 0)
    boosts: tuple[int, int] = (0, 0)
    bumped: tuple[bool, bool] = (False, False)
    pending: tuple[int | None, int | None] = (None, None)  # secret boosts
    committed: tuple[int, int] = (0, 0)  # revealed boosts of this round
    phase: str = "plan"  # plan | roll | choose | react | over
    runner: int = 0  # whose run it is (roll/choose/react)
    die: int = 0
    round: int = 1
    winner: int | None = None


@dataclass(frozen=True)
class RaceView:
    player: str | None
    round: int
    positions: tuple[tuple[str, int], ...]
    boosts: tuple[tuple[str, int], ...]
    sealed: tuple[str, ...]  # sides whose boost is committed but hidden
    my_boost: tuple[str, int] | None  # (side, boost): the viewer's own sealed boost
    phase: str
    length: int


class DiceRace:
    name = "dice_race"

    def new_game(self, scenario: Any, options: Mapping[str, Any] | None = None) -> RaceState:
        if len(scenario.sides) != 2:
            raise ScenarioError("Dice Race is for exactly two sides")
        opts = dict(scenario.options.items())
        opts.update(options or {})
        boosts = int(opts.get("boosts", 3))
        return RaceState(
            sides=tuple(scenario.sides), length=scenario.board.width, max_boosts=boosts,
            rounds=int(opts.get("rounds", 20)), boosts=(boosts, boosts),
        )

    # ------------------------------------------------------------ decisions

    def decision(self, s: RaceState) -> Decision | None:
        if s.phase == "over":
            return None
        if s.phase == "plan":
            return Decision.orders([side for side, p in zip(s.sides, s.pending) if p is None],
                                   "commit a secret boost")
        who = s.sides[s.runner]
        if s.phase == "roll":
            return Decision.roll(Dice(1, 6, f"{who}'s run"))
        if s.phase == "choose":
            return Decision.move(who, f"rolled {s.die}: advance or hold")
        return Decision.reaction(s.sides[1 - s.runner], f"{who} landed on you: bump or pass")

    def legal_moves(self, s: RaceState, player: str) -> Iterable[Any]:
        if s.phase == "plan":
            candidates: list[Any] = [Boost(n) for n in range(MAX_BOOST + 1)]
        elif s.phase == "choose":
            candidates = [ADVANCE, HOLD]
        elif s.phase == "react":
            candidates = [PASS, BUMP]
        else:
            candidates = []
        return [m for m in candidates if self.check(s, player, m) is None]

    def check(self, s: RaceState, player: str, move: Any) -> Illegal | None:
        i = s.sides.index(player)
        if s.phase == "plan":
            if not isinstance(move, Boost):
                return Illegal("DR-boost", "every side first commits a boost (boost 0 to 2)")
            if s.pending[i] is not None:
                return Illegal("DR-boost", "your boost is already committed")
            if not 0 <= move.amount <= MAX_BOOST:
                return Illegal("DR-boost", f"a boost is 0 to {MAX_BOOST}")
            if move.amount > s.boosts[i]:
                return Illegal("DR-boost", f"you have only {s.boosts[i]} boost(s) left")
            return None
        if s.phase == "choose":
            if move == ADVANCE:
                return None
            if move == HOLD:
                if s.boosts[i] >= s.max_boosts:
                    return Illegal("DR-hold", "you may hold only to win back a spent boost")
                return None
            return Illegal("DR-turn", "after a roll you advance or hold")
        if s.phase == "react":
            if move is PASS:
                return None
            if move == BUMP:
                if s.bumped[i]:
                    return Illegal("DR-bump", "each side may bump only once per game")
                return None
            return Illegal("DR-bump", "you may bump or pass")
        return Illegal("DR-turn", "nobody moves now")

    # --------------------------------------------------------------- apply

    def apply(self, s: RaceState, player: str, move: Any) -> tuple[RaceState, tuple[Event, ...]]:
        if s.phase == "roll":
            assert isinstance(move, ChanceOutcome)
            die = move.values[0]
            who = s.sides[s.runner]
            return replace(s, phase="choose", die=die), (Event("roll", f"{who} rolls {die}"),)
        i = s.sides.index(player)
        if s.phase == "plan":
            pending = list(s.pending)
            pending[i] = move.amount
            events = [Event("plan", f"{player} commits a boost of {move.amount}",
                            to=frozenset({player}))]
            s = replace(s, pending=tuple(pending))
            if None not in pending:  # boosts are spent when revealed, not before
                events.append(Event("reveal", "boosts revealed: " + ", ".join(
                    f"{side} {p}" for side, p in zip(s.sides, pending)), reveals=True))
                boosts = tuple(b - p for b, p in zip(s.boosts, pending))
                s = replace(s, pending=(None, None), committed=tuple(pending), phase="roll",
                            runner=0, boosts=boosts)
            return s, tuple(events)
        if s.phase == "choose":
            if move == HOLD:
                boosts = list(s.boosts)
                boosts[i] += 1
                s = replace(s, boosts=tuple(boosts))
                return self._next_runner(s, (Event("hold", f"{player} holds"),))
            positions = list(s.positions)
            positions[i] = min(s.length - 1, positions[i] + s.die + s.committed[i])
            s = replace(s, positions=tuple(positions))
            events = (Event("advance", f"{player} runs to square {positions[i] + 1}"),)
            if positions[i] == s.length - 1:
                return replace(s, phase="over", winner=i), events
            if positions[i] == positions[1 - i]:
                return replace(s, phase="react"), events
            return self._next_runner(s, events)
        # react
        if move == BUMP:
            positions = list(s.positions)
            r = s.runner
            positions[r] = max(0, positions[r] - 1)
            bumped = list(s.bumped)
            bumped[i] = True
            s = replace(s, positions=tuple(positions), bumped=tuple(bumped))
            return self._next_runner(s, (Event("bump", f"{player} bumps {s.sides[r]} back"),))
        return self._next_runner(s, (Event("pass", f"{player} lets it be"),))

    def _next_runner(self, s: RaceState, events: tuple[Event, ...]):
        if s.runner == 0:
            return replace(s, runner=1, phase="roll"), events
        if s.round >= s.rounds:
            return replace(s, phase="over", winner=None), events
        return replace(s, round=s.round + 1, phase="plan", runner=0, committed=(0, 0)), events

    def outcome(self, s: RaceState) -> Outcome | None:
        if s.phase != "over":
            return None
        if s.winner is None:
            return Outcome(None, f"nobody finished in {s.rounds} rounds", "DR-rounds")
        return Outcome(s.sides[s.winner], "reached the last square first", "DR-win")

    # ---------------------------------------------------- views and notation

    def view(self, s: RaceState, player: str | None) -> RaceView:
        mine = None
        if player in s.sides and s.pending[s.sides.index(player)] is not None:
            mine = (player, s.pending[s.sides.index(player)])
        return RaceView(
            player=player, round=s.round, positions=tuple(zip(s.sides, s.positions)),
            boosts=tuple(zip(s.sides, s.boosts)),
            sealed=tuple(side for side, p in zip(s.sides, s.pending) if p is not None),
            my_boost=mine, phase=s.phase, length=s.length,
        )

    def render(self, v: RaceView) -> str:
        lines = [f"round {v.round}"]
        for side, pos in v.positions:
            lane = ["."] * v.length
            lane[pos] = side[0]
            lines.append(f"{side:>6} |{' '.join(lane)}|")
        lines.append("boosts left: " + ", ".join(f"{s} {n}" for s, n in v.boosts))
        if v.sealed:
            lines.append("sealed boosts: " + ", ".join(v.sealed))
        if v.my_boost is not None:
            lines.append(f"your boost: {v.my_boost[1]}")
        return "\n".join(lines)

    def state_hash(self, s: RaceState) -> str:
        key = repr((s.positions, s.boosts, s.bumped, s.pending, s.committed, s.phase,
                    s.runner, s.die, s.round, s.winner))
        return hashlib.sha256(key.encode()).hexdigest()[:16]

    def parse_move(self, text: str) -> Any:
        words = text.split()
        if words == ["advance"]:
            return ADVANCE
        if words == ["hold"]:
            return HOLD
        if words == ["bump"]:
            return BUMP
        if len(words) == 2 and words[0] == "boost" and words[1].isdigit():
            return Boost(int(words[1]))
        raise MoveSyntaxError("DR-notation", "moves are: boost N, advance, hold, bump, pass",
                              text)

    def format_move(self, move: Any) -> str:
        return str(move)

    def secrets(self, s: RaceState, player: str):
        i = s.sides.index(player)
        if s.pending[i] is not None:
            yield ("my_boost", (player, s.pending[i]))  # RaceView.my_boost, if it leaked

    def invariants(self, s: RaceState):
        for side, pos, b in zip(s.sides, s.positions, s.boosts):
            if not 0 <= pos < s.length:
                yield f"{side} is off the track at {pos}"
            if not 0 <= b <= s.max_boosts:
                yield f"{side} has {b} boosts"

    def notation_help(self) -> str:
        return "boost N (0-2, secret), advance, hold, bump, pass"


from tests.referee_toy import dice_race_bots  # noqa: E402 (hooks for bots and reports)

(DiceRace.evaluate, DiceRace.determinize, DiceRace.move_label,
 DiceRace.turn_number) = dice_race_bots.HOOKS

RULESET = DiceRace()
