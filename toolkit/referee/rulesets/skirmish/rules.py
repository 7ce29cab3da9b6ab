"""Skirmish: the referee protocol, on the rules kit (content/skirmish/rules.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.board import steps_to
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.pieces import Pieces
from toolkit.referee.kit.needs import Needs
from toolkit.referee.kit.rules import KitRules
from toolkit.referee.kit.view import View
from toolkit.referee.protocol import PASS, Outcome
from toolkit.referee.rulesets.skirmish import checks, victory
from toolkit.referee.rulesets.skirmish.config import OPTIONS, PIECE_FIELDS, read_config
from toolkit.referee.rulesets.skirmish.effects import EFFECTS
from toolkit.referee.rulesets.skirmish.moves import Attack, Defend, Enter, Step
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
        return SkirmishState(sides, cfg, Flow(PHASES[0].name), Pieces.on(cfg.board, units),
                             reserves, hands + (zn.Zone(DISCARD, "discard"),),
                             (0,) * len(sides))

    def finished(self, s: SkirmishState) -> Outcome | None:
        return victory.finished(s)

    def check_scenario(self, scenario: Any) -> list:
        return super().check_scenario(scenario) + checks.check(scenario)

    # ---------------------------------------------------- views and notation

    def view(self, s: SkirmishState, player: str | None) -> View:
        return view(s, player, self.name)

    def secrets(self, s: SkirmishState, player: str) -> list:
        return zn.secrets_of(s.zones, player)

    # ------------------------------------------------------------ checks

    def invariants(self, s: SkirmishState) -> Iterable[str]:
        spaces = [u.space for u in s.units]
        if len(spaces) != len(set(spaces)):
            yield "two pieces share a space"
        for u in s.units:
            if u.space not in s.cfg.board.passable:
                yield f"{u.side} {u.kind} stands on impassable {u.space}"
        cards = sum(z.count for z in s.zones)
        if cards != s.cfg.dealt:
            yield f"{cards} cards in hands and discard, {s.cfg.dealt} dealt"

    # ------------------------------------------------------------ bots

    def bot_weights(self, s: SkirmishState, player: str, moves: list) -> list[float]:
        return list(map(_WEIGHT_OF.__getitem__, map(type, moves)))  # by each move's kind

    def evaluate(self, s: SkirmishState, side: str) -> float:
        """-1 to 1 for `side`: strength on the board and in reserve, mine against the
        enemy's (MATERIAL of the score), and how much nearer my closest piece stands
        to the enemy capital than the enemy's closest to mine (SK-capital, SK-hold:
        without it a bot sees no reason to march on a capital)."""
        def total(who: str) -> int:
            return s.strength_on_board(who) + sum(s.cfg.strength[k] for k in s.reserve_of(who))
        enemy = s.cfg.enemy_of(side)
        mine, theirs = total(side), total(enemy)
        material = 0.0 if mine + theirs == 0 else (mine - theirs) / (mine + theirs)
        threat = _threat(s, side, enemy) - _threat(s, enemy, side)
        return MATERIAL * material + (1 - MATERIAL) * threat

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


MATERIAL = 0.8  # the weight of strength in evaluate; the rest is the threat to capitals


def _threat(s: SkirmishState, side: str, enemy: str) -> float:
    """0 to 1: 1 when a piece of `side` stands on an enemy capital, falling with the
    steps its closest piece has to go (0 with no piece on the board)."""
    best = 0.0
    for capital in s.cfg.capitals_of(enemy):
        steps = steps_to(s.cfg.board, capital)  # the kit's table, once per board
        for u in s.units_of(side):
            d = steps.get(u.space)
            if d is not None:
                best = max(best, 1.0 / (1 + d))
    return best


_KINDS = {Step: "move", Attack: "attack", Enter: "enter", Defend: "defend", type(PASS): "pass"}


_WEIGHT_OF = {move: BOT_WEIGHTS[kind] for move, kind in _KINDS.items()}


RULESET = Skirmish()
