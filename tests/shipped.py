"""Copies of the shipped scenarios with options changed: the shipped game, made
short or timed for a test (the browser tests, the protocol contract)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def shipped_with_options(folder: Path, game: str, **options) -> Path:
    """A copy of the shipped scenario `content/GAME/GAME.scn` (and the files it
    includes) in `folder`, with the given options changed (`centre_hold_turns=2`):
    the shipped game, made short or timed for a test."""
    source = ROOT / "content" / game
    for path in source.glob("*.scn"):
        (folder / path.name).write_text(path.read_text())
    scn = folder / f"{game}.scn"
    text = scn.read_text()
    for name, value in options.items():
        changed, count = re.subn(rf"(?m)^(\s*){name}\s+\S+", rf"\g<1>{name} {value}", text)
        if count != 1:
            raise ValueError(f"{scn}: no option {name} to change")
        text = changed
    scn.write_text(text)
    return scn
