"""No import circles (issue 28): no module of dsl/ or toolkit/ comes back to itself through
the modules it imports. Every import counts: at the top, inside a function, and a type-only
one under `if TYPE_CHECKING:`; where two modules need each other's names, the shared names
move down to a module both import."""

from __future__ import annotations

import importlib

import pytest

from modules import imports, modules


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_circle_finder_finds_a_circle_and_a_triangle_and_passes_a_chain():
    graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"},
             "f": {"g"}, "g": set()}
    assert circles(graph) == [["a", "b"], ["c", "d", "e"]]


def test_the_import_reader_counts_imports_in_functions_and_under_type_checking():
    text = """
from typing import TYPE_CHECKING
from . import registry
from toolkit.referee.protocol import Event
if TYPE_CHECKING:
    from toolkit.referee.match import Match
def later():
    import dsl.model
    from ..pnp import press
"""
    assert imports("toolkit.referee.example", text) == {
        "toolkit.referee.registry", "toolkit.referee.protocol", "toolkit.referee.match",
        "dsl.model", "toolkit.pnp.press"}


def test_no_module_imports_itself_back_through_others():
    graph = {name: imports(name) for name in modules()}
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


@pytest.mark.parametrize("name", sorted(modules()))
def test_every_module_imports_on_its_own(name):
    """Each module imports in a fresh order without an import-time circle or error."""
    importlib.import_module(name)
