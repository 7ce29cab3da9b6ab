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
- the ruleset's own `invariants` hold (stacking, piece counts, …);
- a refused move leaves the whole state value as it was (not only its hash);
- over the ruleset's whole move space (`move_space` hook), `check` accepts exactly the
  listed legal moves, every few decisions;
- the move tree (toolkit/referee/steps.py): its leaves are the flat listing (as sets,
  each leaf once), tokens are unique among siblings, labels are players' words (no
  `_`), an unknown choice is refused with rule `step`, and `sample` draws a legal move
  without changing the state; at every decision of a ruleset with its own tree, every
  few decisions for the core's tree;
- reaction windows for several sides keep priority (all may pass; only the first may
  answer otherwise);
- events told to a side and its rendered screen hold no other side's secrets;
- outcomes are well formed (scores and ranking name known sides, the winner first);
- `frontkit replay --as SIDE` (text and JSON) never shows another side's move that SIDE
  was not shown in its notation.
Set FRONTKIT_CONTRACT_GAMES to play more games per scenario.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import pickle
import random
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path

import pytest

import dsl
from shipped import shipped_with_options
from toolkit.referee import game, registry
from toolkit.referee import steps as move_tree
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
TOY_3 = Path(__file__).parent / "referee_toy" / "dice_race_3.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")

GAMES = int(os.environ.get("FRONTKIT_CONTRACT_GAMES", "0"))
DEFAULT_GAMES = {"dice_race": 40, "lines_and_webs": 2}
# Games long enough to check every phase but short enough for the suite: Lines and Webs
# has ~80 moves a turn with hundreds of transport orders listed at each; three turns
# take in the first CL I consumption (turn 3). FRONTKIT_CONTRACT_GAMES plays them whole.
SHORTENED = {"lines_and_webs": {"turns": 3}}
MOVE_LIMIT = 5000


def _shipped() -> list[tuple[str, Path]]:
    cases: list[tuple[str, Path]] = [("dice_race", TOY), ("dice_race", TOY_3)]
    for name in registry.names():
        if name == "dice_race":
            continue
        cases += [(name, path) for path in registry.shipped_scenarios(name)]
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
    snapshot = value_of(state)
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
    assert value_of(state) == snapshot, "a refused move changed the state"


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



#: Every how many decisions the whole move space is judged (rulesets with `move_space`).
SPACE_EVERY = 7
#: Games per scenario whose `replay --as` transcripts are searched for secrets.
TRANSCRIPT_GAMES = 3


def value_of(state) -> bytes:
    """The whole state as a value (not only its hash), without the scenario tables it
    shares with every other state: dataclass fields not marked `hash: False`, or every
    slot but `cfg`. A planted bug that changes an illegal move's resources shows here."""
    if dataclasses.is_dataclass(state):
        parts = [(f.name, getattr(state, f.name)) for f in dataclasses.fields(state)
                 if f.metadata.get("hash", True)]
    else:
        names = [n for c in type(state).__mro__ for n in getattr(c, "__slots__", ())]
        names += list(getattr(state, "__dict__", {}))
        parts = [(n, getattr(state, n, None)) for n in names if n not in ("cfg", "memo")]
    return pickle.dumps(parts)


def _reaction_priority_is_kept(rules, state, d: Decision, player: str, legal) -> None:
    """Several sides may react: all may pass, only the first may answer otherwise."""
    if player == d.players[0]:
        return
    assert game.legal_moves(rules, state, player) == [PASS]
    for m in legal:
        if m is not PASS:
            assert game.check(rules, state, player, m).rule == game.RULE_PRIORITY


def _the_move_space_is_judged_by_check(rules, state, player: str, legal_set) -> None:
    """Over the ruleset's whole move space (`move_space` hook): check accepts exactly
    the listed legal moves."""
    hook = getattr(rules, "move_space", None)
    if hook is None:
        return
    snapshot = value_of(state)
    for m in hook(state, player):
        why = rules.check(state, player, m)
        assert (why is None) == (m in legal_set), f"{m!r}: check says {why}, listed: " \
            f"{m in legal_set}"
        if why is not None:
            assert why.rule and why.reason
    assert value_of(state) == snapshot, "a refused move changed the state"


