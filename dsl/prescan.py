"""One linear pass over a file before the parser sees it.

The tree transformer recurses once per level of nesting, so a
file of a few hundred nested braces would end in RecursionError; a number of
thousands of digits would reach Python's int-conversion limit; a template
with eighty nested parentheses would overflow Jinja's parser at build time.
This scan finds each of them at its first character and says which limit it
crosses, so nothing after it recurses deeper than the limits allow.
"""

from __future__ import annotations

import re

from dsl import limits
from dsl.errors import Diagnostic

OPEN = {"{": "}", "[": "]", "(": ")"}
CLOSE = {v: k for k, v in OPEN.items()}
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')
DIGITS = re.compile(r"[0-9]+")
SPECIAL = re.compile(r'[#"{}\[\]()0-9]')


def position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def prescan(text: str, path: str) -> Diagnostic | None:
    """The first place `text` crosses a nesting, digit or template-depth limit, if any."""
    depth_cap = limits.value("nesting_depth")
    digit_cap = limits.value("number_digits")
    stack: list[str] = []
    i, n = 0, len(text)
    while i < n:
        m = SPECIAL.search(text, i)
        if m is None:
            break
        i = m.start()
        c = text[i]
        if c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c == '"':
            if text.startswith('"""', i):
                end = text.find('"""', i + 3)
                end = n if end < 0 else end + 3
            else:
                s = STRING.match(text, i)
                end = s.end() if s else i + 1
            problem = _template_depth(text, i, end, path)
            if problem is not None:
                return problem
            i = end
        elif c in OPEN:
            if c != "{" and stack and stack[-1] == "K":
                i += 1  # a key symbol such as `(` or `[`, not a bracket
                continue
            stack.append("K" if c == "{" and _after_key(text, i) else c)
            if len(stack) > depth_cap:
                return Diagnostic(path, *position(text, i), "this bracket is nested " +
                                  limits.limit_message("nesting_depth", f"{len(stack)} deep"))
            i += 1
        elif c in CLOSE:
            opener = CLOSE[c]
            if opener in stack or (c == "}" and "K" in stack):  # unmatched openers are dropped
                while stack.pop() not in (opener, "K" if c == "}" else opener):
                    pass
            i += 1
        else:
            d = DIGITS.match(text, i)
            if d.end() - i > digit_cap:
                return Diagnostic(path, *position(text, i), "this number has " + limits.limit_message(
                    "number_digits", f"{d.end() - i:,} digits"))
            i = d.end()
    return None


def _after_key(text: str, index: int) -> bool:
    """Whether the `{` at `index` opens a board's `key { … }`, whose symbols may be brackets."""
    j = index
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    return text.endswith("key", 0, j) and (j == 3 or not (text[j - 4].isalnum() or text[j - 4] == "_"))


def _template_depth(text: str, start: int, end: int, path: str) -> Diagnostic | None:
    """Brackets nested inside a string that holds a Jinja template (`{{`, `{%`)."""
    if text.find("{{", start, end) < 0 and text.find("{%", start, end) < 0:
        return None
    cap = limits.value("template_depth")
    depth = 0
    for k in range(start, end):
        c = text[k]
        if c in OPEN:
            depth += 1
            if depth > cap:
                return Diagnostic(path, *position(text, k), "this template nests brackets " +
                                  limits.limit_message("template_depth", f"{depth} deep"))
        elif c in CLOSE:
            depth = max(0, depth - 1)
    return None
