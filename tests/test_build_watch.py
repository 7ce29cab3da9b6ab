"""`frontkit build --watch`: rebuild when the scenario or a file it includes changes (issue 13).

The loop is driven with batches of changed paths (no clock involved), and once
through the real file watcher in a subprocess that is stopped after one rebuild.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from toolkit.pnp.command import build_command
from toolkit.watch import watch_build

SCENARIO = ('scenario "W" {\n ruleset front_lines\n sides North, South\n include "units.scn"\n'
            ' board b: grid 4 x 4 { terrain field }\n setup North { infantry at A1 }\n'
            ' setup South { infantry at D4 }\n}\n')
UNITS = 'terrain field { colour "#a8c686" }\npiece infantry { moves 1; strength 2 }\n'


def folder(tmp_path: Path) -> Path:
    (tmp_path / "s.scn").write_text(SCENARIO)
    (tmp_path / "units.scn").write_text(UNITS)
    (tmp_path / "notes.txt").write_text("not read by the scenario")
    return tmp_path


def args_for(tmp_path: Path) -> argparse.Namespace:
    from toolkit.cli import build_parser

    return build_parser().parse_args(["build", str(tmp_path / "s.scn"), "--out", str(tmp_path / "out"),
                                      "--backs", "none", "--quiet", "--watch"])


def test_rebuilds_on_the_scenario_and_its_includes_not_on_other_files(tmp_path):
    folder(tmp_path)
    builds = []

    def build(args):
        builds.append(args.scenario)
        return 0

    batches = [{tmp_path / "notes.txt"}, {tmp_path / "units.scn"}, {tmp_path / "s.scn", tmp_path / "notes.txt"}]
    assert watch_build(args_for(tmp_path), build, changes=iter(batches)) == 0
    assert len(builds) == 3  # the first build, then one for each batch that touched a file it reads


def test_a_broken_save_prints_diagnostics_and_the_watch_goes_on(tmp_path, capsys):
    folder(tmp_path)
    units = tmp_path / "units.scn"

    def edits():
        units.write_text(UNITS.replace('"#a8c686"', '"#a8c68"'))  # a typo while editing
        yield {units}
        units.write_text(UNITS)  # fixed
        yield {units}

    assert watch_build(args_for(tmp_path), build_command, changes=edits()) == 0
    err = capsys.readouterr().err
    assert "units.scn:1:24: error: terrain 'field': colour: '#a8c68' is not a colour: it has 5 hex digits" in err
    assert err.count("changed: units.scn; building again") == 2
    assert (tmp_path / "out" / "kit.pdf").is_file()


def test_max_rebuilds_stops_the_loop(tmp_path):
    folder(tmp_path)
    calls = []
    batches = iter([{tmp_path / "s.scn"}] * 5)
    watch_build(args_for(tmp_path), lambda a: calls.append(1) or 0, changes=batches, max_rebuilds=2)
    assert len(calls) == 3
    assert len(list(batches)) == 3  # the loop stopped pulling changes


def test_the_real_watcher_rebuilds_after_an_included_file_is_saved(tmp_path):
    folder(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "toolkit.cli", "build", str(tmp_path / "s.scn"), "--out", str(tmp_path / "out"),
         "--backs", "none", "--quiet", "--watch", "--watch-max", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120  # a safety net against a hang, not a measurement
        n = 0
        while proc.poll() is None and time.monotonic() < deadline:
            n += 1  # saved until the watcher, once started, sees a save
            (tmp_path / "units.scn").write_text(UNITS + f"# save {n}\n")
            time.sleep(0.5)
    finally:
        if proc.poll() is None:
            proc.kill()
    out, err = proc.communicate()
    assert proc.returncode == 0, err
    assert "changed: units.scn; building again" in err
    assert out.count("(everything, with bookmarks)") == 2  # the first build and the rebuild


def test_ctrl_c_ends_the_watch_with_one_line_of_ours(tmp_path, capsys, monkeypatch):
    """watchfiles is asked to raise on Ctrl-C (its own way logs 'KeyboardInterrupt
    caught, stopping watch'); the watch ends with 'stopped watching' and the last build's
    exit code."""
    import watchfiles

    from toolkit import watch

    asked = {}

    def fake_watch(path, **kw):
        asked.update(kw)
        raise KeyboardInterrupt
        yield  # a generator, as watchfiles' is

    monkeypatch.setattr(watchfiles, "watch", fake_watch)
    folder(tmp_path)
    assert watch.watch_build(args_for(tmp_path), lambda a: 0) == 0
    assert asked["raise_interrupt"] is True
    err = capsys.readouterr().err
    assert err.rstrip().endswith("stopped watching") and "KeyboardInterrupt" not in err