def _the_move_tree_is_the_listing(rules, state, player: str, legal_set, rng) -> None:
    """The tree's leaves == the flat listing == what check accepts (the listing was
    just held to check); tokens unique among siblings; labels in players' words;
    unknown choices refused; `sample` legal; nothing changes the state."""
    snapshot = value_of(state)
    walked = move_tree.walk(rules, state, player)
    siblings: dict[tuple, list[str]] = {}
    for chosen, step in walked:
        siblings.setdefault(chosen, []).append(step.token)
        assert step.token and step.label, f"an empty step after {chosen}: {step!r}"
        assert "_" not in step.label, f"a step label is not players' words: {step.label!r}"
    for chosen, tokens in siblings.items():
        assert len(set(tokens)) == len(tokens), f"tokens repeat after {chosen}: {tokens}"
    found = [step.move for _, step in walked if step.move is not None]
    assert len(set(found)) == len(found), "a whole move is a leaf twice in the move tree"
    assert set(found) == legal_set, (
        f"tree leaves and listing differ: only in the tree {set(found) - legal_set}, "
        f"only listed {legal_set - set(found)}")
    chosen = rng.choice(list(siblings))
    with pytest.raises(IllegalMoveError) as err:
        move_tree.steps(rules, state, player, chosen + ("no such choice",))
    assert err.value.rule and err.value.reason
    for _ in range(3):
        assert move_tree.sample(rules, state, player, rng) in legal_set, "sampled an illegal move"
    assert value_of(state) == snapshot, "listing or sampling the move tree changed the state"


def _outcome_is_well_formed(out: Outcome, sides) -> None:
    assert {side for side, _ in out.scores} <= set(sides), "scores name unknown sides"
    assert {s for group in out.ranking for s in group} <= set(sides)
    places = out.places(tuple(sides))
    if out.winner is not None:
        assert places[out.winner] == 1
        assert all(p > 1 for s, p in places.items() if s != out.winner)
    json.dumps(out.as_json(), allow_nan=False)


def _own_view_keeps_what_is_kept_from_it(rules, state, sides, events) -> None:
    """What an effect declared hidden keeps from a side about its own things (the
    `kept_from` hook: its deck's new order after a Cyber Attack!) is in neither its
    view, nor the events it was told, nor its screen."""
    hook = getattr(rules, "kept_from", None)
    for side in sides if hook is not None else ():
        kept = set(hook(state, side))
        if not kept:
            continue
        view = rules.view(state, side)
        told = game.visible_events(events, side)
        leaked = kept & (facts(view) | facts(tuple(e.data for e in told)))
        assert not leaked, f"{side}'s own view or events show what is kept from it: {leaked}"
        text = rules.render(view) + "\n" + "\n".join(e.text for e in told)
        shown = [k for k in kept if isinstance(k, str) and k in text]
        assert not shown, f"{side}'s screen shows what is kept from it: {shown}"


