"""Text → parsed statements (one file, no includes resolved).

The grammar lives in `scenario.lark`; `Builder` turns the tree into model
values that keep their source positions. Problems that the grammar cannot
see but one statement can (a picture whose rows differ in width, a field
with values and a block) are collected as diagnostics, never raised.
"""

from __future__ import annotations

import hashlib
import os
import re
import textwrap
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from dsl import limits
from dsl.errors import Diagnostic
from dsl.prescan import prescan
from dsl.model import (
    Asset,
    Board,
    Call,
    CardDef,
    Deck,
    Element,
    Field,
    Fields,
    Layout,
    Length,
    Link,
    PieceType,
    Placement,
    Pos,
    Range,
    Setup,
    Space,
    Stock,
    Table,
    Terrain,
    Zone,
    grid_id,
    parse_grid_id,
)



def board_size_problem(name: str, width: int, height: int) -> str | None:
    """Why a grid of `width` x `height` is refused (dsl.limits), or None."""
    side = limits.value("board_side")
    if width > side or height > side:
        return f"board '{name}' is {width:,} x {height:,}; " + limits.limit_message("board_side")
    if width * height > limits.value("board_spaces"):
        return f"board '{name}' has " + limits.limit_message("board_spaces", f"{width * height:,} spaces")
    return None


