"""The Fantasy Line Battle referee on the rules kit.

Phases: select (together, secret), reveal (automatic), and each Day mana
(automatic), start (chance), spells, movement and targeted (in turn, until both
pass), front and dusk (automatic). Windows: draw (chance, private), finish (the
side a Farseer forces), interrupt (the other side answers a spell or a kill),
discard (a death lowered a spell limit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.needs import ANY_DECK, Needs
from toolkit.referee.kit.phases import (
    ALL_PASS, AUTO, CHANCE, TOGETHER, TURNS, Phase)
from toolkit.referee.kit.rules import KitRules
from toolkit.referee.protocol import PASS, Outcome

from toolkit.referee.rulesets.fantasy_line_battle import (
    bots, config, draws, unseen, victory)
from toolkit.referee.rulesets.fantasy_line_battle.day import (
    INTERRUPT, Dusk, Front, Interrupt, Mana, Movement, Spells, Start, Targeted)
from toolkit.referee.rulesets.fantasy_line_battle.effects import EFFECTS
from toolkit.referee.rulesets.fantasy_line_battle.moves import (
    Ability, Aim, Cast, Discard, Done, Farseer, Kill, Place, Take)
from toolkit.referee.rulesets.fantasy_line_battle.select import FINISH, Finish, Reveal, Select
from toolkit.referee.rulesets.fantasy_line_battle.state import (
    SELECTION, State, initial_zones)
from toolkit.referee.rulesets.fantasy_line_battle.view import view as make_view

PHASES = (
    Phase("select", TOGETHER, Select(), prompt="place characters face down, then done"),
    Phase("reveal", AUTO, Reveal(), prompt="reveal"),
    Phase("mana", AUTO, Mana(), prompt="make mana"),
    Phase("start", CHANCE, Start(), prompt="who casts first"),
    Phase("spells", TURNS, Spells(), until=ALL_PASS, prompt="cast a spell, kill or pass"),
    Phase("movement", TURNS, Movement(), until=ALL_PASS, prompt="use a move ability or pass"),
    Phase("targeted", TURNS, Targeted(), until=ALL_PASS,
          prompt="kill with targeted damage or pass"),
    Phase("front", AUTO, Front(), prompt="damage to the Front"),
    Phase("dusk", AUTO, Dusk(), next="mana", prompt="the Day ends"),
)

NEEDS = Needs(sides=(2, 2), decks=(config.CHARACTERS,), options=config.OPTIONS,
              card_fields={config.CHARACTERS: config.CHARACTER_FIELDS, ANY_DECK: config.SPELL_FIELDS},
              required_card_fields={config.CHARACTERS: config.CHARACTER_NEEDS},
              setup_fields=config.SETUP_FIELDS)

#: How much likelier a random bot picks each kind of move than a pass.
BOT_WEIGHTS = {"pass": 0.3, "place": 1.0, "take": 0.2, "farseer": 0.5, "done": 0.4,
               "cast": 1.0, "kill": 3.0, "aim": 2.0, "ability": 1.0, "discard": 1.0}

#: each move class's weight (every move of a class is of one kind in BOT_WEIGHTS)
_WEIGHT_OF: dict[type, float] = {type(PASS): BOT_WEIGHTS["pass"]} | {
    cls: BOT_WEIGHTS[kind] for cls, kind in (
        (Place, "place"), (Take, "take"), (Farseer, "farseer"), (Done, "done"),
        (Cast, "cast"), (Kill, "kill"), (Aim, "aim"), (Ability, "ability"),
        (Discard, "discard"))}


class FantasyLineBattle(KitRules):
    name = "fantasy_line_battle"
    phases = PHASES
    windows = {draws.DRAW: draws.Draw(), draws.DISCARD: draws.DiscardDown(),
               FINISH: Finish(), INTERRUPT: Interrupt()}
    needs = NEEDS
    effects = EFFECTS
    passed_rules = {
        "spells": ("FLB-cast", "casts no more spells this Day, answers included"),
        "movement": ("FLB-move", "uses no more move abilities this Day"),
        "targeted": ("FLB-targeted", "makes no more kills this Day"),
    }

    def setup(self, scenario: Any, options: Mapping[str, Any]) -> State:
        cfg = config.read(scenario, options)
        s = State(cfg.sides, cfg, Flow(PHASES[0].name), initial_zones(cfg),
                  tuple(cfg.money[side] for side in cfg.sides), (cfg.start_mana,) * 2, ((), ()))
        for side in cfg.sides:
            s = draws.refill_characters(s, side)
        return s

    def check_scenario(self, scenario: Any) -> list:
        return super().check_scenario(scenario) + config.start_problems(scenario)

    def finished(self, s: State) -> Outcome | None:
        return victory.outcome(s)

    def view(self, s: State, player: str | None):
        return make_view(s, player, self.name)

    def secrets(self, s: State, player: str) -> list:
        shown = s.forced == player and player in s.done
        return zn.secrets_of([z for z in s.zones
                              if not (shown and z.name == SELECTION)], player)

    def invariants(self, s: State) -> Iterable[str]:
        total = sum(z.count for z in s.zones) + sum(len(ln) for ln in s.lines)
        expected = len(s.cfg.character_deck) + sum(len(v) for v in s.cfg.spell_decks.values())
        if total != expected:
            yield f"{total} cards in play, not {expected}"
        for side in s.sides:
            if len(s.line(side)) > s.cfg.max_line:
                yield f"{side}'s line is longer than {s.cfg.max_line}"
            if s.get(s.mana, side) < 0 or s.get(s.money, side) < 0:
                yield f"{side} spent more than it had"

    def bot_weights(self, s: State, player: str, legal: list) -> list[float]:
        return list(map(_WEIGHT_OF.__getitem__, map(type, legal)))  # by each move's kind

    def evaluate(self, s: State, side: str) -> float:
        """Both sides' strength compared, for greedy and MCTS bots (bots.evaluate)."""
        return bots.evaluate(s, side)

    def determinize(self, s: State, side: str, rng) -> State:
        """What `side` cannot see, drawn again for search bots (unseen.determinize)."""
        return unseen.determinize(s, side, rng)


RULESET = FantasyLineBattle()
