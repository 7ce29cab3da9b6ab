"""What Front Lines needs of a scenario, checked at `frontkit check` (`check_scenario`).

The kit's `Needs` covers the shape: two sides each with a setup, one grid
board with the zones the rules read, the options and piece fields with their
types. `army_problems` adds what only these rules know: one piece type with
role commander, distinct letters, and setups whose armies stand on their own
deployment rows with one Commander each, keep no Commander in reserve, and
name known skills. Each problem is a diagnostic at the place it was written;
a scenario that checks clean builds a `Config` and plays.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dsl.errors import Diagnostic, suggest
from dsl.model import Pos, Scenario, format_value
from toolkit.referee.kit.effects import Bool, Int, NameIn, OneOf, ParamType
from toolkit.referee.kit.needs import Needs, ruleset_pos
from toolkit.referee.protocol import ScenarioError
from toolkit.referee.rulesets.front_lines.config import (
    DEPLOYMENTS, ROLES, SIDEWAYS_RULES, SKILLS, TIMERS, Config)

ZONES = ("centre", "deploy_{side}", "spawn_{side}", "hidden_{side}", "skills_{side}")


@dataclass(frozen=True)
class Letter(ParamType):
    what = "one capital letter"

    def problem(self, value, scenario):
        ok = isinstance(value, str) and len(value) == 1 and value.isalpha() and value.isupper()
        return None if ok else f"{format_value(value)} is not {self.what}"


@dataclass(frozen=True)
class PieceNames(NameIn):
    """A piece type, or a list of them (`beats armor` or `beats [armor, recon]`)."""

    source: str = "pieces"

    @property
    def what(self) -> str:
        return "a piece type or a list of them"

    def problem(self, value, scenario):
        names = value if isinstance(value, (list, tuple)) else [value]
        for name in names:
            wrong = NameIn("pieces").problem(name, scenario)
            if wrong:
                return wrong
        return None


@dataclass(frozen=True)
class BoardReach(ParamType):
    """Squares a piece moves or sees in a straight line: from `low` to the board's longer
    side (a longer reach means nothing more; config.Config refuses it too)."""

    low: int = 0

    @property
    def what(self) -> str:
        return f"a whole number of at least {self.low}"

    def problem(self, value, scenario):
        high = max(scenario.board.width, scenario.board.height) if scenario is not None \
            and scenario.boards and scenario.board.kind == "grid" else None
        bounds = Int(self.low, high)
        wrong = bounds.problem(value, scenario)
        return f"{wrong} on this board" if wrong and high is not None else wrong


NEEDS = Needs(
    sides=(2, 2),
    boards=1,
    board_kinds=("grid",),
    zones=ZONES,
    setups=True,
    piece_fields={
        "letter": Letter(), "role": OneOf(ROLES), "moves": BoardReach(1), "beats": PieceNames(),
        "disguise": NameIn("pieces"), "reveals": BoardReach(0)},
    # a setup's own words (army_problems checks their values): here, a misspelt one is caught
    setup_fields={"advance": ParamType(), "skills": ParamType()},
    options={
        "deployment": OneOf(DEPLOYMENTS), "actions_per_turn": Int(1),
        "backward_moves_per_turn": Int(0), "sideways": OneOf(SIDEWAYS_RULES),
        "swap_fight": Bool(), "reinforce_piece": NameIn("pieces"),
        "wipe_piece": NameIn("pieces"), "centre_hold_turns": Int(0),
        "no_casualty_draw_turns": Int(0), "repetition_draw": Int(0),
        "timers": OneOf(TIMERS), "deploy_seconds": Int(1), "online_plan_seconds": Int(1),
        "hotseat_plan_seconds": Int(1)},
)


def check_scenario(scenario: Scenario) -> list[Diagnostic]:
    """Every reason `scenario` cannot be played by Front Lines, as positioned diagnostics."""
    out = NEEDS.check(scenario) + army_problems(scenario)
    if not any(d.is_error for d in out):
        # the last word: anything the Config still refuses, at the `ruleset` line
        try:
            Config(scenario)
        except ScenarioError as err:
            out.append(Diagnostic.at(ruleset_pos(scenario), str(err)))
    return out


def army_problems(scenario: Scenario) -> list[Diagnostic]:
    out = []
    pieces = scenario.pieces
    commanders = [p for p in pieces.values() if p.get("role", "combat") == "commander"]
    if not commanders:
        out.append(Diagnostic.at(ruleset_pos(scenario), "Front Lines needs a piece type "
                                 "with role commander"))
    for extra in commanders[1:]:
        out.append(Diagnostic.at(_field_pos(extra, "role"), f"piece {extra.name}: Front "
                                 f"Lines has one commander type, and {commanders[0].name} "
                                 "is one already"))
    letters: dict[str, str] = {}
    for p in pieces.values():
        letter = str(p.get("letter", p.name[0].upper()))
        if letter in letters:
            out.append(Diagnostic.at(_field_pos(p, "letter"), f"piece {p.name}: the letter "
                                     f"{letter} is {letters[letter]}'s already",
                                     hint="each piece type needs its own letter"))
        letters.setdefault(letter, p.name)
    zones = scenario.board.zone_index if scenario.boards else {}
    commander = commanders[0].name if commanders else None
    for side in scenario.sides:
        setup = scenario.setups.get(side)
        if setup is None or f"deploy_{side}" not in zones:
            continue  # reported by NEEDS
        rows = set(zones[f"deploy_{side}"].spaces)
        army = 0
        for pl in setup.placements:
            if pl.piece not in pieces:
                continue  # the language's own checks report unknown pieces
            if pl.space not in rows:
                out.append(Diagnostic.at(pl.pos, f"setup {side}: {pl.space} is not on "
                                         f"{side}'s deployment rows (zone deploy_{side})"))
            army += pl.count if pl.piece == commander else 0
        if commander and army != 1:
            out.append(Diagnostic.at(setup.pos, f"setup {side}: the army needs exactly one "
                                     f"{commander}, not {army}"))
        if commander and setup.reserve_counts().get(commander):
            out.append(Diagnostic.at(setup.pos, f"setup {side}: a {commander} cannot be "
                                     "held in reserve"))
        out += _skills(setup, side)
        advance = setup.fields.get("advance")
        if advance is not None and advance not in ("up", "down"):
            out.append(Diagnostic.at(setup.fields.pos("advance"), f"setup {side}: advance "
                                     f"is up or down, not {format_value(advance)}"))
    return out


def _skills(setup, side: str) -> Iterable[Diagnostic]:
    raw = setup.fields.get("skills", ())
    for name in raw if isinstance(raw, tuple) else (raw,):  # `skills 3` is one (wrong) skill
        if not isinstance(name, str) or name not in SKILLS:
            yield Diagnostic.at(setup.fields.pos("skills"), f"setup {side}: unknown skill "
                                f"{format_value(name)}", hint=suggest(str(name), list(SKILLS))
                                or "the skills are " + ", ".join(SKILLS))


def _field_pos(piece, name: str) -> Pos:
    return piece.fields.pos(name) if name in piece.fields else piece.pos

