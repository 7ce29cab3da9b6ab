"""What bots need from Lines and Webs: weights for the random bot and a heuristic for
greedy and search bots.

`weights` makes random play look like a logistician's, so that supply reaches the
units and orders fight:

- spend: buy the supply class the side is short of (rations first when a consumption
  turn is near), in lots that close the gap, and units or cards only with what is left;
- transport: top up the units that lack their basic load, the hungry and the degraded
  first (rations before a consumption turn), restock sustainment units from a port in
  large lots; drops, cross-levelling and displacement stay rare;
- orders: the execution deck gets the units able to move and fight (fuel, ammunition,
  not degraded), the rest go to the reserve or out of play;
- execute: attack and fire whenever offered.

`evaluate(state, side)` says how well `side` stands, about -1 (lost) to 1 (won): ports
held (what wins), combat power (what breaks a tie and takes ports), supply on hand (what
keeps units fighting), units not degraded, and the food runway (the share of the meals
still to come that the rations on hand feed: random games are decided by the steps the
hungrier side loses late), each mine against the enemy's. Units and tokens on their way
(both delivery queues, and the side's own purchases this turn) count with those on hand.
"""

from __future__ import annotations

import math
from itertools import chain
from operator import attrgetter

from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.lines_and_webs.config import AMMO, FOOD, FUEL, LETTERS
from toolkit.referee.rulesets.lines_and_webs.state import OFF, side_uids_where
from toolkit.referee.rulesets.lines_and_webs.transport import (
    CARRY, DISPLACE, MOVE, listed_parts)

#: weights of the evaluation's terms (they sum to 1)
PORTS, POWER, SUPPLY, FED, RUNWAY = 0.35, 0.25, 0.1, 0.1, 0.2
CLASS = {"r": FOOD, "f": FUEL, "a": AMMO}
LETTER_CLASS = {letter: cls for cls, letter in enumerate(LETTERS)}
#: a random transport order's weight: a displacement stays rare; tokens into a port's
#: storage rarer still (draw.py weighs its branches by the same figures)
DISPLACE_WEIGHT, INTO_PORT = 0.005, 0.002


def _food_soon(s) -> bool:
    """A consumption turn is this turn or the next (rations bought now still arrive)."""
    turns = s.cfg.food_turns
    return s.turn in turns or s.turn + 1 in turns


def _gaps(s, side: str) -> list[int]:
    """Tokens of each class (food, fuel, ammunition) the side lacks: a ration and a
    half per mouth, and the basic fuel and ammunition of its combat units, against
    what its units, ports, queue and this turn's purchases hold."""
    mouths, need, have = _on_map(s, side)
    need, have = list(need), list(have)
    b = s.book(side)
    for uids, tokens in b.queue:
        mouths += len(uids)
        for c in (FOOD, FUEL, AMMO):
            have[c] += tokens[c]
    mouths += len(b.basket_units) + len(b.fly_units)
    for c in (FOOD, FUEL, AMMO):
        have[c] += b.basket_tokens[c] + b.fly_tokens[c]
    for p in s.ports:
        if p.holder == side:
            for c in (FOOD, FUEL, AMMO):
                have[c] += p.tokens[c]
    need[FOOD] = (mouths * 3 + 1) // 2 + (mouths if _food_soon(s) else 0)
    return [max(0, need[c] - have[c]) for c in (FOOD, FUEL, AMMO)]


def _on_map(s, side: str) -> tuple[int, tuple, tuple]:
    """`side`'s units on the map: how many, the basic fuel and ammunition its combat
    units carry (food, fuel, ammunition), and the tokens they hold. Kept while the units
    are the same (a side's Spend resources is decision after decision on one map)."""
    memo = s.cfg.weight_memo.setdefault(("on map", side), [None, None])
    if memo[0] is s.units:
        return memo[1]
    kinds = s.cfg.kinds
    need = [0, 0, 0]
    have = [0, 0, 0]
    mouths = 0
    for u in s.on_map(side):
        mouths += 1
        k = kinds[u.kind]
        if k.combat:
            need[FUEL] += k.basic[FUEL]
            need[AMMO] += k.basic[AMMO]
        for c in (FOOD, FUEL, AMMO):
            have[c] += u.tokens[c]
    memo[:] = [s.units, (mouths, tuple(need), tuple(have))]
    return memo[1]


