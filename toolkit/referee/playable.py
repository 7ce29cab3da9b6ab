"""`frontkit check` means playable: the named ruleset's own checks of a scenario.

`problems(scenario)` returns positioned diagnostics (the same `dsl.errors.Diagnostic`
the language uses) for everything that would keep the scenario from being played:

- an unknown ruleset (error with "did you mean" when a known name is close;
  otherwise a warning: the scenario still checks, shows and builds, but cannot be
  refereed);
- a shipped game whose referee is not written yet (a note saying so in words);
- the ruleset's `check_scenario(scenario)` hook (kit rulesets: their needs, the
  turn-sequence table against their phases, every card effect against their
  registry);
- and, as a last proof, starting a game: a `ScenarioError` from `new_game`
  becomes a diagnostic at the scenario's `ruleset` line.
"""

from __future__ import annotations

from dsl.errors import Diagnostic
from dsl.model import Scenario

from toolkit.referee import registry
from toolkit.referee.kit.needs import ruleset_pos
from toolkit.referee.players import declares_players, player_range, with_players
from toolkit.referee.protocol import CHANCE, ScenarioError


def unrefereed_games() -> list[str]:
    """Games shipped in content/ whose ruleset has no referee yet."""
    root = registry.content_root()
    known = set(registry.names())
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if p.is_dir() and p.name not in known)


def problems(scenario: Scenario) -> list[Diagnostic]:
    at = ruleset_pos(scenario)
    name = scenario.ruleset
    if not name:
        return []  # the language reports a missing ruleset
    if name in unrefereed_games():
        return [Diagnostic.at(at, f"the ruleset {name} has no referee yet: this scenario "
                              "checks, shows and builds, but `frontkit play` cannot "
                              "referee it", severity="note")]
    try:
        rules = registry.get(name)
    except registry.UnknownRuleset:
        import difflib

        known = registry.names()
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.75)
        if close:
            return [Diagnostic.at(at, f"unknown ruleset {name!r}",
                                  hint=f"did you mean '{close[0]}'?")]
        return [Diagnostic.at(at, f"no referee knows the ruleset {name!r}: the scenario "
                              "checks, shows and builds, but cannot be played",
                              hint="rulesets with a referee: " + ", ".join(known),
                              severity="warning")]
    out: list[Diagnostic] = []
    if CHANCE in scenario.sides:
        where = scenario.fields.pos("sides") if "sides" in scenario.fields else at
        out.append(Diagnostic.at(where, f"no side may be called {CHANCE!r}: records use it "
                                 "for dice and draws"))
    hook = getattr(rules, "check_scenario", None)
    if hook is not None:
        out += list(hook(scenario))
    if any(d.is_error for d in out):
        return out
    fewest, most = player_range(scenario)
    for count in range(fewest, most + 1):  # every count `players` allows (none: all sides)
        found = _start(rules, with_players(scenario, count), at,
                       f" with {count} players" if declares_players(scenario) else "")
        if found:
            return out + [found]
    return out


def fields_read(scenario: Scenario) -> dict[str, set[str]]:
    """The piece, card and option fields the scenario's ruleset reads ({"pieces": …,
    "cards": …, "options": …}; empty for a ruleset with no referee), so that another
    reader of the same blocks (a reference sheet) takes none of them for a misspelling."""
    try:
        needs = getattr(registry.get(scenario.ruleset), "needs", None)
    except registry.UnknownRuleset:
        needs = None
    if needs is None:
        return {}
    return {"pieces": set(needs.piece_fields), "options": set(needs.options),
            "cards": {name for schema in needs.card_fields.values() for name in schema}}


def _start(rules, scenario: Scenario, at, players: str) -> Diagnostic | None:
    """Starting a game, the last proof that the scenario plays: why it would not start."""
    name = scenario.ruleset
    try:
        rules.new_game(scenario)
    except ScenarioError as err:
        return Diagnostic.at(at, f"the ruleset {name} cannot start this scenario{players}: {err}")
    except Exception as err:  # a ruleset bug must not become a traceback at `check`
        return Diagnostic.at(at, f"the ruleset {name} failed to start this scenario{players} "
                             f"({type(err).__name__}: {err}); this is a bug in the "
                             "ruleset, please report it")
    return None
