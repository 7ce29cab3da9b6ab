"""What a card in a bid (an Icon played for its ability, a Special with no end of its
own) or a Territory Bonus puts on its side's cards: the `Mod`s its effects give when
read in mode "mods". The effects themselves are in effects.py, which runs them in a
`Ctx` too; the bid's worth (bid.py) reads them here."""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.referee.rulesets.last_front.state import Mod, State


@dataclass
class Ctx:
    """Where a card's effect runs: the state, the side and card, the mode ("mods": give
    the card's `Mod`; "play": carry it out), its targets, and the events it tells."""

    state: State
    side: str
    card: str
    mode: str = "play"  # "mods" or "play"
    target: tuple[str, ...] = ()
    events: list = field(default_factory=list)


def mods_of_card(s: State, side: str, card: str) -> tuple[Mod, ...]:
    """The modifiers a card held in a bid or as a bonus puts on `side`'s cards.
    Read in mode "mods" a primitive looks only at its arguments, the card, the side
    and whether that side defends (`add(when=defending)`), so the answer is kept
    per card, side and defending."""
    key = ("mods", card, side, s.holder == side)
    memo = s.cfg.memo
    got = memo.get(key)
    if got is None:
        out: list[Mod] = []
        for call in s.cfg.cards[card].calls:
            mod = call.run(Ctx(s, side, card, "mods"))
            if isinstance(mod, Mod):
                out.append(mod)
        got = memo[key] = tuple(out)
    return got
