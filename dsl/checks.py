"""Semantic checks: everything the grammar cannot see, collected in one pass.

`check(scenario, items)` returns every diagnostic at once; it never stops at
the first. `items` are the parsed statements in file order (so duplicates,
which the model's catalogs fold away, can still be reported).
"""

from __future__ import annotations

import difflib

from dsl import fields as typed
from dsl.errors import Diagnostic, suggest
from dsl.model import (
    Asset,
    Board,
    Deck,
    Field,
    Fields,
    Layout,
    Length,
    PieceType,
    Pos,
    Range,
    Scenario,
    Setup,
    Table,
    Terrain,
    grid_id,
)

MAX_LENGTH_MM = 5000.0  # 5 m: nothing printable is larger

# Scenario-level fields the language knows. Anything else at the top level is
# most likely a misspelt keyword (`terain hill { … }`), so it is an error.
SCENARIO_FIELDS = {"ruleset", "sides", "version", "players", "author", "description", "edition", "license",
                   "title", "year", "language", "press"}  # press: print settings (docs/press.md)
KEYWORDS = {"terrain", "board", "piece", "deck", "setup", "options", "layout", "include", "font", "image", "table"}


def check(scenario: Scenario, items: list) -> list[Diagnostic]:
    unknown = Unknowns(misspelt_definitions(items))
    out: list[Diagnostic] = []
    out += check_top(scenario, items)
    out += check_duplicates(items)
    for terrain in scenario.terrains.values():
        out += check_fields(terrain.fields, f"terrain '{terrain.name}'")
        out += typed.check_fields(terrain.fields, typed.TERRAIN_FIELDS, f"terrain '{terrain.name}'", closed=False)
    for board in scenario.boards.values():
        out += check_board(scenario, board, unknown)
    for piece in scenario.pieces.values():
        out += check_fields(piece.fields, f"piece '{piece.name}'")
        out += typed.check_fields(piece.fields, typed.PIECE_PRESS_FIELDS, f"piece '{piece.name}'", closed=False)
        out += check_layout_refs(scenario, piece.fields, ("front_layout", "back_layout"), f"piece '{piece.name}'",
                                 unknown)
    for deck in scenario.decks.values():
        out += check_deck(scenario, deck, unknown)
    for setup in scenario.setups.values():
        out += check_setup(scenario, setup, unknown)
    for layout in scenario.layouts.values():
        out += check_layout(scenario, layout, unknown)
    out += check_fields(scenario.options, "options")
    for table in scenario.tables.values():
        out += check_fields(table.fields, f"table '{table.name}'")
    return out + unknown.diagnostics()


class Unknowns:
    """Unknown names, one diagnostic per name however often it is used.

    The first use carries the error; up to three other places are notes
    (`also used here`), and the last note counts the rest. A name whose
    definition was misspelt (`peice infantry`) is not reported again at
    its uses: the misspelt statement is the one mistake.
    """

    SHOWN = 3

    def __init__(self, misspelt: set[tuple[str, str]] = frozenset()):
        self.misspelt = misspelt
        self.uses: dict[tuple[str, str], list[tuple[Pos, str, str | None]]] = {}

    def add(self, kind: str, name: str, pos: Pos, message: str, hint: str | None = None) -> None:
        if (kind, name) in self.misspelt:
            return
        places = self.uses.setdefault((kind, name), [])
        if all((p.path, p.line, p.column) != (pos.path, pos.line, pos.column) for p, _, _ in places):
            places.append((pos, message, hint))

    def diagnostics(self) -> list[Diagnostic]:
        out = []
        for places in self.uses.values():
            pos, message, hint = places[0]
            others = places[1:]
            notes = [Diagnostic.note(p, "also used here") for p, _, _ in others[:self.SHOWN]]
            if len(others) > self.SHOWN:
                last = others[self.SHOWN - 1][0]
                more = len(others) - self.SHOWN
                notes[-1] = Diagnostic.note(last, f"also used here, and {more} more use{'s' if more != 1 else ''}")
            out.append(Diagnostic.at(pos, message, hint, notes=tuple(notes)))
        return out


# A misspelt keyword reads as a field: `peice infantry { … }`. Its value is
# the name the designer meant to define.
DEFINING_KEYWORDS = {"terrain": "terrain", "piece": "piece", "deck": "deck", "layout": "layout",
                     "board": "board", "table": "table"}


