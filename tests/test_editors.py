"""Syntax highlighting (issue 13): the Pygments lexer, found by name through its entry
point, reads every shipped scenario and every example in the docs without an error
token; the TextMate grammar editors load is valid and names the same keywords."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("pygments")

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename  # noqa: E402
from pygments.token import Error, Keyword, Number, String  # noqa: E402

from dsl.highlight import BOARD_KINDS, ELEMENT_KINDS, KEYWORDS, ScenarioLexer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = ROOT / "editors" / "frontkit.tmLanguage.json"
SCENARIOS = sorted((ROOT / "content").rglob("*.scn")) + sorted((ROOT / "docs").glob("*.scn"))
DOC_BLOCK = re.compile(r"```(scenario|statements|error|frontkit)\n(.*?)```", re.S)


def test_the_lexer_is_registered_by_name_and_file_name():
    assert isinstance(get_lexer_by_name("frontkit"), ScenarioLexer)
    assert isinstance(get_lexer_for_filename("game.scn"), ScenarioLexer)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_scenario_lexes_without_an_error_token(path):
    tokens = list(get_lexer_by_name("frontkit").get_tokens(path.read_text()))
    assert [t for t in tokens if t[0] in Error] == []
    assert "".join(v for _, v in tokens) == path.read_text().replace("\r\n", "\n") + (
        "" if path.read_text().endswith("\n") else "\n")


def test_every_example_in_the_docs_lexes_without_an_error_token():
    blocks = [m.group(2) for doc in sorted((ROOT / "docs").glob("*.md")) for m in DOC_BLOCK.finditer(doc.read_text())]
    assert len(blocks) > 20
    lexer = get_lexer_by_name("frontkit")
    for block in blocks:
        assert [t for t in lexer.get_tokens(block) if t[0] in Error] == [], block


def test_the_lexer_tells_keywords_lengths_strings_and_names_apart():
    tokens = [(t, v) for t, v in get_lexer_by_name("frontkit").get_tokens(
        'layout card 63mm x 88mm {\n  text at 4mm, 4mm "{{ card.name }}" { font_size 12 }\n}\n') if v.strip()]
    assert tokens[:4] == [(Keyword.Declaration, "layout"), (tokens[1][0], "card"), (Number.Float, "63mm"),
                          (Keyword, "x")]
    assert (Keyword.Type, "text") in tokens and (String.Double, '"{{ card.name }}"') in tokens


def test_the_keywords_are_the_grammar_s():
    grammar = (ROOT / "dsl" / "scenario.lark").read_text()
    quoted = set(re.findall(r'"([a-z]+)"', grammar))
    assert set(KEYWORDS) | set(BOARD_KINDS) | set(ELEMENT_KINDS) | {"at", "on", "x"} == quoted


def test_the_textmate_grammar_is_valid_and_matches_the_lexer():
    data = json.loads(GRAMMAR.read_text())
    assert data["scopeName"] == "source.frontkit" and data["fileTypes"] == ["scn"]
    patterns = []

    def walk(node):
        if isinstance(node, dict):
            patterns.extend(node[k] for k in ("match", "begin", "end") if k in node)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(data)
    for p in patterns:
        re.compile(p)  # Oniguruma reads these too: plain syntax only
    declared = next(p["match"] for p in data["repository"]["keyword"]["patterns"]
                    if p["name"].startswith("keyword.other.declaration"))
    assert set(re.search(r"\(([^)]*)\)", declared).group(1).split("|")) == set(KEYWORDS)
    for name in data["patterns"]:
        assert name["include"].lstrip("#") in data["repository"]


def test_the_vs_code_extension_names_the_grammar_and_the_server():
    manifest = json.loads((ROOT / "editors" / "package.json").read_text())
    (grammar,) = manifest["contributes"]["grammars"]
    assert (ROOT / "editors" / grammar["path"]).resolve() == GRAMMAR
    assert grammar["scopeName"] == json.loads(GRAMMAR.read_text())["scopeName"]
    (language,) = manifest["contributes"]["languages"]
    assert language["extensions"] == [".scn"] and (ROOT / "editors" / language["configuration"]).is_file()
    json.loads((ROOT / "editors" / language["configuration"]).read_text())
    client = (ROOT / "editors" / manifest["main"]).read_text()
    assert 'args: ["lsp"]' in client
