"""docs/architecture.md stays true: every file, folder and module it names exists, and
every `path.py::Name` (or `path.py::Class.attribute`) it points at is defined there. A
newcomer reads that page first; a name it gives that has gone is a wrong turn."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"
# a path under one of the project's folders, optionally `::Name` or `::Class.attribute`
NAMED = re.compile(r"`((?:dsl|toolkit|tests|content|docs|benchmarks)/[\w./-]*?)(?:::([\w.]+))?`")
GAMES = ("front_lines", "front_line", "lines_and_webs", "last_front", "fantasy_line_battle",
         "skirmish")


def named(text: str) -> list[tuple[str, str | None]]:
    return [(m.group(1), m.group(2)) for m in NAMED.finditer(text)]


def paths(path: str) -> list[Path]:
    """The files a named path stands for: `GAME` in it stands for every shipped game."""
    if "GAME" not in path:
        return [ROOT / path]
    return [ROOT / path.replace("GAME", game) for game in GAMES]


def defines(path: Path, name: str) -> bool:
    """`name` (or `Class.attribute`) is defined at the top of the module at `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    scope: list[ast.stmt] = tree.body
    for part in name.split("."):
        found = None
        for node in scope:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                    and node.name == part:
                found = node
            elif isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == part for t in node.targets):
                found = node
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                    and node.target.id == part:
                found = node
        if found is None:
            return False
        scope = getattr(found, "body", [])
    return True


def test_the_reader_finds_paths_and_names():
    text = "see `toolkit/referee/match.py::Match.play` and `dsl/` and `content/GAME/rulings.md`"
    assert named(text) == [("toolkit/referee/match.py", "Match.play"), ("dsl/", None),
                           ("content/GAME/rulings.md", None)]


def test_the_page_names_the_layers_and_the_road_of_a_move():
    found = {path for path, _ in named(PAGE.read_text(encoding="utf-8"))}
    for layer in ("dsl/", "toolkit/referee/", "toolkit/pnp/", "toolkit/sim/", "toolkit/web/",
                  "toolkit/cli.py", "toolkit/referee/match.py", "toolkit/referee/game.py"):
        assert layer in found
    assert len(found) >= 40


@pytest.mark.parametrize("path, name", sorted(set(named(PAGE.read_text(encoding="utf-8"))),
                                              key=lambda pn: (pn[0], pn[1] or "")))
def test_every_name_on_the_page_exists(path, name):
    for target in paths(path):
        assert target.exists(), f"docs/architecture.md names {path}, which is not there"
        if name is not None:
            assert defines(target, name), f"{path} defines no {name}"


def test_a_name_that_is_gone_is_caught(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("class Match:\n    def play(self): ...\n")
    assert defines(module, "Match.play") and not defines(module, "Match.undo")
    assert not defines(module, "Session")
