"""What a Front Line scenario fixes before play, read once: the squares and their
terrain, the cities, the countries, the units' statistics, the attack results
table, the supply cards, the setups and the options.

Squares are numbered `row * width + col` inside the rules; their names (`C5`)
appear only in notation, views and events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from dsl.model import Range, Scenario, grid_id
from toolkit.referee.kit.tables import ColumnTable, columns
from toolkit.referee.protocol import ScenarioError

KINDS = ("infantry", "tank", "artillery")
SUPPLY_TYPES = ("air", "capital", "industry")
RANGES = ("range_1", "range_2", "range_3")
PLACEMENTS = ("recommended", "free")
TIE_BREAKS = ("most_units", "draw")
RETREAT_DIRECTIONS = ("unit", "any")

DEFAULT_OPTIONS: dict[str, Any] = {
    "rounds": 4,
    "turns_per_player": 3,
    "actions_per_unit": 2,
    "move_bonus_desert": 1,
    "amphibious": False,
    "edge": True,
    "first_player_roll": (Range(1, 3), "Red"),
    "tie_break": "most_units",
    "regroup_cost": 1,
    "paratroop_cost": 1,
    "paratroop_reach": 2,
    "empty_city_hit": Range(1, 4),
    "placement": "recommended",
    "adv_without_yellow": "miss",
    "retreat_directions": "unit",
}

ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL = ((1, -1), (1, 1), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class Kind:
    """A unit type's statistics (piece fields in common.scn)."""

    name: str
    range: int
    move: int
    diagonal: bool
    build_cost: int
    paratroop: bool
    dug_in_on: frozenset[str]
    disadvantage: bool
    choose_die: bool
    per_side: int


@dataclass(frozen=True)
class City:
    square: int
    owner: str
    supplies: str  # air | capital | industry
    capital: bool
    fallen_op: int
    build_site: bool
    paratroop_base: bool


