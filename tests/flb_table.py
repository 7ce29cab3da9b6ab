"""A Fantasy Line Battle game at a table, for the rulebook cases
(tests/test_fantasy_line_battle_rulebook.py): every card drawn and every start player is
typed by the test, as players type them with `frontkit play --table`, and every move is a
line of notation (content/fantasy_line_battle/notation.md). Only the referee's public API is
used (new_game, decision, parse_move/play, view, outcome, state_hash), so the cases read the
game as a player would: hands, lines, mana and damage from the views."""

from __future__ import annotations

import re
from pathlib import Path

import dsl
from toolkit.referee import game, registry
from toolkit.referee.protocol import CHANCE, DecisionKind, IllegalMoveError

SCENARIO = (Path(__file__).resolve().parents[1] / "content" / "fantasy_line_battle"
            / "fantasy_line_battle.scn")
RULES = registry.get("fantasy_line_battle")
SIDES = ("North", "South")
_loaded: dict = {}


def scenario():
    if "s" not in _loaded:
        _loaded["s"] = dsl.load(SCENARIO)
    return _loaded["s"]


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


class Table:
    """`hands`: the Character cards each side draws, in order (the first five are its
    opening hand); `spells`: the spell cards each side draws, in order (each draw takes the
    first listed card of the category asked for); `start`: who casts first each Day (one
    name, or a list, one per Day; the last repeats). Draws the test does not name take the
    first card of the deck in name order that no side is still owed.
    `auto_pass`: interrupt windows are passed by whoever is asked (the cases about
    interrupts turn it off and answer them)."""

    def __init__(self, hands=None, spells=None, start="North", auto_pass=True, **options):
        self.state = RULES.new_game(scenario(), options)
        self.hands = {s: list((hands or {}).get(s, ())) for s in SIDES}
        self.spells = {s: list((spells or {}).get(s, ())) for s in SIDES}
        self.start = [start] if isinstance(start, str) else list(start)
        self.auto_pass = auto_pass
        self.events: list = []
        self.typed: list[str] = []  # `chance: CARD` and `SIDE: MOVE`, in order
        self.lines: list[str] = []  # the same as typed at `frontkit play --table`
        self.settle()

    # ---------------------------------------------------------------- chance
    def _answer(self, spec) -> str:
        pool = getattr(spec, "pool", None)
        if pool is None:  # who casts first
            return self.start.pop(0) if len(self.start) > 1 else self.start[0]
        side = spec.label.split(",")[0].split()[0]
        wanted = self.hands[side] if "Character" in spec.label else self.spells[side]
        for card in wanted:
            if card in pool:
                wanted.remove(card)
                return card
        owed = {c for cards in (*self.hands.values(), *self.spells.values()) for c in cards}
        spare = [c for c in sorted(pool) if c not in owed] or sorted(pool)
        return spare[0]

    def _is_interrupt_window(self, d) -> bool:
        return d.kind is DecisionKind.REACTION and "interrupt" in d.prompt.lower()

    def settle(self):
        for _ in range(500):
            d = RULES.decision(self.state)
            if d is None:
                return
            if d.kind is DecisionKind.CHANCE:
                text = self._answer(d.chance)
                self.typed.append(f"chance: {text}")
                self.lines.append(text)
                move = game.parse_move(RULES, self.state, CHANCE, text)
                self.state, events = game.play(RULES, self.state, CHANCE, move)
                self.events += events
            elif self.auto_pass and self._is_interrupt_window(d):
                self._play(d.players[0], "pass")
            else:
                return
        raise AssertionError("the table never settled")

    # ------------------------------------------------------------------ moves
    def _play(self, side: str, text: str):
        move = game.parse_move(RULES, self.state, side, text)
        self.state, events = game.play(RULES, self.state, side, move, text)
        self.typed.append(f"{side}: {text}")
        self.lines.append(text)
        self.events += events
        return events

    def play(self, side: str, *texts: str):
        events = []
        for text in texts:
            events += self._play(side, text)
            self.settle()
        return events

    def refused(self, side: str, text: str) -> str:
        """`text` is refused and the state is exactly as it was; the rule named."""
        return self.refusal(side, text).rule

    def refusal(self, side: str, text: str) -> IllegalMoveError:
        """`text` is refused and the state is exactly as it was; the refusal (its
        `rule` and its `reason`, the sentence players read)."""
        before, value = RULES.state_hash(self.state), self.state
        try:
            move = game.parse_move(RULES, self.state, side, text)
            game.play(RULES, self.state, side, move, text)
        except IllegalMoveError as err:
            assert RULES.state_hash(self.state) == before and self.state is value
            assert err.rule, "a refusal names a rule"
            return err
        raise AssertionError(f"{side}: {text!r} was accepted")

    def field(self, north=(), south=()):
        """Both sides place these characters (Front first) and finish choosing."""
        for side, cards in (("North", north), ("South", south)):
            for card in cards:
                self.play(side, f"place {card}")
            self.play(side, "done")

    def pass_until(self, phase: str, day: int | None = None):
        """Whoever is asked passes until `phase` (of `day`) is reached."""
        for _ in range(300):
            if self.phase == phase and (day is None or self.day == day):
                d = self.decision()
                if d is None or not self._is_interrupt_window(d):
                    return
            d = self.decision()
            assert d is not None, f"the game ended before {phase}: {self.outcome()}"
            self.play(d.players[0], "pass")
        raise AssertionError(f"never reached {phase}")

    # ----------------------------------------------------------------- reading
    def decision(self):
        return RULES.decision(self.state)

    def to_act(self) -> tuple[str, ...]:
        d = self.decision()
        return () if d is None else d.players

    def outcome(self):
        return RULES.outcome(self.state)

    def legal(self, side: str) -> list[str]:
        return [game.format_move(RULES, self.state, side, m)
                for m in game.legal_moves(RULES, self.state, side)]

    def view(self, who: str | None = "North"):
        return RULES.view(self.state, who)

    @property
    def phase(self) -> str:
        status = self.view(None).status
        return next(x.split()[-1] for x in status if x.startswith("phase"))

    @property
    def day(self) -> int:
        status = self.view(None).status
        return int(next(x.split()[1] for x in status if x.startswith("Day")))

    def pile(self, name: str, owner: str | None, who: str | None = None):
        for p in self.view(who if who is not None else owner).piles:
            if p.name == name and p.owner == owner:
                return p
        return None

    def hand(self, side: str) -> list[str]:
        return list(self.pile("character hand", side).cards)

    def spell_hand(self, side: str) -> list[str]:
        return list(self.pile("spell hand", side).cards)

    def dead(self, side: str) -> list[str]:
        return list(self.pile("dead", side, who=side).cards)

    def track(self, name: str, side: str, who: str | None = "North"):
        for t in self.view(who).tracks:
            if t.name == name:
                return dict(t.values).get(side)
        raise KeyError(name)

    def money(self, side: str) -> int:
        return self.track("money", side, who=side)

    def mana(self, side: str) -> int:
        return self.track("mana", side)

    def front_damage(self, side: str) -> int:
        """Damage waiting on `side`'s Front."""
        return self.track("damage to Front", side)

    def targeted(self, side: str) -> int:
        """Targeted damage `side` holds, unspent."""
        return self.track("targeted damage", side)

    def panel(self, side: str, who: str | None = None) -> str:
        for title, text in self.view(who).panels:
            if title.startswith(f"{side}'s line"):
                return text
        return ""

    def line(self, side: str, who: str | None = None) -> list[str]:
        """`side`'s characters, Front first, as `who` sees them (Dying ones included)."""
        text = self.panel(side, who)
        return re.findall(r"(?:^|; )\d+ (\w+)", text)

    def entry(self, side: str, place: int, who: str | None = None) -> str:
        """The panel's words about the character at `place` of `side`'s line."""
        parts = self.panel(side, who).split("; ")
        return parts[place - 1]

    def texts(self, who: str | None) -> list[str]:
        return [e.text for e in self.events if e.visible_to(who)]
