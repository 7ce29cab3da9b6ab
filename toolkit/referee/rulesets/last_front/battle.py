"""A battle: players in turn, clockwise from whoever declared it. A turn draws
one Battle card, then builds a bid (`play`, `face`, `dig`, `play draw_event`)
and finishes it (`done`: the bid must reach the previous bid plus the minimum
raise), or withdraws (draw one card, discard the bid, out for the rest of the
battle). Whoever declared the battle must bid (LF-R09). The last player left
wins (spoils.py)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from toolkit.referee.kit.flow import clockwise, open_window, with_flow
from toolkit.referee.kit.phases import REACT, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event, Illegal

from toolkit.referee.rulesets.last_front import bid as bids
from toolkit.referee.rulesets.last_front.config import DRAW_EVENT, ICON, SPECIAL, UNIT
from toolkit.referee.rulesets.last_front.deal import open_draws
from toolkit.referee.rulesets.last_front.moves import DONE, WITHDRAW, Dig, Face, Play
from toolkit.referee.rulesets.last_front.state import (
    BATTLE_DISCARD, BID, HAND, State, move_cards, put, zones_with)

BLITZ = "blitz"
#: Specials that are moves of their own rather than cards of the bid
OUT_OF_BID = ("withdraw", "draw_event")


def effect_names(s: State, card: str) -> tuple[str, ...]:
    return s.cfg.cards[card].prims


def _aim(s: State, card: str) -> str | None:
    """What a card played for its ability aims at: "swap" (an opponent's bid card
    and one's own), "bid card" (a card of an opponent's bid), "hand" (an opponent
    with cards in hand), "opponent", or None (kept per card)."""
    key = ("aim", card)
    memo = s.cfg.memo
    if key not in memo:
        names = effect_names(s, card)
        calls = s.cfg.cards[card].calls
        if "swap" in names:
            aim = "swap"
        elif "discard" in names and calls[0]["from"] == "opponent_bid":
            aim = "bid card"
        elif "steal" in names:
            aim = "hand"
        elif any(c["whose"] == "opponent" for c in calls if "whose" in dict(c.args)):
            aim = "opponent"
        else:
            aim = None
        memo[key] = aim
    return memo[key]


def targets(s: State, side: str, card: str) -> list[tuple[str, ...]]:
    """Every target a card played for its ability may take (one empty tuple: none)."""
    aim = _aim(s, card)
    if aim is None:
        return [()]
    opponents = [o for o in clockwise(s.sides, side)[1:] if o not in s.withdrawn]
    if aim == "swap":
        mine = sorted(set(s.bid(side)))
        return [(o, t, m) for o in opponents for t in sorted(set(s.bid(o))) for m in mine]
    if aim == "bid card":
        return [(o, t) for o in opponents for t in sorted(set(s.bid(o)))]
    if aim == "hand":
        return [(o,) for o in opponents if s.hand(o)]
    return [(o,) for o in opponents]


def opening(s: State, side: str) -> bool:
    """`side` declared this battle and nobody has bid yet: it must bid."""
    return side == s.declarer and s.high_by is None and side not in s.withdrawn


def can_bid_anything(s: State, side: str) -> bool:
    cards = s.cfg.cards
    return any(cards[c].category in (UNIT, SPECIAL, ICON) for c in s.hand(side))


def dig_piles(s: State, side: str) -> list[tuple[str, ...]]:
    """Every pile of exposed bid cards worth at least the dig-in value in which every
    card is needed to reach it (LF-R06: a pile is 10, not 20)."""
    mods = bids.modifiers(s, side)
    cards = s.cfg.cards
    faces = list(s.faces[s.at(side)])
    items = []
    for card, face in bids.exposed(s, side):
        if face or cards[card].category == UNIT:
            items.append((card, bids.card_value(s, side, card, mods, face)))
    need = s.cfg.dig_in_value
    out = set()
    for k in range(1, len(items) + 1):
        for combo in combinations(items, k):
            values = [v for _, v in combo]
            if sum(values) >= need and all(sum(values) - v < need for v in values):
                out.add(tuple(sorted(c for c, _ in combo)))
    del faces
    return sorted(out)


def end_propaganda(s: State) -> State:
    """Propaganda's higher raise is over (LF-R13)."""
    whose = s.propaganda
    return evolve(s, propaganda=None,
                  mods=tuple(m for m in s.mods if not (m.op == "raise" and m.whom == whose)))


