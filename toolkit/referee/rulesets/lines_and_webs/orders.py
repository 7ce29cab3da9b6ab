"""Phase 4, Issue orders (together, in secret): each side deals the mission order
cards of its combat units on the map into an execution deck (any number, top
first), a reserve of at most four, and out of play (the rest); a Command Post card
from its hand may go into either deck (LW-O1..LW-O4)."""

from __future__ import annotations

from operator import attrgetter

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, Event, Illegal
from toolkit.referee.rulesets.lines_and_webs.config import AMMO, FUEL
from toolkit.referee.rulesets.lines_and_webs.moves import Order
from toolkit.referee.rulesets.lines_and_webs.state import OFF, State, side_uids_where, with_book

RULE_CARD = "LW-O1"
RULE_RESERVE = "LW-O2"
RULE_UNABLE = "LW-O3"
RULE_CP = "LW-O4"
RULE_PHASE = "LW-phase"
CP = "command_post"


def has_card(s: State, u) -> bool:
    return s.cfg.kinds[u.kind].mission_card


class Orders:
    def enter(self, s: State):
        for side in s.sides:
            s = with_book(s, side, execution=(), reserve=(), ready=False, final=False,
                          joint=0)
        return (evolve(s, scrambled=frozenset()) if s.scrambled else s), ()

    def complete(self, s: State, side: str) -> bool:
        return s.book(side).ready

    def legal(self, s: State, side: str):
        """Every card `side` may deal now, listed directly (the rules of `check`): each
        combat unit's card not yet dealt, into the execution deck if it can pay a fuel
        (artillery: or an ammunition), into the reserve while it has room."""
        out: list = [PASS]
        for u, execute, reserve in self.dealable(s, side):
            if execute is not None:
                out.append(execute)
            if reserve is not None:
                out.append(reserve)
        return out + self.command_posts(s, side)

    def dealable(self, s: State, side: str):
        """(unit, its `x` order or None, its `r` order or None) for each combat unit of
        `side` on the map whose card may be dealt, in uid order (`legal`)."""
        b = s.book(side)
        dealt = set(b.execution) | set(b.reserve)
        reserve_room = len(b.reserve) < int(s.cfg.opt("reserve_orders"))
        for u, execute, reserve in _fit(s, side):
            if u.label not in dealt:
                yield u, execute, reserve if reserve_room else None

    def command_posts(self, s: State, side: str) -> list:
        """The Command Post card from `side`'s hand, into either deck (LW-O4)."""
        out: list = []
        if CP in s.book(side).hand:
            for verb in ("x", "r"):
                m = _deal(s.cfg, verb, CP)
                if self.check(s, side, m) is None:
                    out.append(m)
        return out

    def check(self, s: State, side: str, m) -> Illegal | None:
        if m is PASS:
            return None
        if not isinstance(m, Order) or m.verb not in ("x", "r"):
            return Illegal(RULE_PHASE, "in Issue orders you put cards in your execution (x) "
                           "or reserve (r) deck, or pass to leave the rest out of play")
        b = s.book(side)
        if m.verb == "r" and len(b.reserve) >= int(s.cfg.opt("reserve_orders")):
            return Illegal(RULE_RESERVE, f"the reserve holds at most "
                           f"{s.cfg.opt('reserve_orders')} cards")
        if m.unit == CP:
            placed = b.execution.count(CP) + b.reserve.count(CP)
            if b.hand.count(CP) <= placed:
                return Illegal(RULE_CP, "you hold no Command Post card to place")
            return None
        u = s.by_label(m.unit)
        if u is None or u.side != side or not u.alive or not has_card(s, u):
            return Illegal(RULE_CARD, f"{m.unit} is not one of your combat units on the map")
        if m.unit in b.execution or m.unit in b.reserve:
            return Illegal(RULE_CARD, f"{m.unit}'s card is already in a deck")
        if u.degraded or u.pinned:
            return Illegal(RULE_UNABLE, f"{m.unit} may neither move nor fight "
                           f"({'degraded' if u.degraded else 'black cube'})")
        fa = s.cfg.kinds[u.kind].indirect is not None
        if m.verb == "x" and not (u.tokens[FUEL] or (fa and u.tokens[AMMO])):
            return Illegal(RULE_UNABLE, f"{m.unit} has no fuel to spend: a card in the "
                           "execution deck costs at least one fuel token (artillery: fuel or "
                           "ammunition)")
        return None

    def apply(self, s: State, side: str, m):
        b = s.book(side)
        if m is PASS:
            return with_book(s, side, ready=True), ()
        if m.verb == "x":
            return with_book(s, side, execution=b.execution + (m.unit,)), ()
        return with_book(s, side, reserve=b.reserve + (m.unit,)), ()

    def resolve(self, s: State):
        events = []
        for side in s.sides:
            b = s.book(side)
            hand = list(b.hand)
            for c in b.execution + b.reserve:
                if c == CP:
                    hand.remove(CP)
            s = with_book(s, side, hand=tuple(hand))
            events.append(Event("orders", f"{side} has {len(b.execution)} execution and "
                                f"{len(b.reserve)} reserve card"
                                + ("" if len(b.reserve) == 1 else "s"), reveals=True))
        return s, tuple(events)


def _fit(s: State, side: str) -> list:
    """(unit, its `x` order or None, its `r` order) for each combat unit of `side` on
    the map that is neither degraded nor pinned, whatever is dealt: kept while the units
    are the same (Issue orders deals card after card on one map)."""
    memo = s.cfg.weight_memo.setdefault(("fit", side), [None, None])
    if memo[0] is s.units:
        return memo[1]
    cfg = s.cfg
    kinds, units = cfg.kinds, s.units
    out = []
    for uid in card_holders(s, side):
        u = units[uid]
        if u.node == OFF or u.lost >= 4 or u.degraded or u.pinned:
            continue
        k = kinds[u.kind]
        pays = u.tokens[FUEL] or (k.indirect is not None and u.tokens[AMMO])
        out.append((u, _deal(cfg, "x", u.label) if pays else None, _deal(cfg, "r", u.label)))
    memo[:] = [s.units, out]
    return out


def card_holders(s: State, side: str) -> tuple[int, ...]:
    """The uids of `side`'s units with a mission order card, on the map or not (a
    unit's type and side never change), in uid order."""
    return side_uids_where(s, side, "card holders", attrgetter("mission_card"))


def _deal(cfg, verb: str, label: str) -> Order:
    """`x LABEL` or `r LABEL`, made once per scenario."""
    key = ("deal", verb, label)
    m = cfg.order_runs.get(key)
    if m is None:
        m = cfg.order_runs[key] = Order(verb, unit=label)
    return m


class Initiative:
    """Phase 5: each side rolls a d12; the higher acts first; a tie is rolled again
    (LW-I1)."""

    def enter(self, s: State):
        from toolkit.referee.kit.values import evolve
        return evolve(s, initiative=None), ()

    def chance(self, s: State):
        from toolkit.referee.chance import Dice
        return Dice(2, 12, f"initiative: {s.sides[0]} then {s.sides[1]}")

    def check(self, s: State, side: str, m):
        return None

    def apply(self, s: State, side: str, m):
        from toolkit.referee.kit.values import evolve
        a, b = m.values
        if a == b:
            return s, (Event("initiative", f"both roll {a}: roll again"),)
        first = s.sides[0] if a > b else s.sides[1]
        return evolve(s, initiative=first), (
            Event("initiative", f"{s.sides[0]} rolls {a}, {s.sides[1]} rolls {b}: "
                  f"{first} acts first"),)

    def done(self, s: State) -> bool:
        return s.initiative is not None
