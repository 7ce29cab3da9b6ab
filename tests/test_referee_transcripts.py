"""Secrets kept in transcripts (issue 7 item 9): `replay --as SIDE`, text and JSON, of
seeded random Dice Race games for three (hidden trick hands, sealed boosts, private
draws) holds nothing of another side's private draws nor of its sealed boosts."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import dsl
from toolkit.cli import main
from toolkit.referee import game, registry, transcript
from toolkit.referee.chance import SeededChance
from toolkit.referee.match import Match
from toolkit.referee.protocol import CHANCE
from toolkit.referee.session import Session

TOY3 = Path(__file__).parent / "referee_toy" / "dice_race_3.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")
SEEDS = range(1, 7)


def random_game(seed: int, path: Path, limit: int = 400) -> Match:
    """A seeded random game of the three-runner toy, recorded at `path`."""
    m = Match.new(dsl.load(TOY3), chance=SeededChance(seed), seed=str(seed), record_path=path)
    rng = random.Random(seed)
    while not m.over and len(m.history) < limit:
        player = m.deciding_player()
        if player == CHANCE:
            m.roll()
        else:
            m.play(rng.choice(m.legal(player)), player)
    return m


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    out = []
    for seed in SEEDS:
        path = tmp_path_factory.mktemp("rec") / f"race{seed}.rec"
        out.append((random_game(seed, path), path))
    return out


def replay_as(capsys, path: Path, side: str, *extra: str) -> tuple[str, dict]:
    assert main(["replay", str(path), "--as", side, *extra]) == 0
    text = capsys.readouterr().out
    assert main(["replay", str(path), "--as", side, "--json", *extra]) == 0
    return text, json.loads(capsys.readouterr().out)


def hidden_from(entry, side: str) -> list:
    return [e for e in entry.events if not e.visible_to(side)]


def test_the_random_games_hold_private_draws_and_sealed_boosts(games):
    """The check below is not vacuous: every game has draws told to one side only."""
    for m, _ in games:
        private = [e for entry in m.history for e in entry.events if e.to is not None]
        assert any(e.kind == "draw" for e in private)
        assert any(e.kind == "plan" for e in private)


def test_replay_as_a_side_never_shows_another_sides_private_draws_or_boosts(games, capsys):
    """Each move line of another side (or of chance) holds only what this side was told:
    no card another side drew (`you draw sprint` told to it alone), no boost it sealed."""
    for m, path in games:
        for side in m.scenario.sides:
            text, data = replay_as(capsys, path, side)
            lines = text.splitlines()[:len(m.history)]
            for n, (entry, line, js) in enumerate(zip(m.history, lines, data["moves"]), 1):
                assert line.startswith(f"{n:>4}. {entry.player}: ")
                if entry.player == side:
                    assert js["move"] == entry.text
                    continue
                assert js["move"] is None, (path, n)
                assert js["told"] == [e.text for e in game.visible_events(entry.events, side)]
                secret = hidden_from(entry, side)
                if not secret:
                    continue
                shown = line + json.dumps(js)
                assert entry.text not in shown, (path, side, n, line)  # `sprint`, `boost 2`
                for e in secret:
                    assert e.text not in shown, (path, side, n, line)


def test_replay_as_a_side_shows_other_hands_only_as_counts(games, capsys):
    """Hidden trick hands: another runner's hand is a count in the view and its JSON."""
    for m, path in games:
        for side in m.scenario.sides:
            text, data = replay_as(capsys, path, side)
            hands = {p["owner"]: p for p in data["view"]["piles"] if p["kind"] == "hand"}
            for owner, pile in hands.items():
                if owner != side:
                    assert pile["cards"] is None and pile["count"] is not None
                    assert f"{owner}'s hand: {pile['count']} card" in text
                    for secret in m.rules.secrets(m.state, owner):
                        assert repr(secret) not in json.dumps(data)


def test_sealed_boosts_stay_sealed_until_the_reveal(games, capsys):
    """Cut the record while boosts are sealed: another side sees that a boost was
    sealed, never its amount; the `your boost` panel is only ever its own."""
    m, path = games[0]
    cuts = [i for i, entry in enumerate(m.history)
            if entry.text.startswith("boost") and not entry.reveals][:6]
    assert cuts
    for cut in cuts:
        sealer = m.history[cut].player
        state = m.history[cut + 1].before
        for side in m.scenario.sides:
            if side == sealer:
                continue
            text, data = replay_as(capsys, path, side, "--to", str(cut + 1))
            assert data["moves"][cut] == {"n": cut + 1, "player": sealer, "move": None,
                                          "told": [f"{sealer} commits a boost"]}
            assert text.splitlines()[cut] == f"{cut + 1:>4}. {sealer}: [{sealer} commits a boost]"
            panels = {p["title"]: p["text"] for p in data["view"]["panels"]}
            assert sealer in panels["sealed boosts"]
            own = state.pending[state.at(side)]
            assert panels.get(f"your boost ({side})") == (None if own is None else str(own))
            assert not [t for t in panels if t.startswith("your boost") and side not in t]


def test_the_seen_moves_of_the_whole_record_are_its_notation(games):
    m, _ = games[0]
    assert [s.text() for s in transcript.seen_moves(m.history, None)] == \
        [e.text for e in m.history]


def test_piped_pass_and_play_tells_each_side_only_its_own_draws(games):
    """The play session (piped) of the same seeded games: while a side holds the
    keyboard, the chance lines and the boards it is shown never hold another side's
    drawn card or hand."""
    for m, _ in games:
        moves = [e.text + "\n" for e in m.history if e.player != CHANCE]
        replayed = Match.new(m.scenario, chance=SeededChance(int(m.seed)), seed=m.seed)
        out = io.StringIO()
        Session(replayed, iter(moves), out, echo=True).run()
        assert [e.text for e in replayed.history] == [e.text for e in m.history]
        draws = iter([e for e in m.history if e.player == CHANCE])
        holder = None
        for line in out.getvalue().splitlines():
            if line.startswith("== ") and line.endswith("=="):
                holder = line[3:].split(":")[0]
            elif line.startswith("chance: "):
                entry = next(draws)
                for event in hidden_from(entry, holder):  # told to another side only
                    assert entry.text not in line and event.text not in line, line
            elif "'s hand: " in line and not line.startswith(f"{holder}'s hand: "):
                assert line.split(": ", 1)[1].split()[1] in ("card", "cards"), line