def _backlog(s, side: str) -> tuple[int, int]:
    """Units and tokens waiting in the queue's last space: what the ports had no room
    for at the last deploy."""
    queue = s.book(side).queue
    if not queue:
        return 0, 0
    uids, tokens = queue[-1]
    return len(uids), sum(tokens)


def _carrier_at(s, side: str, node) -> bool:
    """A sustainment unit of `side` stands on `node` (to carry on what lands there)."""
    if node is None:
        return False
    units = s.units
    for uid in _sustainment(s, side):
        u = units[uid]
        if u.node == node and u.lost < 4:
            return True
    return False


def _sustainment(s, side: str) -> tuple[int, ...]:
    """The uids of `side`'s sustainment units, on the map or not (a unit's type and
    side never change)."""
    return side_uids_where(s, side, "sustainment", attrgetter("sustainment"))


def _stocked_ports(s, side: str) -> set:
    """Nodes of the side's ports holding tokens with no sustainment unit of its own on
    them: stock nobody can carry on."""
    out = set()
    carried = None
    for k, node in enumerate(s.cfg.ports):
        p = s.ports[k]
        if p.holder == side and sum(p.tokens[:3]):
            if carried is None:
                units = s.units
                carried = {units[uid].node for uid in _sustainment(s, side)
                           if units[uid].alive}
            if node not in carried:
                out.add(s.cfg.names[node])
    return out


def spend_facts(s, player: str) -> tuple:
    """What Spend resources' weights read of the side: (the classes' gaps (`_gaps`),
    RP left, units and tokens waiting in the queue's last space, a carrier at the
    airport, any gap, a consumption turn near)."""
    gaps = _gaps(s, player)
    units_wait, tokens_wait = _backlog(s, player)
    airhead = _carrier_at(s, player, s.cfg.apod.get(player))
    return (gaps, s.book(player).rp, units_wait, tokens_wait, airhead, any(gaps),
            _food_soon(s))


def spend_pass(facts: tuple) -> float:
    """The pass's weight in Spend resources: likely once the RP are spent."""
    return 2.0 if facts[1] < 3 else 0.1


def spend_unit(facts: tuple) -> float:
    """A unit's purchase: rare while units wait in the queue or a class is short."""
    return 0.02 if facts[2] else 0.15 if facts[5] else 1.0


def spend_card(facts: tuple) -> float:
    """A special card bought, or played in Spend."""
    return 0.1 if facts[5] else 0.3


def spend_tokens(facts: tuple, verb: str, letter: str, n: int) -> float:
    """`n` tokens of class `letter` bought by sea (`buy`) or flown in (`fly`): the lot
    that closes the class's gap first, rations twice when a consumption turn is near."""
    gaps, rp, _, tokens_wait, airhead, _, soon = facts
    gap = gaps[CLASS[letter]] if letter in CLASS else 0
    if gap <= 0:
        return 0.01
    lot = min(gap, rp)
    w = 6.0 if n == lot else 2.0 * n / lot if n < lot else 0.02
    if letter == "r" and soon:
        w *= 2
    if verb == "buy" and tokens_wait:  # the seaport is full: fly them in instead
        w *= 0.1
    if verb == "fly" and not airhead:  # nobody at the airport to carry them on
        w *= 0.01
    return w * (1.0 if verb == "buy" else 0.7)


