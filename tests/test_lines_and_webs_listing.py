"""The direct listings of Lines and Webs (each phase's `legal`, which never checks a
candidate) against the one legality check of each move on its own (`check`), on many
positions: every decision of seeded random games, and the same positions shaken (cubes,
lift and methods, markers, dropped tokens, blocked nodes, port stores and damage drawn at
random). Over a move space much wider than the legal moves, check accepts exactly what is
listed, each move once (LW-T1..LW-T7, LW-S1..LW-S4, LW-O1..LW-O4, LW-E1..LW-E7)."""

from __future__ import annotations

import random

import pytest

from tests.lines_and_webs_cases import RULES, start
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, DecisionKind
from toolkit.referee.rulesets.lines_and_webs.config import LETTERS
from toolkit.referee.rulesets.lines_and_webs.moves import Order
from toolkit.referee.rulesets.lines_and_webs.state import OFF, with_port
from walk import random_walk


def decisions(phase: str, games: int, seed: str, turns: int = 6):
    """(state, side) at every decision of `phase` (outside windows) in seeded games of
    the weighted random bot."""
    begin = start(turns=turns)
    for g in range(games):
        for s, d in random_walk(RULES, begin, random.Random(f"{seed}/{g}")):
            if d.kind is not DecisionKind.CHANCE and s.flow.phase == phase \
                    and s.flow.window is None:
                yield s, d.players[0]


