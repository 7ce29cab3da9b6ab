"""The contract every ruleset keeps (docs/referee.md, toolkit/referee/protocol.py).

Parametrised over every registered ruleset that ships content (content/NAME/*.scn),
plus the toy Dice Race of tests/referee_toy. Random games from many seeds; after
every move:
- the decision is well formed and `decision is None` exactly when `outcome` is set;
- every legal move passes the one `check`, appears once, and its notation round-trips;
- PASS is legal in every reaction window;
- moves legal elsewhere in the game but not here fail `check` with a rule id and a
  reason, are refused by the core with IllegalMoveError, and leave the state hash as it was;
- sides that are not asked are refused with the `turn` rule;
- garbled notation raises MoveSyntaxError (with a rule id) or reads as a move that
  `check` judges like any other — never another exception;
- `apply` does not mutate its input;
- no side's view holds another side's `secrets`;
- the ruleset's own `invariants` hold (stacking, piece counts, …).
Set FRONTKIT_CONTRACT_GAMES to play more games per scenario.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Mapping
from pathlib import Path

import pytest

import dsl
from toolkit.referee import game, registry
from toolkit.referee.protocol import (
    CHANCE,
    PASS,
    Decision,
    DecisionKind,
    Event,
    Illegal,
    IllegalMoveError,
    MoveSyntaxError,
    Outcome,
)

TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")

GAMES = int(os.environ.get("FRONTKIT_CONTRACT_GAMES", "0"))
DEFAULT_GAMES = {"dice_race": 40}
MOVE_LIMIT = 5000


def _shipped() -> list[tuple[str, Path]]:
    cases: list[tuple[str, Path]] = [("dice_race", TOY)]
    for name in registry.names():
        if name == "dice_race":
            continue
        for path in registry.shipped_scenarios(name):
            try:
                scenario = dsl.load(path)
            except dsl.DslError:
                continue  # an include-only fragment, not a scenario
            if scenario.ruleset == name:
                cases.append((name, path))
    return cases


CASES = _shipped()


def facts(value, out: set | None = None) -> set:
    """Every value nested in a view: containers, elements, and (field, value) pairs of
    dataclasses and mappings. A secret leaks if it is one of these."""
    if out is None:
        out = set()
    try:
        out.add(value)
    except TypeError:
        pass
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            facts(item, out)
            try:
                out.add((f.name, item))
            except TypeError:
                pass
    elif isinstance(value, Mapping):
        for k, v in value.items():
            facts(k, out)
            facts(v, out)
            try:
                out.add((k, v))
            except TypeError:
                pass
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            facts(item, out)
    return out


def _garbled(text: str, rng: random.Random) -> list[str]:
    out = [text + rng.choice("19Z-@=x"), text.swapcase(), text[::-1], ""]
    if len(text) > 1:
        i = rng.randrange(len(text))
        out.append(text[:i] + text[i + 1:])
    return out


def _garbled_input_is_refused_cleanly(rules, state, player, legal, rng) -> None:
    """Typos either cannot be read (MoveSyntaxError) or read as a move that check judges;
    nothing else is raised and nothing changes."""
    before = rules.state_hash(state)
    legal_set = set(legal)
    sample = legal[rng.randrange(len(legal))]
    for text in _garbled(game.format_move(rules, state, player, sample), rng):
        try:
            move = game.parse_move(rules, state, player, text)
        except MoveSyntaxError as err:
            assert err.rule and err.reason, f"{text!r}: a syntax error names a rule"
            continue
        why = game.check(rules, state, player, move)
        assert (why is None) == (move in legal_set), f"{text!r} -> {move!r}: {why}"
    assert rules.state_hash(state) == before


def _orders_stay_secret(rules, state, player, legal, sides, rng) -> None:
    """Whichever order `player` gives, the sides still giving orders see the same thing
    (as long as the orders are not yet resolved): nothing derived from them leaks."""
    views: dict = {}
    for m in rng.sample(legal, min(5, len(legal))):
        after, _ = rules.apply(state, player, m)
        d = rules.decision(after)
        if d is None or d.kind is not DecisionKind.ORDERS:
            continue  # resolved: revealing is allowed now
        for other in d.players:
            if other == player:
                continue
            key = (other, d.players)
            seen = repr(rules.view(after, other))
            if key in views:
                assert views[key][1] == seen, (
                    f"{other}'s view depends on {player}'s secret orders: "
                    f"{views[key][0]!r} and {m!r} look different")
            else:
                views[key] = (m, seen)


def _check_decision(d: Decision, sides: tuple[str, ...]) -> None:
    assert isinstance(d, Decision)
    if d.kind is DecisionKind.CHANCE:
        assert d.players == () and d.chance is not None
    else:
        assert d.players, "a player decision names its players"
        assert set(d.players) <= set(sides), f"unknown players in {d}"
        if d.kind is DecisionKind.MOVE:
            assert len(d.players) == 1
        assert len(set(d.players)) == len(d.players), "a player is listed twice"


@pytest.mark.parametrize("name,path", CASES, ids=[f"{n}:{p.name}" for n, p in CASES])
def test_random_games_keep_the_protocol(name, path):
    scenario = dsl.load(path)
    rules = registry.get(name)
    assert rules.name == name
    sides = tuple(scenario.sides)
    games = GAMES or DEFAULT_GAMES.get(name, 12)
    seen_kinds: set[DecisionKind] = set()
    for seed in range(games):
        rng = random.Random(f"contract/{name}/{path.name}/{seed}")
        state = rules.new_game(scenario)
        pool: list[tuple[str, object]] = []  # moves legal somewhere in this game
        moves = 0
        while True:
            d = rules.decision(state)
            out = rules.outcome(state)
            if d is None:
                assert isinstance(out, Outcome), "a finished game has an outcome"
                assert out.winner is None or out.winner in sides
                assert out.reason
                break
            assert out is None, f"outcome {out} while still deciding {d}"
            _check_decision(d, sides)
            seen_kinds.add(d.kind)
            before = rules.state_hash(state)

            # sides not asked are refused by the core with the `turn` rule
            for side in sides:
                if side not in d.players and pool:
                    _, some = pool[rng.randrange(len(pool))]
                    refusal = game.check(rules, state, side, some)
                    assert isinstance(refusal, Illegal) and refusal.rule == game.RULE_TURN

            if d.kind is DecisionKind.CHANCE:
                listed = d.chance.outcomes()
                for o in listed or ():
                    assert game.check(rules, state, CHANCE, o) is None
                    assert d.chance.parse(str(o)) == o
                move = d.chance.sample(rng)
                assert game.check(rules, state, CHANCE, move) is None
                player = CHANCE
            else:
                for player in d.players:
                    legal = list(rules.legal_moves(state, player))
                    assert legal, f"{player} is asked to decide but has no legal move"
                    legal_set = set(legal)
                    assert len(legal_set) == len(legal), "a legal move is listed twice"
                    for m in legal:
                        assert rules.check(state, player, m) is None, (
                            f"{m!r} is listed as legal but check refuses it")
                        text = game.format_move(rules, state, player, m)
                        assert game.parse_move(rules, state, player, text) == m, (
                            f"notation does not round-trip: {m!r} -> {text!r}")
                    if d.kind is DecisionKind.REACTION:
                        assert PASS in legal_set, "PASS is legal in a reaction window"
                    # moves legal elsewhere but not here must be refused, changing nothing
                    others = [m for p, m in pool if m not in legal_set]
                    for m in rng.sample(others, min(4, len(others))):
                        why = rules.check(state, player, m)
                        assert isinstance(why, Illegal), f"{m!r} is not listed but passes check"
                        assert why.rule and why.reason
                        with pytest.raises(IllegalMoveError) as err:
                            game.play(rules, state, player, m)
                        assert err.value.rule == why.rule
                        assert rules.state_hash(state) == before
                    _garbled_input_is_refused_cleanly(rules, state, player, legal, rng)
                    pool.extend((player, m) for m in rng.sample(legal, min(6, len(legal))))
                player = d.players[rng.randrange(len(d.players))]
                legal = list(rules.legal_moves(state, player))
                if d.kind is DecisionKind.ORDERS and len(d.players) > 1:
                    _orders_stay_secret(rules, state, player, legal, sides, rng)
                move = legal[rng.randrange(len(legal))]

            new_state, events = game.play(rules, state, player, move)
            assert rules.state_hash(state) == before, "apply mutated its input state"
            assert all(isinstance(e, Event) for e in events)
            state = new_state

            # hidden information never in another side's view
            for owner in sides:
                hidden = set(game.secrets(rules, state, owner))
                if not hidden:
                    continue
                for other in [s for s in sides if s != owner] + [None]:
                    leaked = hidden & facts(rules.view(state, other))
                    assert not leaked, f"{other}'s view shows {owner}'s secrets {leaked}"
            broken = game.invariants(rules, state)
            assert not broken, f"after {player}: {move!r}: {broken}"
            moves += 1
            assert moves < MOVE_LIMIT, "the game does not end"
        assert isinstance(rules.render(rules.view(state, None)), str)
    assert DecisionKind.MOVE in seen_kinds or DecisionKind.ORDERS in seen_kinds


def test_the_toy_ruleset_exercises_every_decision_kind():
    """The core's own tests need every kind: orders, chance, move and reaction."""
    scenario = dsl.load(TOY)
    rules = registry.get("dice_race")
    kinds = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = rules.new_game(scenario)
        while (d := rules.decision(state)) is not None:
            kinds.add(d.kind)
            if d.kind is DecisionKind.CHANCE:
                state, _ = rules.apply(state, CHANCE, d.chance.sample(rng))
            else:
                legal = list(rules.legal_moves(state, d.players[0]))
                state, _ = rules.apply(state, d.players[0], rng.choice(legal))
    assert kinds == set(DecisionKind)