def _spend(s, player: str, legal: list) -> list[float]:
    facts = spend_facts(s, player)
    out = []
    for m in legal:
        if m is PASS:
            out.append(spend_pass(facts))
            continue
        v = m.verb
        if v in ("buy", "fly") and m.cls:
            out.append(spend_tokens(facts, v, m.cls, m.n))
        elif v in ("buy", "fly"):
            out.append(spend_unit(facts))
        else:  # special cards
            out.append(spend_card(facts))
    return out


def _transport(s, player: str, legal: list) -> list[float]:
    soon = _food_soon(s)
    parts = listed_parts(s, player, legal)
    ask = _Asked(s, player)
    if parts is None:
        out = [1.0 if m is PASS else _transport_weight(s, ask, m, soon) for m in legal]
    else:
        # the same weights, run by run: a carrier's carry orders are weighed once and
        # kept with that run (listed_parts: it is handed out again only while the
        # values they are weighed by are the same)
        memo = s.cfg.weight_memo.setdefault(player, {})
        out = [1.0]
        for what, run, whose in parts:
            if what == DISPLACE:
                out.append(DISPLACE_WEIGHT)
            elif what == CARRY:
                # one carrier's runs, one a receiver: those handed out again keep their
                # weights (the same object at the same place)
                kept = memo.get(whose)
                if kept is None or kept[0] is not run or kept[1] != soon:
                    old = kept[0] if kept is not None and kept[1] == soon else ()
                    was = kept[2] if kept is not None else ()
                    each = [was[i] if i < len(old) and old[i] is piece
                            else _carry_weights(s, piece, soon)
                            for i, piece in enumerate(run)]
                    kept = memo[whose] = (run, soon, each, list(chain.from_iterable(each)))
                out += kept[3]
            elif what == MOVE:
                out += _move_weights(s, ask, run)
            else:  # a port's cross-levelling: weighed by who gives and who takes alone
                kept = memo.get(("xl", whose))
                if kept is None or kept[0] is not run:
                    kept = memo[("xl", whose)] = (run, _xl_weights(s, run))
                out += kept[1]
    if legal and legal[0] is PASS:
        out[0] = transport_pass(sum(out[1:]))
    return out


def part_weights(s, ask: "_Asked", what: str, run, soon: bool) -> list[float]:
    """The weights of one run of the transport listing (`listed_parts`), as `_transport`
    weighs them: a displacement, a carrier's move-and-resupply orders, its carry orders
    (a tuple of runs, one a receiver) or a port's cross-levelling."""
    if what == DISPLACE:
        return [DISPLACE_WEIGHT]
    if what == CARRY:
        return list(chain.from_iterable(_carry_weights(s, piece, soon) for piece in run))
    if what == MOVE:
        return _move_weights(s, ask, run)
    return _xl_weights(s, run)


def piece_weights(s, piece, soon: bool) -> list[float]:
    """The weights of one piece of a carrier's carry run (its orders to one receiver,
    or into ports)."""
    return _carry_weights(s, piece, soon)


def transport_pass(others: float) -> float:
    """The pass's weight beside orders weighing `others` in all: about one order in
    seven ends the side's transport, so the neediest get supplied."""
    return max(1.0, 0.15 * others)


def asked(s, player: str) -> "_Asked":
    """What move-and-resupply weights read of the side (worked out only if asked)."""
    return _Asked(s, player)


class _Asked:
    """What a move-and-resupply order's weight reads of the side, worked out once a
    listing and only if asked: its seaport, whether units wait in its queue, and its
    ports with stock that nobody carries on."""

    def __init__(self, s, player: str):
        self.s, self.player = s, player
        self._crowded = self._stocked = self._stocked_nodes = None

    @property
    def spod(self):
        return self.s.cfg.spod.get(self.player)

    @property
    def crowded(self) -> bool:
        if self._crowded is None:
            self._crowded = _backlog(self.s, self.player)[0] > 0
        return self._crowded

    @property
    def stocked(self) -> set:
        if self._stocked is None:
            self._stocked = _stocked_ports(self.s, self.player)
        return self._stocked

    @property
    def stocked_nodes(self) -> set:
        """The nodes of `stocked`."""
        if self._stocked_nodes is None:
            index = self.s.cfg.index
            self._stocked_nodes = {index[name] for name in self.stocked}
        return self._stocked_nodes