def _transcripts_keep_secrets(rules, scenario, history, sides) -> None:
    """`frontkit replay --as SIDE` (text and JSON) shows no move of another side that
    SIDE was not shown: another side's secret orders and private draws appear only as
    the events SIDE was told, never in their notation."""
    from toolkit.cli import main
    from toolkit.referee.match import Match

    if type(rules) is not type(registry.get(rules.name)):
        return  # a variant or a planted bug: a record replays only the registered rules
    match = Match.new(scenario)
    for player, move, _, _, _ in history:
        match.play_move(player, move)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.rec"
        match.save(path)
        for viewer in sides:
            outputs = {}
            for extra in ([], ["--json"]):
                out = io.StringIO()
                with contextlib.redirect_stdout(out):  # the scenario lives outside the folder
                    assert main(["replay", str(path), "--as", viewer, *extra,
                                 "--scenario", str(scenario.path)]) == 0
                outputs[bool(extra)] = out.getvalue()
            data = json.loads(outputs[True], parse_constant=lambda c: pytest.fail(c))
            # the seed deals what is hidden and the whole state's hash lets guesses be tested
            assert "seed" not in data and "state_hash" not in data
            assert "state hash" not in outputs[False]
            shown = [m["move"] for m in data["moves"]]
            seen = " ".join(e.text for *_, events in history for e in events
                            if e.visible_to(viewer))
            seen += " " + " ".join(n for p, _, n, _, _ in history if p == viewer)

            def secret(kind, events) -> bool:
                return kind is DecisionKind.ORDERS or not all(
                    e.visible_to(viewer) for e in events)

            # a move made in the open shows its notation (a card drawn in secret and then
            # cast in the open, `cast chain_lightning`), whatever words its events use
            seen += " " + " ".join(n for p, _, n, k, evs in history
                                   if p != CHANCE and not secret(k, evs))
            for i, (player, move, notation, kind, events) in enumerate(history):
                if player == viewer or move is PASS:
                    continue
                secret_ = secret(kind, events)
                if not secret_ or notation in seen:
                    continue
                assert shown[i] != notation, (
                    f"replay --as {viewer} --json shows move {i + 1} of {player} as "
                    f"{notation!r}, which {viewer} never saw")
                assert not re.search(rf"(?<![\w@]){re.escape(notation)}(?![\w@])",
                                     outputs[False]), (
                    f"replay --as {viewer} shows {player}'s {notation!r}, which "
                    f"{viewer} never saw")


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
def test_random_games_keep_the_protocol(name, path, tmp_path):
    if name in SHORTENED and not GAMES and path.stem == name:
        path = shipped_with_options(tmp_path, name, **SHORTENED[name])
    scenario = dsl.load(path)
    rules = registry.get(name)
    assert rules.name == name
    keep_the_protocol(rules, scenario, f"{name}/{path.name}",
                      GAMES or DEFAULT_GAMES.get(name, 12))


