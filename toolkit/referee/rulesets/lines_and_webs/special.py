"""The special cards' hooks into an engagement: before the dice (Scouts Out!) and
after a win (MASS CAL!)."""

from __future__ import annotations

from toolkit.referee.protocol import Event
from toolkit.referee.rulesets.lines_and_webs.state import State


def before_rolls(s: State) -> tuple[State, list[Event]]:
    from toolkit.referee.rulesets.lines_and_webs.combat import next_roll
    return next_roll(s)


def after_win(s: State, events: list[Event]) -> tuple[State, list[Event]]:
    from toolkit.referee.rulesets.lines_and_webs.combat import offer_again
    return offer_again(s, events)
