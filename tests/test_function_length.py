"""No function over 60 lines (issue 28): a function that long has parts, and each part
wants a name of its own in the game's or the press's words. Counted from the `def` line
to the last line of the body (decorators apart), for every function and method under dsl/
and toolkit/, nested ones included."""

from __future__ import annotations

import ast

from modules import modules, tree

LONGEST = 60

def long_functions(name: str, module: ast.Module) -> dict[str, int]:
    """`module.Class.function` -> its length in lines, for those over LONGEST."""
    found: dict[str, int] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = child.end_lineno - child.lineno + 1
                if length > LONGEST:
                    found[f"{prefix}.{child.name}"] = length
                walk(child, f"{prefix}.{child.name}")
            elif isinstance(child, ast.ClassDef):
                walk(child, f"{prefix}.{child.name}")
            else:
                walk(child, prefix)

    walk(module, name)
    return found


def test_the_counter_finds_long_methods_and_nested_functions():
    body = "\n".join(f"    x{i} = {i}" for i in range(60))
    text = f"class A:\n  def long(self):\n{body}\n\ndef short():\n  def inner():\n{body}\n"
    assert long_functions("m", ast.parse(text)) == {"m.A.long": 61, "m.short": 62,
                                                    "m.short.inner": 61}


def test_no_function_is_over_60_lines():
    found = {}
    for name in modules():
        found.update(long_functions(name, tree(name)))
    assert not found, "over 60 lines: " + ", ".join(f"{f} ({n})" for f, n in sorted(found.items()))

