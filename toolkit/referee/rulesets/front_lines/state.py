"""The Front Lines state: units on squares, reserve pools, unused skills,
mines, and each side's secret plan for the turn.

States are values: every change makes a new `State` that shares the untouched
parts with the old one (copy-on-apply), and nothing (not `decision()`, not a
view) writes onto a state or its Config once it is made. Units are small named
tuples; squares are integers (see config.py).
"""

from __future__ import annotations

import hashlib
from typing import Any, NamedTuple

from toolkit.referee.protocol import Outcome
from toolkit.referee.rulesets.front_lines.config import Config
from toolkit.referee.rulesets.front_lines.stacking import joinable

DEPLOY, PLAN, OVER = "deploy", "plan", "over"


class Unit(NamedTuple):
    uid: int
    side: int
    kind: str
    sq: int
    disguised: bool = False


class Plan(NamedTuple):
    """One side's secret planning picture: its own units as they will stand
    after the actions planned so far, and what those actions were.

    In the deployment phase `pool` holds the army still to place.
    `orders` pairs each order with the unit it moves (None for others).
    """

    occ: dict[int, tuple[int, ...]]      # square -> uids of own units there
    where: dict[int, int]                # uid -> square
    kinds: dict[int, str]                # uid -> piece type (planned spawns included)
    pool: dict[str, int]                 # reserve (or army to deploy) left
    skills: frozenset[str]               # skills not yet used nor planned
    mines: frozenset[int]                # own mines, planned ones included
    backed: dict[int, int]               # uid -> backward moves planned this turn
    orders: tuple[tuple[Any, int | None], ...]
    slots: int                           # actions planned that take a slot
    next_tmp: int                        # provisional ids of planned spawns (negative)
    room: dict[int, frozenset[str]]      # occupied square -> types that may still join
    blocked: dict[str, int]              # type -> bitmask of squares it may not join


class State:
    __slots__ = ("cfg", "phase", "turn", "units", "next_uid", "pools", "skills",
                 "mines", "plans", "quiet", "hold", "history", "outcome")

    def __init__(self, cfg: Config, phase: str, turn: int, units: dict[int, Unit],
                 next_uid: int, pools: tuple[dict[str, int], dict[str, int]],
                 skills: tuple[frozenset[str], frozenset[str]],
                 mines: tuple[frozenset[int], frozenset[int]],
                 plans: tuple[Plan, Plan], quiet: int, hold: tuple[int, int],
                 history: dict[tuple, int], outcome: Outcome | None):
        self.cfg = cfg
        self.phase = phase
        self.turn = turn
        self.units = units
        self.next_uid = next_uid
        self.pools = pools
        self.skills = skills
        self.mines = mines
        self.plans = plans
        self.quiet = quiet          # turns in a row without a casualty
        self.hold = hold            # turns in a row each side held more centre squares
        self.history = history      # position key -> times seen at the start of a turn
        self.outcome = outcome

    def replace(self, **changes: Any) -> "State":
        """A copy with some fields changed (written out: this runs on every move)."""
        new = State.__new__(State)
        get = changes.get
        new.cfg = self.cfg
        new.phase = get("phase", self.phase)
        new.turn = get("turn", self.turn)
        new.units = get("units", self.units)
        new.next_uid = get("next_uid", self.next_uid)
        new.pools = get("pools", self.pools)
        new.skills = get("skills", self.skills)
        new.mines = get("mines", self.mines)
        new.plans = get("plans", self.plans)
        new.quiet = get("quiet", self.quiet)
        new.hold = get("hold", self.hold)
        new.history = get("history", self.history)
        new.outcome = get("outcome", self.outcome)
        return new

    def with_plans(self, plans: tuple[Plan, Plan]) -> "State":
        """`replace(plans=plans)`, the one change every planned order makes."""
        new = State.__new__(State)
        new.cfg, new.phase, new.turn, new.units = self.cfg, self.phase, self.turn, self.units
        new.next_uid, new.pools, new.skills = self.next_uid, self.pools, self.skills
        new.mines, new.plans, new.quiet, new.hold = self.mines, plans, self.quiet, self.hold
        new.history, new.outcome = self.history, self.outcome
        return new

    def __repr__(self) -> str:
        return f"<Front Lines {self.phase} turn {self.turn}, {len(self.units)} units>"

    # ----------------------------------------------------------- queries

    def at(self, sq: int) -> list[Unit]:
        return [u for u in self.units.values() if u.sq == sq]

    def side_units(self, side: int) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def commander_of(self, side: int) -> Unit | None:
        name = self.cfg.commander
        for u in self.units.values():
            if u.side == side and u.kind == name:
                return u
        return None


