"""Front Line's optional rules under the contract: random games with free placement
and amphibious moves on, and with the Edge off, keep the referee protocol (the
contract test itself plays the shipped options)."""

from __future__ import annotations

import pytest

from front_line_play import scenario
from test_referee_contract import keep_the_protocol
from toolkit.referee.rulesets.front_line.rules import FrontLine

VARIANTS = {
    "free_placement_amphibious": {"placement": "free", "amphibious": True},
    "no_edge_retreat_any_way": {"edge": False, "retreat_directions": "any",
                                "tie_break": "draw"},
}


class Variant(FrontLine):
    def __init__(self, options):
        self.options = options

    def new_game(self, scn, options=None):
        return super().new_game(scn, {**self.options, **(options or {})})


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_optional_rules_keep_the_protocol(name):
    keep_the_protocol(Variant(VARIANTS[name]), scenario("main"), f"front_line/{name}", 2)
