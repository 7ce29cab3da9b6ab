"""Load a scenario: read files, resolve includes, build the model, check it.

`load` and `loads` raise nothing but `DslError`. Every diagnostic carries
the source line it points at, so it renders with a caret.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from dsl.cards_csv import load_deck_files
from dsl import limits
from dsl.errors import Diagnostic, DslError
from dsl.files import FileRefused, decode_text, inside, read_capped
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

class Sources:
    """The text of every file read during one load, for carets and hashing.
    Each file is split into lines once, the first time a diagnostic needs it."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.unreadable = False  # some file had a syntax error
        self._lines: dict[str, list[str]] = {}

    def line(self, path: str, line: int) -> str | None:
        text = self.texts.get(path)
        if text is None or line <= 0:
            return None
        lines = self._lines.get(path)
        if lines is None:  # as the parser counts lines: \v or \f do not end one
            lines = self._lines[path] = text.split("\n")
        return lines[line - 1].rstrip("\r") if line <= len(lines) else ""

    def attach(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        return [d.with_source(self.line(d.path, d.line), tuple(self.attach(list(d.notes))))
                for d in bounded(diagnostics)]


def bounded(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """At most `diagnostics_per_file` diagnostics of each file (the first ones by position),
    then one line saying how many more there are: the output stays linear in the input."""
    cap = limits.value("diagnostics_per_file")
    by_file: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        by_file.setdefault(d.path, []).append(d)
    out: list[Diagnostic] = []
    for path, found in by_file.items():
        if len(found) <= cap:
            out.extend(found)
            continue
        found.sort(key=lambda d: (d.line, d.column))
        shown, rest = found[:cap], found[cap:]
        errors = sum(d.is_error for d in rest)
        last = shown[-1]
        more = f"and {len(rest):,} more diagnostic{'s' if len(rest) != 1 else ''} in this file"
        out.extend(shown)
        out.append(Diagnostic(path, last.line, last.column, more,
                              limits.limit_message("diagnostics_per_file"),
                              "error" if errors else "warning"))
    return out


def load(path: str | Path) -> Scenario:
    """Load and check the scenario file at `path`."""
    path = Path(path)
    display = str(path)
    try:
        data = read_capped(path, "scenario_bytes", limits.value("scenario_bytes"))
    except FileRefused as err:
        raise DslError([Diagnostic(display, 0, 0, str(err))]) from None
    return _load_bytes(data, display, path.resolve().parent)


def loads(text: str, path: str = "<string>") -> Scenario:
    """Load and check scenario text; `path` names it in diagnostics and anchors includes."""
    root = Path(path).resolve().parent if not path.startswith("<") else Path.cwd()
    return _load_bytes(text.encode("utf-8", "surrogatepass"), path, root)


def text_of(data: bytes, display: str) -> str:
    """The bytes of a scenario file as text: UTF-8, a leading BOM dropped, no NUL."""
    try:
        text = decode_text(data)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DslError([Diagnostic(display, line, col, "the file is not UTF-8 text")]) from None
    if "\x00" in text:
        at = text.index("\x00")
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        raise DslError([Diagnostic(display, line, col, "the file holds a NUL byte; it is not a text file")])
    return text


def _load_bytes(data: bytes, display: str, root: Path) -> Scenario:
    sources = Sources()
    cap = limits.value("scenario_bytes")
    if len(data) > cap:
        raise DslError([Diagnostic(display, 0, 0, "the file is " + limits.limit_message(
            "scenario_bytes", f"{len(data):,} bytes"))])
    text = text_of(data, display)
    sources.texts[display] = text
    diagnostics: list[Diagnostic] = []
    doc = parse_document(text, display)
    diagnostics.extend(doc.diagnostics)
    sources.unreadable |= doc.syntax_error
    includes = Includes(root, sources, diagnostics)
    items = includes.expand(doc, Path(display), stack=[_key(Path(display))])
    items = load_deck_files(items, root, sources.texts, diagnostics)  # `deck … from "cards.csv"`
    if doc.title is None and not doc.diagnostics:
        diagnostics.append(Diagnostic(display, 1, 1, "this file holds no `scenario \"Title\" { … }`",
                                      "an included file can be a bare list of statements, but the file "
                                      "you load must be a scenario"))
    digest = hashlib.sha256()
    for name in sorted(sources.texts):
        digest.update(sources.texts[name].encode("utf-8", "surrogatepass"))
    scenario = assemble(doc, items, display, digest.hexdigest())
    from dsl.bounds import check_bounds, check_counts

    too_many = check_counts(scenario)
    diagnostics.extend(too_many)
    # a partial or oversized scenario, or one after a syntax error: checking it would only cascade
    if not includes.stopped and not too_many and not sources.unreadable:
        from dsl.checks import check  # checks import the model only

        diagnostics.extend(check(scenario, items))
        diagnostics.extend(check_bounds(scenario))
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
    return Includes(Path(path).resolve().parent, sources, []).expand(doc, Path(path),
                                                                     stack=[_key(Path(path))])


def _key(path: Path) -> str:
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):  # a symlink loop
        return str(path)


class Includes:
    """Resolves `include` statements of one load: each file read and parsed once (an
    include bomb, each file including the next twice, costs one parse per file), every
    use counted against the `includes` and `includes_total_bytes` limits."""

    def __init__(self, root: Path, sources: Sources, diagnostics: list[Diagnostic]):
        self.root = root
        self.sources = sources
        self.diagnostics = diagnostics
        self.parsed: dict[str, tuple[Document, int] | None] = {}
        self.count = 0
        self.total_bytes = 0
        self.stopped = False

    def expand(self, doc: Document, path: Path, stack: list[str]) -> list:
        """The document's items with every `include` replaced by the included items."""
        out = []
        for item in doc.items:
            if self.stopped:
                break
            if not isinstance(item, Include):
                out.append(item)
                continue
            out.extend(self.include(item, path, stack))
        return out

    def include(self, item: Include, path: Path, stack: list[str]) -> list:
        base = path.parent if path.parent != Path("") else Path(".")
        target = base / item.target
        resolved = Path(_key(target))
        if not inside(resolved, self.root):
            self.diagnostics.append(Diagnostic.at(item.pos, f"include \"{item.target}\" leaves the scenario's folder",
                                                  f"included files must be inside {self.root}"))
            return []
        if str(resolved) in stack:
            chain = " → ".join(Path(p).name for p in stack[stack.index(str(resolved)):] + [str(resolved)])
            self.diagnostics.append(Diagnostic.at(item.pos, f"include cycle: {chain}"))
            return []
        self.count += 1
        if self.count > limits.value("includes"):
            self.refuse(item, "this include is " + limits.limit_message("includes", f"number {self.count:,}"))
            return []
        key = str(resolved)
        if key not in self.parsed:
            self.parsed[key] = self.read(item, target)
        sub, size = self.parsed[key] or (None, 0)
        if sub is None:
            return []
        self.total_bytes += size
        if self.total_bytes > limits.value("includes_total_bytes"):
            self.refuse(item, "the included files come to " + limits.limit_message(
                "includes_total_bytes", f"{self.total_bytes:,} bytes"))
            return []
        return self.expand(sub, target, stack + [key])

    def refuse(self, item: Include, message: str) -> None:
        self.diagnostics.append(Diagnostic.at(item.pos, message))
        self.stopped = True

    def read(self, item: Include, target: Path) -> tuple[Document, int] | None:
        display = str(target)
        try:
            data = read_capped(target, "include_bytes", limits.value("include_bytes"))
        except FileRefused as err:
            if str(err) == "no such file":
                self.diagnostics.append(Diagnostic.at(item.pos, f"included file \"{item.target}\" does not exist"))
            else:
                self.diagnostics.append(Diagnostic.at(item.pos, f"included file \"{item.target}\" {_as_clause(err)}"))
            return None
        try:
            text = text_of(data, display)
        except DslError as err:
            first = err.diagnostics[0]
            self.diagnostics.append(Diagnostic.at(
                item.pos, f"cannot read included file \"{item.target}\": {first.message} "
                          f"(line {first.line}, column {first.column})"))
            return None
        self.sources.texts[display] = text
        sub = parse_document(text, display)
        self.diagnostics.extend(sub.diagnostics)
        self.sources.unreadable |= sub.syntax_error
        if sub.title is not None:
            self.diagnostics.append(Diagnostic.at(item.pos, f"\"{item.target}\" is a whole scenario; only bare "
                                                            "statements can be included",
                                                  "remove the `scenario \"…\" { }` wrapper from the included file"))
            return None
        return sub, len(data)


def _as_clause(err: FileRefused) -> str:
    """"is a FIFO …" reads after the file's name; "the file is 5 MB; …" becomes "is 5 MB; …"."""
    text = str(err)
    if text.startswith("the file "):
        return text[len("the file "):]
    return text if text.startswith("is ") else f"cannot be read: {text}"


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
