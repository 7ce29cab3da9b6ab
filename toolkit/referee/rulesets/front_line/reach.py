"""The battlefield as bitmasks, for listing moves quickly: square `i` is bit `1 << i`.

`Reach(cfg)` is built once per scenario (`Config.reach`): the neighbours of
every square, the squares within each range, the terrain masks and the move
values themselves (each `Act` made once, then shared). It also remembers, per
square, the second steps from each set of first steps (at most 2**8 of them)
and the moves to each set of squares (at most MEMO, then it starts again), as
they are met; what it remembers never changes an answer. `Sides(s, side)` reads
one state once, from the masks its squares carry (state.Squares): whose units stand
where, and which squares block a land move. The functions below answer the
questions of movement.py and attack.py
from those masks; movement.py stays the rule as written and the check that
decides legality, and tests hold the two to the same answers on random positions
of every battlefield.
"""

from __future__ import annotations

from toolkit.referee.rulesets.front_line.moves import Act, relieve
from toolkit.referee.rulesets.front_line.state import State, board, squares_in


def mask_of(squares) -> int:
    m = 0
    for i in squares:
        m |= 1 << i
    return m


class Reach:
    """A scenario's squares as masks, and its moves as shared values."""

    def __init__(self, cfg):
        n = len(cfg.names)
        self.n = n
        self.names = cfg.names
        self.all = (1 << n) - 1
        self.neighbours = tuple(mask_of(cfg.neighbours[i]) for i in range(n))
        self.orthogonal = tuple(mask_of(cfg.orthogonal[i]) for i in range(n))
        self.impassable = mask_of(i for i in range(n) if cfg.impassable[i])
        self.desert = mask_of(i for i in range(n) if cfg.desert[i])
        self.landing = mask_of(i for i in range(n) if cfg.landing[i])
        self.cities = mask_of(cfg.cities)
        #: within[r][sq]: the squares 1..r away (r beyond the board: the widest)
        self.within = tuple(tuple(mask_of(cfg.within(sq, r)) for sq in range(n))
                            for r in range(max(cfg.width, cfg.height) + 1))
        self._rows: dict[str, list] = {}
        self._relieve: dict[tuple[int, int], Act] = {}
        self._words: dict[tuple[str, str, str], Act] = {}
        self._moves: dict[str, list[dict[int, tuple[Act, ...]]]] = {}
        self._fallen: dict[frozenset, int] = {}
        #: the cities each side owns, by owner
        self.owned: dict[str, int] = {}
        for sq, city in cfg.cities.items():
            self.owned[city.owner] = self.owned.get(city.owner, 0) | 1 << sq
        #: second[diagonal][sq]: first steps from sq (a mask) -> the squares one more
        #: step on, remembered as met (at most 2**8 ways per square)
        self.second = {d: [{} for _ in range(n)] for d in (False, True)}
        bonus = int(cfg.opt("move_bonus_desert"))
        self.kinds = {name: Moving(self, k, bonus) for name, k in cfg.kinds.items()}
        #: the four ways to a later neighbour (east, south-west, south, south-east): each
        #: as (the step, the squares it does not leave the board from), so a mask shifted
        #: by the step pairs each square with that neighbour (`pairs`)
        w = cfg.width
        inner = mask_of(i for i in range(n) if i % w != w - 1)  # not the last column
        outer = mask_of(i for i in range(n) if i % w != 0)  # not the first column
        #: and the squares whose neighbour the other way (step back) is on the board
        self.later = ((1, inner, outer), (w - 1, outer, inner), (w, self.all, self.all),
                      (w + 1, inner, outer))

    def pairs(self, friends: int, active: int) -> int:
        """How many pairs of neighbouring squares both hold a unit of `friends`, one of
        them of `active` (each pair once): the Relieves a side may choose from."""
        n = 0
        for step, stays, _ in self.later:
            n += (friends & stays & friends >> step & (active | active >> step)).bit_count()
        return n

    def next_to(self, units: int, squares: int) -> int:
        """How many (unit, square) pairs of neighbours there are, a unit of `units` and
        a square of `squares` (the Maneuvers of `units` onto the squares `squares`)."""
        n = 0
        for step, stays, back in self.later:
            n += (units & stays & squares >> step).bit_count() \
                + (units & back & squares << step).bit_count()
        return n

    def rows(self, verb: str) -> list:
        """Per square, the moves `verb` from it (a `Row`), or None until `row(verb, src)`
        has begun them."""
        rows = self._rows.get(verb)
        if rows is None:
            rows = self._rows[verb] = [None] * self.n
        return rows

    def row(self, verb: str, src: int) -> "Row":
        """The moves `verb` from `src`, by destination square (each made when first asked
        for, then kept)."""
        rows = self.rows(verb)
        row = rows[src]
        if row is None:
            row = rows[src] = Row(verb, self.names[src], self.names)
        return row

    def act(self, verb: str, src: str = "", what: str = "") -> Act:
        """`Act(verb, src, what=what)`, made once."""
        key = (verb, src, what)
        m = self._words.get(key)
        if m is None:
            m = self._words[key] = Act(verb, src, what=what)
        return m

    def relieve(self, a: int, b: int) -> Act:
        m = self._relieve.get((a, b))
        if m is None:
            m = self._relieve[(a, b)] = relieve(self.names[a], self.names[b])
        return m

    def fallen(self, squares: frozenset) -> int:
        """The mask of a set of squares under Fallen markers (the few sets a game meets
        kept, by value)."""
        m = self._fallen.get(squares)
        if m is None:
            if len(self._fallen) >= MEMO:
                self._fallen.clear()
            m = self._fallen[squares] = mask_of(squares)
        return m

    def sides(self, s: State, side: str) -> "Sides":
        """Sides(s, side): read from the masks the state's squares carry."""
        return Sides(s, side)

    def memo(self, verb: str) -> list[dict[int, tuple[Act, ...]]]:
        """Per square, the moves `verb` to the sets of squares met so far, by mask."""
        memo = self._moves.get(verb)
        if memo is None:
            memo = self._moves[verb] = [{} for _ in range(self.n)]
        return memo

    def moves(self, verb: str, sq: int, m: int) -> tuple[Act, ...]:
        """The moves `verb` from `sq` to the squares of mask `m` (remembered)."""
        known = self.memo(verb)[sq]
        out = known.get(m)
        if out is None:
            if len(known) >= MEMO:
                known.clear()
            out = known[m] = tuple(map(self.row(verb, sq).__getitem__, squares_in(m)))
        return out


