"""The fast listing of legal moves (actions.py, reach.py) against the one legality
check (turn.check, windows.React.check) and the rules as movement.py writes them,
on many random positions of all four battlefields: random playouts, and
hand-made positions with units, stacks, actions taken, Leadership and fallen
cities drawn at random (FL-turn-*, FL-move, FL-attack-*, FL-task-*)."""

from __future__ import annotations

import operator
import random

import pytest

from front_line_play import RULES, position, scenario
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, DecisionKind
from toolkit.referee.rulesets.front_line import attack, movement
from toolkit.referee.rulesets.front_line.reach import (
    Sides, drop, fire, land, land2, mask_of)
from toolkit.referee.rulesets.front_line.state import (
    AVAILABLE, COMMISSIONED, EXHAUSTED, Squares, board, squares_in)
from walk import random_walk

BATTLEFIELDS = ("main", "lake_nogo", "great_desert", "mt_range")
KINDS = ("infantry", "tank", "artillery")
STACKS = ("air", "capital", "industry", "fallen_air", "fallen_industry")
ACTIONS = ("move", "attack", "amphibious", "paratroop", "regroup", "build")


def squares_of(m: int) -> list[int]:
    """The squares of a mask in ascending order, as a list (what `sorted` gives)."""
    return list(squares_in(m))


def random_position(name: str, rng: random.Random):
    """Units of both sides on random dry squares, a random stack in hand (or none),
    random unused stacks, actions already taken, Leadership and fallen cities."""
    sc = scenario(name)
    probe = position(sc, {})
    cfg = probe.cfg
    dry = [i for i in range(len(cfg.names)) if not cfg.impassable[i]]
    capitals = {c for c, city in cfg.cities.items() if city.capital}
    units = {}
    for sq in rng.sample([i for i in dry if i not in capitals], rng.randint(4, 26)):
        side = rng.choice(cfg.sides)
        units[cfg.names[sq]] = f"{side} {rng.choice(KINDS)}" + (
            " disrupted" if rng.random() < 0.25 else "")
    mover = rng.choice(cfg.sides)
    stack = None if rng.random() < 0.2 else (rng.choice(STACKS), rng.randint(0, 5))
    stacks = {side: tuple((k, rng.randint(1, 4)) for k in rng.sample(STACKS, rng.randint(0, 3)))
              for side in cfg.sides}
    lead = tuple(rng.choice((AVAILABLE, AVAILABLE, EXHAUSTED, COMMISSIONED)) for _ in cfg.sides)
    fallen = tuple(cfg.names[c] for c in sorted(cfg.cities)
                   if c not in capitals and rng.random() < 0.3)
    options = {"amphibious": rng.random() < 0.5, "move_bonus_desert": rng.choice((0, 1, 1, 2)),
               "actions_per_unit": rng.choice((1, 2, 2, 3))}
    s = position(sc, units, mover=mover, stack=stack, stacks=stacks, leadership=lead,
                 fallen=fallen, options=options)
    if stack is not None:
        s = evolve(s, stack_max=stack[1] + rng.randint(0, 2))
    acted = tuple((u.uid, tuple(rng.sample(ACTIONS, rng.randint(1, 2))))
                  for u in s.squares if u is not None and rng.random() < 0.3)
    return evolve(s, acted=acted)


def played_positions(name: str, games: int, seed: int):
    """Every player decision of a few seeded random games."""
    start = RULES.new_game(scenario(name))
    for g in range(games):
        for s, d in random_walk(RULES, start, random.Random(f"{seed}/{name}/{g}")):
            if d.kind is not DecisionKind.CHANCE:
                yield s, d.players[0]