def fresh_plan(state: State, side: int) -> Plan:
    """The planning picture at the start of a turn: the side's units where they stand."""
    return fresh_plans(state)[side]


def fresh_plans(state: State) -> tuple[Plan, Plan]:
    """Both sides' `fresh_plan`, made in one pass over the units (this runs every turn)."""
    occs: tuple[dict, dict] = ({}, {})
    wheres: tuple[dict, dict] = ({}, {})
    kindss: tuple[dict, dict] = ({}, {})
    for uid, s, kind, sq, _ in state.units.values():
        wheres[s][uid] = sq
        kindss[s][uid] = kind
        occ = occs[s]
        if sq in occ:
            occ[sq] += (uid,)
        else:
            occ[sq] = (uid,)
    cfg = state.cfg
    table, refused = cfg.room_for, cfg.refused
    plans = []
    for side in (0, 1):
        occ, kinds = occs[side], kindss[side]
        room = {}
        blocked = dict.fromkeys(cfg.pieces, 0)  # blocked_masks(cfg, room), made alongside
        for sq, uids in occ.items():
            here = tuple(kinds[u] for u in uids) if len(uids) > 1 else (kinds[uids[0]],)
            r = table.get(here)
            if r is None:
                r = joinable(cfg, here)
            room[sq] = r
            for k in refused[r]:
                blocked[k] |= 1 << sq
        plans.append(Plan(occ, wheres[side], kinds, dict(state.pools[side]),
                          state.skills[side], state.mines[side], {}, (), 0, -1, room,
                          blocked))
    return plans[0], plans[1]


def deploy_plan(cfg: Config, side: int) -> Plan:
    """The deployment picture: nothing placed, the whole army to place."""
    army: dict[str, int] = {}
    for kind, _ in cfg.armies[side]:
        army[kind] = army.get(kind, 0) + 1
    return Plan({}, {}, {}, army, cfg.skills[side], frozenset(), {}, (), 0, -1, {},
                dict.fromkeys(cfg.pieces, 0))


def position_key(state: State) -> tuple:
    """What counts as "the same position" for the repetition draw (FL-draw-2):
    where every unit stands (type, side, disguise), the pools, the unused
    skills, the mines, and the centre-hold streaks (what the future of the game
    depends on, as castling rights in chess). Unit ids, the no-casualty count
    and the turn number do not count."""
    units = tuple(sorted([(side, sq, kind, disguised)
                          for _, side, kind, sq, disguised in state.units.values()]))
    pools = tuple(tuple(sorted(p.items())) for p in state.pools)
    skills = tuple(tuple(sorted(s)) for s in state.skills)
    mines = tuple(tuple(sorted(m)) for m in state.mines)
    return units, pools, skills, mines, state.hold


def canonical(state: State) -> str:
    """Every fact the rules depend on, as stable text (the state hash's input)."""
    from toolkit.referee.rulesets.front_lines.notation import format_order

    cfg = state.cfg
    lines = [f"phase {state.phase}", f"turn {state.turn}", f"next {state.next_uid}"]
    for u in sorted(state.units.values()):
        lines.append(f"unit {u.uid} {cfg.sides[u.side]} {u.kind} {cfg.names[u.sq]} "
                     f"{'disguised' if u.disguised else 'open'}")
    for side in (0, 1):
        name = cfg.sides[side]
        lines.append(f"pool {name} " + " ".join(f"{k}:{n}" for k, n in
                                                sorted(state.pools[side].items())))
        lines.append(f"skills {name} " + " ".join(sorted(state.skills[side])))
        lines.append(f"mines {name} " + " ".join(sorted(cfg.names[m] for m in state.mines[side])))
        plan = state.plans[side]
        lines.append(f"plan {name} " + " ".join(format_order(o) for o, _ in plan.orders))
    lines.append(f"quiet {state.quiet} hold {state.hold[0]} {state.hold[1]}")
    for key, count in sorted(state.history.items(), key=repr):
        lines.append(f"seen {count} {key!r}")
    if state.outcome is not None:
        lines.append(f"over {state.outcome.winner} {state.outcome.rule}")
    return "\n".join(lines)


def state_hash(state: State) -> str:
    return hashlib.sha256(canonical(state).encode()).hexdigest()[:16]
