"""`frontkit lsp`: the language server editors talk to (pygls, over stdio).

While a scenario is edited the server shows what `frontkit check` would say
(the same loader, the same diagnostics, notes as related places, hints in
the message), jumps from a name to where it is defined (terrain, pieces,
decks, cards, layouts, boards, spaces, zones, tables, images and fonts), and
completes names and the fields of the block the cursor is in.

The work is done by plain functions (`check_text`, `definitions`,
`completions`) that the pygls handlers call; the protocol is tested through
a real client in tests/test_lsp.py.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from dsl import DslError, loads
from dsl import fields as typed
from dsl.errors import Diagnostic
from dsl.loader import statements
from dsl.model import Asset, Board, Deck, Layout, PieceType, Pos, Setup, Table, Terrain
from dsl.highlight import BOARD_KINDS, ELEMENT_KINDS, KEYWORDS
from toolkit import __version__

WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-]*")


# ------------------------------------------------------------- diagnostics


def check_text(text: str, path: str) -> dict[str, list[Diagnostic]]:
    """What `frontkit check` says about `text` (the file at `path`), by file: the
    language's diagnostics, else the ruleset's and the press's (toolkit.inspect)."""
    out: dict[str, list[Diagnostic]] = {path: []}
    try:
        scenario = loads(text, path=path)
    except DslError as err:
        found = err.diagnostics
    else:
        from toolkit.inspect import beyond_language, with_sources

        lines = text.split("\n")
        found = [d.with_source(lines[d.line - 1] if 0 < d.line <= len(lines) else None)
                 if d.path == path else with_sources([d])[0] for d in beyond_language(scenario)]
    for d in found:
        out.setdefault(d.path, []).append(d)
    return out


def _range(pos_line: int, pos_col: int, line_text: str | None) -> lsp.Range:
    line = max(pos_line - 1, 0)
    col = max(pos_col - 1, 0)
    end = col + 1
    if line_text is not None:
        m = WORD.match(line_text, col)
        if m:
            end = m.end()
        elif line_text[col:col + 3] == '"""':
            end = len(line_text)
        elif line_text[col:col + 1] == '"':
            close = line_text.find('"', col + 1)
            end = close + 1 if close > 0 else len(line_text)
    return lsp.Range(start=lsp.Position(line=line, character=col), end=lsp.Position(line=line, character=end))


def to_lsp(d: Diagnostic) -> lsp.Diagnostic:
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    related = [lsp.DiagnosticRelatedInformation(
        location=lsp.Location(uri=from_fs_path(n.path) or n.path, range=_range(n.line, n.column, n.source_line)),
        message=n.message) for n in d.notes]
    meant = MEANT.fullmatch(d.hint or "")
    return lsp.Diagnostic(
        range=_range(d.line, d.column, d.source_line),
        message=message,
        severity=SEVERITY.get(d.severity, lsp.DiagnosticSeverity.Error),
        source="frontkit",
        related_information=related or None,
        data={"meant": meant.group(1)} if meant else None,
    )


SEVERITY = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning,
            "note": lsp.DiagnosticSeverity.Information}
MEANT = re.compile(r"did you mean '([^']+)'\?")


# --------------------------------------------------------------- quick fixes


def fix_range(line_text: str, column: int, meant: str) -> tuple[int, int] | None:
    """Where on the line (from the diagnostic's column, 0-based) the word stands that a
    "did you mean" replaces: the word most like `meant` that is not `meant` already."""
    best, best_ratio = None, 0.0
    for m in WORD.finditer(line_text):
        if m.end() <= column or m.group() == meant:
            continue
        ratio = difflib.SequenceMatcher(None, m.group().casefold(), meant.casefold()).ratio()
        if ratio > best_ratio:
            best, best_ratio = (m.start(), m.end()), ratio
    return best


def quick_fixes(text: str, uri: str, diagnostics: list[lsp.Diagnostic]) -> list[lsp.CodeAction]:
    """One quick fix per "did you mean": the misspelt word replaced by the meant one."""
    lines = text.split("\n")
    out = []
    for d in diagnostics:
        meant = (d.data or {}).get("meant") if isinstance(d.data, dict) else None
        line = d.range.start.line
        if not meant or not 0 <= line < len(lines):
            continue
        span = fix_range(lines[line], d.range.start.character, meant)
        if span is None:
            continue
        edit = lsp.TextEdit(range=lsp.Range(start=lsp.Position(line=line, character=span[0]),
                                            end=lsp.Position(line=line, character=span[1])),
                            new_text=meant)
        out.append(lsp.CodeAction(title=f"change to '{meant}'", kind=lsp.CodeActionKind.QuickFix,
                                  diagnostics=[d], is_preferred=True,
                                  edit=lsp.WorkspaceEdit(changes={uri: [edit]})))
    return out


# ------------------------------------------------------------- definitions


@dataclass(frozen=True)
class Definition:
    kind: str
    name: str
    pos: Pos


