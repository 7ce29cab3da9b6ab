"""Skirmish moves: values with one text form each (content/skirmish/notation.md).

    move B1 B3                a piece from B1 to B3 (SK-move)
    move B1 B4 +forced_march  the same, playing a card from the hand (SK-card)
    attack B2 B3              the piece on B2 attacks the enemy on B3 (SK-attack)
    attack B2 B3 +ambush      the same, playing a card
    enter infantry A1         a reserve piece onto A1 (SK-enter)
    defend dig_in             the attacked side plays a card (SK-defend)
    pass                      do nothing this turn, or play no defence card

Words are separated by spaces, so map nodes may have any name the scenario
language allows (`north-gate`, `12`).

Each move is a frozen value declared `@interned` (the kit's `values`): the same move
listed again in another position is the same object, looked up rather than made.
"""

from __future__ import annotations

from toolkit.referee.kit.values import interned
from toolkit.referee.protocol import MoveSyntaxError

RULE_NOTATION = "SK-notation"
FORMS = ("move FROM TO [+CARD], attack FROM TO [+CARD], enter PIECE SPACE, defend CARD, "
         "pass")


@interned
class Step:
    """Move the piece on `frm` to `to`, playing `card` from the hand if given."""

    frm: str
    to: str
    card: str | None = None

    def __str__(self) -> str:
        return f"move {self.frm} {self.to}" + (f" +{self.card}" if self.card else "")


@interned
class Attack:
    """The piece on `frm` attacks the enemy piece on `to`."""

    frm: str
    to: str
    card: str | None = None

    def __str__(self) -> str:
        return f"attack {self.frm} {self.to}" + (f" +{self.card}" if self.card else "")


@interned
class Enter:
    """A piece of kind `kind` from the reserve onto `to`."""

    kind: str
    to: str

    def __str__(self) -> str:
        return f"enter {self.kind} {self.to}"


@interned
class Defend:
    """The attacked side plays `card` in the defence window."""

    card: str

    def __str__(self) -> str:
        return f"defend {self.card}"


def parse(text: str) -> Step | Attack | Enter | Defend:
    words = text.split()
    if not words:
        raise MoveSyntaxError(RULE_NOTATION, "empty move; moves are " + FORMS, text)
    verb, args = words[0], words[1:]
    card = None
    if verb in ("move", "attack") and len(args) == 3:
        if not args[2].startswith("+") or len(args[2]) < 2:
            example = args[2].lstrip("+") or "CARD"
            raise MoveSyntaxError(RULE_NOTATION, f"a card played with {'an' if verb == 'attack' else 'a'} {verb} is written "
                                  f"+CARD, e.g. {verb} {args[0]} {args[1]} +{example}", text)
        card = args[2][1:]
        args = args[:2]
    if verb == "move" and len(args) == 2:
        return Step(args[0], args[1], card)
    if verb == "attack" and len(args) == 2:
        return Attack(args[0], args[1], card)
    if verb == "enter" and len(args) == 2:
        return Enter(args[0], args[1])
    if verb == "defend" and len(args) == 1:
        return Defend(args[0])
    raise MoveSyntaxError(RULE_NOTATION, "moves are " + FORMS, text)


def group(move) -> str:
    """What a move is about, for `moves` in `frontkit play`: the piece's space for a
    move or an attack (`B2`), `enter KIND` for a reserve piece, else the verb."""
    if isinstance(move, (Step, Attack)):
        return move.frm
    if isinstance(move, Enter):
        return f"enter {move.kind}"
    if isinstance(move, Defend):
        return "defend"
    return str(move)
