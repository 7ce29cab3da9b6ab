"""Leadership: Commission, and the five tasks (Rally, Opportunity Fire, Maneuver,
Relieve, Cache). A task is not an action: it costs no supply and exhausts the card.
The tasks are the effect primitives of the Leadership card (`EFFECTS`), checked at
`frontkit check` against common.scn (FL-task-*)."""

from __future__ import annotations

from toolkit.referee.kit import effects as fx
from toolkit.referee.kit.phases import REACT
from toolkit.referee.protocol import Event, Illegal
from toolkit.referee.rulesets.front_line import movement
from toolkit.referee.rulesets.front_line.state import (
    AVAILABLE, EXHAUSTED, State, evolve, swap, window, with_leadership)

WHEN = fx.OneOf(("own_turn", "opponent_turn", "any_turn"))
EFFECTS = fx.Effects("front_line")


@EFFECTS.primitive(when=WHEN, trigger=fx.OneOf(("supplied_attack",)), shift=fx.Int(1, 3))
def rally(ctx, when, trigger, shift):
    """Rally: when a supplied attack targets your unit, before the dice, soften the result."""
    return when


@EFFECTS.primitive(when=WHEN, trigger=fx.OneOf(("supply_use",)))
def opportunity_fire(ctx, when, trigger):
    """Opportunity Fire: when an enemy unit uses supply within range of your active unit, attack it."""
    return when


@EFFECTS.primitive(when=WHEN, squares=fx.Int(1, 2), diagonal=fx.Bool())
def maneuver(ctx, when, squares, diagonal):
    """Maneuver: shift one active unit {squares} square to an empty neighbour."""
    return when


@EFFECTS.primitive(when=WHEN, diagonal=fx.Bool(), needs_active=fx.Int(0, 2))
def relieve(ctx, when, diagonal, needs_active):
    """Relieve: swap two adjacent units of yours, at least {needs_active} of them active."""
    return when


@EFFECTS.primitive(when=WHEN, n=fx.Int(1, 4))
def cache(ctx, when, n):
    """Cache: add {n} chit to the stack in use, up to its size."""
    return when


def when_of(s: State, task: str) -> str:
    """When the Leadership card lets `task` be used: its effect's `when` (own_turn,
    opponent_turn, any_turn; never when the card has no such task). The effects are
    checked against `EFFECTS` at `frontkit check`; the config reads `when` once."""
    return s.cfg.task_when.get(task, "never")


def usable(when: str, own_turn: bool) -> bool:
    """May a Leadership task whose card says `when` (own_turn, opponent_turn,
    any_turn, never) be used on the side's own turn (`own_turn`) or the other's?"""
    return when == "any_turn" or when == ("own_turn" if own_turn else "opponent_turn")


def available_problem(s: State, side: str, task: str, own_turn: bool) -> Illegal | None:
    if s.leadership[s.at(side)] != AVAILABLE:
        return Illegal("FL-lead-available", f"your Leadership is {s.leadership[s.at(side)]}, "
                       "not available")
    when = when_of(s, task)
    if not usable(when, own_turn):
        words = {"own_turn": "on your own turn", "opponent_turn": "on your opponent's turn",
                 "never": "never"}.get(when, "")
        return Illegal("FL-task-when", f"{task.replace('_', ' ')} is used {words}")
    return None


def exhaust(s: State, side: str) -> State:
    return with_leadership(s, side, EXHAUSTED)


def maneuver_problem(s: State, side: str, src: int, dst: int) -> Illegal | None:
    u = s.squares[src]
    if u is None or u.side != side:
        return Illegal("FL-own-unit", f"{s.cfg.names[src]} holds no unit of yours")
    if u.disrupted:
        return Illegal("FL-task-maneuver", "only an active unit may Maneuver")
    if dst not in movement.maneuver_targets(s, src):
        return Illegal("FL-task-maneuver", "Maneuver shifts a unit one square onto an empty "
                       "square, never into an empty unfriendly city")
    return None