def keep_the_protocol(rules, scenario, label: str, games: int) -> None:
    """Random games of `scenario` checked against the protocol after every move."""
    sides = tuple(scenario.sides)
    seen_kinds: set[DecisionKind] = set()
    for seed in range(games):
        rng = random.Random(f"contract/{label}/{seed}")
        state = rules.new_game(scenario)
        pool: list[tuple[str, object]] = []  # moves legal somewhere in this game
        history: list[tuple] = []  # (player, move, notation, decision kind, events)
        moves = 0
        while True:
            d = rules.decision(state)
            out = rules.outcome(state)
            if d is None:
                assert isinstance(out, Outcome), "a finished game has an outcome"
                assert out.winner is None or out.winner in sides
                assert out.reason
                _outcome_is_well_formed(out, sides)
                break
            assert out is None, f"outcome {out} while still deciding {d}"
            _check_decision(d, sides)
            seen_kinds.add(d.kind)
            before = rules.state_hash(state)

            # sides not asked are refused by the core: with the ruleset's own reason
            # (not_deciding: withdrew, passed, waits for a reveal) or the `turn` rule,
            # and either way told whom the game waits for
            for side in sides:
                if side not in d.players and pool:
                    _, some = pool[rng.randrange(len(pool))]
                    refusal = game.check(rules, state, side, some)
                    assert isinstance(refusal, Illegal)
                    assert refusal.reason.endswith(game.waiting_for(d)), refusal
                    hook = getattr(rules, "not_deciding", None)
                    own = hook(state, side) if hook is not None else None
                    assert refusal.rule == (own.rule if own is not None else game.RULE_TURN)
                    assert rules.state_hash(state) == before

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
                        _reaction_priority_is_kept(rules, state, d, player, legal)
                    if moves % SPACE_EVERY == 0:
                        _the_move_space_is_judged_by_check(rules, state, player, legal_set)
                    if move_tree.has_tree(rules) or moves % SPACE_EVERY == 0:
                        _the_move_tree_is_the_listing(rules, state, player, legal_set, rng)
                    # moves legal elsewhere but not here must be refused, changing nothing
                    others = [m for p, m in pool if m not in legal_set]
                    snapshot = value_of(state)
                    for m in rng.sample(others, min(4, len(others))):
                        why = rules.check(state, player, m)
                        assert isinstance(why, Illegal), f"{m!r} is not listed but passes check"
                        assert why.rule and why.reason
                        with pytest.raises(IllegalMoveError) as err:
                            game.play(rules, state, player, m)
                        assert err.value.rule == game.check(rules, state, player, m).rule
                        assert rules.state_hash(state) == before
                    assert value_of(state) == snapshot, "a refused move changed the state"
                    _garbled_input_is_refused_cleanly(rules, state, player, legal, rng)
                    pool.extend((player, m) for m in rng.sample(legal, min(6, len(legal))))
                player = d.players[rng.randrange(len(d.players))]
                legal = game.legal_moves(rules, state, player)  # the core keeps priority
                if d.kind is DecisionKind.ORDERS and len(d.players) > 1:
                    _orders_stay_secret(rules, state, player, legal, sides, rng)
                move = legal[rng.randrange(len(legal))]

            snapshot = value_of(state)
            new_state, events = game.play(rules, state, player, move)
            assert rules.state_hash(state) == before, "apply mutated its input state"
            assert value_of(state) == snapshot, "apply mutated its input state"
            assert all(isinstance(e, Event) for e in events)
            history.append((player, move, game.format_move(rules, state, player, move),
                            d.kind, tuple(events)))
            state = new_state

            # hidden information never in another side's view
            for owner in sides:
                hidden = set(game.secrets(rules, state, owner))
                if not hidden:
                    continue
                words = {h for h in hidden if isinstance(h, str)}
                for other in [s for s in sides if s != owner] + [None]:
                    view = rules.view(state, other)
                    leaked = hidden & facts(view)
                    assert not leaked, f"{other}'s view shows {owner}'s secrets {leaked}"
                    told = game.visible_events(events, other)
                    leaked = hidden & facts(tuple(e.data for e in told))
                    assert not leaked, f"events told to {other} hold {owner}'s secrets {leaked}"
                    text = rules.render(view) + "\n" + "\n".join(e.text for e in told)
                    shown = [w for w in words if w in text]
                    assert not shown, f"{other}'s screen shows {owner}'s secrets {shown}"
            _own_view_keeps_what_is_kept_from_it(rules, state, sides, events)
            broken = game.invariants(rules, state)
            assert not broken, f"after {player}: {move!r}: {broken}"
            moves += 1
            assert moves < MOVE_LIMIT, "the game does not end"
        assert isinstance(rules.render(rules.view(state, None)), str)
        if seed < TRANSCRIPT_GAMES:
            _transcripts_keep_secrets(rules, scenario, history, sides)
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


def test_a_refused_move_that_changes_the_state_is_caught_even_when_the_hash_misses_it():
    """The planted bug of the hostile-input probe: an illegal order spends resources the
    state hash does not cover. Comparing the whole state value catches it."""
    from tests.referee_toy.dice_race import DiceRace

    class Planted(DiceRace):
        def check(self, s, player, move):
            why = super().check(s, player, move)
            if why is not None and s.flow.phase == "plan":
                object.__setattr__(s, "boosts", tuple(b - 1 for b in s.boosts))
            return why

        def state_hash(self, s):
            return "same"

    with pytest.raises(AssertionError, match="a refused move changed the state"):
        keep_the_protocol(Planted(), dsl.load(TOY), "planted", 3)


def test_the_move_space_check_catches_a_check_that_refuses_a_listed_move():
    from tests.referee_toy.dice_race import Boost, DiceRace

    class Strict(DiceRace):
        def check(self, s, player, move):
            if move == Boost(2) and s.flow.phase == "plan":
                return None  # accepts boost 2 even with fewer boosts left
            return super().check(s, player, move)

    with pytest.raises(AssertionError):
        keep_the_protocol(Strict(), dsl.load(TOY), "strict", 6)
