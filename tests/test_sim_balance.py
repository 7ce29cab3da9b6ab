"""`frontkit balance` and `frontkit simulate --bots`: sweeps, reports, records, errors."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

import dsl

from toolkit.cli import main
from toolkit.referee import registry
from toolkit.sim.balance import BalanceError, balance, parse_vary, settings_of

TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")


# ---------------------------------------------------------------- sweeps


def test_vary_reads_values_as_the_scenario_language_would():
    assert parse_vary(["rounds=5,10", "swap_fight=true,false", "deployment=setup"]) == {
        "rounds": [5, 10], "swap_fight": [True, False], "deployment": ["setup"]}


@pytest.mark.parametrize("items, words", [
    (["rounds"], "write OPTION=a,b,c"),
    (["rounds=1,,2"], "an empty value"),
    (["rounds=1", "rounds=2"], "given twice"),
])
def test_a_bad_vary_says_what_is_wrong(items, words):
    with pytest.raises(BalanceError, match=words):
        parse_vary(items)


def test_settings_are_every_combination_in_the_order_given():
    assert settings_of({"a": [1, 2], "b": ["x", "y", "z"]}) == [
        {"a": 1, "b": "x"}, {"a": 1, "b": "y"}, {"a": 1, "b": "z"},
        {"a": 2, "b": "x"}, {"a": 2, "b": "y"}, {"a": 2, "b": "z"}]
    assert settings_of({}) == [{}]


def test_a_sweep_plays_the_same_seeds_under_every_setting():
    """rounds=20 twice: the same games exactly; rounds=2 cuts the same games short."""
    run = balance(TOY, games=30, seed=4, vary={"rounds": [20, 2, 20]})
    first, short, again = (run.setting_rows(i) for i in range(3))
    assert [r.index for r in first] == [r.index for r in short] == list(range(30))
    strip = lambda rows: [(r.index, r.winner, r.moves) for r in rows]  # noqa: E731
    assert strip(first) == strip(again)
    assert strip(first) != strip(short)
    assert all(r.turns <= 2 for r in short)
    assert [run.setting_name(i) for i in range(3)] == ["rounds=20", "rounds=2", "rounds=20"]
    assert run.reports[1].draws.k > run.reports[0].draws.k


def test_a_sweep_flags_the_settings_whose_interval_excludes_parity():
    """Greedy Red against random Blue, seats kept. With no boosts (DR-boost) there is
    nothing to choose but a bump, so the game is level within noise; with three,
    greedy's boosts put Red far outside noise."""
    run = balance(TOY, games=80, seed=2, lineup="greedy,random", rotate=False,
                  vary={"boosts": [0, 3]})
    level, skilled = run.reports
    assert level.flagged == []
    assert skilled.flagged == ["Red", "Blue"]
    assert skilled.seats[0].verdict.startswith("Red wins more, 95% CI")


def test_an_option_the_scenario_does_not_declare_is_refused():
    with pytest.raises(BalanceError, match="declares no option centre_hold_turns"):
        balance(TOY, games=2, vary={"centre_hold_turns": [3]})


def test_a_value_the_ruleset_refuses_names_the_setting():
    scn = registry.shipped_scenarios("front_lines")[0]
    with pytest.raises(BalanceError, match="deployment=anywhere"):
        balance(scn, games=2, vary={"deployment": ["setup", "anywhere"]})


def test_rotation_seats_every_bot_in_every_seat_and_reports_each_bot():
    run = balance(TOY, games=40, seed=1, lineup="greedy,random")
    report = run.reports[0]
    assert sum(r.bots == ("greedy", "random") for r in run.rows) == 20
    assert {b.bot for b in report.bots} == {"greedy", "random"}
    greedy = next(b for b in report.bots if b.bot == "greedy")
    assert greedy.wins > greedy.games / 2
    assert report.first_seat_advantage.startswith("First seat (Red):")


# ---------------------------------------------------------------- the report


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("balance")
    assert main(["balance", str(TOY), "--games", "60", "--seed", "9", "--jobs", "1",
                 "--out", str(out), "--quiet"]) == 0
    return out


