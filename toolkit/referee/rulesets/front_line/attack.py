"""Attacks, declared and resolved step by step. An attack in progress is
`State.attack`; `proceed` moves it through its stages, opening a window whenever
someone must decide or dice must be rolled:

    rally    the defender may Rally (a supplied attack on a unit, Leadership available)
    roll     the white die, and the yellow one when the attacker is higher
    edge     the Edge holder may re-roll everything
    pick     a higher Tank takes the white or the yellow result
    final    the result is read, icons applied, Rally's shift applied (results.finalise)
    end      the attack is over; a supplied one may draw Opportunity Fire
"""

from __future__ import annotations


from toolkit.referee.kit.phases import CHANCE, REACT, SIDE, Window
from toolkit.referee.protocol import Event, Illegal
from toolkit.referee.rulesets.front_line import edge, results
from toolkit.referee.rulesets.front_line.results import read
from toolkit.referee.rulesets.front_line.state import AVAILABLE, Attack, State, dice, evolve, window

RESULTS = ("blitz", "disrupt", "rout", "miss")


def targets(s: State, sq: int) -> frozenset[int]:
    """What the active unit on `sq` may attack: enemy units within its range, and
    empty unfriendly cities next to it (FL-attack-range, FL-attack-city)."""
    cfg = s.cfg
    unit = s.squares[sq]
    reach = cfg.kinds[unit.kind].range
    out = set()
    squares = s.squares
    side = unit.side
    for i in cfg.within(sq, reach):
        other = squares[i]
        if other is not None:
            if other.side != side:
                out.add(i)
        elif i in cfg.cities and cfg.distance(sq, i) == 1 and s.unfriendly_city(i, side):
            out.add(i)
    return frozenset(out)


def target_problem(s: State, sq: int, dst: int) -> Illegal | None:
    cfg = s.cfg
    unit = s.squares[sq]
    other = s.squares[dst]
    d = cfg.distance(sq, dst)
    if other is None:
        if not s.unfriendly_city(dst, unit.side):
            return Illegal("FL-attack-target", f"{cfg.names[dst]} holds no enemy unit and is "
                           "no unfriendly city")
        if d != 1:
            return Illegal("FL-attack-city", "an empty unfriendly city is attacked only from "
                           "the next square")
        return None
    if other.side == unit.side:
        return Illegal("FL-attack-target", "you cannot attack your own unit")
    if d > cfg.kinds[unit.kind].range:
        return Illegal("FL-attack-range", f"{cfg.names[dst]} is {d} squares away; a "
                       f"{unit.kind} reaches {cfg.kinds[unit.kind].range}")
    return None


def defender(s: State, a: Attack) -> str:
    return s.other(a.side)


def start(s: State, side: str, src: int, dst: int, supplied: bool,
          **changes) -> tuple[State, list[Event]]:
    """Declare the attack and carry it to its first decision. `changes`: the paying
    action's own, made in the same step."""
    cfg = s.cfg
    unit = s.squares[src]
    on_city = s.squares[dst] is None
    higher = not on_city and cfg.height_of[src] > cfg.height_of[dst]
    lower = not on_city and cfg.height_of[src] < cfg.height_of[dst]
    shift = cfg.shift if lower and cfg.kinds[unit.kind].disadvantage else 0
    foe = s.other(side)
    rally = supplied and not on_city and s.leadership[s.at(foe)] == AVAILABLE
    a = Attack(side, src, dst, on_city, supplied, higher, shift,
               stage="rally" if rally else "roll")
    what = "the empty city" if on_city else f"{foe}'s {s.squares[dst].kind}"
    how = "" if supplied else " (Opportunity Fire)"
    events = [Event("attack", f"{side}'s {unit.kind} {cfg.names[src]} attacks {what} "
                    f"{cfg.names[dst]}{how}")]
    s, more = proceed(s, a, **changes)
    return s, events + more


def proceed(s: State, a: Attack | None = None, **changes) -> tuple[State, list[Event]]:
    """Carry the attack `a` (by default the state's) on to its next decision or to
    its end; it is written to the state, with `changes`, in the step that opens
    the next window."""
    from toolkit.referee.rulesets.front_line import leadership

    if a is None:
        a = s.attack
    while True:
        if a.stage == "rally":
            return _open(s, a, changes, window("rally", REACT, (defender(s, a),),
                                               f"{a.side} attacks: rally or pass")), []
        if a.stage == "roll":
            n = 2 if a.higher else 1
            label = "white and yellow dice" if n == 2 else "white die"
            return _open(s, a, changes, window("roll", CHANCE, spec=dice(n, 6, label))), []
        if a.stage == "edge":
            holder = edge.can_reroll(s)
            if holder is not None:
                return _open(s, a, changes, window(
                    "edge", REACT, (holder,),
                    f"rolled {' '.join(map(str, a.dice))}: re-roll with the Edge or pass")), []
            a = evolve(a, stage="pick")
        elif a.stage == "pick":
            if _tank_may_pick(s, a):
                return _open(s, a, changes, window("pick", SIDE, (a.side,),
                                                   "use white or use yellow")), []
            a = evolve(a, stage="final", choice="white")
        elif a.stage == "final":
            return results.finalise(evolve(s, attack=a, **changes), proceed)
        else:  # end
            if a.supplied:
                return leadership.offer_reaction(s, a.side, attack=None, **changes)
            return evolve(s, attack=None, **changes), []


def _open(s: State, a: Attack, changes: dict, window: Window) -> State:
    """The state with the attack as it stands, `changes`, and `window` on top."""
    return evolve(s, attack=a, flow=evolve(s.flow, windows=s.flow.windows + (window,)),
                  **changes)


def _tank_may_pick(s: State, a: Attack) -> bool:
    unit = s.squares[a.src]
    if a.on_city or len(a.dice) < 2 or unit is None or not s.cfg.kinds[unit.kind].choose_die:
        return False
    white, _ = read(s, a, "white")
    yellow, _ = read(s, a, "yellow")
    return white != yellow
