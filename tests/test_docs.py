"""Every example in the language reference and the tutorial loads as the docs say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dsl import DslError, loads

DOCS = Path(__file__).resolve().parent.parent / "docs"
FENCE = re.compile(r"```(scenario|statements|error)\n(.*?)```(?:\n```\n(.*?)```)?", re.S)

HARNESS = """scenario "Doc example" {{
ruleset demo
sides Red, Blue
terrain plain
board b: grid 4 x 4 {{ terrain plain }}
{body}
}}
"""


def examples(name: str):
    text = (DOCS / name).read_text(encoding="utf-8")
    found = []
    for m in FENCE.finditer(text):
        line = text[: m.start()].count("\n") + 1
        found.append(pytest.param(m.group(1), m.group(2), m.group(3), id=f"{name}:{line}"))
    return found


ALL = examples("language.md") + examples("tutorial.md")


def test_docs_have_examples():
    kinds = {p.values[0] for p in ALL}
    assert kinds == {"scenario", "statements", "error"}
    assert len(ALL) >= 20


@pytest.mark.parametrize("kind, body, expected", ALL)
def test_doc_example(kind, body, expected):
    if kind == "scenario":
        scenario = loads(body, path="<doc>")
        assert scenario.title
    elif kind == "statements":
        loads(HARNESS.format(body=body), path="<doc>")
    else:
        with pytest.raises(DslError) as err:
            loads(body, path="<doc>")
        assert expected is not None, "an error example is followed by its expected output"
        assert err.value.diagnostics[0].render().splitlines()[0] == expected.strip().splitlines()[0]


def test_tutorial_final_step_has_the_described_deck_and_setups():
    final = [p for p in examples("tutorial.md") if p.values[0] == "scenario"][-1]
    s = loads(final.values[1], path="<doc>")
    assert s.decks["orders"].size == 5 and len(s.decks["orders"].cards) == 2
    assert set(s.setups) == {"North", "South"}
    assert s.board.space("C3").terrain == "marsh"


def test_tutorial_claim_marsh_placement_is_refused():
    step4 = [p for p in examples("tutorial.md") if p.values[0] == "scenario"][3].values[1]
    broken = step4.replace("infantry at B1, C2, D2", "infantry at B1, C2, C3")
    with pytest.raises(DslError) as err:
        loads(broken, path="<doc>")
    assert "C3 is marsh, which is impassable" in str(err.value)
