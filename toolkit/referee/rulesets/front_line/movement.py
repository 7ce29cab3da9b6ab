"""Where units may go: land moves (with the desert bonus), amphibious moves,
paratroop drops, Maneuver, Relieve and retreats. Each function returns the set of
squares; legality checks and enumeration both read them (FL-move-*)."""

from __future__ import annotations

from toolkit.referee.rulesets.front_line.state import State


def steps_of(s: State, kind: str) -> tuple[tuple[int, ...], ...]:
    cfg = s.cfg
    return cfg.neighbours if cfg.kinds[kind].diagonal else cfg.orthogonal


def can_reach(s: State, sq: int, dst: int) -> bool:
    """Whether a land move of the unit on `sq` may end on `dst` (land_targets, stopping
    as soon as `dst` is found)."""
    cfg = s.cfg
    kind = cfg.kinds[s.squares[sq].kind]
    if cfg.distance(sq, dst) > kind.move + int(cfg.opt("move_bonus_desert")):
        return False
    return bool(land_targets(s, sq, dst))


def land_targets(s: State, sq: int, goal: int | None = None) -> frozenset[int]:
    """Squares a land move of the unit on `sq` may end on: one or two squares in its
    directions (one more when it entered a desert on the way, not cumulative),
    through its own units but never through enemy units, lakes or empty unfriendly
    cities, ending on an empty square (a friendly city is fine). With `goal`, only
    whether that square is among them (the search stops when it is found)."""
    cfg = s.cfg
    squares = s.squares
    side = squares[sq].side
    kind = squares[sq].kind
    base = cfg.kinds[kind].move
    longest = base + int(cfg.opt("move_bonus_desert"))
    steps = cfg.neighbours if cfg.kinds[kind].diagonal else cfg.orthogonal
    impassable, desert = cfg.impassable, cfg.desert
    closed = {c for c in cfg.cities if squares[c] is None and s.controller(c) != side}
    ends: set[int] = set()
    plain = {sq}  # reached without the desert bonus
    bonus: set[int] = set()  # reached having entered a desert within the first moves
    frontier = [(sq, False)]
    n = 0
    while frontier and n < longest:
        n += 1
        later = []
        for here, won in frontier:
            if n > base and not won:
                continue
            for nxt in steps[here]:
                if impassable[nxt] or nxt in closed:
                    continue
                other = squares[nxt]
                if other is None:
                    if nxt == goal:
                        return frozenset((nxt,))
                    ends.add(nxt)
                elif other.side != side:
                    continue
                now = won or (desert[nxt] and n <= base)
                seen = bonus if now else plain
                if nxt not in seen:
                    seen.add(nxt)
                    later.append((nxt, now))
        frontier = later
    ends.discard(sq)
    return frozenset(ends) if goal is None else frozenset()


def sail_targets(s: State, sq: int) -> frozenset[int]:
    """From any port to any empty beach or port (FL-amphibious)."""
    cfg = s.cfg
    if not cfg.embark[sq]:
        return frozenset()
    return frozenset(i for i in range(len(s.squares))
                     if i != sq and cfg.landing[i] and s.squares[i] is None)


def drop_targets(s: State, sq: int, side: str) -> frozenset[int]:
    """Empty non-city squares one or two squares (counted over dry land, in any
    direction) from a friendly city or another friendly active unit (FL-paratroop)."""
    cfg = s.cfg
    reach = int(cfg.opt("paratroop_reach"))
    anchors = [i for i, u in enumerate(s.squares)
               if u is not None and u.side == side and u.active and i != sq]
    anchors += [c for c in cfg.cities if s.friendly_city(c, side)]
    dist = {a: 0 for a in anchors if not cfg.impassable[a]}
    frontier = list(dist)
    while frontier:
        nxt_frontier = []
        for here in frontier:
            if dist[here] >= reach:
                continue
            for nxt in cfg.neighbours[here]:
                if nxt not in dist and not cfg.impassable[nxt]:
                    dist[nxt] = dist[here] + 1
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return frozenset(i for i, d in dist.items()
                     if 1 <= d and s.squares[i] is None and i not in cfg.cities)


def maneuver_targets(s: State, sq: int) -> frozenset[int]:
    """An empty adjacent square in any direction, never an empty unfriendly city
    (FL-task-maneuver)."""
    cfg = s.cfg
    side = s.squares[sq].side
    return frozenset(n for n in cfg.neighbours[sq]
                     if s.squares[n] is None and not cfg.impassable[n]
                     and not s.unfriendly_city(n, side))


def relieve_partners(s: State, sq: int) -> frozenset[int]:
    """Adjacent friendly units to swap with, one of the two active (FL-task-relieve)."""
    unit = s.squares[sq]
    out = set()
    for n in s.cfg.neighbours[sq]:
        other = s.squares[n]
        if other is not None and other.side == unit.side and (unit.active or other.active):
            out.add(n)
    return frozenset(out)


def retreat_targets(s: State, sq: int) -> frozenset[int]:
    """Safe squares for a retreating unit: empty, one step in the unit's own
    directions (FL-R19), not next to an active enemy unit or an unfriendly city,
    and not an unfriendly city itself (FL-result-rout)."""
    cfg = s.cfg
    unit = s.squares[sq]
    side = unit.side
    steps = cfg.neighbours if cfg.opt("retreat_directions") == "any" else steps_of(s, unit.kind)
    out = set()
    for n in steps[sq]:
        if s.squares[n] is not None or cfg.impassable[n] or s.unfriendly_city(n, side):
            continue
        if any(_threat(s, m, side) for m in cfg.neighbours[n] if m != sq):
            continue
        out.add(n)
    return frozenset(out)


def _threat(s: State, sq: int, side: str) -> bool:
    u = s.squares[sq]
    if u is not None:
        return u.side != side and u.active
    return s.unfriendly_city(sq, side)
