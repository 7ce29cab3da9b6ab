"""The effect primitives of Last Front's cards (content/last_front/rulings.md has
the table): one small function each, registered in the kit's `Effects`, so
`frontkit check` checks every card's `effect` line and sheets describe them.

A primitive runs in a `Ctx`: in mode "mods" a modifier primitive returns its
`Mod` (Icons in a bid, Territory Bonuses: read while the card is there); in mode
"play" the card has just been played for its ability or turned over (an Event):
modifiers that last the battle are put in force, actions change the state.
Withdrawn players are immune (LF-R15): "every player" means every player still
in the battle."""

from __future__ import annotations

from typing import Any

from toolkit.referee.kit import effects as fx
from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import CHANCE, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.chance import Pick
from toolkit.referee.protocol import Event

from toolkit.referee.rulesets.last_front.card_mods import Ctx
from toolkit.referee.rulesets.last_front.config import BATTLE, EVENT, KINDS
from toolkit.referee.rulesets.last_front.event_deck import open_event
from toolkit.referee.rulesets.last_front.state import (
    BATTLE_DISCARD, BID, HAND, Mod, State, move_cards, put)

EFFECTS = fx.Effects("last_front")

KIND = fx.OneOf(KINDS + ("unit",))
WHOSE = fx.OneOf(("self", "all", "opponent", "defender", "lowest_bid"))
UNTIL = fx.OneOf(("battle_end",))


def play(s: State, side: str, card: str, target: tuple[str, ...] = ()) -> tuple[State, list]:
    """Carry out every effect of `card`, played by `side` for its ability."""
    ctx = Ctx(s, side, card, "play", target)
    for call in s.cfg.cards[card].calls:
        EFFECTS.apply(call, ctx)
    return ctx.state, ctx.events


def _opponents(s: State, side: str) -> list[str]:
    n = len(s.sides)
    i = s.at(side)
    return [s.sides[(i + k) % n] for k in range(1, n) if s.sides[(i + k) % n] not in s.withdrawn]


def _whom(ctx: Ctx, whose: str) -> list[str | None]:
    """The sides an effect reaches (None: everyone in the battle)."""
    s = ctx.state
    if whose == "self":
        return [ctx.side]
    if whose == "all":
        return [None]
    if whose == "opponent":
        return [ctx.target[0]] if ctx.target else []
    if whose == "defender":
        return [s.holder] if s.holder is not None and s.holder not in s.withdrawn else []
    if whose == "lowest_bid":
        from toolkit.referee.rulesets.last_front.bid import total

        live = s.in_battle()
        if not live:
            return []
        low = min(total(s, p) for p in live)
        tied = [p for p in live if total(s, p) == low]
        if len(tied) > 1 and s.cfg.lowest_bid_tie != "first_in_seat_order":  # LF-R23
            return tied if s.cfg.lowest_bid_tie == "every_tied" else []
        return [min(tied, key=s.at)]
    return []


def _modifier(ctx: Ctx, mod: Mod, whose: str, until: str | None) -> Mod | None:
    """A modifier primitive: its Mod when read ("mods"); put in force when played
    if it lasts the battle or reaches other players."""
    if ctx.mode == "mods":
        return mod if whose == "self" and until is None else None
    if until is None and whose == "self":
        return None  # read while the card stays in the bid
    s = ctx.state
    for whom in _whom(ctx, whose):
        ctx.state = evolve(ctx.state, mods=ctx.state.mods + (evolve(mod, whom=whom),))
    ctx.events.append(Event("effect", f"{ctx.card} is in force for this battle"
                            + (f" on {', '.join(w or 'everyone' for w in _whom(ctx, whose))}"
                               if whose != "self" else "")))
    del s
    return None


@EFFECTS.primitive(kind=KIND, n=fx.Int(-9, 9), value=(fx.Int(0, 9), None),
                   whose=(WHOSE, "self"), until=(UNTIL, None))
def add_each(ctx, kind, n, value, whose, until):
    """Each {kind} card counts {n} more."""
    return _modifier(ctx, Mod(ctx.card, ctx.side, "add_each", kind, n, value), whose, until)


@EFFECTS.primitive(kind=KIND, by=fx.Int(2, 9), whose=(WHOSE, "self"), until=(UNTIL, None))
def multiply(ctx, kind, by, whose, until):
    """{kind} cards count {by} times their value."""
    return _modifier(ctx, Mod(ctx.card, ctx.side, "mul", kind, by), whose, until)


@EFFECTS.primitive(kind=KIND, by=fx.Int(2, 9), whose=(WHOSE, "self"), until=(UNTIL, None))
def divide(ctx, kind, by, whose, until):
    """{kind} cards count their value divided by {by}, rounded down."""
    return _modifier(ctx, Mod(ctx.card, ctx.side, "div", kind, by), whose, until)