def test_the_html_report_is_self_contained_and_states_the_verdicts(report_dir):
    html = (report_dir / "report.html").read_text()
    assert not re.search(r'(src|href)="(https?:)?//', html), "the page must open offline"
    assert "<svg" in html and "<script" not in html
    assert "Win rate per seat" in html
    assert re.search(r"Red(&#39;|')s edge is within noise|Red wins (more|less)", html)
    assert "First seat (Red)" in html
    assert "reached the last square first" in html  # endings in the players' words


def test_the_pdf_report_carries_the_same_verdicts(report_dir):
    import pdfplumber

    with pdfplumber.open(report_dir / "report.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    html = (report_dir / "report.html").read_text().replace("&#39;", "'")
    verdicts = re.findall(r'class="verdict [a-z]+">([^<]+)<', html)
    assert verdicts
    for verdict in verdicts:
        assert verdict.split(" (")[0] in text.replace("\n", " ")
    assert "How games ended" in text and "DR-win" in text


def test_the_csv_has_one_row_per_game_with_its_seed(report_dir):
    with (report_dir / "games.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 60
    assert rows[5]["seed"] == "9#5" and rows[5]["game"] == "5"
    assert {"bot_Red", "bot_Blue", "winner", "rule", "moves", "turns", "capped"} <= rows[0].keys()


def test_outlier_records_replay_to_the_result_the_csv_gives(report_dir, capsys):
    records = sorted((report_dir / "records").glob("*.record"))
    assert any("longest" in p.name for p in records)
    assert any("shortest" in p.name for p in records)
    with (report_dir / "games.csv").open() as fh:
        by_game = {row["game"]: row for row in csv.DictReader(fh)}
    for path in records:
        game = path.name.split("-")[1]
        capsys.readouterr()
        assert main(["replay", str(path), "--json"]) == 0
        replayed = json.loads(capsys.readouterr().out)
        assert replayed["outcome"]["rule"] == by_game[game]["rule"]
        assert len(replayed["moves"]) == int(by_game[game]["moves"])


def test_balance_json_lists_settings_and_files(tmp_path, capsys):
    assert main(["balance", str(TOY), "--games", "8", "--vary", "rounds=3,20", "--jobs", "1",
                 "--out", str(tmp_path), "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["options"] for s in data["settings"]] == [{"rounds": 3}, {"rounds": 20}]
    assert data["report"]["records"]  # each setting's outliers, its options in the header
    assert set(data["settings"][0]["seats"]) == {"Red", "Blue"}


def test_a_sweep_writes_each_settings_outliers_and_they_replay_under_its_options(
        tmp_path, capsys):
    """A record of a game played under `--vary rounds=3` says so (`options: rounds=3`) and
    replays under it: three rounds are too few to finish, so the replay ends on DR-rounds
    as the game did, which the scenario as written (20 rounds) would not."""
    assert main(["balance", str(TOY), "--games", "6", "--vary", "rounds=3,20", "--jobs", "1",
                 "--out", str(tmp_path), "--quiet"]) == 0
    with (tmp_path / "games.csv").open() as fh:
        rows = {(r["setting"], r["game"]): r for r in csv.DictReader(fh)}
    records = sorted((tmp_path / "records").glob("*.record"))
    assert {p.name.split("-game-")[0] for p in records} == {"rounds-3", "rounds-20"}
    for path in records:
        setting = path.name.split("-game-")[0].replace("-", "=")
        game = path.name.split("-game-")[1].split("-")[0]
        assert ("options: " + setting) in path.read_text()
        capsys.readouterr()
        assert main(["replay", str(path), "--json"]) == 0
        replayed = json.loads(capsys.readouterr().out)
        assert replayed["outcome"]["rule"] == rows[(setting, game)]["rule"]
        assert len(replayed["moves"]) == int(rows[(setting, game)]["moves"])
    assert any(rows[k]["rule"] == "DR-rounds" for k in rows if k[0] == "rounds=3")


# ---------------------------------------------------------------- the command line


def test_simulate_takes_a_bot_lineup(capsys):
    assert main(["simulate", str(TOY), "--games", "30", "--bots", "greedy,random",
                 "--quiet", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["greedy", "random"]


@pytest.mark.parametrize("argv, words", [
    (["--bots", "alphabeta"], "unknown bot 'alphabeta'"),
    (["--vary", "rounds"], "write OPTION=a,b,c"),
    (["--engine", "ray"], "invalid choice: 'ray'"),
])
def test_bad_options_are_usage_errors(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["balance", str(TOY), *argv])
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err


def test_bad_input_is_one_line_and_exit_1(tmp_path, capsys):
    assert main(["balance", str(TOY), "--vary", "speed=1,2", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("frontkit balance: error: --vary speed:") and "Traceback" not in err
    assert main(["balance", str(tmp_path / "none.scn")]) == 1
    assert "no such scenario file" in capsys.readouterr().err


def test_games_past_the_cap_are_counted_apart_not_as_draws():
    run = balance(TOY, games=12, seed=3, cap=8)
    report = run.reports[0]
    assert report.capped == 12 and report.draws.k == 0 and report.decided == 0
    assert all(r.capped and r.moves == 8 and r.winner is None for r in run.rows)
    assert [e.rule for e in report.endings] == ["capped"]
    assert report.endings[0].reason == "stopped after 8 moves without an end"
    assert report.endings[0].winners == (("no winner", 12),)
    assert report.seats[0].verdict.startswith("Red: no decided games")


def test_an_ending_in_the_players_words_names_no_fixed_side():
    """A report row sums up games won by either side: its sentence says 'the winner',
    where it named the side of the most common game ('South held more centre squares'
    beside 'won by North 2, South 1')."""
    from toolkit.sim.analysis import analyse
    from toolkit.sim.playout import GameRow

    def row(i, winner):
        return GameRow(0, i, ("random", "random"), winner, "FL-win-centre",
                       f"{winner} held more centre squares for 3 turns", 10, 10, 5, False)

    report = analyse([row(0, "South"), row(1, "North"), row(2, "North")],
                     ("North", "South"), {})
    ending = report.endings[0]
    assert ending.reason == "The winner held more centre squares for 3 turns"
    assert ending.games == 3 and ending.winners == (("North", 2), ("South", 1))


@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_a_run_loads_and_starts_the_scenario_once(command, tmp_path, monkeypatch, capsys):
    """The command's own load (for its file:line:col errors) is the one the games start
    from: not loaded again to prepare the run, nor again by the worker (three loads and
    two starts of every setting before)."""
    import dsl
    from toolkit.sim import engines

    loads, starts = [], []
    real_load, rules = dsl.load, registry.get("dice_race")
    real_new = type(rules).new_game
    monkeypatch.setattr(dsl, "load", lambda path: loads.append(path) or real_load(path))
    monkeypatch.setattr(type(rules), "new_game",
                        lambda self, *a, **k: starts.append(a) or real_new(self, *a, **k))
    monkeypatch.setattr(engines, "_loaded", {})
    extra = ["--out", str(tmp_path)] if command == "balance" else []
    assert main([command, str(TOY), "--games", "6", "--jobs", "1", "--quiet", *extra]) == 0
    assert len(loads) == 1 and len(starts) == 1


def test_a_search_bots_outlier_record_is_its_game_as_played_not_played_again(
        tmp_path, monkeypatch):
    """A run with a search bot keeps each game's moves (a game of mcts:100 costs seconds
    to play again), and the record written from them is the game played again exactly;
    a run of random bots keeps none and replays its outliers (cheaper than writing down
    every move of a thousand games)."""
    from toolkit.sim import engines
    from toolkit.sim.report import write_report

    run = balance(TOY, games=6, seed=3, lineup=("greedy", "random"))
    assert run.job.notation and all(r.notation for r in run.rows)
    for r in run.rows:
        assert list(r.notation) == engines.replay_game(run.job, 0, r.index)
    monkeypatch.setattr(engines, "replay_game", lambda *a: pytest.fail("played again"))
    files = write_report(run, dsl.load(TOY), tmp_path)
    assert files.records
    for path in files.records:
        game = int(path.name.split("-")[1])
        body = [f"{who}: {text}" for who, text in run.rows[game].notation]
        assert path.read_text().splitlines()[-len(body):] == body
    random_run = balance(TOY, games=6, seed=3)
    assert not random_run.job.notation and not any(r.notation for r in random_run.rows)
