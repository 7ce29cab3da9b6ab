"""Fantasy Line Battle moves in the players' words (toolkit.referee.wording): each card
by its printed title, a place in a line said as a place.

    place knight            Place Knight face down
    cast frost_nova 2       Cast Frost Nova on place 2
    cast blessing x2 1 3    Cast Blessing twice: on places 1 and 3
    kill 2 3                Kill the enemies at places 2 and 3
    ability 2 4 3           Ability of place 2: place 4 to place 3
"""

from __future__ import annotations

from toolkit.referee.kit.titles import capital
from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.fantasy_line_battle.moves import (
    Ability, Aim, Cast, Discard, Done, Farseer, Kill, Place, Take)

TIMES = {2: "twice", 3: "three times", 4: "four times"}


def places(ps) -> str:
    """`(2, 3)` -> `places 2 and 3`; `(2,)` -> `place 2`."""
    ps = [str(p) for p in ps]
    if len(ps) == 1:
        return f"place {ps[0]}"
    return f"places {', '.join(ps[:-1])} and {ps[-1]}"


def describe_move(s, player: str, m) -> str:
    """The ruleset's `describe_move` hook."""
    t = s.cfg.titles
    if m is PASS:
        return "Pass"
    if isinstance(m, Place):
        return f"Place {t(m.card)} face down"
    if isinstance(m, Take):
        return f"Take {t(m.card)} back"
    if isinstance(m, Discard):
        return f"Discard {t(m.card)}"
    if isinstance(m, Cast):
        return _cast(t, m)
    if isinstance(m, Kill):
        return f"Kill the {'enemy' if len(m.places) == 1 else 'enemies'} at {places(m.places)}"
    if isinstance(m, Aim):
        return f"Aim the targeted damage of {places((m.place,))}"
    if isinstance(m, Ability):
        return _ability(m)
    if isinstance(m, Farseer):
        return "Reveal the Farseer"
    if isinstance(m, Done):
        return "Done choosing"
    return capital(t(str(m)))


def _cast(t, m: Cast) -> str:
    return "Cast " + cast_words(t, m)


def cast_words(t, m: Cast) -> str:
    """A spell cast, after the verb: `Blessing twice on places 1 and 3` (the log's
    `South casts Blessing twice on places 1 and 3`)."""
    said = t(m.card)
    if m.times != 1:
        said += f" {TIMES.get(m.times, f'{m.times} times')}"
    if not m.args:
        return said
    if all(a.isdigit() for a in m.args):
        if m.card == "rally_the_line" and len(m.args) == 2:
            return f"{said}: place {m.args[0]} to place {m.args[1]}"
        return f"{said} on {places(m.args)}"
    return f"{said} on {', '.join(t(a) for a in m.args)}"


def _ability(m: Ability) -> str:
    said = f"Ability of place {m.place}"
    if len(m.args) == 1:
        return f"{said}: swap with place {m.args[0]}"
    if len(m.args) == 2:
        return f"{said}: place {m.args[0]} to place {m.args[1]}"
    return said
