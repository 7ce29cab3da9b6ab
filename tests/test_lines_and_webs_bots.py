"""What bots read from Lines and Webs (toolkit/referee/rulesets/lines_and_webs/bots.py):
the random bot's weights (supply reaches the hungry, orders go to units that can fight)
and the heuristic `evaluate` (ports, combat power, supply on hand, units not degraded)."""

from __future__ import annotations

from dataclasses import replace

from lines_and_webs_cases import RULES, at_phase, empty, put, start
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, Outcome
from toolkit.referee.rulesets.lines_and_webs import bots
from toolkit.referee.rulesets.lines_and_webs.moves import parse
from toolkit.referee.rulesets.lines_and_webs.state import with_unit


def _weight(s, side, legal, text):
    ws = RULES.bot_weights(s, side, legal)
    return ws[legal.index(parse(text))]


def test_evaluate_is_one_for_the_winner_and_minus_one_for_the_loser():
    s = evolve(start(), result=Outcome("Delta", "held every port", "LW-V1", ()))
    assert RULES.evaluate(s, "Delta") == 1.0 and RULES.evaluate(s, "Gamma") == -1.0


def test_evaluate_is_zero_sum_and_within_bounds_at_the_start():
    s = start()
    a, b = RULES.evaluate(s, "Delta"), RULES.evaluate(s, "Gamma")
    assert abs(a + b) < 1e-9 and -1 < a < 1


def test_evaluate_prefers_ports_combat_power_and_fed_units():
    s = start()
    base = RULES.evaluate(s, "Delta")
    # Gamma's airport J3 taken by Delta
    k = s.cfg.port_of[s.cfg.index["J3"]]
    taken = evolve(s, ports=s.ports[:k] + (replace(s.ports[k], holder="Delta"),)
                   + s.ports[k + 1:])
    assert RULES.evaluate(taken, "Delta") > base + 0.1
    # a Delta armor company loses two steps
    hurt = with_unit(s, evolve(s.by_label("DAR1"), lost=2))
    assert RULES.evaluate(hurt, "Delta") < base
    # a Delta unit degraded
    hungry = with_unit(s, evolve(s.by_label("DAR1"), degraded=True))
    assert RULES.evaluate(hungry, "Delta") < base


def test_evaluate_sees_rations_that_will_not_feed_the_side_to_the_end():
    """LW-C (consumption turns 3, 6, 9, 12, 15): the runway is the share of the meals
    still to come that the rations on hand feed; a side short of it is judged worse
    before any unit goes hungry."""
    from toolkit.referee.rulesets.lines_and_webs.config import FOOD

    s = start()
    base = RULES.evaluate(s, "Delta")
    starved = evolve(s, units=tuple(
        evolve(u, tokens=tuple(0 if c == FOOD else n for c, n in enumerate(u.tokens)))
        if u.side == "Delta" else u for u in s.units),
        ports=tuple(evolve(p, tokens=tuple(0 if c == FOOD else n for c, n in enumerate(p.tokens)))
                    if p.holder == "Delta" else p for p in s.ports))
    assert not any(u.degraded for u in starved.units)
    assert bots._standing(starved, "Delta", starved.units)[4] == 0.0
    assert RULES.evaluate(starved, "Delta") < base - 0.1


def test_transport_weights_feed_the_hungry_before_dropping_on_a_node():
    s = empty()
    s = put(s, "DFSP1", "D9", (1, 1, 2, 0))
    s = put(s, "DAR1", "D8", (0, 3, 2, 0))  # no rations left
    s = put(s, "DAR2", "E8", (1, 3, 2, 0))  # full basic load
    s = at_phase(s, "transport")
    legal = list(RULES.legal_moves(s, "Delta"))
    ws = RULES.bot_weights(s, "Delta", legal)
    hungry = ws[legal.index(parse("DFSP1>DAR1"))]
    drops = [w for m, w in zip(legal, ws) if m is not PASS and m.verb == "carry"
             and s.by_label(m.to) is None]
    assert drops and hungry > 100 * max(drops)
    assert hungry > ws[legal.index(parse("DFSP1>DAR2 1f"))] if parse("DFSP1>DAR2 1f") in legal \
        else hungry >= 5.0