class Row(dict):
    """The moves of one verb from one square, by destination square: `row[dst]` is made
    the first time it is asked for (`Act(verb, src, names[dst])`) and the same value is
    handed out after, so a move listed and the move drawn are one object; only the
    moves play meets are made."""

    __slots__ = ("verb", "src", "names")

    def __init__(self, verb: str, src: str, names: tuple[str, ...]):
        super().__init__()
        self.verb, self.src, self.names = verb, src, names

    def __missing__(self, dst: int) -> Act:
        m = self[dst] = Act(self.verb, self.src, self.names[dst])
        return m


#: sets of squares remembered per square and verb (then forgotten, and again)
MEMO = 4096
#: battlefields whose Reach is kept for the next Config of the same battlefield
SHARED = 16
_SHARED: dict[tuple, Reach] = {}


def fingerprint(cfg) -> tuple:
    """Everything of a Config that its Reach (and a Sides) is derived from: the grid,
    the terrain, who owns which city, how each kind moves and fires, the desert's
    extra step."""
    return (cfg.width, cfg.height, cfg.impassable, cfg.desert, cfg.landing,
            tuple(sorted((sq, c.owner) for sq, c in cfg.cities.items())),
            tuple(sorted((name, k.move, k.range, k.diagonal) for name, k in cfg.kinds.items())),
            int(cfg.opt("move_bonus_desert")))


def shared(cfg) -> Reach:
    """The Reach of `cfg`'s battlefield: one per fingerprint, so every Config loaded
    from the same battlefield (each chunk of a simulation, each match on a server,
    each round of a benchmark) finds the tables and moves already remembered; the
    last SHARED battlefields are kept."""
    key = fingerprint(cfg)
    reach = _SHARED.get(key)
    if reach is None:
        if len(_SHARED) >= SHARED:
            _SHARED.pop(next(iter(_SHARED)))
        reach = _SHARED[key] = Reach(cfg)
    return reach
class Moving:
    """How a unit kind moves and fires on this battlefield, ready for listing:
    `steps` per square, `base` and `longest` move, `simple[sq]` (no desert within
    `base` of sq, `base` at most 2: the second step comes from `second`) and
    `fire[sq]` (the squares within its range)."""

    __slots__ = ("steps", "second", "base", "longest", "diagonal", "simple", "fire")

    def __init__(self, reach: Reach, kind, bonus: int):
        self.diagonal = kind.diagonal
        self.steps = reach.neighbours if kind.diagonal else reach.orthogonal
        self.second = reach.second[kind.diagonal]
        self.base, self.longest = kind.move, kind.move + bonus
        near = reach.within[min(kind.move, len(reach.within) - 1)]
        self.simple = tuple(kind.move <= 2 and not near[sq] & reach.desert
                            for sq in range(reach.n))
        self.fire = reach.within[min(kind.range, len(reach.within) - 1)]


