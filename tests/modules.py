"""The project's own modules read as text (`ast`), never imported: what the layer tests
(import circles, function lengths, docs/architecture.md) walk. A module is named as Python
imports it (`toolkit.referee.match`); a package by its folder (`toolkit.referee`)."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).parents[1]
PACKAGES = ("dsl", "toolkit")


@lru_cache(maxsize=1)
def modules() -> dict[str, Path]:
    """Every module under dsl/ and toolkit/, by its dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


@lru_cache(maxsize=None)
def tree(name: str) -> ast.Module:
    path = modules()[name]
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def is_package(name: str) -> bool:
    return name in modules() and modules()[name].name == "__init__.py"


def _target(name: str, node: ast.ImportFrom) -> str:
    """The module a `from X import ...` reads from, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = name.split(".") if is_package(name) else name.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(name: str, text: str | None = None) -> set[str]:
    """The project modules `name` (or `text`, read as that module) imports anywhere: at the
    top, inside a function, or under `if TYPE_CHECKING:` (each a dependency all the same)."""
    known = modules()
    found: set[str] = set()
    for node in ast.walk(tree(name) if text is None else ast.parse(text)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            source = _target(name, node)
            for alias in node.names:
                if f"{source}.{alias.name}" in known:
                    found.add(f"{source}.{alias.name}")
                elif source in known:
                    found.add(source)
    found.discard(name)
    return found