GRAMMAR = Path(__file__).with_name("scenario.lark")


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The scenario grammar's parser, built once per process. Building it (the LALR
    tables) costs most of a short command's start, so the built parser is kept in the
    user's cache directory (`grammar_cache`) and read back by the next command; lark
    checks the kept one against the grammar, the options and its own version, and
    builds afresh (and keeps the new one) when they differ or the file is unreadable."""
    return Lark.open(
        str(GRAMMAR),
        parser="lalr",
        propagate_positions=False,  # positions come from tokens: 3x faster on large files
        maybe_placeholders=False,
        **({"cache": str(cache)} if (cache := grammar_cache()) is not None else {}),
    )


def grammar_cache() -> Path | None:
    """Where the built parser is kept: `frontkit/` in the user's cache directory
    ($XDG_CACHE_HOME or ~/.cache; %LOCALAPPDATA% on Windows), named by the grammar's
    digest. None (no cache: the parser is built every time) when FRONTKIT_NO_CACHE is
    set, or the folder cannot be made, or it is not the user's own and private: the
    file is a pickle, read only from a folder nobody else can write."""
    if os.environ.get("FRONTKIT_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or (
        os.environ.get("LOCALAPPDATA") if os.name == "nt" else None)
    try:
        folder = (Path(base) if base else Path.home() / ".cache") / "frontkit"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if os.name != "nt":
            st = folder.stat()
            if st.st_uid != os.getuid() or st.st_mode & 0o022:
                return None
        digest = hashlib.sha256(GRAMMAR.read_bytes()).hexdigest()[:16]
    except (OSError, RuntimeError):  # no home, read-only disk, no permission
        return None
    return folder / f"scenario-grammar-{digest}.lark"


# ------------------------------------------------------------ parsed shapes


@dataclass(frozen=True)
class Include:
    target: str
    pos: Pos


@dataclass
class Document:
    """One parsed file: a scenario (title set) or a fragment of statements."""

    path: str
    title: str | None
    pos: Pos
    items: list = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    syntax_error: bool = False  # the file could not be read: later checks would only cascade


@dataclass(frozen=True)
class OptionsBlock:
    fields: Fields
    pos: Pos


# --------------------------------------------------------- syntax errors

TERMINAL_WORDS = {
    "NAME": "a name",
    "STRING": "a quoted string",
    "LONG_STRING": 'a """long string"""',
    "NUMBER": "a number",
    "INT": "a whole number",
    "LENGTH": "a length such as 63mm",
    "RANGE": "a range such as 1-2 or 2+",
    "DICE": "dice such as 2d6",
    "QUANTITY": "a quantity such as x2",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "COLON": "':'",
    "EQUAL": "'='",
    "_SEP": "the end of the line",
    "$END": "the end of the file",
    "GRID_KIND": "a board kind (grid, hex or map)",
    "MAP": "a board kind (grid, hex or map)",
    "KEY_SYMBOL": "a one-character symbol",
    "ELEMENT_KIND": "an element (text, box, image, rect, ellipse, line or icon)",
    "ASSET_KIND": "font or image",
}

# Typical mistakes, each with a message a designer understands.
EXAMPLES: dict[str, list[str]] = {
    "a board needs a name, a colon and a kind: `board main: grid 10 x 6 { … }`": [
        'scenario "s" {\n board main grid 10 x 6 {\n }\n}',
        'scenario "s" {\n board grid 10 x 6 {\n }\n}',
        'scenario "s" {\n board main: grid 10 {\n }\n}',
        'scenario "s" {\n board main: square 10 x 6 {\n }\n}',
    ],
    "a quantity is written `x2`, with no space": [
        'scenario "s" {\n deck d { card c x 2 }\n}',
        'scenario "s" {\n setup A { reserve inf x 2 }\n}',
    ],
    "the scenario title must be a quoted string: `scenario \"My game\" { … }`": [
        "scenario s {\n}",
        "scenario {\n}",
    ],
    "a block is missing its closing '}'": [
        'scenario "s" {\n terrain t { height 1\n',
        'scenario "s" {\n',
    ],
    "there is one '}' too many": [
        'scenario "s" {\n}\n}',
        'scenario "s" {\n terrain t { height 1 }}\n}',
    ],
    "a layout needs a size: `layout card 63mm x 88mm { … }`": [
        'scenario "s" {\n layout card {\n }\n}',
        'scenario "s" {\n layout card 63 x 88 {\n }\n}',
    ],
    "an element needs a position: `text at 4mm, 4mm 50mm x 8mm \"…\"`": [
        'scenario "s" {\n layout c 6mm x 8mm {\n text 4mm, 4mm "x"\n }\n}',
    ],
    "a placement names a piece and the spaces it stands on: `infantry at A1, B2`": [
        'scenario "s" {\n setup A {\n infantry A1\n }\n}',
        'scenario "s" {\n setup A {\n infantry at\n }\n}',
    ],
}


def _word(terminal: str) -> str:
    if "END" in terminal and terminal.strip("$<>-").lower() in ("end", "end-of-file"):
        return "the end of the file"
    return TERMINAL_WORDS.get(terminal, f"'{terminal.lower()}'")


@lru_cache(maxsize=1)
def example_signatures() -> list[tuple[int, str, str]]:
    """(parser state, offending token type, label) of every typical mistake.

    Like lark's `match_examples`, but keyed on the LALR state alone: lark
    also compares stack depth, which differs with the number of statements
    before the mistake, so a mistake on line 40 would not match its example.
    """
    out = []
    for label, examples in EXAMPLES.items():
        for text in examples:
            try:
                parser().parse(text)
            except UnexpectedInput as ex:
                state = getattr(ex, "state", None)
                if state is not None:
                    out.append((state.position, getattr(getattr(ex, "token", None), "type", ""), label))
    return out


def match_example(err: UnexpectedInput) -> str | None:
    state = getattr(err, "state", None)
    if state is None:
        return None
    token_type = getattr(getattr(err, "token", None), "type", "")
    by_state = [(t, label) for pos, t, label in example_signatures() if pos == state.position]
    for t, label in by_state:
        if t == token_type:
            return label
    return by_state[0][1] if by_state else None


def _found(err: UnexpectedInput) -> str:
    """`unexpected 'A1'`: what the parser met where it stopped."""
    tok = getattr(err, "token", None)
    if not isinstance(err, UnexpectedToken) or tok is None or tok.type == "$END":
        return "unexpected end of the file"
    if tok.type == "_SEP":
        return "unexpected end of the line"
    return f"unexpected '{tok.value}'"


def describe_expected(expected: set[str]) -> str:
    words = sorted({_word(t) for t in expected})
    if len(words) > 6:
        words = words[:6] + ["…"]
    return ", ".join(words)


def unclosed_brace(text: str) -> tuple[int, int] | None:
    """The (line, column) of a `{` that is never closed, if the braces do not balance.

    Strings, long strings and comments are skipped. A `}` that starts a line
    closes the innermost open block whose line is indented as much; blocks
    opened inside that one and still open are the ones never closed. The
    first such block is the answer, else the innermost one left open at the
    end of the file.
    """
    stack: list[tuple[int, int, int]] = []  # line, column, indentation of the opening line
    never_closed: list[tuple[int, int]] = []
    line, line_start, i, n = 1, 0, 0, len(text)

    def indent(start: int) -> int:
        j = start
        while j < n and text[j] in " \t":
            j += 1
        return j - start

    while i < n:
        ch = text[i]
        if ch == "\n":
            line, line_start = line + 1, i + 1
        elif ch == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            line += text.count("\n", i, end)
            if text.rfind("\n", i, end) >= 0:
                line_start = text.rfind("\n", i, end) + 1
            i = end
            continue
        elif ch == '"':
            i += 1
            while i < n and text[i] not in '"\n':
                i += 2 if text[i] == "\\" else 1
        elif ch == "{":
            stack.append((line, i - line_start + 1, indent(line_start)))
        elif ch == "}" and stack:
            if not text[line_start:i].strip():  # a `}` that starts its line
                depth = indent(line_start)
                match = next((k for k in range(len(stack) - 1, -1, -1) if stack[k][2] == depth), None)
                if match is not None and match < len(stack) - 1:
                    never_closed.extend((ln, col) for ln, col, _ in stack[match + 1:])
                    del stack[match + 1:]
            stack.pop()
        i += 1
    if text.count("{") <= text.count("}") and not stack:  # a rough check first: strings may hold braces
        return None
    if never_closed:
        return never_closed[0]
    return stack[-1][:2] if stack else None


UNIT_SLIP = re.compile(r"(-?[0-9]+(?:\.[0-9]+)?)([A-Za-z]+)")


def unit_slip(text: str, offset: int) -> tuple[int, str] | None:
    """`63mmm` around `offset`: (offset of the unit, the unit) when a number wears an unknown unit."""
    start = offset
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "._-"):
        start -= 1
    end = offset
    while end < len(text) and (text[end].isalnum() or text[end] in "._"):
        end += 1
    m = UNIT_SLIP.fullmatch(text[start:end])
    if not m or m.group(2) in ("mm", "cm", "in", "pt") or m.group(2).startswith(("x", "d")):
        return None
    return start + m.start(2), m.group(2)


def _line_col(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def syntax_diagnostic(err: UnexpectedInput, text: str, path: str) -> Diagnostic:
    line = getattr(err, "line", 0) or 0
    column = getattr(err, "column", 0) or 0
    if isinstance(err, UnexpectedEOF) or line <= 0 or column <= 0:
        lines = text.splitlines() or [""]
        line, column = len(lines), len(lines[-1]) + 1
    offset = getattr(getattr(err, "token", None), "start_pos", None)
    if offset is None:
        offset = getattr(err, "pos_in_stream", None)
    slip = unit_slip(text, offset) if isinstance(offset, int) and 0 <= offset < len(text) else None
    if slip is not None:
        unit_line, unit_col = _line_col(text, slip[0])
        return Diagnostic(path, unit_line, unit_col, f"unknown unit '{slip[1]}'; lengths take mm, cm, in, pt")
    opened = unclosed_brace(text)
    if opened is not None and opened < (line, column):
        found = _found(err)
        return Diagnostic(path, line, column, f"`{{` opened at {opened[0]}:{opened[1]} is never closed",
                          f"the parser noticed here ({found}); add the missing '}}' where the block ends",
                          notes=(Diagnostic.note(Pos(path, *opened), "this block is never closed"),))
    label = match_example(err)
    if isinstance(err, UnexpectedToken):
        message = f"{_found(err)}; expected {describe_expected(err.expected)}"
    elif isinstance(err, UnexpectedCharacters):
        ch = text[err.pos_in_stream] if err.pos_in_stream < len(text) else ""
        if ch == '"' and _unterminated(text, err.pos_in_stream):
            return Diagnostic(path, line, column, "this string is never closed: the line "
                              "ends before its closing '\"'",
                              'add the closing " (a string runs to the end of its line; '
                              'a """long string""" may span lines)')
        message = f"unexpected character {ch!r}"
        if err.allowed:
            message += f"; expected {describe_expected(set(err.allowed))}"
    elif isinstance(err, UnexpectedEOF):
        message = f"unexpected end of the file; expected {describe_expected(set(err.expected))}"
    else:  # pragma: no cover - lark has no other kinds
        message = "cannot read this"
    if label and "closing" in label and isinstance(err, (UnexpectedEOF,)) is False:
        # the closing-brace example only fits when the file really ended
        if not (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
            label = None
    return Diagnostic(path, line, column, message, hint=label)


# ----------------------------------------------------------------- values

_ESCAPE = re.compile(r"\\(.)")


def unquote(token: str) -> str:
    return _ESCAPE.sub(lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), token[1:-1])


def long_text(token: str) -> str:
    body = token[3:-3]
    if body.startswith("\n"):
        body = body[1:]
    return textwrap.dedent(body).rstrip()


@dataclass
class BoardBody:
    """A board block's statements as `Builder._sorted_body` sorted them: its fields, its key
    (symbol -> terrain, with the terrain's position and the symbol's fields), and the
    other statements by kind."""

    fields: Fields = field(default_factory=Fields)
    key: dict[str, str] = field(default_factory=dict)
    key_pos: dict[str, Pos] = field(default_factory=dict)
    key_fields: dict[str, Fields] = field(default_factory=dict)
    stmts: dict[str, list] = field(default_factory=lambda: {
        t: [] for t in ("picture", "space", "node", "link", "border", "zone")})


class Builder(Transformer):
    """Lark tree → model values. One instance per file."""

    def __init__(self, path: str, text: str):
        super().__init__(visit_tokens=False)
        self.path = path
        self.text = text
        self.diagnostics: list[Diagnostic] = []
        self.value_pos: list[Pos | None] = []

    # ---- helpers
    def pos(self, item) -> Pos:
        if isinstance(item, Token):
            return Pos(self.path, item.line or 0, item.column or 0)
        meta = getattr(item, "meta", item)
        return Pos(self.path, getattr(meta, "line", 0) or 0, getattr(meta, "column", 0) or 0)

    def error(self, pos: Pos, message: str, hint: str | None = None, notes: tuple = ()) -> None:
        self.diagnostics.append(Diagnostic.at(pos, message, hint, notes=notes))

    # ---- values
    # Each value rule pushes where its value was written onto `value_pos`;
    # the rule that holds values (a field, a list, a call's argument) pops
    # its own, so a check can point at the value, not the field's name.
    def _at(self, token, value):
        self.value_pos.append(self.pos(token))
        return value

    def number(self, c):
        t = c[0]
        return self._at(t, int(t) if re.fullmatch(r"-?[0-9]+", t) else float(t))

    def length(self, c):
        return self._at(c[0], Length.parse(str(c[0])))

    def range(self, c):
        t = str(c[0])
        if t.endswith("+"):
            return self._at(c[0], Range(int(t[:-1]), None))
        lo, hi = t.split("-")
        if int(hi) < int(lo):
            self.error(self.pos(c[0]), f"range {t} runs backwards", f"write {hi}-{lo}")
        return self._at(c[0], Range(int(lo), int(hi)))

    def dice(self, c):
        return self._at(c[0], str(c[0]))

    def string(self, c):
        return self._at(c[0], unquote(str(c[0])))

    def long_string(self, c):
        return self._at(c[0], long_text(str(c[0])))

    def name(self, c):
        t = str(c[0])
        return self._at(c[0], {"true": True, "false": False}.get(t, t))

    def _pop(self, n: int) -> list:
        if n <= 0:
            return []
        taken = self.value_pos[-n:]
        del self.value_pos[-n:]
        return taken

    def list(self, c):
        inner = self._pop(len(c))
        self.value_pos.append(inner[0] if inner else None)
        return tuple(c)

    def call(self, c):
        name, *args = c
        self.value_pos.append(self.pos(name))
        return Call(str(name), tuple(args), self.pos(name))

    def arg(self, c):
        self._pop(1)
        return (str(c[0]), c[1])

    # ---- fields
    def field(self, c):
        name, *rest = c
        block = rest.pop() if rest and isinstance(rest[-1], Fields) else None
        positions = tuple(self._pop(len(rest)))
        pos = self.pos(name)
        if block is not None and rest:
            value = tuple(rest) + (block,)
        elif block is not None:
            value = block
        elif not rest:
            value = True
        elif len(rest) == 1:
            value = rest[0]
        else:
            value = tuple(rest)
        return Field(str(name), value, pos, positions)

    def block(self, c):
        return Fields(tuple(c))

    # ---- top level
    def include(self, c):
        return Include(unquote(str(c[0])), self.pos(c[0]))

    def terrain(self, c):
        fields = c[1] if len(c) > 1 else Fields()
        tags = frozenset(str(t) for t in _as_tuple(fields.get("tags", ())))
        return Terrain(str(c[0]), fields, tags, self.pos(c[0]))

    def piece(self, c):
        return PieceType(str(c[0]), c[1] if len(c) > 1 else Fields(), self.pos(c[0]))

    def table(self, c):
        return Table(str(c[0]), c[1], self.pos(c[0]))

    def options(self, c):
        return OptionsBlock(c[1], self.pos(c[0]))

    def asset(self, c):
        kind, name, path = c
        return Asset(str(name), unquote(str(path)), str(kind), self.pos(name))

    # ---- boards
    def grid_shape(self, c):
        return (str(c[0]), int(c[1]), int(c[2]), self.pos(c[1]))

    def map_shape(self, c):
        return ("map", 0, 0, self.pos(c[0]))

    def board_body(self, c):
        return list(c)

    def key(self, c):
        return ("key", c[0][2] if c else None, list(c))

    def key_entry(self, c):
        fields = c[2] if len(c) > 2 else Fields()
        return (str(c[0]), str(c[1]), self.pos(c[0]), self.pos(c[1]), fields)

    def picture(self, c):
        return ("picture", self.pos(c[0]), c[0])

    def ident(self, c):
        return c[0]

    def space(self, c):
        fields = c[-1] if isinstance(c[-1], Fields) else Fields()
        ids = [t for t in c if isinstance(t, Token)]
        return ("space", self.pos(ids[0]), ids, fields)

    def coord(self, c):
        return tuple(self.number([t]) for t in c)

    def node(self, c):
        ident = c[0]
        coord = next((x for x in c[1:] if isinstance(x, tuple)), None)
        fields = c[-1] if isinstance(c[-1], Fields) else Fields()
        return ("node", self.pos(ident), ident, coord, fields)

    def link(self, c, tag: str = "link"):
        fields = c[-1] if isinstance(c[-1], Fields) else Fields()
        ids = [t for t in c if isinstance(t, Token)]
        return (tag, self.pos(ids[0]), ids, fields)

    def border(self, c):
        return self.link(c, tag="border")

    def zone(self, c):
        return ("zone", self.pos(c[0]), str(c[0]), list(c[1:]))

    def zone_part(self, c):
        return tuple(c)

    def board(self, c):
        name = c[0]
        kind, width, height, shape_pos = c[1]
        body = c[2] if len(c) > 2 else []
        return self.make_board(str(name), self.pos(name), kind, width, height, shape_pos, body)

    def make_board(self, name, pos, kind, width, height, shape_pos, body) -> Board:
        b = self._sorted_body(body)
        default_terrain = b.fields.get("terrain")
        if kind in ("grid", "hex"):
            spaces, width, height = self._grid_spaces(name, pos, kind, width, height, shape_pos, b,
                                                      default_terrain)
        else:
            spaces = self._map_spaces(name, pos, b, default_terrain)
        links = self._joins(b.stmts["link"])
        borders = self._joins(b.stmts["border"])
        self.board_size = (width, height)
        zones = [self.make_zone(name, kind, zstmt) for zstmt in b.stmts["zone"]]
        key = b.key
        return Board(name, kind, width, height, tuple(spaces), tuple(links), tuple(zones), b.fields, pos,
                     tuple(key.items()), tuple(b.key_pos[k] for k in key), tuple(borders),
                     tuple(b.key_fields[k] for k in key))

    def _sorted_body(self, body) -> BoardBody:
        """A board's statements sorted by kind, and its key read (a symbol twice is an error)."""
        b = BoardBody()
        fields: list[Field] = []
        sym_pos: dict[str, Pos] = {}
        for stmt in body:
            if isinstance(stmt, Field):
                fields.append(stmt)
            elif stmt[0] == "key":
                for sym, terrain, kpos, tpos, kfields in stmt[2]:
                    if sym in b.key:
                        self.error(kpos, f"symbol '{sym}' is already in the key (as '{b.key[sym]}')",
                                   notes=(Diagnostic.note(sym_pos[sym], "first defined here"),))
                    sym_pos.setdefault(sym, kpos)
                    b.key[sym] = terrain
                    b.key_pos[sym] = tpos
                    b.key_fields[sym] = kfields
            else:
                b.stmts[stmt[0]].append(stmt)
        b.fields = Fields(tuple(fields))
        return b

    def _grid_spaces(self, name, pos, kind, width, height, shape_pos, b: BoardBody,
                    default_terrain) -> tuple[list[Space], int, int]:
        """The spaces of a square or hex grid, row by row, from its picture and its `space`
        statements; and its size (0 x 0 when the size is refused)."""
        if width <= 0 or height <= 0:
            self.error(shape_pos, f"board '{name}' is {width} x {height}; both sizes must be at least 1")
            width, height = max(width, 0), max(height, 0)
        too_big = board_size_problem(name, width, height)
        if too_big:
            self.error(shape_pos, too_big, "split it into several boards")
            width = height = 0
        node_stmts = b.stmts["node"]
        if node_stmts:
            self.error(node_stmts[0][1], f"'node' belongs on a map; board '{name}' is a {kind}",
                       "use `space ID { … }` on grids")
        terrains = self.read_picture(name, width, height, b.key, b.stmts["picture"], default_terrain, pos)
        overrides = self._space_fields(name, width, height, b)
        spaces = []
        for row in range(height):
            for col in range(width):
                sid = grid_id(col, row)
                parts = overrides.get(sid)
                sf = Fields(tuple(e for part in parts for e in part.entries)) if parts else Fields()
                terrain = sf.get("terrain", terrains.get((col, row), default_terrain or ""))
                spaces.append(Space(sid, str(terrain), (col, row), sf, Pos(self.path, pos.line, pos.column)))
        return spaces, width, height

    def _space_fields(self, name, width, height, b: BoardBody) -> dict[str, list[Fields]]:
        """Each grid space's fields, in parts: its key symbol's, then its `space` statements'
        (joined once by the caller: no copy per statement). A space off the board is an error."""
        overrides: dict[str, list[Fields]] = {}
        for (col, row), sym in self.picture_symbols.items():
            if b.key_fields.get(sym):  # fields a key symbol gives every space drawn with it
                overrides[grid_id(col, row)] = [b.key_fields[sym]]
        for _, spos, ids, sfields in b.stmts["space"]:
            for ident in ids:
                sid = str(ident)
                cr = parse_grid_id(sid)
                if cr is None or not (0 <= cr[0] < width and 0 <= cr[1] < height):
                    slip = parse_grid_id(sid.upper())
                    hint = (f"did you mean '{sid.upper()}'?" if slip and 0 <= slip[0] < width and 0 <= slip[1] < height
                            else f"spaces run from A1 to {grid_id(width - 1, height - 1)}" if width and height
                            else None)
                    self.error(self.pos(ident), f"space '{sid}' is not on board '{name}' ({width} x {height})", hint)
                    continue
                overrides.setdefault(sid, []).append(sfields)
        return overrides

    def _map_spaces(self, name, pos, b: BoardBody, default_terrain) -> list[Space]:
        """The nodes of a node-and-link map; pictures, keys and `space` belong on grids."""
        pictures, space_stmts, node_stmts = b.stmts["picture"], b.stmts["space"], b.stmts["node"]
        if pictures or b.key:
            self.error(pictures[0][1] if pictures else pos, f"board '{name}' is a map; pictures are for grids",
                       "declare nodes with `node ID at X, Y { … }`")
        if space_stmts:
            self.error(space_stmts[0][1], f"'space' belongs on grids; board '{name}' is a map",
                       "use `node ID at X, Y { … }`")
        if len(node_stmts) > limits.value("board_spaces"):
            self.error(node_stmts[limits.value("board_spaces")][1], f"board '{name}' has " +
                       limits.limit_message("board_spaces", f"{len(node_stmts):,} nodes"))
            node_stmts = []
        spaces = []
        for _, npos, ident, coord, nfields in node_stmts:
            if coord is None:
                self.error(npos, f"node '{ident}' has no position", f"write `node {ident} at X, Y`")
                coord = (0, 0)
            terrain = nfields.get("terrain", default_terrain or "")
            spaces.append(Space(str(ident), str(terrain), coord, nfields, npos))
        return spaces

    def _joins(self, stmts) -> list[Link]:
        """`link A, B, C` or `border A, B`: one Link per pair of neighbours in the list."""
        return [Link(str(a), str(b), jfields, self.pos(a))
                for _, _, ids, jfields in stmts for a, b in zip(ids, ids[1:])]

    def read_picture(self, name, width, height, key, pictures, default_terrain, pos) -> dict:
        terrains: dict[tuple[int, int], str] = {}
        self.picture_symbols: dict[tuple[int, int], str] = {}
        if not pictures:
            if not default_terrain and width and height:
                self.error(pos, f"board '{name}' has neither a picture nor a default terrain",
                           "add `picture \"\"\"…\"\"\"` with a key, or a field `terrain NAME`")
            return terrains
        if len(pictures) > 1:
            self.error(pictures[1][1], f"board '{name}' has more than one picture")
        _, ppos, token = pictures[0]
        if not key:
            self.error(ppos, f"board '{name}' has a picture but no key", "add `key { . plain  h hill }`")
        # locate each row in the source to point at the right line and column
        raw = str(token)[3:-3]
        lines = raw.split("\n")
        rows = []
        for i, line in enumerate(lines):
            if not line.strip():
                continue
            line_no = token.line + i
            first_col = (token.column + 3) if i == 0 else 1
            symbols = []
            for m in re.finditer(r"\S+", line):
                symbols.append((m.group(), line_no, first_col + m.start()))
            rows.append((line_no, first_col + len(line) - len(line.lstrip()), symbols))
        if len(rows) != height:
            self.error(ppos, f"picture of board '{name}' has {len(rows)} rows; the board has {height}")
        widths = {len(r[2]) for r in rows}
        for line_no, col, symbols in rows:
            if len(symbols) != width:
                self.error(Pos(self.path, line_no, col),
                           f"picture row has {len(symbols)} spaces; board '{name}' is {width} wide",
                           "every row needs one symbol per space, separated by spaces" if len(widths) > 1 else None)
        if not key:
            return terrains  # reported above; every symbol would be "not in the key"
        missing: dict[str, list[Pos]] = {}  # one error per symbol, however often it is drawn
        for r, (_, _, symbols) in enumerate(rows[:height]):
            for c, (sym, line_no, col) in enumerate(symbols[:width]):
                if sym not in key:
                    missing.setdefault(sym, []).append(Pos(self.path, line_no, col))
                    continue
                terrains[(c, r)] = key[sym]
                self.picture_symbols[(c, r)] = sym
        for sym, places in missing.items():
            from dsl.errors import suggest  # local: only on error

            others = places[1:]
            notes = [Diagnostic.note(p, "also drawn here") for p in others[:3]]
            if len(others) > 3:
                more = len(others) - 3
                notes[-1] = Diagnostic.note(others[2], f"also drawn here, and {more} more time{'s' if more != 1 else ''}")
            self.error(places[0], f"symbol '{sym}' is not in the key of board '{name}'",
                       suggest(sym, key) if len(sym) > 1 else
                       ("the key has: " + " ".join(sorted(key)) if key else None), notes=tuple(notes))
        return terrains

    def make_zone(self, board_name, kind, zstmt) -> Zone:
        _, zpos, zname, parts = zstmt
        fields = parts.pop() if parts and isinstance(parts[-1], Fields) else Fields()
        ids: list[str] = []
        for part in parts:
            if len(part) == 1:
                ids.append(str(part[0]))
                continue
            a, b = (str(p) for p in part)
            ca, cb = parse_grid_id(a), parse_grid_id(b)
            if kind == "map" or ca is None or cb is None:
                self.error(self.pos(part[0]), f"zone '{zname}': a range {a}..{b} needs two grid spaces",
                           "list the spaces one by one on maps")
                continue
            size = (abs(ca[0] - cb[0]) + 1) * (abs(ca[1] - cb[1]) + 1)
            if not all(0 <= x < w and 0 <= y < h for (x, y), (w, h) in
                       ((ca, self.board_size), (cb, self.board_size))):
                w, h = self.board_size
                self.error(self.pos(part[0]), f"zone '{zname}': the range {a}..{b} runs off board "
                                              f"'{board_name}' ({w} x {h})",
                           f"spaces run from A1 to {grid_id(w - 1, h - 1)}" if w and h else None)
                continue
            if size > limits.value("zone_spaces"):
                self.error(self.pos(part[0]), f"zone '{zname}': the range {a}..{b} covers " +
                           limits.limit_message("zone_spaces", f"{size:,} spaces"))
                continue
            for r in range(min(ca[1], cb[1]), max(ca[1], cb[1]) + 1):
                for c in range(min(ca[0], cb[0]), max(ca[0], cb[0]) + 1):
                    ids.append(grid_id(c, r))
        return Zone(zname, tuple(ids), fields, zpos)

    # ---- decks
    def deck_body(self, c):
        return list(c)

    def card(self, c):
        name = c[0]
        qty = 1
        fields = Fields()
        for x in c[1:]:
            if isinstance(x, Token) and x.type == "QUANTITY":
                qty = int(str(x)[1:])
            elif isinstance(x, Fields):
                fields = x
        effects = []
        kept = []
        for f in fields.entries:
            if f.name == "effect":
                values = f.value if isinstance(f.value, tuple) else (f.value,)
                for v in values:
                    if isinstance(v, Call):
                        effects.append(v)
                    else:
                        self.error(f.pos, f"card '{name}': an effect is a primitive with parameters",
                                   "write `effect gain(kind=air, n=3)`")
            else:
                kept.append(f)
        return CardDef(str(name), qty, Fields(tuple(kept)), tuple(effects), self.pos(name))

    def deck_source(self, c):
        # `from "cards.csv"`: kept as the deck field `from`; the loader reads the file
        return Field("from", unquote(str(c[0])), self.pos(c[0]))

    def deck(self, c):
        name = c[0]
        source = [x for x in c[1:] if isinstance(x, Field) and x.name == "from"]
        rest = [x for x in c[1:] if not (isinstance(x, Field) and x.name == "from")]
        body = rest[-1] if rest and isinstance(rest[-1], list) else []
        strings = [x for x in rest if isinstance(x, Token) and x.type == "STRING"]
        title = unquote(str(strings[0])) if strings else str(name).replace("_", " ").title()
        cards = tuple(x for x in body if isinstance(x, CardDef))
        fields = Fields(tuple(source) + tuple(x for x in body if isinstance(x, Field)))
        return Deck(str(name), title, cards, fields, self.pos(name))

    # ---- setups
    def setup_body(self, c):
        return list(c)

    def placement(self, c):
        piece = c[0]
        qty = 1
        rest = c[1:]
        if rest and isinstance(rest[0], Token) and rest[0].type == "QUANTITY":
            qty = int(str(rest[0])[1:])
            rest = rest[1:]
        board = None
        if rest and isinstance(rest[-1], tuple):
            board = rest[-1][1]
            rest = rest[:-1]
        return [Placement(str(piece), str(ident), qty, board, Fields(), self.pos(ident), self.pos(piece))
                for ident in rest] \
            + ([("qty", qty, self.pos(piece))] if qty <= 0 else [])

    def on_board(self, c):
        return ("on", str(c[0]))

    def reserve(self, c):
        return ("reserve", list(c))

    def hand(self, c):
        return ("hand", list(c))

    def stock(self, c):
        qty = int(str(c[1])[1:]) if len(c) > 1 else 1
        return Stock(str(c[0]), qty, self.pos(c[0]))

    def setup(self, c):
        side = c[0]
        placements, reserve, hand, fields = [], [], [], []
        for stmt in c[1]:
            if isinstance(stmt, Field):
                fields.append(stmt)
            elif isinstance(stmt, list):
                for p in stmt:
                    if isinstance(p, Placement):
                        placements.append(p)
                    else:
                        self.error(p[2], "a quantity must be at least 1")
            elif stmt[0] == "reserve":
                reserve.extend(stmt[1])
            else:
                hand.extend(stmt[1])
        return Setup(str(side), tuple(placements), tuple(reserve), tuple(hand), Fields(tuple(fields)), self.pos(side))

    # ---- layouts
    def layout_body(self, c):
        return list(c)

    def element(self, c):
        kind = str(c[0])
        lengths = [x for x in c[1:] if isinstance(x, Token) and x.type == "LENGTH"]
        content = next((x for x in c[1:] if isinstance(x, Token) and x.type in ("STRING", "LONG_STRING")), None)
        fields = c[-1] if isinstance(c[-1], Fields) else Fields()
        x, y = Length.parse(lengths[0]), Length.parse(lengths[1])
        w = Length.parse(lengths[2]) if len(lengths) > 2 else None
        h = Length.parse(lengths[3]) if len(lengths) > 3 else None
        text = None
        if content is not None:
            text = long_text(str(content)) if content.type == "LONG_STRING" else unquote(str(content))
        return Element(kind, x, y, w, h, text, fields, self.pos(c[0]))

    def layout(self, c):
        name, w, h, body = c
        elements = tuple(x for x in body if isinstance(x, Element))
        fields = Fields(tuple(x for x in body if isinstance(x, Field)))
        return Layout(str(name), Length.parse(w), Length.parse(h), elements, fields, self.pos(name))

    # ---- files
    def scenario(self, c):
        return ("scenario", unquote(str(c[0])), self.pos(c[0]), list(c[1:]))

    def start(self, c):
        return list(c)


