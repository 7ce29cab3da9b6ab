"""The Lines and Webs state: a value with cheap updates. Units by uid (their
place, steps lost, the tokens on their tracker card and their markers), ports (who
holds them, stored tokens, damage), tokens dropped on nodes, each side's delivery
queue, resource points, special cards and mission order decks, and the phase in
progress. The scenario's tables ride along as `cfg` (not hashed).

The state and its parts (State, Unit, Port, Side, Fight) have slots and are not
frozen, as the kit's Flow: values all the same (nothing sets a field of one once
made; `evolve`, the kit's replacers and `with_unit` make a new one), hashed and
compared by value as frozen ones were. A frozen class sets each slot through its
descriptor when made or copied; this one by plain assignment, which the interpreter
specialises: a state is copied at nearly every step and a unit at most."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import compress, count
from operator import attrgetter, is_not
from typing import Any

from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.values import WHEN_SET, evolve, replacer

OFF = -1  # a unit not on the map (in the queue, or destroyed)

Tokens = tuple[int, int, int, int]  # food, fuel, ammo, repair
NONE: Tokens = (0, 0, 0, 0)


def add(a: Tokens, b: Tokens, sign: int = 1) -> Tokens:
    return (a[0] + sign * b[0], a[1] + sign * b[1], a[2] + sign * b[2], a[3] + sign * b[3])


def one(cls: int, n: int = 1) -> Tokens:
    t = [0, 0, 0, 0]
    t[cls] = n
    return tuple(t)  # type: ignore[return-value]


@dataclass(slots=True, unsafe_hash=True)
class Unit:
    """A unit block and its tracker card. `lost`: steps lost (4 = destroyed);
    `tokens`: supply cubes on the card; `suppressed` (yellow), `degraded` (red, no
    food), `pinned` (black cube of 9-Line Recovery), `displaced` (face down);
    `method`: the resupply method used this turn (`go`, `supply`, `displace`);
    `lift`: tokens it has moved this turn."""

    uid: int
    side: str
    kind: str
    label: str
    node: int = OFF
    lost: int = 0
    tokens: Tokens = NONE
    suppressed: bool = False
    degraded: bool = False
    pinned: bool = False
    displaced: bool = False
    method: str = ""
    lift: int = 0
    levelled: bool = False  # has cross-levelled this turn (LW-R25)

    @property
    def alive(self) -> bool:
        return self.node != OFF and self.lost < 4


@dataclass(slots=True, unsafe_hash=True)
class Port:
    """A seaport or airport: `holder` controls it, `tokens` in its storage, `damage`
    red cubes on its tracker card, `repaired` this turn."""

    holder: str | None
    tokens: Tokens = NONE
    damage: int = 0
    repaired: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Side:
    """One side's off-map holdings. `queue`: per queue space, the assets in it (unit
    uids and token tuples); `rp`: resource points left this turn; `hand`: special
    cards bought and not yet used; `bought`: copies bought so far per card;
    `basket`: this turn's purchases until both sides have spent (secret);
    `fly`: purchases flown straight to the airport; `execution`, `reserve`: mission
    order decks, top first (secret until played); `ordered`: orders are given;
    `final`: its last reserve card after both execution decks ran out is used."""

    queue: tuple[tuple[tuple[int, ...], Tokens], ...]
    rp: int = 0
    hand: tuple[str, ...] = ()
    bought: tuple[tuple[str, int], ...] = ()
    basket_units: tuple[int, ...] = ()
    basket_tokens: Tokens = NONE
    fly_units: tuple[int, ...] = ()
    fly_tokens: Tokens = NONE
    cards_bought: tuple[str, ...] = ()
    execution: tuple[str, ...] = ()
    reserve: tuple[str, ...] = ()
    final: bool = False
    joint: int = 0  # Command Post: cards still to play together
    ready: bool = False  # its orders for the current concurrent phase are complete
    pending: tuple = ()  # cards played in secret in Spend, carried out when both are done


@dataclass(slots=True, unsafe_hash=True)
class Fight:
    """An engagement being resolved: attacker and defender uids, where from, the
    dice each rolls, hits scored, and who rolls first."""

    attacker: int
    defender: int
    origin: int
    target: int
    att_dice: int = 0
    def_dice: int = 0
    att_hits: int = 0
    def_hits: int = 0
    moved: bool = False
    indirect: bool = False
    scouts: str | None = None  # the side whose unit rolls first (Scouts Out!)
    rolled: tuple[str, ...] = ()  # who has rolled: "att", "def"
    winner: int | None = None
    loser: int | None = None


@dataclass(slots=True, unsafe_hash=True)
class State:
    sides: tuple[str, str]
    cfg: Any = field(metadata={"hash": False})
    flow: Flow
    units: tuple[Unit, ...]
    ports: tuple[Port, ...]
    books: tuple[Side, Side]
    drops: tuple[tuple[int, str, Tokens], ...] = ()  # (node, side, tokens) lost at reset
    blocked: tuple[tuple[int, str], ...] = ()  # (node, side kept out) until reset
    veil: tuple | None = None  # (units, ports, drops) as they stood when a secret phase began
    initiative: str | None = None
    fight: Fight | None = None
    turned: bool = False  # the side to act in Execute orders has turned its order card
    held_all: tuple[int, int] = (0, 0)  # turn each side began holding every port (0: not)
    result: Any = None  # the Outcome once decided at a reset
    # the sides whose execution deck an enemy Cyber Attack! put in an order they may not
    # look at (LW-K5), until the next Issue orders phase deals new decks
    scrambled: frozenset[str] = field(default=frozenset(), metadata={"hash": WHEN_SET})

    # ------------------------------------------------------------ lookups

    def at(self, side: str) -> int:
        return 0 if side == self.sides[0] else 1

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def book(self, side: str) -> Side:
        return self.books[self.at(side)]

    @property
    def turn(self) -> int:
        return self.flow.round

    def by_label(self, label: str) -> Unit | None:
        """The unit called `label`: looked up by the uid its label had when last seen
        (labels never change), checked, and searched for only when that fails. A name
        that is no unit's (a node: `DFSP1>J10 3a`) is remembered as such, with the number
        of units it was sought among, so it is not searched for again."""
        cfg = self.cfg
        uids = cfg.uid_of if cfg is not None else {}
        uid = uids.get(label)
        if uid is not None and uid < len(self.units) and self.units[uid].label == label:
            return self.units[uid]
        missed = cfg.not_units if cfg is not None else {}
        if missed.get(label) == len(self.units):
            return None
        for u in self.units:
            if u.label == label:
                uids[label] = u.uid
                return u
        missed[label] = len(self.units)
        return None

    def on_map(self, side: str | None = None):
        """The units on the map (of `side`), in uid order."""
        units = self.units
        if side is None or self.cfg is None:
            for u in units:
                if u.node != OFF and u.lost < 4 and (side is None or u.side == side):
                    yield u
            return
        for uid in side_uids(self, side):
            u = units[uid]
            if u.node != OFF and u.lost < 4:
                yield u

    def occupants(self) -> dict[int, list[Unit]]:
        """Units on the map by node, each node's in uid order. Not to be changed by the
        caller: the last answer is kept with the scenario while the units are the same
        (a listing, the check of the move drawn from it and its apply read it of one
        state), and the next state's is that answer brought up to date by the few units
        that changed (`regrouped`), not worked out afresh."""
        cfg = self.cfg
        kept = cfg.occupants_memo if cfg is not None else None
        units = self.units
        out = None
        enemies: dict = {}
        if kept is not None:
            if kept[0] is units:
                return kept[1]
            changed = changed_uids(kept[0], units)
            if changed is not None:
                touched: list = []
                out = regrouped(kept[1], moved(kept[0], units, changed), BY_UID, touched)
                for side, key in kept[2].items():
                    key = still_enemy(key, out, side, touched)
                    if key is not None:
                        enemies[side] = key
        if out is None:
            out = self._occupants()
        if cfg is not None:
            cfg.occupants_memo = (units, out, enemies)
        return out

    def enemy_nodes(self, side: str) -> frozenset[int]:
        """The nodes where `side` finds the enemy: the first unit there (`occupants`) is
        not its own. Kept with the occupants and brought up to date with them: while
        they are the same nodes, they are the same set."""
        occ = self.occupants()
        kept = self.cfg.occupants_memo if self.cfg is not None else None
        got = kept[2].get(side) if kept is not None else None
        if got is None:
            got = frozenset(n for n, there in occ.items() if there[0].side != side)
            if kept is not None:
                kept[2][side] = got
        return got

    def _occupants(self) -> dict[int, list[Unit]]:
        out: dict[int, list[Unit]] = {}
        for u in self.units:
            if u.node != OFF and u.lost < 4:
                there = out.get(u.node)
                if there is None:
                    out[u.node] = [u]
                else:
                    there.append(u)
        return out

    def port(self, node: int) -> Port | None:
        k = self.cfg.port_of.get(node)
        return None if k is None else self.ports[k]

    def is_blocked(self, node: int, side: str) -> bool:
        return (node, side) in self.blocked


def side_uids(s: State, side: str) -> tuple[int, ...]:
    """The uids of `side`'s units, on the map or not, in uid order (a unit's side never
    changes: kept with the scenario, by the number of units)."""
    key = ("side uids", side, len(s.units))
    got = s.cfg.weight_memo.get(key)
    if got is None:
        got = s.cfg.weight_memo[key] = tuple(u.uid for u in s.units if u.side == side)
    return got


def side_uids_where(s: State, side: str, name: str, test: Callable[[Any], bool]
                    ) -> tuple[int, ...]:
    """The uids of `side`'s units whose kind passes `test` (`name` says which test:
    "carriers", "card holders"), on the map or not, in uid order: a unit's kind and
    side never change, so each is kept with the scenario once worked out."""
    key = (name, side)
    got = s.cfg.weight_memo.get(key)
    if got is None:
        kinds, units = s.cfg.kinds, s.units
        got = s.cfg.weight_memo[key] = tuple(
            uid for uid in side_uids(s, side) if test(kinds[units[uid].kind]))
    return got


# ------------------------------------------------------------ where units stand

#: at most this many changed units bring a kept occupancy up to date (`regrouped`);
#: with more (a reset, another game's state) it is worked out afresh
FEW = 12
BY_UID = attrgetter("uid")


def changed_uids(was: tuple, now: tuple) -> list[int] | None:
    """The uids (places) of the units that are not the same object in two unit tuples
    of one game, or None when they differ in length or in more than `FEW` units."""
    if len(was) != len(now):
        return None
    changed = list(compress(count(), map(is_not, was, now)))
    return changed if len(changed) <= FEW else None


def moved(was: tuple, now: tuple, changed: list[int]) -> list:
    """(before, after) of each changed unit, None where it is not on the map."""
    return [(a if a.node != OFF and a.lost < 4 else None,
             b if b.node != OFF and b.lost < 4 else None)
            for a, b in ((was[i], now[i]) for i in changed)]


def still_enemy(key: frozenset | None, occ: dict, side: str,
                touched: list) -> frozenset | None:
    """`key` (the nodes where `side` found the enemy) brought up to date for the nodes
    `touched` in `occ` (whether the first unit on each is now the enemy's): `key`
    itself while none changed; None stays None (work it out when asked)."""
    if key is None:
        return None
    came: list = []
    went: list = []
    for node in touched:
        there = occ.get(node)
        now = bool(there) and there[0].side != side
        if now != (node in key):
            (came if now else went).append(node)
    if came or went:
        return key.difference(went).union(came)
    return key


def regrouped(occ: dict, moves: list, order, touched: list | None = None) -> dict:
    """`occ` (units by node) after `moves`, each (before, after) of one unit (None: off
    the map then): a new mapping sharing the lists of the nodes nobody left or entered;
    the lists of the others made again, sorted by `order` (the order `occ` keeps), and
    added to `touched` if given. Not `occ` itself, which stays as it was."""
    out = dict(occ)
    gone: set = set()
    nodes: dict = {}
    for a, b in moves:
        if a is not None:
            gone.add(a.uid)
            nodes.setdefault(a.node, [])
        if b is not None:
            gone.add(b.uid)
            nodes.setdefault(b.node, []).append(b)
    if touched is not None:
        touched += nodes
    for node, came in nodes.items():
        there = [u for u in occ.get(node, ()) if u.uid not in gone] + came
        if not there:
            out.pop(node, None)
            continue
        if len(there) > 1:
            there.sort(key=order)
        out[node] = there
    return out


# ------------------------------------------------------------------ changes


def put(seq: tuple, i: int, value: Any) -> tuple:
    return seq[:i] + (value,) + seq[i + 1:]


#: a state with its units, books or ports changed, the one field set with no changes
#: dict to build and check (the kit's `replacer`: they change at nearly every move)
_UNITS, _BOOKS, _PORTS = (replacer(State, name) for name in ("units", "books", "ports"))
#: a unit with its tokens changed (paid, received: a fuel token a move)
with_tokens = replacer(Unit, "tokens")
#: a state with its `turned` mark set or cleared (Execute orders: at every side's turn)
with_turned = replacer(State, "turned")
#: a state with its books replaced, both sides' at once (Execute orders turns a card over)
replace_books = _BOOKS


def with_unit(s: State, u: Unit) -> State:
    """`s` with one unit changed (the units copied once through a list: quicker than
    `put`'s three slices of some hundred units)."""
    seq = list(s.units)
    seq[u.uid] = u
    return _UNITS(s, tuple(seq))


def with_units(s: State, *units: Unit) -> State:
    """`s` with several units changed at once (a carrier and its receiver)."""
    seq = list(s.units)
    for u in units:
        seq[u.uid] = u
    return _UNITS(s, tuple(seq))


def with_book(s: State, side: str, **changes: Any) -> State:
    i = 0 if side == s.sides[0] else 1
    return _BOOKS(s, put(s.books, i, evolve(s.books[i], **changes)))


def with_port(s: State, node: int, **changes: Any) -> State:
    k = s.cfg.port_of[node]
    return _PORTS(s, put(s.ports, k, evolve(s.ports[k], **changes)))
