"""The legal moves of a turn and of the reaction window, listed directly (FL-turn-*).

`turn.check` is the one legality check; this module lists the moves it accepts
without asking it about every candidate: each condition below is one of the
check's, read from the state once (`reach.Sides`) and answered from the
battlefield's masks (`reach`). The order is the order the moves were always
listed in (what seeded bots draw from): pass, take, commission, cache, build;
then each unit in square order with its move, amphibious move, attack,
paratroop or regroup, each to its squares in order; then Maneuver and Relieve.
tests/test_front_line_listing.py holds the list to the check on random
positions of every battlefield.
"""

from __future__ import annotations

from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.front_line.leadership import when_of
from toolkit.referee.rulesets.front_line.reach import (
    Sides, drop, land, land2, spread)
from toolkit.referee.rulesets.front_line.state import AVAILABLE, EXHAUSTED, State, squares_in
from toolkit.referee.rulesets.front_line.turn import build_site


def task_open(s: State, side: str, task: str, own_turn: bool) -> bool:
    """leadership.available_problem is None."""
    if s.leadership[s.at(side)] != AVAILABLE:
        return False
    when = when_of(s, task)
    return when == "any_turn" or when == ("own_turn" if own_turn else "opponent_turn")


def legal(s: State, side: str) -> list:
    """The moves `turn.check` accepts on `side`'s turn, in listing order."""
    out = stack_actions(s, side)
    at = s.cfg.reach.sides(s, side)
    if s.stack is not None:
        _unit_actions(s, side, at, out)
    if task_open(s, side, "maneuver", True):
        maneuvers(s, at, out)
    if task_open(s, side, "relieve", True):
        relieves(s, at, out)
    return out


def stack_actions(s: State, side: str) -> list:
    """The pass, and what is done with supply stacks rather than by a unit: take a
    stack, commission, cache, build."""
    cfg = s.cfg
    act = cfg.reach.act
    stack = s.stack
    i = s.at(side)
    out: list = [PASS]
    if stack is None:
        out += [act("take", what=k.kind) for k in s.stacks[i]]
    else:
        if s.leadership[i] == EXHAUSTED and stack.count >= 1:
            out.append(act("commission"))
        if stack.count < s.stack_max and task_open(s, side, "cache", True):
            out.append(act("cache"))
        if stack.kind == "industry":
            site = build_site(s, side)
            if site is not None and site not in s.fallen and s.squares[site] is None:
                out += [act("build", what=k) for k, kind in cfg.kinds.items()
                        if stack.count >= kind.build_cost and s.reserve_count(side, k) > 0]
    return out


def _unit_actions(s: State, side: str, at: Sides, out: list) -> None:
    """Each unit's actions, in square order (`unit_plans`, each made into its moves)."""
    for sq, plan in unit_plans(s, side, at):
        out += plan_moves(s, at, sq, plan)


def plan_moves(s: State, at: Sides, sq: int, plan: list) -> list:
    """The moves of one unit's plan (`unit_plans`): the shared move values, in order."""
    reach = s.cfg.reach
    out: list = []
    for verb, m in plan:
        if verb == "regroup":
            out.append(reach.act("regroup", reach.names[sq]))
        else:
            if m is None:  # a land move whose squares are made only now
                m = _land(reach, at, sq, reach.kinds[s.squares[sq].kind])
            out += reach.moves(verb, sq, m)
    return out


def plan_made(s: State, at: Sides, sq: int, plan: list) -> list:
    """A unit's plan with the squares of its land move worked out (no None)."""
    if all(m is not None for _, m in plan):
        return plan
    reach = s.cfg.reach
    k = reach.kinds[s.squares[sq].kind]
    return [(verb, _land(reach, at, sq, k) if m is None else m) for verb, m in plan]


def plan_move(s: State, sq: int, plan: list, i: int):
    """The move at index `i` of a made plan's moves (`plan_moves` without making the
    others): the same shared value."""
    reach = s.cfg.reach
    for verb, m in plan:
        if verb == "regroup":
            if i == 0:
                return reach.act("regroup", reach.names[sq])
            i -= 1
            continue
        count = m.bit_count()
        if i < count:
            for _ in range(i):
                m &= m - 1  # the lowest square off, i times
            return reach.row(verb, sq)[(m & -m).bit_length() - 1]
        i -= count
    raise IndexError(f"no move {i} in the plan of {reach.names[sq]}")


