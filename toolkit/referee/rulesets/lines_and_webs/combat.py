"""Combat on the d12 (LW-C1..LW-C9). An attack moves down a link onto the enemy's
node; both pay (the attacker one fuel and one ammunition, the defender one
ammunition, armor also one fuel even in defence); a defender that cannot pay takes
the attack without fighting back. The defender rolls first (Scouts Out! may turn
that round), one d12 per strength point, hitting on 7+; the attacker then rolls with
what it has left, hitting on 7+ raised by the defender's town (+1), city or port
(+2). The first hit suppresses, every later hit costs a step; four steps lost
destroy. More hits wins: the loser is retreated two nodes by the winner (an extra
step lost if it cannot go), the winner holds the node; a tie sends the attacker
back. The winner may attack again by paying again."""

from __future__ import annotations

from toolkit.referee.chance import Dice
from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import CHANCE, REACT, SIDE, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, Event, Illegal
from toolkit.referee.rulesets.lines_and_webs import artillery
from toolkit.referee.rulesets.lines_and_webs.config import AMMO, FUEL
from toolkit.referee.rulesets.lines_and_webs.firepower import (
    count_hits, defender_at, direct_dice, is_artillery, need)
from toolkit.referee.rulesets.lines_and_webs.moves import Order
from toolkit.referee.rulesets.lines_and_webs.network import enemy_next_to, retreats, room_for
from toolkit.referee.rulesets.lines_and_webs.special import CardWindow, holds
from toolkit.referee.rulesets.lines_and_webs.state import Fight, State, Unit, with_unit
from toolkit.referee.rulesets.lines_and_webs.units import hit, pay, place, step_loss, strength
from toolkit.referee.rulesets.lines_and_webs.words import unit_words

RULE_RETREAT = "LW-C7"
RULE_AGAIN = "LW-C8"
RULE_WINDOW = "LW-window"


def start(s: State, attacker: int, target: int, moved: bool) -> tuple[State, list[Event]]:
    """An engagement begins: the defender pays what it can, then the first roll."""
    a = s.units[attacker]
    d = defender_at(s, target, a.side)
    k = s.cfg.kinds[d.kind]
    # a unit under a 9-Line Recovery black cube may not fight, so it cannot answer either
    can_pay = not d.pinned and d.tokens[AMMO] > 0 and (
        not k.fuel_in_combat or d.tokens[FUEL] > 0)
    events = [Event("combat", f"{a.label} attacks {d.label} at {s.cfg.names[target]}")]
    if d.pinned:  # a black cube: it may not fight at all (LW-K1)
        events.append(Event("combat", f"{d.label} is pinned down and cannot fight back"))
    elif can_pay:
        d = pay(d, AMMO)
        if k.fuel_in_combat:
            d = pay(d, FUEL)
        s = with_unit(s, d)
    else:
        events.append(Event("combat", f"{d.label} cannot pay to fight back"))
    fight = Fight(attacker=attacker, defender=d.uid, origin=a.node, target=target,
                  def_dice=direct_dice(s, d) if can_pay and not d.pinned else 0, moved=moved)
    s = evolve(s, fight=fight)
    s, more = scouts_window_or_roll(s)
    return s, events + more


def scouts_window_or_roll(s: State) -> tuple[State, list[Event]]:
    """Scouts Out!: the attacker's side may have its unit roll first."""
    side = s.units[s.fight.attacker].side
    if not s.fight.indirect and holds(s, side, "fire_first"):
        return open_window(s, Window("scouts", REACT, players=(side,),
                                     prompt="play Scouts Out! or pass")), []
    return next_roll(s)


def next_roll(s: State) -> tuple[State, list[Event]]:
    """Open the next roll of the engagement, or decide it."""
    f = s.fight
    first = "att" if f.scouts == s.units[f.attacker].side else "def"
    order = (first, "def" if first == "att" else "att")
    for who in order:
        if who in f.rolled:
            continue
        u = s.units[f.attacker if who == "att" else f.defender]
        if who == "def":
            dice = f.def_dice if u.alive else 0
            dice = min(dice, strength(s, u)) if not is_artillery(s, u) else dice
        else:
            dice = direct_dice(s, u) if u.alive else 0
        if dice <= 0:
            s = evolve(s, fight=evolve(f, rolled=f.rolled + (who,)))
            f = s.fight
            continue
        w = Window("roll", CHANCE, spec=Dice(dice, 12, f"{u.label} in combat"),
                   data=(("who", who),))
        return open_window(s, w), []
    return decide(s)


class Roll:
    """A chance window: the dice of one side of an engagement."""

    def check(self, s: State, side: str, m, w: Window):
        return None

    def apply(self, s: State, side: str, m, w: Window):
        f = s.fight
        who = w.get("who")
        shooter = s.units[f.attacker if who == "att" else f.defender]
        target = s.units[f.defender if who == "att" else f.attacker]
        if f.indirect:
            return artillery.rolled(s, who, m.values)
        n = count_hits(s, shooter, target, m.values)
        s, what = hit(s, target.uid, n)
        f = evolve(s.fight, rolled=s.fight.rolled + (who,))
        if who == "att":
            f = evolve(f, att_hits=n)
        else:
            f = evolve(f, def_hits=n)
        s = evolve(s, fight=f)
        dice = " ".join(str(v) for v in m.values)
        events = [Event("combat", f"{shooter.label} rolls {dice}: {n} hit{'' if n == 1 else 's'}"
                        + (f"; {what}" if what else ""))]
        s, more = next_roll(s)
        return s, tuple(events + more)


