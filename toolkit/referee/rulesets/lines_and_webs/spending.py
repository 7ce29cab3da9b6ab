"""Phase 2, Spend resources: 25 RP a turn, none carried over, on supply tokens
(1 RP each), units (their cost) and special cards (their cost), in secret. Bought
assets go into Packaging/RSOI; tokens may be flown straight to the side's airport
at 2 RP each without an Aerial Port Squadron there, and with one units and tokens
fly in at their plain cost, within the airport's room (LW-S1..LW-S5)."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, Event, Illegal
from toolkit.referee.rulesets.lines_and_webs import special
from toolkit.referee.rulesets.lines_and_webs.config import LETTERS
from toolkit.referee.rulesets.lines_and_webs.delivery import (
    aps_holds, land_tokens, land_unit, port_space, tokens_words, units_at)
from toolkit.referee.rulesets.lines_and_webs.moves import Order
from toolkit.referee.rulesets.lines_and_webs.setup import available
from toolkit.referee.rulesets.lines_and_webs.state import NONE, State, add, one, with_book

RULE_RP = "LW-S1"
RULE_UNIT = "LW-S2"
RULE_CARD = "LW-S3"
RULE_AIR = "LW-S4"
RULE_PHASE = "LW-phase"


def token_cost(s: State, side: str, fly: bool) -> int:
    if fly and not aps_holds(s, side):
        return int(s.cfg.opt("airlift_token_cost"))
    return int(s.cfg.opt("token_cost"))


def card_cost(s: State, name: str) -> int:
    return s.cfg.cards[name][0]


def cards_left(s: State, side: str) -> dict[str, int]:
    """The copies of each special card still in `side`'s deck to buy."""
    b = s.book(side)
    bought = dict(b.bought)
    return {name: card[1] - bought.get(name, 0) - b.cards_bought.count(name)
            for name, card in s.cfg.cards.items()}


def classes(s: State) -> str:
    return LETTERS if s.cfg.opt("buy_repair_tokens") else LETTERS[:3]


def unspent(s: State, book):
    """`book` as Spend begins: the turn's resource points, nothing bought or played yet
    (also how the other side's sealed purchases are sampled for search bots)."""
    return evolve(book, rp=int(s.cfg.opt("rp_per_turn")), basket_units=(),
                  basket_tokens=NONE, fly_units=(), fly_tokens=NONE, cards_bought=(),
                  pending=())