def definitions(text: str, path: str) -> list[Definition]:
    """Every name the file (and what it includes) defines, with where; never raises."""
    items = statements(text, path)
    out: list[Definition] = []
    kinds = {Terrain: "terrain", PieceType: "piece", Deck: "deck", Layout: "layout", Table: "table",
             Asset: "asset", Setup: "setup"}
    for item in items:
        kind = kinds.get(type(item))
        if kind is not None:
            out.append(Definition(kind, item.name, item.pos))
        if isinstance(item, Deck):
            out += [Definition("card", c.name, c.pos) for c in item.cards]
        if isinstance(item, Board):
            out.append(Definition("board", item.name, item.pos))
            out += [Definition("zone", z.name, z.pos) for z in item.zones]
            seen = set()
            for s in item.spaces:  # named spaces and nodes first; grid squares at their board
                if s.fields or item.kind == "map":
                    out.append(Definition("space", s.id, s.pos))
                    seen.add(s.id)
            out += [Definition("space", s.id, item.pos) for s in item.spaces if s.id not in seen]
    return out


def word_at(text: str, line: int, character: int) -> str | None:
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    for m in WORD.finditer(lines[line]):
        if m.start() <= character <= m.end():
            return m.group()
    return None


def find_definition(text: str, path: str, line: int, character: int) -> list[Definition]:
    name = word_at(text, line, character)
    if name is None:
        return []
    return [d for d in definitions(text, path) if d.name == name]


# -------------------------------------------------------------- completion


def enclosing_block(text: str, offset: int) -> str:
    """The header line of the innermost block the offset is in ('' at the top)."""
    depth = 0
    i = offset - 1
    while i >= 0:
        ch = text[i]
        if ch == "}":
            depth += 1
        elif ch == "{":
            if depth == 0:
                start = text.rfind("\n", 0, i) + 1
                return text[start:i].strip()
            depth -= 1
        i -= 1
    return ""


def field_schema(header: str) -> dict[str, typed.FieldSpec]:
    words = header.split()
    first = words[0] if words else ""
    if first in typed.ELEMENT_FIELDS:
        return typed.ELEMENT_FIELDS[first]
    return {"terrain": typed.TERRAIN_FIELDS, "zone": typed.ZONE_FIELDS, "layout": typed.LAYOUT_FIELDS,
            "piece": typed.PIECE_PRESS_FIELDS}.get(first, {})


def completions(text: str, path: str, line: int, character: int) -> list[lsp.CompletionItem]:
    lines = text.split("\n")
    offset = sum(len(x) + 1 for x in lines[:line]) + character
    header = enclosing_block(text, offset)
    items: list[lsp.CompletionItem] = []
    seen: set[str] = set()

    def add(label: str, kind: lsp.CompletionItemKind, detail: str) -> None:
        if label not in seen:
            seen.add(label)
            items.append(lsp.CompletionItem(label=label, kind=kind, detail=detail))

    for name, spec in field_schema(header).items():
        add(name, lsp.CompletionItemKind.Field, f"{spec.type}: {spec.doc}")
    if header.split()[:1] == ["layout"]:
        for kind in ELEMENT_KINDS:
            add(kind, lsp.CompletionItemKind.Keyword, "layout element")
    if not header or header.startswith("scenario"):
        for kw in KEYWORDS:
            add(kw, lsp.CompletionItemKind.Keyword, "statement")
    if header.startswith("board"):
        for kw in ("key", "picture", "space", "node", "link", "border", "zone"):
            add(kw, lsp.CompletionItemKind.Keyword, "board statement")
    for d in definitions(text, path):
        add(d.name, lsp.CompletionItemKind.Reference if d.kind == "space" else lsp.CompletionItemKind.Class, d.kind)
    for kind in BOARD_KINDS:
        add(kind, lsp.CompletionItemKind.Keyword, "board kind")
    return items


# ------------------------------------------------------------------- hover

KEYWORD_DOCS = {
    "scenario": "the scenario: its title, then every statement of the game in braces",
    "include": "statements read from another file of the scenario's folder",
    "ruleset": "the referee that plays the scenario (front_lines, skirmish, …)",
    "sides": "the sides, in turn order; a side's name is what players read",
    "players": "how many play (`2` or `2-5`): the first N sides play",
    "terrain": "a kind of ground: its colour and the fields the rules read",
    "board": "a board: a square grid, a hex grid or a map of nodes and links",
    "piece": "a piece type: the figures the rules read and how its counters print",
    "deck": "a deck of cards, each with a quantity, fields and effects",
    "card": "a card of the deck: `card NAME x2 { fields }`",
    "setup": "where a side's pieces start, its reserve and its hand",
    "options": "settings of the ruleset (turn limit, thresholds) the scenario chooses",
    "layout": "how a card or counter face is drawn: a size and elements",
    "table": "a table the rules look things up in (turn sequence, results by die)",
    "key": "the symbols of a board picture and the terrain each stands for",
    "picture": "a grid drawn as text, one symbol per space",
    "space": "a space of the board with fields of its own",
    "node": "a node of a map board: where it lies and its terrain",
    "link": "a connection between two spaces or nodes",
    "border": "a feature on the edge between two spaces that are not joined",
    "zone": "a named set of spaces (deployment areas, countries)",
    "reserve": "pieces a side holds off the board at the start",
    "hand": "cards a side holds at the start",
    "font": "a font file the layouts may use",
    "image": "an image file the layouts may draw",
}