def assert_listing_is_the_check(s, player):
    listed = list(RULES.legal_moves(s, player))
    assert len(listed) == len(set(listed)), "a move is listed twice"
    space = set(RULES.move_space(s, player)) | {PASS}
    assert set(listed) <= space, "move_space misses a listed move"
    accepted = {m for m in space if RULES.check(s, player, m) is None}
    assert set(listed) == accepted, (
        f"listed but refused: {sorted(map(str, set(listed) - accepted))}; "
        f"accepted but not listed: {sorted(map(str, accepted - set(listed)))}")


def assert_masks_are_the_rules(s):
    cfg = s.cfg
    reach = cfg.reach
    bonus = int(cfg.opt("move_bonus_desert"))
    for side in s.sides:
        at = Sides(s, side)
        for sq, u in s.units_of(side):
            kind = cfg.kinds[u.kind]
            rule = sorted(movement.land_targets(s, sq))
            assert squares_of(land(reach, at, sq, kind.move, kind.move + bonus, kind.diagonal)) \
                == rule, f"land moves from {cfg.names[sq]}"
            if kind.move == 2 and bonus <= 1:
                assert squares_of(land2(reach, at, sq, reach.kinds[u.kind])) == rule
            assert squares_of(fire(reach, at, sq, kind.range)) == sorted(attack.targets(s, sq))
            assert squares_of(drop(reach, at, s, sq, int(cfg.opt("paratroop_reach")))) \
                == sorted(movement.drop_targets(s, sq, side))
            assert squares_of(reach.neighbours[sq] & at.free) \
                == sorted(movement.maneuver_targets(s, sq))


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_FL_listing_every_legal_move_and_only_those_on_random_positions(name):
    """The listed moves are exactly those the check accepts, on 40 hand-made random
    positions of the battlefield, in the mover's turn and in the reaction window."""
    rng = random.Random(f"listing/{name}")
    for _ in range(40):
        s = random_position(name, rng)
        assert_masks_are_the_rules(s)
        assert_listing_is_the_check(s, s.mover)
        acting = [u.uid for _, u in s.units_of(s.mover)]
        if acting:  # the other side's reaction to a supplied action of one of them
            from toolkit.referee.kit.flow import open_window
            from toolkit.referee.kit.phases import REACT, Window

            foe = s.other(s.mover)
            r = open_window(evolve(s, acting=rng.choice(acting)),
                            Window("react", REACT, (foe,), "react"))
            assert_listing_is_the_check(r, foe)


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_FL_listing_every_legal_move_and_only_those_in_random_games(name):
    """The same at every player decision of seeded random games (turns, reaction
    windows, attack windows)."""
    seen = 0
    for s, player in played_positions(name, games=2, seed=8):
        if s.flow.window is None or s.flow.window.name == "react":
            if seen % 3 == 0:
                assert_masks_are_the_rules(s)
            assert_listing_is_the_check(s, player)
        seen += 1
    assert seen > 100


SIDES_FIELDS = ("mine", "friends", "active", "enemies", "occupied", "closed", "passable", "free")


def walked(s, side: str) -> list:
    """Sides' fields as the rules say them, read by walking every square: the side's
    units, its active ones, the enemy's, the occupied squares, the empty cities it does
    not control (FL-move: never through unfriendly cities), the squares a move may
    cross and where it may end."""
    cfg = s.cfg
    mine = [(i, u) for i, u in enumerate(s.squares) if u is not None and u.side == side]
    enemies = {i for i, u in enumerate(s.squares) if u is not None and u.side != side}
    friends = {i for i, _ in mine}
    closed = {c for c in cfg.cities if s.squares[c] is None and s.controller(c) != side}
    blocked = enemies | closed | {i for i in range(len(cfg.names)) if cfg.impassable[i]}
    passable = set(range(len(cfg.names))) - blocked
    return [mine, mask_of(friends), mask_of(i for i, u in mine if not u.disrupted),
            mask_of(enemies), mask_of(friends | enemies), mask_of(closed), mask_of(passable),
            mask_of(passable - friends - enemies)]