class Spend:
    def enter(self, s: State):
        books = tuple(evolve(unspent(s, b), ready=False) for b in s.books)
        return evolve(s, books=books), ()

    def complete(self, s: State, side: str) -> bool:
        return s.book(side).ready

    def legal(self, s: State, side: str):
        """Every purchase `side` may make now, listed directly (the rules of `check`,
        worked out once per listing): units by type, tokens by count, cards, plays."""
        out: list = [PASS] + self.unit_buys(s, side)
        for _, _, run in self.token_buys(s, side):
            out += run
        return out + self.card_buys(s, side) + self._plays(s, side)

    def unit_buys(self, s: State, side: str) -> list:
        """`buy KIND` (and `fly KIND` while the aerial port squadron holds the airport and
        it has room) for each type of unit still to bring in that the RP pay for."""
        cfg = s.cfg
        b = s.book(side)
        out: list = []
        kinds = sorted({u.kind for u in available(s, side)})
        if kinds:
            flies = aps_holds(s, side)
            if flies:
                apod = cfg.apod[side]
                flies = units_at(s, apod) + len(b.fly_units) < \
                    cfg.port_capacity[cfg.port_of[apod]]
            for k in kinds:
                if cfg.kinds[k].cost <= b.rp:
                    out.append(_order(cfg, "buy", k))
                    if flies:
                        out.append(_order(cfg, "fly", k))
        return out

    def token_buys(self, s: State, side: str) -> list[tuple[str, str, tuple]]:
        """(verb, class letter, the orders for 1..N tokens) for tokens bought by sea or
        flown in, as many as the RP (and the airport's room) allow."""
        cfg = s.cfg
        rp = s.book(side).rp
        out = []
        for verb in ("buy", "fly"):
            cost = token_cost(s, side, verb == "fly")
            most = rp // cost if cost else 0
            if verb == "fly" and most:
                most = min(most, self._air_room(s, side))
            most = min(most, 99)
            if most <= 0:
                continue
            out += [(verb, letter, _count_run(cfg, verb, letter)[:most])
                    for letter in classes(s)]
        return out

    def card_buys(self, s: State, side: str) -> list:
        """`card NAME` for each special card left in the deck that the RP pay for."""
        cfg = s.cfg
        rp = s.book(side).rp
        left = cards_left(s, side)
        return [_order(cfg, "card", name) for name in sorted(cfg.cards)
                if left[name] > 0 and card_cost(s, name) <= rp]

    def plays(self, s: State, side: str) -> list:
        """The special cards that may be played now, in Spend (SF in the Area!)."""
        return self._plays(s, side)

    def _plays(self, s: State, side: str) -> list:
        """SF in the Area! may be played in Spend, in secret, so that its block holds
        through Transport supplies (LW-K10)."""
        b = s.book(side)
        plays = special.turn_plays(s, side, spend=True)
        if not plays or not b.pending:  # every card held is free, no node taken yet
            return plays
        cards = b.hand + b.cards_bought
        free: dict = {}  # card -> held beyond those played this turn (one count a card)
        taken = {p.target for p in b.pending}
        out = []
        for m in plays:
            left = free.get(m.unit)
            if left is None:
                left = free[m.unit] = cards.count(m.unit) - sum(
                    1 for p in b.pending if p.unit == m.unit)
            if left > 0 and m.target not in taken:
                out.append(m)
        return out

    def _air_room(self, s: State, side: str) -> int:
        apod = s.cfg.apod.get(side)
        if apod is None or s.port(apod).holder != side:
            return 0
        if any(u.side != side for u in s.occupants().get(apod, ())):
            return 0
        return port_space(s, apod) - sum(s.book(side).fly_tokens)

    def check(self, s: State, side: str, m) -> Illegal | None:
        b = s.book(side)
        if m is PASS:
            return None
        if isinstance(m, Order) and m.verb == "play":
            if m in self._plays(s, side):
                return None
            return Illegal("LW-K0", "in Spend resources only SF in the Area! is played, from "
                           "your hand, on a node not yet blocked")
        if not isinstance(m, Order) or m.verb not in ("buy", "fly", "card"):
            return Illegal(RULE_PHASE, "in Spend resources you buy units, tokens or special "
                           "cards, or pass")
        if m.verb == "card":
            if m.unit not in s.cfg.cards:
                return Illegal(RULE_CARD, f"there is no special card {m.unit}")
            if cards_left(s, side)[m.unit] <= 0:
                return Illegal(RULE_CARD, f"your deck holds no more {m.unit} cards")
            if card_cost(s, m.unit) > b.rp:
                return Illegal(RULE_RP, f"{m.unit} costs {card_cost(s, m.unit)} RP; you have "
                               f"{b.rp} left")
            return None
        fly = m.verb == "fly"
        if m.cls:
            if m.cls not in classes(s):
                return Illegal(RULE_RP, "orange cubes are not for sale in this scenario")
            cost = m.n * token_cost(s, side, fly)
            if cost > b.rp:
                return Illegal(RULE_RP, f"{m.n} tokens cost {cost} RP; you have {b.rp} left")
            if fly and m.n > self._air_room(s, side):
                return Illegal(RULE_AIR, "your airport cannot store that many more tokens "
                               "(or is not yours)")
            return None
        pool = [u for u in available(s, side) if u.kind == m.unit]
        if not pool:
            return Illegal(RULE_UNIT, f"you have no {m.unit} left to bring in")
        cost = s.cfg.kinds[m.unit].cost
        if cost > b.rp:
            return Illegal(RULE_RP, f"a {m.unit} costs {cost} RP; you have {b.rp} left")
        if fly:
            if not aps_holds(s, side):
                return Illegal(RULE_AIR, "units fly in only while your aerial port squadron "
                               "holds your airport")
            apod = s.cfg.apod[side]
            cap = s.cfg.port_capacity[s.cfg.port_of[apod]]
            if units_at(s, apod) + len(b.fly_units) >= cap:
                return Illegal(RULE_AIR, "your airport has no room for another unit")
        return None

    def apply(self, s: State, side: str, m):
        b = s.book(side)
        if m is PASS:
            return with_book(s, side, ready=True), ()
        if m.verb == "play":
            return with_book(s, side, pending=b.pending + (m,)), ()
        if m.verb == "card":
            return with_book(s, side, rp=b.rp - card_cost(s, m.unit),
                             cards_bought=b.cards_bought + (m.unit,)), ()
        fly = m.verb == "fly"
        if m.cls:
            t = one(LETTERS.index(m.cls), m.n)
            cost = m.n * token_cost(s, side, fly)
            if fly:
                return with_book(s, side, rp=b.rp - cost, fly_tokens=add(b.fly_tokens, t)), ()
            return with_book(s, side, rp=b.rp - cost, basket_tokens=add(b.basket_tokens, t)), ()
        u = [u for u in available(s, side) if u.kind == m.unit][0]
        cost = s.cfg.kinds[m.unit].cost
        if fly:
            return with_book(s, side, rp=b.rp - cost, fly_units=b.fly_units + (u.uid,)), ()
        return with_book(s, side, rp=b.rp - cost, basket_units=b.basket_units + (u.uid,)), ()

    def resolve(self, s: State):
        events = []
        for side in s.sides:
            b = s.book(side)
            queue = list(b.queue)
            if queue:
                uids, tokens = queue[0]
                queue[0] = (uids + b.basket_units, add(tokens, b.basket_tokens))
            hand = b.hand + b.cards_bought
            bought = dict(b.bought)
            for c in b.cards_bought:
                bought[c] = bought.get(c, 0) + 1
            s = with_book(s, side, queue=tuple(queue), hand=hand,
                          bought=tuple(sorted(bought.items())))
            apod = s.cfg.apod.get(side)
            for uid in b.fly_units:
                s = land_unit(s, uid, apod)
            if sum(b.fly_tokens):
                s, _ = land_tokens(s, apod, b.fly_tokens)
            labels = [s.units[u].label for u in b.basket_units]
            words = (f"{side} ships " + (", ".join(labels) + ", " if labels else "")
                     + tokens_words(s.cfg, b.basket_tokens))
            if b.fly_units or sum(b.fly_tokens):
                words += "; flies in " + ", ".join(
                    [s.units[u].label for u in b.fly_units] + [tokens_words(s.cfg, b.fly_tokens)])
            events.append(Event("spend", words, reveals=True))
            for m in b.pending:
                s, more = special.play_card(s, side, m)
                events.extend(more)
            if b.cards_bought:
                n = len(b.cards_bought)
                events.append(Event("cards", f"{side} buys {n} special card"
                                    + ("" if n == 1 else "s"), reveals=True))
                events.append(Event("cards", f"you buy {', '.join(b.cards_bought)}",
                                    to=frozenset({side})))
        return s, tuple(events)


def _order(cfg, verb: str, name: str) -> Order:
    """`buy KIND`, `fly KIND` or `card NAME`, made once per scenario."""
    key = ("spend", verb, name)
    m = cfg.order_runs.get(key)
    if m is None:
        m = cfg.order_runs[key] = Order(verb, unit=name)
    return m


def _count_run(cfg, verb: str, letter: str) -> tuple:
    """`buy 1f` .. `buy 99f` (or fly), made once per scenario."""
    key = ("spend", verb, letter)
    run = cfg.order_runs.get(key)
    if run is None:
        run = cfg.order_runs[key] = tuple(Order(verb, cls=letter, n=n) for n in range(1, 100))
    return run
