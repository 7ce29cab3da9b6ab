"""Mutated shipped scenarios: what `check` passes must play and build (issue 27).

A mutant is a shipped game's folder with one small change to one of its scenario files:
a number made 0, -1, large or huge, a word misspelt or swapped for another word of the
file, a line dropped or doubled. `judge(mutant, folder)` runs it as a user would:

- `check` (the language, the ruleset's checks, the press's errors, the sheets' fields:
  `toolkit.inspect.beyond_language`): any error means the mutant was refused, which is
  fine; a traceback here is a finding;
- a mutant `check` passes is played (a random game of at most `moves` moves, from every
  player count the scenario allows) and built (the whole kit, no PNGs): any failure, a
  clear message or not, is a finding ("checks clean then fails").

The same mutants and verdicts serve the suite's seeded sample
(tests/test_check_mutants.py) and the standing run (benchmarks/fuzz.py), which also
catches hangs by running each mutant in a worker it can stop.
"""

from __future__ import annotations

import random
import re
import shutil
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"

REFUSED, PLAYS, CLEAN_THEN_FAILS, TRACEBACK, HANG = (
    "refused by check", "checks clean, plays and builds", "checks clean then fails",
    "traceback", "hang")
FINDINGS = (CLEAN_THEN_FAILS, TRACEBACK, HANG)

TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*')
NUMBERS = ("0", "-1", "1", "2", "7", "99", "100000", "999999999999999999", "1.5")


@dataclass(frozen=True)
class Mutant:
    game: str  # the folder under content/
    main: str  # the scenario file loaded
    file: str  # the file changed (main or one it includes)
    text: str  # its new text
    change: str  # what was changed, in words

    def label(self) -> str:
        return f"{self.game}/{self.file}: {self.change}"


@dataclass(frozen=True)
class Verdict:
    outcome: str
    stage: str = ""  # check, play or build
    detail: str = ""
    seconds: tuple[tuple[str, float], ...] = ()  # processor seconds per stage run (check, play, build)


def shipped_games() -> list[tuple[str, str]]:
    """(game folder, scenario file) for every shipped scenario."""
    from toolkit.inspect import scenario_files

    files, _ = scenario_files([CONTENT])
    return [(f.parent.name, f.name) for f in files]


def mutants(seed: int, count: int) -> list[Mutant]:
    """`count` mutants, the same for the same seed, spread over every shipped scenario."""
    rng = random.Random(seed)
    games = shipped_games()
    out = []
    for i in range(count):
        game, main = games[i % len(games)]
        files = sorted(p.name for p in (CONTENT / game).glob("*.scn"))
        name = rng.choice(files)
        text = (CONTENT / game / name).read_text(encoding="utf-8")
        new, change = mutate(text, rng)
        out.append(Mutant(game, main, name, new, change))
    return out


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One small change to `text` outside its comments, and what it was."""
    lines = text.split("\n")
    for _ in range(100):
        n = rng.randrange(len(lines))
        code = lines[n].split("#", 1)[0]
        if code.strip():
            break
    kind = rng.choice(("number", "number", "number", "word", "word", "swap", "drop", "double"))
    if kind in ("drop", "double"):
        changed = lines[:n] + ([] if kind == "drop" else [lines[n]]) + lines[n:]
        return "\n".join(changed[:n] + changed[n + 1:] if kind == "drop" else changed), \
            f"line {n + 1} {'dropped' if kind == 'drop' else 'doubled'}"
    tokens = list(TOKEN.finditer(code))
    numbers = [t for t in tokens if t.group()[0] in "-0123456789"]
    words = [t for t in tokens if t.group()[0].isalpha() or t.group()[0] == "_"]
    if kind == "number" and numbers:
        t = rng.choice(numbers)
        new = rng.choice(NUMBERS + (str(int(float(t.group())) * 10), str(int(float(t.group())) + 1)))
    elif words:
        t = rng.choice(words)
        new = _misspelt(t.group(), rng) if kind == "word" else rng.choice(
            [w.group() for w in TOKEN.finditer(text) if w.group()[0].isalpha()])
    else:
        return "\n".join(lines[:n] + lines[n + 1:]), f"line {n + 1} dropped"
    lines[n] = code[:t.start()] + new + code[t.end():] + lines[n][len(code):]
    return "\n".join(lines), f"line {n + 1}: {t.group()!r} -> {new!r}"


def _misspelt(word: str, rng: random.Random) -> str:
    i = rng.randrange(len(word))
    how = rng.choice(("drop", "double", "swap"))
    if how == "drop" and len(word) > 1:
        return word[:i] + word[i + 1:]
    if how == "swap" and i + 1 < len(word):
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return word[:i] + word[i] + word[i:]


def lay_out(mutant: Mutant, folder: Path) -> Path:
    """The mutant's game folder written into `folder`; the path of its scenario."""
    for path in (CONTENT / mutant.game).iterdir():
        if path.is_file():
            shutil.copy(path, folder / path.name)
    (folder / mutant.file).write_text(mutant.text, encoding="utf-8")
    return folder / mutant.main


