"""The Front Lines ruleset: the referee protocol over the modules of this package.

Decisions: deployment and each turn's planning are one secret ORDERS
decision for both sides, taken action by action (FL-turn-1): a side answers
one order at a time (`IC2-C3`, `A@B9`, `airstrike@D6`, `pass`) and stays in
`players` until it has planned all its actions (or placed its whole army).
When both are done the turn resolves (turn.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from functools import lru_cache

from dsl.model import Scenario
from toolkit.referee.kit.view import View
from toolkit.referee.protocol import Decision, Event, Illegal, Move, Outcome
from toolkit.referee.rulesets.front_lines import bots, fog, needs, notation, orders, words
from toolkit.referee.rulesets.front_lines.config import Config
from toolkit.referee.rulesets.front_lines.state import (
    DEPLOY, OVER, State, deploy_plan, state_hash)
from toolkit.referee.rulesets.front_lines.turn import (
    finish_deployment, resolve_turn, setup_deployment)


class FrontLines:
    """Front Lines: simultaneous secret orders on an 8 x 10 grid, with fog of war."""

    name = "front_lines"
    version = "1"
    needs = needs.NEEDS  # what `check` holds a scenario to (needs.check_scenario); the fields it reads

    def __init__(self) -> None:
        # Config per scenario and options: a Config is fixed once built, so sharing
        # one between games changes nothing anyone can see (it saves building it again).
        self._configs: dict[tuple, Config] = {}

    # ------------------------------------------------------------ setup

    def config(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> Config:
        """The scenario's tables, built once per scenario and options (they are immutable)."""
        key = (id(scenario), tuple(sorted((options or {}).items(), key=repr)))
        hit = self._configs.get(key)
        if hit is not None and hit.scenario is scenario:
            return hit
        cfg = Config(scenario, options)
        if len(self._configs) > 32:
            self._configs.clear()
        self._configs[key] = cfg
        return cfg

    def new_game(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> State:
        cfg = self.config(scenario, options)
        empty: dict = {}
        state = State(cfg, DEPLOY, 0, empty, 1,
                      (dict(cfg.pools[0]), dict(cfg.pools[1])),
                      (cfg.skills[0], cfg.skills[1]), (frozenset(), frozenset()),
                      (deploy_plan(cfg, 0), deploy_plan(cfg, 1)), 0, (0, 0), {}, None)
        if cfg.options["deployment"] == "setup":
            state = setup_deployment(state)
        return state

    # -------------------------------------------------------- decisions

    def decision(self, state: State) -> Decision | None:
        if state.phase == OVER:
            return None
        cfg = state.cfg
        if state.phase == DEPLOY:
            return _deploying(tuple(cfg.sides[s] for s in (0, 1)
                                    if not orders.plan_complete(state, s)))
        # plan_complete written out for the two plans: this runs on every move
        p0, p1 = state.plans
        n = cfg.actions
        if p0.slots < n and p1.slots < n:
            waiting, done = cfg.sides, max(len(p0.orders), len(p1.orders))
        elif p0.slots < n:
            waiting, done = cfg.sides[:1], len(p0.orders)
        else:  # (both complete never waits here: apply resolves the turn at once)
            waiting, done = cfg.sides[1:], max([len(p1.orders)] if p1.slots < n else [])
        return _planning(waiting, state.turn, done + 1, n)

    def legal_moves(self, state: State, player: str) -> Iterable[Move]:
        side = state.cfg.side_index(player)
        if state.phase == OVER or orders.plan_complete(state, side):
            return []
        return orders.legal_orders(state, side)

    def check(self, state: State, player: str, move: Move) -> Illegal | None:
        if state.phase == OVER:
            return Illegal("over", "the game is over")
        side = state.cfg.side_index(player)
        if orders.plan_complete(state, side):
            return Illegal("FL-turn-1", "you have planned all your actions; wait for the enemy")
        return orders.why_not(state, side, move)

    def not_deciding(self, state: State, player: str) -> Illegal | None:
        """A side whose orders for the turn (or its deployment) are complete waits for
        the enemy's: told so with FL-turn-1, not the core's bare `turn`."""
        if state.phase == OVER or player not in state.cfg.sides:
            return None
        if not orders.plan_complete(state, state.cfg.side_index(player)):
            return None
        done = "placed all its units" if state.phase == DEPLOY else \
            "planned all its actions this turn"
        return Illegal("FL-turn-1", f"{player} has {done}; they are carried out when the "
                       "enemy's are given")

    def apply(self, state: State, player: str, move: Move) -> tuple[State, tuple[Event, ...]]:
        cfg = state.cfg
        side = cfg.side_index(player)
        plan = orders.plan_order(state, side, move)
        plans = (plan, state.plans[1]) if side == 0 else (state.plans[0], plan)
        new = state.with_plans(plans)
        if state.phase == DEPLOY:
            placed = tuple(o for o, _ in plan.orders[len(state.plans[side].orders):])
            said = _placing(player, tuple(words.order_words(cfg, o) for o in placed))
            if all(orders.plan_complete(new, s) for s in (0, 1)):
                new, more = finish_deployment(new)
                return new, said + more
            return new, said
        said = _planned(player, len(plan.orders), cfg.actions, words.order_words(cfg, move))
        if plans[0].slots >= cfg.actions and plans[1].slots >= cfg.actions:
            new, more = resolve_turn(new)
            return new, said + more
        return new, said

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def check_scenario(self, scenario: Scenario) -> list:
        """What keeps `scenario` from being played by these rules, as positioned
        diagnostics (`frontkit check`); see needs.py."""
        return needs.check_scenario(scenario)

    def prompt_for(self, state: State, player: str) -> str | None:
        """What planning asks of `player`: its own next action (a side that planned one
        of three is asked for its second, whatever the other side has planned)."""
        if state.phase not in (DEPLOY, OVER) and player in state.cfg.sides:
            plan = state.plans[state.cfg.sides.index(player)]
            if plan.slots < state.cfg.actions:
                return _planning((player,), state.turn, len(plan.orders) + 1,
                                 state.cfg.actions).prompt
        return None

    # ------------------------------------------------------------ views

    def view(self, state: State, player: str | None) -> View:
        return fog.view(state, player)

    def render(self, view: View) -> str:
        return fog.render(view)

    def secrets(self, state: State, player: str) -> list:
        return fog.secrets(state, player)

    def state_hash(self, state: State) -> str:
        return state_hash(state)

    # --------------------------------------------------------- notation

    def parse_move(self, text: str) -> Move:
        return notation.parse(text)

    def format_move(self, move: Move) -> str:
        return notation.format_order(move)

    def notation_help(self) -> str:
        return notation.HELP

    def describe_move(self, state: State, player: str, move: Move) -> str:
        return words.describe_move(state, player, move)

    def describe_group(self, state: State, player: str, group: str) -> str:
        return words.describe_group(state, player, group)

    # ------------------------------------------------------- contract aids

    def invariants(self, state: State) -> list[str]:
        from toolkit.referee.rulesets.front_lines.invariants import broken

        return broken(state)

    def time_limit(self, state: State, player: str) -> int | None:
        """Seconds `player` has for the current decision, when timers are on (FL-timer-1).
        When it runs out the match answers `pass` for every action still owed
        (in deployment: the rest of the army as set up)."""
        if state.phase == OVER:
            return None
        return state.cfg.deploy_seconds() if state.phase == DEPLOY else state.cfg.plan_seconds()

    # search bots and balance reports: evaluate, determinize, move_label, turn_number (bots.py)
    evaluate, determinize, move_label, turn_number = bots.HOOKS
    search_whole_turns = True  # MCTS rolls out a turn's orders whole (mcts.py)

    # No bot_weight(s) hook: random bots choose uniformly. A bias against skills
    # (tried) changed the spread of results little and cost a sixth of playout speed.


# Decisions and the events of planning are values that depend only on the few
# immutable values passed here; each is made once, not on every order.


@lru_cache(maxsize=64)
def _deploying(waiting: tuple[str, ...]) -> Decision:
    return Decision.orders(waiting, "deploy your army: place each unit, or pass for the set-up")


@lru_cache(maxsize=4096)
def _planning(waiting: tuple[str, ...], turn: int, action: int, actions: int) -> Decision:
    return Decision.orders(waiting, f"turn {turn}: plan action {action} of {actions}")


@lru_cache(maxsize=4096)
def _placing(player: str, placed: tuple[str, ...]) -> tuple[Event, ...]:
    """`placed`: the units placed, each in words (`Infantry on D1`)."""
    return (Event("deploy", "you place " + "; ".join(placed), frozenset({player})),
            Event("deploy", f"{player} places {len(placed)} unit{'' if len(placed) == 1 else 's'}"))


@lru_cache(maxsize=16384)
def _planned(player: str, n: int, actions: int, said: str) -> tuple[Event, ...]:
    """`said`: the order in words (`Armor from the reserve onto H9`)."""
    return (Event("order", f"you plan action {n}: {said}", frozenset({player})),
            Event("order", f"{player} has planned action {n} of {actions}"))


RULESET = FrontLines()