def test_spend_weights_buy_the_rations_the_side_lacks_before_units():
    s = start()
    # every Delta unit's rations gone: a large gap in food
    for u in s.units:
        if u.side == "Delta" and u.alive:
            s = with_unit(s, evolve(u, tokens=(0,) + u.tokens[1:]))
    legal = list(RULES.legal_moves(s, "Delta"))
    ws = RULES.bot_weights(s, "Delta", legal)
    food = sum(w for m, w in zip(legal, ws) if m is not PASS and m.verb == "buy" and m.cls == "r")
    units = sum(w for m, w in zip(legal, ws) if m is not PASS and m.verb == "buy" and not m.cls)
    assert food > 5 * units
    assert bots._gaps(s, "Delta")[0] > 0


def test_orders_weights_put_units_that_can_fight_in_the_execution_deck():
    s = start()
    s = with_unit(s, evolve(s.by_label("DAR2"), tokens=(1, 0, 2, 0)))  # out of fuel
    s = at_phase(s, "orders")
    assert parse("x DAR1") in RULES.legal_moves(s, "Delta")
    able, dry = RULES.bot_weights(s, "Delta", [parse("x DAR1"), parse("x DAR2")])
    assert able > 4 * dry


def test_evaluate_sees_what_is_bought_and_on_its_way():
    """LW-S1/LW-S2: bought assets wait in the basket, then the delivery queue, off the
    map. `evaluate` counts them (the side's own basket, secret, and both queues, public):
    when it did not, every purchase looked alike and a search bought whatever came first
    in the list."""
    s = start()
    for u in s.units:  # Delta's rations gone: buying rations is what it needs
        if u.side == "Delta" and u.alive:
            s = with_unit(s, evolve(u, tokens=(0,) + u.tokens[1:]))
    base = RULES.evaluate(s, "Delta")
    after = {text: RULES.apply(s, "Delta", parse(text))[0] for text in ("buy 3r", "buy armor")}
    assert RULES.evaluate(after["buy 3r"], "Delta") > base
    assert RULES.evaluate(after["buy armor"], "Delta") > base  # combat power to come
    # Gamma does not see Delta's basket: its own standing is unchanged by Delta's buys
    assert RULES.evaluate(after["buy 3r"], "Gamma") == RULES.evaluate(s, "Gamma")
    # once in the delivery queue (public) the rations count in Gamma's view of Delta too
    from toolkit.referee.rulesets.lines_and_webs.state import with_book

    first, *rest = s.book("Delta").queue
    more = tuple(n + 3 if c == 0 else n for c, n in enumerate(first[1]))
    queued = with_book(s, "Delta", queue=((first[0], more), *rest))
    assert RULES.evaluate(queued, "Gamma") < RULES.evaluate(s, "Gamma")


def _transport_positions(games: int = 2, phase: str = "transport"):
    """Every Transport supplies decision (or `phase`'s) of a few seeded random games
    (shaken positions: carriers part-way through their lift, drops on nodes, ports
    restocked)."""
    import random

    from toolkit.referee.protocol import CHANCE, DecisionKind
    from toolkit.sim.playout import RandomBot

    bot = RandomBot(RULES)
    for seed in range(games):
        s, rng = start(), random.Random(f"draw {seed}")
        while (d := RULES.decision(s)) is not None:
            if d.kind is DecisionKind.CHANCE:
                s, _ = RULES.apply(s, CHANCE, d.chance.sample(rng))
                continue
            side = d.players[0]
            if s.flow.phase == phase and s.flow.window is None:
                yield s, side
            s, _ = RULES.apply(s, side, bot.choose(s, side, rng))


def test_LW_S1_S4_the_random_bots_spend_draw_is_the_flat_draw_run_by_run():
    """Spend resources drawn run by run (purchases.py) is the flat listing drawn by the
    flat weights: the same order from the same random numbers."""
    import random

    from toolkit.referee.rulesets.lines_and_webs import purchases

    positions = 0
    for s, side in _transport_positions(1, "spend"):
        positions += 1
        legal = list(RULES.legal_moves(s, side))
        weights = bots.weights(RULES, s, side, legal)
        parts = purchases.weighed_parts(s, side)
        assert [m for orders, _ in parts for m in orders] == legal
        assert [w for _, run in parts for w in run] == weights  # the very floats
        for k in range(4):
            drawn = purchases.sample_spend(s, side, random.Random(k))
            assert drawn is random.Random(k).choices(legal, weights)[0]
    assert positions > 100


def _draw_parts(s, side):
    from toolkit.referee.rulesets.lines_and_webs import draw
    from toolkit.referee.rulesets.lines_and_webs.transport import Asking, transporters

    mine = transporters(s, side)
    ask, asked, soon = Asking(s, side), bots.asked(s, side), bots._food_soon(s)
    return draw, mine, ask, asked, draw.Needs(s, soon), soon