def unit_plans(s: State, side: str, at: Sides, maneuver: bool = False,
               mine: list | None = None) -> list:
    """What each unit of `at.mine` (or of `mine`) may do, without making a move: (its
    square, [(verb, mask of the squares it reaches), ...]) per unit with an action open,
    in listing order (`_PLANNED` says more)."""
    means = _means(s, maneuver)
    if means is None:
        return []  # no chits to spend (none taken yet, or the stack spent): no unit acts
    paid, paid_para, paid_regroup, limit, amphibious = means
    cfg = s.cfg
    reach = cfg.reach
    acted = dict(s.acted)
    free, enemies, closed = at.free, at.enemies, at.closed
    neighbours = reach.neighbours
    bases = cfg.drop_bases
    out = []
    for sq, u in at.mine if mine is None else mine:
        plan: list = []
        done = acted.get(u.uid, ()) if acted else ()
        if len(done) >= limit:
            pass
        elif u.disrupted:
            if paid_regroup and "regroup" not in done:
                plan.append(("regroup", 1 << sq))
        else:
            k = reach.kinds[u.kind]
            if paid:
                if "move" not in done:  # a free first step: a move, its squares made later
                    m = None if k.steps[sq] & free else _land(reach, at, sq, k)
                    if m != 0:
                        plan.append(("go", m))
                if amphibious and "amphibious" not in done and cfg.embark[sq]:
                    m = reach.landing & ~at.occupied
                    if m:
                        plan.append(("sail", m))
                if "attack" not in done:
                    m = k.fire[sq] & enemies | neighbours[sq] & closed
                    if m:
                        plan.append(("fire", m))
            if paid_para and bases >> sq & 1 and (m := _para(s, at, sq, u, done)):
                plan.append(("para", m))
        if maneuver and not u.disrupted:
            m = neighbours[sq] & free
            if m:
                plan.append(("maneuver", m))
        if plan:
            out.append((sq, plan))
    return out


def unit_weights(s: State, at: Sides, maneuver: bool, weights, units: list,
                 heaviest: list) -> None:
    """The random draw's weight of each unit of `at.mine` with an action open (the
    heaviest verb of its plan, `unit_plans`), read without making the plan: its square
    is added to `units` and its weight to `heaviest`. A unit that may attack, where the
    attack weighs most, is weighed at once."""
    means = _means(s, maneuver)
    if means is None:
        return
    paid, paid_para, paid_regroup, limit, amphibious = means
    cfg = s.cfg
    reach = cfg.reach
    acted = dict(s.acted) if s.acted else None
    free, enemies, closed = at.free, at.enemies, at.closed
    neighbours, kinds, embark = reach.neighbours, reach.kinds, cfg.embark
    bases = cfg.drop_bases
    wgo, wsail, wfire, wpara, wregroup, wmaneuver = [weights[verb] for verb in _PLANNED]
    fire_first = wfire >= max(wgo, wsail, wpara, wmaneuver)
    go_next = wgo >= max(wsail, wpara, wmaneuver)  # past the attack, a move weighs most
    sails = reach.landing & ~at.occupied if amphibious and paid else 0
    for sq, u in at.mine:
        done = acted.get(u.uid, ()) if acted else ()
        if u.disrupted:  # a regroup, or nothing (no Maneuver)
            if paid_regroup and len(done) < limit and "regroup" not in done:
                units.append(sq)
                heaviest.append(wregroup)
            continue
        w = _NONE
        if len(done) < limit:
            k = kinds[u.kind]
            if paid:
                if "attack" not in done and (k.fire[sq] & enemies or neighbours[sq] & closed):
                    if fire_first:
                        units.append(sq)
                        heaviest.append(wfire)
                        continue
                    w = wfire
                if "move" not in done and (k.steps[sq] & free or _land(reach, at, sq, k)):
                    w = wgo if wgo > w else w
                    if go_next:
                        units.append(sq)
                        heaviest.append(w)
                        continue
                if sails and embark[sq] and "amphibious" not in done:
                    w = wsail if wsail > w else w
            if paid_para and bases >> sq & 1 and _para(s, at, sq, u, done):
                w = wpara if wpara > w else w
        if maneuver and neighbours[sq] & free:
            w = wmaneuver if wmaneuver > w else w
        if w != _NONE:
            units.append(sq)
            heaviest.append(w)


#: The verbs of a unit's plan (`unit_plans`), in the order its weights are read. A
#: plan follows turn.unit_problem, supply.pay_problem and the targets; regroup's mask
#: is the unit's own square, and a land move's is None where a first step is free
#: (there is a move; `plan_moves` works out its squares). With `maneuver`, a unit's
#: Maneuver comes last (leadership.maneuver_problem), as in the turn's listing of
#: that unit. The attack is reach.fire written out in line (the listing's hottest
#: loop).
_PLANNED = ("go", "sail", "fire", "para", "regroup", "maneuver")
_NONE = float("-inf")  # below every weight: the first verb's weight replaces it


def _para(s: State, at: Sides, sq: int, u, done: tuple) -> int:
    """The squares a paratroop drop of `u` on `sq` reaches (0: none, or not open to it)."""
    cfg = s.cfg
    if cfg.kinds[u.kind].paratroop and "paratroop" not in done \
            and sq in cfg.cities and cfg.cities[sq].paratroop_base:
        return drop(cfg.reach, at, s, sq, int(cfg.opt("paratroop_reach")))
    return 0