def read(at) -> list:
    return [getattr(at, k) for k in SIDES_FIELDS]


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_FL_listing_reads_whose_units_stand_where_from_the_squares_masks(name):
    """The squares carry each side's units as masks (state.Squares), mended where a unit
    is put, shifted or swapped: a side's reading of the battlefield (Sides) from them
    equals the squares walked afresh, at every decision of random games and after one
    to six random changes of random positions (units put, taken off, moved, swapped)."""
    for s, player in played_positions(name, games=2, seed=11):
        assert type(s.squares) is Squares
        for side in s.sides:
            assert read(Sides(s, side)) == walked(s, side)
    rng = random.Random(f"masks/{name}")
    for _ in range(30):
        a = random_position(name, rng)
        squares = board(a)
        units = [u for u in squares if u is not None]
        for _ in range(rng.randint(1, 6)):
            sq, to = rng.sample(range(len(squares)), 2)
            change = rng.choice(("put", "off", "shifted", "swapped"))
            if change == "put":
                squares = squares.put(sq, evolve(rng.choice(units),
                                                 disrupted=rng.random() < 0.3))
            elif change == "off":
                squares = squares.put(sq, None)
            else:
                squares = getattr(squares, change)(sq, to)
        b = evolve(a, squares=squares)
        assert (squares.held, squares.ready) == (Squares(tuple(squares), a.sides).held,
                                                 Squares(tuple(squares), a.sides).ready)
        for side in a.sides:
            assert read(Sides(b, side)) == walked(b, side)


def test_FL_listing_tables_are_shared_by_configs_of_the_same_battlefield():
    """Every Config of one battlefield (loaded again, another game, another chunk of a
    simulation) uses the same Reach, so what it remembered is not learnt again; a
    different battlefield or a different desert bonus gets its own."""
    import dsl
    from front_line_play import ROOT

    path = ROOT / "content" / "front_line" / "main.scn"
    a = RULES.new_game(dsl.load(path)).cfg
    b = RULES.new_game(dsl.load(path)).cfg
    assert a is not b and a.reach is b.reach
    other = RULES.new_game(scenario("great_desert")).cfg
    assert other.reach is not a.reach
    bonus = RULES.new_game(dsl.load(path), {"move_bonus_desert": 2}).cfg
    assert bonus.reach is not a.reach and bonus.reach.kinds["tank"].longest == \
        bonus.kinds["tank"].move + 2


def _moves_by_unit(s, side, at):
    """Every unit with a move open, as (its square, its moves), from one pass."""
    from toolkit.referee.rulesets.front_line import actions

    plans = actions.unit_plans(s, side, at, actions.task_open(s, side, "maneuver", True))
    return [(sq, actions.plan_moves(s, at, sq, plan)) for sq, plan in plans]


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_a_turns_moves_grouped_by_unit_in_one_pass_are_each_units_own(name):
    """The move tree's first step and the random bot's draw read a turn's unit moves by
    unit from one pass over the side (actions.unit_plans, made by actions.plan_moves);
    each unit's must be exactly what that unit's own listing gives (tree.unit_moves),
    in the same order, on random positions with stacks in hand, Leadership and
    Maneuvers open."""
    from toolkit.referee.rulesets.front_line import tree

    rng = random.Random(name)
    seen = 0
    for _ in range(30):
        s = random_position(name, rng)
        for side in s.cfg.sides:
            at = s.cfg.reach.sides(s, side)
            one_by_one = [(sq, m) for sq, m in
                          ((sq, tree.unit_moves(s, side, at, sq, u)) for sq, u in at.mine) if m]
            assert _moves_by_unit(s, side, at) == one_by_one
            seen += len(one_by_one)
    assert seen > 30


