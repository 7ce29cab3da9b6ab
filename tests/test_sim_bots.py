"""Bots play every ruleset through the protocol alone (toolkit/sim/bots).

Checked on every shipped ruleset with a referee and on the toy Dice Race:
every bot plays only legal moves (the core's one check) and finishes games;
line-ups read and refuse clearly; MCTS samples hidden information through
`determinize` and never searches without it when the hook exists; the
determinised states of Front Lines look the same to the side that sampled
them. Strength (MCTS against random and greedy over many games) is measured in
benchmarks/bots.py; here a short seeded series per ruleset checks that MCTS beats
random at Front Lines, Front Line, Skirmish, Lines and Webs (over nine turns of
fifteen: a full game is some 1,100 moves) and Dice Race; Last Front and Fantasy Line
Battle have theirs beside their other bot tests.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

import dsl
from toolkit.referee import game, registry
from toolkit.referee.protocol import CHANCE, DecisionKind
from toolkit.sim.bots import BotSpec, BotSpecError, parse_lineup, seat_lineup
from toolkit.sim.playout import game_rng, play_game

TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")


def _cases() -> list[tuple[str, Path]]:
    cases = [("dice_race", TOY)]
    for name in registry.names():
        if name == "dice_race":
            continue
        cases += [(name, path) for path in registry.shipped_scenarios(name)[:1]]
    return cases


CASES = _cases()

#: Rulesets whose games are long (Lines and Webs: about 1,100 moves, some 900 legal orders
#: a Transport decision): one game a bot, not three. A greedy game there takes about 12 s
#: and an MCTS(3) game about 10 s (benchmarks/bots.py; docs/balance.md).
LONG = {"lines_and_webs"}


@pytest.mark.parametrize("kind", ["random", "greedy", "mcts:3"])
@pytest.mark.parametrize("name, path", CASES, ids=[c[0] for c in CASES])
def test_bots_play_only_legal_moves_and_finish(name, path, kind):
    scenario = dsl.load(path)
    rules = registry.get(name)
    sides = tuple(scenario.sides)
    bot = BotSpec.parse(kind).make(rules, sides)
    games = 1 if (kind.startswith("mcts") and name != "dice_race") or name in LONG else 3
    for i in range(games):
        state = rules.new_game(scenario)
        rng = game_rng("legal", i)
        while (d := rules.decision(state)) is not None:
            if d.kind is DecisionKind.CHANCE:
                state, _ = rules.apply(state, CHANCE, d.chance.sample(rng))
                continue
            player = d.players[0]
            move = bot.choose(state, player, rng)
            why = game.check(rules, state, player, move)
            assert why is None, f"{kind} as {player} chose {move!r}: {why}"
            state, _ = rules.apply(state, player, move)
        assert rules.outcome(state) is not None


def test_a_lineup_reads_one_bot_per_seat_and_the_last_repeats():
    specs = parse_lineup("mcts:200, random")
    assert specs == (BotSpec("mcts", 200), BotSpec("random"))
    assert [str(s) for s in specs] == ["mcts:200", "random"]
    assert str(BotSpec.parse("mcts:50ms")) == "mcts:50ms"
    assert seat_lineup(parse_lineup("greedy"), ("A", "B", "C")) == (BotSpec("greedy"),) * 3


@pytest.mark.parametrize("text, words", [
    ("alphabeta", "unknown bot 'alphabeta'"),
    ("random:20", "only mcts takes a budget"),
    ("mcts:0", "whole number of iterations"),
    ("mcts:fast", "whole number of iterations"),
    ("random,,greedy", "one bot per seat"),
])
def test_a_bad_lineup_says_what_is_wrong(text, words):
    with pytest.raises(BotSpecError, match=words):
        parse_lineup(text)


def test_more_bots_than_seats_is_refused():
    with pytest.raises(BotSpecError, match="3 bots for 2 seats"):
        seat_lineup(parse_lineup("random,random,greedy"), ("Red", "Blue"))


def test_mcts_searches_samples_from_determinize_not_the_true_state():
    """Dice Race's hidden fact is a sealed boost (DR-boost): every iteration of the
    search starts from a determinised sample drawn for the deciding side."""
    rules = registry.get("dice_race")
    scenario = dsl.load(TOY)
    calls = []
    real = type(rules).determinize

    class Spy:
        def __getattr__(self, name):
            return getattr(rules, name)

        @staticmethod
        def determinize(state, side, rng):
            calls.append(side)
            return real(state, side, rng)

    spy = Spy()
    state = rules.new_game(scenario)
    state, _ = rules.apply(state, "Red", rules.parse_move("boost 2"))  # Red's boost is sealed
    bot = BotSpec("mcts", 30).make(spy, ("Red", "Blue"))
    move = bot.choose(state, "Blue", random.Random(1))
    assert game.check(rules, state, "Blue", move) is None
    assert len(calls) >= 30 and set(calls) == {"Blue"}


def test_dice_race_determinize_redraws_only_the_other_sides_sealed_boost():
    rules = registry.get("dice_race")
    state = rules.new_game(dsl.load(TOY))
    state, _ = rules.apply(state, "Red", rules.parse_move("boost 2"))
    seen = {rules.determinize(state, "Blue", random.Random(i)).pending[0] for i in range(40)}
    assert seen == {0, 1, 2}  # Blue cannot tell which boost Red sealed
    for i in range(10):  # Red knows its own
        assert rules.determinize(state, "Red", random.Random(i)).pending[0] == 2


def test_front_lines_determinized_states_look_the_same_to_the_sampling_side():
    """FL-fog-*: what a side sees is kept (its view, but the count of enemy orders it
    drops) and the sample is a legal position (the ruleset's invariants hold)."""
    rules = registry.get("front_lines")
    scenario = dsl.load(registry.shipped_scenarios("front_lines")[0])
    bot = BotSpec("random").make(rules, tuple(scenario.sides))
    rng = random.Random(3)
    checked = 0
    for g in range(4):
        state = rules.new_game(scenario)
        while (d := rules.decision(state)) is not None:
            for side in scenario.sides:
                sample = rules.determinize(state, side, rng)
                # everything but the status line that counts the enemy's placed or
                # planned orders (a sample does not replay how far the enemy has got)
                mine = rules.view(state, side)
                theirs = rules.view(sample, side)
                counted = ("placed:", "planned:")
                assert [x for x in mine.status if not x.startswith(counted)] == \
                    [x for x in theirs.status if not x.startswith(counted)]
                assert replace(theirs, status=()) == replace(mine, status=())
                assert list(rules.invariants(sample)) == []
                checked += 1
            player = d.players[0]
            state, _ = rules.apply(state, player, bot.choose(state, player, rng))
    assert checked > 100


def test_front_lines_determinize_deals_the_disguised_recon_among_the_lookalikes():
    """FL-recon-3: a disguised Recon looks like Infantry, so a sample may put the Recon
    on any enemy unit that looks like Infantry (and the Commander stays on the board)."""
    rules = registry.get("front_lines")
    scenario = dsl.load(registry.shipped_scenarios("front_lines")[0])
    state = rules.new_game(scenario, {"deployment": "setup"})
    recon_squares = set()
    for i in range(40):
        sample = rules.determinize(state, "South", random.Random(i))
        north = [u for u in sample.units.values() if u.side == 0]
        assert sum(u.kind == "commander" for u in north) == 1
        recon_squares |= {u.sq for u in north if u.kind == "recon"}
    assert len(recon_squares) > 2


def test_greedy_without_evaluate_takes_a_winning_move():
    """Without the hook greedy looks one move ahead for a win (DR-win)."""
    rules = registry.get("dice_race")

    class NoHeuristic:
        def __getattr__(self, name):
            if name == "evaluate":
                raise AttributeError(name)
            return getattr(rules, name)

    from toolkit.referee.kit.flow import Flow

    state = rules.new_game(dsl.load(TOY))
    state = replace(state, flow=Flow("run", order=("Red", "Blue"), fresh=False, begun=True),
                    die=6, positions=(8, 0), boosts=(2, 3))
    assert rules.decision(state).players == ("Red",)
    bot = BotSpec("greedy").make(NoHeuristic(), ("Red", "Blue"))
    for seed in range(10):  # hold is legal too (a boost was spent), never chosen
        assert bot.choose(state, "Red", random.Random(seed)) == "advance"


def test_mcts_follows_the_weights_where_evaluate_cannot_tell_moves_apart():
    """A flat `evaluate` (Lines and Webs' purchases all wait in the queue) once left the
    move played to the order of the list; now the random bot's weights break the tie,
    so the search plays at least as the random bot would."""
    rules = registry.get("dice_race")
    from toolkit.referee.kit.flow import Flow

    state = rules.new_game(dsl.load(TOY))
    state = replace(state, flow=Flow("run", order=("Red", "Blue"), fresh=False, begun=True),
                    die=1, positions=(0, 0), boosts=(2, 3))
    listed = list(rules.legal_moves(state, "Red"))
    assert len(listed) >= 2
    favoured = listed[-1]

    class Blind:
        def evaluate(self, s, side):
            return 0.0

        def bot_weights(self, s, player, moves):
            return [1000.0 if m == favoured else 1.0 for m in moves]

        def __getattr__(self, name):
            return getattr(rules, name)

    bot = BotSpec("mcts", 4).make(Blind(), ("Red", "Blue"))
    chosen = [bot.choose(state, "Red", random.Random(seed)) for seed in range(10)]
    assert chosen.count(favoured) >= 9, chosen


def _series(name: str, path: Path, budget: int, games: int, seed: int,
            options: dict | None = None) -> dict[str, int]:
    """MCTS against random, seats rotated game by game, seeded (iterations, not ms)."""
    rules = registry.get(name)
    scenario = dsl.load(path)
    sides = tuple(scenario.sides)
    mcts, rand = BotSpec("mcts", budget).make(rules, sides), BotSpec("random").make(rules, sides)
    wins = {"mcts": 0, "random": 0, "draw": 0}
    for i in range(games):
        seated = [mcts, rand] if i % 2 == 0 else [rand, mcts]
        winner = play_game(rules, rules.new_game(scenario, options), sides, seated,
                           game_rng(seed, i))[0]
        if winner is None:
            wins["draw"] += 1
        else:
            wins["mcts" if seated[sides.index(winner)] is mcts else "random"] += 1
    return wins


def test_mcts_beats_random_at_front_lines():
    """FL-win-*: rollouts to the turn's end judged by Front Lines' evaluate; five
    iterations a decision already win most games (benchmarks/bots.py measures bigger
    budgets and greedy)."""
    path = registry.shipped_scenarios("front_lines")[0]
    wins = _series("front_lines", path, budget=5, games=4, seed=3)
    assert wins["mcts"] >= 3, wins


def test_mcts_beats_random_at_skirmish():
    """SK-limit/SK-capital: the search wins a majority of the games (a draw is a game
    not won) and loses none."""
    path = registry.shipped_scenarios("skirmish")[0]
    wins = _series("skirmish", path, budget=10, games=4, seed=3)
    assert wins["mcts"] >= 3 and wins["random"] == 0, wins


def test_mcts_beats_random_at_front_line():
    """FL-win-op/FL-win-capital: rollouts to the turn's end judged by Front Line's
    evaluate; three iterations a decision win every game of a short series."""
    path = registry.shipped_scenarios("front_line")[0]
    wins = _series("front_line", path, budget=3, games=4, seed=3)
    assert wins["mcts"] >= 3 and wins["random"] == 0, wins


def test_mcts_beats_random_at_lines_and_webs():
    """LW-V1/LW-V3: over nine turns (`turns 9`), the length at which random play is
    level (Delta 48-62% of 200 random games; over the full fifteen Gamma wins 82% and an
    MCTS game costs about 20 s), three iterations a decision win most of a short series
    with the seats rotated. benchmarks/bots.py measures full-length games (docs/balance.md)."""
    path = registry.shipped_scenarios("lines_and_webs")[0]
    wins = _series("lines_and_webs", path, budget=3, games=6, seed=3, options={"turns": 9})
    assert wins["mcts"] >= 4 and wins["mcts"] > wins["random"], wins


def test_mcts_beats_random_at_dice_race():
    """A seeded series (deterministic: iterations, not milliseconds), seats rotated."""
    rules = registry.get("dice_race")
    scenario = dsl.load(TOY)
    sides = tuple(scenario.sides)
    mcts, rand = BotSpec("mcts", 40).make(rules, sides), BotSpec("random").make(rules, sides)
    wins = {"mcts": 0, "random": 0}
    for i in range(24):
        seated = [mcts, rand] if i % 2 == 0 else [rand, mcts]
        winner = play_game(rules, rules.new_game(scenario), sides, seated, game_rng(11, i))[0]
        if winner is not None:
            wins["mcts" if seated[sides.index(winner)] is mcts else "random"] += 1
    assert wins["mcts"] > wins["random"] + 4, wins


def test_mcts_rolls_out_whole_turns_only_where_the_ruleset_asks():
    """Every kit ruleset counts its turns (a report's game length), but a Lines and Webs
    turn is some seventy supply orders: only rulesets that set `search_whole_turns`
    (orders judged whole: Front Lines, Front Line, the toy) have rollouts run to the
    turn's end."""
    from toolkit.sim.bots.mcts import DEFAULT_DEPTH, MCTSBot

    for name, path in CASES:
        rules = registry.get(name)
        bot = MCTSBot(rules, tuple(dsl.load(path).sides), iterations=1)
        assert callable(getattr(rules, "turn_number", None)), name
        if name in ("front_lines", "front_line", "dice_race"):
            assert bot.turn_number is not None and bot.tournament, name
        else:
            assert bot.turn_number is None and bot.depth == DEFAULT_DEPTH, name


def test_a_lines_and_webs_game_lasts_its_fifteen_turns_in_the_report():
    """The length in turns is the game's own count (it was the number of times the side
    to decide changed, some 200 a game)."""
    rules = registry.get("lines_and_webs")
    scenario = dsl.load(registry.shipped_scenarios("lines_and_webs")[0])
    sides = tuple(scenario.sides)
    bots = [BotSpec("random").make(rules, sides)] * 2
    result = play_game(rules, rules.new_game(scenario), sides, bots, game_rng(0, 0))
    turns = result[5]
    assert result[1] in ("LW-V1", "LW-V2", "LW-V3") and 1 <= turns <= 15, result[:6]