class Config:
    """The fixed tables of one scenario with its options. Built once, shared by states,
    never changed during play (`reach` is derived from the rest on first use)."""

    def __init__(self, scenario: Scenario, options: Mapping[str, Any] | None = None):
        if len(scenario.sides) != 2:
            raise ScenarioError("Front Line is a two-side game: write `sides Red, Green`")
        self.sides: tuple[str, str] = (scenario.sides[0], scenario.sides[1])
        opts = dict(DEFAULT_OPTIONS)
        opts.update(scenario.options.items())
        opts.update(options or {})
        self.options = opts
        self._read_board(scenario)
        self._read_kinds(scenario)
        self._read_table(scenario)
        self._read_supply(scenario)
        self._read_setups(scenario)
        self.first_roll()

    def opt(self, name: str) -> Any:
        return self.options[name]

    @cached_property
    def reach(self):
        """The squares as bitmasks and the moves as shared values (reach.Reach),
        built on first use: listing moves reads them."""
        from toolkit.referee.rulesets.front_line.reach import shared

        return shared(self)

    @cached_property
    def rounds(self) -> int:
        """The rounds a game lasts (option `rounds`): asked after every move."""
        return int(self.opt("rounds"))

    @cached_property
    def turns_a_round(self) -> int:
        """Turns in a round, both sides' (twice `turns_per_player`): asked after every
        move whether the side's turns are done."""
        return 2 * int(self.opt("turns_per_player"))

    @cached_property
    def answers_out_of_turn(self) -> bool:
        """Does the Leadership card let a side answer the opponent's supplied action
        (Opportunity Fire, Maneuver or Relieve used on the opponent's turn, FL-R15)?"""
        from toolkit.referee.rulesets.front_line.leadership import usable

        return any(usable(self.task_when.get(task, "never"), own_turn=False)
                   for task in ("opportunity_fire", "maneuver", "relieve"))

    @cached_property
    def build_sites(self) -> dict[str, int]:
        """Per side, the square its units are built on: the first of its cities (in
        square order) that is a build site (FL-mission-build)."""
        out: dict[str, int] = {}
        for c in sorted(self.cities.values(), key=lambda c: c.square):
            if c.build_site:
                out.setdefault(c.owner, c.square)
        return out

    @cached_property
    def drop_bases(self) -> int:
        """The squares of the Air Bases a paratroop drop starts from, as a mask (bit i:
        square i): what a listing asks of every unit while an air stack is in use."""
        return sum(1 << sq for sq, city in self.cities.items() if city.paratroop_base)

    @cached_property
    def standing(self) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
        """Per side, per square: the Occupation Points a unit of the side standing there
        earns (its op, else 1 on a non-city square of the enemy country; FL-win-op), and
        its distance to the enemy capital (what bots.evaluate reads of the board)."""
        out = {}
        for side in self.sides:
            enemy, capital = self.country[self.other(side)], self.capital_of(self.other(side))
            squares = range(len(self.names))
            out[side] = (tuple(self.op[sq] or int(sq in enemy and sq not in self.cities)
                               for sq in squares),
                         tuple(self.distance(sq, capital) for sq in squares))
        return out

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    # ------------------------------------------------------------ reading

    def _read_board(self, scenario: Scenario) -> None:
        if not scenario.boards or scenario.board.kind != "grid":
            raise ScenarioError("Front Line is played on a square grid board")
        board = scenario.board
        self.board = board
        self.width, self.height = board.width, board.height
        n = self.width * self.height
        self.names = tuple(grid_id(i % self.width, i // self.width) for i in range(n))
        self.index = {name: i for i, name in enumerate(self.names)}
        terrains = scenario.terrains
        self.terrain = tuple(board.space(name).terrain for name in self.names)
        t = [terrains[name] for name in self.terrain]
        self.height_of = tuple(int(x.fields.get("height", 0) or 0) for x in t)
        self.impassable = tuple(bool(x.fields.get("impassable", False)) for x in t)
        self.desert = tuple(int(x.fields.get("move_bonus", 0) or 0) > 0 for x in t)
        self.rout_disrupts = tuple(bool(x.fields.get("rout_disrupts", False)) for x in t)
        self.landing = tuple(bool(x.fields.get("landing", False)) for x in t)
        self.embark = tuple(bool(x.fields.get("embark", False)) for x in t)
        self.op = tuple(int(board.space(name).fields.get("op", 0) or 0)
                        if board.space(name).fields.get("op_site") else 0
                        for name in self.names)
        cities = {}
        for i, name in enumerate(self.names):
            f = board.space(name).fields
            if not f.get("city"):
                continue
            owner = f.get("owner")
            if owner not in self.sides:
                raise ScenarioError(f"city {name} needs an owner ({' or '.join(self.sides)})")
            cities[i] = City(i, owner, str(f.get("supplies", "")), bool(f.get("capital")),
                             int(f.get("fallen_op", 0) or 0), bool(f.get("build_site")),
                             bool(f.get("paratroop_base")))
        self.cities: dict[int, City] = cities
        self.country = {}
        for zone in board.zones:
            owner = zone.fields.get("owner")
            if owner in self.sides:
                self.country[owner] = frozenset(self.index[s] for s in zone.spaces)
        for side in self.sides:
            if side not in self.country:
                raise ScenarioError(f"Front Line needs a zone with `owner {side}` "
                                    "(that side's country)")
            if not any(c.capital and c.owner == side for c in cities.values()):
                raise ScenarioError(f"{side} has no capital (a city with `capital`)")
        self.neighbours = tuple(self._steps(i, ORTHOGONAL + DIAGONAL) for i in range(n))
        self.orthogonal = tuple(self._steps(i, ORTHOGONAL) for i in range(n))
        w = self.width
        self._distance = tuple(tuple(max(abs(a % w - b % w), abs(a // w - b // w))
                                     for b in range(n)) for a in range(n))
        self._within = tuple(tuple(tuple(b for b in range(n) if 0 < self._distance[a][b] <= r)
                                   for a in range(n)) for r in range(max(self.width, self.height)))

    def _steps(self, i: int, steps) -> tuple[int, ...]:
        c, r = i % self.width, i // self.width
        return tuple((r + dr) * self.width + c + dc for dc, dr in steps
                     if 0 <= c + dc < self.width and 0 <= r + dr < self.height)

    def _read_kinds(self, scenario: Scenario) -> None:
        self.kinds: dict[str, Kind] = {}
        for name in KINDS:
            if name not in scenario.pieces:
                raise ScenarioError(f"Front Line needs a piece type {name}")
            p = scenario.pieces[name]
            moves = p.get("moves", "orthogonal")
            moves = (moves,) if isinstance(moves, str) else tuple(moves)
            dug = p.get("dug_in_on", ())
            dug = (dug,) if isinstance(dug, str) else tuple(dug)
            self.kinds[name] = Kind(
                name, int(p.get("range", 1)), int(p.get("move", 2)), "diagonal" in moves,
                int(p.get("build_cost", 2)), bool(p.get("paratroop", False)), frozenset(dug),
                bool(p.get("height_disadvantage", True)), bool(p.get("advantage_choice", False)),
                int(p.get("per_side", 0) or 0))

    def _read_table(self, scenario: Scenario) -> None:
        table = scenario.tables.get("attack_results")
        if table is None:
            raise ScenarioError("Front Line needs `table attack_results`")
        self.table: ColumnTable = columns(table, RANGES)
        self.advantage = tuple(table.fields["advantage"])
        self.icons = tuple(table.fields["icons"])
        self.shift = int(table.fields.get("disadvantage_shift", 1))

    def _read_supply(self, scenario: Scenario) -> None:
        if "supply" not in scenario.decks:
            raise ScenarioError("Front Line needs a deck `supply` (the supply cards)")
        self.supply_cards = {c.name: c for c in scenario.decks["supply"].cards}
        cards = scenario.decks["leadership"].cards if "leadership" in scenario.decks else ()
        self.leadership_effects = tuple(cards[0].effects) if cards else ()
        #: when each task may be used: each effect run once through the registry
        #: (its primitive answers its `when`), read by leadership.when_of
        from toolkit.referee.rulesets.front_line.leadership import EFFECTS

        self.task_when = {c.name: EFFECTS.apply(c, self) for c in self.leadership_effects
                          if c.name in EFFECTS.primitives}

    def _read_setups(self, scenario: Scenario) -> None:
        self.setups = {}
        for side in self.sides:
            setup = scenario.setups.get(side)
            if setup is None:
                raise ScenarioError(f"side {side} has no setup")
            card = setup.fields.get("supply_card", "balanced_industry")
            if card not in self.supply_cards:
                raise ScenarioError(f"{side}: no supply card {card}")
            placed = tuple((p.piece, self.index[p.space]) for p in setup.placements)
            self.setups[side] = (placed, dict(setup.reserve_counts()), card,
                                 str(setup.fields.get("leadership", "available")))

    # ------------------------------------------------------------ lookups

    def grant(self, card: str, supplies: str, month: int) -> int:
        values = self.supply_cards[card].get(supplies)
        if isinstance(values, (tuple, list)):
            return int(values[min(month, len(values) - 1)])
        return int(values or 0)

    def within(self, sq: int, reach: int) -> tuple[int, ...]:
        """The squares 1..reach away from `sq` (orthogonally and/or diagonally)."""
        return self._within[min(reach, len(self._within) - 1)][sq]

    def distance(self, a: int, b: int) -> int:
        """Squares counted orthogonally and/or diagonally (the range rule)."""
        return self._distance[a][b]

    def capital_of(self, side: str) -> int:
        return next(c.square for c in self.cities.values() if c.capital and c.owner == side)

    def first_roll(self) -> tuple[Range, str]:
        """The start roll: (the faces, the side they favour), e.g. `[1-3, Red]`."""
        value = self.opt("first_player_roll")
        if not (isinstance(value, tuple) and len(value) == 2 and value[1] in self.sides
                and isinstance(value[0], (Range, int))):
            raise ScenarioError("option first_player_roll is [FACES, SIDE], e.g. [1-3, Red]")
        faces = value[0] if isinstance(value[0], Range) else Range(value[0], value[0])
        return faces, value[1]
