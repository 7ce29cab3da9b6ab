"""`evolve(value, **changes)`: a frozen dataclass with some fields changed, fast.

`dataclasses.replace` looks the fields up and calls `__init__` every time; the
kit changes a game's flow several times per move, so it copies the fields
directly instead (no `__post_init__` is run: use it for values whose
invariants the caller keeps, as the kit does for `Flow` and states).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def evolve(value: T, **changes: Any) -> T:
    cls = type(value)
    new = object.__new__(cls)
    setter = object.__setattr__
    for name in _names(cls):
        setter(new, name, changes[name] if name in changes else getattr(value, name))
    return new
