"""Attack results: the dice read on the table (`read`, City Defense and Dug In in
`icon_miss`), Blitz, Disrupt, Rout (Retreat or Hold), Miss, the Rally shift and reward,
attacks on empty cities, and Displacement (FL-result-*). Once a result is settled the
attack goes on (`go_on`, which the attack hands in: it reads its results from here)."""

from __future__ import annotations

from collections.abc import Callable

from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import SIDE
from toolkit.referee.protocol import Event
from toolkit.referee.rulesets.front_line import cities, edge, movement
from toolkit.referee.rulesets.front_line.state import Attack, State, evolve, place, shift, window

SOFTER = {"blitz": "disrupt", "disrupt": "rout", "rout": "miss"}
CITY_ICON = {"capital": "capital", "air": "air_base", "industry": "industry"}

#: How the attack goes on once its result is settled: attack.proceed, handed in by the
#: attack (and by the windows a result opens), which reads its results from here.
GoOn = Callable[[State, Attack], tuple[State, list[Event]]]


def finalise(s: State, go_on: GoOn) -> tuple[State, list[Event]]:
    a = s.attack
    cfg = s.cfg
    foe = s.other(a.side)
    s, events = edge.after_roll(s, a.dice[0], a.side, foe)
    if a.on_city:
        return _city_result(s, events, go_on)
    result, from_white = read(s, a, a.choice or "white")
    why = icon_miss(s, a, result, from_white)
    if why:
        events.append(Event("icon", f"{why}: the {result} becomes a miss"))
        result = "miss"
    natural = result == "miss"
    if a.rallied and result in SOFTER:
        softer = SOFTER[result]
        events.append(Event("rally", f"Rally softens {result} to {softer}"))
        result = softer
    s = evolve(s, attack=evolve(a, result=result, natural_miss=natural, stage="end"))
    target = s.squares[a.dst]
    name = cfg.names[a.dst]
    if result == "rout" and target.disrupted or result == "disrupt" and target.disrupted:
        result = "blitz"
    if result == "blitz":
        events.append(Event("blitz", f"{foe}'s {target.kind} on {name} is blitzed"))
        s = place(s, a.dst, None)
        s, more = displacement(s, go_on)
        return s, events + more
    if result == "disrupt" or result == "rout" and cfg.rout_disrupts[a.dst]:
        events.append(Event("disrupt", f"{foe}'s {target.kind} on {name} is disrupted"))
        return then_end(place(s, a.dst, evolve(target, disrupted=True)), events, go_on)
    if result == "rout":
        if movement.retreat_targets(s, a.dst):
            events.append(Event("rout", f"rout: {foe} chooses to retreat or hold {name}"))
            return open_window(s, window("rout", SIDE, (foe,), "retreat or hold")), events
        events.append(Event("disrupt", f"rout with no safe square: {foe}'s {target.kind} on "
                            f"{name} is disrupted"))
        return then_end(place(s, a.dst, evolve(target, disrupted=True)), events, go_on)
    events.append(Event("miss", f"miss on {name}"))
    if a.rallied and natural:
        return _reward(s, events, go_on)
    return then_end(s, events, go_on)


def then_end(s: State, events: list[Event], go_on: GoOn) -> tuple[State, list[Event]]:
    s, more = go_on(s, evolve(s.attack, stage="end"))
    return s, events + more


def _city_result(s: State, events: list[Event], go_on: GoOn) -> tuple[State, list[Event]]:
    """An empty unfriendly city: on a hit the attacker must enter it (FL-attack-city)."""
    a = s.attack
    die = a.dice[0]
    name = s.cfg.names[a.dst]
    if die in s.cfg.opt("empty_city_hit"):
        events.append(Event("enter", f"{die}: {a.side} enters {name}"))
        s = shift(s, a.src, a.dst)
        s, more = cities.enter(s, a.side, a.dst)
        events += more
    else:
        events.append(Event("miss", f"{die}: the attack on {name} misses"))
    return then_end(s, events, go_on)


def displacement(s: State, go_on: GoOn) -> tuple[State, list[Event]]:
    """The target's square was just emptied: an attacker next to it may move in, and
    must when it is a city (FL-result-displace)."""
    a = s.attack
    attacker = s.squares[a.src]
    if attacker is None or attacker.side != a.side or s.cfg.distance(a.src, a.dst) != 1 \
            or s.squares[a.dst] is not None:
        return then_end(s, [], go_on)
    if a.dst in s.cfg.cities:
        return displace(s, go_on)
    return open_window(s, window("displace", SIDE, (a.side,), "displace or stay")), []


def displace(s: State, go_on: GoOn) -> tuple[State, list[Event]]:
    a = s.attack
    s = shift(s, a.src, a.dst)
    events = [Event("displace", f"{a.side} shifts {s.cfg.names[a.src]} onto "
                    f"{s.cfg.names[a.dst]}")]
    s, more = cities.enter(s, a.side, a.dst)
    s, end = then_end(s, [], go_on)
    return s, events + more + end


def retreat(s: State, to: int, go_on: GoOn) -> tuple[State, list[Event]]:
    a = s.attack
    s = shift(s, a.dst, to)
    events = [Event("retreat", f"{a.side} shifts the routed unit to {s.cfg.names[to]}")]
    s, more = displacement(s, go_on)
    return s, events + more


def hold(s: State, go_on: GoOn) -> tuple[State, list[Event]]:
    a = s.attack
    target = s.squares[a.dst]
    s = place(s, a.dst, evolve(target, disrupted=True))
    return then_end(s, [Event("hold", f"{target.side} holds {s.cfg.names[a.dst]}: disrupted")],
                    go_on)


def _reward(s: State, events: list[Event], go_on: GoOn) -> tuple[State, list[Event]]:
    """A natural miss on a rallied unit: a disrupted target is regrouped; an active
    one may Maneuver or fire back, free (FL-task-rally)."""
    a = s.attack
    target = s.squares[a.dst]
    if target.disrupted:
        events.append(Event("reward", f"Rally reward: {s.cfg.names[a.dst]} is regrouped"))
        return then_end(place(s, a.dst, evolve(target, disrupted=False)), events, go_on)
    events.append(Event("reward", f"Rally reward: {target.side} may maneuver or fire back"))
    return open_window(s, window("reward", SIDE, (target.side,),
                                 "maneuver, opfire or decline")), events


def read(s: State, a: Attack, choice: str) -> tuple[str, bool]:
    """The table's result for the dice: (result, read from the white die's column)."""
    cfg = s.cfg
    white = a.dice[0]
    if choice == "yellow" and len(a.dice) > 1:
        return cfg.advantage[a.dice[1] - 1], False
    column = cfg.table.columns[min(cfg.distance(a.src, a.dst), 3) - 1]
    result = cfg.table.lookup(white, column, a.column_shift)
    if result == "adv":
        if len(a.dice) > 1:
            return cfg.advantage[a.dice[1] - 1], False
        return str(cfg.opt("adv_without_yellow")), True
    return result, True


def icon_miss(s: State, a: Attack, result: str, from_white: bool) -> str | None:
    """City Defense or Dug In turning a result into a miss (FL-icon-city, FL-icon-dug-in)."""
    if not from_white or result == "miss":
        return None
    cfg = s.cfg
    icon = cfg.icons[a.dice[0] - 1]
    city = cfg.cities.get(a.dst)
    if city is not None and CITY_ICON.get(city.supplies) == icon:
        return "City Defense"
    target = s.squares[a.dst]
    if icon == "soldier" and target is not None and \
            cfg.terrain[a.dst] in cfg.kinds[target.kind].dug_in_on:
        return "Dug In"
    return None
