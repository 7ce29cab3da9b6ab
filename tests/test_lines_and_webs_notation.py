"""Lines and Webs notation (content/lines_and_webs/notation.md, LW-notation): every move
written in the notation's tables reads and prints back as written; garbled text is
refused with the rule id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from toolkit.referee.protocol import MoveSyntaxError
from toolkit.referee.rulesets.lines_and_webs.moves import parse

DOC = Path(__file__).resolve().parents[1] / "content" / "lines_and_webs" / "notation.md"


def _forms() -> list[str]:
    out = []
    for line in DOC.read_text().splitlines():
        if not line.startswith("| `"):
            continue
        first = line.split("|")[1]
        out += [f for f in re.findall(r"`([^`]+)`", first) if "…" not in f]
    return out


FORMS = _forms()


def test_notation_md_lists_the_moves_of_every_phase():
    assert len(FORMS) >= 30
    assert {"buy armor", "DFSP1>DAR2", "x DAR1", "DAR1-C6xC5", "play saint_himars B1"} <= set(FORMS)


@pytest.mark.parametrize("text", FORMS)
def test_LW_notation_each_form_reads_and_prints_back(text):
    assert str(parse(text)) == text


@pytest.mark.parametrize("text", ["buy", "DFSP1>", "x", "DAR1 fire C5", "buy 3q", "DAR1-",
                                  "play"])
def test_LW_notation_garbled_moves_are_refused_with_the_rule(text):
    with pytest.raises(MoveSyntaxError) as err:
        parse(text)
    assert err.value.rule == "LW-notation"
