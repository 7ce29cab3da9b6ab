"""Front Lines' two phases on the kit: deployment, then planning every turn.

Both are secret orders from both sides at once (the kit's TOGETHER): a side gives
one order at a time (`I=C2` in deployment; `IC2-C3`, `A@B9`, `airstrike@D6`,
`pass` in planning) and stays among those the phase waits for until its plan is
complete (FL-turn-1): its whole army placed, or all its actions planned. When
both are complete the phase resolves: the armies stand on the board
(turn.finish_deployment), or the turn is carried out step by step
(turn.resolve_turn). The orders themselves, listed and checked, are orders.py's
(the bitmask order table its fast path).
"""

from __future__ import annotations

from functools import lru_cache

from toolkit.referee.protocol import Event, Illegal, Move
from toolkit.referee.rulesets.front_lines import orders, words
from toolkit.referee.rulesets.front_lines.state import State
from toolkit.referee.rulesets.front_lines.turn import finish_deployment, resolve_turn

DEPLOY_PROMPT = "deploy your army: place each unit, or pass for the set-up"


class Orders:
    """What deployment and planning share: a side's orders, listed, checked and added
    to its plan one at a time."""

    def legal(self, state: State, player: str) -> list[Move]:
        return orders.legal_orders(state, state.cfg.side_index(player))

    def check(self, state: State, player: str, move: Move) -> Illegal | None:
        return orders.why_not(state, state.cfg.side_index(player), move)

    def planned(self, state: State, player: str, move: Move) -> tuple[State, int]:
        """`state` with `move` added to `player`'s plan, and the side's index."""
        side = state.cfg.side_index(player)
        plan = orders.plan_order(state, side, move)
        plans = (plan, state.plans[1]) if side == 0 else (state.plans[0], plan)
        return state.with_plans(plans), side

    def not_deciding(self, state: State, player: str) -> Illegal | None:
        """A side whose orders are complete waits for the enemy's: told so with
        FL-turn-1, not the core's bare `turn`."""
        if state.flow.outcome is not None or player not in state.cfg.sides:
            return None
        if not self.complete(state, player):
            return None
        return Illegal("FL-turn-1", f"{player} has {self.done}; they are carried out when the "
                       "enemy's are given")

    done = "given all its orders"

    def complete(self, state: State, player: str) -> bool:  # pragma: no cover
        raise NotImplementedError


class Deployment(Orders):
    """FL-deploy: each side places its army on its own rows (`pass`: the rest as the
    scenario sets it up); when both have, the armies stand on the board."""

    done = "placed all its units"

    def apply(self, state: State, player: str, move: Move) -> tuple[State, tuple[Event, ...]]:
        new, side = self.planned(state, player, move)
        placed = tuple(o for o, _ in new.plans[side].orders[len(state.plans[side].orders):])
        return new, _placing(player, tuple(words.order_words(state.cfg, o) for o in placed))

    def complete(self, state: State, player: str) -> bool:
        return not any(state.plans[state.cfg.side_index(player)].pool.values())

    def resolve(self, state: State) -> tuple[State, tuple[Event, ...]]:
        return finish_deployment(state)


class Planning(Orders):
    """FL-turn-1, FL-turn-2: each side plans its actions for the turn; when both have,
    the turn resolves step by step."""

    done = "planned all its actions this turn"

    def apply(self, state: State, player: str, move: Move) -> tuple[State, tuple[Event, ...]]:
        # `planned` written out: this runs on every order of every turn
        cfg = state.cfg
        side = cfg.side_index(player)
        plan = orders.plan_order(state, side, move)
        p0, p1 = state.plans
        new = state.with_plans((plan, p1) if side == 0 else (p0, plan))
        return new, _planned(player, len(plan.orders), cfg.actions, words.order_words(cfg, move))

    def complete(self, state: State, player: str) -> bool:
        cfg = state.cfg
        return state.plans[0 if player == cfg.sides[0] else 1].slots >= cfg.actions

    def resolve(self, state: State) -> tuple[State, tuple[Event, ...]]:
        return resolve_turn(state)


# The prompts and the events of planning are values that depend only on the few
# immutable values passed here; each is made once, not on every order.


@lru_cache(maxsize=4096)
def plan_prompt(turn: int, action: int, actions: int) -> str:
    return f"turn {turn}: plan action {action} of {actions}"


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
