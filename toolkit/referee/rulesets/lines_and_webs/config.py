"""What Lines and Webs reads from its scenario, turned once into tables for speed:
the node-and-link network (indices, links, terrain defence, ports, hex distance,
lines of fire), the unit types, the special cards and the options (LW-R01..)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dsl.names import display_names
from toolkit.referee.protocol import ScenarioError

#: Supply classes, in the order every token tuple holds them: CL I (food and water),
#: CL III (fuel), CL V (ammunition), and the orange repair/replacement cube.
CLASSES = ("food", "fuel", "ammo", "repair")
FOOD, FUEL, AMMO, REPAIR = range(4)
#: One letter per class in the notation (r rations, f fuel, a ammunition, o orange).
LETTERS = "rfao"

#: Short labels of the unit types in the notation (the side's initial comes first).
ABBREV = {
    "armor": "AR", "mech_infantry": "MI", "field_artillery": "FA", "air_defense": "AD",
    "engineer": "EN", "aerial_port_squadron": "APS", "forward_support_platoon": "FSP",
    "fle_company": "FLC", "fle_battalion": "FLB", "forward_support_company": "FSC",
    "brigade_support_battalion": "BSB", "division_service_support_battalion": "DSB",
    "combat_service_support_battalion": "CSB",
}
TOKEN_PIECES = {"food_token": FOOD, "fuel_token": FUEL, "ammo_token": AMMO,
                "repair_token": REPAIR}

DEFAULTS: Mapping[str, Any] = {
    "turns": 15, "rp_per_turn": 25, "token_cost": 1, "airlift_token_cost": 2,
    "delivery_queue": ("packaging_rsoi", "in_transit"), "transport_seconds": 300,
    "reserve_orders": 4, "hit_roll": 7, "combat_die": "d12",
    "food_turns": (3, 6, 9, 12, 15), "retreat_nodes": 2,
    "unshaded_fill": ("fuel", "ammo", "food"), "range_measure": "hex",
    "victory": "all_ports_for_a_turn", "tie_break": ("ports_held", "combat_power"),
    # rulings a designer may want the other way (content/lines_and_webs/rulings.md)
    "drop_limit": 3, "artillery_twelve": "suppress_and_step",
    "buy_repair_tokens": True, "cross_level_port": True,
    "defender_counter_artillery": True,
    "roles": "two_players",  # or four_players: two seats a side (LW-R42)
    "cyber_attack": "any_order",  # or cut: only a cut of the deck (LW-R39)
}


@dataclass(frozen=True)
class Kind:
    """A unit type's statistics (the scenario's piece block)."""

    name: str
    role: str  # combat | sustainment | port_operator
    strength: tuple[int, ...]
    movement: int
    storage: int
    basic: tuple[int, int, int, int]  # shaded boxes per class
    cost: int
    weapons_range: int = 1
    indirect: tuple[int, int] | None = None
    indirect_max_ammo: int = 0
    sp: int = 0
    carries: int = 0
    fuel_in_combat: bool = False
    air_defence_range: int = 0
    air_defence_roll: int = 0
    repairs: int = 0
    opens_apod: bool = False
    side: str | None = None
    mission_card: bool = False

    @property
    def combat(self) -> bool:
        return self.role == "combat"

    @property
    def sustainment(self) -> bool:
        return self.role == "sustainment"

    def room(self, cls: int) -> int:
        """Most tokens of class `cls` the tracker card can hold: a combat unit holds only
        its basic load (LW-R14); a sustainment unit any mix, except that the shaded boxes
        of the other classes are kept for them."""
        if cls == REPAIR:
            return 1
        if self.role != "sustainment":
            return self.basic[cls]
        return self.storage - sum(b for i, b in enumerate(self.basic[:3]) if i != cls)


def _low(value: Any) -> int:
    """`7+` (a Range) or 7 as a number."""
    return int(getattr(value, "low", value))


def _kind(piece: Any) -> tuple[str, Kind | None]:
    """A unit type from its piece type's fields; None for a marker or a piece with no role."""
    f = piece.fields
    if f.get("marker") or "role" not in f:
        return piece.name, None
    ind = f.get("indirect_range")
    return piece.name, Kind(
        name=piece.name, role=str(f["role"]), strength=tuple(f.get("strength", (1,))),
        movement=int(f.get("movement", 0)), storage=int(f.get("storage", 0)),
        basic=(int(f.get("basic_food", 0)), int(f.get("basic_fuel", 0)),
               int(f.get("basic_ammo", 0)), 0),
        cost=int(f.get("cost", 0)), weapons_range=int(f.get("weapons_range", 1)),
        indirect=(int(ind.low), int(ind.high)) if ind is not None else None,
        indirect_max_ammo=int(f.get("indirect_max_ammo", 0)),
        sp=int(f.get("sp", 0)), carries=int(f.get("carries", 0)),
        fuel_in_combat=bool(f.get("fuel_in_combat", False)),
        air_defence_range=int(f.get("air_defence_range", 0)),
        air_defence_roll=_low(f.get("air_defence_roll", 0)),
        repairs=int(f.get("repairs_per_turn", 0)),
        opens_apod=bool(f.get("opens_apod", False)), side=f.get("side"),
        mission_card=bool(f.get("mission_card", False)))


