"""Positions of Last Front reached through the referee itself: chance outcomes
chosen by the test (the cards each player is dealt and draws), moves in notation."""

from __future__ import annotations

from pathlib import Path

import dsl
from toolkit.referee import game
from toolkit.referee.chance import ChanceOutcome
from toolkit.referee.players import with_players
from toolkit.referee.protocol import CHANCE, DecisionKind
from toolkit.referee.rulesets.last_front import RULESET

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "content" / "last_front" / "last_front.scn"
_loaded = {}


def scenario(players: int = 2):
    if "s" not in _loaded:
        _loaded["s"] = dsl.load(SCENARIO)
    return with_players(_loaded["s"], players)


FILLS = ("troops_1", "troops_2", "tanks_2", "support_1_2", "planes_2", "troops_3")


class Table:
    """A game where the test says what is drawn: `hands` (dealt, six each, padded
    with the first of FILLS left), `territory` turned up, and a queue of cards drawn
    later per side (`draws`; once empty, FILLS again)."""

    def __init__(self, players=2, hands=None, territory="british", draws=None, **options):
        self.state = RULESET.new_game(scenario(players), options)
        self.sides = self.state.sides
        self.hands = {s: list((hands or {}).get(s, ())) for s in self.sides}
        self.draws = {s: list((draws or {}).get(s, ())) for s in self.sides}
        self.dealt = {s: 0 for s in self.sides}
        self.territory = [territory] if isinstance(territory, str) else list(territory)
        self.events = []
        self.settle()

    @property
    def rules(self):
        return RULESET

    def _card_for(self, window):
        if window.name == "flip":
            return self.territory.pop(0) if self.territory else window.spec.pool[0]
        if window.name == "event":
            return self.next_event
        if window.name == "desert":
            return "1"
        side = window.get("side")
        if self.dealt[side] < 6:
            self.dealt[side] += 1
            hand = self.hands[side]
            return hand.pop(0) if hand else self._fill(window)
        queue = self.draws[side]
        return queue.pop(0) if queue else self._fill(window)

    @staticmethod
    def _fill(window):
        return next(c for c in FILLS if c in window.spec.pool)

    next_event = None

    def settle(self):
        while True:
            d = RULESET.decision(self.state)
            if d is None or d.kind is not DecisionKind.CHANCE:
                return
            card = self._card_for(self.state.flow.window)
            self.state, ev = game.play(RULESET, self.state, CHANCE, ChanceOutcome((card,)))
            self.events += ev

    def play(self, who, text):
        move = game.parse_move(RULESET, self.state, who, text)
        self.state, ev = game.play(RULESET, self.state, who, move)
        self.events += ev
        self.settle()
        return ev

    def legal(self, who):
        return [RULESET.format_move(m) for m in RULESET.legal_moves(self.state, who)]

    def total(self, who):
        from toolkit.referee.rulesets.last_front.bid import total

        return total(self.state, who)

    def decision(self):
        return RULESET.decision(self.state)


def go(t: Table, who: str, text: str) -> None:
    """Play, letting every Blitz window go by."""
    from toolkit.referee.protocol import PASS

    t.play(who, text)
    while t.decision() is not None and t.decision().kind.name == "REACTION":
        t.state, ev = RULESET.apply(t.state, t.decision().players[0], PASS)
        t.events += ev
        t.settle()
