"""Rulesets found by name: the only way the core reaches a game's rules.

`get("front_lines")` imports `toolkit.referee.rulesets.front_lines` and returns
its `RULESET`. Rulesets outside the package (a designer's prototype, the toy
game of the tests) are added with `register(name, "module:attribute")` or the
environment variable `FRONTKIT_RULESETS="name=module:attr,other=module:attr"`.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import lru_cache
from pathlib import Path

from toolkit.referee.protocol import Ruleset

PACKAGE = "toolkit.referee.rulesets"
ENV = "FRONTKIT_RULESETS"

_extra: dict[str, str] = {}


class UnknownRuleset(LookupError):
    """No ruleset by that name."""


def register(name: str, target: str) -> None:
    """Make `name` resolve to `target` ("package.module:ATTRIBUTE")."""
    _extra[name] = target


def _env_targets() -> dict[str, str]:
    out: dict[str, str] = {}
    for item in os.environ.get(ENV, "").split(","):
        if "=" in item:
            name, target = item.split("=", 1)
            out[name.strip()] = target.strip()
    return out


def names() -> list[str]:
    """Every ruleset name the registry can resolve, sorted."""
    found = set(_extra) | set(_env_targets())
    package = importlib.import_module(PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_"):
            found.add(info.name)
    return sorted(found)


def get(name: str) -> Ruleset:
    """The ruleset called `name`; raises UnknownRuleset with the known names."""
    targets = {**_env_targets(), **_extra}
    if name in targets:
        module_name, _, attr = targets[name].partition(":")
        module = importlib.import_module(module_name)
        return getattr(module, attr or "RULESET")
    if not name.isidentifier():
        raise UnknownRuleset(f"no ruleset called {name!r}")
    try:
        module = importlib.import_module(f"{PACKAGE}.{name}")
    except ModuleNotFoundError as err:
        if err.name and (err.name == f"{PACKAGE}.{name}"):
            known = ", ".join(names()) or "none"
            raise UnknownRuleset(f"no ruleset called {name!r} (known: {known})") from None
        raise
    rules = getattr(module, "RULESET", None)
    if rules is None:
        raise UnknownRuleset(f"ruleset module {module.__name__} has no RULESET")
    return rules


def content_root() -> Path:
    """The shipped games' folder (content/ beside the toolkit package)."""
    return Path(__file__).resolve().parents[2] / "content"


def shipped_scenarios(name: str) -> list[Path]:
    """The scenarios shipped for a ruleset, sorted: the files of content/NAME/ that declare
    a scenario (not the fragments they include) and name NAME as their ruleset. A file
    that does not load is listed too, so that whoever loads it reports why."""
    from dsl.files import declares_scenario

    folder = content_root() / name
    if not folder.is_dir():
        return []
    return [path for path in sorted(folder.glob("*.scn"))
            if declares_scenario(path) and _ruleset_of(path) in (name, None)]


@lru_cache(maxsize=None)
def _ruleset_of(path: Path) -> str | None:
    """The ruleset a scenario file names; None if it does not load."""
    import dsl

    try:
        return dsl.load(path).ruleset
    except dsl.DslError:
        return None
