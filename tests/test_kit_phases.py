"""The rules kit's turn structure (toolkit/referee/kit/phases.py, flow.py, rules.py):
decisions derived from declared phases, routed moves, windows, reactions for several
sides in priority order, and the turn-sequence table checked against the phases."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest

import dsl
from toolkit.referee import game, registry
from toolkit.referee.chance import ChanceOutcome, Dice, Pick
from toolkit.referee.kit.flow import Flow, clockwise, open_window, with_flow
from toolkit.referee.kit.phases import (
    ALL_PASS, AUTO, CHANCE, HANDLER, REACT, SIDE, TOGETHER, TURNS, Phase, Window,
    check_sequence, read_sequence)
from toolkit.referee.kit.rules import KitRules, stable_hash
from toolkit.referee.protocol import PASS, DecisionKind, Event, Illegal, IllegalMoveError, Outcome

TOY = Path(__file__).parent / "referee_toy"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")


# ------------------------------------------------------------- a tiny game

@dataclass(frozen=True)
class S:
    sides: tuple[str, ...]
    flow: Flow
    log: tuple[str, ...] = ()
    tokens: int = 0


def note(s: S, text: str) -> S:
    return replace(s, log=s.log + (text,))


class Bid:  # each side in turn says a number, or passes for the rest of the phase
    def candidates(self, s, side):
        return [1, 2]

    def check(self, s, side, m):
        return None if m in (1, 2) else Illegal("T-bid", "bid 1 or 2")

    def apply(self, s, side, m):
        return note(s, f"{side}:{m}"), ()


class Upkeep:
    def enter(self, s):
        return replace(s, tokens=s.tokens + 1), (Event("upkeep", "a token"),)


class Start:
    def chance(self, s):
        return Pick(tuple(s.sides), "start player")

    def apply(self, s, side, outcome):
        return with_flow(s, start=outcome.values[0]), ()


class Tiny(KitRules):
    name = "tiny"
    phases = (Phase("start", CHANCE, Start()),
              Phase("bid", TURNS, Bid(), until=ALL_PASS),
              Phase("upkeep", AUTO, Upkeep()))

    def setup(self, scenario, options):
        return S(("A", "B", "C"), Flow("start"))

    def finished(self, s):
        return Outcome(None, "three rounds", "T-end") if s.flow.round > 3 else None


@pytest.fixture
def tiny():
    rules = Tiny()
    return rules, rules.new_game(None)


def play(rules, s, side, move):
    return game.play(rules, s, side, move)[0]


# ------------------------------------------------------------------ tests

def test_kit_a_chance_phase_asks_chance_and_its_outcome_sets_the_start_player(tiny):
    rules, s = tiny
    d = rules.decision(s)
    assert d.kind is DecisionKind.CHANCE and d.chance.options == ("A", "B", "C")
    s = play(rules, s, "chance", ChanceOutcome(("B",)))
    assert s.flow.start == "B" and s.flow.phase == "bid"


def test_kit_sides_in_turn_go_clockwise_from_the_start_player(tiny):
    rules, s = tiny
    s = play(rules, s, "chance", ChanceOutcome(("B",)))
    seen = []
    for _ in range(3):
        d = rules.decision(s)
        seen.append(d.players)
        s = play(rules, s, d.players[0], 1)
    assert seen == [("B",), ("C",), ("A",)]
    assert clockwise(("A", "B", "C"), "C") == ("C", "A", "B")


def test_kit_until_all_pass_repeats_the_turns_and_a_passed_side_is_out(tiny):
    rules, s = tiny
    s = play(rules, s, "chance", ChanceOutcome(("A",)))
    assert PASS in game.legal_moves(rules, s, "A")
    s = play(rules, s, "A", PASS)          # A is out for the phase
    s = play(rules, s, "B", 2)
    s = play(rules, s, "C", 1)
    assert rules.decision(s).players == ("B",)   # A is skipped
    why = game.check(rules, s, "A", 1)             # and told why, not "not A's decision"
    assert why == Illegal("kit-passed", "A has passed and makes no more moves until the "
                          "phase ends; waiting for B")
    assert game.check(rules, s, "C", 1).rule == "turn"  # C waits its turn: the core's rule
    rules.passed_rules = {"bid": ("T-passed", "bids no more this round")}
    assert game.check(rules, s, "A", 1) == Illegal(
        "T-passed", "A has passed and bids no more this round; waiting for B")
    s = play(rules, s, "B", PASS)
    s = play(rules, s, "C", PASS)          # everyone passed: upkeep runs, a new round starts
    assert s.log == ("B:2", "C:1")
    assert s.tokens == 1 and s.flow.round == 2 and s.flow.phase == "start"


def test_kit_an_automatic_phase_runs_inside_apply_and_the_game_ends_by_finished(tiny):
    rules, s = tiny
    for _ in range(3):
        s = play(rules, s, "chance", ChanceOutcome(("A",)))
        for side in ("A", "B", "C"):
            s = play(rules, s, side, PASS)
    assert rules.decision(s) is None and rules.outcome(s).rule == "T-end"
    assert s.tokens == 3
    assert game.check(rules, s, "A", 1).rule == "over"


def test_kit_a_move_that_fails_check_is_refused_and_changes_nothing(tiny):
    rules, s = tiny
    s = play(rules, s, "chance", ChanceOutcome(("A",)))
    before = stable_hash(s)
    why = game.check(rules, s, "A", 7)
    assert why == Illegal("T-bid", "bid 1 or 2")
    assert game.check(rules, s, "B", 1).rule == "turn"
    assert stable_hash(s) == before


# ------------------------------------------------------------ windows

class Fight:  # A's single move opens a roll window, then a reaction window for B and C
    def candidates(self, s, side):
        return ["attack"]

    def check(self, s, side, m):
        return None if m == "attack" else Illegal("T-attack", "attack")

    def apply(self, s, side, m):
        return open_window(s, Window("roll", CHANCE, spec=Dice(1, 6))), ()


class RollW:
    def check(self, s, side, m, w):
        return None

    def apply(self, s, side, outcome, w):
        s = note(s, f"roll {outcome.values[0]}")
        return open_window(s, Window("cover", REACT, ("C", "B"), "cover?")), ()


class Cover:
    def candidates(self, s, side, w):
        return ["cover"]

    def check(self, s, side, m, w):
        return None if m == "cover" else Illegal("T-cover", "cover or pass")

    def apply(self, s, side, m, w):
        return note(s, f"{side} covers"), ()

    def resolve(self, s, w):
        return note(s, "nobody covers"), ()


class Windowed(KitRules):
    name = "windowed"
    phases = (Phase("fight", SIDE, Fight()),)
    windows = {"roll": RollW(), "cover": Cover()}

    def setup(self, scenario, options):
        return S(("A", "B", "C"), Flow("fight", start="A"))

    def finished(self, s):
        return Outcome("A", "done", "T") if len(s.log) >= 4 else None


def test_kit_windows_are_decided_on_top_of_the_phase_and_the_turn_waits_for_them():
    rules = Windowed()
    s = rules.new_game(None)
    s = play(rules, s, "A", "attack")
    assert rules.decision(s).kind is DecisionKind.CHANCE
    s = play(rules, s, "chance", ChanceOutcome((5,)))
    d = rules.decision(s)
    assert d.kind is DecisionKind.REACTION and d.players == ("C", "B")
    assert s.flow.phase == "fight" and s.flow.moved == 1


def test_kit_a_reaction_for_several_sides_follows_priority_and_the_first_taker_wins():
    rules = Windowed()
    s = rules.new_game(None)
    s = play(rules, play(rules, s, "A", "attack"), "chance", ChanceOutcome((2,)))
    # B may pass before C has answered, but may not cover out of priority
    assert game.check(rules, s, "B", "cover").rule == "priority"
    assert game.legal_moves(rules, s, "B") == [PASS]
    assert game.legal_moves(rules, s, "C") == [PASS, "cover"]
    after_b = play(rules, s, "B", PASS)
    assert rules.decision(after_b).players == ("C",)
    taken = play(rules, s, "C", "cover")
    assert taken.log[-1] == "C covers" and not taken.flow.windows
    nobody = play(rules, play(rules, s, "C", PASS), "B", PASS)
    assert nobody.log[-1] == "nobody covers"


def test_kit_window_rules_check_the_shape_of_a_window():
    with pytest.raises(ValueError):
        Window("x", SIDE, ("A", "B"))
    with pytest.raises(ValueError):
        Window("x", CHANCE, ("A",), spec=Dice())
    with pytest.raises(ValueError):
        Window("x", REACT)
    with pytest.raises(ValueError):
        Window("x", TOGETHER, ("A",))
    with pytest.raises(ValueError):
        Phase("p", SIDE, object(), until=ALL_PASS)


# ---------------------------------------------------- orders, handler ends

class Orders:
    def candidates(self, s, side):
        return ["go", "stop"]

    def check(self, s, side, m):
        return None

    def apply(self, s, side, m):
        return note(s, f"{side}:{m}"), ()

    def complete(self, s, side):
        return s.log.count(f"{side}:go") + s.log.count(f"{side}:stop") >= 2

    def resolve(self, s):
        return note(s, "resolved"), (Event("reveal", "orders revealed", reveals=True),)

    def done(self, s):
        return s.log.count("resolved") >= 2


class Secret(KitRules):
    name = "secret"
    phases = (Phase("orders", TOGETHER, Orders(), until=HANDLER),)

    def setup(self, scenario, options):
        return S(("A", "B"), Flow("orders"))

    def finished(self, s):
        return Outcome(None, "two turns", "T") if s.flow.round > 1 else None


def test_kit_together_collects_each_sides_orders_until_complete_then_resolves():
    rules = Secret()
    s = rules.new_game(None)
    assert rules.decision(s).kind is DecisionKind.ORDERS
    s = play(rules, s, "B", "go")
    assert rules.decision(s).players == ("A", "B")  # B owes a second order
    s = play(rules, play(rules, s, "B", "stop"), "A", "go")
    assert rules.decision(s).players == ("A",)
    assert game.check(rules, s, "B", "go").rule == "turn"
    s, events = game.play(rules, s, "A", "go")
    assert s.log[-1] == "resolved" and any(e.reveals for e in events)
    assert rules.decision(s).players == ("A", "B")  # until the handler says done


class StopEarly(Orders):
    def complete(self, s, side):  # orders are never complete: the handler ends the phase
        return False

    def done(self, s):  # at the first "stop"
        return any(entry.endswith(":stop") for entry in s.log)


class Unfinished(KitRules):
    """TOGETHER phases and no `finished`: an order that does not complete a side's
    orders leaves the flow as it was, and the kit skips settling only where settling
    would do nothing (Route.still, read in KitRules.apply)."""
    name = "unfinished"
    phases = (Phase("orders", TOGETHER, Orders()),
              Phase("early", TOGETHER, StopEarly(), until=HANDLER),
              Phase("rest", TOGETHER, Orders()))

    def setup(self, scenario, options):
        return S(("A", "B"), Flow("orders"))


def test_kit_an_order_that_leaves_the_flow_as_it_was_still_ends_a_phase_its_handler_ends():
    rules = Unfinished()
    s = rules.new_game(None)
    after = play(rules, s, "A", "go")  # A owes a second order: nothing to settle
    assert after.flow is s.flow and rules._settle(after, [])[0] is after
    s = play(rules, play(rules, play(rules, after, "A", "go"), "B", "go"), "B", "go")
    assert s.flow.phase == "early" and s.log[-1] == "resolved"
    s = play(rules, s, "A", "stop")  # not complete, but the handler is done with the phase
    assert s.flow.phase == "rest" and rules.decision(s).players == ("A", "B")


def test_kit_a_phase_that_ends_unseen_goes_straight_into_the_next_as_settling_would():
    """A ruleset without `finished` (nothing can see the states between) goes from a
    resolved phase straight into the next one (kit.rules._onward); one that writes a
    `finished` (asked at every step) settles step by step. Both reach the same states,
    the round counted on wrapping round to the first phase."""
    class Watched(Unfinished):
        def finished(self, s):
            return None

    quick, slow = Unfinished(), Watched()
    a, b = quick.new_game(None), slow.new_game(None)
    # (Orders counts a side's orders over the whole game: two complete them, and in the
    # last phase each side's one more does)
    moves = [("A", "go"), ("A", "go"), ("B", "go"), ("B", "go"), ("A", "stop"),
             ("A", "go"), ("B", "go")]
    phases = []
    for side, move in moves:
        a, b = play(quick, a, side, move), play(slow, b, side, move)
        assert a == b
        phases.append((a.flow.phase, a.flow.round))
    assert phases[3] == ("early", 1) and phases[4] == ("rest", 1)
    assert phases[-1] == ("orders", 2) and a.flow.waiting == ("A", "B")


def test_kit_settling_that_never_asks_anyone_is_reported_not_looped():
    class Loop(KitRules):
        name = "loop"
        phases = (Phase("a", AUTO, object()), Phase("b", AUTO, object()))

        def setup(self, scenario, options):
            return S(("A",), Flow("a"))

    with pytest.raises(RuntimeError, match="loops without asking"):
        Loop().new_game(None)


def test_kit_stable_hash_ignores_fields_marked_not_for_hashing_and_orders_sets():
    @dataclass(frozen=True)
    class H:
        a: frozenset
        b: dict

    assert stable_hash(H(frozenset({"x", "y"}), {"k": 1, "j": 2})) == \
        stable_hash(H(frozenset({"y", "x"}), {"j": 2, "k": 1}))
    assert stable_hash(H(frozenset(), {})) != stable_hash(H(frozenset({"x"}), {}))


# ------------------------------------------------- the turn-sequence table

def _toy(text: str):
    return dsl.loads(text, path=str(TOY / "dice_race.scn"))


def test_kit_turn_sequence_table_and_phases_are_one_thing():
    scenario = dsl.load(TOY / "dice_race.scn")
    rules = registry.get("dice_race")
    assert check_sequence(scenario, rules.phases) == []
    seq = read_sequence(scenario)
    assert [s.phase for s in seq.steps] == [p.name for p in rules.phases]
    assert str(seq.steps[0]).startswith("Plan (together): Everyone commits")


@pytest.mark.parametrize("old,new,message,line,column", [
    ('    plan [together,', '    plan [in_turn,',
     "turn_sequence: in phase plan the referee has together act, not in_turn", 18, 5),
    ('    plan [together,', '    plann [together,',
     "turn_sequence: the ruleset has no phase 'plann'", 18, 5),
])
def test_kit_a_turn_sequence_that_differs_from_the_referee_is_a_positioned_error(
        old, new, message, line, column):
    text = (TOY / "dice_race.scn").read_text()
    assert old in text
    scenario = _toy(text.replace(old, new))
    problems = check_sequence(scenario, registry.get("dice_race").phases)
    assert (problems[0].message, problems[0].line, problems[0].column) == (message, line, column)


def test_kit_pass_is_an_ordinary_move_where_the_handler_allows_it():
    """Outside reactions and all-pass phases, `pass` is legal exactly when the phase's
    handler accepts it (a side that may hold), listed like any other move."""

    class Hold(Bid):
        def candidates(self, s, side):
            return [1, PASS]

        def check(self, s, side, m):
            return None if m in (1, PASS) else Illegal("T-bid", "bid 1 or hold")

    class Holding(KitRules):
        name = "holding"
        phases = (Phase("bid", TURNS, Hold()),)

        def setup(self, scenario, options):
            return S(("A", "B"), Flow("bid"))

    rules = Holding()
    s = rules.new_game(None)
    assert game.legal_moves(rules, s, "A") == [1, PASS]
    s = play(rules, s, "A", PASS)
    assert rules.decision(s).players == ("B",)


# ------------------------------------------------- a move just listed is not judged twice

class Counting(Tiny):
    """Tiny, counting the calls of its one check."""

    checks = 0

    def check(self, s, player, move):
        type(self).checks += 1
        return super().check(s, player, move)


def test_kit_play_does_not_check_again_a_move_it_just_listed_for_that_very_state():
    rules = Counting()
    s = play(rules, rules.new_game(None), "chance", ChanceOutcome(("A",)))
    listed = rules.legal_moves(s, "A")
    before = Counting.checks
    after, _ = game.play(rules, s, "A", listed[1])
    assert Counting.checks == before  # listed for this state: not asked again
    assert after.log[-1] == f"A:{listed[1]}"
    game.play(rules, after, "B", 2)  # nothing listed for `after`: checked in full
    assert Counting.checks == before + 1


def test_kit_a_listing_vouches_only_for_its_own_state_side_and_moves():
    rules = Counting()
    s = play(rules, rules.new_game(None), "chance", ChanceOutcome(("A",)))
    rules.legal_moves(s, "A")
    assert rules.was_listed(s, "A", 1)
    assert not rules.was_listed(replace(s), "A", 1)  # an equal state, not the one listed
    assert not rules.was_listed(s, "B", 1)  # another side
    assert not rules.was_listed(s, "A", 7)
    with pytest.raises(IllegalMoveError) as err:  # not listed: refused by the check
        game.play(rules, s, "A", 7, "7")
    assert err.value.rule == "T-bid"


def test_kit_changing_the_returned_list_does_not_make_a_move_legal():
    rules = Counting()
    s = play(rules, rules.new_game(None), "chance", ChanceOutcome(("A",)))
    listed = rules.legal_moves(s, "A")
    listed.append(7)
    assert not rules.was_listed(s, "A", 7)
    with pytest.raises(IllegalMoveError):
        game.play(rules, s, "A", 7, "7")


def test_kit_a_listed_reaction_still_waits_for_the_side_with_priority():
    rules = Windowed()
    s = play(rules, play(rules, rules.new_game(None), "A", "attack"), "chance",
             ChanceOutcome((2,)))
    assert "cover" in rules.legal_moves(s, "B")  # the handler lists it for B too
    assert rules.was_listed(s, "B", "cover")
    with pytest.raises(IllegalMoveError) as err:
        game.play(rules, s, "B", "cover", "cover")
    assert err.value.rule == game.RULE_PRIORITY


# ------------------------------------- a turn's end in fewer new flows, the same states

class March:  # a side moves 1 or 2 (PASS: out for the rest of a scramble)
    def candidates(self, s, side):
        return [1, 2]

    def check(self, s, side, m):
        return None if m in (1, 2) else Illegal("T-march", "march 1 or 2")

    def apply(self, s, side, m):
        return replace(note(s, f"{side}:{m}"), tokens=s.tokens + m), ()

    def begin_turn(self, s, side):  # every third turn begun leaves a mark
        if len(s.log) % 3:
            return s, ()
        return note(s, f"{side} begins"), (Event("begin", f"{side} begins"),)

    def done(self, s):  # the march is over after 5 steps this round
        return s.tokens >= 5


class Quiet(March):  # no begin_turn: a begun turn is the decision
    begin_turn = None


class Plan:  # each side gives one order, then they are revealed
    def candidates(self, s, side):
        return ["hold", "run"]

    def check(self, s, side, m):
        return None

    def apply(self, s, side, m):
        return note(s, f"{side} plans"), ()

    def resolve(self, s):
        return note(s, "revealed"), (Event("reveal", "plans revealed", reveals=True),)


class Tally:
    def enter(self, s):
        return replace(note(s, "tally"), tokens=0), ()


class Marching(KitRules):
    """Secret orders, sides in turn until the handler is done, an automatic phase, one
    side's turn, until-all-pass turns; `finished` reads the kit's round and the log (so
    a game ends on a turn passed, at a phase's end and at a round's start)."""
    name = "marching"
    phases = (Phase("plan", TOGETHER, Plan()),
              Phase("march", TURNS, March(), until=HANDLER),
              Phase("tally", AUTO, Tally()),
              Phase("lone", SIDE, Quiet()),
              Phase("scramble", TURNS, Bid(), until=ALL_PASS))

    def setup(self, scenario, options):
        return S(("A", "B", "C"), Flow("plan"))

    def finished(self, s):
        if s.flow.round > self.rounds or len(s.log) >= self.longest:
            return Outcome(None, "over", "T-end")
        return None

    rounds, longest = 3, 10_000


class Entered:
    """`enter` that changes nothing: the kit cannot mark the first turn begun on
    entering (a hook might read `begun`), so it settles step by step."""
    def enter(self, s):
        return s, ()


class StepByStep(Marching):
    """Marching as the kit settled it before: the ended state made, then the next
    phase's, then entered, then the turn begun, each a new flow."""
    phases = tuple(Phase(p.name, p.acting, type(p.handler.__class__.__name__, (
        type(p.handler), Entered), {})(), until=p.until) if p.acting in (TURNS, SIDE)
        else p for p in Marching.phases)

    def _turn_of(self, state, out, at, ended):
        from toolkit.referee.kit.rules import _turned
        return _turned(state, out, at, ended)

    def _last_turn(self, state, route, out, at):
        from toolkit.referee.kit.rules import _turned
        return _turned(state, out, at, True)

    def _switched(self, state, name, new_round):
        from toolkit.referee.kit.routes import reflow
        return reflow(state, ended=True)