def decide(s: State) -> tuple[State, list[Event]]:
    """Both have rolled: the winner holds the node, the loser retreats (LW-C6, LW-C7)."""
    f = s.fight
    a, d = s.units[f.attacker], s.units[f.defender]
    if f.att_hits == f.def_hits:
        events = [Event("combat", f"a tie: {a.label} falls back, {d.label} holds "
                        f"{s.cfg.names[f.target]}")]
        return finish(s, events)
    winner, loser = (a, d) if f.att_hits > f.def_hits else (d, a)
    s = evolve(s, fight=evolve(f, winner=winner.uid, loser=loser.uid))
    events = [Event("combat", f"{winner.label} wins the engagement")]
    if not loser.alive:
        s, more = advance(s)
        return after_win(s, events + more)
    occ = s.occupants()
    options = retreats(s, loser, occ, int(s.cfg.opt("retreat_nodes")))
    if not options:
        s, what = step_loss(s, loser.uid)
        events.append(Event("combat", f"{loser.label} cannot retreat: {what}"))
        s, more = advance(s)
        return after_win(s, events + more)
    w = Window("retreat", SIDE, players=(winner.side,),
               prompt=f"retreat {unit_words(s.cfg, winner.side, loser.label)} two nodes")
    return open_window(s, w), events


class Retreat:
    """The winner moves the loser two nodes (LW-C7)."""

    def legal(self, s: State, side: str, w: Window):
        loser = s.units[s.fight.loser]
        return [Order("retreat", to=s.cfg.names[n])
                for n in retreats(s, loser, s.occupants(), int(s.cfg.opt("retreat_nodes")))]

    def check(self, s: State, side: str, m, w: Window):
        if m in self.legal(s, side, w):
            return None
        return Illegal(RULE_RETREAT, "the loser retreats exactly two links, through nodes "
                       "free of its enemies, to a node where it may stand")

    def apply(self, s: State, side: str, m, w: Window):
        loser = s.units[s.fight.loser]
        s = place(s, loser, s.cfg.index[m.to])
        events = [Event("combat", f"{loser.label} retreats to {m.to}")]
        s, more = advance(s)
        s, more2 = after_win(s, events + more)
        return s, tuple(more2)


def advance(s: State) -> tuple[State, list[Event]]:
    """An attacker that won moves onto the node it attacked when no enemy is left there."""
    f = s.fight
    a = s.units[f.attacker]
    if f.winner != a.uid or not a.alive:
        return s, []
    there = [u for u in s.occupants().get(f.target, ()) if u.uid != a.uid]
    if room_for(s, f.target, a.side, {f.target: there}):  # it reads the one node
        s = place(s, a, f.target)
        return s, [Event("combat", f"{a.label} takes {s.cfg.names[f.target]}")]
    return s, []


def after_win(s: State, events: list[Event]) -> tuple[State, list[Event]]:
    """MASS CAL!: the winner's side may cost the beaten unit one more step."""
    f = s.fight
    if f.winner is not None and f.loser is not None and s.units[f.loser].alive:
        side = s.units[f.winner].side
        if holds(s, side, "step_loss"):
            return open_window(s, Window("mass_cal", REACT, players=(side,),
                                         prompt="play MASS CAL! or pass")), events
    return offer_again(s, events)


def offer_again(s: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The winner may attack again, paying again (LW-C8)."""
    f = s.fight
    if f.winner is not None:
        w = s.units[f.winner]
        if again_moves(s, w):
            s = open_window(s, Window("again", SIDE, players=(w.side,),
                                      prompt=f"{unit_words(s.cfg, w.side, w.label)} may attack "
                                             "again (or pass)"))
            return s, events
    return finish(s, events)


def again_moves(s: State, u: Unit) -> list:
    if not u.alive or u.degraded or u.pinned or not (u.tokens[FUEL] and u.tokens[AMMO]):
        return []
    return [Order("move", unit=u.label, target=s.cfg.names[n])
            for n in enemy_next_to(s, u.node, u.side, s.occupants())]


class Again:
    def legal(self, s: State, side: str, w: Window):
        return [PASS] + again_moves(s, s.units[s.fight.winner])

    def check(self, s: State, side: str, m, w: Window):
        if m is PASS or m in again_moves(s, s.units[s.fight.winner]):
            return None
        return Illegal(RULE_AGAIN, "the winner may attack an enemy next to it again, "
                       "paying one fuel and one ammunition, or pass")

    def apply(self, s: State, side: str, m, w: Window):
        if m is PASS:
            s, events = finish(s, [])
            return s, tuple(events)
        u = s.units[s.fight.winner]
        u = pay(pay(u, FUEL), AMMO)
        s = with_unit(s, u)
        s = evolve(s, fight=None)
        s, events = start(s, u.uid, s.cfg.index[m.target], moved=False)
        return s, tuple(events)


def finish(s: State, events: list[Event]) -> tuple[State, list[Event]]:
    return evolve(s, fight=None), events


class Scouts(CardWindow):
    """Scouts Out! played, or passed: the rolls begin."""
    primitive = "fire_first"

    def then(self, s: State):
        return next_roll(s)


class MassCal(CardWindow):
    """MASS CAL! played, or passed: the winner may attack again."""
    primitive = "step_loss"

    def then(self, s: State):
        return offer_again(s, [])


WINDOWS = {"roll": Roll(), "retreat": Retreat(), "again": Again(), "scouts": Scouts(),
           "mass_cal": MassCal()}
