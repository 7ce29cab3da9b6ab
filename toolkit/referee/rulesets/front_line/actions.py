"""The legal moves of a turn, listed from the same checks `turn.check` makes, so
enumeration and validation cannot disagree (FL-turn-*)."""

from __future__ import annotations

from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.front_line import attack, leadership, movement, supply
from toolkit.referee.rulesets.front_line.moves import Act, relieve
from toolkit.referee.rulesets.front_line.state import State
from toolkit.referee.rulesets.front_line.turn import check, unit_problem

TARGETS = {"go": movement.land_targets, "sail": movement.sail_targets, "fire": attack.targets}


def legal(s: State, side: str) -> list:
    """The legal moves of a turn, built from the same checks `check` makes: a unit's
    action is legal when the unit may act (`unit_problem`), the stack can pay
    (`pay_problem`) and the square is one of its targets; the tasks' squares come from
    the generators their checks read (`leadership.maneuver_moves` …)."""
    cfg = s.cfg
    names = cfg.names
    out: list = [m for m in _other_candidates(s, side) if check(s, side, m) is None]
    if s.stack is not None:
        out += _unit_actions(s, side)
    if leadership.available_problem(s, side, "maneuver", True) is None:
        out += [Act("maneuver", names[a], names[b])
                for a, b in leadership.maneuver_moves(s, side)]
    if leadership.available_problem(s, side, "relieve", True) is None:
        out += [relieve(names[a], names[b]) for a, b in leadership.relieve_moves(s, side)]
    return out


def _unit_actions(s: State, side: str) -> list:
    cfg = s.cfg
    names = cfg.names
    out: list = []
    paid = {verb: supply.pay_problem(s, _cost(cfg, verb), MISSION_OF.get(verb)) is None
            for verb in ("go", "para", "regroup")}
    limit = int(cfg.opt("actions_per_unit"))
    for sq, u in list(s.units_of(side)):
        if len(s.actions_of(u.uid)) >= limit:
            continue  # unit_problem: FL-unit-two, whatever the action
        if u.disrupted:
            if paid["regroup"] and unit_problem(s, side, "regroup", sq) is None:
                out.append(Act("regroup", names[sq]))
            continue
        if paid["go"]:
            for verb in ("go", "sail", "fire"):
                if unit_problem(s, side, verb, sq) is None:
                    out += [Act(verb, names[sq], names[d]) for d in sorted(TARGETS[verb](s, sq))]
        if paid["para"] and cfg.kinds[u.kind].paratroop and unit_problem(s, side, "para", sq) is None:
            out += [Act("para", names[sq], names[d])
                    for d in sorted(movement.drop_targets(s, sq, side))]
    return out


MISSION_OF = {"para": "para", "regroup": "regroup"}


def _cost(cfg, verb: str) -> int:
    if verb == "para":
        return int(cfg.opt("paratroop_cost"))
    if verb == "regroup":
        return int(cfg.opt("regroup_cost"))
    return 1


def _other_candidates(s: State, side: str):
    """Moves that are neither a unit's action nor a task's shift: pass, take,
    commission, cache, build."""
    cfg = s.cfg
    yield PASS
    for k in s.stacks[s.at(side)]:
        yield Act("take", what=k.kind)
    yield Act("commission")
    yield Act("cache")
    for kind in cfg.kinds:
        yield Act("build", what=kind)