def _carry_weights(s, run, soon: bool) -> list[float]:
    """`_transport_weight` of each carry order of `run` (one carrier's orders to one
    receiver, or into ports), the carrier and each receiver looked up once."""
    if not run:
        return []
    unit = s.by_label
    c = unit(run[0].unit)
    to = r = None
    out = []
    for m in run:
        if m.to != to:
            to = m.to
            r = unit(to)
        out.append(_carry_weight(s, m, r, soon, c))
    return out


def _carry_weight(s, m, r, soon: bool, c=False) -> float:
    """A carry order's weight, `r` its receiver (None: onto a node or into a port's
    storage) and `c` its carrier if the caller has looked it up."""
    if r is None:
        return INTO_PORT if m.cls else 0.02
    if not m.cls:  # a top-up of the open basic-load boxes
        return _top_up_weight(s, m, r, soon, c)
    return carry_value(receiver_facts(s, r), m.src, LETTER_CLASS[m.cls], m.n)


def receiver_facts(s, r) -> tuple[bool, bool, bool, bool, bool]:
    """What a carry order's weight reads of its receiver `r`: whether it is a combat
    unit, degraded, without food, short of its basic fuel, short of its basic
    ammunition."""
    k = s.cfg.kinds[r.kind]
    t = r.tokens
    return (k.combat, r.degraded, t[FOOD] == 0, t[FUEL] < k.basic[FUEL],
            t[AMMO] < k.basic[AMMO])


def carry_value(facts, src: str, cls: int, n: int) -> float:
    """The weight of carrying `n` tokens of class `cls` into the open boxes of a
    receiver with `facts` (`receiver_facts`), from a port's storage if `src`: restock a
    sustainment unit from a port in large lots, feed the hungry."""
    if src and not facts[0]:  # restock a sustainment unit from a port
        return 0.4 * n
    if cls == FOOD and (facts[2] or facts[1]):
        return 3.0
    return 0.01


def top_up_value(facts, have, soon: bool) -> float:
    """The weight of a top-up of a receiver with `facts` (`receiver_facts`) from a source
    holding `have`: food to the hungry and the degraded, the basic load to combat units."""
    combat, degraded, starving, low_fuel, low_ammo = facts
    if have[FOOD] and (degraded or starving):
        w = 12.0 if degraded else 8.0 if soon else 5.0
    elif combat and ((have[FUEL] and low_fuel) or (have[AMMO] and low_ammo)):
        w = 4.0
    else:
        w = 0.5
    return w if combat else w * 0.6


def _move_weights(s, ask: _Asked, run) -> list[float]:
    """`_transport_weight` of one carrier's move-and-resupply orders."""
    if not run:
        return []
    u = s.by_label(run[0].unit)
    return [_move_weight(ask, u, m) for m in run]


def _move_weight(ask: _Asked, u, m) -> float:
    """A move-and-resupply order's weight, `u` its carrier: a sustainment unit leaves its
    crowded seaport so the queue can land, or goes to a port whose storage nobody
    carries on."""
    if u is not None and u.node == ask.spod and ask.crowded:
        return 2.0
    return 3.0 if m.to in ask.stocked else 0.02


def _top_up_weight(s, m, r, soon: bool, c=False) -> float:
    """A top-up of `r`'s open basic-load boxes, by what the carrier (`c`, if the caller
    has looked it up) can give: its own card, or the port's storage."""
    if c is False:
        c = s.by_label(m.unit)
    port = s.port(s.cfg.index[m.src]) if m.src else None
    have = port.tokens if port is not None else c.tokens if c else (0,) * 4
    return _top_up_from(s, r, have, soon)


def _top_up_from(s, r, have, soon: bool) -> float:
    """A top-up's weight for receiver `r` from a source holding `have`."""
    return top_up_value(receiver_facts(s, r), have, soon)


