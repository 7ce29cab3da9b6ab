"""Last Front's moves and their notation (content/last_front/notation.md).

    play CARD [TARGET…]   put a card into your bid (a Unit; an Icon or Special for
                          its ability, with its targets: a player, a card)
    face CARD             put a Special or Icon card into your bid at face value
    dig CARD CARD …       dig in a pile of cards from your bid (option dig_in)
    done                  finish your turn: your bid stands
    withdraw              leave the battle
    attack open           fight for the face-up Territory card
    attack SIDE NATION    fight for a territory SIDE holds
    take CARD             Espionage: the card taken from the opponent's hand
    pass                  let a Blitz window go by
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.referee.protocol import MoveSyntaxError

RULE = "LF-notation"
DONE, WITHDRAW = "done", "withdraw"
HELP = ("play CARD [TARGET...], face CARD, dig CARD CARD..., done, withdraw, "
        "attack open, attack SIDE NATION, take CARD, pass")


@dataclass(frozen=True, slots=True)
class Play:
    card: str
    target: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("play", self.card) + self.target)


@dataclass(frozen=True, slots=True)
class Face:
    card: str

    def __str__(self) -> str:
        return f"face {self.card}"


@dataclass(frozen=True, slots=True)
class Dig:
    cards: tuple[str, ...]  # sorted

    def __str__(self) -> str:
        return " ".join(("dig",) + self.cards)


@dataclass(frozen=True, slots=True)
class Attack:
    holder: str | None = None  # None: the open Territory card
    nation: str | None = None

    def __str__(self) -> str:
        return "attack open" if self.holder is None else f"attack {self.holder} {self.nation}"


@dataclass(frozen=True, slots=True)
class Take:
    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


def _names(words: list[str], text: str) -> tuple[str, ...]:
    for w in words:
        if not w.replace("_", "").isalnum():
            raise MoveSyntaxError(RULE, f"{w!r} is not a card or player name", text)
    return tuple(words)


def parse(text: str):
    words = text.split()
    if not words:
        raise MoveSyntaxError(RULE, "type a move: " + HELP, text)
    head, rest = words[0].lower(), words[1:]
    if head == DONE and not rest:
        return DONE
    if head == WITHDRAW and not rest:
        return WITHDRAW
    if head == "play" and rest:
        names = _names(rest, text)
        return Play(names[0], names[1:])
    if head == "face" and len(rest) == 1:
        return Face(_names(rest, text)[0])
    if head == "dig" and rest:
        return Dig(tuple(sorted(_names(rest, text))))
    if head == "take" and len(rest) == 1:
        return Take(_names(rest, text)[0])
    if head == "attack" and rest == ["open"]:
        return Attack()
    if head == "attack" and len(rest) == 2:
        holder, nation = _names(rest, text)
        return Attack(holder, nation)
    raise MoveSyntaxError(RULE, "moves are: " + HELP, text)


def group(move) -> str:
    if isinstance(move, (Play, Face, Take)):
        return move.card
    return str(move).split()[0]