def misspelt_definitions(items: list) -> set[tuple[str, str]]:
    out = set()
    for f in (i for i in items if isinstance(i, Field)):
        if f.name in SCENARIO_FIELDS:
            continue
        close = difflib.get_close_matches(f.name.lower(), list(DEFINING_KEYWORDS), n=1, cutoff=0.6)
        value = f.value[0] if isinstance(f.value, tuple) and f.value else f.value
        if close and isinstance(value, str):
            out.add((DEFINING_KEYWORDS[close[0]], value))
    return out


def _err(pos: Pos, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic.at(pos, message, hint)


def _twice(pos: Pos, message: str, first: Pos, hint: str | None = None) -> Diagnostic:
    """A duplicate, with a note pointing at the first definition."""
    return Diagnostic.at(pos, message, hint, notes=(Diagnostic.note(first, "first defined here"),))


def check_top(scenario: Scenario, items: list) -> list[Diagnostic]:
    out = []
    for f in (i for i in items if isinstance(i, Field)):
        if f.name not in SCENARIO_FIELDS:
            out.append(_err(f.pos, f"unknown statement '{f.name}'", suggest(f.name, SCENARIO_FIELDS | KEYWORDS)))
    if scenario.title:
        if not scenario.ruleset:
            out.append(_err(scenario.pos, "the scenario names no ruleset", "add a line `ruleset front_lines`"))
        if not scenario.sides:
            out.append(_err(scenario.pos, "the scenario names no sides", "add a line `sides Red, Blue`"))
        if not scenario.boards:
            out.append(_err(scenario.pos, "the scenario has no board",
                            "add `board main: grid 8 x 8 { … }` (card games use a board for their table rows)"))
    out += check_fields(scenario.fields, "scenario")
    if len(set(scenario.sides)) != len(scenario.sides):
        out.append(_err(scenario.fields.pos("sides"), "a side is named twice"))
    if "players" in scenario.fields:
        out += check_players(scenario)
    return out


def check_players(scenario: Scenario) -> list[Diagnostic]:
    """`players N` or `players LOW-HIGH` / `LOW+`: each player plays one of the sides, the
    first N of them, so the fewest players must be at least 1 and at most the sides listed."""
    value = scenario.fields["players"]
    pos = typed.value_pos(_field(scenario.fields, "players"))
    whole = isinstance(value, int) and not isinstance(value, bool)
    if not whole and not isinstance(value, Range):
        return [_err(pos, f"players takes a number or a range such as 2-5, not {value!r}",
                     "write `players 2` or `players 2-5`")]
    low, high = (value, value) if whole else (value.low, value.high)
    if low < 1:
        return [_err(pos, f"players {value}: a game needs at least 1 player")]
    if high is not None and high < low:
        return []  # the language says the range runs backwards
    sides = len(scenario.sides)
    if scenario.sides and low > sides:
        return [_err(pos, f"players {value}: the scenario has {sides} side{'s' if sides != 1 else ''} "
                          f"({', '.join(scenario.sides)}), and each player plays one",
                     f"list a side per seat (`sides …`) or write `players {sides}`")]
    return []


def check_fields(fields: Fields, owner: str) -> list[Diagnostic]:
    seen: dict[str, Pos] = {}
    out = []
    for f in fields.entries:
        if f.name in seen:
            out.append(_twice(f.pos, f"{owner}: field '{f.name}' is set twice", seen[f.name]))
        seen.setdefault(f.name, f.pos)
        out += check_value(f.value, f.pos, f"{owner}: field '{f.name}'")
    return out


def check_value(value, pos: Pos, what: str) -> list[Diagnostic]:
    if isinstance(value, Length) and abs(value.mm) > MAX_LENGTH_MM:
        return [_err(pos, f"{what}: {value} is larger than anything printable (limit 5 m)")]
    if isinstance(value, Fields):
        return check_fields(value, what)
    if isinstance(value, tuple):
        return [d for v in value for d in check_value(v, pos, what)]
    return []


KIND_WORDS = {Terrain: "terrain", Board: "board", PieceType: "piece", Deck: "deck", Setup: "setup",
              Layout: "layout", Asset: "asset", Table: "table"}


def check_duplicates(items: list) -> list[Diagnostic]:
    out = []
    seen: dict[tuple[str, str], Pos] = {}
    for item in items:
        kind = KIND_WORDS.get(type(item))
        if kind is None:
            continue
        name = item.side if isinstance(item, Setup) else item.name
        key = (kind, name)
        if key in seen:
            out.append(_twice(item.pos, f"{kind} '{name}' is defined twice", seen[key]))
        else:
            seen[key] = item.pos
    return out


def _names(values) -> tuple[str, ...]:
    if values is True or values is None:
        return ()
    return tuple(str(v) for v in (values if isinstance(values, tuple) else (values,)))


def check_board(scenario: Scenario, board: Board, unknown: Unknowns) -> list[Diagnostic]:
    out = check_fields(board.fields, f"board '{board.name}'")
    reported: set[str] = set()  # unknown terrains, reported once a board
    if board.fields.get("terrain") is not None and str(board.fields.get("terrain")) not in scenario.terrains:
        t = str(board.fields["terrain"])
        reported.add(t)
        written = next(f for f in board.fields.entries if f.name == "terrain")
        unknown.add("terrain", t, typed.value_pos(written), f"unknown terrain '{t}'", suggest(t, scenario.terrains))
    out += _check_hex_geometry(board)
    out += _check_spaces(scenario, board, unknown, reported)
    out += _check_links(board)
    out += _check_borders(board)
    out += _check_zones(scenario, board, unknown)
    return out


#: a hex board's geometry words, and the values each may take (the press draws nothing else)
HEX_GEOMETRY = {"orientation": ("flat", "pointy"), "offset": ("odd", "even")}


def _check_hex_geometry(board: Board) -> list[Diagnostic]:
    """A hex board's `orientation` and `offset` are among the words the press draws."""
    out = []
    for f in board.fields.entries if board.kind == "hex" else ():
        allowed = HEX_GEOMETRY.get(f.name)
        if allowed and str(f.value) not in allowed:
            out.append(_err(typed.value_pos(f), f"board '{board.name}': {f.name} is {' or '.join(allowed)}, "
                                                f"not '{f.value}'", suggest(str(f.value), allowed)))
    return out


def _check_spaces(scenario: Scenario, board: Board, unknown: Unknowns, reported: set[str]) -> list[Diagnostic]:
    out = []
    terrains = scenario.terrains
    seen_ids: dict[str, Pos] = {}
    for space in board.spaces:
        if board.kind == "map":
            if space.id in seen_ids:
                out.append(_twice(space.pos, f"node '{space.id}' is defined twice on board '{board.name}'",
                                  seen_ids[space.id]))
            seen_ids.setdefault(space.id, space.pos)
        if space.terrain and space.terrain not in terrains and space.terrain not in reported:
            reported.add(space.terrain)
            pos = space.fields.pos("terrain") if "terrain" in space.fields else _terrain_pos(board, space)
            unknown.add("terrain", space.terrain, pos, f"unknown terrain '{space.terrain}'",
                        suggest(space.terrain, terrains))
        elif not space.terrain and board.kind == "map":
            out.append(_err(space.pos, f"node '{space.id}' has no terrain",
                            f"write `node {space.id} at … {{ terrain NAME }}` or a board field `terrain NAME`"))
        owner = space.fields.get("owner")
        if owner is not None and scenario.sides and str(owner) not in scenario.sides:
            unknown.add("side", str(owner), space.fields.pos("owner"), f"owner '{owner}' is not a side",
                        suggest(str(owner), scenario.sides))
        out += check_fields(space.fields, f"space '{space.id}'")
    return out


def _check_links(board: Board) -> list[Diagnostic]:
    out = []
    for link in board.links:
        for end in (link.a, link.b):
            if end not in board:
                noun = "node" if board.kind == "map" else "space"
                out.append(_err(link.pos, f"link {link.a}–{link.b}: unknown {noun} '{end}'",
                                suggest(end, board.space_index)))
        if board.kind != "map" and link.a in board and link.b in board:
            if link.b not in board.graph[link.a]:
                out.append(_err(link.pos, f"link {link.a}–{link.b}: the spaces are not adjacent",
                                "on a grid, a link marks the edge between two neighbouring spaces"))
        if link.a == link.b:
            out.append(_err(link.pos, f"link {link.a}–{link.b} joins a space to itself"))
    return out


def _check_borders(board: Board) -> list[Diagnostic]:
    out = []
    for border in board.borders:
        for end in (border.a, border.b):
            if end not in board:
                out.append(_err(border.pos, f"border {border.a}–{border.b}: unknown space '{end}'",
                                suggest(end, board.space_index)))
        if border.a in board and border.b in board and board.graph.has_edge(border.a, border.b):
            out.append(_err(border.pos, f"border {border.a}–{border.b}: the spaces are joined",
                            f"use `link {border.a} {border.b} {{ … }}` to mark a feature on a connection"))
    return out


def _check_zones(scenario: Scenario, board: Board, unknown: Unknowns) -> list[Diagnostic]:
    out = []
    zone_names: dict[str, Pos] = {}
    for zone in board.zones:
        if zone.name in zone_names:
            out.append(_twice(zone.pos, f"zone '{zone.name}' is defined twice on board '{board.name}'",
                              zone_names[zone.name]))
        zone_names.setdefault(zone.name, zone.pos)
        out += check_fields(zone.fields, f"zone '{zone.name}'")
        out += typed.check_fields(zone.fields, typed.ZONE_FIELDS, f"zone '{zone.name}'", closed=False)
        owner = zone.fields.get("owner")
        if owner is not None and scenario.sides and isinstance(owner, str) and owner not in scenario.sides:
            unknown.add("side", owner, zone.fields.pos("owner"), f"owner '{owner}' is not a side",
                        suggest(owner, scenario.sides))
        for sid in zone.spaces:
            if sid not in board:
                out.append(_err(zone.pos, f"zone '{zone.name}': space '{sid}' is not on board '{board.name}'",
                                suggest(sid, board.space_index) if board.kind == "map" or sid.upper() in board
                                else None))
    return out


def _terrain_pos(board: Board, space) -> Pos:
    """Where a space's terrain was named: its key entry, or the board."""
    for (sym, terrain), pos in zip(board.key, board.key_pos):
        if terrain == space.terrain:
            return pos
    return board.pos


def _find_space(scenario: Scenario, space_id: str, board_name: str | None):
    boards = [scenario.boards[board_name]] if board_name and board_name in scenario.boards else \
        list(scenario.boards.values())
    for b in boards:
        if space_id in b:
            return b, b.space(space_id)
    return None, None


def check_setup(scenario: Scenario, setup: Setup, unknown: Unknowns) -> list[Diagnostic]:
    out = check_fields(setup.fields, f"setup '{setup.side}'")
    out += typed.check_fields(setup.fields, typed.SETUP_FIELDS, f"setup '{setup.side}'", closed=False)
    if scenario.sides and setup.side not in scenario.sides:
        out.append(_err(setup.pos, f"setup for '{setup.side}', which is not a side",
                        suggest(setup.side, scenario.sides)))
    card_names = {c.name for d in scenario.decks.values() for c in d.cards}
    for f in setup.fields.entries:
        if f.name in scenario.pieces:
            out.append(_err(f.pos, f"setup '{setup.side}': '{f.name}' is a piece, but no space is given",
                            f"write `{f.name} at SPACE, SPACE` to place it, or `reserve {f.name} x2`"))
    for p in setup.placements:
        if p.piece not in scenario.pieces:
            unknown.add("piece", p.piece, p.piece_pos, f"unknown piece '{p.piece}'", suggest(p.piece, scenario.pieces))
        if p.board is not None and p.board not in scenario.boards:
            unknown.add("board", p.board, p.pos, f"unknown board '{p.board}'", suggest(p.board, scenario.boards))
            continue
        board, space = _find_space(scenario, p.space, p.board)
        if space is None:
            where = f"board '{p.board}'" if p.board else ("the board" if len(scenario.boards) == 1 else "any board")
            hint = None
            if len(scenario.boards) == 1:
                b = scenario.board
                hint = (f"spaces run from A1 to {grid_id(b.width - 1, b.height - 1)}"
                        if b.kind != "map" and b.width and b.height else suggest(p.space, b.space_index))
                if p.space.upper() in b:  # a case slip: a1 for A1
                    hint = f"did you mean '{p.space.upper()}'?"
            out.append(_err(p.pos, f"{p.piece} at {p.space}: {p.space} is not on {where}", hint))
            continue
        terrain = scenario.terrains.get(space.terrain)
        if terrain is not None and terrain.impassable:
            out.append(_err(p.pos, f"{p.piece} at {p.space}: {p.space} is {space.terrain}, which is impassable"))
    for stock in setup.reserve:
        if stock.name not in scenario.pieces:
            unknown.add("piece", stock.name, stock.pos, f"unknown piece '{stock.name}' in the reserve",
                        suggest(stock.name, scenario.pieces))
        if stock.count <= 0:
            out.append(_err(stock.pos, "a quantity must be at least 1"))
    for stock in setup.hand:
        if stock.name not in card_names:
            unknown.add("card", stock.name, stock.pos, f"unknown card '{stock.name}' in the hand", suggest(stock.name, card_names))
        if stock.count <= 0:
            out.append(_err(stock.pos, "a quantity must be at least 1"))
    return out


def check_deck(scenario: Scenario, deck: Deck, unknown: Unknowns) -> list[Diagnostic]:
    out = check_fields(deck.fields, f"deck '{deck.name}'")
    names: dict[str, Pos] = {}
    total = 0
    for card in deck.cards:
        if card.name in names:
            out.append(_twice(card.pos, f"card '{card.name}' is defined twice in deck '{deck.name}'",
                              names[card.name]))
        names.setdefault(card.name, card.pos)
        if card.quantity <= 0:
            out.append(_err(card.pos, f"card '{card.name}': a quantity must be at least 1"))
        total += max(card.quantity, 0)
        out += check_fields(card.fields, f"card '{card.name}'")
    out += check_layout_refs(scenario, deck.fields, ("layout", "back"), f"deck '{deck.name}'", unknown)
    return out


def check_layout_refs(scenario: Scenario, fields: Fields, keys: tuple[str, ...], owner: str,
                      unknown: Unknowns) -> list[Diagnostic]:
    """Fields that name a layout the press draws with must name one that exists."""
    for key in keys:
        ref = fields.get(key)
        if ref is not None and str(ref) not in scenario.layouts:
            unknown.add("layout", str(ref), fields.pos(key), f"{owner}: unknown layout '{ref}'",
                        suggest(str(ref), scenario.layouts))
    return []


def _field(fields: Fields, name: str) -> Field:
    return next(f for f in fields.entries if f.name == name)


def _check_drawn_thing(el, what: str, images: list[str], scenario: Scenario) -> list[Diagnostic]:
    """An image needs an image to draw, an icon a name: in a field or as the element's text."""
    content = el.content.strip() if el.content else None
    if el.kind == "image":
        if el.fields.get("src") is None and not content:
            return [_err(el.pos, f"{what}: an image needs an image to draw",
                         "write `src NAME` (an image declared with `image NAME \"file.png\"`)")]
        if el.fields.get("src") is None and not typed.is_template(content) and content not in scenario.assets:
            return [_err(el.pos, f"{what}: unknown image '{content}'", suggest(content, images))]
    if el.kind == "icon" and el.fields.get("name") is None and not content:
        return [_err(el.pos, f"{what}: an icon needs a name",
                     "write `name star` (a built-in icon) or the name of a declared image")]
    return []


def check_layout(scenario: Scenario, layout: Layout, unknown: Unknowns) -> list[Diagnostic]:
    out = check_fields(layout.fields, f"layout '{layout.name}'")
    out += typed.check_fields(layout.fields, typed.LAYOUT_FIELDS, f"layout '{layout.name}'", templates=True)
    fonts = tuple(scenario.assets)
    W, H = layout.width.points, layout.height.points
    if W <= 0 or H <= 0:
        out.append(_err(layout.pos, f"layout '{layout.name}' is {layout.width} x {layout.height}; "
                                    "both sizes must be positive"))
        return out
    if layout.width.mm > MAX_LENGTH_MM or layout.height.mm > MAX_LENGTH_MM:
        out.append(_err(layout.pos, f"layout '{layout.name}' is larger than anything printable (limit 5 m)"))
    eps = 0.01
    for el in layout.elements:
        what = f"layout '{layout.name}': {el.kind} at {el.x}, {el.y}"
        w = el.w.points if el.w else 0.0
        h = el.h.points if el.h else 0.0
        if el.kind == "line":  # a line may be flat in one direction, never negative
            if w < 0 or h < 0 or (el.w and el.h and w == 0 and h == 0):
                out.append(_err(el.pos, f"{what}: a line needs a length"))
        elif (el.w and w <= 0) or (el.h and h <= 0):
            out.append(_err(el.pos, f"{what} has a size that is not positive"))
        if el.x.points < -eps or el.y.points < -eps or el.x.points + w > W + eps or el.y.points + h > H + eps:
            out.append(_err(el.pos, f"{what} reaches outside the {layout.width} x {layout.height} card",
                            "elements are placed from the card's top-left corner; the bleed is added outside"))
        src = el.fields.get("src")
        images = [a.name for a in scenario.assets.values() if a.kind == "image"]
        if el.kind in ("image", "icon") and isinstance(src, str) and not typed.is_template(src) \
                and src not in scenario.assets:
            unknown.add("image", src, typed.value_pos(_field(el.fields, "src")), f"{what}: unknown image '{src}'",
                        suggest(src, images))
        out += _check_drawn_thing(el, what, images, scenario)
        font = el.fields.get("font")
        if font is not None and str(font) in scenario.assets and scenario.assets[str(font)].kind != "font":
            out.append(_err(el.fields.pos("font"), f"{what}: '{font}' is an image, not a font"))
        out += check_fields(el.fields, what)
        out += typed.check_fields(el.fields, typed.ELEMENT_FIELDS.get(el.kind, {}), what, templates=True,
                                  fonts=fonts)  # an image named as a font is reported just above
    return out
