"""Sheets: reference sheets rendered from Jinja RML templates (stub, being written)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def write_sheets(scenario: Any, path: str | Path, options: Any = None) -> dict:
    """Write sheets.pdf for `scenario`; returns {"sheets": n, "pages": p}."""
    raise NotImplementedError("sheets are being written")