def _as_tuple(value) -> tuple:
    return value if isinstance(value, tuple) else (value,)


def parse_document(text: str, path: str) -> Document:
    """Parse one file. Syntax errors become diagnostics in the Document."""
    too_deep = prescan(text, path)  # before anything that recurses per level
    if too_deep is not None:
        return Document(path, None, Pos(path, 1, 1), [], [too_deep])
    try:
        tree = parser().parse(text)
    except UnexpectedInput as err:
        return Document(path, None, Pos(path, 1, 1), [], [syntax_diagnostic(err, text, path)], syntax_error=True)
    builder = Builder(path, text)
    try:
        result = builder.transform(tree)
    except VisitError as err:  # a value the grammar admits but the model refuses
        orig = err.orig_exc
        meta = getattr(err.obj, "meta", None)
        line = getattr(meta, "line", 1) or 1
        column = getattr(meta, "column", 1) or 1
        return Document(path, None, Pos(path, 1, 1), [], [Diagnostic(path, line, column, str(orig))],
                        syntax_error=True)
    items = []
    title = None
    doc_pos = Pos(path, 1, 1)
    for entry in result:
        if isinstance(entry, tuple) and entry and entry[0] == "scenario":
            _, title, doc_pos, body = entry
            items.extend(body)
        else:
            items.append(entry)
    return Document(path, title, doc_pos, items, builder.diagnostics)


def _unterminated(text: str, at: int) -> bool:
    """The `"` at offset `at` opens a string with no closing `"` on its line."""
    end = text.find("\n", at)
    rest = text[at + 1:] if end < 0 else text[at + 1:end]
    return '"' not in rest.replace('\\"', "")