def hover_text(text: str, path: str, line: int, character: int) -> str | None:
    """What the word under the cursor means: a keyword, a field of the block it is in (the
    language's or the ruleset's), or a name the scenario defines."""
    word = word_at(text, line, character)
    if word is None:
        return None
    lines = text.split("\n")
    header = enclosing_block(text, sum(len(x) + 1 for x in lines[:line]) + character)
    spec = field_schema(header).get(word)
    if spec is not None:
        return f"**{word}** ({spec.type}): {spec.doc}"
    read = _ruleset_field(text, header, word)
    if read is not None:
        return read
    if word in KEYWORD_DOCS and lines[line].lstrip().startswith(word):  # a statement's keyword
        return f"**{word}**: {KEYWORD_DOCS[word]}"
    found = [d for d in definitions(text, path) if d.name == word]
    if found:
        d = found[0]
        where = "" if d.pos.path == path else f" of {d.pos.path}"
        return f"**{word}**: {d.kind}, defined at line {d.pos.line}{where}"
    return None


RULESET = re.compile(r"^\s*ruleset\s+(\w+)", re.M)


def _ruleset_field(text: str, header: str, word: str) -> str | None:
    """A piece or card field the scenario's ruleset reads, with its type."""
    from toolkit.referee import registry

    named = RULESET.search(text)
    kind = header.split()[:1]
    if named is None or kind not in (["piece"], ["card"]):
        return None
    try:
        needs = getattr(registry.get(named.group(1)), "needs", None)
    except LookupError:
        return None
    if needs is None:
        return None
    tables = [needs.piece_fields] if kind == ["piece"] else list(needs.card_fields.values())
    for table in tables:
        if word in table:
            return f"**{word}**: a field the ruleset {named.group(1)} reads: {table[word].what}"
    return None


# ------------------------------------------------------------------ server


def make_server() -> LanguageServer:
    server = LanguageServer("frontkit", __version__)
    published: dict[str, set[str]] = {}  # document uri → the uris it last published diagnostics for

    def publish(ls: LanguageServer, uri: str) -> None:
        doc = ls.workspace.get_text_document(uri)
        path = to_fs_path(uri) or uri
        by_file = check_text(doc.source, path)
        uris = set()
        for file, diagnostics in by_file.items():
            file_uri = uri if file == path else (from_fs_path(file) or file)
            uris.add(file_uri)
            ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=file_uri, diagnostics=[to_lsp(d) for d in diagnostics]))
        for stale in published.get(uri, set()) - uris:  # a file that is clean now
            ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=stale, diagnostics=[]))
        published[uri] = uris

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    _answer_questions(server)
    return server


def _answer_questions(server: LanguageServer) -> None:
    """The requests an editor asks at the cursor: definition, completion, hover, fixes."""

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: LanguageServer, params: lsp.DefinitionParams) -> list[lsp.Location]:
        doc = ls.workspace.get_text_document(params.text_document.uri)
        path = to_fs_path(params.text_document.uri) or params.text_document.uri
        out = []
        for d in find_definition(doc.source, path, params.position.line, params.position.character):
            uri = params.text_document.uri if d.pos.path == path else (from_fs_path(d.pos.path) or d.pos.path)
            start = lsp.Position(line=max(d.pos.line - 1, 0), character=max(d.pos.column - 1, 0))
            end = lsp.Position(line=start.line, character=start.character + len(d.name))
            out.append(lsp.Location(uri=uri, range=lsp.Range(start=start, end=end)))
        return out

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" "]))
    def completion(ls: LanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        doc = ls.workspace.get_text_document(params.text_document.uri)
        path = to_fs_path(params.text_document.uri) or params.text_document.uri
        items = completions(doc.source, path, params.position.line, params.position.character)
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: LanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
        doc = ls.workspace.get_text_document(params.text_document.uri)
        path = to_fs_path(params.text_document.uri) or params.text_document.uri
        said = hover_text(doc.source, path, params.position.line, params.position.character)
        if said is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=said))

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def code_action(ls: LanguageServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        doc = ls.workspace.get_text_document(params.text_document.uri)
        return quick_fixes(doc.source, params.text_document.uri, list(params.context.diagnostics))


def serve() -> None:
    """Serve on stdin/stdout until the editor says exit."""
    make_server().start_io()


if __name__ == "__main__":
    serve()
