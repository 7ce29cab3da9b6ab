"""Where the files the toolkit ships beside its code are: the templates folder.

`templates/` sits at the repository root. pyproject.toml maps it to the package
`toolkit.templates`, so an installed frontkit (wheel or editable) imports it from wherever
the installer put it; a source tree used without installing falls back to the root folder.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path


def templates_dir() -> Path:
    """The folder holding sheets/*.rml.j2, new.scn.j2 and the web pages' templates."""
    try:
        spec = importlib.util.find_spec("toolkit.templates")
    except ModuleNotFoundError:
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(__file__).resolve().parent.parent / "templates"