def relieve_problem(s: State, side: str, a: int, b: int) -> Illegal | None:
    u = s.squares[a]
    if u is None or u.side != side:
        return Illegal("FL-own-unit", f"{s.cfg.names[a]} holds no unit of yours")
    if b not in movement.relieve_partners(s, a):
        return Illegal("FL-task-relieve", "Relieve swaps two adjacent units of yours, at "
                       "least one of them active")
    return None


def opfire_problem(s: State, side: str, src: int, dst: int) -> Illegal | None:
    u = s.squares[src]
    if u is None or u.side != side or u.disrupted:
        return Illegal("FL-task-opfire", f"{s.cfg.names[src]} holds no active unit of yours")
    target = s.find(s.acting) if s.acting is not None else None
    if target != dst:
        return Illegal("FL-task-opfire", "Opportunity Fire attacks only the enemy unit that "
                       "just used supply")
    if s.cfg.distance(src, dst) > s.cfg.kinds[u.kind].range:
        return Illegal("FL-attack-range", f"{s.cfg.names[dst]} is out of range")
    return None


def maneuver_moves(s: State, side: str):
    for sq, u in s.units_of(side):
        if u.active:
            for dst in sorted(movement.maneuver_targets(s, sq)):
                yield sq, dst


def relieve_moves(s: State, side: str):
    for sq, u in s.units_of(side):
        for dst in sorted(movement.relieve_partners(s, sq)):
            if dst > sq:
                yield sq, dst


def opfire_moves(s: State, side: str):
    target = s.find(s.acting) if s.acting is not None else None
    if target is None:
        return
    for sq, u in s.units_of(side):
        if u.active and s.cfg.distance(sq, target) <= s.cfg.kinds[u.kind].range:
            yield sq, target


def do_maneuver(s: State, side: str, src: int, dst: int, free: bool = False):
    from toolkit.referee.rulesets.front_line import cities
    from toolkit.referee.rulesets.front_line.state import shift

    s = shift(s, src, dst)
    if not free:
        s = exhaust(s, side)
    s, more = cities.enter(s, side, dst)
    return s, [Event("maneuver", f"{side} maneuvers {s.cfg.names[src]} to "
                     f"{s.cfg.names[dst]}")] + more


def do_relieve(s: State, side: str, a: int, b: int):
    s = exhaust(swap(s, a, b), side)
    return s, [Event("relieve", f"{side} swaps {s.cfg.names[a]} and {s.cfg.names[b]}")]


def offer_reaction(s: State, side: str, /, **changes) -> tuple[State, list]:
    """After a supplied action, the other side may react with a task: Opportunity
    Fire on the unit that used supply, or Maneuver or Relieve (FL-R15). `side`
    acted; `changes`: its action's own, made in the same step as the window."""
    if changes and not changes.keys().isdisjoint(("leadership", "winner", "flow")):
        s, changes = evolve(s, **changes), {}
    foe = s.other(side)
    if s.leadership[s.at(foe)] != AVAILABLE or s.winner is not None \
            or not s.cfg.answers_out_of_turn:  # no task open: available_problem for each
        return (evolve(s, **changes) if changes else s), []
    flow = s.flow
    react = window("react", REACT, (foe,), "opfire, maneuver, relieve or pass")
    return evolve(s, flow=evolve(flow, windows=flow.windows + (react,)), **changes), []


def commission(s: State, side: str) -> State:
    from toolkit.referee.rulesets.front_line.state import COMMISSIONED

    return with_leadership(s, side, COMMISSIONED)


def ready(s: State, side: str) -> State:
    """At the end of its owner's turn a commissioned card becomes available."""
    from toolkit.referee.rulesets.front_line.state import COMMISSIONED

    if s.leadership[s.at(side)] == COMMISSIONED:
        return with_leadership(s, side, AVAILABLE)
    return s
