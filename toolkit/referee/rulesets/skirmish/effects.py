"""The card effects Skirmish knows, in the kit's registry (checked at `frontkit check`).

A card's effects add up to a `Bonus`: extra spaces for a move, extra strength
for an attack, extra strength for a defence. What the bonus holds decides when
the card may be played (SK-card): with a move if it gives extra spaces, with
an attack if it gives attack strength, in the defence window if it gives
defence strength.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from dsl.model import Call

from toolkit.referee.kit import effects as fx

EFFECTS = fx.Effects("skirmish")


@dataclass(frozen=True, slots=True)
class Bonus:
    moves: int = 0
    attack: int = 0
    defence: int = 0


@EFFECTS.primitive(n=fx.Int(1, 9))
def extra_move(bonus: Bonus, n: int) -> Bonus:
    """Played with a move: the piece may go {n} more space(s)."""
    return replace(bonus, moves=bonus.moves + n)


@EFFECTS.primitive(by=fx.Int(1, 9))
def attack(bonus: Bonus, by: int) -> Bonus:
    """Played with an attack: the attacker counts {by} stronger."""
    return replace(bonus, attack=bonus.attack + by)


@EFFECTS.primitive(by=fx.Int(1, 9))
def defend(bonus: Bonus, by: int) -> Bonus:
    """Played when attacked: the defender counts {by} stronger."""
    return replace(bonus, defence=bonus.defence + by)


def bonus_of(card: str, cards: Mapping[str, tuple[Call, ...]]) -> Bonus:
    """What playing `card` gives, its effects run through the registry."""
    bonus = Bonus()
    for call in cards.get(card, ()):
        bonus = EFFECTS.apply(call, bonus)
    return bonus


def cards_giving(hand: Iterable[str], bonus: Callable[[str], Bonus], what: str) -> list[str]:
    """The distinct cards of `hand` whose `bonus` has some `what` (moves, attack,
    defence), sorted."""
    return sorted(c for c in set(hand) if getattr(bonus(c), what) > 0)
