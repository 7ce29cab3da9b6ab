"""Front Line on the rules kit: phases, windows, the scenario's needs, and the
optional hooks (move space, invariants, bot weights, notation help)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import Any

from toolkit.referee.kit import effects as fx
from toolkit.referee.kit.needs import Needs
from toolkit.referee.kit.phases import AUTO, CHANCE, HANDLER, SIDE, TURNS, Phase
from toolkit.referee.kit.rules import KitRules, field_hash
from toolkit.referee.kit.tables import check_columns
from toolkit.referee.protocol import PASS, Illegal, Outcome
from toolkit.referee.rulesets.front_line import actions, bots, moves, supply, tree, turn, victory
from toolkit.referee.rulesets.front_line import view as views
from toolkit.referee.rulesets.front_line.config import (
    KINDS, PLACEMENTS, RANGES, RETREAT_DIRECTIONS, SUPPLY_TYPES, TIE_BREAKS,
    Config)
from toolkit.referee.rulesets.front_line.leadership import EFFECTS
from toolkit.referee.rulesets.front_line.setup import FirstChoice, FirstRoll, Placement, new_state
from toolkit.referee.rulesets.front_line.state import AVAILABLE, COMMISSIONED, EXHAUSTED, State, evolve
from toolkit.referee.rulesets.front_line.windows import WINDOWS


class Supply:
    """A round starts: supply cards turn to the month, cities grant their stacks."""

    def enter(self, s: State):
        s, events = supply.grant_round(s)
        return s, tuple(events)


class Turns:
    """Six alternating turns a round, the first player first."""

    def begin_turn(self, s: State, side: str):
        return evolve(s, stack=None, stack_max=0, acted=(), done=False, acting=None), ()

    def turn_over(self, s: State, side: str) -> bool:
        return s.done

    def done(self, s: State) -> bool:
        return s.turns >= s.cfg.turns_a_round

    def legal(self, s: State, side: str):
        """The candidates that pass the one check (PASS among them: it ends the turn)."""
        return actions.legal(s, side)

    def check(self, s: State, side: str, m):
        return turn.check(s, side, m)

    def apply(self, s: State, side: str, m):
        s, events = turn.apply(s, side, m)
        return s, tuple(events)


PHASES = (
    Phase("placement", TURNS, Placement(), until=HANDLER, prompt="place a unit"),
    Phase("first_roll", CHANCE, FirstRoll(), prompt="roll for the first player"),
    Phase("first_choice", SIDE, FirstChoice(), prompt="name the first player"),
    Phase("supply", AUTO, Supply(), prompt="supply"),
    Phase("turns", TURNS, Turns(), until=HANDLER, next="supply", prompt="your turn"),
)

_ONE_OF = fx.OneOf
#: The piece fields the ruleset reads (config.Kind), each typed and bounded: a range or a
#: move beyond the board means nothing more, and per_side is a count of counters. Those
#: the press reads (faces, marker, count, text, …) are the language's (dsl.fields).
PIECE_FIELDS = {
    "per_side": fx.Int(0, 60), "range": fx.Int(1, 9), "move": fx.Int(1, 9),
    "moves": fx.ListOf(_ONE_OF(("orthogonal", "diagonal")), most=2), "build_cost": fx.Int(0, 9),
    "paratroop": fx.Bool(), "dug_in_on": fx.ListOf(fx.NameIn("terrain")),
    "height_disadvantage": fx.Bool(), "advantage_choice": fx.Bool()}
#: The card fields the ruleset reads: a supply card's grant of chits per month for each
#: supply type (config.Config.grant; a month past the list reads its last figure), at most
#: 99 a month. Leadership cards are read for their effects only.
CARD_FIELDS = {
    "supply": {kind: fx.ListOf(fx.Int(0, 99), most=12) for kind in SUPPLY_TYPES},
    "leadership": {},
}


class SupplyCardName(fx.ParamType):
    """A card of the deck `supply`: the face a side's supply card starts on."""

    what = "a supply card"

    def choices(self, scenario):
        deck = scenario.decks.get("supply") if scenario is not None else None
        return [card.name for card in deck.cards] if deck is not None else []

    def problem(self, value, scenario):
        if scenario is None or "supply" not in scenario.decks or value in self.choices(scenario):
            return None
        return f"{value!r} is not a card of the deck supply"


