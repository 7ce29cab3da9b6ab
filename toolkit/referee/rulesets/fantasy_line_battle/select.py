"""Choosing characters (the setup): both players at once, in secret (FLB-select).

Each player places characters from its hand face down, one at a time, each
behind the one before (the first placed stands at the Front, FLB-R08), paying
its cost from 13 Money, and draws back up after each. `done` ends one's choice
(at least one character). The Merchant raises the hand to seven and lets its
owner take a placed character back for its Money (`take`; the card is set aside
face down and discarded at the reveal, FLB-merchant). The Farseer, once placed,
may be revealed (`farseer`): the other player must finish at once, in the
`finish` window, and its choice is shown before the Farseer's owner goes on
(FLB-farseer). The reveal phase then turns every line face up.
"""

from __future__ import annotations

from toolkit.referee.kit.flow import with_flow
from toolkit.referee.kit.phases import SIDE, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event, Illegal

from toolkit.referee.rulesets.fantasy_line_battle import draws
from toolkit.referee.rulesets.fantasy_line_battle.effects import EFFECTS, Ctx
from toolkit.referee.rulesets.fantasy_line_battle.moves import Done, Farseer, Place, Take
from toolkit.referee.rulesets.fantasy_line_battle.state import (
    CHARACTER_DISCARD, HAND, SELECTION, SET_ASIDE, Fighter, State)

FINISH = "finish"


def _has(s: State, side: str, effect: str) -> bool:
    return any(call.name == effect for card in s.selection(side)
               for call in s.cfg.characters[card].effects)


def cost(s: State, card: str) -> int:
    return s.cfg.characters[card].cost


def candidates(s: State, side: str, forced: bool = False) -> list:
    if side in s.done:
        return []
    money = s.get(s.money, side)
    out: list = []
    if len(s.selection(side)) < s.cfg.max_line:
        out += [Place(c) for c in sorted(set(s.hand(side))) if cost(s, c) <= money]
    if _has(s, side, "unplay_free"):
        out += [Take(c) for c in sorted(set(s.selection(side))) if not any(
            call.name == "unplay_free" for call in s.cfg.characters[c].effects)]
    if not forced and s.forced is None and _has(s, side, "reveal_first"):
        out.append(Farseer())
    if s.selection(side) or not any(isinstance(m, Place) for m in out):
        out.append(Done())
    return out


def _can_place(s: State, side: str) -> bool:
    money = s.get(s.money, side)
    return len(s.selection(side)) < s.cfg.max_line and any(
        cost(s, c) <= money for c in s.hand(side))


def check(s: State, side: str, m, forced: bool = False) -> Illegal | None:
    if side in s.done:
        return Illegal("FLB-select", "your choice of characters is complete")
    if isinstance(m, Place):
        if m.card not in s.hand(side):
            return Illegal("FLB-select", f"you hold no {m.card} card")
        if cost(s, m.card) > s.get(s.money, side):
            return Illegal("FLB-money", f"{m.card} costs {cost(s, m.card)} Money; you have "
                           f"{s.get(s.money, side)}")
        if len(s.selection(side)) >= s.cfg.max_line:
            return Illegal("FLB-R02", f"a line holds at most {s.cfg.max_line} characters")
        return None
    if isinstance(m, Take):
        if not _has(s, side, "unplay_free"):
            return Illegal("FLB-merchant", "only a placed Merchant lets you take a character back")
        if m.card not in s.selection(side):
            return Illegal("FLB-merchant", f"you placed no {m.card}")
        if any(call.name == "unplay_free" for call in s.cfg.characters[m.card].effects):
            return Illegal("FLB-merchant", "the Merchant cannot take itself back")
        return None
    if isinstance(m, Farseer):
        if forced or s.forced is not None:
            return Illegal("FLB-farseer", "a Farseer has been revealed already")
        if not _has(s, side, "reveal_first"):
            return Illegal("FLB-farseer", "you placed no Farseer")
        return None
    if isinstance(m, Done):
        if not s.selection(side) and _can_place(s, side):
            return Illegal("FLB-select", "place at least one character first")
        return None
    return Illegal("FLB-select", "choose characters: place CARD, take CARD, farseer or done")


