"""A Last Front game at a table, for the rulebook cases (tests/test_last_front_rulebook.py):
every card dealt, drawn or turned up is typed by the test, as players type them with
`frontkit play --table`, and every move is a line of notation. Only the referee's public
API is used (new_game, decision, parse_move/play, view, finished), so the cases read the
game as a player would: hands, piles and bid totals from the views."""

from __future__ import annotations

import pickle
import re
from collections import Counter
from pathlib import Path

import pytest

import dsl
from toolkit.referee import game
from toolkit.referee.players import with_players
from toolkit.referee.protocol import CHANCE, DecisionKind, IllegalMoveError, PASS
from toolkit.referee.rulesets.last_front import RULESET

SCENARIO = Path(__file__).resolve().parents[1] / "content" / "last_front" / "last_front.scn"
#: cards typed when the test does not care what a player is dealt or draws
FILLER = ("troops_1", "troops_2", "support_1_2", "troops_3", "tanks_2", "tanks_3",
          "planes_2", "planes_3", "support_2_4")
_loaded: dict = {}


def scenario(players: int):
    if "s" not in _loaded:
        _loaded["s"] = dsl.load(SCENARIO)
    return with_players(_loaded["s"], players)


class Table:
    """`hands`: the six cards dealt to each side (padded with FILLER); `draws`: the cards
    each side draws afterwards, in order (then FILLER); `territories`: the Territory cards
    turned up, in order; `events`: the Event cards turned over; `desert`: the places typed
    for Desertion. `auto_pass`: every Blitz window is passed by everyone asked."""

    def __init__(self, players=2, hands=None, draws=None, territories=("british",),
                 events=(), desert=(), auto_pass=True, **options):
        self.state = RULESET.new_game(scenario(players), options)
        self.sides = tuple(f"P{k}" for k in range(1, players + 1))
        self.deal = {s: list((hands or {}).get(s, ())) for s in self.sides}
        self.draws = {s: list((draws or {}).get(s, ())) for s in self.sides}
        self.territories = list(territories)
        self.turned = list(events)
        self.desert = list(desert)
        self.dealt: Counter = Counter()
        self.auto_pass = auto_pass
        self.events: list = []
        self.typed: list[str] = []  # every line typed, chance answers and moves, in order
        self.settle()

    # ------------------------------------------------------------ chance
    def _answer(self, spec) -> str:
        label = spec.label
        if "Territory deck" in label:
            return self.territories.pop(0) if self.territories else spec.pool[0]
        if "Event deck" in label:
            return self.turned.pop(0)
        if "at random" in label:
            return self.desert.pop(0) if self.desert else "1"
        side = re.match(r"(P\d), from the Battle deck", label).group(1)
        queue = self.deal[side] if self.dealt[side] < 6 else self.draws[side]
        self.dealt[side] += 1
        if queue:
            return queue.pop(0)
        return next(c for c in FILLER if c in spec.pool)

    def settle(self) -> list:
        """Answer every chance decision (and pass Blitz windows if `auto_pass`); the
        events they made."""
        made: list = []
        while True:
            d = RULESET.decision(self.state)
            if d is None:
                return made
            if d.kind is DecisionKind.CHANCE:
                text = self._answer(d.chance)
                move = game.parse_move(RULESET, self.state, CHANCE, text)
                self.typed.append(text)
                self.state, ev = game.play(RULESET, self.state, CHANCE, move)
            elif d.kind is DecisionKind.REACTION and self.auto_pass:
                self.state, ev = game.play(RULESET, self.state, d.players[0], PASS)
                self.typed.append("pass")
            else:
                return made
            self.events += ev
            made += ev

    # ------------------------------------------------------------- moves
    def play(self, side: str, *texts: str):
        out = []
        for text in texts:
            move = game.parse_move(RULESET, self.state, side, text)
            self.state, ev = game.play(RULESET, self.state, side, move, text)
            self.typed.append(text)
            self.events += ev
            out += ev
            out += self.settle()
        return out

    def bid(self, side: str, *cards: str):
        """`side` puts `cards` into its bid (`face:CARD` at face value) and is done."""
        for c in cards:
            self.play(side, f"face {c[5:]}" if c.startswith("face:") else f"play {c}")
        self.play(side, "done")

    def refused(self, side: str, text: str, rule: str) -> str:
        before = pickle.dumps(self.state)
        with pytest.raises(IllegalMoveError) as err:
            move = game.parse_move(RULESET, self.state, side, text)
            game.play(RULESET, self.state, side, move, text)
        assert err.value.rule == rule, str(err.value)
        assert pickle.dumps(self.state) == before, "a refused move changed the state"
        return str(err.value)

    def legal(self, side: str) -> list[str]:
        return [game.format_move(RULESET, self.state, side, m)
                for m in game.legal_moves(RULESET, self.state, side)]

    # ------------------------------------------------------------- views
    def view(self, who: str | None = None):
        return RULESET.view(self.state, who)

    def pile(self, name: str, owner: str | None = None, who: str | None = None):
        for p in self.view(who).piles:
            if p.name == name and p.owner == owner:
                return p
        raise KeyError((name, owner))

    def hand(self, side: str) -> list[str]:
        return sorted(self.pile("hand", side, side).cards)

    def hand_size(self, side: str) -> int:
        return self.pile("hand", side).count

    def bid_cards(self, side: str) -> list[str]:
        return sorted(self.pile("bid", side).cards)

    def captured(self, side: str) -> list[str]:
        return sorted(self.pile("captured", side).cards)

    def discard(self) -> list[str]:
        return sorted(self.pile("battle discard").cards)

    def total(self, side: str) -> int:
        for t in self.view().tracks:
            if t.name == "bid":
                return dict(t.values)[side]
        raise KeyError(side)

    def in_battle(self) -> list[str]:
        for t in self.view().tracks:
            if t.name == "bid":
                return [s for s, _ in t.values]
        raise KeyError("bid")

    def panel(self, side: str) -> str:
        return dict(self.view().panels).get(side, "")

    def bonus_row(self) -> list[str]:
        return sorted(self.pile("bonus row").cards)

    def open_territory(self) -> list[str]:
        return list(self.pile("open territory").cards)

    def decision(self):
        return RULESET.decision(self.state)

    def to_act(self) -> tuple[str, ...]:
        return self.decision().players

    def outcome(self):
        return RULESET.finished(self.state)

    def phase(self) -> str:
        return next(x for x in self.view().status if x.startswith("phase ")).split()[1]

    def win_battle(self, winner: str, *cards: str):
        """`winner` (whose turn it is) bids `cards`; everyone else withdraws in turn."""
        self.bid(winner, *cards)
        while self.phase() == "battle":
            self.play(self.to_act()[0], "withdraw")
