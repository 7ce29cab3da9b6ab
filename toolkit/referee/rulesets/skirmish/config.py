"""What Skirmish reads from a scenario, read once into plain values.

Board: the first board's graph (square grid, hex grid or node-and-link map);
a space's terrain gives `impassable` and `defence`; a space flagged `capital`
with an `owner` is that side's capital; a board zone with an `owner` is that
side's deployment zone. Pieces: `moves` (default 1) and `strength` (default 1).
Setups: placements, the `reserve` and the `hand`. Options: `turn_limit`
(default 20 rounds) and `hold_turns` (default 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dsl.model import Call, Scenario

from toolkit.referee.kit import effects as fx
from toolkit.referee.kit.board import Board
from toolkit.referee.kit.titles import Titles
from toolkit.referee.kit.view import BoardView, board_view
from toolkit.referee.rulesets.skirmish.effects import Bonus, bonus_of, cards_giving

DEFAULT_MOVES = 1
DEFAULT_STRENGTH = 1
DEFAULT_TURN_LIMIT = 20
DEFAULT_HOLD_TURNS = 0
NO_BONUS = Bonus()

#: The options Skirmish reads, with their types (checked at `frontkit check`).
OPTIONS = {"turn_limit": fx.Int(1, 500), "hold_turns": fx.Int(0, 50)}
#: The piece fields Skirmish reads.
PIECE_FIELDS = {"moves": fx.Int(0, 20), "strength": fx.Int(0, 99)}


@dataclass(frozen=True)
class Config:
    """The scenario as the rules use it (not part of the state's hash: it never
    changes during a game)."""

    sides: tuple[str, ...]
    board: Board  # spaces, links, the passable ones (the kit's tables come from it)
    board_view: BoardView
    defence: Mapping[str, int]
    capitals: tuple[tuple[str, str], ...]  # (space, owning side)
    capitals_by_side: Mapping[str, tuple[str, ...]]  # side -> the spaces of its capitals
    enemies: Mapping[str, str]  # side -> the other side
    targets: Mapping[str, tuple[str, ...]]  # side -> the enemy capitals it marches on
    deploy: Mapping[str, tuple[str, ...]]  # side -> its deployment spaces
    moves: Mapping[str, int]  # piece kind -> spaces it may move
    strength: Mapping[str, int]  # piece kind -> strength
    cards: Mapping[str, tuple[Call, ...]]  # card name -> its effects
    bonuses: Mapping[str, Bonus]  # card name -> what playing it gives
    giving: Mapping[str, tuple[str, ...]]  # "moves", "attack", "defence" -> the cards
                                          # whose bonus gives some, sorted
    deck: tuple[str, ...]  # every copy of every card the decks hold
    dealt: int  # cards in the hands at the start
    turn_limit: int
    hold_turns: int
    titles: Titles = field(default_factory=Titles)  # the printed kit's names (words.py)

    def enemy_of(self, side: str) -> str:
        return self.enemies[side]

    def capitals_of(self, side: str) -> tuple[str, ...]:
        return self.capitals_by_side.get(side, ())

    def bonus(self, card: str) -> Bonus:
        """What playing `card` gives (nothing for a card the decks do not hold)."""
        return self.bonuses.get(card, NO_BONUS)

    def playable(self, hand: tuple[str, ...], what: str) -> list[str]:
        """The distinct cards of `hand` whose bonus gives some `what` (moves, attack,
        defence), sorted (SK-card)."""
        return [card for card in self.giving[what] if card in hand]


def read_config(scenario: Scenario, options: Mapping[str, Any]) -> Config:
    board = scenario.board
    terrains = scenario.terrains
    passable = frozenset(s.id for s in board.spaces
                         if s.terrain not in terrains or not terrains[s.terrain].impassable)
    defence = {s.id: terrains[s.terrain].defence if s.terrain in terrains else 0
               for s in board.spaces}
    capitals = tuple((s.id, str(s.owner)) for s in board.spaces
                     if "capital" in s.tags and s.owner in scenario.sides)
    order = {s.id: i for i, s in enumerate(board.spaces)}
    cards = {c.name: c.effects for d in scenario.decks.values() for c in d.cards}
    deploy = {side: tuple(sorted({sp for z in board.zones if z.fields.get("owner") == side
                                  for sp in z.spaces if sp in passable}, key=order.__getitem__))
              for side in scenario.sides}
    pieces = scenario.pieces.values()
    a, b = scenario.sides
    bonuses = {name: bonus_of(name, cards) for name in cards}
    capitals_by_side = {side: tuple(sp for sp, owner in capitals if owner == side)
                        for side in scenario.sides}
    return Config(
        sides=tuple(scenario.sides),
        board=Board.of(board, passable),
        board_view=board_view(board),
        defence=defence,
        capitals=capitals,
        capitals_by_side=capitals_by_side,
        enemies={a: b, b: a},
        targets={a: capitals_by_side[b], b: capitals_by_side[a]},
        deploy=deploy,
        moves={p.name: int(p.get("moves", DEFAULT_MOVES)) for p in pieces},
        strength={p.name: int(p.get("strength", DEFAULT_STRENGTH)) for p in pieces},
        cards=cards,
        bonuses=bonuses,
        giving={what: tuple(cards_giving(cards, bonuses.__getitem__, what))
                for what in ("moves", "attack", "defence")},
        deck=tuple(sorted(c.name for d in scenario.decks.values() for c in d.cards
                          for _ in range(c.quantity))),
        dealt=sum(st.count for setup in scenario.setups.values() for st in setup.hand),
        turn_limit=int(options.get("turn_limit", DEFAULT_TURN_LIMIT)),
        hold_turns=int(options.get("hold_turns", DEFAULT_HOLD_TURNS)),
        titles=Titles.of(scenario),
    )