class Battle:
    """The battle phase's moves (TURNS until one player is left)."""

    def order(self, s: State):
        return clockwise(s.sides, s.declarer)

    def enter(self, s: State):
        s = evolve(s, withdrawn=frozenset(), mods=(), cancelled=(), propaganda=None,
                   high_by=None, over=False, winner=None, digging=())
        where = f"{s.holder}'s {s.contested}" if s.holder else f"the open {s.contested}"
        return s, (Event("battle", f"{s.declarer} declares a battle for {where}"),)

    def done(self, s: State) -> bool:
        return s.over

    def begin_turn(self, s: State, side: str):
        s = evolve(s, turn_done=False, played=0)
        if s.propaganda == side:
            s = end_propaganda(s)
        events: list = []
        s = open_draws(s, side, 1, events)
        return s, tuple(events)

    def turn_over(self, s: State, side: str) -> bool:
        return s.turn_done or s.over

    def not_deciding(self, s: State, side: str) -> Illegal | None:
        """A player who withdrew has no turn and answers no Blitz in this battle."""
        if side in s.withdrawn and s.flow.phase == "battle":
            return Illegal("LF-withdrawn", f"{side} has withdrawn from this battle "
                           "and plays no more cards in it")
        return None

    # ---------------------------------------------------------- moves

    def candidates(self, s: State, side: str):
        cards = s.cfg.cards
        out: list = []
        for card in sorted(set(s.hand(side))):
            info = cards[card]
            if info.category == UNIT:
                out.append(Play(card))
            elif info.category == DRAW_EVENT:
                out.append(Play(card))
            else:
                out.append(Face(card))
                out += [Play(card, t) for t in targets(s, side, card)]
        if s.cfg.dig_in:
            out += [Dig(p) for p in dig_piles(s, side)]
        return out + [DONE, WITHDRAW]

    def legal(self, s: State, side: str):
        """The legal moves straight away (what `check` accepts among `candidates`)."""
        cards = s.cfg.cards
        out: list = []
        opens = opening(s, side)
        for card in sorted(set(s.hand(side))):
            info = cards[card]
            if info.category in (UNIT, DRAW_EVENT):
                out.append(_play(card))
                continue
            out.append(_face(card))
            names = effect_names(s, card)
            if "cancel" in names or ("withdraw" in names and opens):
                continue
            out += [_play(card, t) for t in targets(s, side, card)]
        if s.cfg.dig_in:
            out += [Dig(p) for p in dig_piles(s, side)]
        if s.played and bids.total(s, side) >= bids.to_beat(s, side):
            out.append(DONE)
        if not (opens and can_bid_anything(s, side)):
            out.append(WITHDRAW)
        return out

    def check(self, s: State, side: str, m) -> Illegal | None:
        cards = s.cfg.cards
        if m == DONE:
            if not s.played:
                return Illegal("LF-bid", "a bid adds at least one card from your hand "
                               "(or withdraw)")
            need = bids.to_beat(s, side)
            have = bids.total(s, side)
            if have < need:
                return Illegal("LF-bid", f"your bid is {have}; it must reach {need} "
                               f"(the bid to beat plus {s.cfg.min_raise})")
            return None
        if m == WITHDRAW:
            if opening(s, side) and can_bid_anything(s, side):
                return Illegal("LF-open", "whoever declares the battle must make the opening bid")
            return None
        if isinstance(m, (Play, Face)):
            if m.card not in cards:
                return Illegal("LF-card", f"there is no card {m.card}")
            if m.card not in s.hand(side):
                return Illegal("LF-card", f"you hold no {m.card}")
            info = cards[m.card]
            if isinstance(m, Face):
                if info.category not in (SPECIAL, ICON):
                    return Illegal("LF-face", "only Special and Icon cards have a face value")
                return None
            if info.category in (UNIT, DRAW_EVENT):
                return None if not m.target else Illegal(
                    "LF-target", f"{m.card} takes no target")
            names = effect_names(s, m.card)
            if "withdraw" in names and opening(s, side):
                return Illegal("LF-open", "whoever declares the battle must make the opening "
                               f"bid before {m.card} can take them out")
            if "cancel" in names:
                return Illegal("LF-blitz", f"{m.card} answers an opponent's action: play it "
                               "when the referee asks for Blitz cards, or at face value")
            if m.target not in targets(s, side, m.card):
                return Illegal("LF-target", f"{m.card} cannot target "
                               f"{' '.join(m.target) or 'nothing'} now: "
                               + _target_problem(s, side, m))
            return None
        if isinstance(m, Dig):
            if not s.cfg.dig_in:
                return Illegal("LF-dig", "digging in is not used in this game (option dig_in)")
            if m.cards not in dig_piles(s, side):
                return Illegal("LF-dig", _dig_problem(s, side, m.cards))
            return None
        return Illegal("LF-turn", "on your turn: play, face, dig, done or withdraw")

    def apply(self, s: State, side: str, m):
        if m == DONE:
            s = evolve(s, high_by=side, turn_done=True)
            if s.cfg.propaganda_lasts == "next_bid" and s.propaganda not in (None, side):
                s = end_propaganda(s)  # LF-R13: beaten once, it is spent
            return s, (Event("bid", f"{side} bids {bids.total(s, side)}"),)
        if m == WITHDRAW:
            return withdraw(s, side, keep_bid=False)
        if isinstance(m, Face):
            i = s.at(side)
            s = move_cards(s, [m.card], (HAND, side), (BID, side),
                           faces=put(s.faces, i, s.faces[i] + (m.card,)), played=s.played + 1)
            return s, (Event("face", f"{side} bids {m.card} at face value "
                             f"({s.cfg.cards[m.card].face})"),)
        if isinstance(m, Dig):
            s = evolve(s, digging=m.cards)
            s = open_blitz(s, side, "dig")
            return s, (Event("dig", f"{side} digs in {' '.join(m.cards)}"),)
        return play_card(s, side, m)


