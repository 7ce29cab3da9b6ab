"""Hand-made Lines and Webs positions for the rule tests: an empty map (ports kept),
units put where a test wants them with the cubes it wants, a phase entered directly,
and dice answered by hand."""

from __future__ import annotations

from pathlib import Path

import dsl
from toolkit.referee import game, registry
from toolkit.referee.chance import ChanceOutcome
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import CHANCE, Illegal, IllegalMoveError
from toolkit.referee.rulesets.lines_and_webs.moves import parse
from toolkit.referee.rulesets.lines_and_webs.state import OFF, with_book, with_unit

SCN = Path(__file__).resolve().parents[1] / "content" / "lines_and_webs" / "lines_and_webs.scn"
RULES = registry.get("lines_and_webs")
_SCENARIO = None


def scenario():
    global _SCENARIO
    if _SCENARIO is None:
        _SCENARIO = dsl.load(SCN)
    return _SCENARIO


def start(**options):
    return RULES.new_game(scenario(), options or None)


def empty(**options):
    """The first turn's spend phase with no unit on the map (ports still held)."""
    s = start(**options)
    units = tuple(evolve(u, node=OFF) for u in s.units)
    return evolve(s, units=units)


def put(s, label, node, tokens=None, **marks):
    u = s.by_label(label)
    u = evolve(u, node=s.cfg.index[node], **marks)
    if tokens is not None:
        u = evolve(u, tokens=tuple(tokens))
    return with_unit(s, u)


def unit(s, label):
    return s.by_label(label)


def at_execute(s, first="Delta", execution=None, reserve=None):
    """Execute orders with these decks, `first` to act."""
    for side in s.sides:
        s = with_book(s, side, execution=tuple((execution or {}).get(side, ())),
                      reserve=tuple((reserve or {}).get(side, ())))
    flow = Flow(phase="execute", round=s.flow.round, order=(first, s.other(first)), at=0,
                fresh=False, begun=True)
    return evolve(s, flow=flow, initiative=first)


def at_phase(s, phase):
    """A concurrent phase just entered (its `enter` run), both sides to give orders."""
    s = evolve(s, flow=Flow(phase=phase, round=s.flow.round, fresh=True))
    s, _ = RULES._settle(s, [])
    return s


def play(s, side, text):
    s, events = game.play(RULES, s, side, parse(text) if text != "pass" else
                          RULES.parse_move("pass"))
    return s, events


def roll(s, *faces):
    s, events = game.play(RULES, s, CHANCE, ChanceOutcome(tuple(faces)))
    return s


def refused(s, side, text, rule=None) -> Illegal:
    """The move is refused, with a rule id, and nothing changes."""
    move = RULES.parse_move(text)
    before = RULES.state_hash(s)
    why = game.check(RULES, s, side, move)
    assert isinstance(why, Illegal), f"{text} was accepted"
    if rule is not None:
        assert why.rule == rule, why
    try:
        game.play(RULES, s, side, move)
    except IllegalMoveError:
        pass
    else:
        raise AssertionError(f"{text} was played")
    assert RULES.state_hash(s) == before
    return why
