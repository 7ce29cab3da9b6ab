"""A served match for the web tests: fixed tokens, one socket per seat."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import dsl
from toolkit.referee import registry
from toolkit.referee.chance import SeededChance
from toolkit.referee.match import Match
from toolkit.web.app import create_app
from toolkit.web.seats import Seats
from toolkit.web.table import Table

from shipped import shipped_with_options  # noqa: F401  (tests import it from here too)

registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = {
    "dice_race_3": ROOT / "tests/referee_toy/dice_race_3.scn",
    "dice_race": ROOT / "tests/referee_toy/dice_race.scn",
    "skirmish": ROOT / "content/skirmish/skirmish.scn",
    "front_lines": ROOT / "content/front_lines/front_lines.scn",
    "front_line": ROOT / "content/front_line/main.scn",
    "lines_and_webs": ROOT / "content/lines_and_webs/lines_and_webs.scn",
    "last_front": ROOT / "content/last_front/last_front.scn",
    "fantasy_line_battle": ROOT / "content/fantasy_line_battle/fantasy_line_battle.scn",
}
#: a scenario played by fewer sides than it declares (`--players N`): name -> (scenario, N)
PLAYERS = {"last_front_3": ("last_front", 3), "last_front_5": ("last_front", 5)}
SPECTATORS = "spectators-token"


def token(side: str) -> str:
    return f"token-of-{side}"


def served(name: str | Path, seed: int | None = 1, record_path: Path | None = None,
           clock=None):
    """(app, table, seats) for a new match of scenario `name` (a name of SCENARIOS
    or a path; seed None: --table; `clock`: the table's clock, for timed games)."""
    if isinstance(name, str) and name in PLAYERS:
        from toolkit.referee.players import with_players

        scenario = with_players(dsl.load(SCENARIOS[PLAYERS[name][0]]), PLAYERS[name][1])
    else:
        scenario = dsl.load(SCENARIOS[name] if isinstance(name, str) else name)
    chance = None if seed is None else SeededChance(seed)
    match = Match.new(scenario, chance=chance, seed="table" if seed is None else str(seed),
                      record_path=record_path)
    table = Table(match, record_path=record_path,
                  **({} if clock is None else {"clock": clock}))
    seats = Seats(scenario.sides, {**{s: token(s) for s in scenario.sides}, "": SPECTATORS})
    return create_app(table, seats), table, seats


def secret_forms(value) -> list[str]:
    """How a secret would read inside a message's JSON if it leaked: a pile as the
    view's JSON gives it; a (title, text) pair as a panel; any other tuple as a JSON
    list; Front Lines orders also as their raw notation, and a panel of numbered orders
    (`1. Infantry C3 to C4; 2. Hold`) also as each order's sentence in words (the
    ruleset's describe_move, as the page's log and buttons say it)."""
    from toolkit.referee.kit.view import PileView

    if isinstance(value, PileView):
        return [json.dumps({"name": value.name, "kind": value.kind, "owner": value.owner,
                            "count": value.count,
                            "cards": None if value.cards is None else list(value.cards)})]
    if dataclasses.is_dataclass(value):
        return [json.dumps(dataclasses.asdict(value))]
    if isinstance(value, tuple):
        forms = [json.dumps(list(value))]
        if len(value) == 2 and all(isinstance(v, str) for v in value):
            forms.append(json.dumps({"title": value[0], "text": value[1]}))
            forms += _orders_said(value[1])
        if len(value) == 4 and value[1] == "order":
            forms.append(str(value[3]))
        return forms
    return [json.dumps(value)]


def _orders_said(text: str) -> list[str]:
    """Each order of a numbered orders panel in words, long enough to name a piece or a
    space (`Infantry C3 to C4`; not `Hold`, which any side may plan)."""
    items = [re.match(r"\d+\. (.+)", i.strip()) for i in text.split("; ")]
    if not items or not all(items):
        return []
    return [m.group(1) for m in items if re.search(r"[A-Z]\d", m.group(1))]


#: A printed back for Skirmish's tactics deck (the press finds `DECK_back` by name).
TACTICS_BACK = """
  layout tactics_back 63mm x 88mm {
    background "#35507a"
    text at 5mm, 40mm 53mm x 8mm "TACTICS" { font sans-bold; font_size 16; align center; colour "#ffffff" }
  }
"""


def skirmish_with_backs(folder: Path) -> Path:
    """The shipped Skirmish with a back layout for its cards."""
    scn = shipped_with_options(folder, "skirmish")
    text = scn.read_text().rstrip()
    scn.write_text(text[:-1] + TACTICS_BACK + "}\n")
    return scn
