"""The Last Front referee on the rules kit: phases deal (automatic: six cards each,
the first Territory card turned up), battle (players in turn until one is left)
and spoils (the winner declares the next battle); windows for draws, the Event
deck, Blitz answers, Espionage and Desertion."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dsl.errors import Diagnostic
from toolkit.referee.kit import effects as fx
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.needs import ANY_DECK, Needs
from toolkit.referee.kit.phases import AUTO, HANDLER, SIDE, TURNS, Phase
from toolkit.referee.kit.rules import KitRules
from toolkit.referee.protocol import Outcome, ScenarioError

from toolkit.referee.rulesets.last_front import bots, config, victory
from toolkit.referee.rulesets.last_front.battle import BLITZ, Battle
from toolkit.referee.rulesets.last_front.blitz import Blitz
from toolkit.referee.rulesets.last_front.deal import DRAW, Draw, open_draws
from toolkit.referee.rulesets.last_front.effects import EFFECTS
from toolkit.referee.rulesets.last_front.events import EVENT_WINDOW, TurnOver
from toolkit.referee.rulesets.last_front.hands import Desert, Espionage
from toolkit.referee.rulesets.last_front.spoils import FLIP, Flip, Spoils, flip
from toolkit.referee.rulesets.last_front.state import State, initial_zones
from toolkit.referee.rulesets.last_front.view import view as make_view


class Deal:
    """deal (automatic): six Battle cards to each player (or as the setups say,
    LF-R01), then the top Territory
    card is turned up for the first battle, which the dealer (the first side)
    declares."""

    def enter(self, s: State):
        s = flip(s)
        events: list = []
        for side in s.sides:
            s = open_draws(s, side, s.cfg.hands[side], events)
        return s, tuple(events)


class Sequence(fx.ParamType):
    what = "a list such as [multiply, add]"

    def problem(self, value, scenario):
        return None if isinstance(value, tuple) else f"{value!r} is not {self.what}"


PHASES = (
    Phase("deal", AUTO, Deal(), prompt="deal"),
    Phase("battle", TURNS, Battle(), until=HANDLER, prompt="bid or withdraw"),
    Phase("spoils", SIDE, Spoils(), next="battle", prompt="declare the next battle"),
)

NEEDS = Needs(
    sides=(2, 5), decks=(config.BATTLE, config.EVENT, config.TERRITORY, config.BONUS),
    card_fields={ANY_DECK: config.CARD_FIELDS},
    tables=("victory_conditions",),
    options={"victory": fx.OneOf(("normal", "quick")),
             "controlling_share": fx.OneOf(("strict_most",)),
             "dig_in": fx.Bool(), "dig_in_value": fx.Int(1, 99), "min_raise": fx.Int(1, 9),
             "modifier_order": Sequence(), "round_down": fx.Bool(),
             "hand": fx.Int(1, 20), "reshuffle": fx.Bool(),
             "propaganda_lasts": fx.OneOf(("until_next_turn", "next_bid")),
             "support_clash": fx.OneOf(("attack", "defence")),
             "lowest_bid_tie": fx.OneOf(("first_in_seat_order", "every_tied", "nobody"))},
    # LF-R01: how many Battle cards a setup deals its side (a setup's `deal_from` and
    # `dealer` say what the referee does anyway: the Battle deck, the first side)
    setup_fields={"deal": fx.Int(1, 20)})


def dealer_problems(scenario: Any) -> list[Diagnostic]:
    """`dealer` written in any setup but the first side's (LF-R01: the first side deals
    and starts; the referee would not read it elsewhere)."""
    first = scenario.sides[0] if scenario.sides else None
    return [Diagnostic.at(entry.pos, f"setup {side}: the first side, {first}, deals (LF-R01)",
                          hint=f"move `dealer` to the setup of {first}, or list {side} first")
            for side, setup in scenario.setups.items() if side != first
            for entry in setup.fields.entries if entry.name == "dealer" and entry.value]


class LastFront(KitRules):
    name = "last_front"
    phases = PHASES
    windows = {DRAW: Draw(), FLIP: Flip(), EVENT_WINDOW: TurnOver(), BLITZ: Blitz(),
               "espionage": Espionage(), "desert": Desert()}
    needs = NEEDS
    effects = EFFECTS

    def setup(self, scenario: Any, options: Mapping[str, Any]) -> State:
        sides = tuple(scenario.sides)
        if not 2 <= len(sides) <= 5:
            raise ScenarioError(f"Last Front is for 2 to 5 players, not {len(sides)}")
        cfg = config.read(scenario, options, EFFECTS)
        n = len(sides)
        from toolkit.referee.rulesets.last_front.territories import with_holders

        return with_holders(State(sides, cfg, Flow("deal"), initial_zones(cfg, sides),
                                  ((),) * n, ((),) * n, declarer=sides[0]))

    def check_scenario(self, scenario: Any) -> list:
        return super().check_scenario(scenario) + dealer_problems(scenario)

    def finished(self, s: State) -> Outcome | None:
        return victory.outcome(s)

    def prompt(self, s: State, phase: Phase) -> str:
        if phase.name == "battle":  # the figures are on the board (view: "to reach")
            return "play, face, dig, done or withdraw"
        return phase.prompt

    def view(self, s: State, player: str | None):
        return make_view(s, player, self.name)

    def secrets(self, s: State, player: str) -> list:
        from toolkit.referee.kit.zones import secrets_of

        return secrets_of(s.zones, player)

    def invariants(self, s: State) -> Iterable[str]:
        total = sum(z.count for z in s.zones) + sum(len(p) for d in s.dug for p in d)
        total += (s.open_card is not None)
        expected = sum(len(v) for v in s.cfg.decks.values()) - len(s.cfg.decks[config.BONUS])
        # the contested card is the open card or sits in its holder's display
        if total != expected:
            yield f"{total} cards in play, not {expected}"
        for side, faces in zip(s.sides, s.faces):
            bid = list(s.bid(side))
            for c in faces:
                if c not in bid:
                    yield f"{side}'s face-value {c} is not in the bid"
                else:
                    bid.remove(c)

    def bot_weights(self, s: State, player: str, legal: list) -> list[float]:
        return bots.weights(s, player, legal)

    def determinize(self, s: State, side: str, rng) -> State:
        """The others' hands dealt again from what `side` cannot see (bots.determinize)."""
        return bots.determinize(s, side, rng)

    def evaluate(self, s: State, side: str) -> float:
        """Progress toward a victory against the best placed other player (bots.evaluate)."""
        return bots.evaluate(s, side)


RULESET = LastFront()