def apply(s: State, side: str, m) -> tuple[State, list]:
    events: list = []
    if isinstance(m, Place):
        s = s.move_cards([m.card], (HAND, side), (SELECTION, side))
        s = s.add("money", side, -cost(s, m.card))
        events += [Event("place", f"you place {m.card} face down", to=frozenset({side})),
                   Event("place", f"{side} places a character face down")]
        ctx = Ctx(s, side, m.card)
        for call in s.cfg.characters[m.card].effects:
            if call.name == "hand_size":
                EFFECTS.apply(call, ctx)
        s = draws.refill_characters(ctx.s, side, events)
    elif isinstance(m, Take):
        s = s.move_cards([m.card], (SELECTION, side), (SET_ASIDE, side))
        s = s.add("money", side, cost(s, m.card))
        events += [Event("take", f"you take {m.card} back (Merchant)", to=frozenset({side}))]
    elif isinstance(m, Farseer):
        card = next(c for c in s.selection(side) if any(
            call.name == "reveal_first" for call in s.cfg.characters[c].effects))
        ctx = Ctx(s, side, card)
        for call in s.cfg.characters[card].effects:
            if call.name == "reveal_first":
                EFFECTS.apply(call, ctx)
        s, events = ctx.s, ctx.events
        other = s.cfg.other(side)
        if other in s.done:
            s, more = show(s, other)
            events += more
        else:
            s = under_draws(s, Window(FINISH, SIDE, (other,),
                                      "the Farseer is revealed: finish choosing"))
    elif isinstance(m, Done):
        s = evolve(s, done=s.done | {side})
        events.append(Event("done", f"{side} has chosen its characters"))
        if s.forced == side:
            s, more = show(s, side)
            events += more
    return s, events


def show(s: State, side: str) -> tuple[State, list]:
    """The forced side's line is revealed before the Farseer's owner finishes."""
    cards = " ".join(s.selection(side))
    return s, [Event("reveal", f"{side} reveals its line: {cards}", reveals=True)]


def under_draws(s: State, window: Window) -> State:
    """`window` opened below the draws waiting on top (they come first)."""
    ws = s.flow.windows
    keep = tuple(w for w in ws if w.name != draws.DRAW)
    top = tuple(w for w in ws if w.name == draws.DRAW)
    return with_flow(s, windows=keep + (window,) + top)


class Select:
    """select (together): place, take, farseer, done."""

    def candidates(self, s: State, side: str):
        return candidates(s, side)

    def check(self, s: State, side: str, m):
        return check(s, side, m)

    def apply(self, s: State, side: str, m):
        s, events = apply(s, side, m)
        return s, tuple(events)

    def complete(self, s: State, side: str) -> bool:
        return side in s.done

    def not_deciding(self, s: State, side: str) -> Illegal | None:
        if side in s.done:
            return Illegal("FLB-select", f"{side} has finished choosing its characters")
        return None


class Finish:
    """The finish window: the side a Farseer forces chooses on until `done`."""

    def candidates(self, s: State, side: str, w: Window):
        return candidates(s, side, forced=True)

    def check(self, s: State, side: str, m, w: Window):
        return check(s, side, m, forced=True)

    def not_deciding(self, s: State, side: str) -> Illegal | None:
        """The Farseer's owner waits: the other side finishes and shows its line first."""
        w = s.flow.window
        if w is not None and w.name == FINISH and side not in w.players:
            return Illegal("FLB-farseer", f"{side} revealed a Farseer: {w.players[0]} "
                           "finishes choosing and shows its line first")
        return None

    def apply(self, s: State, side: str, m, w: Window):
        s, events = apply(s, side, m)
        if isinstance(m, Done):
            s = with_flow(s, waiting=tuple(x for x in s.flow.waiting if x != side))
        else:
            s = under_draws(s, w)
        return s, tuple(events)


class Reveal:
    """reveal (automatic): every selection turns face up as a line, Front first;
    characters taken back are discarded; spell hands are drawn to their limits."""

    def enter(self, s: State):
        events = []
        for side in s.sides:
            uid = s.next_uid
            line = []
            for card in s.selection(side):
                line.append(Fighter.of(uid, s.cfg.characters[card]))
                uid += 1
            s = evolve(s, next_uid=uid).with_line(side, line)
            s = s.with_zone(s.zone(SELECTION, side).clear())
            aside = s.zone(SET_ASIDE, side).cards
            if aside:
                s = s.move_cards(aside, (SET_ASIDE, side), (CHARACTER_DISCARD, None))
            events.append(Event("reveal", f"{side}'s line, Front first: "
                                + " ".join(f.card for f in s.line(side)), reveals=True))
        for side in s.sides:
            s = draws.refill_spells(s, side, events)
        return s, tuple(events)
