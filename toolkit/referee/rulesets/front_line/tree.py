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
    """The pass, what is done with stacks, each unit with an action open, Relieve."""
    at = s.cfg.reach.sides(s, side)
    out = kit_steps.branch(_other_entries(s, side, at))
    for sq, moves in _moves_by_unit(s, side, at):
        out += kit_steps.branch(_unit_entries(s, sq, moves))
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
    """A first step by weight (a unit by its heaviest action), then one of its
    moves by the verb weights."""
    at = s.cfg.reach.sides(s, side)
    groups = [[m] for m in actions.stack_actions(s, side)[1:] + _relieves(s, side, at)]
    groups += [moves for _, moves in _moves_by_unit(s, side, at)]
    each = [rules.bot_weights(s, side, [PASS] + g) for g in groups]
    pass_weight = rules.bot_weights(s, side, [PASS])[0]
    at_group = rng.choices(range(len(groups) + 1),
                           [pass_weight] + [max(w[1:]) for w in each])[0]
    if at_group == 0:
        return PASS
    group, weights = groups[at_group - 1], each[at_group - 1][1:]
    return group[0] if len(group) == 1 else rng.choices(group, weights)[0]


def _moves_by_unit(s, side: str, at) -> list[tuple[int, list]]:
    """Every unit with a move open, as (its square, its moves: its actions, then its
    Maneuvers) in the order of `at.mine`: what `unit_moves` gives unit by unit, listed in
    one pass over the side."""
    listed: list = []
    if s.stack is not None:
        actions._unit_actions(s, side, at, listed)
    if actions.task_open(s, side, "maneuver", True):
        actions.maneuvers(s, at, listed)
    by_unit: dict[str, list] = {}
    for m in listed:
        by_unit.setdefault(m.src, []).append(m)
    names = s.cfg.names
    return [(sq, by_unit[names[sq]]) for sq, _ in at.mine if names[sq] in by_unit]


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
