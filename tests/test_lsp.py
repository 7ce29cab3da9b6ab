"""`frontkit lsp` through its protocol (issue 13): a real client starts the server
over stdio, opens a scenario with mistakes, receives the same diagnostics as
`frontkit check`, asks where a name is defined, and asks for completions."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")  # the editor extra; `pip install -e '.[test]'` brings it

from lsprotocol import types as lsp  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

from dsl import DslError, load  # noqa: E402
from toolkit.inspect import beyond_language  # noqa: E402
from toolkit.lsp import check_text, hover_text, quick_fixes, to_lsp  # noqa: E402

TEXT = '''scenario "L" {
  ruleset front_lines
  sides North, South
  include "units.scn"
  terrain field { colour "greeen" }
  board b: grid 4 x 4 { terrain field }
  setup North { infantri at A1, B1 }
  setup South { infantry at D4 }
  layout c 60mm x 80mm {
    text at 1mm, 1mm 10mm x 5mm "x" {  }
  }
}
'''
UNITS = "piece infantry { moves 1 }\n"


async def session(folder: Path, requests):
    """Start the server, open s.scn, collect the diagnostics, run `requests(client, uri)`."""
    client = LanguageClient("frontkit-test", "1")
    published: dict[str, list[lsp.Diagnostic]] = {}
    arrived = asyncio.Event()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: lsp.PublishDiagnosticsParams):
        published[params.uri] = params.diagnostics
        arrived.set()

    client.published = published  # what the server said so far, for the requests to look at

    await client.start_io(sys.executable, "-m", "toolkit.cli", "lsp")
    stopped = False
    try:
        await client.initialize_async(lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(), root_uri=from_fs_path(str(folder))))
        client.initialized(lsp.InitializedParams())
        uri = from_fs_path(str(folder / "s.scn"))
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="frontkit", version=1, text=TEXT)))
        await asyncio.wait_for(arrived.wait(), 60)  # a safety net against a hang, not a measurement
        answers = await requests(client, uri)
        await client.shutdown_async(None)
        client.exit(None)
        stopped = True
    finally:
        if not stopped and client._server is not None and client._server.returncode is None:
            client._server.kill()  # a failed request: do not wait for a server nobody will stop
        await client.stop()
    return published, answers


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "s.scn").write_text(TEXT)
    (tmp_path / "units.scn").write_text(UNITS)
    return tmp_path


def test_diagnostics_definition_completion_and_a_fix_through_the_protocol(folder):
    """One server session (starting a server is the slow part): open, ask, fix, see it clean."""
    uri = from_fs_path(str(folder / "s.scn"))
    seen_before_fix = {}
    said = {}

    async def requests(client, uri):
        def at(kind, line, col):
            return kind(text_document=lsp.TextDocumentIdentifier(uri=uri),
                        position=lsp.Position(line=line, character=col))

        definition = await client.text_document_definition_async(at(lsp.DefinitionParams, 7, 17))
        terrain = await client.text_document_definition_async(at(lsp.DefinitionParams, 5, 34))
        fields = await client.text_document_completion_async(at(lsp.CompletionParams, 9, 39))
        seen_before_fix.update(client.published)
        hover = await client.text_document_hover_async(at(lsp.HoverParams, 1, 4))
        actions = await client.text_document_code_action_async(lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri), range=client.published[uri][0].range,
            context=lsp.CodeActionContext(diagnostics=client.published[uri])))
        said.update(hover=hover, actions=actions)
        fixed = TEXT.replace("greeen", "green").replace("infantri", "infantry")
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=fixed)]))
        # a request after the notification: the server handles messages in order
        await client.text_document_completion_async(at(lsp.CompletionParams, 0, 0))
        return definition, terrain, fields

    published, (definition, terrain, fields) = asyncio.run(session(folder, requests))

    # the same diagnostics as `frontkit check`, at the same places
    with pytest.raises(DslError) as err:
        load(folder / "s.scn")
    expected = [(d.line - 1, d.column - 1, d.message) for d in err.value.diagnostics]
    got = [(d.range.start.line, d.range.start.character, d.message.split("\nhint: ")[0])
           for d in seen_before_fix[uri]]
    assert got == expected == [(4, 25, "terrain 'field': colour: unknown colour 'greeen'"),
                               (6, 16, "unknown piece 'infantri'")]
    greeen = seen_before_fix[uri][0]
    assert greeen.message.endswith("hint: did you mean 'green'?")
    assert (greeen.range.end.character, greeen.severity) == (33, lsp.DiagnosticSeverity.Error)

    # hover says what a keyword means; a quick fix per "did you mean" ('greeen' -> 'green')
    assert said["hover"].contents.value.startswith("**ruleset**: the referee that plays")
    fixes = [(a.title, a.edit.changes[uri][0].range.start.line, a.edit.changes[uri][0].range.start.character,
              a.edit.changes[uri][0].new_text) for a in said["actions"]]
    assert ("change to 'green'", 4, 26, "green") in fixes

    # `infantry` (line 8) is defined in the included file
    (location,) = definition
    assert location.uri == from_fs_path(str(folder / "units.scn"))
    assert (location.range.start.line, location.range.start.character) == (0, 6)
    (location,) = terrain
    assert (location.uri, location.range.start.line, location.range.start.character) == (uri, 4, 10)

    labels = {item.label for item in fields.items}
    assert {"font_size", "colour", "align", "shrink"} <= labels  # the fields of a text element
    assert {"infantry", "field", "c"} <= labels                 # and the scenario's names

    # fixing the language's mistakes leaves what `frontkit check` says beyond them: the
    # ruleset's own checks, same position and text (the test scenario is no whole game)
    fixed_path = folder / "s.scn"
    fixed_path.write_text(TEXT.replace("greeen", "green").replace("infantri", "infantry"))
    expected = [(d.line - 1, d.column - 1, d.message) for d in beyond_language(load(fixed_path))]
    assert expected, "the fixed scenario should still miss what front_lines needs"
    assert [(d.range.start.line, d.range.start.character, d.message.split("\nhint: ")[0])
            for d in published[uri]] == expected


SKIRMISH = Path(__file__).resolve().parents[1] / "content" / "skirmish" / "skirmish.scn"
FLB = Path(__file__).resolve().parents[1] / "content" / "fantasy_line_battle" / "fantasy_line_battle.scn"


def _check_said(path: Path) -> list[tuple[int, int, str, str | None]]:
    """What `frontkit check` prints of `path`: (line, column, message, hint)."""
    try:
        found = beyond_language(load(path))
    except DslError as err:
        found = err.diagnostics
    return [(d.line, d.column, d.message, d.hint) for d in found]


@pytest.mark.parametrize("game, old, new", [
    (SKIRMISH, "ruleset skirmish", "ruleset skirmsh"),
    (SKIRMISH, "effect extra_move(n=1)", "effect extra_mvoe(n=1)"),
    (FLB, "card squire x2 { cost 2; health 4;", "card squire x2 { cost 2; helth 4;"),
])
def test_the_server_says_what_check_says_beyond_the_language(tmp_path, game, old, new):
    """`ruleset skirmsh`, an unknown effect and a misspelt field: `check` reported them and
    the server published nothing."""
    for path in game.parent.iterdir():
        if path.is_file():
            (tmp_path / path.name).write_text(path.read_text())
    target = tmp_path / game.name
    text = target.read_text().replace(old, new, 1)
    target.write_text(text)
    said = _check_said(target)
    assert said and any(d[3] and "did you mean" in d[3] for d in said)
    served = check_text(text, str(target))[str(target)]
    assert [(d.line, d.column, d.message, d.hint) for d in served] == said
    # a quick fix per "did you mean" puts the meant word where the wrong one stands
    lsp_diagnostics = [to_lsp(d) for d in served]
    fixes = quick_fixes(text, "file:///x", lsp_diagnostics)
    assert fixes
    edit = fixes[0].edit.changes["file:///x"][0]
    line = text.split("\n")[edit.range.start.line]
    wrong = line[edit.range.start.character:edit.range.end.character]
    assert wrong in new and edit.new_text in old and wrong != edit.new_text
    fixed = text.split("\n")
    fixed[edit.range.start.line] = line[:edit.range.start.character] + edit.new_text + \
        line[edit.range.end.character:]
    assert "\n".join(fixed) == text.replace(new, old, 1)


def test_hover_says_what_a_keyword_a_field_or_a_name_means():
    text = SKIRMISH.read_text()
    lines = text.split("\n")

    def hover(needle: str, word: str) -> str | None:
        n = next(i for i, line in enumerate(lines) if needle in line)
        return hover_text(text, str(SKIRMISH), n, lines[n].index(word) + 1)

    assert hover("ruleset skirmish", "ruleset").startswith("**ruleset**: the referee that plays")
    assert hover("terrain wood", "defence") == "**defence** (number): defence bonus"
    assert hover("piece cavalry", "strength") == \
        "**strength**: a field the ruleset skirmish reads: a whole number from 0 to 99"
    assert hover("infantry at", "infantry").startswith("**infantry**: piece, defined at line")
    assert hover("scenario \"Skirmish", "Skirmish") is None
