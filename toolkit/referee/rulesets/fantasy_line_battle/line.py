"""The lines: places, damage to the Front, killing, Dying and burial.

A place counts from one's own Front (1) and includes Dying characters, who keep
their place until the end of the phase (FLB-dying). Damage to a Front waits
until it is enough to kill the Front character (the first not Dying), and then
must be spent on it at once, again and again while it suffices (FLB-front).
"""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event

from toolkit.referee.rulesets.fantasy_line_battle import draws
from toolkit.referee.rulesets.fantasy_line_battle.state import DEAD, Fighter, State


def place_of(s: State, side: str, uid: int) -> int:
    for i, f in enumerate(s.line(side), 1):
        if f.uid == uid:
            return i
    raise KeyError(uid)


def at_place(s: State, side: str, place: int) -> Fighter | None:
    line = s.line(side)
    return line[place - 1] if 1 <= place <= len(line) else None


def in_range(s: State, side: str, f: Fighter) -> bool:
    return f.reaches(place_of(s, side, f.uid))


def change(s: State, side: str, uid: int, **changes) -> State:
    return s.with_line(side, (evolve(f, **changes) if f.uid == uid else f for f in s.line(side)))


def kill(s: State, side: str, f: Fighter, events: list, how: str) -> State:
    """`f` of `side` is killed: Dying until the end of the phase (FLB-dying)."""
    events.append(Event("kill", f"{side}'s {f.card} is killed ({how}) and is Dying"))
    return change(s, side, f.uid, dying=True)


def deal_front(s: State, side: str, n: int, events: list, source: str) -> State:
    """`n` damage to `side`'s Front: its shield takes it first (Stone Wall); the rest
    waits on the Front and kills while it suffices (FLB-front)."""
    if n <= 0:
        return s
    shield = s.get(s.shield, side)
    if shield:
        stopped = min(shield, n)
        s = s.add("shield", side, -stopped)
        n -= stopped
        events.append(Event("shield", f"{side}'s shield stops {stopped} damage"))
    if n <= 0:
        return s
    s = s.add("front", side, n)
    events.append(Event("front", f"{n} damage to {side}'s Front ({source}); "
                        f"{s.get(s.front, side)} waiting there"))
    return settle_front(s, side, events)


def settle_front(s: State, side: str, events: list) -> State:
    """Spend the damage on `side`'s Front on its Front character while it kills."""
    while True:
        f = s.front_fighter(side)
        if f is None or s.get(s.front, side) < f.health:
            return s
        s = s.add("front", side, -f.health)
        if f.warded:
            events.append(Event("ward", f"{side}'s {f.card} cannot die today: "
                                f"{f.health} damage is lost"))
            continue
        s = kill(s, side, f, events, "damage to the Front")


def bury(s: State, events: list) -> State:
    """The end of a phase: the Dying die, the lines close up, limits may drop."""
    if not any(f.dying for line in s.lines for f in line):
        return s
    for side in s.sides:
        gone = [f for f in s.line(side) if f.dying]
        if not gone:
            continue
        s = s.with_line(side, (f for f in s.line(side) if not f.dying))
        dead = s.zone(DEAD, side)
        s = s.with_zone(dead.add(*(f.card for f in gone)), deaths=s.deaths + len(gone))
        for f in gone:
            events.append(Event("death", f"{side}'s {f.card} dies"))
        for who, kind, n, _ in s.lasting:
            if kind == "harvest":
                s = s.add("mana", who, n * len(gone))
                events.append(Event("mana", f"{who} gains {n * len(gone)} mana (Soul Harvest)"))
    return draws.open_discards(s)


def production(s: State, side: str) -> int:
    """Mana made each Day: the base and the live characters' (FLB-mana)."""
    return s.cfg.base_mana + sum(f.mana for f in s.live(side))
