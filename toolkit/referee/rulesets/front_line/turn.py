"""A side's turn: choose a supply stack, then actions paid from it (Move,
Amphibious Move, Attack, Commission; the missions Build, Paratroop, Regroup) and
tasks of its own turn (Maneuver, Relieve, Cache), until it passes (FL-turn-*)."""

from __future__ import annotations


from toolkit.referee.protocol import PASS, Event, Illegal
from toolkit.referee.rulesets.front_line import (
    attack, edge, leadership, movement, supply)
from toolkit.referee.rulesets.front_line.moves import Act, relieve
from toolkit.referee.rulesets.front_line.state import (
    EXHAUSTED, State, Unit, acted_with, board, evolve, place, record_action)

REGULAR = {"go": "move", "sail": "amphibious", "fire": "attack"}
MISSIONS = {"para": "paratroop", "regroup": "regroup"}  # each costs its option ACTION_cost
REGULAR_ACTIONS = frozenset(REGULAR.values())  # one chit each
UNIT_VERBS = ("go", "sail", "fire", "para", "regroup")
TURN_VERBS = UNIT_VERBS + ("take", "commission", "build", "maneuver", "relieve", "cache")


def build_site(s: State, side: str) -> int | None:
    """The square a side builds units on: its first Industry (config.build_sites)."""
    return s.cfg.build_sites.get(side)


def unit_problem(s: State, side: str, verb: str, sq: int) -> Illegal | None:
    """May this unit take this action now (FL-unit-*)?"""
    cfg = s.cfg
    u = s.squares[sq]
    if u is None or u.side != side:
        return Illegal("FL-own-unit", f"{cfg.names[sq]} holds no unit of yours")
    action = REGULAR.get(verb) or MISSIONS[verb]
    if verb == "regroup":
        if u.active:
            return Illegal("FL-mission-regroup", "only a disrupted unit is regrouped")
    elif u.disrupted:
        return Illegal("FL-unit-disrupted", "a disrupted unit must regroup before it acts")
    done = s.actions_of(u.uid)
    if len(done) >= int(cfg.opt("actions_per_unit")):
        return Illegal("FL-unit-two", f"this unit has had its {len(done)} actions this turn")
    if action in done:
        return Illegal("FL-unit-repeat", f"a unit may {action} only once a turn")
    if verb == "sail" and not cfg.opt("amphibious"):
        return Illegal("FL-amphibious", "amphibious moves are off in this scenario")
    if verb == "para" and not (cfg.kinds[u.kind].paratroop and sq in cfg.cities
                               and cfg.cities[sq].paratroop_base):
        return Illegal("FL-mission-paratroop", "only an active Infantry on an Air Base "
                       "may paratroop")
    return None


def check(s: State, side: str, m) -> Illegal | None:
    """One move of a side's turn judged: a pass, taking a stack, a Leadership task, a
    mission paid for the whole turn (commission, build) or a unit's action."""
    if m is PASS:
        return None
    if not isinstance(m, Act) or m.verb not in TURN_VERBS:
        return _not_a_turn_move(m)
    if m.verb == "take":
        return supply.take_problem(s, side, m.what)
    if m.verb in ("maneuver", "relieve", "cache"):
        return _task_problem(s, side, m)
    if m.verb in ("commission", "build"):
        return _order_problem(s, side, m)
    return _action_problem(s, side, m)


#: words that answer a question the referee asks inside a turn (a window), not moves of it
_ANSWERS = {"stay": "FL-result-displace", "displace": "FL-result-displace",
            "rally": "FL-task-rally", "retreat": "FL-window", "hold": "FL-window",
            "shift": "FL-window", "reroll": "FL-window", "use": "FL-window",
            "opfire": "FL-window"}


def _not_a_turn_move(m) -> Illegal:
    """A word that answers a window typed when no window asks it, or no move at all."""
    verb = getattr(m, "verb", None)
    if verb in ("stay", "displace"):
        return Illegal(_ANSWERS[verb], f"there is no displacement to answer now: you are "
                       "asked to displace or stay after emptying a square next to your unit, "
                       "and a unit next to an emptied city has entered it already")
    if verb in _ANSWERS:
        return Illegal(_ANSWERS[verb], f"'{verb}' answers a question the referee asks "
                       "during an attack or after the opponent's action; none is asked now")
    return Illegal("FL-turn", "on your turn: take a stack, act, use a task, or pass")


