"""The windows opened inside a turn: Rally, the dice, the Edge re-roll, a higher
Tank's pick, the defender's Retreat or Hold, where the routed unit goes, the
attacker's Displacement, the Rally reward, and the opponent's reaction after a
supplied action (Opportunity Fire, Maneuver, Relieve)."""

from __future__ import annotations


from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import SIDE
from toolkit.referee.protocol import Event, Illegal
from toolkit.referee.rulesets.front_line import (
    actions, attack, edge, leadership, movement, results)
from toolkit.referee.rulesets.front_line.moves import Act, relieve
from toolkit.referee.rulesets.front_line.state import AVAILABLE, State, evolve, window


def _stage(s: State, stage: str, **changes) -> tuple[State, list[Event]]:
    return attack.proceed(s, evolve(s.attack, stage=stage, **changes))


class Words:
    """A window answered by one of a few words (`choices(state)`)."""

    rule = "FL-window"
    what = ""

    def choices(self, s: State) -> list:
        return []

    def candidates(self, s, side, w):
        return self.choices(s)

    def legal(self, s, side, w):
        """The choices are the moves `check` accepts."""
        return self.choices(s)

    def check(self, s, side, m, w) -> Illegal | None:
        if m in self.choices(s):
            return None
        return Illegal(self.rule, f"now: {self.what}")


class Rally(Words):
    rule, what = "FL-task-rally", "rally or pass"

    def choices(self, s):
        return [Act("rally")] if s.leadership[s.at(s.other(s.attack.side))] == AVAILABLE else []

    def apply(self, s, side, m, w):
        name = s.cfg.names[s.attack.dst]
        s = leadership.exhaust(s, side)
        s, more = _stage(s, "roll", rallied=True)
        return s, [Event("rally", f"{side} rallies {name}")] + more

    def resolve(self, s, w):
        return _stage(s, "roll")


class Roll:
    def check(self, s, side, m, w):
        return None

    def apply(self, s, side, outcome, w):
        dice = tuple(outcome.values)
        names = ("white", "yellow")
        told = ", ".join(f"{n} {d}" for n, d in zip(names, dice))
        s, more = _stage(s, "edge", dice=dice)
        return s, [Event("roll", f"dice: {told}", data=(("dice", dice),))] + more


class EdgeWindow(Words):
    rule, what = "FL-edge", "reroll or pass"

    def choices(self, s):
        return [Act("reroll")] if edge.can_reroll(s) else []

    def apply(self, s, side, m, w):
        s, events = edge.used(s)
        s, more = _stage(s, "roll", dice=())
        return s, events + more

    def resolve(self, s, w):
        return _stage(s, "pick")


class Pick(Words):
    rule, what = "FL-tank-choice", "use white or use yellow"

    def choices(self, s):
        return [Act("use", what="white"), Act("use", what="yellow")]

    def apply(self, s, side, m, w):
        s, more = _stage(s, "final", choice=m.what)
        return s, [Event("pick", f"{side}'s tank uses the {m.what} result")] + more


class Rout(Words):
    rule, what = "FL-result-rout", "retreat or hold"

    def choices(self, s):
        return [Act("retreat"), Act("hold")]

    def apply(self, s, side, m, w):
        if m.verb == "hold":
            return results.hold(s, attack.proceed)
        return open_window(s, window("retreat", SIDE, (s.attack.side,),
                                     "shift the routed unit: shift SQUARE")), [
            Event("retreat", f"{side} retreats")]


class Retreat(Words):
    rule, what = "FL-result-retreat", "shift the routed unit to a safe square"

    def choices(self, s):
        names = s.cfg.names
        return [Act("shift", names[i]) for i in sorted(movement.retreat_targets(s, s.attack.dst))]

    def apply(self, s, side, m, w):
        return results.retreat(s, s.cfg.index[m.src], attack.proceed)