def spread(m: int, steps: tuple[int, ...]) -> int:
    """The squares one step from any square of `m`."""
    out = 0
    while m:
        low = m & -m
        out |= steps[low.bit_length() - 1]
        m ^= low
    return out


class Sides:
    """One state read once for `side`: `friends`, `active` (its active units),
    `enemies`, `occupied`, `closed` (empty cities it does not control), `passable`
    (land a move may cross: no lake, enemy unit or closed city) and `free` (where
    a move may end: passable and empty)."""

    __slots__ = ("mine", "friends", "active", "enemies", "occupied", "closed", "passable",
                 "free")

    def __init__(self, s: State, side: str):
        squares = board(s)
        i = 0 if side == s.sides[0] else 1
        friends, enemies = squares.held[i], squares.held[1 - i]
        self.mine = [(sq, squares[sq]) for sq in squares_in(friends)]
        reach = s.cfg.reach
        occupied = friends | enemies
        fallen = reach.fallen(s.fallen) if s.fallen else 0
        owned = reach.owned.get(side, 0)
        # an empty city the side does not control: its own once fallen, the other's while free
        closed = reach.cities & ~occupied & (owned & fallen | ~owned & ~fallen)
        self.friends, self.active, self.enemies = friends, squares.ready[i], enemies
        self.occupied = occupied
        self.closed = closed
        self.passable = reach.all & ~(reach.impassable | enemies | closed)
        self.free = self.passable & ~occupied


def land(reach: Reach, at: Sides, sq: int, base: int, longest: int, diagonal: bool) -> int:
    """movement.land_targets as a mask: `base` steps, `longest` when a desert was
    entered within the first `base`; crossing only passable squares, ending free."""
    steps = reach.neighbours if diagonal else reach.orthogonal
    passable, desert = at.passable, reach.desert
    ends = steps[sq] & passable  # the first step
    if base <= 2 and not reach.within[base][sq] & desert:  # never the desert's step
        if base == 1:
            return ends & at.free
        memo = reach.second[diagonal][sq]
        two = memo.get(ends)
        if two is None:
            two = memo[ends] = spread(ends, steps)
        return (ends | two & passable) & at.free
    won = ends & desert  # frontiers: with / without the desert's extra step
    plain = ends & ~desert
    seen_plain, seen_won = plain | 1 << sq, won
    for n in range(2, longest + 1):
        if n > base:
            plain = 0
        if not plain and not won:
            break
        np = nw = 0
        while plain:
            low = plain & -plain
            np |= steps[low.bit_length() - 1]
            plain ^= low
        while won:
            low = won & -won
            nw |= steps[low.bit_length() - 1]
            won ^= low
        np &= passable
        nw &= passable
        ends |= np | nw
        if n <= base:
            nw |= np & desert
            np &= ~desert
        else:
            np = 0
        plain = np & ~seen_plain
        seen_plain |= plain
        won = nw & ~seen_won
        seen_won |= won
    return ends & at.free


def land2(reach: Reach, at: Sides, sq: int, k: Moving) -> int:
    """`land` for a move of two steps and at most one more through a desert, the
    second step from the remembered unions (`Reach.second`)."""
    steps, second = k.steps, k.second[sq]
    passable, desert = at.passable, reach.desert
    first = steps[sq] & passable
    won1 = first & desert
    plain1 = first & ~desert
    two = second.get(plain1)
    if two is None:
        two = second[plain1] = spread(plain1, steps)
    two &= passable
    ends = first | two
    won = two & desert
    if won1:
        more = second.get(won1)
        if more is None:
            more = second[won1] = spread(won1, steps)
        more &= passable
        ends |= more
        won |= more
    won &= ~won1
    if k.longest > 2 and won:
        ends |= spread(won, steps) & passable
    return ends & at.free


def fire(reach: Reach, at: Sides, sq: int, rng: int) -> int:
    """attack.targets as a mask: enemy units within range, closed cities next door."""
    within = reach.within
    return (within[min(rng, len(within) - 1)][sq] & at.enemies) | (
        reach.neighbours[sq] & at.closed)


def drop(reach: Reach, at: Sides, s: State, sq: int, span: int) -> int:
    """movement.drop_targets as a mask: empty non-city squares 1..span steps over
    dry land from a friendly city or another active unit of the side."""
    dry = reach.all & ~reach.impassable
    anchors = (at.active & ~(1 << sq)) | mask_of(
        c for c in s.cfg.cities if s.controller(c) == s.squares[sq].side)
    anchors &= dry
    seen = frontier = anchors
    for _ in range(span):
        frontier = spread(frontier, reach.neighbours) & dry & ~seen
        if not frontier:
            break
        seen |= frontier
    return seen & ~anchors & ~at.occupied & ~reach.cities
