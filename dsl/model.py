"""The scenario model: frozen values built from a scenario file.

Every node keeps the position it came from (`pos`), so a later check, a
ruleset or the press can point a designer at the exact line of the file.
Nothing here parses text; `dsl.parse` builds these and `dsl.checks`
validates them.
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Generic, TypeVar

import networkx as nx

# ---------------------------------------------------------------- positions


@dataclass(frozen=True, slots=True)
class Pos:
    """Where a node starts in its source file (1-based line and column)."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


NOWHERE = Pos("<built-in>", 0, 0)

# ------------------------------------------------------------------- values

UNITS_IN_POINTS = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4}


@dataclass(frozen=True, slots=True)
class Length:
    """A physical length; `points` is the canonical value (1/72 inch)."""

    amount: float
    unit: str

    @property
    def points(self) -> float:
        return self.amount * UNITS_IN_POINTS[self.unit]

    @property
    def mm(self) -> float:
        return self.points / UNITS_IN_POINTS["mm"]

    @classmethod
    def parse(cls, text: str) -> "Length":
        """`Length.parse("63.5mm")`; raises ValueError on anything else."""
        text = text.strip()
        for unit in UNITS_IN_POINTS:
            if text.endswith(unit):
                try:
                    return cls(float(text[: -len(unit)]), unit)
                except ValueError:
                    break
        raise ValueError(f"not a length: {text!r} (write a number and a unit: mm, cm, in or pt)")

    def __str__(self) -> str:
        amount = int(self.amount) if float(self.amount).is_integer() else self.amount
        return f"{amount}{self.unit}"


