"""Seeded random play for tests: a game stepped by the ruleset's weighted random bot,
chance outcomes drawn from the same generator, every move through the core
(`game.play`). One place for the loop several test files used to write out."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from toolkit.referee import game
from toolkit.referee.protocol import CHANCE, Decision, DecisionKind
from toolkit.sim.playout import RandomBot


def random_walk(rules, state, rng: random.Random, bot=None) -> Iterator[tuple[Any, Decision]]:
    """(state, decision) at every decision from `state` on, chance ones included, until
    the game ends (the generator then returns the final state); the caller stops when
    it has seen enough. A caller that draws from `rng` between two steps changes what
    follows, as an inline loop would."""
    bot = bot or RandomBot(rules)
    while (d := rules.decision(state)) is not None:
        yield state, d
        if d.kind is DecisionKind.CHANCE:
            player, move = CHANCE, d.chance.sample(rng)
        else:
            player = d.players[0]
            move = bot.choose(state, player, rng)
        state, _ = game.play(rules, state, player, move, decision=d)
    return state


def after(rules, state, rng: random.Random, moves: int | None = None):
    """The state `moves` decisions (chance ones included) after `state`, or the final
    state if the game ends first (`moves` None: play to the end)."""
    walk = random_walk(rules, state, rng)
    step = 0
    try:
        while True:
            state, _ = next(walk)
            if step == moves:
                return state
            step += 1
    except StopIteration as end:
        return end.value