def _offset_to_cube(col: int, row: int) -> tuple[int, int, int]:
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


class Config:
    """The scenario as fast tables; shared by every state of a game (never hashed)."""

    def __init__(self, scenario: Any, options: Mapping[str, Any]):
        self.scenario = scenario
        self.options = {**DEFAULTS, **dict(options)}
        if len(scenario.sides) != 2:
            raise ScenarioError("Lines and Webs is played by two sides")
        self.sides: tuple[str, str] = tuple(scenario.sides)  # type: ignore[assignment]
        board = scenario.board
        if board.kind != "map":
            raise ScenarioError("Lines and Webs is played on a node-and-link map")
        self.board = board
        self._read_map(scenario)
        self._read_ports(scenario)
        self._read_hexes()
        kinds = (_kind(piece) for piece in scenario.pieces.values())
        self.kinds: dict[str, Kind] = {name: kind for name, kind in kinds if kind is not None}
        self._read_special_cards(scenario)
        self.hit = _low(self.options["hit_roll"])
        self.food_turns = frozenset(int(t) for t in self.options["food_turns"])
        self.turns = int(self.options["turns"])
        self.queue_spaces = tuple(self.options["delivery_queue"])
        #: the players' words for the scenario's ids (its `table words`, dsl.names): the
        #: queue's spaces, and each class of token (rations, fuel, ammunition, repair cubes)
        self.words = display_names(scenario)
        by_class = {c: piece for piece, c in TOKEN_PIECES.items()}
        self.class_words = tuple(self.words.get(by_class[c], CLASSES[c]) for c in range(4))
        self._start_memos()
        #: most tokens of food, fuel and ammunition each unit type's card holds (Kind.room)
        self.rooms = {name: tuple(k.room(c) for c in range(3)) for name, k in self.kinds.items()}

    def _read_map(self, scenario: Any) -> None:
        """The nodes by index: names, terrain (impassable, ocean, defence) and the links
        between passable nodes."""
        board, terrains = scenario.board, scenario.terrains
        self.names: tuple[str, ...] = tuple(s.id for s in board.spaces)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.terrain = tuple(s.terrain for s in board.spaces)
        self.impassable = tuple(bool(terrains[t].impassable) if t in terrains else False
                                for t in self.terrain)
        self.ocean = tuple(bool(t in terrains and terrains[t].impassable
                                and terrains[t].fields.get("fire_over") is False)
                           for t in self.terrain)
        self.defence = tuple(int(terrains[t].defence) if t in terrains else 0
                             for t in self.terrain)
        links: list[set[int]] = [set() for _ in self.names]
        for link in board.links:
            a, b = self.index.get(link.a), self.index.get(link.b)
            if a is None or b is None or self.impassable[a] or self.impassable[b]:
                continue
            links[a].add(b)
            links[b].add(a)
        self.links: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(x)) for x in links)
        self.zones = {z.name: frozenset(self.index[x] for x in z.spaces if x in self.index)
                      for z in board.zones}

    def _read_ports(self, scenario: Any) -> None:
        """The ports: capacity, storage, damage limit, owner, seaport or airport, and each
        side's home SPOD and APOD."""
        board, terrains = scenario.board, scenario.terrains
        self.ports: tuple[int, ...] = tuple(i for i, s in enumerate(board.spaces)
                                            if s.fields.get("port"))
        self.port_of = {p: k for k, p in enumerate(self.ports)}
        self.port_capacity = tuple(int(board.spaces[p].fields.get("capacity", 1))
                                   for p in self.ports)
        self.port_storage = tuple(int(board.spaces[p].fields.get("storage", 0))
                                  for p in self.ports)
        self.port_damage_limit = tuple(int(board.spaces[p].fields.get("damage_limit", 4))
                                       for p in self.ports)
        self.port_owner = tuple(board.spaces[p].fields.get("owner") for p in self.ports)
        self.seaport = tuple(bool(terrains[self.terrain[p]].fields.get("seaport"))
                             if self.terrain[p] in terrains else False for p in self.ports)
        self.spod = {side: self._home(side, True) for side in self.sides}
        self.apod = {side: self._home(side, False) for side in self.sides}

    def _read_hexes(self) -> None:
        """Each node's hex (cube coordinates, from its id) and the hex distances between
        every two nodes, worked out once."""
        cubes = []
        for s in self.board.spaces:
            col = ord(s.id[0]) - 65
            row = int(s.id[1:]) - 1
            cubes.append(_offset_to_cube(col, row))
        self.cube = tuple(cubes)
        self.by_cube = {c: i for i, c in enumerate(cubes)}
        n = len(self.names)
        self.hex_table = tuple(tuple(self._hexes(a, b) for b in range(n)) for a in range(n))

    def _read_special_cards(self, scenario: Any) -> None:
        """The special deck: each card's cost, copies per side and effect calls."""
        deck = scenario.decks.get("special") if scenario.decks else None
        self.cards: dict[str, tuple[int, int]] = {}  # name -> (cost, copies per side)
        self.card_effects: dict[str, tuple] = {}  # name -> its effect calls
        if deck is not None:
            for card in deck.cards:
                self.cards[card.name] = (int(card.get("cost", 1)), int(card.quantity))
                self.card_effects[card.name] = tuple(card.effects)

    def _start_memos(self) -> None:
        """The answers of the fixed map and the last listings, kept for a game's length."""
        self._fire_cache: dict[tuple[int, int], bool] = {}
        #: carry ranges by (origin, side, SP, enemy nodes, blocked nodes): pure answers
        #: of the fixed map, kept here so that a game asks each once (network.carry_reach)
        self.reach_cache: dict = {}
        #: carry ranges by (origin, links, the closed nodes within that many links), and
        #: the nodes within that many links of an origin: network._local_reach
        self.local_reach: dict = {}
        self.reach_balls: dict = {}
        #: unit label -> uid, filled as states are asked (State.by_label checks it)
        self.uid_of: dict[str, int] = {}
        #: a name that is no unit's (a node) -> how many units it was sought among
        self.not_units: dict[str, int] = {}
        #: Orders by what they say, made once and handed out again (transport.listing)
        self.order_runs: dict = {}
        #: carrier uid -> the values its carry orders were last worked out from, and
        #: those orders per receiver (transport._carrier: the same values give the same
        #: orders); the same per port (cross-levelling) and each receiver's open boxes
        self.carrier_memo: dict = {}
        self.move_memo: dict = {}
        self.level_memo: dict = {}
        self.receiver_memo: dict = {}
        #: the last transport listing: (state, side, orders, runs) (transport.listed_parts)
        self.transport_listed: tuple | None = None
        #: per side and carrier, the bot weights of its last listed carry runs (bots.weights:
        #: kept while the listing hands the same run out again)
        self.weight_memo: dict = {}
        #: side -> (units, the enemy's units as it sees them, where they stand): the last
        #: transport.view_occupancy of each side
        self.occupancy_memo: dict = {}
        #: (units, where they stand): the last State.occupants
        self.occupants_memo: tuple | None = None

    def _home(self, side: str, sea: bool) -> int | None:
        for k, p in enumerate(self.ports):
            if self.port_owner[k] == side and self.seaport[k] == sea:
                return p
        return None

    def cards_with(self, primitive: str) -> tuple[str, ...]:
        """The special cards whose effects use `primitive`."""
        return tuple(n for n, calls in self.card_effects.items()
                     if any(c.name == primitive for c in calls))

    def effect(self, card: str, primitive: str):
        for c in self.card_effects.get(card, ()):
            if c.name == primitive:
                return c
        return None

    def opt(self, key: str) -> Any:
        return self.options[key]

    # ------------------------------------------------------------ geometry

    def hexes(self, a: int, b: int) -> int:
        """Hex distance across the map (LW-R03): lakes count, links do not matter."""
        return self.hex_table[a][b]

    def _hexes(self, a: int, b: int) -> int:
        (ax, ay, az), (bx, by, bz) = self.cube[a], self.cube[b]
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def line_clear(self, a: int, b: int) -> bool:
        """No ocean hex lies on the line from `a` to `b` (artillery never fires over
        ocean; LW-R03)."""
        key = (a, b) if a < b else (b, a)
        hit = self._fire_cache.get(key)
        if hit is None:
            hit = self._fire_cache[key] = self._line_clear(a, b)
        return hit

    def _line_clear(self, a: int, b: int) -> bool:
        n = self._hexes(a, b)
        (ax, ay, az), (bx, by, bz) = self.cube[a], self.cube[b]
        for k in range(1, n):
            t = k / n
            fx = ax + (bx - ax) * t + 1e-6
            fy = ay + (by - ay) * t + 1e-6
            fz = az + (bz - az) * t - 2e-6
            rx, ry, rz = round(fx), round(fy), round(fz)
            dx, dy, dz = abs(rx - fx), abs(ry - fy), abs(rz - fz)
            if dx > dy and dx > dz:
                rx = -ry - rz
            elif dy > dz:
                ry = -rx - rz
            else:
                rz = -rx - ry
            i = self.by_cube.get((rx, ry, rz))
            if i is not None and self.ocean[i]:
                return False
        return True

    def port_room(self, port_k: int, damage: int) -> int:
        """Tokens a port may hold with `damage` damage tokens (LW-R08)."""
        limit = self.port_damage_limit[port_k]
        if damage >= limit:
            return 0
        full = self.port_storage[port_k]
        return max(0, full - (full // 4) * damage)
