"""Boards: every board of a scenario drawn to scale in boards.pdf (stub, being written)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def write_boards(scenario: Any, path: str | Path, options: Any = None) -> dict:
    """Write boards.pdf for `scenario`; returns {"boards": n, "pages": p, "tiles": t}."""
    raise NotImplementedError("boards are being written")