def _xl_weights(s, run) -> list[float]:
    """`_transport_weight` of each cross-levelling order of `run` (a port's), giver and
    taker looked up once a pair (the run holds each pair's counts 1..N together)."""
    out = []
    pair = None
    for m in run:
        if (m.unit, m.to) != pair:
            pair = (m.unit, m.to)
            giver, taker = s.by_label(m.unit), s.by_label(m.to)
        out.append(_xl_weight(s, giver, taker, m.n))
    return out


def _xl_weight(s, giver, taker, n: int) -> float:
    """A cross-levelling order's weight, `giver` and `taker` the units (None: the port's
    storage): unloading a port's storage onto a unit standing on it keeps the port open
    for the queue; shuffling between units stays rare."""
    if giver is None and taker is not None:
        return 0.5 * n if not s.cfg.kinds[taker.kind].combat else 3.0
    return 0.01


def _transport_weight(s, ask: _Asked, m, soon: bool) -> float:
    """One transport order's weight (`m` is not the pass)."""
    unit = s.by_label
    v = m.verb
    if v == "carry":
        return _carry_weight(s, m, unit(m.to), soon)
    if v == "xl":
        return _xl_weight(s, unit(m.unit), unit(m.to), m.n)
    if v == "displace":
        return DISPLACE_WEIGHT
    if v == "move":
        return _move_weight(ask, unit(m.unit), m)
    return 0.02


#: the pass's weight in Issue orders (the rest of the cards out of play)
DEAL_PASS = 0.3


def fit_to_fight(kinds, u) -> bool:
    """Unit `u` can move and fight (or repair) when its card turns up."""
    return (not u.degraded and not u.pinned and u.tokens[FUEL] > 0
            and bool(u.tokens[AMMO] > 0 or kinds[u.kind].repairs))


def deal_weight(verb: str, able: bool) -> float:
    """A card dealt into the execution deck (`x`) or the reserve (`r`): the units
    `able` to fight to the execution deck, the rest to the reserve or out of play."""
    if verb == "x":
        return 4.0 if able else 0.3
    return 0.5 if able else 1.0


def _orders(s, player: str, legal: list) -> list[float]:
    out = []
    kinds = s.cfg.kinds
    for m in legal:
        if m is PASS:
            out.append(DEAL_PASS)
            continue
        u = s.by_label(m.unit)  # None: the Command Post
        out.append(deal_weight(m.verb, u is None or fit_to_fight(kinds, u)))
    return out


def weights(rules, s, player: str, legal: list) -> list[float]:
    phase = s.flow.phase
    if s.flow.window is not None:
        return [0.3 if m is PASS else 1.0 for m in legal]
    if phase == "spend":
        return _spend(s, player, legal)
    if phase == "transport":
        return _transport(s, player, legal)
    if phase == "orders":
        return _orders(s, player, legal)
    out = []
    for m in legal:
        if m is PASS:
            out.append(1.0)
            continue
        v = m.verb
        out.append(8.0 if v == "move" and m.target else EXECUTE_WEIGHTS.get(v, 1.0))
    return out


#: Execute orders' weights by verb (an attack, `move` with a target, 8.0; anything else
#: 1.0): attack and fire whenever offered
EXECUTE_WEIGHTS = {"fire": 4.0, "repair": 4.0, "hold": 0.3}


# ------------------------------------------------------------------ evaluate


#: the last few tallies, by the units tuple they counted (held, so an id is not reused):
#: a search judges hundreds of moves against one veil, the enemy as a secret phase began
_TALLIES: dict[int, tuple] = {}


