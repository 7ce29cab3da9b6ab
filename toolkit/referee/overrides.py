"""Option overrides: a game played with some of the scenario's `options { }` set
otherwise (`frontkit balance --vary turns=9`). A record of such a game says so on
its `options:` header line, `turns=9, swap_fight=true`, and replays under them.

Values are those `--vary` takes, read as the scenario language would: a whole
number, a number, true or false, or a word. Only options the scenario declares may
be set; whether a value suits the rules is the ruleset's to say (`new_game`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

#: The record header line that holds the overrides.
HEADER = "options"


class OverrideError(ValueError):
    """Overrides that cannot be read or name an option the scenario lacks."""


def value(text: str) -> Any:
    """One value as the scenario language would read it."""
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text.strip()


def show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def format(options: Mapping[str, Any]) -> str:
    """`turns=9, swap_fight=true`: what `parse` reads back."""
    return ", ".join(f"{name}={show(v)}" for name, v in options.items())


def parse(text: str) -> dict[str, Any]:
    """`turns=9, swap_fight=true` -> {"turns": 9, "swap_fight": True}."""
    out: dict[str, Any] = {}
    for item in text.split(","):
        name, given = assignment(item, out, f"write NAME=VALUE, NAME=VALUE, not {item.strip()!r}")
        out[name] = value(given)
    return out


def assignment(item: str, taken: Collection[str], usage: str) -> tuple[str, str]:
    """`NAME=TEXT` read: the name and the text after '='. No name, '=' or text: an
    OverrideError saying `usage`; a name already `taken`: one saying it is given twice."""
    name, eq, given = item.partition("=")
    name = name.strip()
    if not eq or not name or not given.strip():
        raise OverrideError(usage)
    if name in taken:
        raise OverrideError(f"{name} is given twice")
    return name, given


def undeclared(scenario: Any, names: Any) -> str | None:
    """Why `names` cannot be set on `scenario` (the first it does not declare), or None."""
    declared = {name for name, _ in scenario.options.items()}
    for name in names:
        if name not in declared:
            known = ", ".join(sorted(declared)) or "none"
            return f"the scenario declares no option {name} (its options: {known})"
    return None
