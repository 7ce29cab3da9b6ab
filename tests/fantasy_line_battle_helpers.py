"""Positions of Fantasy Line Battle reached through the referee itself: the test
says which cards each side draws (characters and spells) and who casts first;
moves are typed in notation."""

from __future__ import annotations

from pathlib import Path

import dsl
from toolkit.referee import game
from toolkit.referee.chance import ChanceOutcome
from toolkit.referee.protocol import CHANCE, IllegalMoveError
from toolkit.referee.rulesets.fantasy_line_battle import RULESET
from toolkit.referee.rulesets.fantasy_line_battle.config import CHARACTERS

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "content" / "fantasy_line_battle" / "fantasy_line_battle.scn"
_loaded = {}


def scenario():
    if "s" not in _loaded:
        _loaded["s"] = dsl.load(SCENARIO)
    return _loaded["s"]


class Table:
    """A game where the test says what is drawn: `hands` (Character cards, in the
    order drawn), `spells` (spell cards each side draws, in order, whatever the
    category asked: the first listed card of that category), `start` (who casts
    first each Day, or a list, one per Day). Unlisted draws take the first card of
    the deck in name order."""

    def __init__(self, hands=None, spells=None, start="North", **options):
        self.state = RULESET.new_game(scenario(), options)
        self.hands = {s: list((hands or {}).get(s, ())) for s in self.state.sides}
        self.spells = {s: list((spells or {}).get(s, ())) for s in self.state.sides}
        self.start = [start] if isinstance(start, str) else list(start)
        self.events = []
        self.settle()

    rules = RULESET

    def _answer(self, d):
        window = self.state.flow.window
        pool = d.chance.pool if hasattr(d.chance, "pool") else None
        if window is not None and window.name == "draw":
            side, deck = window.get("side"), window.get("deck")
            wanted = self.hands[side] if deck == CHARACTERS else self.spells[side]
            for card in wanted:
                if card in pool:
                    wanted.remove(card)
                    return ChanceOutcome((card,))
            promised = [c for cards in (*self.hands.values(), *self.spells.values())
                        for c in cards]
            spare = [c for c in sorted(pool) if c not in promised] or sorted(pool)
            return ChanceOutcome((spare[0],))
        first = self.start.pop(0) if len(self.start) > 1 else self.start[0]
        return ChanceOutcome((first,))

    def settle(self):
        while (d := RULESET.decision(self.state)) is not None and d.chance is not None:
            self.state, events = RULESET.apply(self.state, CHANCE, self._answer(d))
            self.events += events

    def play(self, side: str, text: str):
        self.state, events = game.play(RULESET, self.state, side, RULESET.parse_move(text))
        self.events += events
        self.settle()
        return events

    def refused(self, side: str, text: str) -> str:
        """Play `text`, expecting a refusal that leaves the state exactly as it was;
        the rule id refused with."""
        return self.refusal(side, text).rule

    def refusal(self, side: str, text: str) -> IllegalMoveError:
        """As `refused`, the whole refusal: its `rule` and its `reason`."""
        before, value = RULESET.state_hash(self.state), self.state
        try:
            game.play(RULESET, self.state, side, RULESET.parse_move(text))
        except IllegalMoveError as err:
            assert RULESET.state_hash(self.state) == before and self.state == value
            return err
        raise AssertionError(f"{text!r} was accepted")

    def decision(self):
        return RULESET.decision(self.state)

    def legal(self, side: str) -> list[str]:
        return [str(m) for m in RULESET.legal_moves(self.state, side)]

    @property
    def phase(self) -> str:
        return self.state.flow.phase

    def line(self, side: str) -> list[str]:
        return [f.card for f in self.state.line(side)]

    def get(self, name: str, side: str):
        return self.state.get(getattr(self.state, name), side)

    def pass_until(self, phase: str, day: int | None = None):
        """Both sides pass (and draws are answered) until `phase` of `day` is reached."""
        for _ in range(200):
            if self.phase == phase and (day is None or self.state.flow.round == day) \
                    and not self.state.flow.windows:
                return
            d = self.decision()
            assert d is not None, f"the game ended before {phase}: {RULESET.outcome(self.state)}"
            self.play(d.players[0], "pass")
        raise AssertionError(f"never reached {phase}")


def fielded(north, south, north_spells=(), south_spells=(), start="North", **options) -> Table:
    """Both sides field these lines (Front first) and the game stands at Day 1's
    spell phase, `start` casting first."""
    t = Table(hands={"North": list(north), "South": list(south)},
              spells={"North": list(north_spells), "South": list(south_spells)},
              start=start, starting_money=99, **options)
    for side, cards in (("North", north), ("South", south)):
        for card in cards:
            t.play(side, f"place {card}")
        t.play(side, "done")
    assert t.phase == "spells", t.phase
    return t


__all__ = ["Table", "fielded", "RULESET", "scenario", "ROOT"]
