"""Blitz cards (the lightning bolt): answers out of turn by any other player still
in the battle (LF-R17). The referee opens a Blitz window whenever a player
declares a dig-in and whenever a player plays an Icon for its ability, whether
or not anyone holds a Blitz card (so the window itself tells nobody anything).

- Ambush cancels the dig-in being declared: the cards stay in the bid, exposed.
- Counter-Intelligence turns the Icon just played into a face-value card.
- Air Raid may answer any Blitz window (and be played on one's own turn).
The card answering goes into its player's bid, like any Special played."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event, Illegal

from toolkit.referee.rulesets.last_front.battle import effect_names, finish_dig
from toolkit.referee.rulesets.last_front.moves import Play
from toolkit.referee.rulesets.last_front.state import BID, HAND, State, move_cards, put


def _answers(s: State, card: str, what: str) -> bool:
    info = s.cfg.cards[card]
    if not info.blitz:
        return False
    for call in info.calls:
        name = call.primitive.name
        if name == "cancel":
            if call["action"] == "dig_in" and what == "dig":
                return True
            if call["card_category"] == "icon" and what == "icon":
                return True
        elif name != "cancel":
            return True  # Air Raid: any window
    return False


class Blitz:
    def candidates(self, s: State, side: str, w):
        return [Play(c) for c in sorted(set(s.hand(side))) if _answers(s, c, w.get("what"))]

    def check(self, s: State, side: str, m, w) -> Illegal | None:
        if not isinstance(m, Play) or m.target:
            return Illegal("LF-blitz", "answer with a Blitz card (play CARD) or pass")
        if m.card not in s.hand(side):
            return Illegal("LF-blitz", f"you hold no {m.card}")
        if not _answers(s, m.card, w.get("what")):
            return Illegal("LF-blitz", f"{m.card} cannot answer this "
                           f"({'a dig-in' if w.get('what') == 'dig' else 'an Icon played'})")
        return None

    def apply(self, s: State, side: str, m: Play, w):
        from toolkit.referee.rulesets.last_front import effects

        actor, what = w.get("actor"), w.get("what")
        s = move_cards(s, [m.card], (HAND, side), (BID, side))
        events = [Event("blitz", f"{side} answers with {m.card}")]
        names = effect_names(s, m.card)
        if "cancel" in names and what == "dig":
            s = evolve(s, digging=())
            events.append(Event("blitz", f"{actor}'s dig-in is cancelled: the cards stay exposed"))
            return s, tuple(events)
        if "cancel" in names and what == "icon":
            icon = w.get("card")
            i = s.at(actor)
            if icon in s.bid(actor) and s.faces[i].count(icon) < s.bid(actor).count(icon):
                s = evolve(s, faces=put(s.faces, i, s.faces[i] + (icon,)))
                events.append(Event("blitz", f"{actor}'s {icon} counts only its face value"))
            return s, tuple(events)
        s, more = effects.play(s, side, m.card)
        events += more
        if what == "dig":
            s, more = finish_dig(s, actor)
            events += more
        return s, tuple(events)

    def resolve(self, s: State, w):
        if w.get("what") == "dig":
            return finish_dig(s, w.get("actor"))
        return s, ()
