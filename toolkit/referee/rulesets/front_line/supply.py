"""Supply: the stacks each country's cities grant at a round's start, choosing a
stack for a turn, paying for actions, and the chits swapped when a city falls or
is freed (FL-supply-*)."""

from __future__ import annotations


from operator import attrgetter

from toolkit.referee.protocol import Event, Illegal
from toolkit.referee.rulesets.front_line.state import (
    Stack, State, add_used, evolve, put, stack, with_stacks)

_kind = attrgetter("kind")
MISSION_TYPE = {"build": "industry", "para": "air", "regroup": "capital"}


def month_name(round_: int) -> str:
    return ("September", "October", "November", "December")[min(round_, 4) - 1] \
        if round_ <= 4 else f"round {round_}"


def grant_round(s: State) -> tuple[State, list[Event]]:
    """A round starts: leftover stacks go to Used Supply (supply is never saved,
    FL-R14); each free city grants its stack per the supply card's month, each
    fallen city one Fallen chit (FL-supply-round)."""
    cfg = s.cfg
    month = s.flow.round - 1
    events = []
    for side in s.sides:
        i = s.at(side)
        left = sum(k.count for k in s.stacks[i])
        s = add_used(s, side, left)
        stacks = []
        for city in sorted(cfg.cities.values(), key=lambda c: c.square):
            if city.owner != side or not city.supplies:
                continue
            if city.square in s.fallen:
                stacks.append(Stack(f"fallen_{city.supplies}", 1))
            else:
                n = cfg.grant(s.cards[i], city.supplies, month)
                if n > 0:
                    stacks.append(Stack(city.supplies, n))
        s = with_stacks(s, side, stacks)
        told = ", ".join(f"{k.count} {k.kind}" for k in s.stacks[i]) or "nothing"
        events.append(Event("supply", f"{month_name(s.flow.round)}: {side} receives {told}"))
    return evolve(s, turns=0), events


def take_problem(s: State, side: str, kind: str) -> Illegal | None:
    if s.stack is not None:
        return Illegal("FL-supply-one", "you have already chosen this turn's stack")
    if not any(k.kind == kind for k in s.stacks[s.at(side)]):
        have = ", ".join(k.kind for k in s.stacks[s.at(side)]) or "none left"
        return Illegal("FL-supply-stack", f"you have no unused {kind} stack (you have: {have})")
    return None


def take(s: State, side: str, kind: str) -> tuple[State, list[Event]]:
    i = s.at(side)
    stacks = list(s.stacks[i])
    chosen = next(k for k in stacks if k.kind == kind)
    stacks.remove(chosen)
    s = evolve(s, stacks=put(s.stacks, i, tuple(sorted(stacks, key=_kind))), stack=chosen,
               stack_max=chosen.count)  # the stacks as with_stacks sorts them, in one step
    chits = f"{chosen.count} chit" + ("" if chosen.count == 1 else "s")
    return s, [Event("take", f"{side} takes the {kind.replace('_', ' ')} stack ({chits})")]


def pay_problem(s: State, cost: int, mission: str | None = None) -> Illegal | None:
    """Can the chosen stack pay `cost` chits (of the mission's own type)?"""
    if s.stack is None:
        return Illegal("FL-supply-first", "choose a supply stack first (take air, capital, "
                       "industry or a fallen chit)")
    if mission is not None:
        want = MISSION_TYPE[mission]
        if s.stack.kind != want:
            return Illegal("FL-mission-supply", f"a {mission} mission is paid with {want} "
                           f"supply, not {s.stack.kind.replace('_', ' ')}")
    if s.stack.count < cost:
        chits = f"{cost} chit" + ("" if cost == 1 else "s")
        return Illegal("FL-supply-empty", f"this needs {chits}; your stack has "
                       f"{s.stack.count}")
    return None


def paid(s: State, side: str, cost: int) -> dict:
    """The changes of paying `cost` chits from the stack in use to Used Supply."""
    i = s.at(side)
    return {"stack": stack(s.stack.kind, s.stack.count - cost),
            "used": put(s.used, i, s.used[i] + cost)}


def pay(s: State, side: str, cost: int) -> State:
    return evolve(s, **paid(s, side, cost))


def end_turn(s: State, side: str, **changes) -> State:
    """Unused chits of the chosen stack go to Used Supply (FL-supply-pass).
    `changes`: the rest of the turn's end, made in the same step."""
    if s.stack is not None and s.stack.count:
        i = s.at(side)
        changes["used"] = put(s.used, i, s.used[i] + s.stack.count)
    return evolve(s, stack=None, stack_max=0, acted=(), acting=None, **changes)


def on_fall(s: State, owner: str, supplies: str, active: str | None) -> State:
    """The owner's chits of that type become one Fallen chit where they lie:
    an unused stack becomes an unused Fallen chit; a used one stays used; the
    stack in hand becomes a Fallen chit in hand (FL-supply-fall, FL-R17)."""
    i = s.at(owner)
    stacks = [k for k in s.stacks[i] if k.kind != supplies]
    if len(stacks) != len(s.stacks[i]):
        stacks.append(Stack(f"fallen_{supplies}", 1))
        s = with_stacks(s, owner, stacks)
    if active == owner and s.stack is not None and s.stack.kind == supplies:
        s = evolve(s, stack=Stack(f"fallen_{supplies}", min(1, s.stack.count)), stack_max=1)
    return s


def on_free(s: State, owner: str, supplies: str) -> State:
    """An unused Fallen chit is set aside and replaced by this month's stack of
    that type; a used one is simply set aside (FL-supply-free)."""
    i = s.at(owner)
    fallen = f"fallen_{supplies}"
    if any(k.kind == fallen for k in s.stacks[i]):
        stacks = [k for k in s.stacks[i] if k.kind != fallen]
        n = s.cfg.grant(s.cards[i], supplies, s.flow.round - 1)
        if n:
            stacks.append(Stack(supplies, n))
        s = with_stacks(s, owner, stacks)
    return s


def chits_left(s: State, side: str) -> int:
    return sum(k.count for k in s.stacks[s.at(side)]) + (
        s.stack.count if s.stack is not None and s.mover == side else 0)


__all__ = ["grant_round", "take", "take_problem", "pay", "paid", "pay_problem", "end_turn",
           "on_fall", "on_free", "month_name", "chits_left", "put"]
