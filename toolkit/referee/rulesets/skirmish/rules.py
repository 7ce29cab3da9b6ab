"""Skirmish: the referee protocol, on the rules kit (content/skirmish/rules.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.needs import Needs
from toolkit.referee.kit.rules import KitRules
from toolkit.referee.kit.view import View
from toolkit.referee.protocol import PASS, Outcome
from toolkit.referee.rulesets.skirmish import checks, victory
from toolkit.referee.rulesets.skirmish.config import OPTIONS, PIECE_FIELDS, read_config
from toolkit.referee.rulesets.skirmish.effects import EFFECTS
from toolkit.referee.rulesets.skirmish.moves import FORMS, Attack, Enter, group, parse
from toolkit.referee.rulesets.skirmish.phases import PHASES, WINDOWS
from toolkit.referee.rulesets.skirmish.state import DISCARD, HAND, SkirmishState, Unit
from toolkit.referee.rulesets.skirmish.view import view

NEEDS = Needs(sides=(2, 2), boards=1, setups=True, piece_fields=PIECE_FIELDS, options=OPTIONS,
              one_piece_per_space=True)

#: How much more often a random bot picks each kind of action than a pass.
BOT_WEIGHTS = {"pass": 0.2, "move": 1.0, "enter": 2.0, "attack": 4.0, "defend": 2.0}


class Skirmish(KitRules):
    name = "skirmish"
    phases = PHASES
    windows = WINDOWS
    needs = NEEDS
    effects = EFFECTS

    def setup(self, scenario: Any, options: Mapping[str, Any]) -> SkirmishState:
        cfg = read_config(scenario, options)
        sides = cfg.sides
        units = [Unit(p.space, side, p.piece) for side in sides if side in scenario.setups
                 for p in scenario.setups[side].placements]
        reserves = tuple(tuple(sorted(k for k, n in scenario.setups[side].reserve_counts()
                                      .items() for _ in range(n)))
                         if side in scenario.setups else () for side in sides)
        hands = tuple(zn.Zone(HAND, "hand", side, zn.OWNER, tuple(
            stock.name for stock in scenario.setups[side].hand for _ in range(stock.count))
            if side in scenario.setups else ()) for side in sides)
        state = SkirmishState(sides, cfg, Flow(PHASES[0].name), (), reserves,
                              hands + (zn.Zone(DISCARD, "discard"),), (0,) * len(sides))
        return state.with_units(units)

    def finished(self, s: SkirmishState) -> Outcome | None:
        return victory.finished(s)

    def check_scenario(self, scenario: Any) -> list:
        return super().check_scenario(scenario) + checks.check(scenario)

    # ---------------------------------------------------- views and notation

    def view(self, s: SkirmishState, player: str | None) -> View:
        return view(s, player, self.name)

    def secrets(self, s: SkirmishState, player: str) -> list:
        return zn.secrets_of(s.zones, player)

    def parse_move(self, text: str) -> Any:
        return parse(text)

    def format_move(self, move: Any) -> str:
        return str(move)

    def move_group(self, move: Any) -> str:
        return group(move)

    def notation_help(self) -> str:
        return FORMS

    # ------------------------------------------------------------ checks

    def invariants(self, s: SkirmishState) -> Iterable[str]:
        spaces = [u.space for u in s.units]
        if len(spaces) != len(set(spaces)):
            yield "two pieces share a space"
        for u in s.units:
            if u.space not in s.cfg.passable:
                yield f"{u.side} {u.kind} stands on impassable {u.space}"
        cards = sum(z.count for z in s.zones)
        if cards != s.cfg.dealt:
            yield f"{cards} cards in hands and discard, {s.cfg.dealt} dealt"

    # ------------------------------------------------------------ bots

    def bot_weights(self, s: SkirmishState, player: str, moves: list) -> list[float]:
        return [BOT_WEIGHTS[_kind(m)] for m in moves]

    def evaluate(self, s: SkirmishState, side: str) -> float:
        """Strength on the board and in reserve, mine against the enemy's, -1 to 1."""
        def total(who: str) -> int:
            return s.strength_on_board(who) + sum(s.cfg.strength[k] for k in s.reserve_of(who))
        mine, theirs = total(side), total(s.cfg.enemy_of(side))
        return 0.0 if mine + theirs == 0 else (mine - theirs) / (mine + theirs)

    def determinize(self, s: SkirmishState, side: str, rng) -> SkirmishState:
        """The enemy's hand redrawn from the cards `side` has not seen played or held."""
        enemy = s.cfg.enemy_of(side)
        hand = s.hand_of(enemy)
        unseen = Counter(s.cfg.deck)
        unseen.subtract(s.hand_of(side).cards)
        unseen.subtract(zn.find(s.zones, DISCARD).cards)
        pool = sorted(unseen.elements())
        drawn = tuple(rng.sample(pool, hand.count)) if len(pool) >= hand.count else hand.cards
        return replace(s, zones=zn.put(s.zones, replace(hand, cards=drawn)))


def _kind(move: Any) -> str:
    if move is PASS:
        return "pass"
    if isinstance(move, Attack):
        return "attack"
    if isinstance(move, Enter):
        return "enter"
    return type(move).__name__.lower().replace("step", "move")


RULESET = Skirmish()
