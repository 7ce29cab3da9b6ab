"""Cities: entering one may win the game (a Capital), make it fall (an Air Base or
Industry of the enemy) or free it (your own fallen city), with the supply chits
swapped as the rules say (FL-city-*)."""

from __future__ import annotations


from toolkit.referee.protocol import Event
from toolkit.referee.rulesets.front_line import supply
from toolkit.referee.rulesets.front_line.state import State, evolve


def enter(s: State, side: str, sq: int) -> tuple[State, list[Event]]:
    """A unit of `side` has just entered `sq`."""
    city = s.cfg.cities.get(sq)
    if city is None:
        return s, []
    name = s.cfg.names[sq]
    if city.owner != side:
        if city.capital:
            return evolve(s, winner=side), [
                Event("win", f"{side} enters {city.owner}'s capital {name} and wins")]
        if sq not in s.fallen:
            s = evolve(s, fallen=s.fallen | {sq})
            s = supply.on_fall(s, city.owner, city.supplies, s.mover)
            return s, [Event("fall", f"{city.owner}'s {_what(city)} {name} falls to {side}")]
        return s, []
    if sq in s.fallen:
        s = evolve(s, fallen=s.fallen - {sq})
        s = supply.on_free(s, side, city.supplies)
        return s, [Event("free", f"{side} frees its {_what(city)} {name}")]
    return s, []


def _what(city) -> str:
    return {"air": "Air Base", "industry": "Industry", "capital": "Capital"}.get(
        city.supplies, "city")