@EFFECTS.primitive(n=fx.Int(-9, 9), when=(fx.OneOf(("always", "defending")), "always"),
                   whose=(WHOSE, "self"), until=(UNTIL, None))
def add(ctx, n, when, whose, until):
    """The bid counts {n} more."""
    s = ctx.state
    if when == "defending" and s.holder != ctx.side:
        if ctx.mode == "play":
            ctx.events.append(Event("effect", f"{ctx.card}: {ctx.side} is not defending, "
                                    "no effect"))
        return None
    # without `until` (Fortify) it counts while its card lies in its player's bid
    return _modifier(ctx, Mod(ctx.card, ctx.side, "add", None, n), whose, until)


@EFFECTS.primitive(kind=KIND, whose=(WHOSE, "self"), until=(UNTIL, None))
def use_defence_value(ctx, kind, whose, until):
    """Support cards count their Defense value even in attack."""
    return _modifier(ctx, Mod(ctx.card, ctx.side, "defence", kind), whose, until)


@EFFECTS.primitive(kind=KIND, whose=(WHOSE, "self"), until=(UNTIL, None))
def use_attack_value(ctx, kind, whose, until):
    """Support cards count their Attack value, even in defence."""
    return _modifier(ctx, Mod(ctx.card, ctx.side, "attack", kind), whose, until)


@EFFECTS.primitive(by=fx.Int(1, 9))
def raise_minimum(ctx, by):
    """Until your next turn, the next bid must beat yours by {by}."""
    if ctx.mode == "mods":
        return None
    s = ctx.state
    ctx.state = evolve(s, propaganda=ctx.side,
                       mods=s.mods + (Mod(ctx.card, ctx.side, "raise", None, by),))
    ctx.events.append(Event("effect", f"until {ctx.side}'s next turn a bid must beat theirs by {by}"))
    return None


# ------------------------------------------------------------- actions


def _discard_from_bid(ctx: Ctx, side: str, card: str) -> None:
    s = ctx.state
    i = s.at(side)
    faces = list(s.faces[i])
    if card in faces and faces.count(card) >= s.bid(side).count(card):
        faces.remove(card)
    s = move_cards(s, [card], (BID, side), (BATTLE_DISCARD, None))
    ctx.state = evolve(s, faces=put(s.faces, i, tuple(faces)))
    ctx.events.append(Event("discard", f"{side} discards {card} from their bid"))


def _unit_cards(s: State, side: str, kind: str | None) -> list[str]:
    from toolkit.referee.rulesets.last_front.bid import exposed

    cards = s.cfg.cards
    return [c for c, face in exposed(s, side)
            if not face and cards[c].category == "unit"
            and (kind in (None, "unit") or cards[c].kind == kind)]


@EFFECTS.primitive(**{"from": fx.OneOf(("opponent_bid", "each_opponent_bid", "bid", "hand")),
                      "n": (fx.Int(1, 9), 1), "kind": (KIND, None),
                      "dug_in": (fx.Bool(), False), "random": (fx.Bool(), False),
                      "lowest": (fx.Bool(), False), "whose": (WHOSE, "self")})
def discard(ctx, n, kind, dug_in, random, lowest, whose, **kw):
    """Discard {n} card(s)."""
    if ctx.mode == "mods":
        return None
    source = kw["from"]
    s = ctx.state
    if source == "opponent_bid":  # Sabotage: the player names the card (LF-R16)
        if len(ctx.target) >= 2:
            _discard_from_bid(ctx, ctx.target[0], ctx.target[1])
        return None
    if source == "hand":  # Desertion: a card at random from each hand in the battle
        for side in reversed(_targets(ctx, whose)):
            if s.hand(side):
                ctx.state = open_window(ctx.state, Window(
                    "desert", CHANCE, spec=Pick(tuple(str(k + 1) for k in range(len(s.hand(side)))),
                                                f"{side} discards a card at random"),
                    data=(("side", side),)))
        return None
    sides = _opponents(s, ctx.side) if source == "each_opponent_bid" else _targets(ctx, whose)
    for side in sides:  # the owner's lowest such card goes (LF-R16)
        for _ in range(n):
            cards = _unit_cards(ctx.state, side, kind)
            if not cards:
                break
            from toolkit.referee.rulesets.last_front.bid import card_value, modifiers

            mods = modifiers(ctx.state, side)
            card = min(cards, key=lambda c: (card_value(ctx.state, side, c, mods), c))
            _discard_from_bid(ctx, side, card)
    return None


def _targets(ctx: Ctx, whose: str) -> list[str]:
    s = ctx.state
    out = []
    for w in _whom(ctx, whose):
        out += list(s.in_battle()) if w is None else [w]
    return out


@EFFECTS.primitive(deck=fx.OneOf((BATTLE,)), n=(fx.Int(1, 9), 1), whose=(WHOSE, "self"))
def draw(ctx, deck, n, whose):
    """Draw {n} Battle card(s)."""
    if ctx.mode == "mods":
        return None
    from toolkit.referee.rulesets.last_front.deal import open_draws

    for side in reversed(_targets(ctx, whose)):
        ctx.state = open_draws(ctx.state, side, n, ctx.events)
    return None