def test_the_random_bots_transport_draw_in_steps_weighs_a_carrier_as_its_branches():
    """draw.py, step 1: a sustainment unit met weighs what its branches (step 2) weigh
    in all; every unit with an order open weighs something, so it can be drawn, and
    one with a branch but no order open is struck, never drawn to nothing."""
    from toolkit.referee.rulesets.lines_and_webs.transport import (
        CARRIERS, CARRY, Transport)

    listing = Transport()
    seen = 0
    for s, side in _transport_positions():
        draw, mine, ask, asked, needs, _ = _draw_parts(s, side)
        for u in mine:
            k = s.cfg.kinds[u.kind]
            if k.role not in CARRIERS:
                continue
            head, (weights, _) = draw._weigh(s, side, u, ask, asked, needs)
            assert head == sum(weights)
            parts = listing.unit_parts(s, side, u, mine, ask)
            if any(any(run) if what != CARRY else any(map(any, run))
                   for what, run, _ in parts):
                assert head > 0, u.label
            seen += 1
    assert seen > 100


def test_the_random_bots_transport_draw_keeps_a_head_by_its_capped_weight():
    """draw.py, step 1 by rejection: a head is kept in proportion to its weight capped
    at CAP, so a carrier with only its displacement open (0.005) is next to never
    drawn beside one with a hungry unit in reach, and the pass comes as often as
    PASS_CHANCE against the mean of the heads' capped shares says."""
    import random

    from toolkit.referee.rulesets.lines_and_webs import draw

    s = empty()
    s = put(s, "DFSP1", "D9", (1, 1, 2, 0))
    s = put(s, "DAR1", "D8", (0, 3, 2, 0))  # no rations left: DFSP1 weighs over CAP
    s = put(s, "DFSP2", "J2", (0, 0, 0, 0))  # nothing to give, nobody near: displace only
    s = at_phase(s, "transport")
    _, mine, ask, asked, needs, _ = _draw_parts(s, "Delta")
    shares = [min(draw.CAP, draw._weigh(s, "Delta", s.by_label(label), ask, asked,
                                        needs)[0]) / draw.CAP
              for label in ("DFSP1", "DFSP2")]  # cross-levelling: none open, struck
    assert shares[0] > 0.2 and shares[1] < 0.001
    passing = draw.PASS_CHANCE / (draw.PASS_CHANCE
                                  + (1 - draw.PASS_CHANCE) * sum(shares) / len(shares))
    drawn = [draw.sample_transport(s, "Delta", random.Random(i))[0] for i in range(400)]
    by: dict = {}
    for m in drawn:
        key = "pass" if m is PASS else m.unit
        by[key] = by.get(key, 0) + 1
    assert by.get("DFSP2", 0) <= 2
    assert abs(by["pass"] / 400 - passing) < 0.07  # about three standard deviations
    assert by["DFSP1"] + by["pass"] + by.get("DFSP2", 0) == 400


def test_LW_T7_the_random_bots_draw_weighs_cross_levelling_as_the_listing_does():
    """levelling.py: what a side's cross-levelling weighs in the draw's first step,
    worked out from the holders on each port, is the very float the listed orders'
    weights (bots.part_weights) sum to, port by port; none open weighs 0.0."""
    from toolkit.referee.rulesets.lines_and_webs import levelling
    from toolkit.referee.rulesets.lines_and_webs.transport import Transport, view_occupancy

    listing = Transport()
    weighed = 0
    for s, side in _transport_positions():
        _, mine, _, asked, _, soon = _draw_parts(s, side)
        listed = 0.0
        for what, run, _ in listing.level_parts(s, side, mine):
            listed += sum(bots.part_weights(s, asked, what, run, soon))
        assert levelling.weight(s, side, mine, listing._port_space) == listed
        seen = levelling.on_ports_seen(s, side, view_occupancy(s, side))
        assert seen == levelling.on_ports(s.cfg, mine)  # the draw reads them so
        weighed += listed > 0
    assert weighed > 300