def test_a_leaking_view_is_caught_by_the_facts_walk():
    """The leak check is not vacuous: a view that shows the other side's sealed boost fails."""
    scenario = dsl.load(TOY)
    rules = registry.get("dice_race")
    state = rules.new_game(scenario)
    state, _ = game.play(rules, state, "Red", rules.parse_move("boost 2"))
    hidden = set(game.secrets(rules, state, "Red"))
    assert hidden
    assert not hidden & facts(rules.view(state, "Blue"))
    assert hidden & facts(rules.view(state, "Red"))  # Red's own view does show it


def test_the_orders_check_catches_a_view_derived_from_secret_orders():
    """A view that shows boosts left after a sealed (unrevealed) boost leaks the boost."""
    from tests.referee_toy.dice_race import DiceRace

    class Leaky(DiceRace):
        def view(self, s, player):
            v = super().view(s, player)
            track = v.tracks[0]
            spent = tuple((side, b - (p or 0)) for (side, b), p in zip(track.values, s.pending))
            return dataclasses.replace(v, tracks=(dataclasses.replace(track, values=spent),))

    rules = Leaky()
    state = rules.new_game(dsl.load(TOY))
    legal = list(rules.legal_moves(state, "Red"))
    with pytest.raises(AssertionError, match="Blue's view depends on Red's secret orders"):
        _orders_stay_secret(rules, state, "Red", legal, ("Red", "Blue"), random.Random(0))