@lru_cache(maxsize=4096)
def _play(card: str, target: tuple[str, ...] = ()) -> Play:
    return Play(card, target)


@lru_cache(maxsize=512)
def _face(card: str) -> Face:
    return Face(card)


def _target_problem(s: State, side: str, m: Play) -> str:
    """Why `m`'s target is not one `targets` lists: the player aimed at is out of
    the battle or not an opponent, the card aimed at is not there, or the example."""
    who = m.target[0] if m.target else None
    if who in s.withdrawn:
        return f"{who} has withdrawn from this battle (LF-withdrawn)"
    if who == side:
        return "it aims at an opponent, not at you"
    if who is not None and who not in s.sides:
        return f"there is no player {who}"
    aim = _aim(s, m.card)
    if who is not None and aim == "hand" and not s.hand(who):
        return f"{who} holds no card"
    if len(m.target) > 1 and aim in ("swap", "bid card") and m.target[1] not in s.bid(who):
        return f"{who}'s bid holds no {m.target[1]}"
    if aim == "swap" and len(m.target) > 2 and m.target[2] not in s.bid(side):
        return f"your bid holds no {m.target[2]}"
    return _target_help(s, side, m.card)


def _dig_problem(s: State, side: str, cards: tuple[str, ...]) -> str:
    """Why `cards` are not a pile `dig_piles` lists (LF-R06): a card not exposed in
    the bid, one that counts for its ability only, too little, or one not needed."""
    bid = list(s.bid(side))
    for card in cards:
        if card not in bid:
            return f"your bid holds no {card} that is not dug in already"
        bid.remove(card)
    cats = s.cfg.cards
    faced = list(s.faces[s.at(side)])
    for card in cards:
        if cats[card].category != UNIT and card not in faced:
            return (f"{card} was played for its ability and counts nothing in a pile: "
                    "only Unit cards and cards at face value are dug in")
    need = s.cfg.dig_in_value
    mods = bids.modifiers(s, side)
    values = [bids.card_value(s, side, c, mods, c in faced) for c in cards]
    if sum(values) < need:
        return f"the pile is worth {sum(values)}; a dug-in pile is worth at least {need}"
    spare = next((c for c, v in zip(cards, values) if sum(values) - v >= need), None)
    if spare is not None:
        return (f"each card of a dug-in pile is needed to reach {need}: without {spare} "
                f"the pile is still worth {sum(values) - values[cards.index(spare)]}")
    return (f"a dug-in pile is cards of your bid worth at least {need}, each of them "
            "needed to reach it")


