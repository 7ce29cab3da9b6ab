"""The Front Lines ruleset on the rules kit: its two phases (phases.py), the
scenario's needs, the views and the bots.

Decisions: deployment and each turn's planning are one secret ORDERS
decision for both sides (the kit's TOGETHER), taken action by action
(FL-turn-1): a side answers one order at a time (`IC2-C3`, `A@B9`,
`airstrike@D6`, `pass`) and stays among those the phase waits for until it has
planned all its actions (or placed its whole army). When both are done the
phase resolves (turn.py), and planning starts again a round later: the kit's
round is the turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dsl.model import Scenario
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.phases import TOGETHER, Phase
from toolkit.referee.kit.rules import KitRules
from toolkit.referee.kit.view import View
from toolkit.referee.protocol import Illegal, Move
from toolkit.referee.rulesets.front_lines import bots, fog, needs, orders
from toolkit.referee.rulesets.front_lines.config import Config
from toolkit.referee.rulesets.front_lines.phases import (
    DEPLOY_PROMPT, Deployment, Planning, plan_prompt)
from toolkit.referee.rulesets.front_lines.state import (
    DEPLOY, OVER, PLAN, State, deploy_plan, state_hash)
from toolkit.referee.rulesets.front_lines.turn import setup_deployment

#: deployment, then planning every turn (a round each: the kit's round is the turn)
PHASES = (
    Phase(DEPLOY, TOGETHER, Deployment(), next=PLAN, prompt=DEPLOY_PROMPT),
    Phase(PLAN, TOGETHER, Planning(), next=PLAN, prompt="plan your actions"),
)


class FrontLines(KitRules):
    """Front Lines: simultaneous secret orders on an 8 x 10 grid, with fog of war."""

    name = "front_lines"
    version = "1"
    phases = PHASES
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
        # the options are the Config's to read and check (config.py), not the kit's
        return self._settle(self.setup(scenario, options or {}), [])[0]

    def setup(self, scenario: Scenario, options: Mapping[str, Any]) -> State:
        cfg = self.config(scenario, options)
        state = State(cfg, Flow(DEPLOY), {}, 1, (dict(cfg.pools[0]), dict(cfg.pools[1])),
                      (cfg.skills[0], cfg.skills[1]), (frozenset(), frozenset()),
                      (deploy_plan(cfg, 0), deploy_plan(cfg, 1)))
        if cfg.options["deployment"] == "setup":
            state = setup_deployment(state)
        return state

    def sides(self, state: State) -> tuple[str, ...]:
        return state.cfg.sides

    # -------------------------------------------------------- decisions

    def prompt(self, state: State, phase: Phase) -> str:
        """`turn 3: plan action 2 of 3`: the next action of the side furthest on of
        those still waiting (asked at every order)."""
        if phase.name == DEPLOY:
            return DEPLOY_PROMPT
        flow, cfg = state.flow, state.cfg
        waiting, (p0, p1) = flow.waiting, state.plans
        if len(waiting) == 2:
            done = max(len(p0.orders), len(p1.orders))
        else:
            done = len((p0 if waiting[0] == cfg.sides[0] else p1).orders)
        return plan_prompt(flow.round, done + 1, cfg.actions)

    def legal_moves(self, state: State, player: str) -> list[Move]:
        """The kit's answer; while `player` owes orders it is the order table's
        listing (orders.legal_orders), handed out without the kit's routing."""
        flow = state.flow
        if flow.outcome is None and not flow.windows and player in flow.waiting:
            moves = orders.legal_orders(state, state.cfg.side_index(player))
            self._listed = (state, player, tuple(moves))  # KitRules.listed, in line
            return moves
        return super().legal_moves(state, player)

    def check(self, state: State, player: str, move: Move) -> Illegal | None:
        """The kit's check, in the game's words for a side whose orders are complete."""
        flow = state.flow
        if flow.outcome is None and player not in flow.waiting and player in state.cfg.sides:
            return Illegal("FL-turn-1", "you have planned all your actions; wait for the enemy")
        return super().check(state, player, move)

    def check_scenario(self, scenario: Scenario) -> list:
        """What keeps `scenario` from being played by these rules, as positioned
        diagnostics (`frontkit check`); see needs.py."""
        return needs.check_scenario(scenario)

    def prompt_for(self, state: State, player: str) -> str | None:
        """What planning asks of `player`: its own next action (a side that planned one
        of three is asked for its second, whatever the other side has planned)."""
        if state.phase == PLAN and player in state.flow.waiting:
            cfg = state.cfg
            return plan_prompt(state.flow.round, len(state.plans[cfg.side_index(player)].orders)
                               + 1, cfg.actions)
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


RULESET = FrontLines()
