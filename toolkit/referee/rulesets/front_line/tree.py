"""Front Line turns chosen in steps (the move tree, toolkit.referee.steps).

On a side's own turn, as at the table: first the unit that acts ("the tank at C3"),
a supply stack to take, a unit to build, commission, cache, Relieve, or the pass;
then the unit's action (move, amphibious move, attack, paratroop, regroup,
Maneuver), then the square. Free placement: the kind, then the square. One whole
move stays one record line; other decisions are the core's tree.

A unit's branch is listed from that unit alone (`actions` with the side's reading
of the battlefield narrowed to the one unit), never from the whole listing.

The random bot's draw (`sample_move`), step by step: a first step by its weight
(the pass as `bot_weights` weighs it; Maneuver and cache rarely; a unit by the
heaviest of its actions, so a unit that can attack is chosen four times as often
as one that can only move), then one of its moves by the verb weights. Every unit
gets its turn in proportion to what it can do, not to how many squares it reaches.
"""

from __future__ import annotations

import copy
import random
from bisect import bisect
from itertools import accumulate

from toolkit.referee import steps as kit_steps
from toolkit.referee.protocol import PASS, Step
from toolkit.referee.rulesets.front_line import actions, words

DONE = ("pass", "end your turn")
VERBS = {"go": ("move", "move"), "sail": ("sail", "amphibious move"),
         "fire": ("attack", "attack"), "para": ("para", "paratroop"),
         "maneuver": ("maneuver", "maneuver (Leadership)")}


def on_turn(s, side: str) -> bool:
    flow = s.flow
    return (flow.outcome is None and not flow.windows and flow.phase == "turns"
            and flow.actor == side)


def move_steps(rules, s, side: str, chosen: tuple[str, ...]) -> list[Step]:
    """The choices open to `side` after `chosen` (the ruleset's `move_steps` hook)."""
    if on_turn(s, side):
        return _turn(s, side, chosen)
    if not s.flow.windows and s.flow.phase == "placement":
        return kit_steps.branch(_placements(rules, s, side), chosen)
    return kit_steps.from_listing(rules, s, side, chosen)


def sample_move(rules, s, side: str, rng: random.Random):
    """One legal whole move drawn step by step on a turn; else the flat weighted draw."""
    if on_turn(s, side):
        return _sample_turn(rules, s, side, rng)
    w = s.flow.window
    if w is not None and w.name == "react" and side == w.players[0]:
        return _sample_reaction(rules, s, side, rng)
    moves = list(rules.legal_moves(s, side))
    return rng.choices(moves, rules.bot_weights(s, side, moves))[0]


# --------------------------------------------------------------------- turn


def _turn(s, side: str, chosen: tuple[str, ...]) -> list[Step]:
    if not chosen:
        return _first(s, side)
    head = chosen[0]
    at = s.cfg.reach.sides(s, side)
    unit = next(((sq, u) for sq, u in at.mine if s.cfg.names[sq] == head), None)
    if unit is not None:
        entries = _unit_entries(s, unit[0], unit_moves(s, side, at, *unit))
    else:
        entries = [e for e in _other_entries(s, side, at) if e[0][0][0] == head]
    if not entries:
        if head == DONE[0] and len(chosen) > 1:
            raise kit_steps.unknown_choice([], chosen[1], chosen[:1])
        raise kit_steps.unknown_choice(_first(s, side), head)
    return kit_steps.branch(entries, chosen)


def _first(s, side: str) -> list[Step]:
    """The pass, what is done with stacks, each unit with an action open, Relieve. A
    unit with several moves is one step whose moves are made only once it is chosen."""
    at = s.cfg.reach.sides(s, side)
    out = kit_steps.branch(_other_entries(s, side, at))
    names = s.cfg.names
    for sq, plan in actions.unit_plans(s, side, at, actions.task_open(s, side, "maneuver", True)):
        if len(plan) == 1:
            plan = actions.plan_made(s, at, sq, plan)
            verb, m = plan[0]
            if verb == "regroup" or m.bit_count() == 1:  # one move: its leaf at once
                out += kit_steps.branch(_unit_entries(s, sq, [actions.plan_move(s, sq, plan, 0)]))
                continue
        out.append(Step(names[sq], _unit_label(s, sq, s.squares[sq])))
    return out


def unit_moves(s, side: str, at, sq: int, u) -> list:
    """The actions of the unit `u` on square `sq` (and its Maneuvers), in listing order."""
    out: list = []
    if s.stack is not None:
        one = copy.copy(at)
        one.mine = [(sq, u)]  # the other units still anchor a paratroop drop
        actions._unit_actions(s, side, one, out)
    if actions.task_open(s, side, "maneuver", True):
        alone = copy.copy(at)
        alone.active = at.active & (1 << sq)
        actions.maneuvers(s, alone, out)
    return out


def _unit_label(s, sq: int, u) -> str:
    return f"the {u.kind} at {s.cfg.names[sq]}"


def _unit_entries(s, sq: int, moves: list) -> list:
    """A unit's moves with their paths: the unit, the action, the square."""
    u = s.squares[sq]
    head = (s.cfg.names[sq], _unit_label(s, sq, u))
    out = []
    for m in moves:
        if m.verb == "regroup":
            out.append(((head, ("regroup", "regroup (flip it active)")), m))
        else:
            token, label = VERBS[m.verb]
            where = f"on {m.dst}" if m.verb == "fire" else f"to {m.dst}"
            out.append(((head, (token, label), (m.dst, where)), m))
    return out


