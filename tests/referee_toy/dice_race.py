"""Dice Race: a toy game on the rules kit that uses every kind of decision.

Two to four runners on a track (the scenario's board width), each holding one
hidden trick card. Each round:

1. plan (together, secret) — every side commits a boost: `boost N`, 0 to 2 but no
   more than it has left (`boosts` option, default 3). Revealed together. (DR-boost)
2. run (in turn, in seat order) — for each side:
   chance — roll 1d6 for its run;
   move   — `advance` (run die + boost squares), `advance TRICK` (also play the
            trick in hand: its effect moves the runner further, then a new trick
            is drawn, privately) or `hold` (stay put, win back one boost). (DR-hold,
            DR-trick)
   react  — if the runner lands where other runners stand, each of them, in seat
            order after the runner, may `bump` it back one square (once per game
            each) or pass; the first who bumps takes it. (DR-bump)
With the `hand` option (default 0) each side starts with that many tricks.
A runner reaching the last square wins and the others are ranked by how far
they got (DR-win); after `rounds` rounds the game is a draw (DR-rounds).

Every part is the kit's: phases and windows (kit.phases), the hidden hand and
the deck (kit.zones, draws as chance decisions), the trick cards' effects
(kit.effects, checked at `frontkit check`), the scenario's turn-sequence table
(checked against the phases), and the common view (kit.view).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from toolkit.referee.kit import effects as fx
from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.flow import Flow, open_window
from toolkit.referee.kit.needs import Needs
from toolkit.referee.kit.phases import CHANCE, REACT, TOGETHER, TURNS, Phase, Window
from toolkit.referee.kit.rules import KitRules
from toolkit.referee.kit.view import View, board_view, pile_view, PieceView, TrackView
from toolkit.referee.chance import Dice
from toolkit.referee.protocol import (
    Event, Illegal, MoveSyntaxError, Outcome)

MAX_BOOST = 2
ADVANCE, HOLD, BUMP = "advance", "hold", "bump"
HAND, DECK, DISCARD = "hand", "tricks", "discard"


@dataclass(frozen=True, slots=True)
class Boost:
    amount: int

    def __str__(self) -> str:
        return f"boost {self.amount}"


@dataclass(frozen=True, slots=True)
class Trick:
    """`advance TRICK`: advance and play the trick card from hand."""

    card: str

    def __str__(self) -> str:
        return f"advance {self.card}"


@dataclass(frozen=True)
class Config:
    length: int
    max_boosts: int
    rounds: int
    tricks: Mapping[str, Any]  # card name -> CardDef
    board: Any


@dataclass(frozen=True, slots=True)
class RaceState:
    sides: tuple[str, ...]
    cfg: Config = field(metadata={"hash": False})
    flow: Flow
    positions: tuple[int, ...]
    boosts: tuple[int, ...]
    bumped: tuple[bool, ...]
    pending: tuple[int | None, ...]  # secret boosts
    committed: tuple[int, ...]  # revealed boosts of this round
    zones: tuple[zn.Zone, ...]
    die: int = 0
    winner: int | None = None

    def at(self, side: str) -> int:
        return self.sides.index(side)


def _put(seq: tuple, i: int, value: Any) -> tuple:
    return seq[:i] + (value,) + seq[i + 1:]


# ------------------------------------------------------------------ effects

EFFECTS = fx.Effects("dice_race")


@EFFECTS.primitive(by=fx.Int(-3, 3))
def move(ctx, by):
    """Move {by} more squares."""
    state, i = ctx
    pos = max(0, min(state.cfg.length - 1, state.positions[i] + by))
    return replace(state, positions=_put(state.positions, i, pos))


# ------------------------------------------------------------------ phases


class Plan:
    """plan (together): every side commits a secret boost."""

    def candidates(self, s: RaceState, side: str):
        return [Boost(n) for n in range(MAX_BOOST + 1)]

    def check(self, s: RaceState, side: str, m: Any) -> Illegal | None:
        i = s.at(side)
        if not isinstance(m, Boost):
            return Illegal("DR-boost", "every side first commits a boost (boost 0 to 2)")
        if not 0 <= m.amount <= MAX_BOOST:
            return Illegal("DR-boost", f"a boost is 0 to {MAX_BOOST}")
        if m.amount > s.boosts[i]:
            return Illegal("DR-boost", f"you have only {s.boosts[i]} boost(s) left")
        return None

    def apply(self, s: RaceState, side: str, m: Boost):
        s = replace(s, pending=_put(s.pending, s.at(side), m.amount))
        return s, (Event("plan", f"you commit a boost of {m.amount}", to=frozenset({side})),
                   Event("plan", f"{side} commits a boost"))

    def resolve(self, s: RaceState):
        """Boosts are spent when revealed, not before (DR-boost)."""
        said = ", ".join(f"{side} {p}" for side, p in zip(s.sides, s.pending))
        boosts = tuple(b - p for b, p in zip(s.boosts, s.pending))
        s = replace(s, committed=tuple(s.pending), pending=(None,) * len(s.sides),
                    boosts=boosts)
        return s, (Event("reveal", f"boosts revealed: {said}", reveals=True),)


class Run:
    """run (in turn): roll, then advance (with a trick or not) or hold."""

    def begin_turn(self, s: RaceState, side: str):
        return open_window(s, Window("roll", CHANCE, spec=Dice(1, 6, f"{side}'s run"))), ()

    def candidates(self, s: RaceState, side: str):
        hand = zn.find(s.zones, HAND, side).cards
        return [ADVANCE, HOLD] + [Trick(c) for c in sorted(set(hand))]

    def check(self, s: RaceState, side: str, m: Any) -> Illegal | None:
        i = s.at(side)
        if m == ADVANCE:
            return None
        if m == HOLD:
            if s.boosts[i] >= s.cfg.max_boosts:
                return Illegal("DR-hold", "you may hold only to win back a spent boost")
            return None
        if isinstance(m, Trick):
            if m.card not in zn.find(s.zones, HAND, side):
                return Illegal("DR-trick", f"you hold no {m.card} card")
            return None
        return Illegal("DR-turn", "after a roll you advance or hold")

    def apply(self, s: RaceState, side: str, m: Any):
        i = s.at(side)
        if m == HOLD:
            return replace(s, boosts=_put(s.boosts, i, s.boosts[i] + 1)), (
                Event("hold", f"{side} holds"),)
        pos = min(s.cfg.length - 1, s.positions[i] + s.die + s.committed[i])
        s = replace(s, positions=_put(s.positions, i, pos))
        events = [Event("advance", f"{side} runs to square {pos + 1}")]
        if isinstance(m, Trick):
            s, more = play_trick(s, side, m.card)
            events += more
        pos = s.positions[i]
        if pos == s.cfg.length - 1:
            return replace(s, winner=i), tuple(events)
        others = [o for o in _seat_order_after(s, i) if s.positions[s.at(o)] == pos]
        if others:
            s = open_window(s, Window("bump", REACT, tuple(others),
                                      f"{side} landed on you: bump or pass",
                                      data=(("runner", side),)))
        return s, tuple(events)


def play_trick(s: RaceState, side: str, card: str):
    """The trick's effects through the registry, then it goes face up to the discard
    pile and its owner draws a new one in private (DR-trick)."""
    i = s.at(side)
    for call in s.cfg.tricks[card].effects:
        s = EFFECTS.apply(call, (s, i))
    zones = zn.move(s.zones, [card], (HAND, side), (DISCARD, None))
    s = replace(s, zones=zones)
    events = [Event("trick", f"{side} plays {card} and runs to square "
                    f"{s.positions[i] + 1}", reveals=True)]
    if zn.find(s.zones, DECK).count:
        s = open_window(s, Window("draw", CHANCE, spec=zn.find(s.zones, DECK).draw(
            1, f"{side} draws a trick"), data=(("side", side),)))
    return s, events


def _seat_order_after(s: RaceState, i: int) -> list[str]:
    n = len(s.sides)
    return [s.sides[(i + k) % n] for k in range(1, n)]


class Roll:
    def check(self, s, side, m, w):  # chance outcomes are checked by their spec
        return None

    def apply(self, s: RaceState, side, outcome, w: Window):
        die = outcome.values[0]
        return replace(s, die=die), (Event("roll", f"{s.flow.actor} rolls {die}"),)


class Draw:
    """A trick drawn into a hand: the card is told to its owner alone."""

    def check(self, s, side, m, w):
        return None

    def apply(self, s: RaceState, side, outcome, w: Window):
        who = w.get("side")
        card = outcome.values[0]
        zones = zn.move(s.zones, [card], (DECK, None), (HAND, who))
        return replace(s, zones=zones), (
            Event("draw", f"you draw {card}", to=frozenset({who})),
            Event("draw", f"{who} draws a trick"))


class Bump:
    """bump (react): a runner landed on you; push it back once per game (DR-bump)."""

    def candidates(self, s: RaceState, side: str, w: Window):
        return [BUMP]

    def check(self, s: RaceState, side: str, m: Any, w: Window) -> Illegal | None:
        if m != BUMP:
            return Illegal("DR-bump", "you may bump or pass")
        if s.bumped[s.at(side)]:
            return Illegal("DR-bump", "each side may bump only once per game")
        return None

    def apply(self, s: RaceState, side: str, m: Any, w: Window):
        runner = w.get("runner")
        r = s.at(runner)
        s = replace(s, positions=_put(s.positions, r, max(0, s.positions[r] - 1)),
                    bumped=_put(s.bumped, s.at(side), True))
        return s, (Event("bump", f"{side} bumps {runner} back"),)

    def resolve(self, s: RaceState, w: Window):
        return s, (Event("pass", "nobody bumps"),)


PHASES = (
    Phase("plan", TOGETHER, Plan(), prompt="commit a secret boost"),
    Phase("run", TURNS, Run(), prompt="advance or hold"),
)

NEEDS = Needs(sides=(2, 4), boards=1, board_kinds=("grid",), decks=(DECK,),
              options={"boosts": fx.Int(0, 9), "rounds": fx.Int(1, 200),
                       "hand": fx.Int(0, 3)})


# ------------------------------------------------------------------ ruleset


class DiceRace(KitRules):
    name = "dice_race"
    phases = PHASES
    windows = {"roll": Roll(), "bump": Bump(), "draw": Draw()}
    needs = NEEDS
    effects = EFFECTS

    def setup(self, scenario: Any, options: Mapping[str, Any]) -> RaceState:
        boosts = int(options.get("boosts", 3))
        sides = tuple(scenario.sides)
        deck = scenario.decks[DECK]
        cfg = Config(scenario.board.width, boosts, int(options.get("rounds", 20)),
                     dict(deck.card_index), scenario.board)
        zones = (zn.deck_zone(deck),) + tuple(
            zn.Zone(HAND, "hand", side, zn.OWNER) for side in sides) + (
            zn.Zone(DISCARD, "discard"),)
        n = len(sides)
        state = RaceState(sides, cfg, Flow("plan"), (0,) * n, (boosts,) * n, (False,) * n,
                          (None,) * n, (0,) * n, zones)
        for side in reversed(sides):  # the first hand is dealt before the first plan
            for _ in range(int(options.get("hand", 0))):
                state = open_window(state, Window("draw", CHANCE, spec=zn.find(
                    state.zones, DECK).draw(1, f"{side} draws a trick"),
                    data=(("side", side),)))
        return state

    def finished(self, s: RaceState) -> Outcome | None:
        scores = tuple(zip(s.sides, (p + 1 for p in s.positions)))
        if s.winner is not None:
            rest = sorted((i for i in range(len(s.sides)) if i != s.winner),
                          key=lambda i: -s.positions[i])
            ranking = [(s.sides[s.winner],)]
            for i in rest:  # runners level on the track share a place
                if len(ranking) > 1 and s.positions[s.at(ranking[-1][0])] == s.positions[i]:
                    ranking[-1] = ranking[-1] + (s.sides[i],)
                else:
                    ranking.append((s.sides[i],))
            return Outcome(s.sides[s.winner], "reached the last square first", "DR-win",
                           scores, tuple(ranking))
        if s.flow.round > s.cfg.rounds:
            return Outcome(None, f"nobody finished in {s.cfg.rounds} rounds", "DR-rounds",
                           scores)
        return None

    def prompt(self, s: RaceState, phase: Phase) -> str:
        if phase.name == "run":
            return f"rolled {s.die}: advance or hold"
        return phase.prompt

    # ---------------------------------------------------- views and notation

    def view(self, s: RaceState, player: str | None) -> View:
        status = (f"round {s.flow.round}", f"phase {s.flow.phase}")
        pieces = tuple(PieceView(s.cfg.board.spaces[pos].id, f"{side} runner", side)
                       for side, pos in zip(s.sides, s.positions))
        sealed = tuple(side for side, p in zip(s.sides, s.pending) if p is not None)
        panels = []
        if sealed:
            panels.append(("sealed boosts", ", ".join(sealed)))
        if player in s.sides and s.pending[s.at(player)] is not None:
            panels.append((f"your boost ({player})", str(s.pending[s.at(player)])))
        return View(
            viewer=player, ruleset=self.name, sides=s.sides, status=status,
            board=board_view(s.cfg.board), pieces=pieces,
            piles=tuple(pile_view(z, player) for z in s.zones),
            tracks=(TrackView("boosts left", tuple(zip(s.sides, s.boosts)), s.cfg.max_boosts),),
            panels=tuple(panels))

    def secrets(self, s: RaceState, player: str) -> list:
        out = zn.secrets_of(s.zones, player)
        i = s.at(player)
        if s.pending[i] is not None:
            out.append((f"your boost ({player})", str(s.pending[i])))  # View.panels
        return out

    def parse_move(self, text: str) -> Any:
        words = text.split()
        if words == [ADVANCE]:
            return ADVANCE
        if len(words) == 2 and words[0] == ADVANCE and words[1].isidentifier():
            return Trick(words[1])
        if words == [HOLD]:
            return HOLD
        if words == [BUMP]:
            return BUMP
        if len(words) == 2 and words[0] == "boost" and words[1].isdigit():
            return Boost(int(words[1]))
        raise MoveSyntaxError("DR-notation", "moves are: boost N, advance, advance TRICK, "
                              "hold, bump, pass", text)

    def format_move(self, move: Any) -> str:
        return str(move)

    def invariants(self, s: RaceState) -> Iterable[str]:
        for side, pos, b in zip(s.sides, s.positions, s.boosts):
            if not 0 <= pos < s.cfg.length:
                yield f"{side} is off the track at {pos}"
            if not 0 <= b <= s.cfg.max_boosts:
                yield f"{side} has {b} boosts"
        cards = sum(z.count for z in s.zones)
        if cards != sum(c.quantity for c in s.cfg.tricks.values()):
            yield f"{cards} trick cards in play"

    def move_space(self, s: RaceState, player: str) -> list:
        """Every move of the notation: boosts 0-9, advance with any trick, hold, bump."""
        cards = sorted(s.cfg.tricks)
        return [Boost(n) for n in range(10)] + [ADVANCE, HOLD, BUMP] + [Trick(c) for c in cards]

    def notation_help(self) -> str:
        return "boost N (0-2, secret), advance, advance TRICK, hold, bump, pass"


from tests.referee_toy import dice_race_bots  # noqa: E402 (hooks for bots and reports)

(DiceRace.evaluate, DiceRace.determinize, DiceRace.move_label,
 DiceRace.turn_number) = dice_race_bots.HOOKS
DiceRace.search_whole_turns = True

RULESET = DiceRace()
