"""The Front Lines state: units on squares, reserve pools, unused skills,
mines, and each side's secret plan for the turn.

States are values: every change makes a new `State` that shares the untouched
parts with the old one (copy-on-apply), and nothing (not `decision()`, not a
view) writes onto a state or its Config once it is made. Units are small named
tuples; squares are integers (see config.py).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.values import evolve
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


@dataclass(eq=False, slots=True)
class State:
    """Where the game stands: the kit's `flow` (the phase, deploy or plan; the turn, its
    round; the sides whose orders are still owed; the outcome once over) and the board.
    Compared by identity, as every state is a value nothing changes.

    With slots and not frozen, as the kit's Flow: its fields are read at every order,
    and a slot reads several times quicker than a field of an instance whose dict was
    copied; a copy (`replace`, `with_plans`, the kit's `evolve`) assigns the slots
    plainly. A value all the same: nothing sets a field of a state once made."""

    cfg: Config = field(metadata={"hash": False})  # the scenario's tables, shared by every state
    flow: Flow
    units: dict[int, Unit]
    next_uid: int
    pools: tuple[dict[str, int], dict[str, int]]
    skills: tuple[frozenset[str], frozenset[str]]
    mines: tuple[frozenset[int], frozenset[int]]
    plans: tuple[Plan, Plan]
    quiet: int = 0                  # turns in a row without a casualty
    hold: tuple[int, int] = (0, 0)  # turns in a row each side held more centre squares
    history: dict[tuple, int] = field(default_factory=dict)  # position key -> times seen
    #                                                           at the start of a turn

    @property
    def phase(self) -> str:
        """deploy, plan, or over once the game has an outcome."""
        flow = self.flow
        return OVER if flow.outcome is not None else flow.phase

    @property
    def turn(self) -> int:
        """0 while the armies deploy, then the kit's round: 1, 2, …"""
        flow = self.flow
        return 0 if flow.phase == DEPLOY else flow.round

    @property
    def outcome(self) -> Outcome | None:
        return self.flow.outcome

    def replace(self, **changes: Any) -> "State":
        """A copy with some fields changed."""
        return evolve(self, **changes)

    def with_plans(self, plans: tuple[Plan, Plan]) -> "State":
        """`replace(plans=plans)`, the one change every planned order makes (written
        out: every slot assigned, without the checks)."""
        new = _new(State)
        new.cfg, new.flow, new.units, new.next_uid = self.cfg, self.flow, self.units, \
            self.next_uid
        new.pools, new.skills, new.mines, new.plans = self.pools, self.skills, self.mines, \
            plans
        new.quiet, new.hold, new.history = self.quiet, self.hold, self.history
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


_new = object.__new__


def fresh_plan(state: State, side: int) -> Plan:
    """The planning picture at the start of a turn: the side's units where they stand."""
    return fresh_plans(state)[side]


def fresh_plans(state: State) -> tuple[Plan, Plan]:
    """Both sides' `fresh_plan`, made in one pass over the units (this runs every turn)."""
    return plans_of(state.cfg, state.units, state.pools, state.skills, state.mines)


def plans_of(cfg: Config, units: dict[int, Unit], pools: tuple, skills: tuple,
             mines: tuple) -> tuple[Plan, Plan]:
    """`fresh_plans` of a state with these parts (before it is made)."""
    occs: tuple[dict, dict] = ({}, {})
    wheres: tuple[dict, dict] = ({}, {})
    kindss: tuple[dict, dict] = ({}, {})
    for uid, s, kind, sq, _ in units.values():
        wheres[s][uid] = sq
        kindss[s][uid] = kind
        occ = occs[s]
        if sq in occ:
            occ[sq] += (uid,)
        else:
            occ[sq] = (uid,)
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
        plans.append(Plan(occ, wheres[side], kinds, dict(pools[side]), skills[side],
                          mines[side], {}, (), 0, -1, room, blocked))
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
    return key_of(state.units, state.pools, state.skills, state.mines, state.hold)


def key_of(units: dict[int, Unit], pools: tuple, skills: tuple, mines: tuple,
           hold: tuple[int, int]) -> tuple:
    """`position_key` of a state with these parts (before it is made)."""
    placed = tuple(sorted([(side, sq, kind, disguised)
                           for _, side, kind, sq, disguised in units.values()]))
    return (placed, tuple(tuple(sorted(p.items())) for p in pools),
            tuple(tuple(sorted(s)) for s in skills), tuple(tuple(sorted(m)) for m in mines),
            hold)


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
