"""Exit codes: every usage error of every command exits 2, every bad input 1 (issue 13).

The walk is generic: each command of `toolkit.cli.COMMANDS` gets an unknown
flag, its positionals left out, and each typed or choice option a value it
cannot take. A new command or option is walked without editing this file.
"""

from __future__ import annotations

import argparse

import pytest

from toolkit.cli import COMMANDS, build_parser, main

EXIT_USAGE, EXIT_BAD_INPUT = 2, 1
BAD = "\"no such\\ value\""  # a value no typed option takes: a quote, a space, a backslash


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def positionals(p: argparse.ArgumentParser) -> list[str]:
    return ["x.scn" for a in p._actions if not a.option_strings]


def usage_errors():
    for name, p in subparsers().items():
        args = positionals(p)
        yield pytest.param([name, *args, "--no-such-flag"], id=f"{name}-unknown-flag")
        if args:
            yield pytest.param([name], id=f"{name}-missing-positional")
        for action in p._actions:
            if not action.option_strings:
                continue
            flag = action.option_strings[-1]
            if action.choices:
                yield pytest.param([name, *args, flag, BAD], id=f"{name}{flag}-bad-choice")
            elif action.type not in (None, str) and action.nargs != 0:
                yield pytest.param([name, *args, flag, BAD], id=f"{name}{flag}-bad-value")
            if action.nargs is None and action.type is not None or action.required:
                yield pytest.param([name, *args, flag], id=f"{name}{flag}-missing-value")


@pytest.fixture(autouse=True)
def in_a_scratch_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a case that wrongly ran must not leave files in the checkout


@pytest.mark.parametrize("argv", list(usage_errors()))
def test_every_usage_error_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == EXIT_USAGE
    assert "usage: frontkit" in capsys.readouterr().err


def test_the_walk_covers_every_command():
    assert set(subparsers()) == {name for name, _, _ in COMMANDS}
    walked = {p.values[0][0] for p in usage_errors()}
    assert walked == set(subparsers())


@pytest.mark.parametrize("argv", [
    pytest.param([], id="no-command"),
    pytest.param(["no-such-command"], id="unknown-command"),
    pytest.param(["new", "x.scn", "--sides", "Red"], id="new-one-side"),
    pytest.param(["new", "x.scn", "--size", "3x"], id="new-size-3x"),
    pytest.param(["new", "x.scn", "--ruleset", "Front Lines"], id="new-ruleset-words"),
    pytest.param(["replay", "r.record", "--to", "-1"], id="replay-negative-to"),
    pytest.param(["simulate", "x.scn", "--games", "0"], id="simulate-no-games"),
    pytest.param(["build", "x.scn", "--png", "10"], id="build-png-dpi-too-low"),
])
def test_named_usage_errors_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == EXIT_USAGE


@pytest.mark.parametrize("command", ["check", "show", "build", "simulate"])
def test_a_missing_scenario_is_bad_input_exit_1(command, tmp_path, capsys):
    argv = [command, str(tmp_path / "missing.scn")] + (["--games", "1"] if command == "simulate" else [])
    assert main(argv) == EXIT_BAD_INPUT
    assert "Traceback" not in capsys.readouterr().err


def test_a_scenario_with_errors_is_bad_input_exit_1(tmp_path, capsys):
    path = tmp_path / "bad.scn"
    path.write_text('scenario "B" {\n ruleset front_lines\n sides A, B\n terrain t { colour "greeen" }\n'
                    ' board b: grid 2 x 2 { terrain t }\n}\n')
    for argv in (["check", str(path)], ["show", str(path)], ["build", str(path), "--out", str(tmp_path / "o")]):
        assert main(argv) == EXIT_BAD_INPUT, argv
    assert "unknown colour 'greeen'" in capsys.readouterr().err


def test_new_over_an_existing_file_is_bad_input_exit_1(tmp_path):
    path = tmp_path / "x.scn"
    path.write_text("keep")
    assert main(["new", str(path)]) == EXIT_BAD_INPUT


def test_a_fault_of_frontkit_is_one_line_exit_70_and_a_traceback_only_when_asked(
        tmp_path, monkeypatch, capsys):
    """Whatever goes wrong inside (a bug, a library refusing what we hand it) ends
    with one line naming the command and the fault, never a traceback; exit 70
    (EX_SOFTWARE) tells it from bad input (1). FRONTKIT_TRACEBACK=1 shows where."""
    import toolkit.cli as cli

    def broken(args):
        raise ValueError("'xerr' must not contain negative values")

    monkeypatch.setattr(cli, "COMMANDS", [(name, add, broken if name == "check" else run)
                                          for name, add, run in cli.COMMANDS])
    monkeypatch.delenv(cli.TRACEBACK, raising=False)
    scenario = tmp_path / "x.scn"
    assert main(["check", str(scenario)]) == 70
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert err.startswith("frontkit check: internal error (ValueError: 'xerr'")
    monkeypatch.setenv(cli.TRACEBACK, "1")
    with pytest.raises(ValueError, match="xerr"):
        main(["check", str(scenario)])