#: A side's setup: the face its supply card starts on (config.Config._read_setups) and
#: whether its leadership card starts ready (any other word started it exhausted).
SETUP_FIELDS = {"supply_card": SupplyCardName(), "leadership": _ONE_OF((AVAILABLE, EXHAUSTED))}
NEEDS = Needs(
    sides=(2, 2), boards=1, board_kinds=("grid",), decks=("supply", "leadership"),
    tables=("attack_results",), pieces=KINDS, setups=True, one_piece_per_space=True,
    piece_fields=PIECE_FIELDS, card_fields=CARD_FIELDS, setup_fields=SETUP_FIELDS,
    options={
        "rounds": fx.Int(1, 12), "turns_per_player": fx.Int(1, 9),
        "actions_per_unit": fx.Int(1, 4), "move_bonus_desert": fx.Int(0, 3),
        "amphibious": fx.Bool(), "edge": fx.Bool(), "first_player_roll": fx.ParamType(),
        "tie_break": _ONE_OF(TIE_BREAKS), "regroup_cost": fx.Int(0, 4),
        "paratroop_cost": fx.Int(0, 4), "paratroop_reach": fx.Int(1, 4),
        "empty_city_hit": fx.SpanOf(), "placement": _ONE_OF(PLACEMENTS),
        "adv_without_yellow": _ONE_OF(("miss", "rout", "disrupt", "blitz")),
        "retreat_directions": _ONE_OF(RETREAT_DIRECTIONS)})

RESULT_WORDS = ("blitz", "disrupt", "rout", "miss", "adv")


