"""The node-and-link network as graph queries: where a unit may move, where a
token may be carried, who is in contact, where a loser may retreat. Movement and
supply count links (LW-R01, LW-R02); nodes blocked for a side, and nodes held by
the enemy, stop both."""

from __future__ import annotations

from toolkit.referee.rulesets.lines_and_webs.state import State, Unit


def room_for(s: State, node: int, side: str, occ: dict, extra: int = 1) -> bool:
    """A unit of `side` may stand on `node`: nobody is there, or it is a port with
    room and no enemy (LW-capacity: one unit a node; SPOD four, APOD three)."""
    there = occ.get(node, ())
    if not there:
        return extra <= 1 or _port_cap(s, node) >= extra
    for u in there:
        if u.side != side:
            return False
    return len(there) + extra <= _port_cap(s, node)


def _port_cap(s: State, node: int) -> int:
    k = s.cfg.port_of.get(node)
    return 1 if k is None else s.cfg.port_capacity[k]


def enemy_next_to(s: State, node: int, side: str, occ: dict) -> list[int]:
    """Linked nodes holding an enemy unit (contact: rivers without a crossing have
    no link, so nobody is in contact across them)."""
    out = []
    for n in s.cfg.links[node]:
        there = occ.get(n)
        if there and there[0].side != side:
            out.append(n)
    return out


def enemy_nodes(occ: dict, side: str) -> set[int]:
    """The nodes of `occ` (units by node) where an enemy of `side` stands."""
    return {n for n, there in occ.items() if there and there[0].side != side}


def moves_for(s: State, u: Unit, occ: dict, limit: int,
              enemy: set | None = None) -> dict[int, int]:
    """Nodes `u` may end a move on within `limit` links, with the distance. It may
    pass friendly units but not end on them (ports aside), never enters an enemy's
    node or a node blocked for its side, and stops on entering contact
    (LW-contact: a unit does not move on past an enemy next to it). `enemy`: the
    `enemy_nodes` of `occ`, if the caller has them."""
    side = u.side
    cfg = s.cfg
    links = cfg.links
    start = u.node
    dist = {start: 0}
    frontier = [start]
    if enemy is None:
        enemy = enemy_nodes(occ, side)
    closed = enemy | {n for n, who in s.blocked if who == side} if s.blocked else enemy
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for node in frontier:
            if node != start and not enemy.isdisjoint(links[node]):
                continue  # in contact: the move ends here
            for n in links[node]:
                if n in dist or n in closed:
                    continue
                dist[n] = d
                nxt.append(n)
        frontier = nxt
    del dist[start]
    return {n: k for n, k in dist.items() if n not in occ or room_for(s, n, side, occ)}


def reach_table(s: State, side: str, occ: dict, enemy: frozenset | None = None) -> dict:
    """Where tokens of `side` may go, by (origin, links): only enemy nodes and blocks
    matter (LW-T2), so one table serves every position with the same enemy nodes and
    blocks, for the whole game (kept with the scenario's tables). `enemy`: the
    `enemy_nodes` of `occ`, if the caller has them."""
    if enemy is None:
        enemy = frozenset(enemy_nodes(occ, side))
    blocked = tuple(sorted(n for n, who in s.blocked if who == side)) if s.blocked else ()
    key = (side, enemy, blocked)
    cache = s.cfg.reach_cache
    table = cache.get(key)
    if table is None:
        if len(cache) > 2000:  # about as many carry ranges as before tables were kept
            cache.clear()
        table = cache[key] = {CLOSED: enemy.union(blocked)}
    return table


#: a reach table's entry for the nodes no token passes (the enemy's and the blocked)
CLOSED = "closed"


def carry_reach(s: State, origin: int, side: str, occ: dict, limit: int,
                table: dict | None = None) -> dict[int, int]:
    """Nodes a token may be carried to from `origin` within `limit` links; it never
    passes an enemy's node or a node blocked for `side` (LW-T2). `table`: the
    `reach_table` of this position, if the caller has it."""
    if table is None:
        table = reach_table(s, side, occ)
    got = table.get((origin, limit))
    if got is None:
        got = table[(origin, limit)] = _local_reach(s.cfg, origin, limit, table[CLOSED])
    return got


def _local_reach(cfg, origin: int, limit: int, closed: frozenset) -> dict[int, int]:
    """The carry reach from `origin` within `limit` links past none of `closed`: only
    the closed nodes within `limit` links of `origin` can stop it, so it is kept by
    those (`ball`) for the whole game, and found again wherever they are the same (a
    carrier behind the lines, turn after turn; the enemy elsewhere). Not to be changed
    by the caller."""
    ball = cfg.reach_balls.get((origin, limit))
    if ball is None:
        ball = cfg.reach_balls[(origin, limit)] = frozenset(
            _carry_reach(cfg.links, origin, limit, frozenset()))
    key = (origin, limit, closed & ball)
    got = cfg.local_reach.get(key)
    if got is None:
        if len(cfg.local_reach) > LOCAL_KEPT:
            cfg.local_reach.clear()
        got = cfg.local_reach[key] = _carry_reach(cfg.links, origin, limit, key[2])
    return got


#: at most this many carry reaches are kept by their nearby closed nodes
LOCAL_KEPT = 20000


def _carry_reach(links, origin: int, limit: int, closed) -> dict[int, int]:
    dist = {origin: 0}
    frontier = [origin]
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for node in frontier:
            for n in links[node]:
                if n in dist or n in closed:
                    continue
                dist[n] = d
                nxt.append(n)
        frontier = nxt
    return dist


def retreats(s: State, u: Unit, occ: dict, steps: int) -> list[int]:
    """Nodes exactly `steps` links from `u` that it may retreat to: through nodes
    with no enemy, ending where it may stand (LW-retreat)."""
    side = u.side
    cfg = s.cfg
    frontier = {u.node}
    seen = {u.node}
    for _ in range(steps):
        nxt = set()
        for node in frontier:
            for n in cfg.links[node]:
                if n in seen:
                    continue
                there = occ.get(n)
                if there and there[0].side != side:
                    continue
                nxt.add(n)
        seen |= nxt
        frontier = nxt
    return sorted(n for n in frontier if room_for(s, n, side, occ))


def occupancy_without(occ: dict, uid: int, node: int | None = None) -> dict:
    """`occ` without unit `uid` (standing on `node`, if the caller knows where)."""
    if node is None:
        return {n: [u for u in us if u.uid != uid] for n, us in occ.items()
                if any(u.uid != uid for u in us)}
    out = dict(occ)
    rest = [u for u in occ.get(node, ()) if u.uid != uid]
    if rest:
        out[node] = rest
    else:
        out.pop(node, None)
    return out