@dataclass(frozen=True, slots=True)
class Range:
    """`1-2` (low..high inclusive) or `2+` (high is None: no upper bound)."""

    low: int
    high: int | None

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, (int, float)):
            return False
        return value >= self.low and (self.high is None or value <= self.high)

    def __str__(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class Call:
    """A named primitive with parameters: `multiply(kind=tank, by=2)`."""

    name: str
    args: tuple[tuple[str, "Value"], ...]
    pos: Pos = field(default=NOWHERE, compare=False)

    def arg(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={format_value(v)}" for k, v in self.args)
        return f"{self.name}({inner})"


Value = Any  # int | float | str | bool | Length | Range | Call | tuple[Value, ...]


def format_value(value: Value) -> str:
    """The scenario-language spelling of a value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, str):
        if value.isidentifier():
            return value
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


@dataclass(frozen=True, slots=True)
class Field:
    """One `name value, value…` line inside a block. A bare name is `True`."""

    name: str
    value: Value
    pos: Pos = field(default=NOWHERE, compare=False)
    value_pos: tuple[Pos | None, ...] = field(default=(), compare=False)  # where each value was written


class Fields(Mapping[str, Value]):
    """An immutable, ordered mapping of field name to value, with positions."""

    __slots__ = ("_items", "_index")

    def __init__(self, items: tuple[Field, ...] = ()):
        self._items = tuple(items)
        self._index = {f.name: f for f in self._items}

    def __getitem__(self, key: str) -> Value:
        return self._index[key].value

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def __hash__(self) -> int:
        return hash(tuple((f.name, _hashable(f.value)) for f in self._items))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fields) and dict(self.items()) == dict(other.items())

    def __repr__(self) -> str:
        return "Fields({" + ", ".join(f"{k!r}: {v!r}" for k, v in self.items()) + "})"

    @property
    def entries(self) -> tuple[Field, ...]:
        """Every field as written, duplicates included (checks report those)."""
        return self._items

    def pos(self, key: str) -> Pos:
        return self._index[key].pos

    def flag(self, key: str) -> bool:
        return bool(self.get(key, False))


def _hashable(value: Value) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


T = TypeVar("T")


class Catalog(Mapping[str, T], Generic[T]):
    """An immutable, ordered name → definition table (terrain, pieces, decks, …)."""

    __slots__ = ("_items",)

    def __init__(self, items: tuple[T, ...] = ()):
        # the first definition of a name wins; checks report the duplicates
        index: dict[str, T] = {}
        for item in items:
            index.setdefault(getattr(item, "name"), item)
        self._items = index

    def __getitem__(self, key: str) -> T:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Catalog({list(self._items)})"


# ------------------------------------------------------------------ terrain


@dataclass(frozen=True)
class Terrain:
    name: str
    fields: Fields = field(default_factory=Fields)
    tags: frozenset[str] = frozenset()
    pos: Pos = field(default=NOWHERE, compare=False)

    @property
    def height(self) -> int:
        return int(self.fields.get("height", 0))

    @property
    def impassable(self) -> bool:
        return self.fields.flag("impassable")

    @property
    def defence(self) -> int:
        return int(self.fields.get("defence", 0))

    @property
    def move_bonus(self) -> int:
        return int(self.fields.get("move_bonus", 0))

    @property
    def capacity(self) -> int | None:
        return self.fields.get("capacity")

    @property
    def colour(self) -> str | None:
        return self.fields.get("colour")


# ------------------------------------------------------------------- boards


@lru_cache(maxsize=4096)
def column_letters(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA: the column part of a grid space id."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = string.ascii_uppercase[rem] + letters
    return letters


def grid_id(col: int, row: int) -> str:
    """The id of the grid space at 0-based (col, row): column letters, row number from 1."""
    return f"{column_letters(col)}{row + 1}"


def parse_grid_id(text: str) -> tuple[int, int] | None:
    """`"C3"` → (2, 2); None if the text is not a grid id."""
    i = 0
    while i < len(text) and text[i].isalpha() and text[i].isupper():
        i += 1
    letters, digits = text[:i], text[i:]
    if not letters or not digits.isdigit() or digits.startswith("0"):
        return None
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - 64)
    return col - 1, int(digits) - 1


@dataclass(frozen=True)
class Space:
    """A square, a hex or a node. `coord` is (column, row) on grids, (x, y) on maps."""

    id: str
    terrain: str
    coord: tuple[float, float]
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)

    @property
    def tags(self) -> frozenset[str]:
        """The flags set on the space: `city`, `capital`, `port`, `victory`, …"""
        return frozenset(k for k, v in self.fields.items() if v is True)

    @property
    def owner(self) -> str | None:
        return self.fields.get("owner")


@dataclass(frozen=True)
class Link:
    """A connection between two spaces: a link on a map, or a marked grid edge."""

    a: str
    b: str
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)

    @property
    def tags(self) -> frozenset[str]:
        return frozenset(k for k, v in self.fields.items() if v is True)


@dataclass(frozen=True)
class Zone:
    """A named set of spaces: a deployment area, a country, the centre."""

    name: str
    spaces: tuple[str, ...]
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)


BOARD_KINDS = ("grid", "hex", "map")


@dataclass(frozen=True)
class Board:
    """One board. `kind` is grid, hex or map; grids have width × height spaces.

    `spaces` are in reading order (row by row) on grids. `links` on a map are
    its connections; on a grid they mark edges (a river between two squares).
    `borders` mark a feature between two spaces without joining them: they
    are not edges of the graph.
    Hex geometry: `orientation` is "flat" or "pointy"; `offset` is "odd" or
    "even" (which columns, for flat, or rows, for pointy, are pushed out).
    """

    name: str
    kind: str
    width: int = 0
    height: int = 0
    spaces: tuple[Space, ...] = ()
    links: tuple[Link, ...] = ()
    zones: tuple[Zone, ...] = ()
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)
    key: tuple[tuple[str, str], ...] = ()  # picture symbol → terrain, as drawn
    key_pos: tuple[Pos, ...] = field(default=(), compare=False)  # where each key entry is
    borders: tuple[Link, ...] = ()  # features between spaces that are not joined (a river with no ford)
    key_fields: tuple[Fields, ...] = ()  # the fields each key entry gives its spaces, in key order

    @property
    def orientation(self) -> str:
        return str(self.fields.get("orientation", "flat" if self.kind == "hex" else "square"))

    @property
    def offset(self) -> str:
        return str(self.fields.get("offset", "odd"))

    @property
    def printed(self) -> bool:
        """False for a board marked `print false`: the rules need it, but players play on
        printed sheets instead, so the press leaves it out."""
        return self.fields.get("print", True) is not False

    @cached_property
    def space_index(self) -> Mapping[str, Space]:
        return {s.id: s for s in self.spaces}

    def space(self, space_id: str) -> Space:
        return self.space_index[space_id]

    def __contains__(self, space_id: object) -> bool:
        return space_id in self.space_index

    @cached_property
    def zone_index(self) -> Mapping[str, Zone]:
        return {z.name: z for z in self.zones}

    @cached_property
    def graph(self) -> nx.Graph:
        """Spaces as nodes (terrain, coord, tags, fields), adjacency as edges.

        Grids join orthogonal neighbours; hex grids their six neighbours; maps
        their links. Edge attributes come from links (`river`, `road`, …).
        The graph is frozen: it is part of an immutable model.
        """
        g = nx.Graph(name=self.name, kind=self.kind)
        g.add_nodes_from(
            (s.id, {"terrain": s.terrain, "coord": s.coord, "tags": s.tags, "fields": s.fields})
            for s in self.spaces
        )
        if self.kind == "map":
            index = self.space_index
            g.add_edges_from((l.a, l.b) for l in self.links if l.a in index and l.b in index)
        else:
            g.add_edges_from(self._grid_pairs())
        for link in self.links:
            if g.has_edge(link.a, link.b):
                g.edges[link.a, link.b].update({k: v for k, v in link.fields.items()})
        return nx.freeze(g)

    def _grid_pairs(self) -> Iterator[tuple[str, str]]:
        """Each adjacent pair once (towards higher reading order)."""
        w, h = self.width, self.height
        ids = [s.id for s in self.spaces]
        if len(ids) != w * h:
            return
        steps = {parity: self.neighbour_steps(parity, parity) for parity in (0, 1)}
        flat = self.orientation != "pointy"
        for s_index, sid in enumerate(ids):
            row, col = divmod(s_index, w)
            for dc, dr in steps[(col if flat else row) % 2]:
                c2, r2 = col + dc, row + dr
                if 0 <= c2 < w and 0 <= r2 < h:
                    other = r2 * w + c2
                    if other > s_index:
                        yield sid, ids[other]

    def neighbour_steps(self, col: int, row: int) -> tuple[tuple[int, int], ...]:
        """Offsets to the adjacent spaces of (col, row) on a grid or hex grid."""
        if self.kind == "grid":
            return ((1, 0), (-1, 0), (0, 1), (0, -1))
        odd_pushed = self.offset == "odd"
        if self.orientation == "flat":  # columns are offset
            shifted = (col % 2 == 1) == odd_pushed
            if shifted:
                return ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, 1))
            return ((0, -1), (0, 1), (-1, -1), (1, -1), (-1, 0), (1, 0))
        shifted = (row % 2 == 1) == odd_pushed
        if shifted:
            return ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1))
        return ((-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))

    def neighbours(self, space_id: str) -> list[str]:
        return list(self.graph.neighbors(space_id))


# ------------------------------------------------------------------- pieces


@dataclass(frozen=True)
class Definition:
    """A named block of fields: the shape of piece types and tables."""

    name: str
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


@dataclass(frozen=True)
class PieceType(Definition):
    """A kind of unit or marker; `fields` hold the statistics a ruleset reads."""


# -------------------------------------------------------------------- decks


@dataclass(frozen=True)
class CardDef:
    """One card definition; `quantity` copies of it are in the deck."""

    name: str
    quantity: int = 1
    fields: Fields = field(default_factory=Fields)
    effects: tuple[Call, ...] = ()
    pos: Pos = field(default=NOWHERE, compare=False)

    @property
    def title(self) -> str:
        return str(self.fields.get("title", self.name.replace("_", " ").title()))

    @property
    def text(self) -> str:
        return str(self.fields.get("text", ""))

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


@dataclass(frozen=True)
class Deck:
    name: str
    title: str
    cards: tuple[CardDef, ...] = ()
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)

    @property
    def size(self) -> int:
        return sum(c.quantity for c in self.cards)

    @cached_property
    def card_index(self) -> Mapping[str, CardDef]:
        return {c.name: c for c in self.cards}

    @property
    def layout(self) -> str | None:
        """The layout its faces are drawn with (`layout NAME` in the deck)."""
        return self.fields.get("layout")

    @property
    def back(self) -> str | None:
        """The layout its backs are drawn with (`back NAME` in the deck)."""
        return self.fields.get("back")


# ------------------------------------------------------------------- setups


@dataclass(frozen=True)
class Placement:
    """`count` pieces of type `piece` on `space` (of `board`, or the only board)."""

    piece: str
    space: str
    count: int = 1
    board: str | None = None
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)  # where the space is named
    piece_pos: Pos = field(default=NOWHERE, compare=False)  # where the piece is named


@dataclass(frozen=True)
class Stock:
    """`count` of a named thing held off the board: a reserve piece, a card in hand."""

    name: str
    count: int = 1
    pos: Pos = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Setup:
    """What one side starts with: placements, reserve pool, hand, resources."""

    side: str
    placements: tuple[Placement, ...] = ()
    reserve: tuple[Stock, ...] = ()
    hand: tuple[Stock, ...] = ()
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)

    @property
    def name(self) -> str:  # so setups live in a Catalog keyed by side
        return self.side

    def reserve_counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for s in self.reserve:
            out[s.name] = out.get(s.name, 0) + s.count
        return out


# ------------------------------------------------------------------ layouts


@dataclass(frozen=True)
class Element:
    """One drawing instruction in a layout: text, box, image, rect, …

    `x`, `y` are the top-left corner measured from the card's top-left trim
    corner; `content` is a Jinja expression for text elements.
    """

    kind: str
    x: Length
    y: Length
    w: Length | None = None
    h: Length | None = None
    content: str | None = None
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Layout:
    name: str
    width: Length
    height: Length
    elements: tuple[Element, ...] = ()
    fields: Fields = field(default_factory=Fields)
    pos: Pos = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Table(Definition):
    """Named reference data a ruleset or a sheet reads: an attack table, a turn sequence."""


@dataclass(frozen=True)
class Asset:
    """A font or an image file, by name; `path` is resolved against the scenario."""

    name: str
    path: str
    kind: str
    pos: Pos = field(default=NOWHERE, compare=False)


# ----------------------------------------------------------------- scenario


@dataclass(frozen=True)
class Scenario:
    title: str
    ruleset: str
    sides: tuple[str, ...]
    fields: Fields = field(default_factory=Fields)
    terrains: Catalog[Terrain] = field(default_factory=Catalog)
    boards: Catalog[Board] = field(default_factory=Catalog)
    pieces: Catalog[PieceType] = field(default_factory=Catalog)
    decks: Catalog[Deck] = field(default_factory=Catalog)
    setups: Catalog[Setup] = field(default_factory=Catalog)
    options: Fields = field(default_factory=Fields)
    layouts: Catalog[Layout] = field(default_factory=Catalog)
    assets: Catalog[Asset] = field(default_factory=Catalog)
    tables: Catalog[Table] = field(default_factory=Catalog)
    path: str = "<string>"
    source_hash: str = ""
    pos: Pos = field(default=NOWHERE, compare=False)
    files: tuple[str, ...] = field(default=(), compare=False)  # the scenario's file and every file it includes

    @property
    def version(self) -> str:
        return str(self.fields.get("version", "1"))

    @property
    def board(self) -> Board:
        """The first board (most scenarios have one)."""
        return next(iter(self.boards.values()))

    def option(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)