def judge(mutant: Mutant, folder: Path, moves: int = 300, build: str = "kit") -> Verdict:
    """Check the mutant; play and build it if check passes (see the module's docstring).
    `build`: "kit" (the whole kit, as `frontkit build`), "sheets" (the reference sheets'
    templates filled, no PDF laid out: the suite's sample) or "" (none). The verdict
    says the processor time each stage took."""
    path = lay_out(mutant, folder)
    clock = _Clock()
    try:
        with clock("check"):
            scenario = _checked(path)
    except Exception as exc:  # noqa: BLE001 - a traceback is what is looked for
        return Verdict(TRACEBACK, "check", _fault(exc), clock.spent())
    if scenario is None:
        return Verdict(REFUSED, "check", seconds=clock.spent())
    stage = "play"
    try:
        with clock("play"):
            _play(scenario, moves)
        if build:
            stage = "build"
            with clock("build"):
                (_build if build == "kit" else _fill_sheets)(scenario, folder / "kit")
    except Exception as exc:  # noqa: BLE001
        return Verdict(CLEAN_THEN_FAILS, stage, _fault(exc), clock.spent())
    return Verdict(PLAYS, seconds=clock.spent())


class _Clock:
    """Processor seconds per stage: `with clock("play"): ...`."""

    def __init__(self) -> None:
        self.stages: dict[str, float] = {}

    @contextmanager
    def __call__(self, stage: str):
        started = time.process_time()
        try:
            yield
        finally:
            self.stages[stage] = self.stages.get(stage, 0.0) + time.process_time() - started

    def spent(self) -> tuple[tuple[str, float], ...]:
        return tuple(self.stages.items())


def reads(game: str, main: str) -> frozenset[str]:
    """The files of `game`'s folder that its scenario `main` reads (itself, what it
    includes, its card data), unmutated: a mutant of any other file of the folder is the
    shipped scenario itself."""
    import dsl

    return frozenset(Path(f).name for f in dsl.load(CONTENT / game / main).files)


def identity(mutant: Mutant, read: frozenset[str]) -> tuple[str, str, str, str]:
    """Two mutants with the same identity are the same input to check, play and build:
    the same scenario with the same text of the one file changed; a mutant of a file the
    scenario does not read (`read`, from `reads`), or one that changed a word for itself
    (`'mm' -> 'mm'`), is the shipped scenario."""
    if mutant.file not in read or mutant.text == (CONTENT / mutant.game / mutant.file).read_text(encoding="utf-8"):
        return (mutant.game, mutant.main, "", "")
    return (mutant.game, mutant.main, mutant.file, mutant.text)


def _fault(exc: BaseException) -> str:
    where = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    at = f" at {where[0].filename.rsplit('/', 1)[-1]}:{where[0].lineno}" if where else ""
    return f"{type(exc).__name__}: {str(exc)[:300]}{at}"


def _checked(path: Path):
    """The scenario, or None when `frontkit check` reports an error."""
    import dsl
    from toolkit.inspect import beyond_language

    try:
        scenario = dsl.load(path)
    except dsl.DslError:
        return None
    return None if any(d.is_error for d in beyond_language(scenario)) else scenario


def _play(scenario, moves: int) -> None:
    """A random game of at most `moves` moves at every player count the scenario allows."""
    from toolkit.referee import registry
    from toolkit.referee.players import player_range, with_players
    from toolkit.sim.playout import RandomBot, play_game

    if scenario.ruleset not in registry.names():
        return  # check warned: a ruleset no referee knows checks, shows and builds only
    rules = registry.get(scenario.ruleset)
    low, high = player_range(scenario)
    for count in range(low, high + 1):
        narrowed = with_players(scenario, count)
        sides = tuple(narrowed.sides)
        start = rules.new_game(narrowed)
        play_game(rules, start, sides, [RandomBot(rules) for _ in sides], random.Random(count),
                  cap=moves, labels=False)


def _build(scenario, folder: Path) -> None:
    """As `frontkit build` does: the press's own checks (an error there, after `check`
    passed, is a finding), then the whole kit."""
    from toolkit.pnp.checks import check_press
    from toolkit.pnp.kit import build_kit
    from toolkit.pnp.units import PressOptions

    options = PressOptions(quiet=True)
    errors = [d.render() for d in check_press(scenario, options) if d.is_error]
    if errors:
        raise ValueError("build refuses what check passed: " + errors[0])
    build_kit(scenario, folder, options)



def _fill_sheets(scenario, folder: Path) -> None:
    """The reference sheets' templates filled from the scenario, no PDF laid out (where a
    card field the sheets read went missing; the whole kit costs seconds a mutant)."""
    from toolkit.pnp.sheets import render_rml
    from toolkit.pnp.units import PressOptions

    render_rml(scenario, PressOptions(quiet=True))
