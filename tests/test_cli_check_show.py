"""`frontkit check` and `frontkit show`: output, exit codes, never a traceback."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dsl import loads
from toolkit.cli import main

ROOT = Path(__file__).resolve().parent.parent

GOOD = '''scenario "Good" {
  ruleset demo
  sides A, B
  terrain plain
  terrain hill
  board b: grid 3 x 2 {
    key { . plain  h hill }
    picture """
      . h .
      . . h
    """
  }
}
'''
BAD = GOOD.replace("terrain hill\n", "").replace("ruleset demo", "ruleset demo\n  piece p\n  setup A { p at Z9 }")


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def test_check_clean_file_exits_0(tmp_path, capsys):
    assert main(["check", str(write(tmp_path, "good.scn", GOOD))]) == 0
    assert "checked 1 scenario: 1 ok" in capsys.readouterr().out


def test_check_reports_every_error_with_position_and_exits_1(tmp_path, capsys):
    path = write(tmp_path, "bad.scn", BAD)
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:4:18: error: p at Z9: Z9 is not on the board" in err
    assert re.search(rf"{re.escape(str(path))}:\d+:\d+: error: unknown terrain 'hill'", err)
    assert "Traceback" not in err


def test_check_folder_finds_scenarios_and_skips_included_fragments(tmp_path, capsys):
    (tmp_path / "game").mkdir()
    write(tmp_path / "game", "common.scn", "terrain plain\n")
    write(tmp_path / "game", "one.scn", GOOD.replace("terrain plain\n", 'include "common.scn"\n'))
    assert main(["check", str(tmp_path)]) == 0
    assert "checked 1 scenario: 1 ok" in capsys.readouterr().out


def test_check_json_is_machine_readable(tmp_path, capsys):
    path = write(tmp_path, "bad.scn", BAD)
    assert main(["check", "--json", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["errors"] == len(data["diagnostics"]) >= 2
    first = data["diagnostics"][0]
    assert set(first) >= {"path", "line", "column", "message", "hint", "severity"}


def test_check_missing_path_is_an_error_not_a_traceback(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.scn")]) == 1
    assert "no such file or folder" in capsys.readouterr().err


def test_check_with_no_arguments_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["check"])
    assert exit_.value.code == 2


def test_show_draws_the_grid_with_the_designers_symbols(tmp_path, capsys):
    assert main(["show", str(write(tmp_path, "good.scn", GOOD))]) == 0
    out = capsys.readouterr().out
    assert "board b: grid 3 x 2" in out
    assert "  A B C\n1 . h .\n2 . . h" in out
    assert "terrain: plain 4, hill 2" in out


TOWNS = '''scenario "Towns" {
  ruleset demo
  sides A, B
  terrain plain
  terrain city
  board b: grid 4 x 1 {
    key { . plain  W city { capital }  c city }
    picture """
      W c . c
    """
    space D1 { capital; owner B }
    zone a_home: A1..B1 { owner A }
  }
  table results { hit [1, 2]; miss [3, 4] }
}
'''


def test_show_draws_each_key_entry_with_its_own_symbol_even_on_one_terrain(tmp_path, capsys):
    assert main(["show", str(write(tmp_path, "towns.scn", TOWNS))]) == 0
    out = capsys.readouterr().out
    # a space with the fields of a key entry is drawn with it: D1 was drawn `c` but is a capital
    assert "  A B C D\n1 W c . W" in out
    assert "W city { capital }" in out
    assert "zone a_home: 2 spaces (owner A)" in out
    assert "results: hit [1, 2]; miss [3, 4]" in out


def test_show_bad_file_prints_diagnostics_and_exits_1(tmp_path, capsys):
    assert main(["show", str(write(tmp_path, "bad.scn", BAD))]) == 1
    assert "error:" in capsys.readouterr().err


def test_shipped_content_checks_clean(capsys):
    assert main(["check", str(ROOT / "content")]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    n = int(re.search(r"checked (\d+) scenario", out).group(1))
    assert n >= 5


def test_every_shipped_game_has_a_scenario_and_rulings():
    for game in ("front_lines", "front_line", "lines_and_webs", "last_front", "fantasy_line_battle"):
        folder = ROOT / "content" / game
        assert any(folder.glob("*.scn")), game
        assert (folder / "rulings.md").exists(), game


def test_show_every_shipped_scenario(capsys):
    from toolkit.inspect import scenario_files

    files, _ = scenario_files([ROOT / "content"])
    for f in files:
        assert main(["show", str(f)]) == 0, f
        out = capsys.readouterr().out
        assert "board " in out


def test_console_script_entry_point_runs_as_module():
    proc = subprocess.run([sys.executable, "-m", "toolkit.cli", "--help"], capture_output=True, text=True,
                          cwd=ROOT)
    assert proc.returncode == 0
    for command in ("check", "show"):
        assert command in proc.stdout


def test_readme_example_scenario_loads():
    text = (ROOT / "README.md").read_text()
    block = next(b for b in re.findall(r"```\n(.*?)```", text, re.S) if b.startswith("scenario"))
    assert loads(block, path="<readme>").title == "Ridge Run"


def test_new_writes_a_starter_that_checks_clean(tmp_path, capsys):
    target = tmp_path / "my_game.scn"
    assert main(["new", str(target), "--size", "6x5", "--sides", "Red,Blue"]) == 0
    from dsl import load

    s = load(target)
    assert s.title == "My Game" and s.sides == ("Red", "Blue")
    assert (s.board.width, s.board.height) == (6, 5)
    assert {p.space for p in s.setups["Red"].placements} == {"A1", "C1", "E1"}


def test_new_refuses_to_overwrite(tmp_path, capsys):
    target = tmp_path / "exists.scn"
    target.write_text("keep me")
    assert main(["new", str(target)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert target.read_text() == "keep me"


def test_new_rejects_bad_sides_and_sizes_as_usage_errors(tmp_path, capsys):
    for argv in (["new", str(tmp_path / "a.scn"), "--sides", "Solo"], ["new", str(tmp_path / "b.scn"), "--size", "0x5"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "argument --sides: want two names" in err and "argument --size: want WIDTHxHEIGHT" in err
    assert not (tmp_path / "a.scn").exists()