def _task_problem(s: State, side: str, m: Act) -> Illegal | None:
    """Maneuver, Relieve or Cache on one's own turn (Leadership tasks)."""
    cfg = s.cfg
    task = m.verb
    why = leadership.available_problem(s, side, task, True)
    if why:
        return why
    if task == "cache":
        if s.stack is None:
            return Illegal("FL-task-cache", "Cache tops up the stack in use: take a stack "
                           "first")
        if s.stack.count >= s.stack_max:
            return Illegal("FL-task-cache", f"Cache tops up the stack in use; it is full "
                           f"({s.stack.count} chits)")
        return None
    a, b = cfg.index.get(m.src), cfg.index.get(m.dst)
    if a is None or b is None:
        return Illegal("FL-square", "no such square on this battlefield")
    if task == "maneuver":
        return leadership.maneuver_problem(s, side, a, b)
    if m != relieve(m.src, m.dst):
        return Illegal("FL-notation", "write a Relieve's squares in reading order")
    return leadership.relieve_problem(s, side, a, b)


def _order_problem(s: State, side: str, m: Act) -> Illegal | None:
    """Commission (an exhausted Leadership card) or build (a unit from the reserve)."""
    cfg = s.cfg
    if m.verb == "commission":
        if s.leadership[s.at(side)] != EXHAUSTED:
            return Illegal("FL-commission", "only an exhausted Leadership card is commissioned")
        return supply.pay_problem(s, 1)
    if m.what not in cfg.kinds:
        return Illegal("FL-mission-build", f"no unit type {m.what}")
    why = supply.pay_problem(s, cfg.kinds[m.what].build_cost, "build")
    if why:
        return why
    if s.reserve_count(side, m.what) <= 0:
        return Illegal("FL-mission-build", f"no {m.what} is left in your reserve")
    site = build_site(s, side)
    if site is None or site in s.fallen or s.squares[site] is not None:
        return Illegal("FL-mission-build", "units are built only on your own empty, "
                       "free Industry")
    return None


def _action_problem(s: State, side: str, m: Act) -> Illegal | None:
    """A unit's action: move, amphibious move, attack, paratroop or regroup."""
    cfg = s.cfg
    src, dst = cfg.index.get(m.src), cfg.index.get(m.dst) if m.dst else 0
    if src is None or dst is None:
        return Illegal("FL-square", "no such square on this battlefield")
    why = unit_problem(s, side, m.verb, src)
    if why:
        return why
    mission = {"para": "para", "regroup": "regroup"}.get(m.verb)
    why = supply.pay_problem(s, 1 if mission is None else int(
        cfg.opt("paratroop_cost" if mission == "para" else "regroup_cost")), mission)
    if why:
        return why
    if m.verb == "go" and not movement.can_reach(s, src, dst):
        return Illegal("FL-move", f"{m.src} cannot reach {m.dst}: one or two squares in the "
                       "unit's directions (one more through a desert), into an empty square "
                       "or a friendly city, never through enemy units or unfriendly cities")
    if m.verb == "sail" and dst not in movement.sail_targets(s, src):
        return Illegal("FL-amphibious", "an amphibious move goes from a port to an empty "
                       "beach or port")
    if m.verb == "para" and dst not in movement.drop_targets(s, src, side):
        return _drop_problem(s, m, dst)
    if m.verb == "fire":
        return attack.target_problem(s, src, dst)
    return None


def _drop_problem(s: State, m: Act, dst: int) -> Illegal:
    """Why a paratroop drop may not land there: a city, a square taken, or too far."""
    cfg = s.cfg
    if dst in cfg.cities:
        return Illegal("FL-mission-paratroop", f"{m.dst} is a city: a drop lands on a "
                       "non-city square")
    if s.squares[dst] is not None or cfg.impassable[dst]:
        return Illegal("FL-mission-paratroop", f"{m.dst} is not an empty square a unit "
                       "may stand on")
    reach = int(cfg.opt("paratroop_reach"))
    return Illegal("FL-mission-paratroop", f"{m.dst} is more than {reach} squares from "
                   "every friendly city and every other friendly active unit")