def _draw_from_the_whole_listing(s, side, rng):
    """The random bot's draw as it was first written: every move of the side listed
    and grouped (the pass, each stack move and Relieve alone, each unit's moves),
    a group by its heaviest move, then a move of the group by its weight."""
    from toolkit.referee.rulesets.front_line import actions, tree

    at = s.cfg.reach.sides(s, side)
    groups = [[m] for m in actions.stack_actions(s, side)[1:] + tree._relieves(s, side, at)]
    groups += [moves for _, moves in _moves_by_unit(s, side, at)]
    each = [RULES.bot_weights(s, side, [PASS] + g) for g in groups]
    pass_weight = RULES.bot_weights(s, side, [PASS])[0]
    at_group = rng.choices(range(len(groups) + 1),
                           [pass_weight] + [max(w[1:]) for w in each])[0]
    if at_group == 0:
        return PASS
    group, weights = groups[at_group - 1], each[at_group - 1][1:]
    return group[0] if len(group) == 1 else rng.choices(group, weights)[0]


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_the_random_bots_draw_makes_only_the_chosen_units_moves_and_draws_the_same(name):
    """The random bot weighs each unit by the heaviest action it can take (an attack
    four times a move) from what the unit can do, and makes only the chosen unit's
    moves: with the same generator it draws exactly the move that listing every unit's
    moves and weighing each would draw, on random positions, and the move drawn is one
    the one check accepts (FL-turn-*)."""
    from toolkit.referee.rulesets.front_line import tree

    rng = random.Random(f"draw/{name}")
    verbs = set()
    for _ in range(25):
        s = random_position(name, rng)
        side = s.flow.actor
        for k in range(8):
            seed = rng.random()
            drawn = tree._sample_turn(RULES, s, side, random.Random(seed))
            assert drawn == _draw_from_the_whole_listing(s, side, random.Random(seed))
            assert RULES.check(s, side, drawn) is None
            assert RULES.was_listed(s, side, drawn)
            verbs.add("pass" if drawn is PASS else drawn.verb)
    assert {"pass", "go", "fire"} <= verbs


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_a_units_move_picked_by_index_is_the_listings_move_at_that_index(name):
    """The random bot makes only the move it draws from a unit's plan
    (actions.plan_move): at every index it is the very move the unit's listing
    (actions.plan_moves) holds there, on random positions (FL-turn-*)."""
    from toolkit.referee.rulesets.front_line import actions

    rng = random.Random(f"index/{name}")
    seen = 0
    for _ in range(25):
        s = random_position(name, rng)
        side = s.flow.actor
        at = s.cfg.reach.sides(s, side)
        for sq, plan in actions.unit_plans(s, side, at, maneuver=True):
            listed = actions.plan_moves(s, at, sq, plan)
            made = actions.plan_made(s, at, sq, plan)
            picked = [actions.plan_move(s, sq, made, i) for i in range(len(listed))]
            assert picked == listed and all(map(operator.is_, picked, listed))
            seen += len(listed)
    assert seen > 100


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_a_turns_first_step_names_each_unit_without_making_its_moves(name):
    """The move tree's first step on a turn (tree._first) offers exactly the steps that
    listing each unit's moves and branching them offers (a unit with one move its leaf
    at once, else the unit), in the same order with the same words, though it makes a
    unit's moves only once the unit is chosen; and the tree's leaves are the listing."""
    from toolkit.referee import steps as kit_steps
    from toolkit.referee.rulesets.front_line import tree

    rng = random.Random(f"first/{name}")
    leaves = 0
    for k in range(30):
        s = random_position(name, rng)
        side = s.flow.actor
        at = s.cfg.reach.sides(s, side)
        branched = kit_steps.branch(tree._other_entries(s, side, at))
        for sq, u in at.mine:
            moves = tree.unit_moves(s, side, at, sq, u)
            if moves:
                branched += kit_steps.branch(tree._unit_entries(s, sq, moves))
        assert tree._first(s, side) == branched
        if k < 6 and RULES.decision(s) is not None and side in RULES.decision(s).players:
            found = kit_steps.leaves(RULES, s, side)
            assert sorted(map(str, found)) == sorted(map(str, RULES.legal_moves(s, side)))
            leaves += len(found)
    assert leaves > 20


