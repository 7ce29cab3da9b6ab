"""The end (FLB-end): a side with no live characters loses, at once, except that a
side wiped out on the first Day is judged only at the end of the second (option
`wiped_after_first_day`, FLB-R06); a side wiped out on Day 2 or later loses at once,
even while the other still has its grace Day. A game with no real progress, `stall_days`
Days in a row in which nobody died, ends at dusk, won by the higher survival
production, then by `stall_tie_break` (FLB-R05); so does a game reaching
`max_days` (FLB-R09)."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event, Outcome

from toolkit.referee.rulesets.fantasy_line_battle import line
from toolkit.referee.rulesets.fantasy_line_battle.state import State

SETUP = ("select", "reveal")


def scores(s: State) -> tuple[tuple[str, float], ...]:
    return tuple((side, float(line.production(s, side))) for side in s.sides)


def wiped(s: State) -> Outcome | None:
    if s.flow.round == 1 and s.flow.phase in SETUP:
        return None
    out = [side for side in s.sides if not s.line(side)]
    if not out:
        return None
    if s.cfg.grace_day and (s.flow.round == 1 or (
            s.flow.round == 2 and s.flow.phase != "dusk"
            and all(side in s.graced for side in out))):
        return None  # wiped out on Day 1: judged at the end of Day 2 (FLB-R06)
    if len(out) == 2:
        return Outcome(None, "both lines are wiped out: a draw", "FLB-end", scores(s))
    winner = s.cfg.other(out[0])
    return Outcome(winner, f"{out[0]} has no live characters: {winner} wins", "FLB-end",
                   scores(s))


def _ranked(s: State) -> str | None:
    """The side ahead on survival production, then the tie-breaks; None if level."""
    def key(side):
        values = [line.production(s, side)]
        for rule in s.cfg.tie_break:
            if rule == "live_characters":
                values.append(len(s.line(side)))
            elif rule == "less_front_damage":
                values.append(-s.get(s.front, side))
        return values
    a, b = s.sides
    if key(a) == key(b):
        return None
    return a if key(a) > key(b) else b


def at_dusk(s: State, events: list) -> State:
    if s.calm >= s.cfg.stall_days:
        why = f"no character died for {s.calm} Days"
        rule = "FLB-R05"
    elif s.flow.round >= s.cfg.max_days:
        why = f"Day {s.flow.round} is the last"
        rule = "FLB-R09"
    else:
        return s
    if any(not s.line(side) for side in s.sides):
        return s  # a wiped-out side is judged by FLB-end
    winner = _ranked(s)
    prod = ", ".join(f"{side} {line.production(s, side)}" for side in s.sides)
    text = f"{why}; survival production {prod}: " + (
        f"{winner} wins" if winner else "a draw")
    events.append(Event("end", text))
    return evolve(s, result=(winner, text, rule))


def outcome(s: State) -> Outcome | None:
    if s.result is not None:
        winner, text, rule = s.result
        return Outcome(winner, text, rule, scores(s))
    return wiped(s)