def apply(s: State, side: str, m) -> tuple[State, list[Event]]:
    if m is PASS:
        return end_turn(s, side)
    if m.verb in UNIT_VERBS:
        return _unit_action(s, side, m)
    cfg = s.cfg
    if m.verb == "take":
        return supply.take(s, side, m.what)
    if m.verb == "cache":
        s = leadership.exhaust(s, side)
        n = next(int(c.arg("n", 1)) for c in cfg.leadership_effects if c.name == "cache")
        stack = evolve(s.stack, count=min(s.stack_max, s.stack.count + n))
        return evolve(s, stack=stack), [Event("cache", f"{side} uses Cache: the stack "
                                               f"has {stack.count} chits")]
    if m.verb == "maneuver":
        return leadership.do_maneuver(s, side, cfg.index[m.src], cfg.index[m.dst])
    if m.verb == "relieve":
        return leadership.do_relieve(s, side, cfg.index[m.src], cfg.index[m.dst])
    if m.verb == "commission":
        s = leadership.commission(supply.pay(s, side, 1), side)
        s = evolve(s, acting=None)
        events = [Event("commission", f"{side} commissions its Leadership")]
        s, more = leadership.offer_reaction(s, side)
        return s, events + more
    return _build(s, side, m.what)


#: what a unit's move is told as, by verb
MOVED = {"go": "moves", "sail": "sails", "para": "drops"}


def _unit_action(s: State, side: str, m: Act) -> tuple[State, list[Event]]:
    """A unit's action paid from the stack: move, amphibious move, attack, paratroop
    or regroup, made with its payment in one new state (and the reaction window)."""
    cfg = s.cfg
    verb = m.verb
    src = cfg.index[m.src]
    unit = s.squares[src]
    action = REGULAR.get(verb) or MISSIONS[verb]
    cost = 1 if action in REGULAR_ACTIONS else int(cfg.opt(f"{action}_cost"))
    changes = supply.paid(s, side, cost)
    changes["acted"] = acted_with(s, unit.uid, action)
    changes["acting"] = unit.uid
    if verb == "fire":
        return attack.start(s, side, src, cfg.index[m.dst], supplied=True, **changes)
    if verb == "regroup":
        changes["squares"] = board(s).put(src, evolve(unit, disrupted=False))
        events = [Event("regroup", f"{side} regroups {m.src}")]
    else:
        changes["squares"] = board(s).shifted(src, cfg.index[m.dst])
        events = [Event(action, f"{side}'s {unit.kind} {MOVED[verb]} {m.src} to {m.dst}")]
    s, more = leadership.offer_reaction(s, side, **changes)
    return s, events + more if more else events


def _build(s: State, side: str, kind: str) -> tuple[State, list[Event]]:
    site = build_site(s, side)
    i = s.at(side)
    reserve = tuple((k, n - 1 if k == kind else n) for k, n in s.reserve[i])
    unit = Unit(s.next_uid, side, kind)
    s = evolve(s, reserve=s.reserve[:i] + (reserve,) + s.reserve[i + 1:],
                next_uid=s.next_uid + 1)
    s = supply.pay(s, side, s.cfg.kinds[kind].build_cost)
    s = record_action(place(s, site, unit), unit.uid, "build")
    s = evolve(s, acting=unit.uid)
    events = [Event("build", f"{side} builds a {kind} on {s.cfg.names[site]}")]
    s, more = leadership.offer_reaction(s, side)
    return s, events + more


def end_turn(s: State, side: str) -> tuple[State, list[Event]]:
    """Passing: unused chits go to Used Supply, a commissioned card becomes available,
    a held Edge turns face up (FL-turn-pass)."""
    s = leadership.ready(s, side)
    s = edge.turn_end(s)
    s = supply.end_turn(s, side, done=True, turns=s.turns + 1)
    return s, [Event("pass", f"{side} ends its turn")]