class Displace(Words):
    rule, what = "FL-result-displace", "displace or stay"

    def choices(self, s):
        return [Act("displace"), Act("stay")]

    def apply(self, s, side, m, w):
        if m.verb == "displace":
            return results.displace(s, attack.proceed)
        return results.then_end(s, [Event("stay", f"{side} stays")], attack.proceed)


class Reward(Words):
    rule, what = "FL-task-rally", "maneuver the rallied unit, fire back, or decline"

    def choices(self, s):
        a = s.attack
        names = s.cfg.names
        out = [Act("maneuver", names[a.dst], names[t])
               for t in sorted(movement.maneuver_targets(s, a.dst))]
        target, attacker = s.squares[a.dst], s.squares[a.src]
        if attacker is not None and attacker.side == a.side and \
                s.cfg.distance(a.src, a.dst) <= s.cfg.kinds[target.kind].range:
            out.append(Act("opfire", names[a.dst], names[a.src]))
        return out + [Act("decline")]

    def apply(self, s, side, m, w):
        a = s.attack
        if m.verb == "decline":
            return results.then_end(s, [Event("reward", f"{side} declines the reward")],
                                    attack.proceed)
        if m.verb == "maneuver":
            s, events = leadership.do_maneuver(s, side, a.dst, s.cfg.index[m.dst], free=True)
            s, more = results.then_end(s, [], attack.proceed)
            return s, events + more
        return attack.start(evolve(s, attack=None), side, a.dst, a.src, supplied=False)


class React:
    """After a supplied action: Opportunity Fire on that unit, Maneuver or Relieve."""

    def legal(self, s, side, w):
        """What `check` accepts, listed directly (actions.reactions)."""
        return actions.reactions(s, side)

    def candidates(self, s, side, w):
        names = s.cfg.names
        for a, b in leadership.opfire_moves(s, side):
            yield Act("opfire", names[a], names[b])
        for a, b in leadership.maneuver_moves(s, side):
            yield Act("maneuver", names[a], names[b])
        for a, b in leadership.relieve_moves(s, side):
            yield relieve(names[a], names[b])

    def check(self, s, side, m, w) -> Illegal | None:
        if isinstance(m, Act) and m.verb == "cache":
            return Illegal("FL-task-cache", "Cache is a task of your own turn: after the "
                           "opponent's supplied action you may answer with Opportunity "
                           "Fire, Maneuver or Relieve, or pass")
        if not isinstance(m, Act) or m.verb not in ("opfire", "maneuver", "relieve"):
            return Illegal("FL-window", "now: opfire, maneuver, relieve or pass")
        task = "opportunity_fire" if m.verb == "opfire" else m.verb
        why = leadership.available_problem(s, side, task, False)
        if why:
            return why
        a, b = s.cfg.index.get(m.src), s.cfg.index.get(m.dst)
        if a is None or b is None:
            return Illegal("FL-square", "no such square on this battlefield")
        if m.verb == "opfire":
            return leadership.opfire_problem(s, side, a, b)
        if m.verb == "maneuver":
            return leadership.maneuver_problem(s, side, a, b)
        if m != relieve(m.src, m.dst):
            return Illegal("FL-notation", "write a Relieve's squares in reading order")
        return leadership.relieve_problem(s, side, a, b)

    def apply(self, s, side, m, w):
        a, b = s.cfg.index[m.src], s.cfg.index[m.dst]
        if m.verb == "maneuver":
            return leadership.do_maneuver(s, side, a, b)
        if m.verb == "relieve":
            return leadership.do_relieve(s, side, a, b)
        s = leadership.exhaust(s, side)
        return attack.start(s, side, a, b, supplied=False)

    def resolve(self, s, w):
        return s, ()


WINDOWS = {"rally": Rally(), "roll": Roll(), "edge": EdgeWindow(), "pick": Pick(),
           "rout": Rout(), "retreat": Retreat(), "displace": Displace(), "reward": Reward(),
           "react": React()}
