"""The notation hooks as a rules-kit default (issue 28): a ruleset whose package has a
`notation` module gets `parse_move`, `format_move`, `notation_help` and, where the module
has them, `move_group` and `move_space`, without writing one delegate of its own."""

from __future__ import annotations

import importlib

import pytest

from golden import weighted_game
from toolkit.referee import registry
from toolkit.referee.kit.rules import KitRules
from toolkit.referee.protocol import PASS

KIT_RULESETS = ("fantasy_line_battle", "front_line", "last_front", "lines_and_webs", "skirmish")
HOOKS = ("parse_move", "format_move", "notation_help", "move_group", "move_space")


def _notation(name: str):
    return importlib.import_module(f"toolkit.referee.rulesets.{name}.notation")


@pytest.mark.parametrize("name", KIT_RULESETS)
def test_a_kit_ruleset_writes_no_notation_delegate(name):
    rules = registry.get(name)
    own = [hook for hook in HOOKS if hook in vars(type(rules))
           and getattr(type(rules), hook).__module__ != KitRules.__module__]
    assert own == (["move_space"] if name == "front_line" else [])  # Front Line lists its own


@pytest.mark.parametrize("name", KIT_RULESETS)
def test_the_hooks_are_the_notation_modules(name):
    rules, notation = registry.get(name), _notation(name)
    assert rules.notation_help() == notation.HELP
    assert hasattr(rules, "move_group") == hasattr(notation, "group")
    assert hasattr(rules, "move_space") == (hasattr(notation, "move_space")
                                            or name == "front_line")


@pytest.mark.parametrize("name", KIT_RULESETS)
def test_every_move_of_a_seeded_game_reads_back_from_its_notation(name):
    """Fifty decisions of a seeded bot game: each legal move but `pass` is written by
    `format_move`, read back by `parse_move` to an equal move, and grouped by the
    notation's `group`."""
    rules, notation = registry.get(name), _notation(name)

    def reads_back(side: str, legal: list) -> None:
        for move in legal:
            if move is PASS:  # the core reads and writes `pass` for every game
                continue
            assert rules.parse_move(rules.format_move(move)) == move
            if hasattr(notation, "group"):
                assert rules.move_group(move) == notation.group(move)

    match = weighted_game(registry.shipped_scenarios(name)[0], rules, "notation",
                          decisions=50, each=reads_back)
    assert len(match.history) >= 50 or match.over


def test_a_ruleset_without_a_notation_module_gets_no_hooks():
    class Bare(KitRules):
        name = "bare"

    assert not any(hasattr(Bare, hook) for hook in HOOKS)


def test_a_ruleset_that_writes_a_hook_keeps_its_own():
    """The Skirmish package has a notation module; a subclass's own parse wins."""
    from toolkit.referee.rulesets.skirmish.rules import Skirmish

    class Loud(Skirmish):
        def parse_move(self, text):
            return text.upper()

    assert Loud().parse_move("pass") == "PASS"
    assert Loud().notation_help() == _notation("skirmish").HELP