@EFFECTS.primitive(n=(fx.Int(1, 1), 1))
def draw_event(ctx, n):
    """Turn over the top Event card and carry it out."""
    if ctx.mode == "mods":
        return None
    ctx.state = open_event(ctx.state, ctx.side)
    return None


@EFFECTS.primitive(**{"from": fx.OneOf(("opponent_bid",)), "to": fx.OneOf(("own_bid",)),
                      "n": (fx.Int(1, 1), 1)})
def swap(ctx, n, **kw):
    """Swap one card of an opponent's bid with one of yours."""
    if ctx.mode == "mods" or len(ctx.target) < 3:
        return None
    other, theirs, mine = ctx.target[:3]
    s = ctx.state
    i, j = s.at(ctx.side), s.at(other)
    their_face = theirs in s.faces[j]
    my_face = mine in s.faces[i]
    s = move_cards(s, [theirs], (BID, other), (BID, ctx.side))
    s = move_cards(s, [mine], (BID, ctx.side), (BID, other))
    fi, fj = list(s.faces[i]), list(s.faces[j])
    if my_face:
        fi.remove(mine)
        fj.append(mine)
    if their_face:
        fj.remove(theirs)
        fi.append(theirs)
    ctx.state = evolve(s, faces=put(put(s.faces, i, tuple(fi)), j, tuple(fj)))
    ctx.events.append(Event("swap", f"{ctx.side} takes {theirs} from {other}'s bid and gives "
                            f"{mine}"))
    return None


@EFFECTS.primitive(**{"from": fx.OneOf(("opponent_hand",)), "n": (fx.Int(1, 1), 1)})
def steal(ctx, n, **kw):
    """Look at an opponent's hand and take one card from it."""
    if ctx.mode == "mods" or not ctx.target:
        return None
    other = ctx.target[0]
    s = ctx.state
    if not s.hand(other):
        ctx.events.append(Event("steal", f"{other}'s hand is empty"))
        return None
    ctx.events.append(Event("look", f"{other}'s hand: {' '.join(s.hand(other))}",
                            to=frozenset({ctx.side})))
    ctx.state = open_window(s, Window("espionage", fx_SIDE(), (ctx.side,),
                                      f"take one card from {other}'s hand",
                                      data=(("from", other),)))
    return None


def fx_SIDE():  # noqa: N802
    from toolkit.referee.kit.phases import SIDE

    return SIDE


@EFFECTS.primitive(**{"from": fx.OneOf(("battle_discard",)), "n": (fx.Int(1, 1), 1)})
def take(ctx, n, **kw):
    """Take the top card of the Battle discard pile into your hand."""
    if ctx.mode == "mods":
        return None
    s = ctx.state
    pile = s.zone(BATTLE_DISCARD).cards
    if not pile:
        ctx.events.append(Event("take", "the Battle discard pile is empty"))
        return None
    card = pile[-1]
    ctx.state = move_cards(s, [card], (BATTLE_DISCARD, None), (HAND, ctx.side))
    ctx.events.append(Event("take", f"{ctx.side} takes {card} from the discard pile"))
    return None


@EFFECTS.primitive(action=(fx.OneOf(("dig_in",)), None),
                   card_category=(fx.OneOf(("icon",)), None),
                   becomes=(fx.OneOf(("face_value",)), None))
def cancel(ctx, action, card_category, becomes):
    """Cancel an opponent's action as it is made."""
    # played only in a Blitz window: blitz.py reads the window and applies it
    return None


@EFFECTS.primitive(keep_bid=(fx.Bool(), False))
def withdraw(ctx, keep_bid):
    """Withdraw from the battle, taking your bid back into your hand."""
    # a withdrawal is a move of the battle (battle.py) that reads keep_bid
    return None


@EFFECTS.primitive(**{"from": fx.OneOf(("hand",)), "whose": (WHOSE, "all")})
def reveal(ctx, whose, **kw):
    """Every player still in the battle shows their hand."""
    if ctx.mode == "mods":
        return None
    s = ctx.state
    for side in _targets(ctx, whose):
        ctx.events.append(Event("reveal", f"{side} shows their hand: "
                                + (" ".join(s.hand(side)) or "(empty)"), reveals=True))
    return None


@EFFECTS.primitive(winner=fx.OneOf(("none",)))
def end_battle(ctx, winner):
    """The battle ends with no winner."""
    if ctx.mode == "mods":
        return None
    ctx.state = evolve(ctx.state, over=True, winner=None)
    ctx.events.append(Event("ceasefire", "the battle ends with no winner"))
    return None


def describe(card_calls: Any) -> str:
    return "; ".join(EFFECTS.describe(c) for c in card_calls)
