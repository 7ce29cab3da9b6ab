"""`frontkit new`: a small, valid scenario to start editing from."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from dsl.model import column_letters, grid_id
from toolkit.errors import UserError
from toolkit.resources import templates_dir

TEMPLATES = templates_dir()  # templates/ at the root, installed as toolkit.templates


def starter_text(title: str, ruleset: str, sides: tuple[str, str], width: int, height: int) -> str:
    rows = []
    for r in range(height):
        row = []
        for c in range(width):
            centre = height // 2 - 1 <= r <= height // 2 and width // 2 - 1 <= c <= width // 2
            row.append("~" if centre and width >= 4 and height >= 4 else ("h" if (r + 2 * c) % 7 == 3 else "."))
        rows.append(" ".join(row))
    env = Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined, keep_trailing_newline=True)
    return env.get_template("new.scn.j2").render(
        title=title, ruleset=ruleset, sides=sides, width=width, height=height, rows=rows,
        filename="scenario.scn", sequence=turn_sequence(ruleset),
        last_column=column_letters(width - 1),
        capitals=(grid_id(1, 0), grid_id(0, height - 1)),  # clear of the other side's pieces
        first_row=[grid_id(c, 0) for c in range(0, width, 2)],
        last_row=[grid_id(c, height - 1) for c in range(1, width, 2)] or [grid_id(0, height - 1)],
    )


def turn_sequence(ruleset: str) -> list[tuple[str, str, str]]:
    """The phases of a ruleset built on the rules kit as entries of the scenario's
    turn-sequence table (phase, how, words), so the starter plays as written; empty
    for other rulesets."""
    from toolkit.referee import registry

    try:
        rules = registry.get(ruleset)
    except (registry.UnknownRuleset, ImportError):
        return []
    return [(p.name, p.acting.value, (p.prompt or p.name.replace("_", " ")).capitalize() + ".")
            for p in getattr(rules, "phases", ())]


def write_starter(path: Path, title: str | None, ruleset: str, sides: str, size: str) -> Path:
    if path.exists():
        raise UserError(f"{path} already exists; choose another name (nothing was written)")
    side_names = tuple(s.strip() for s in sides.split(",") if s.strip())
    if len(side_names) != 2 or not all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", s) for s in side_names):
        raise UserError(f"--sides wants two names separated by a comma, such as North,South (got {sides!r})")
    m = re.fullmatch(r"(\d+)x(\d+)", size.strip())
    if not m or not (2 <= int(m.group(1)) <= 100 and 2 <= int(m.group(2)) <= 100):
        raise UserError(f"--size wants WIDTHxHEIGHT between 2x2 and 100x100, such as 8x10 (got {size!r})")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", ruleset):
        raise UserError(f"--ruleset wants a ruleset name such as front_lines (got {ruleset!r})")
    title = title or path.stem.replace("_", " ").replace("-", " ").title()
    if '"' in title or "\\" in title:
        raise UserError("--title cannot hold a double quote or a backslash")
    text = starter_text(title, ruleset, side_names, int(m.group(1)), int(m.group(2)))
    text = text.replace("frontkit check scenario.scn", f"frontkit check {path.name}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
