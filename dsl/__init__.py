"""frontkit's scenario language: text → validated, immutable `Scenario`.

    >>> from dsl import load
    >>> scenario = load("content/front_lines/front_lines.scn")

`load` and `loads` raise only `DslError`, which carries every diagnostic found.
"""

from dsl.errors import Diagnostic, DslError
from dsl.model import Scenario
from dsl.loader import load, loads

__all__ = ["Diagnostic", "DslError", "Scenario", "load", "loads"]