def _other_entries(s, side: str, at) -> list:
    """The pass, take, commission, cache, build and Relieve, with their paths."""
    out = []
    for m in actions.stack_actions(s, side):
        if m is PASS:
            out.append(((DONE,), m))
        elif m.verb == "take":
            out.append(((("take", "take a supply stack"),
                         (m.what, f"the {_words(m.what)} stack")), m))
        elif m.verb == "build":
            out.append(((("build", "build a unit"), (m.what, words.a(m.what))), m))
        else:
            out.append((((m.verb, m.verb),), m))
    out += [((("relieve", "relieve (Leadership)"),
              (f"{m.src}-{m.dst}", f"{m.src} and {m.dst} swap")), m)
            for m in _relieves(s, side, at)]
    return out


def _relieves(s, side: str, at) -> list:
    out: list = []
    if actions.task_open(s, side, "relieve", True):
        actions.relieves(s, at, out)
    return out


def _sample_turn(rules, s, side: str, rng: random.Random):
    """A first step by weight (a unit by its heaviest action, read from what it can do
    before any of its moves is made: `actions.unit_weights`), then one of its moves by
    the verb weights: the plan of the unit drawn only, the move at the index drawn, the
    one move made (the listing's own, `was_listed`)."""
    at = s.cfg.reach.sides(s, side)
    pass_weight, weights = rules.verb_weights(s, side)
    others = actions.stack_actions(s, side)[1:]
    pairs = actions.relieve_count(s, at) if actions.task_open(s, side, "relieve", True) else 0
    heaviest = [pass_weight] + [weights[m.verb] for m in others]
    if pairs:  # Relieves weighed by their count, the one drawn made alone
        heaviest += [weights["relieve"]] * pairs
    maneuver = actions.task_open(s, side, "maneuver", True)
    units: list = []
    actions.unit_weights(s, at, maneuver, weights, units, heaviest)
    at_group = pick(rng, heaviest)
    if at_group == 0:
        move = PASS
    elif at_group <= len(others):
        move = others[at_group - 1]
    elif at_group <= len(others) + pairs:
        move = actions.relieve_at(s, at, at_group - 1 - len(others))
    else:
        sq = units[at_group - 1 - len(others) - pairs]
        (_, plan), = actions.unit_plans(s, side, at, maneuver, mine=[(sq, s.squares[sq])])
        move = _draw_from_plan(s, at, sq, plan, weights, rng)
    rules.listed(s, side, [move])
    return move


def _sample_reaction(rules, s, side: str, rng: random.Random):
    """The reaction window's draw (the pass, Opportunity Fire, Maneuver, Relieve: the
    kit's listing with `bot_weights`, `actions.reactions`), from their counts: the
    same draw, only the move drawn made."""
    at = s.cfg.reach.sides(s, side)
    reach = s.cfg.reach
    pass_weight, weights = rules.verb_weights(s, side)
    target, firing = actions.reaction_targets(s, side, at)
    shifts = reach.next_to(at.active, at.free) \
        if actions.task_open(s, side, "maneuver", False) else 0
    pairs = reach.pairs(at.friends, at.active) \
        if actions.task_open(s, side, "relieve", False) else 0
    each = [pass_weight] + [weights["opfire"]] * len(firing) \
        + [weights["maneuver"]] * shifts + [weights["relieve"]] * pairs
    i = pick(rng, each) - 1
    if i < 0:
        move = PASS
    elif i < len(firing):
        move = reach.row("opfire", firing[i])[target]
    elif i < len(firing) + shifts:
        move = actions.maneuver_at(s, at, i - len(firing))
    else:
        move = actions.relieve_at(s, at, i - len(firing) - shifts)
    rules.listed(s, side, [move])
    return move


def pick(rng: random.Random, weights: list) -> int:
    """`rng.choices(range(len(weights)), weights)[0]`, drawn the same way from the same
    generator (one `random()` against the running sums), without its checks."""
    cum = list(accumulate(weights))
    return bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(cum) - 1)


def _draw_from_plan(s, at, sq: int, plan: list, weights, rng: random.Random):
    """One move of a unit's plan by the verb weights: as `rng.choices` draws from the
    unit's moves listed in order (the same draw), with only the drawn move made."""
    plan = actions.plan_made(s, at, sq, plan)
    counts = [1 if verb == "regroup" else m.bit_count() for verb, m in plan]
    n = sum(counts)
    if n == 1:
        return actions.plan_move(s, sq, plan, 0)
    each: list = []
    for (verb, _), count in zip(plan, counts):
        each += [weights[verb]] * count
    return actions.plan_move(s, sq, plan, pick(rng, each))


# ---------------------------------------------------------------- placement


def _placements(rules, s, side: str) -> list:
    """Free placement: the kind, then the square."""
    out = []
    for m in rules.legal_moves(s, side):
        if m is PASS or m.verb != "place":
            text = str(m)
            out.append((((text.replace(" ", "-"), _words(text)),), m))
        else:
            out.append((((m.what, f"a {m.what}"), (m.src, f"on {m.src}")), m))
    return out


def _words(name: str) -> str:
    return name.replace("_", " ")