def test_the_random_bots_transport_draw_lists_a_branch_as_the_listing_does():
    """draw.py, step 3: a receiver's branch is that carrier's very orders to it, in the
    listing's order, with the flat weights (bots.part_weights); and every draw is a
    legal order (one the flat listing holds)."""
    import random

    from toolkit.referee.rulesets.lines_and_webs.transport import (
        CARRY, CARRIERS, Transport)

    listing = Transport()
    seen = drawn = 0
    for s, side in _transport_positions(1):
        draw, mine, ask, asked, needs, soon = _draw_parts(s, side)
        legal = set(RULES.legal_moves(s, side))
        for i in range(3):
            assert draw.sample_transport(s, side, random.Random(i))[0] in legal
            drawn += 1
        for u in mine:
            if s.cfg.kinds[u.kind].role not in CARRIERS:
                continue
            carry = [run for what, run, _ in listing.unit_parts(s, side, u, mine, ask)
                     if what == CARRY]
            pieces = {piece[0].to: piece for piece in (carry[0][:-1] if carry else ())
                      if piece}
            for what in draw._branches(s, side, u, ask, asked, needs)[1]:
                if what in (draw.DISPLACE, draw.MOVE) or isinstance(what, tuple):
                    continue
                orders, weights = draw._orders(s, side, u, ask, asked, soon, what)
                if not orders:
                    continue
                assert tuple(orders) == pieces[orders[0].to]
                assert weights == bots.part_weights(s, asked, CARRY, (tuple(orders),), soon)
                seen += 1
    assert seen > 100 and drawn > 100


def _leaf_depth(s, side, move) -> int:
    """How deep `move` is in the Transport move tree (tree.py): 1 a leaf at the first
    step, 2 a carrier's order chosen at the second, and so on."""
    from toolkit.referee import steps

    head = "pass" if move is PASS else "xl" if move.verb == "xl" else move.unit
    pending: list = [()]
    while pending:
        chosen = pending.pop()
        for step in steps.steps(RULES, s, side, chosen):
            if step.move is not None and step.move == move:
                return len(chosen) + 1
            if step.move is None and (chosen or step.token == head):
                pending.append(chosen + (step.token,))
    raise AssertionError(f"{move} is not in the tree")


def test_the_random_bots_transport_draw_counts_the_steps_it_chose_among_several():
    """draw.py counts a step only where it chose among more than one: never more than
    the move tree shows for the order drawn, and an order that is the only one to its
    receiver two steps (the carrier, the receiver), as in the tree (it counted three)."""
    import random

    from toolkit.referee.rulesets.lines_and_webs import draw, tree

    lone = drawn = 0
    for s, side in _transport_positions(1):
        for i in range(2):
            move, taken = draw.sample_transport(s, side, random.Random(i))
            depth = _leaf_depth(s, side, move)
            assert 1 <= taken <= max(depth, 1) and taken <= draw.steps_taken(move)
            if move is not PASS and move.verb == "carry" and depth == 2:
                assert taken == 2
                lone += 1
            drawn += 1
        move = tree.sample_move(RULES, s, side, random.Random(7))
        assert tree.sample_steps(s, side, move) == draw.sample_transport(
            s, side, random.Random(7))[1]
    assert drawn > 300 and lone > 0


def test_LW_T2_the_random_bots_transport_draw_carries_to_the_hungry_first():
    """Step 2 weighs a receiver by what it needs of what the carrier holds: a unit with
    no rations left far above one with its full basic load, and the draw mostly feeds
    it (rations, or a top-up)."""
    import random

    s = empty()
    s = put(s, "DFSP1", "D9", (1, 1, 2, 0))
    s = put(s, "DAR1", "D8", (0, 3, 2, 0))  # no rations left
    s = put(s, "DAR2", "E8", (1, 3, 2, 0))  # full basic load
    s = at_phase(s, "transport")
    draw, mine, ask, asked, needs, soon = _draw_parts(s, "Delta")
    carrier = s.by_label("DFSP1")
    branches = {what.label: w for w, what in zip(*draw._branches(s, "Delta", carrier, ask,
                                                                  asked, needs))
                if not isinstance(what, tuple)}
    assert branches["DAR1"] > 100 * branches["DAR2"]
    drawn = [draw.sample_transport(s, "Delta", random.Random(i))[0] for i in range(200)]
    fed = sum(1 for m in drawn if m is not PASS and m.verb == "carry" and m.to == "DAR1")
    assert fed > 120


def test_LW_O1_O4_the_random_bots_orders_draw_weighs_the_cards_as_listed():
    """Issue orders drawn as the cards are listed (deals.py) is the flat listing drawn
    by the flat weights: the same card from the same random numbers."""
    import random

    from toolkit.referee.rulesets.lines_and_webs import deals

    positions = 0
    for s, side in _transport_positions(1, "orders"):
        positions += 1
        legal = list(RULES.legal_moves(s, side))
        weights = bots.weights(RULES, s, side, legal)
        assert deals.weighed(s, side) == (legal, weights)
        for k in range(4):
            drawn = deals.sample_deal(s, side, random.Random(k))
            assert drawn is random.Random(k).choices(legal, weights)[0]
    assert positions > 100
