"""`frontkit build` options (issue 16 item 11): an absurd --bleed is refused with the reason,
a negative --back-offset is taken as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolkit.cli import attach_dashed_values, main
from toolkit.pnp.units import MM, PressOptions

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = str(ROOT / "content" / "front_lines" / "front_lines.scn")


def test_a_negative_back_offset_is_accepted_as_written(tmp_path):
    rc = main(["build", SCENARIO, "--out", str(tmp_path), "--quiet", "--back-offset", "-0.5mm,1mm"])
    assert rc == 0
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["options"]["back_offset_mm"] == [-0.5, 1.0]


def test_only_a_value_that_looks_like_a_number_is_joined_to_its_option():
    assert attach_dashed_values(["build", "x.scn", "--back-offset", "-.5mm,-1mm", "--quiet"]) == \
        ["build", "x.scn", "--back-offset=-.5mm,-1mm", "--quiet"]
    assert attach_dashed_values(["--bleed", "--quiet"]) == ["--bleed", "--quiet"]


@pytest.mark.parametrize("value, reason", [
    ("20mm", "more bleed than any print shop asks for"),
    ("1in", "more bleed than any print shop asks for"),
    ("-1mm", "a bleed cannot be negative"),
    ("3", "write a number and a unit"),
])
def test_an_absurd_bleed_is_a_usage_error_that_says_why(tmp_path, capsys, value, reason):
    with pytest.raises(SystemExit) as exit_:
        main(["build", SCENARIO, "--out", str(tmp_path), "--bleed", value])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "--bleed" in err and reason in err
    assert not (tmp_path / "kit.pdf").exists()


def test_the_usual_bleeds_are_accepted():
    for mm in (0, 2, 3.175, 6):
        assert PressOptions(bleed=mm * MM).bleed == pytest.approx(mm * MM)
    with pytest.raises(ValueError, match="at most 6 mm"):
        PressOptions(bleed=7 * MM)
