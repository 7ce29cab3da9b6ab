"""`frontkit play` asks step by step where the ruleset lists a decision as a move tree
(toolkit/referee/choosing.py): Lines and Webs Transport is a carrier, then a receiver,
then a class, then an amount; a Front Line turn is a unit, then its action, then the
square. Numbers or names take a step, `back` takes one back, whole notation still
works, and the record holds whole moves."""

from __future__ import annotations

import io
import re

import dsl
from toolkit.referee import registry
from toolkit.referee import steps as st
from toolkit.referee.chance import SeededChance
from toolkit.referee.match import Match
from toolkit.referee.rulesets.lines_and_webs.moves import Order
from toolkit.referee.session import Session

LW = registry.get("lines_and_webs")
FL = registry.get("front_line")


def _match(name: str, seed: int) -> Match:
    scenario = dsl.load(registry.shipped_scenarios(name)[0])
    return Match.new(scenario, chance=SeededChance(seed), seed=str(seed))


def _session(m: Match, lines: list[str]) -> str:
    out = io.StringIO()
    Session(m, iter(line + "\n" for line in lines + ["quit"]), out).run()
    return out.getvalue()


def _path_to(rules, state, side, wanted) -> tuple[tuple[str, ...], object]:
    """The tokens leading to the first leaf whose move satisfies `wanted`."""
    for chosen, step in st.walk(rules, state, side):
        if step.move is not None and wanted(step.move):
            return chosen + (step.token,), step.move
    raise AssertionError("no such move in the tree")


def _labels(rules, state, side, path) -> tuple[str, ...]:
    """The labels a person is shown for the steps of `path` (steps.shown)."""
    return tuple(st.choice(st.shown(rules, state, side, path[:n]), token).label
                 for n, token in enumerate(path))


def _no_notation(out: str) -> None:
    """The step menus (`N) label` lines and `you chose` heads) say no notation."""
    from tests.test_web_words import NOTATION

    items = [m[1] for m in re.finditer(r"\d+\) (.*?)(?=\s{2,}\d+\) |$)", out, re.M)]
    heads = [line for line in out.splitlines() if line.startswith("you chose")]
    assert items
    for text in items + heads:
        assert not NOTATION.search(text), text


def _to_transport(m: Match) -> None:
    while m.state.flow.phase != "transport":
        m.play("pass", m.decision.players[0])


def test_LW_T2_a_transport_order_is_chosen_carrier_receiver_class_amount():
    m = _match("lines_and_webs", 2)
    _to_transport(m)
    side = m.decision.players[0]
    path, move = _path_to(LW, m.state, side, lambda o: isinstance(o, Order) and o.verb == "carry"
                          and o.cls and o.n > 1 and LW.format_move(o)[0] == side[0])
    assert len(path) == 4  # the carrier, the receiver, the class, how many
    said = _labels(LW, m.state, side, path)
    before = len(m.history)
    out = _session(m, list(path))
    assert f"you chose {said[0]}: choose" in out
    assert f"you chose {' › '.join(said[:3])}: choose" in out
    assert [e.text for e in m.history[before:]] == [LW.format_move(move)]
    # in the players' words: the carrier and the receiver by their printed titles
    assert said[0].startswith(("Forward support platoon", "Forward logistics element",
                               "Forward support company", "Brigade support battalion",
                               "Division service support battalion",
                               "Combat service support battalion"))
    assert said[1].startswith("to ") and said[3] == f"{move.n} {said[2]}"
    _no_notation(out)


def test_a_step_is_taken_by_number_and_back_takes_one_back():
    m = _match("lines_and_webs", 2)
    _to_transport(m)
    side = m.decision.players[0]
    path, move = _path_to(LW, m.state, side, lambda o: isinstance(o, Order) and o.verb == "carry"
                          and o.cls and LW.format_move(o)[0] == side[0])
    first = [s.token for s in st.steps(LW, m.state, side)]
    number = str(first.index(path[0]) + 1)
    before = len(m.history)
    out = _session(m, [number, path[1], "back", "back", "back"] + list(path))
    assert "nothing to take back: this is the first step" in out
    assert [e.text for e in m.history[before:]] == [LW.format_move(move)]


def test_whole_notation_still_works_where_moves_are_chosen_in_steps():
    m = _match("lines_and_webs", 2)
    side = m.decision.players[0]
    before = len(m.history)
    out = _session(m, ["buy 3f"])
    assert "1) Done (pass)" in out and "2) buy by sea" in out  # the Spend tree was offered
    assert [(e.player, e.text) for e in m.history[before:]] == [(side, "buy 3f")]


def test_a_front_line_move_is_chosen_unit_action_square():
    m = _match("front_line", 1)
    while m.state.flow.phase != "turns" or m.state.stack is None:
        d = m.decision
        if not d.players:  # the start roll
            m.roll()
            continue
        side = d.players[0]
        m.play("take air" if m.state.flow.phase == "turns" else
               FL.format_move(st.steps(FL, m.state, side)[0].move), side)
    side = m.decision.players[0]
    path, move = _path_to(FL, m.state, side, lambda a: getattr(a, "verb", "") == "go")
    assert len(path) == 3  # the unit, move, the square
    before = len(m.history)
    said = _labels(FL, m.state, side, path)
    out = _session(m, list(path))
    kind = m.history[before].before.squares[m.state.cfg.index[path[0]]].kind
    assert said[:2] == (f"the {kind} at {path[0]}", "move")
    assert f"you chose {said[0]}: choose" in out and f"you chose {said[0]} › move: choose" in out
    assert m.history[before].text == FL.format_move(move) == f"{path[0]}-{path[2]}"
    _no_notation(out)


def test_a_name_that_is_no_choice_is_read_as_a_whole_move_and_refused_cleanly():
    m = _match("front_line", 1)
    out = _session(m, ["Z9"])
    assert 'Z9: cannot read "Z9"' in out and "Traceback" not in out


def test_LW_T5_one_sides_transport_steps_do_not_show_the_others_secret_orders():
    """Transport is given in secret (LW-T5): a side's move tree is worked out from what it
    sees, so the other side's orders (a carrier moving, tokens carried) change nothing in it."""
    m = _match("lines_and_webs", 2)
    _to_transport(m)
    me, other = m.decision.players[0], m.decision.players[1]
    before = [(c, s.token, s.label) for c, s in st.walk(LW, m.state, other)]
    for verb in ("move", "carry"):
        _, order = _path_to(LW, m.state, me, lambda o: isinstance(o, Order) and o.verb == verb
                            and LW.format_move(o)[0] == me[0])
        m.play(LW.format_move(order), me)
    assert [(c, s.token, s.label) for c, s in st.walk(LW, m.state, other)] == before
