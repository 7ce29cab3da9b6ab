"""What a side cannot see, sampled for search bots (issue 14: a bot plays on
determinised samples, never on the true hidden state).

Hidden from a side: the other side's order decks (which units are in the execution
and the reserve deck, and in what order), which special cards it holds (their number
is public), and, during a secret phase (Spend, Transport, Orders), whatever it has done
since the phase began: its purchases, its supply transport. The sample keeps the other
side's units, ports and dropped tokens as the veil shows them, forgets its purchases
of this phase (resource points as at the phase's start), draws its special cards again
from the ten kinds, and deals its decks again at their sizes from every order card it
could have placed: its units' cards and the Command Posts of the sampled hand (a
Command Post in a deck is one held, so the orders resolve). What the deciding side sees
of the sample is what it saw of the true position (a test holds `view` to that)."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.rulesets.lines_and_webs.orders import CP, has_card
from toolkit.referee.rulesets.lines_and_webs.spending import unspent
from toolkit.referee.rulesets.lines_and_webs.state import State, put
from toolkit.referee.rulesets.lines_and_webs.view import seen


def determinize(s: State, side: str, rng) -> State:
    own = s.book(side)
    if side in s.scrambled:  # an enemy Cyber Attack!: `side` may not know its own deck's order
        turned = s.flow.phase == "execute" and s.flow.actor == side  # but sees its top card
        deck = list(own.execution[1:] if turned else own.execution)
        rng.shuffle(deck)
        deck = list(own.execution[:1]) + deck if turned else deck
        s = evolve(s, books=put(s.books, s.at(side), evolve(own, execution=tuple(deck))))
    foe = s.other(side)
    i = s.at(foe)
    book = s.books[i]
    if s.veil is not None:  # a secret phase: the other side as it stood when it began
        units, ports, drops = seen(s, side)
        s = evolve(s, units=units, ports=ports, drops=drops)
    if s.flow.phase == "spend":  # its purchases, and so what it has left, are secret
        book = unspent(s, book)
    n, m = len(book.execution), len(book.reserve)
    kinds = sorted(s.cfg.cards)
    hand = [rng.choice(kinds) for _ in book.hand] if kinds else list(book.hand)
    units = [u.label for u in s.units if u.side == foe and u.alive and has_card(s, u)]
    units += [c for c in book.execution + book.reserve if c != CP and c not in units]
    # places in the decks no unit can fill hold Command Posts: the sampled hand has them
    short = n + m - len(units) - hand.count(CP)
    for k, card in enumerate(hand):
        if short <= 0:
            break
        if card != CP:
            hand[k], short = CP, short - 1
    pool = units + [CP] * hand.count(CP)  # a Command Post placed is one held (LW-O4)
    rng.shuffle(pool)
    book = evolve(book, execution=tuple(pool[:n]), reserve=tuple(pool[n:n + m]),
                  hand=tuple(hand))
    return evolve(s, books=put(s.books, i, book))

