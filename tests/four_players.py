"""Lines and Webs for four players (LW-R42): a copy of the shipped scenario with the
option `roles four_players` (and any other options), and a seeded game played seat by
seat, each move typed by the seat the referee asks for."""

from __future__ import annotations

import random
import re
from pathlib import Path

import dsl
from toolkit.referee import game, roles
from toolkit.referee.protocol import CHANCE, PASS

ROOT = Path(__file__).resolve().parents[1]
SEATS = ("Delta logistics", "Delta combat", "Gamma logistics", "Gamma combat")


def four_players(folder: Path, roles_option: str = "four_players", **options) -> Path:
    """The shipped scenario and its includes copied into `folder`, with `roles` set
    (the shipped file says two_players) and the given options changed."""
    for path in (ROOT / "content" / "lines_and_webs").glob("*.scn"):
        (folder / path.name).write_text(path.read_text())
    scn = folder / "lines_and_webs.scn"
    text = scn.read_text()
    for name, value in {"roles": roles_option, **options}.items():
        text, n = re.subn(rf"(?m)^(\s*){name}\s+\S+", rf"\g<1>{name} {value}", text)
        assert n == 1, name
    scn.write_text(text)
    return scn


def load(folder: Path, **options):
    return dsl.load(four_players(folder, **options))


def pick(match, side: str, rng: random.Random):
    """A move for `side`, with the ruleset's bot weights (passes often enough that a
    one-turn game ends)."""
    legal = game.legal_moves(match.rules, match.state, side)
    weights = match.rules.bot_weights(match.state, side, legal)
    move = rng.choices(legal, weights)[0]
    return game.format_move(match.rules, match.state, side, move)


def seat_of(match, side: str) -> tuple[str, str | None]:
    d = roles.duty(match.rules, match.state, side)
    return side, (d.role if d is not None else None)


def other_role(role: str) -> str:
    return "combat" if role == "logistics" else "logistics"


__all__ = ["four_players", "load", "pick", "seat_of", "other_role", "SEATS", "CHANCE", "PASS"]
