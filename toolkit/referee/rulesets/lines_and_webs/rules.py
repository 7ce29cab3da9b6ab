"""Lines and Webs on the rules kit: the seven phases, the engagement windows, what
the ruleset needs of its scenario, and the optional hooks (timer, secrets,
invariants, bot weights, notation help)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from toolkit.referee.kit import effects as fx
from toolkit.referee.kit.needs import Needs
from toolkit.referee.kit.phases import AUTO, CHANCE, HANDLER, TOGETHER, TURNS, Phase
from toolkit.referee.kit.rules import KitRules, field_hash
from toolkit.referee.protocol import Outcome
from toolkit.referee.rulesets.lines_and_webs import bots, tree, unseen, roles as seats
from toolkit.referee.rulesets.lines_and_webs import view as views
from toolkit.referee.rulesets.lines_and_webs.combat import WINDOWS as FIGHT_WINDOWS
from toolkit.referee.rulesets.lines_and_webs.special import EFFECTS, WINDOWS as CARD_WINDOWS
from toolkit.referee.rulesets.lines_and_webs.config import Config
from toolkit.referee.rulesets.lines_and_webs.consumption import Reset
from toolkit.referee.rulesets.lines_and_webs.delivery import Deploy
from toolkit.referee.rulesets.lines_and_webs.execute import Execute
from toolkit.referee.rulesets.lines_and_webs.orders import Initiative, Orders
from toolkit.referee.rulesets.lines_and_webs.setup import new_state, setup_problems
from toolkit.referee.rulesets.lines_and_webs.spending import Spend
from toolkit.referee.rulesets.lines_and_webs.state import State
from toolkit.referee.rulesets.lines_and_webs.transport import Transport

PHASES = (
    Phase("deploy", AUTO, Deploy(), prompt="deploy"),
    Phase("spend", TOGETHER, Spend(), prompt="spend resource points (pass when done)"),
    Phase("transport", TOGETHER, Transport(),
          prompt="transport supplies (pass when done; five minutes)"),
    Phase("orders", TOGETHER, Orders(),
          prompt="issue orders: mark units to execute or to hold in reserve, or pass"),
    Phase("initiative", CHANCE, Initiative(), until=HANDLER, prompt="roll for initiative"),
    Phase("execute", TURNS, Execute(), until=HANDLER, prompt="turn over a card"),
    Phase("reset", AUTO, Reset(), prompt="consumption and reset"),
)

_ANY = fx.ParamType()
#: The piece fields the ruleset reads (config.Kind), each bounded: a unit's storage is
#: filled box by box, so a figure no tracker card could hold is refused at `check`.
PIECE_FIELDS = {
    "role": fx.OneOf(("combat", "sustainment", "port_operator")), "side": _ANY,
    "steps": fx.Int(1, 20), "strength": _ANY, "movement": fx.Int(0, 99),
    "storage": fx.Int(0, 99), "basic_food": fx.Int(0, 99), "basic_fuel": fx.Int(0, 99),
    "basic_ammo": fx.Int(0, 99), "cost": fx.Int(0, 999), "weapons_range": fx.Int(0, 99),
    "indirect_range": fx.SpanOf(), "indirect_max_ammo": fx.Int(0, 99), "sp": fx.Int(0, 99),
    "carries": fx.Int(0, 99), "supply_range": fx.Int(0, 99), "fuel_in_combat": fx.Bool(),
    "air_defence_range": fx.Int(0, 99), "air_defence_roll": _ANY,
    "repairs_per_turn": fx.Int(0, 99), "opens_apod": fx.Bool(), "mission_card": fx.Bool(),
    "class": _ANY,  # a supply token's class (cl1 food, cl3 fuel, cl5 ammo): the sheets read it
}
NEEDS = Needs(
    piece_fields=PIECE_FIELDS,
    card_fields={"special": {"cost": fx.Int(0, 999)}},  # config._read_special_cards: RP to buy it
    sides=(2, 2), boards=1, board_kinds=("map",), setups=True,
    options={
        "turns": fx.Int(1, 99), "rp_per_turn": fx.Int(0, 999), "token_cost": fx.Int(0, 99),
        "airlift_token_cost": fx.Int(0, 99), "delivery_queue": _ANY,
        "transport_seconds": fx.Int(1, 3600), "reserve_orders": fx.Int(0, 20),
        "hit_roll": _ANY, "combat_die": fx.OneOf(("d12",)), "food_turns": _ANY,
        "retreat_nodes": fx.Int(1, 5), "unshaded_fill": _ANY,
        "range_measure": fx.OneOf(("hex",)), "victory": fx.OneOf(("all_ports_for_a_turn",)),
        "tie_break": _ANY, "drop_limit": fx.Int(0, 20),
        "artillery_twelve": fx.OneOf(("suppress_and_step", "one_hit")),
        "buy_repair_tokens": fx.Bool(),
        "cross_level_port": fx.Bool(), "defender_counter_artillery": fx.Bool(),
        "cyber_attack": fx.OneOf(("any_order", "cut")),
        seats.OPTION: fx.OneOf((seats.TWO, seats.FOUR)),
    })


class LinesAndWebs(KitRules):
    name = "lines_and_webs"
    phases = PHASES
    windows = {**FIGHT_WINDOWS, **CARD_WINDOWS}
    needs = NEEDS
    effects = EFFECTS

    def setup(self, scenario: Any, options: Mapping[str, Any]) -> State:
        return new_state(Config(scenario, options))

    def check_scenario(self, scenario: Any) -> list:
        return super().check_scenario(scenario) + setup_problems(scenario)

    def finished(self, s: State) -> Outcome | None:
        return s.result

    def prompt(self, s: State, phase: Phase) -> str:
        return f"turn {s.turn}: {phase.prompt}"

    def state_hash(self, s: State) -> str:
        return field_hash(s)

    def view(self, s: State, player: str | None):
        return views.view(s, player, self.name)

    def secrets(self, s: State, player: str) -> list:
        """The order decks and the special cards in hand: only their owner knows them."""
        b = s.book(player)
        return [x for x in (b.execution, b.reserve, b.hand) if x]

    def kept_from(self, s: State, player: str) -> list:
        """The order of `player`'s execution deck after an enemy Cyber Attack! (LW-K5):
        below the card it has turned over, in the form its view would show it."""
        if player not in s.scrambled:
            return []
        cards = s.book(player).execution
        turned = s.flow.phase == "execute" and s.flow.actor == player
        rest = cards[1:] if turned else cards
        return [rest] if len(rest) > 1 and list(rest) != sorted(rest) else []

    def time_limit(self, s: State, player: str) -> int | None:
        """Transport supplies is limited to five minutes (LW-T8)."""
        if s.flow.phase == "transport" and not s.flow.windows:
            return int(s.cfg.opt("transport_seconds"))
        return None

    def invariants(self, s: State) -> Iterable[str]:
        occ = s.occupants()
        cfg = s.cfg
        for node, there in occ.items():
            if len({u.side for u in there}) > 1 and s.flow.phase != "transport":
                yield f"units of both sides on {cfg.names[node]}"
            k = cfg.port_of.get(node)
            cap = 1 if k is None else cfg.port_capacity[k]
            if len(there) > cap:
                yield f"{len(there)} units on {cfg.names[node]} (room for {cap})"
            if cfg.impassable[node]:
                yield f"a unit on impassable {cfg.names[node]}"
        for u in s.units:
            if min(u.tokens) < 0:
                yield f"{u.label} holds a negative count of tokens"
            if u.alive and sum(u.tokens[:3]) > cfg.kinds[u.kind].storage:
                yield f"{u.label} holds more tokens than its boxes"
        for k, p in enumerate(s.ports):
            if min(p.tokens) < 0 or sum(p.tokens) > cfg.port_storage[k]:
                yield f"port {cfg.names[cfg.ports[k]]} stores {p.tokens}"
        for b in s.books:
            if b.rp < 0:
                yield "negative resource points"

    bot_weights = bots.weights

    def move_steps(self, s: State, player: str, chosen: tuple[str, ...]):
        """Transport and Spend chosen in steps (tree.py); other decisions as the core's tree."""
        return tree.move_steps(self, s, player, chosen)

    def sample_move(self, s: State, player: str, rng):
        """The random bot's draw, in steps in Transport (tree.py, draw.py)."""
        return tree.sample_move(self, s, player, rng)

    def sample_steps(self, s: State, player: str, move) -> int:
        """How many steps the random bot's draw took to reach `move` (tree.py)."""
        return tree.sample_steps(s, player, move)

    def roles(self, s: State):
        """Two seats a side with `roles four_players` (LW-R42); none otherwise."""
        return seats.roles(s)

    def role_of(self, s: State, side: str):
        return seats.role_of(s, side)

    def evaluate(self, s: State, side: str) -> float:
        """A heuristic for greedy and MCTS bots (bots.evaluate)."""
        return bots.evaluate(s, side)

    def determinize(self, s: State, side: str, rng) -> State:
        """What `side` cannot see, sampled for search bots (unseen.determinize)."""
        return unseen.determinize(s, side, rng)


RULESET = LinesAndWebs()
