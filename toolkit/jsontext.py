"""JSON that every strict parser reads: no NaN, no Infinity.

Python's `json.dumps` writes `Infinity` and `NaN` for such floats, which is
not JSON. `dumps` writes a non-finite float as null (there is no number to
report) and then insists (`allow_nan=False`), so every `--json` output and
manifest of frontkit goes through it.
"""

from __future__ import annotations

import json
import math
from typing import Any


def finite(value: Any) -> Any:
    """`value` with every non-finite float replaced by None (dicts, lists, tuples walked)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


def dumps(value: Any, **kwargs: Any) -> str:
    return json.dumps(finite(value), allow_nan=False, **kwargs)