def _reaction_window(s, rng):
    """`s` with the reaction window open for the side not moving, after a supplied
    action of a random unit of the mover (None: the mover has no unit)."""
    from toolkit.referee.kit.flow import open_window
    from toolkit.referee.kit.phases import REACT, Window

    acting = [u.uid for _, u in s.units_of(s.mover)]
    if not acting:
        return None
    return open_window(evolve(s, acting=rng.choice(acting)),
                       Window("react", REACT, (s.other(s.mover),), "react"))


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_FL_task_relieve_and_maneuver_counted_by_the_boards_shifts_are_those_listed(name):
    """The random draw counts a side's Relieves (pairs of neighbouring units, one of
    them active, FL-task-relieve) and Maneuvers (an active unit onto an empty
    neighbour, FL-task-maneuver) by shifting the board's masks (Reach.pairs,
    Reach.next_to), and makes only the one drawn (relieve_at, maneuver_at): the counts
    are the listings' lengths, and the move at each index the listing's, on random
    positions (units on the board's edges and corners among them)."""
    from toolkit.referee.rulesets.front_line import actions

    rng = random.Random(f"shifts/{name}")
    relieved = shifted = 0
    for _ in range(60):
        s = random_position(name, rng)
        reach = s.cfg.reach
        for side in s.sides:
            at = reach.sides(s, side)
            pairs, moves = [], []
            actions.relieves(s, at, pairs)
            actions.maneuvers(s, at, moves)
            assert reach.pairs(at.friends, at.active) == len(pairs)
            assert reach.next_to(at.active, at.free) == len(moves)
            assert [actions.relieve_at(s, at, i) for i in range(len(pairs))] == pairs
            assert [actions.maneuver_at(s, at, i) for i in range(len(moves))] == moves
            relieved += len(pairs)
            shifted += len(moves)
    assert relieved > 50 and shifted > 200


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_the_random_bots_reaction_is_drawn_from_counts_and_draws_the_same(name):
    """In the reaction window after a supplied action (Opportunity Fire, Maneuver,
    Relieve, or the pass, FL-R15) the random bot draws from how many of each there
    are and makes only the move drawn: with the same generator it is exactly the move
    the kit's listing weighed by bot_weights draws, and one the check accepts."""
    from toolkit.referee.rulesets.front_line import tree

    rng = random.Random(f"react/{name}")
    verbs = set()
    for _ in range(40):
        r = _reaction_window(random_position(name, rng), rng)
        if r is None:
            continue
        foe = r.flow.window.players[0]
        listed = list(RULES.legal_moves(r, foe))
        weights = RULES.bot_weights(r, foe, listed)
        for _ in range(6):
            seed = rng.random()
            drawn = tree.sample_move(RULES, r, foe, random.Random(seed))
            assert drawn == random.Random(seed).choices(listed, weights)[0]
            assert RULES.check(r, foe, drawn) is None and RULES.was_listed(r, foe, drawn)
            verbs.add("pass" if drawn is PASS else drawn.verb)
    assert {"pass", "opfire"} <= verbs


def test_a_masks_squares_are_its_set_bits_in_order_on_any_board():
    """state.squares_in reads a mask a byte at a time: the squares are exactly its set
    bits in ascending order, for masks of a 10 x 6 battlefield and of boards past the
    byte tables' 128 squares."""
    from toolkit.referee.rulesets.front_line.state import squares_in

    rng = random.Random("squares_in")
    for size in (60, 128, 129, 300):
        for _ in range(300):
            squares = sorted(rng.sample(range(size), rng.randint(0, min(size, 40))))
            assert squares_in(mask_of(squares)) == tuple(squares)
    assert squares_in(0) == () and squares_in(1 << 200) == (200,)