def _tally(s, units) -> dict[str, list[int]]:
    """Per side, in one pass over `units`: [units alive, combat power, food tokens,
    supply tokens, units not degraded] (a destroyed or removed unit counts nothing,
    as its strength is none: units.strength). Not to be changed by the caller."""
    kept = _TALLIES.get(id(units))
    if kept is not None and kept[0] is units and kept[1] is s.cfg:
        return kept[2]
    kinds = s.cfg.kinds
    out: dict[str, list[int]] = {}
    for u in units:
        if u.node == OFF or u.lost >= 4:
            continue
        t = out.get(u.side)
        if t is None:
            t = out[u.side] = [0, 0, 0, 0, 0]
        table = kinds[u.kind].strength
        tokens = u.tokens
        t[0] += 1
        t[1] += table[min(u.lost, len(table) - 1)]
        t[2] += tokens[FOOD]
        t[3] += tokens[FOOD] + tokens[FUEL] + tokens[AMMO]
        t[4] += 0 if u.degraded else 1
    if len(_TALLIES) >= 8:
        _TALLIES.clear()
    _TALLIES[id(units)] = (units, s.cfg, out)
    return out


def _pipeline(s, side: str, own: bool) -> tuple[int, int, int, int]:
    """(units, their combat power, food tokens, supply tokens) on their way to `side`:
    its delivery queue (public) and, for the side itself, what it has bought this turn
    (secret). Without it every purchase looked alike to `evaluate`: bought assets wait
    off the map, where the rest of the standing does not look."""
    b = s.book(side)
    uids = [u for queued, _ in b.queue for u in queued]
    tokens = [t for _, t in b.queue]
    if own:
        uids += list(b.basket_units) + list(b.fly_units)
        tokens += [b.basket_tokens, b.fly_tokens]
    kinds, every = s.cfg.kinds, s.units
    power = sum(kinds[every[u].kind].strength[0] for u in uids)
    food = sum(t[FOOD] for t in tokens)
    supply = sum(t[FOOD] + t[FUEL] + t[AMMO] for t in tokens)
    return len(uids), power, food, supply


def _standing(s, side: str, units, coming=(0, 0, 0, 0)) -> tuple[int, int, int, int, float]:
    """(ports held, combat power, supply tokens on hand, units not degraded, food
    runway) of `side`, from `units` (what the evaluating side sees of them) and what is
    `coming` (`_pipeline`). The runway is the share of the meals still to come (a food
    token per unit at each consumption turn left) that the rations on hand would feed:
    a side short of it loses steps to hunger before the end, which decides games on
    combat power."""
    alive, power, food, supply, fed = _tally(s, units).get(side, (0, 0, 0, 0, 0))
    alive, power, food, supply = (alive + coming[0], power + coming[1], food + coming[2],
                                  supply + coming[3])
    ports = 0
    for p in s.ports:
        if p.holder == side:
            ports += 1
            tokens = p.tokens
            food += tokens[FOOD]
            supply += tokens[FOOD] + tokens[FUEL] + tokens[AMMO]
    meals = alive * sum(1 for t in s.cfg.food_turns if t >= s.turn)
    runway = min(1.0, food / meals) if meals else 1.0
    return ports, power, supply, fed, runway


def evaluate(s, side: str) -> float:
    result = s.result
    if result is not None:
        if result.winner is None:
            return 0.0
        return 1.0 if result.winner == side else -1.0
    foe = s.other(side)
    # in a secret phase the enemy's units are known as they stood when it began
    enemy = s.veil[0] if s.veil is not None else s.units
    mine = _standing(s, side, s.units, _pipeline(s, side, True))
    theirs = _standing(s, foe, enemy, _pipeline(s, foe, False))  # one tally, kept
    held = s.held_all[s.at(side)] - s.held_all[s.at(foe)]
    ports = mine[0] - theirs[0] + (0.5 if held > 0 else -0.5 if held < 0 else 0.0)
    return (PORTS * math.tanh(ports / 1.5) + POWER * math.tanh((mine[1] - theirs[1]) / 10)
            + SUPPLY * math.tanh((mine[2] - theirs[2]) / 20)
            + FED * math.tanh((mine[3] - theirs[3]) / 6)
            + RUNWAY * math.tanh((mine[4] - theirs[4]) / 0.2))
