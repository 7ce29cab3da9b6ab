"""What a bid is worth (LF-R04): each card on its own, its printed value
(Support: Defense value only when defending a captured territory, else Attack),
then multiplications and divisions (rounding down), then additions and
subtractions, never below 0. Cards declared at face value count their face
value and take no modifier; dug-in piles count `dig_in_value` each and take no
modifier either (LF-R06). Modifiers come from the Icon cards in one's own bid
(played for their ability) and the Specials with no end of their own (Fortify),
the Territory Bonuses one holds, and the effects in force for the battle (Events,
Artillery Barrage…)."""

from __future__ import annotations

from toolkit.referee.rulesets.last_front.card_mods import mods_of_card
from toolkit.referee.rulesets.last_front.config import ICON, SPECIAL, UNIT
from toolkit.referee.rulesets.last_front.state import Mod, State
from toolkit.referee.rulesets.last_front.territories import bonuses_of


def defending(s: State, side: str) -> bool:
    """`side` defends a territory it captured earlier."""
    return s.holder is not None and s.holder == side


def modifiers(s: State, side: str) -> list[Mod]:
    """Every modifier on `side`'s cards now."""
    i = s.at(side)
    out: list[Mod] = []
    faces = s.faces[i]
    counted = list(faces)
    for card in s.bid(side):
        if card in counted:  # copies: the face-value ones first
            counted.remove(card)
            continue
        info = s.cfg.cards[card]
        if info.category in (ICON, SPECIAL) and (side, card) not in s.cancelled:
            out += mods_of_card(s, side, card)
    for card in bonuses_of(s, side):
        out += mods_of_card(s, side, card)
    out += [m for m in s.mods if m.whom is None or m.whom == side]
    return out


def _matches(m: Mod, kind: str | None) -> bool:
    return m.kind in (None, "unit") or m.kind == kind


def card_value(s: State, side: str, card: str, mods: list[Mod], face: bool = False) -> int:
    """One card of `side`'s bid under `mods` (LF-R04)."""
    info = s.cfg.cards[card]
    if face:
        return info.face
    if info.category != UNIT:
        return 0
    kind = info.kind
    if kind == "support":
        use_defence = defending(s, side)
        defence = any(m.op == "defence" and _matches(m, kind) for m in mods)
        attack = any(m.op == "attack" and _matches(m, kind) for m in mods)
        if defence and attack:  # Cut Supply Lines against Logistics or a bonus (LF-R22)
            use_defence = s.cfg.support_clash == "defence"
        elif defence or attack:
            use_defence = defence
        base = info.defence if use_defence else info.attack
    else:
        base = info.value
    v = base
    for m in mods:
        if m.op == "mul" and _matches(m, kind):
            v *= m.n
    for m in mods:
        if m.op == "div" and _matches(m, kind):
            v //= m.n
    for m in mods:
        if m.op == "add_each" and _matches(m, kind) and (m.value is None or m.value == base):
            v += m.n
    return max(0, v)


def exposed(s: State, side: str) -> list[tuple[str, bool]]:
    """The cards of `side`'s bid that are not dug in, each with whether it was
    declared at face value."""
    faces = list(s.faces[s.at(side)])
    out = []
    for card in s.bid(side):
        if card in faces:
            faces.remove(card)
            out.append((card, True))
        else:
            out.append((card, False))
    return out


def pile_value(s: State, side: str, cards, mods: list[Mod] | None = None) -> int:
    """What `cards` of `side`'s bid are worth now (before digging them in)."""
    if mods is None:
        mods = modifiers(s, side)
    faces = list(s.faces[s.at(side)])
    total = 0
    for card in cards:
        face = card in faces
        if face:
            faces.remove(card)
        total += card_value(s, side, card, mods, face)
    return total


#: totals remembered per game config (by everything a total reads); emptied when full
MEMO_LIMIT = 20_000


def total(s: State, side: str) -> int:
    """`side`'s whole bid: exposed cards, dug-in piles, flat additions. A total
    reads only `side`'s bid, faces, piles and cancelled Icons, whether it defends,
    the bonuses it holds and the modifiers in force, so it is remembered by those
    (the others' bids stand still while one player builds a bid)."""
    i = s.at(side)
    key = ("total", side, s.bid(side), s.faces[i], len(s.dug[i]), s.holder == side,
           s.holders, s.mods, s.cancelled)
    memo = s.cfg.memo
    got = memo.get(key)
    if got is None:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        got = memo[key] = _total(s, side)
    return got


def _total(s: State, side: str) -> int:
    mods = modifiers(s, side)
    v = sum(card_value(s, side, card, mods, face) for card, face in exposed(s, side))
    v += s.cfg.dig_in_value * len(s.dug[s.at(side)])
    for m in mods:
        if m.op == "add":
            v += m.n
    return max(0, v)


def to_beat(s: State, side: str) -> int:
    """The least total `side`'s bid must reach to finish its turn: every other bid
    still in the battle, as it stands now, plus the minimum raise (Propaganda: its
    player's bid plus its own figure while it lasts); the opening bid is the
    minimum raise (LF-R09)."""
    need = s.cfg.min_raise
    for other in s.in_battle():
        if other == side or not (s.bid(other) or s.dug[s.at(other)]):
            continue
        extra = s.cfg.min_raise
        for m in s.mods:
            if m.op == "raise" and m.whom == other and s.propaganda == other:
                extra = max(extra, m.n)
        need = max(need, total(s, other) + extra)
    return need


def playable_in_bid(category: str) -> bool:
    return category in (UNIT, SPECIAL, ICON)