def _means(s: State, maneuver: bool) -> tuple | None:
    """What the side's stack pays for in `unit_plans`: (a regular action, a
    paratroop, a regroup, actions per unit, amphibious moves allowed), or None
    where no unit may act (nothing paid and Maneuver closed)."""
    cfg = s.cfg
    stack = s.stack
    paid = stack is not None and stack.count >= 1
    paid_para = paid and stack.kind == "air" and stack.count >= int(cfg.opt("paratroop_cost"))
    paid_regroup = stack is not None and stack.kind == "capital" and \
        stack.count >= int(cfg.opt("regroup_cost"))
    if not (paid or paid_regroup or maneuver):
        return None
    limit = int(cfg.opt("actions_per_unit")) if stack is not None else 0
    return paid, paid_para, paid_regroup, limit, bool(cfg.opt("amphibious"))


def _land(reach, at: Sides, sq: int, k) -> int:
    """reach.land for a unit of the kind `k` on `sq`, the common case written out in
    line: at most two steps and no desert near, the second from the remembered unions."""
    if k.simple[sq]:
        passable = at.passable
        m = k.steps[sq] & passable
        if k.base == 2:
            second = k.second[sq]
            two = second.get(m)
            if two is None:
                two = second[m] = spread(m, k.steps)
            m |= two & passable
        return m & at.free
    if k.base == 2 and k.longest <= 3:
        return land2(reach, at, sq, k)
    return land(reach, at, sq, k.base, k.longest, k.diagonal)


def maneuvers(s: State, at: Sides, out: list) -> None:
    """Maneuver: each active unit to each free neighbour (leadership.maneuver_problem)."""
    reach = s.cfg.reach
    row = reach.row
    for sq in squares_in(at.active):
        r = row("maneuver", sq)
        out += [r[d] for d in squares_in(reach.neighbours[sq] & at.free)]


def relieves(s: State, at: Sides, out: list) -> None:
    """Relieve: each pair of neighbouring units of the side, one of them active,
    once (leadership.relieve_problem)."""
    reach = s.cfg.reach
    for sq, later in _relief(reach, at):
        out += [reach.relieve(sq, d) for d in squares_in(later)]


def relieve_count(s: State, at: Sides) -> int:
    """How many moves `relieves` lists, none of them made (counted by the board's
    shifts, `Reach.pairs`)."""
    return s.cfg.reach.pairs(at.friends, at.active)


def relieve_at(s: State, at: Sides, i: int):
    """The move at index `i` of `relieves`' list, the only one made."""
    reach = s.cfg.reach
    for sq, later in _relief(reach, at):
        n = later.bit_count()
        if i < n:
            return reach.relieve(sq, squares_in(later)[i])
        i -= n
    raise IndexError(f"no Relieve {i}")


def _relief(reach, at: Sides):
    """Per unit of the side, in square order: its square and the mask of the later
    squares (above its own) of the units it may swap with (one of the two active)."""
    friends, active, neighbours = at.friends, at.active, reach.neighbours
    for sq in squares_in(friends):
        later = neighbours[sq] & (friends if active >> sq & 1 else active) & ~((2 << sq) - 1)
        if later:
            yield sq, later


def maneuver_at(s: State, at: Sides, i: int):
    """The move at index `i` of `maneuvers`' list, the only one made (`Reach.next_to`
    counts them)."""
    reach = s.cfg.reach
    free, neighbours = at.free, reach.neighbours
    for sq in squares_in(at.active):
        to = neighbours[sq] & free
        n = to.bit_count()
        if i < n:
            return reach.row("maneuver", sq)[squares_in(to)[i]]
        i -= n
    raise IndexError(f"no Maneuver {i}")


def reaction_targets(s: State, side: str, at: Sides) -> tuple[int | None, list]:
    """The unit that just used supply (its square, or None) and, where Opportunity Fire
    is open to `side`, the squares of its active units in range of it (`reactions`)."""
    cfg = s.cfg
    target = s.find(s.acting) if s.acting is not None else None
    if target is None or not task_open(s, side, "opportunity_fire", False):
        return target, []
    squares, kinds, distance = s.squares, cfg.kinds, cfg.distance
    return target, [sq for sq in squares_in(at.active)
                    if distance(sq, target) <= kinds[squares[sq].kind].range]


def reactions(s: State, side: str) -> list:
    """The reaction window after a supplied action (windows.React): Opportunity
    Fire on the unit that used supply, Maneuver, Relieve; the kit adds pass."""
    reach = s.cfg.reach
    at = reach.sides(s, side)
    target, firing = reaction_targets(s, side, at)
    out: list = [reach.row("opfire", sq)[target] for sq in firing]
    if task_open(s, side, "maneuver", False):
        maneuvers(s, at, out)
    if task_open(s, side, "relieve", False):
        relieves(s, at, out)
    return out
