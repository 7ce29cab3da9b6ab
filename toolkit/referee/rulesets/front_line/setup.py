"""Before the first round: units placed (the recommended setup, or free placement
in one's own country), reserves set aside, and the start roll: the die says which
side names the first player (FL-setup-*)."""

from __future__ import annotations


from toolkit.referee.chance import Dice
from toolkit.referee.kit.flow import Flow, with_flow
from toolkit.referee.protocol import Event, Illegal
from toolkit.referee.rulesets.front_line.config import KINDS, Config
from toolkit.referee.rulesets.front_line.moves import Act
from toolkit.referee.rulesets.front_line.state import (
    AVAILABLE, EXHAUSTED, Squares, State, Unit, evolve, place)


def new_state(cfg: Config) -> State:
    sides = cfg.sides
    squares: list = [None] * len(cfg.names)
    uid = 0
    free = cfg.opt("placement") == "free"
    placing = []
    for side in sides:
        placed, _, _, _ = cfg.setups[side]
        counts = {k: 0 for k in KINDS}
        for kind, sq in placed:
            counts[kind] += 1
            if not free:
                squares[sq] = Unit(uid, side, kind)
                uid += 1
        placing.append(tuple((k, n) for k, n in counts.items() if n) if free else ())
    reserve = tuple(tuple((k, int(cfg.setups[side][1].get(k, 0))) for k in KINDS)
                    for side in sides)
    lead = tuple(AVAILABLE if cfg.setups[side][3] == AVAILABLE else EXHAUSTED for side in sides)
    return State(sides=sides, cfg=cfg, flow=Flow("placement"),
                 squares=Squares(squares, sides),
                 reserve=reserve, stacks=((), ()), used=(0, 0),
                 cards=tuple(cfg.setups[side][2] for side in sides), leadership=lead,
                 next_uid=uid, placing=tuple(placing))


class Placement:
    """Free placement, one unit at a time, the sides alternating (FL-R18)."""

    def order(self, s: State):
        return s.sides if any(s.placing) else ()

    def done(self, s: State) -> bool:
        return not any(n for left in s.placing for _, n in left)

    def candidates(self, s: State, side: str):
        names = s.cfg.names
        for kind, n in s.placing[s.at(side)]:
            if n:
                for sq in sorted(s.cfg.country[side]):
                    yield Act("place", names[sq], what=kind)

    def check(self, s: State, side: str, m) -> Illegal | None:
        if not isinstance(m, Act) or m.verb != "place":
            return Illegal("FL-setup-place", "place your units first: place KIND SQUARE")
        left = dict(s.placing[s.at(side)])
        if left.get(m.what, 0) <= 0:
            return Illegal("FL-setup-place", f"you have no {m.what} left to place")
        sq = s.cfg.index.get(m.src)
        if sq is None or sq not in s.cfg.country[side]:
            return Illegal("FL-setup-country", "units are placed in your own country")
        if s.squares[sq] is not None or s.cfg.impassable[sq]:
            return Illegal("FL-setup-country", "one unit per square, on land")
        return None

    def apply(self, s: State, side: str, m):
        i = s.at(side)
        left = tuple((k, n - 1 if k == m.what else n) for k, n in s.placing[i])
        s = place(s, s.cfg.index[m.src], Unit(s.next_uid, side, m.what))
        s = evolve(s, placing=s.placing[:i] + (left,) + s.placing[i + 1:],
                    next_uid=s.next_uid + 1)
        if not any(n for _, n in left):
            s = with_flow(s, out=s.flow.out | {side})
        return s, (Event("place", f"{side} places a {m.what} on {m.src}"),)


class FirstRoll:
    """One die: in the option's span the first side names the first player, else
    the other (FL-setup-first)."""

    def chance(self, s: State):
        return Dice(1, 6, "white die: who names the first player")

    def apply(self, s: State, side, outcome):
        span, who = s.cfg.first_roll()
        die = outcome.values[0]
        decider = who if die in span else s.other(who)
        return evolve(s, decider=decider), (
            Event("roll", f"start roll {die}: {decider} names the first player"),)


class FirstChoice:
    def order(self, s: State):
        return (s.decider,)

    def candidates(self, s: State, side: str):
        return [Act("first", what=x) for x in s.sides]

    def check(self, s: State, side: str, m) -> Illegal | None:
        if not isinstance(m, Act) or m.verb != "first" or m.what not in s.sides:
            return Illegal("FL-setup-first", "name the first player: first " + " or first ".join(s.sides))
        return None

    def apply(self, s: State, side: str, m):
        return with_flow(s, start=m.what), (Event("first", f"{m.what} goes first"),)
