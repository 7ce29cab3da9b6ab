"""Field artillery's indirect fire (LW-A1..LW-A4): at a unit two or three hexes away
(lakes between count; ocean may not be fired over; rivers do not matter), spending
one to three ammunition tokens, one d12 each, hitting on 7+ raised by the target's
node. A 12 both suppresses and costs a step. Only field artillery answers: a target
that is field artillery in range fires back with one die for one ammunition token.
Displaced units cannot be fired on. Indirect fire moves nobody."""

from __future__ import annotations

from toolkit.referee.chance import Dice
from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import CHANCE, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event, Illegal
from toolkit.referee.rulesets.lines_and_webs.config import AMMO
from toolkit.referee.rulesets.lines_and_webs.firepower import count_hits, defender_at
from toolkit.referee.rulesets.lines_and_webs.state import Fight, State, Unit, with_unit
from toolkit.referee.rulesets.lines_and_webs.units import hit, pay

RULE_FIRE = "LW-A1"


def in_range(s: State, shooter: Unit, node: int) -> bool:
    k = s.cfg.kinds[shooter.kind]
    if k.indirect is None:
        return False
    lo, hi = k.indirect
    return lo <= s.cfg.hexes(shooter.node, node) <= hi and s.cfg.line_clear(shooter.node, node)


def fire_targets(s: State, u: Unit) -> list[int]:
    """Nodes `u` may fire on: an enemy unit that is not displaced, in range (the nodes
    read from where units stand, `State.occupants`, not from every unit; `in_range`
    read in line, from the hex distances of `u`'s row)."""
    cfg = s.cfg
    k = cfg.kinds[u.kind]
    if k.indirect is None:
        return []
    lo, hi = k.indirect
    side, origin, row, clear = u.side, u.node, cfg.hex_table[u.node], cfg.line_clear
    out = []
    for node, there in s.occupants().items():
        for e in there:
            if e.side != side and not e.displaced:
                if lo <= row[node] <= hi and clear(origin, node):
                    out.append(node)
                break
    out.sort()
    return out


def fire_problem(s: State, u: Unit, m) -> Illegal:
    """Why indirect fire is refused, each cause in its own words (LW-A1)."""
    k = s.cfg.kinds[u.kind]
    if k.indirect is None:
        return Illegal(RULE_FIRE, f"{u.label} is not field artillery: only field "
                       "artillery fires from afar")
    if not u.tokens[AMMO]:
        return Illegal(RULE_FIRE, f"{u.label} has no ammunition to fire")
    most = min(k.indirect_max_ammo or 1, u.tokens[AMMO])
    if not 1 <= m.n <= most:
        return Illegal(RULE_FIRE, f"{u.label} fires with 1 to {most} ammunition")
    node = s.cfg.index.get(m.target)
    if node is None or target_at(s, node, u.side) is None:
        return Illegal(RULE_FIRE, f"no enemy unit that may be fired on stands at {m.target} "
                       "(displaced units may not)")
    lo, hi = k.indirect
    far = s.cfg.hexes(u.node, node)
    if not lo <= far <= hi:
        return Illegal(RULE_FIRE, f"{m.target} is {far} hex{'es' if far != 1 else ''} away: "
                       f"field artillery fires {lo} to {hi} hexes")
    return Illegal(RULE_FIRE, f"{u.label} may not fire over ocean at {m.target}")


def target_at(s: State, node: int, side: str) -> Unit | None:
    there = [u for u in s.units if u.node == node and u.alive and u.side != side
             and not u.displaced]
    if not there:
        return None
    return defender_at(s, node, side) if len(there) > 1 else there[0]


def fire(s: State, uid: int, node: int, n: int) -> tuple[State, list[Event]]:
    u = s.units[uid]
    t = target_at(s, node, u.side)
    s = with_unit(s, pay(u, AMMO, n))
    s = evolve(s, fight=Fight(attacker=uid, defender=t.uid, origin=u.node, target=node,
                              att_dice=n, indirect=True))
    w = Window("roll", CHANCE, spec=Dice(n, 12, f"{u.label} fires"), data=(("who", "att"),))
    rounds = f"{n} round" + ("" if n == 1 else "s")
    return open_window(s, w), [Event("fire", f"{u.label} fires {rounds} at {t.label} on "
                                     f"{s.cfg.names[node]}")]


def rolled(s: State, who: str, dice: tuple[int, ...]):
    f = s.fight
    shooter = s.units[f.attacker if who == "att" else f.defender]
    target = s.units[f.defender if who == "att" else f.attacker]
    n = count_hits(s, shooter, target, dice)
    s, what = hit(s, target.uid, n)
    words = " ".join(map(str, dice))
    events = [Event("fire", f"{shooter.label} rolls {words}: {n} hit{'' if n == 1 else 's'}"
                    + (f"; {what}" if what else ""))]
    if who == "att":
        t = s.units[f.defender]
        firer = s.units[f.attacker]
        if (s.cfg.opt("defender_counter_artillery") and t.alive and t.tokens[AMMO]
                and not t.pinned and not t.degraded and in_range(s, t, firer.node)):
            s = with_unit(s, pay(t, AMMO))
            s = evolve(s, fight=evolve(f, rolled=("att",)))
            w = Window("roll", CHANCE, spec=Dice(1, 12, f"{t.label} fires back"),
                       data=(("who", "def"),))
            events.append(Event("fire", f"{t.label} fires back"))
            return open_window(s, w), tuple(events)
    return evolve(s, fight=None), tuple(events)
