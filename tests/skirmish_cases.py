"""Shared helpers of the Skirmish tests: a small field to play on, positions set up
by hand, moves played and refused through the core (toolkit.referee.game)."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

import dsl
from toolkit.referee import game, registry
from toolkit.referee.kit import zones as zn
from toolkit.referee.protocol import IllegalMoveError
from toolkit.referee.rulesets.skirmish.state import HAND, SkirmishState, Unit

RULES = registry.get("skirmish")

#: A 5 x 5 field: a hill on B3 (defence 1), a lake on C3; capitals C1 (North) and
#: C5 (South); each side deploys on its own back row.
FIELD = '''scenario "Test field" {
  ruleset skirmish
  sides North, South
  terrain plain
  terrain hill { defence 1 }
  terrain lake { impassable }
  board field: grid 5 x 5 {
    key { . plain  h hill  ~ lake }
    picture """
      . . . . .
      . . . . .
      . h ~ . .
      . . . . .
      . . . . .
    """
    space C1 { capital; owner North }
    space C5 { capital; owner South }
    zone north_deploy: A1..E1 { owner North }
    zone south_deploy: A5..E5 { owner South }
  }
  piece infantry { moves 1; strength 2 }
  piece scout { moves 2; strength 1 }
  piece guard { moves 1; strength 3 }
  deck tactics "Tactics" {
    card forced_march x2 { effect extra_move(n=1) }
    card charge x2 { effect attack(by=1) }
    card dig_in x2 { effect defend(by=1) }
  }
  setup North {
    infantry at A1
    reserve infantry
    hand forced_march, charge, dig_in
  }
  setup South {
    infantry at E5
    reserve infantry
    hand forced_march, charge, dig_in
  }
  table turn_sequence { turn [in_turn, "One action each."] }
  options { turn_limit 20 }
}
'''

SIDE = {"N": "North", "S": "South"}


def start(text: str = FIELD, **options) -> SkirmishState:
    return RULES.new_game(dsl.loads(text, path="<field>"), options)


def arrange(s: SkirmishState, pieces: str) -> SkirmishState:
    """`"N infantry B2, S scout C4"`: exactly these pieces on the board."""
    units = []
    for item in pieces.split(","):
        side, kind, space = item.split()
        units.append(Unit(space, SIDE[side], kind))
    return s.with_units(units)


def hands(s: SkirmishState, **cards: tuple[str, ...]) -> SkirmishState:
    """Set the named sides' hands: `hands(s, South=("dig_in",))`."""
    zones = s.zones
    for side, held in cards.items():
        zones = zn.put(zones, replace(zn.find(zones, HAND, side), cards=tuple(held)))
    return replace(s, zones=zones)


def do(s: SkirmishState, side: str, text: str):
    """Play `text` for `side` through the core; the state after, and the events' texts."""
    move = game.parse_move(RULES, s, side, text)
    after, events = game.play(RULES, s, side, move)
    return after, [e.text for e in events]


def refused(s: SkirmishState, side: str, text: str, rule: str) -> str:
    """`text` is refused with `rule`, by `check` and by the core, and the state is the
    same value, byte for byte, afterwards. Returns the reason."""
    before = pickle.dumps(s)
    move = game.parse_move(RULES, s, side, text)
    why = game.check(RULES, s, side, move)
    assert why is not None and why.rule == rule, why
    assert move not in list(RULES.legal_moves(s, side))
    with pytest.raises(IllegalMoveError) as err:
        game.play(RULES, s, side, move)
    assert err.value.rule == rule
    assert pickle.dumps(s) == before
    return why.reason


def legal(s: SkirmishState, side: str) -> list[str]:
    return [game.format_move(RULES, s, side, m) for m in RULES.legal_moves(s, side)]


def deciding(s: SkirmishState) -> str | None:
    d = RULES.decision(s)
    return None if d is None else d.players[0]
