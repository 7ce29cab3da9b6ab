"""Fantasy Line Battle moves: values with one text form each
(content/fantasy_line_battle/notation.md).

    place knight          put a character face down in your line, at its rear (FLB-select)
    take knight           Merchant: discard a placed character, Money back (FLB-merchant)
    farseer               reveal your Farseer: the other player finishes first (FLB-farseer)
    done                  your selection is complete (FLB-select)
    cast fireball         cast a spell (FLB-cast)
    cast fireball x2      doubled, or forked, at twice the cost (FLB-double)
    cast blessing x2 1 3  a target per impact: places in a line, or a dead friend's card
    kill 2                spend targeted damage on the enemy at place 2 (FLB-targeted)
    kill 2 3              ... on the enemies at places 2 and 3 at once
    aim 2                 targeted_damage chosen: your character at 2 makes its targeted damage
    ability 3             the move ability of your character at place 3 (FLB-move)
    ability 2 4 3         ... with its targets (friend at 4 to place 3)
    discard heal          discard a spell down to your hand limit (FLB-limit)
    pass                  end your casting, moving or killing for this phase
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.referee.protocol import PASS, MoveSyntaxError

RULE_NOTATION = "FLB-notation"
FORMS = ("place CARD, take CARD, farseer, done, cast SPELL [x2] [TARGET...], kill PLACE..., "
         "aim PLACE, ability PLACE [TARGET...], discard SPELL, pass")


@dataclass(frozen=True, slots=True)
class Place:
    card: str

    def __str__(self) -> str:
        return f"place {self.card}"


@dataclass(frozen=True, slots=True)
class Take:
    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Farseer:
    def __str__(self) -> str:
        return "farseer"


@dataclass(frozen=True, slots=True)
class Done:
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Cast:
    """`times` 2 or more: doubled (doubleable) or forked (fork); `args` one target per
    impact (a place, or a dead friend's card), or two for a move (place, to)."""

    card: str
    times: int = 1
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(["cast", self.card] + ([f"x{self.times}"] if self.times != 1 else [])
                        + list(self.args))


@dataclass(frozen=True, slots=True)
class Kill:
    """Targeted damage spent on the enemies at these places at once, in rising order
    (FLB-targeted, FLB-R25)."""

    places: tuple[int, ...]

    def __str__(self) -> str:
        return "kill " + " ".join(str(p) for p in self.places)


@dataclass(frozen=True, slots=True)
class Aim:
    place: int

    def __str__(self) -> str:
        return f"aim {self.place}"


@dataclass(frozen=True, slots=True)
class Ability:
    place: int
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        return " ".join(["ability", str(self.place)] + [str(a) for a in self.args])


@dataclass(frozen=True, slots=True)
class Discard:
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


def _place(word: str, text: str) -> int:
    if not word.isdigit() or word.startswith("0"):
        raise MoveSyntaxError(RULE_NOTATION, f"{word!r} is not a place in a line (1 is the "
                              "Front)", text)
    return int(word)


def parse(text: str):
    words = text.split()
    if not words:
        raise MoveSyntaxError(RULE_NOTATION, "empty move; moves are " + FORMS, text)
    verb, args = words[0], words[1:]
    if verb == "pass" and not args:
        return PASS
    if verb in ("place", "take", "discard") and len(args) == 1:
        return {"place": Place, "take": Take, "discard": Discard}[verb](args[0])
    if verb == "farseer" and not args:
        return Farseer()
    if verb == "done" and not args:
        return Done()
    if verb == "cast" and args:
        card, rest = args[0], args[1:]
        times = 1
        if rest and rest[0].startswith("x"):
            if len(rest[0]) != 2 or rest[0][1] not in "23456789":
                raise MoveSyntaxError(RULE_NOTATION, "a spell is cast x2 to x9 times, or once "
                                      "(no x)", text)
            times, rest = int(rest[0][1]), rest[1:]
        return Cast(card, times, tuple(rest))
    if verb == "kill" and args:
        places = tuple(_place(a, text) for a in args)
        if list(places) != sorted(set(places)):
            raise MoveSyntaxError(RULE_NOTATION, "name the places to kill once each, in "
                                  "rising order (kill 2 3)", text)
        return Kill(places)
    if verb == "aim" and len(args) == 1:
        return Aim(_place(args[0], text))
    if verb == "ability" and 1 <= len(args) <= 3:
        return Ability(_place(args[0], text), tuple(_place(a, text) for a in args[1:]))
    raise MoveSyntaxError(RULE_NOTATION, "moves are " + FORMS, text)


def group(move) -> str:
    return str(move).split(" ")[0] if not isinstance(move, (Cast, Ability)) else \
        " ".join(str(move).split(" ")[:2])
