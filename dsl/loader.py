"""Load a scenario: read files, resolve includes, build the model, check it.

`load` and `loads` raise nothing but `DslError`. Every diagnostic carries
the source line it points at, so it renders with a caret.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from dsl.cards_csv import load_deck_files
from dsl.errors import Diagnostic, DslError
from dsl.model import (
    Asset,
    Board,
    Catalog,
    Deck,
    Field,
    Fields,
    Layout,
    PieceType,
    Scenario,
    Setup,
    Table,
    Terrain,
)
from dsl.parse import Document, Include, OptionsBlock, parse_document

MAX_FILE_BYTES = 20 * 1024 * 1024


class Sources:
    """The text of every file read during one load, for carets and hashing."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.unreadable = False  # some file had a syntax error

    def line(self, path: str, line: int) -> str | None:
        text = self.texts.get(path)
        if text is None or line <= 0:
            return None
        lines = text.split("\n")  # as the parser counts lines: \v or \f do not end one
        return lines[line - 1].rstrip("\r") if line <= len(lines) else ""

    def attach(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        return [d.with_source(self.line(d.path, d.line), tuple(self.attach(list(d.notes))))
                for d in diagnostics]


def load(path: str | Path) -> Scenario:
    """Load and check the scenario file at `path`."""
    path = Path(path)
    display = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DslError([Diagnostic(display, 0, 0, "no such file")]) from None
    except IsADirectoryError:
        raise DslError([Diagnostic(display, 0, 0, "is a folder, not a scenario file")]) from None
    except OSError as exc:
        raise DslError([Diagnostic(display, 0, 0, f"cannot read: {exc.strerror}")]) from None
    return _load_bytes(data, display, path.resolve().parent)


def loads(text: str, path: str = "<string>") -> Scenario:
    """Load and check scenario text; `path` names it in diagnostics and anchors includes."""
    root = Path(path).resolve().parent if not path.startswith("<") else Path.cwd()
    return _load_bytes(text.encode("utf-8"), path, root)


def _load_bytes(data: bytes, display: str, root: Path) -> Scenario:
    sources = Sources()
    if len(data) > MAX_FILE_BYTES:
        raise DslError([Diagnostic(display, 0, 0, f"file is {len(data):,} bytes; the limit is {MAX_FILE_BYTES:,}")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DslError([Diagnostic(display, line, col, "the file is not UTF-8 text")]) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise DslError([Diagnostic(display, line, 1, "the file holds a NUL byte; it is not a text file")])
    sources.texts[display] = text
    diagnostics: list[Diagnostic] = []
    doc = parse_document(text, display)
    diagnostics.extend(doc.diagnostics)
    sources.unreadable |= doc.syntax_error
    items = _expand(doc, Path(display), root, sources, diagnostics, stack=[_key(Path(display))])
    items = load_deck_files(items, root, sources.texts, diagnostics)  # `deck … from "cards.csv"`
    if doc.title is None and not doc.diagnostics:
        diagnostics.append(Diagnostic(display, 1, 1, "this file holds no `scenario \"Title\" { … }`",
                                      "an included file can be a bare list of statements, but the file "
                                      "you load must be a scenario"))
    digest = hashlib.sha256()
    for name in sorted(sources.texts):
        digest.update(sources.texts[name].encode("utf-8"))
    scenario = assemble(doc, items, display, digest.hexdigest())
    from dsl.checks import check  # checks import the model only

    if not sources.unreadable:  # after a syntax error, every later check would only cascade
        diagnostics.extend(check(scenario, items))
    errors = [d for d in diagnostics if d.is_error]
    if errors:
        raise DslError(sources.attach(diagnostics), files=tuple(sources.texts))
    return replace(scenario, files=tuple(sources.texts))


def statements(text: str, path: str) -> list:
    """The parsed statements of `text` (the file at `path`) with includes spliced in, unchecked.

    Never raises: what cannot be read is left out. Editors use it to find
    where names are defined while the file still has mistakes.
    """
    doc = parse_document(text, path)
    sources = Sources()
    sources.texts[path] = text
    return _expand(doc, Path(path), Path(path).resolve().parent, sources, [], stack=[_key(Path(path))])


def _key(path: Path) -> str:
    try:
        return str(path.resolve())
    except OSError:
        return str(path)


def _expand(doc: Document, path: Path, root: Path, sources: Sources, diagnostics: list[Diagnostic],
            stack: list[str]) -> list:
    """The document's items with every `include` replaced by the included items."""
    out = []
    for item in doc.items:
        if not isinstance(item, Include):
            out.append(item)
            continue
        base = path.parent if path.parent != Path("") else Path(".")
        target = (base / item.target)
        resolved = Path(_key(target))
        if not resolved.is_relative_to(root):
            diagnostics.append(Diagnostic.at(item.pos, f"include \"{item.target}\" leaves the scenario's folder",
                                             f"included files must be inside {root}"))
            continue
        if str(resolved) in stack:
            chain = " → ".join(Path(p).name for p in stack[stack.index(str(resolved)):] + [str(resolved)])
            diagnostics.append(Diagnostic.at(item.pos, f"include cycle: {chain}"))
            continue
        try:
            text = target.read_text(encoding="utf-8")
        except FileNotFoundError:
            diagnostics.append(Diagnostic.at(item.pos, f"included file \"{item.target}\" does not exist"))
            continue
        except (OSError, UnicodeDecodeError) as exc:
            diagnostics.append(Diagnostic.at(item.pos, f"cannot read included file \"{item.target}\": {exc}"))
            continue
        display = str(target)
        sources.texts[display] = text
        sub = parse_document(text, display)
        diagnostics.extend(sub.diagnostics)
        sources.unreadable |= sub.syntax_error
        if sub.title is not None:
            diagnostics.append(Diagnostic.at(item.pos, f"\"{item.target}\" is a whole scenario; only bare "
                                                       "statements can be included",
                                             "remove the `scenario \"…\" { }` wrapper from the included file"))
            continue
        out.extend(_expand(sub, target, root, sources, diagnostics, stack + [str(resolved)]))
    return out


def assemble(doc: Document, items: list, path: str, source_hash: str) -> Scenario:
    """Group parsed items into a Scenario (first definition of a name wins)."""
    fields = [i for i in items if isinstance(i, Field)]
    options: list[Field] = []
    for block in (i for i in items if isinstance(i, OptionsBlock)):
        options.extend(block.fields.entries)
    top = Fields(tuple(fields))
    sides = top.get("sides", ())
    sides = tuple(str(s) for s in (sides if isinstance(sides, tuple) else (sides,))) if sides is not True else ()

    def of(kind):
        return tuple(i for i in items if isinstance(i, kind))

    return Scenario(
        title=doc.title or "",
        ruleset=str(top.get("ruleset", "")),
        sides=sides,
        fields=top,
        terrains=Catalog(of(Terrain)),
        boards=Catalog(of(Board)),
        pieces=Catalog(of(PieceType)),
        decks=Catalog(of(Deck)),
        setups=Catalog(of(Setup)),
        options=Fields(tuple(options)),
        layouts=Catalog(of(Layout)),
        assets=Catalog(of(Asset)),
        tables=Catalog(of(Table)),
        path=path,
        source_hash=source_hash,
        pos=doc.pos,
    )