@pytest.mark.parametrize("longest", [4, 7, 9, 12, 15, 10_000])
@pytest.mark.parametrize("seed", range(4))
def test_kit_a_turn_begun_in_the_flow_that_passes_it_reaches_the_states_step_by_step_does(
        seed, longest):
    """The kit marks a new turn begun in the flow that hands it over, and goes from a
    phase's last turn straight to the next phase's state (kit.rules._turn_of, _last_turn,
    _switched, _enter): every state, event and decision is the one settling step by step
    reaches, a game ended by `finished` on a turn just handed over (its flow not begun)
    and at a round's start among them."""
    import random

    quick, slow = Marching(), StepByStep()
    quick.longest = slow.longest = longest
    a, b = quick.new_game(None), slow.new_game(None)
    rng = random.Random(seed)
    ends = set()
    while (d := quick.decision(a)) is not None:
        assert d == slow.decision(b)
        side = d.players[0]
        moves = game.legal_moves(quick, a, side)
        assert moves == game.legal_moves(slow, b, side)
        move = rng.choice(moves)
        (a, ea), (b, eb) = game.play(quick, a, side, move), game.play(slow, b, side, move)
        assert a == b and ea == eb
        ends.add(a.flow.phase)
    assert slow.decision(b) is None and a.flow.outcome is not None
    assert {"plan", "march", "lone", "scramble"} & ends