class FrontLine(KitRules):
    name = "front_line"
    phases = PHASES
    windows = WINDOWS
    needs = NEEDS
    effects = EFFECTS

    def setup(self, scenario: Any, options: Mapping[str, Any]) -> State:
        return new_state(Config(scenario, options))

    def check_scenario(self, scenario: Any) -> list:
        out = super().check_scenario(scenario)
        if "attack_results" in scenario.tables:
            out += check_columns(scenario, "attack_results", RANGES + ("advantage",), 6,
                                 RESULT_WORDS)
        return out

    def finished(self, s: State) -> Outcome | None:
        if s.winner is None and s.flow.round <= s.cfg.rounds:
            return None  # victory.outcome's first test, asked after every move
        return victory.outcome(s)

    def legal_moves(self, s: State, player: str):
        """The kit's answer; on a side's own turn with no window open it is
        actions.legal, listed without building the decision first."""
        flow = s.flow
        if flow.outcome is None and not flow.windows and flow.phase == "turns" \
                and flow.actor == player:
            moves = actions.legal(s, player)
            self._listed = (s, player, tuple(moves))  # KitRules.listed, in line
            return moves
        return super().legal_moves(s, player)

    def not_deciding(self, s: State, player: str) -> Illegal | None:
        """A side that answers out of turn: the open window is the other side's (the
        attacker's dice and choices, the defender's Rally, the opponent's reaction),
        or it is the other side's turn (FL-window, FL-turn; the core's `turn` else)."""
        w = s.flow.window
        if w is not None and w.players and player in s.sides:
            return Illegal("FL-window", f"{w.players[0]} answers now ({w.prompt}), "
                           f"not {player}")
        if s.flow.phase == "turns" and s.flow.actor not in (None, player) \
                and player in s.sides:
            return Illegal("FL-turn", f"it is {s.flow.actor}'s turn: {player} may answer "
                           "only when the referee asks (Rally, Opportunity Fire, Maneuver, "
                           "Relieve)")
        return super().not_deciding(s, player)

    def prompt(self, s: State, phase: Phase) -> str:
        if phase.name == "turns":
            if s.stack is None:
                return "take a supply stack (or pass)"
            return f"act with your {s.stack.kind} stack ({s.stack.count} left) or pass"
        return phase.prompt

    # ------------------------------------------------------------ protocol

    def state_hash(self, s: State) -> str:
        return field_hash(s)

    def view(self, s: State, player: str | None):
        return views.view(s, player, self.name)

    def secrets(self, s: State, player: str) -> list:
        """Front Line hides nothing: units, supply, Leadership and the Edge are all in
        the open (FL-R20)."""
        return []

    def evaluate(self, s: State, side: str) -> float:
        """A heuristic for greedy and MCTS bots (bots.evaluate)."""
        return bots.evaluate(s, side)

    def turn_number(self, s: State) -> int:
        """Turns finished so far (both sides' `turns_per_player` a round): MCTS rollouts
        run to the end of the turn they start in and are judged there by `evaluate`,
        never on half a turn."""
        return (s.flow.round - 1) * s.cfg.turns_a_round + s.turns

    search_whole_turns = True  # MCTS rolls out to the turn's end (mcts.py)

    # ------------------------------------------------------------ hooks

    def move_space(self, s: State, player: str) -> list:
        """Every move of the notation worth trying here, legal or not (bounded:
        squares within the longest move or range of the player's units, the few
        words)."""
        cfg = s.cfg
        far = max(max(k.move + int(cfg.opt("move_bonus_desert")), k.range)
                  for k in cfg.kinds.values())
        names = cfg.names
        out: list = [PASS] + [moves.Act(w) for w in moves.WORDS]
        out += [moves.Act("take", what=k) for k in ("air", "capital", "industry",
                                                   "fallen_air", "fallen_industry")]
        out += [moves.Act("build", what=k) for k in KINDS]
        out += [moves.Act("use", what=w) for w in ("white", "yellow")]
        out += [moves.Act("first", what=x) for x in s.sides]
        mine = [sq for sq, _ in s.units_of(player)]
        for sq in mine:
            near = [i for i in range(len(names)) if 0 < cfg.distance(sq, i) <= far]
            out.append(moves.Act("regroup", names[sq]))
            for i in near:
                out += [moves.Act("go", names[sq], names[i]), moves.Act("fire", names[sq], names[i]),
                        moves.Act("opfire", names[sq], names[i])]
                if cfg.distance(sq, i) == 1:
                    out += [moves.Act("maneuver", names[sq], names[i]),
                            moves.relieve(names[sq], names[i])]
            if cfg.embark[sq]:
                out += [moves.Act("sail", names[sq], names[i]) for i in range(len(names))
                        if cfg.landing[i] and i != sq]
            if sq in cfg.cities:
                out += [moves.Act("para", names[sq], names[i]) for i in range(len(names))]
        if s.attack is not None:
            out += [moves.Act("shift", names[i]) for i in cfg.neighbours[s.attack.dst]]
        if s.flow.phase == "placement":
            out += [moves.Act("place", names[i], what=k) for k in KINDS
                    for i in sorted(cfg.country[player])]
        return list(dict.fromkeys(out))

    def invariants(self, s: State) -> Iterable[str]:
        cfg = s.cfg
        for side in s.sides:
            for kind in KINDS:
                on = sum(1 for _, u in s.units_of(side) if u.kind == kind)
                total = on + s.reserve_count(side, kind) + sum(
                    n for k, n in (s.placing[s.at(side)] if s.placing else ()) if k == kind)
                if cfg.kinds[kind].per_side and total > cfg.kinds[kind].per_side:
                    yield f"{side} has {total} {kind} (more than {cfg.kinds[kind].per_side})"
                if s.reserve_count(side, kind) < 0:
                    yield f"{side} has a negative {kind} reserve"
        for i, u in enumerate(s.squares):
            if u is not None and cfg.impassable[i]:
                yield f"a unit stands on impassable {cfg.names[i]}"
        for sq in s.fallen:
            if sq not in cfg.cities or cfg.cities[sq].capital:
                yield f"a Fallen marker on {cfg.names[sq]}"
        for status in s.leadership:
            if status not in (AVAILABLE, EXHAUSTED, COMMISSIONED):
                yield f"leadership is {status}"
        if s.stack is not None and not 0 <= s.stack.count <= max(s.stack_max, 1):
            yield f"the stack in use has {s.stack.count} of {s.stack_max}"
        uids = [u.uid for u in s.squares if u is not None]
        if len(uids) != len(set(uids)):
            yield "a unit stands on two squares"

    def move_steps(self, s: State, player: str, chosen: tuple[str, ...]):
        """A turn chosen in steps: the unit, its action, the square (tree.py)."""
        return tree.move_steps(self, s, player, chosen)

    def sample_move(self, s: State, player: str, rng):
        """The random bot's draw, step by step on a turn (tree.py)."""
        return tree.sample_move(self, s, player, rng)

    def verb_weights(self, s: State, player: str) -> tuple[float, Mapping[str, float]]:
        """The random bot's weights: the pass's, and each verb's (1 for the rest).
        Random bots that play like players: spend supply rather than pass, attack
        often, keep Leadership for Rally more often than not."""
        if s.flow.window is not None:
            return 3.0, WEIGHTS_IN_WINDOW
        if s.stack is None and s.stacks[s.at(player)]:
            return 0.02, WEIGHTS_ON_TURN
        if s.stack is not None and s.stack.count > 0:
            return 0.2, WEIGHTS_ON_TURN
        return 1.0, WEIGHTS_ON_TURN

    def bot_weights(self, s: State, player: str, legal: list) -> list[float]:
        """Each listed move's weight (`verb_weights`)."""
        pass_weight, weights = self.verb_weights(s, player)
        if legal and legal[0] is PASS:  # PASS is listed first, once (kit and actions)
            try:
                return [pass_weight] + list(map(weights.__getitem__, map(_verb, legal[1:])))
            except AttributeError:  # PASS elsewhere after all
                pass
        return [pass_weight if m is PASS else weights[m.verb] for m in legal]


def _weights(table: dict[str, float]) -> defaultdict:
    return defaultdict(lambda: 1.0, table)


_verb = attrgetter("verb")
#: bot weights by verb (1 for the rest): on one's own turn, and in a window
WEIGHTS_ON_TURN = _weights({"fire": 4.0, "opfire": 4.0, "rally": 4.0,
                            "maneuver": 0.05, "relieve": 0.05, "cache": 0.05})
WEIGHTS_IN_WINDOW = _weights({"fire": 4.0, "opfire": 4.0, "rally": 4.0, "maneuver": 0.1,
                              "relieve": 0.1})

RULESET = FrontLine()