def shaken(s, side: str, rng: random.Random):
    """`s` with `side`'s cubes, lift, methods and markers, the dropped tokens, blocked
    nodes and the ports' stores and damage redrawn."""
    cfg = s.cfg
    units = []
    for u in s.units:
        if not u.alive or rng.random() < 0.5:
            units.append(u)
            continue
        k = cfg.kinds[u.kind]
        food, fuel, ammo = (rng.randint(0, max(1, k.storage // 2)) for _ in range(3))
        while food + fuel + ammo > k.storage:
            food, fuel, ammo = max(0, food - 1), max(0, fuel - 1), max(0, ammo - 1)
        u = evolve(u, tokens=(food, fuel, ammo, 0), lift=rng.randint(0, k.carries),
                   method=rng.choice(("", "", "move", "supply", "displace")),
                   degraded=rng.random() < 0.15, pinned=rng.random() < 0.1,
                   lost=rng.choice((0, 0, 0, 1, 2)), levelled=rng.random() < 0.2,
                   suppressed=rng.random() < 0.2)
        if u.method == "displace" and rng.random() < 0.5:
            u = evolve(u, displaced=True)
        units.append(u)
    s = evolve(s, units=tuple(units))
    nodes = [i for i in range(len(cfg.names)) if not cfg.impassable[i]]
    drops = tuple(sorted({(n, side, (rng.randint(0, 2), rng.randint(0, 2), 0, 0))
                          for n in rng.sample(nodes, rng.randint(0, 3))}))
    blocked = tuple(sorted((n, rng.choice(s.sides)) for n in rng.sample(nodes, rng.randint(0, 2))))
    s = evolve(s, drops=drops, blocked=blocked)
    for node in cfg.ports:
        k = cfg.port_of[node]
        damage = rng.randint(0, 2)
        room = cfg.port_room(k, damage)
        tokens = tuple(rng.randint(0, max(0, room // 4)) for _ in range(4))
        s = with_port(s, node, damage=damage, tokens=tokens)
    return s


def transport_space(s, side: str, rng: random.Random) -> set:
    """Every transport order of a few of `side`'s units (carriers and others, on and off
    the map) to every unit, to every node a unit of either side stands on and to the
    ports, one token more than any carrier could lift, from its card, its node or
    another port; and cross-levelling among everything on the ports, one token more
    than the giver holds."""
    cfg = s.cfg
    labels = [u.label for u in s.units if u.side == side]
    carriers = [u.label for u in s.units if u.side == side and u.alive
                and cfg.kinds[u.kind].carries]
    actors = rng.sample(carriers, min(2, len(carriers))) + [rng.choice(labels)]
    nodes = {cfg.names[u.node] for u in s.units if u.alive} | {cfg.names[p] for p in cfg.ports}
    nodes |= set(rng.sample(cfg.names, 4))
    targets = sorted(set(labels) | {u.label for u in s.units if u.side != side} | nodes)
    port_names = [cfg.names[p] for p in cfg.ports]
    out: set = {PASS}
    for label in actors:
        u = s.by_label(label)
        top = cfg.kinds[u.kind].carries + 1
        out.add(Order("displace", unit=label))
        out |= {Order("move", unit=label, to=n) for n in cfg.names}
        srcs = ["", rng.choice(port_names)] + ([cfg.names[u.node]] if u.node != OFF else [])
        for to in targets:
            for src in srcs:
                out.add(Order("carry", unit=label, to=to, src=src))
                out |= {Order("carry", unit=label, to=to, cls=c, n=n, src=src)
                        for c in LETTERS for n in range(1, top + 1)}
    holders = {u.label: u.tokens for u in s.units if u.node in cfg.port_of}
    holders.update({cfg.names[p]: s.port(p).tokens for p in cfg.ports})
    for a, have in holders.items():
        for b in holders:
            out |= {Order("xl", unit=a, to=b, cls=c, n=n)
                    for i, c in enumerate(LETTERS) for n in range(1, have[i] + 2)}
    return out


def assert_listed_is_checked(s, side: str, space: set) -> None:
    listed = list(RULES.legal_moves(s, side))
    assert len(listed) == len(set(listed)), "an order is listed twice"
    for m in listed:
        assert RULES.check(s, side, m) is None, f"{m} is listed but check refuses it"
    accepted = {m for m in space if RULES.check(s, side, m) is None}
    missing = accepted - set(listed)
    assert not missing, f"check accepts {sorted(map(str, missing))[:5]} but they are not listed"
    actors = {m.unit for m in space if m is not PASS and m.verb != "xl"}
    mine = {m for m in listed if m is PASS or m.verb == "xl" or m.unit in actors}
    assert mine <= space, f"the space misses {sorted(map(str, mine - space))[:5]}"


@pytest.mark.parametrize("seed", ["a", "b"])
def test_LW_T1_T7_the_transport_listing_is_exactly_what_check_accepts(seed):
    rng = random.Random(seed)
    seen = 0
    for s, side in decisions("transport", games=1, seed=f"transport/{seed}"):
        if rng.random() < 0.12:
            assert_listed_is_checked(s, side, transport_space(s, side, rng))
            seen += 1
        if rng.random() < 0.12:
            t = shaken(s, side, rng)
            assert_listed_is_checked(t, side, transport_space(t, side, rng))
            seen += 1
    assert seen >= 8


def spend_space(s, side: str) -> set:
    """Every purchase: each unit type bought or flown, 1..40 tokens of every class bought
    or flown, every special card, and every card played on every node (SF in the Area!
    is played in Spend)."""
    cfg = s.cfg
    out: set = {PASS}
    for verb in ("buy", "fly"):
        out |= {Order(verb, unit=k) for k in cfg.kinds}
        out |= {Order(verb, cls=c, n=n) for c in LETTERS for n in range(1, 41)}
    out |= {Order("card", unit=name) for name in cfg.cards}
    out |= {Order("play", unit=name, target=node) for name in cfg.cards for node in cfg.names}
    return out


def shaken_books(s, side: str, rng: random.Random):
    """`side`'s resource points, purchases so far and orders dealt redrawn."""
    from toolkit.referee.rulesets.lines_and_webs.state import with_book
    cards = sorted(s.cfg.cards)
    labels = [u.label for u in s.units if u.side == side and u.alive]
    return with_book(s, side, rp=rng.randint(0, 25),
                     cards_bought=tuple(rng.choice(cards) for _ in range(rng.randint(0, 3))),
                     bought=tuple(sorted({(c, rng.randint(0, 3)) for c in rng.sample(cards, 3)})),
                     execution=tuple(rng.sample(labels, rng.randint(0, min(3, len(labels))))),
                     reserve=tuple(rng.sample(labels, rng.randint(0, min(4, len(labels))))))


def test_LW_S1_S4_the_spend_listing_is_exactly_what_check_accepts():
    rng = random.Random("spend")
    seen = 0
    for s, side in decisions("spend", games=1, seed="spend"):
        assert_listed_is_checked(s, side, spend_space(s, side))
        t = shaken(shaken_books(s, side, rng), side, rng)
        assert_listed_is_checked(t, side, spend_space(t, side))
        seen += 1
    assert seen >= 20


def test_LW_O1_O4_the_orders_listing_is_exactly_what_check_accepts():
    rng = random.Random("orders")
    seen = 0
    for s, side in decisions("orders", games=1, seed="orders"):
        space = {PASS} | {Order(v, unit=u.label) for u in s.units for v in ("x", "r")}
        space |= {Order(v, unit="command_post") for v in ("x", "r")}
        assert_listed_is_checked(s, side, space)
        t = shaken(shaken_books(s, side, rng), side, rng)
        assert_listed_is_checked(t, side, space)
        seen += 1
    assert seen >= 20


def execute_space(s, side: str) -> set:
    """For every unit of `side` on the map: hold; a move to every node; an attack on
    every node holding an enemy, from where it stands or from every node within its
    movement; a repair there or at every node; fire on every enemy's node with 1..4
    ammunition; and every special card in either hand played on every unit, node,
    count and class; the Command Post and pass."""
    cfg = s.cfg
    enemy = sorted({cfg.names[u.node] for u in s.on_map(s.other(side))})
    out: set = {PASS, Order("command_post")}
    for u in s.units:
        if u.side != side:
            continue
        label = u.label
        out.add(Order("hold", unit=label))
        out |= {Order("move", unit=label, to=n) for n in cfg.names}
        out |= {Order("repair", unit=label, to=n) for n in cfg.names}
        out.add(Order("repair", unit=label))
        out |= {Order("move", unit=label, target=e) for e in enemy}
        out |= {Order("fire", unit=label, target=e, n=k) for e in enemy for k in range(1, 5)}
        if u.alive:
            near = cfg_links_within(cfg, u.node, cfg.kinds[u.kind].movement)
            out |= {Order("move", unit=label, to=cfg.names[n], target=e)
                    for n in near for e in enemy}
    cards = set(s.books[0].hand + s.books[1].hand)
    names = [u.label for u in s.units] + list(cfg.names)
    for card in cards:
        out |= {Order("play", unit=card, target=t) for t in names}
        out |= {Order("play", unit=card, target=u.label, cls=c) for u in s.units
                for c in LETTERS}
        out |= {Order("play", unit=card, n=k) for k in range(1, 11)}
        out.add(Order("play", unit=card, to="order"))  # Cyber Attack! in any order
    return out


def cfg_links_within(cfg, origin: int, limit: int) -> dict:
    dist = {origin: 0}
    frontier = [origin]
    for d in range(1, limit + 1):
        nxt = []
        for node in frontier:
            for n in cfg.links[node]:
                if n not in dist:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def test_LW_E1_E7_the_execute_listing_is_exactly_what_check_accepts():
    rng = random.Random("execute")
    seen = 0
    for s, side in decisions("execute", games=1, seed="execute"):
        if rng.random() < 0.15:
            assert_listed_is_checked(s, side, execute_space(s, side))
            seen += 1
    assert seen >= 8


def afresh(s):
    """`s` with a copy of its scenario tables whose memos are empty: what the listing
    and the bot weights make of it with nothing kept from earlier positions."""
    import copy

    cfg = copy.copy(s.cfg)
    for name in ("carrier_memo", "move_memo", "level_memo", "receiver_memo", "weight_memo"):
        setattr(cfg, name, {})
    cfg.transport_listed = None
    return evolve(s, cfg=cfg)


@pytest.mark.parametrize("seed", ["c", "d"])
def test_LW_T1_T7_the_kept_transport_listing_is_the_listing_made_afresh(seed):
    """The transport listing keeps each carrier's orders receiver by receiver and
    works out again only the receivers that changed: in seeded games, and on shaken
    positions between them (a unit's cubes, lift, method or markers changed, drops,
    blocks and port stores redrawn), it lists the same orders in the same order as a
    listing that kept nothing, and the random bot weighs them the same."""
    from toolkit.referee.rulesets.lines_and_webs import bots

    rng = random.Random(seed)
    seen = shaken_seen = 0
    for s, side in decisions("transport", games=1, seed=f"kept/{seed}"):
        positions = [s]
        if rng.random() < 0.15:
            positions.append(shaken(s, side, rng))
        for t in positions:
            kept = list(RULES.legal_moves(t, side))
            weights = RULES.bot_weights(t, side, kept)
            fresh = afresh(t)
            assert kept == list(RULES.legal_moves(fresh, side))
            assert weights == bots.weights(RULES, afresh(t), side, kept)
        seen += 1
        shaken_seen += len(positions) - 1
    assert seen >= 60 and shaken_seen >= 5