def _target_help(s: State, side: str, card: str) -> str:
    shown = [" ".join(t) for t in targets(s, side, card)[:4]]
    return ("e.g. play " + card + " " + shown[0]) if shown and shown[0] else "no target is possible"


def play_card(s: State, side: str, m: Play):
    from toolkit.referee.rulesets.last_front import effects

    info = s.cfg.cards[m.card]
    events = []
    names = effect_names(s, m.card)
    if "withdraw" in names:  # Strategic Retreat
        s = move_cards(s, [m.card], (HAND, side), (BATTLE_DISCARD, None))
        keep = bool(s.cfg.cards[m.card].calls[0]["keep_bid"])
        s, more = withdraw(s, side, keep_bid=keep, why=m.card)
        return s, more
    if info.category == DRAW_EVENT:
        s = move_cards(s, [m.card], (HAND, side), (BATTLE_DISCARD, None))
        events.append(Event("play", f"{side} plays {m.card}"))
    else:
        s = move_cards(s, [m.card], (HAND, side), (BID, side), played=s.played + 1)
        events.append(Event("play", f"{side} plays {m.card}"
                            + (f" on {' '.join(m.target)}" if m.target else "")))
    if info.category in (SPECIAL, ICON, DRAW_EVENT):
        s, more = effects.play(s, side, m.card, m.target)
        events += more
    if info.category == ICON:
        s = open_blitz(s, side, "icon", m.card)
    return s, tuple(events)


def withdraw(s: State, side: str, keep_bid: bool, why: str = ""):
    """Out of the battle: the bid (dug-in piles too) is discarded, or taken back to
    hand by Strategic Retreat; the player draws one card."""
    i = s.at(side)
    piles = [c for pile in s.dug[i] for c in pile]
    bid_cards = list(s.bid(side))
    s = move_cards(s, bid_cards, (BID, side), (HAND if keep_bid else BATTLE_DISCARD,
                                               side if keep_bid else None))
    if piles:
        s = evolve(s, zones=zones_with(s, s.zone(BATTLE_DISCARD).add(*piles)))
    s = evolve(s, faces=put(s.faces, i, ()), dug=put(s.dug, i, ()),
               withdrawn=s.withdrawn | {side}, turn_done=True)
    s = with_flow(s, out=s.flow.out | {side})
    events = [Event("withdraw", f"{side} withdraws" + (f" ({why}, keeping the bid)" if keep_bid
                                                        else ""))]
    left = s.in_battle()
    if len(left) == 1:
        s = evolve(s, over=True, winner=left[0])
    s = open_draws(s, side, 1, events)
    return s, tuple(events)


def open_blitz(s: State, actor: str, what: str, card: str | None = None) -> State:
    """A Blitz window for every other player still in the battle, in seat order
    after `actor` (LF-R17)."""
    others = tuple(o for o in clockwise(s.sides, actor)[1:] if o not in s.withdrawn)
    if not others:
        return finish_dig(s, actor)[0] if what == "dig" else s
    data = (("actor", actor), ("what", what)) + ((("card", card),) if card else ())
    return open_window(s, Window(BLITZ, REACT, others, f"{actor} {'digs in' if what == 'dig' else 'plays ' + str(card)}: a Blitz card or pass",
                                 data=data))


def finish_dig(s: State, side: str):
    """The declared dig-in goes ahead if its cards are still in the bid and still
    worth the dig-in value."""
    cards = s.digging
    s = evolve(s, digging=())
    if not cards or tuple(sorted(cards)) not in dig_piles(s, side):
        return s, (Event("dig", f"{side}'s dig-in no longer holds: the cards stay in the bid"),)
    i = s.at(side)
    faces = list(s.faces[i])
    for c in cards:
        if c in faces:
            faces.remove(c)
    z = s.zone(BID, side).remove(*cards)
    s = evolve(s, zones=zones_with(s, z), faces=put(s.faces, i, tuple(faces)),
               dug=put(s.dug, i, s.dug[i] + (tuple(cards),)))
    return s, (Event("dig", f"{side} has a pile of {s.cfg.dig_in_value} dug in"),)
