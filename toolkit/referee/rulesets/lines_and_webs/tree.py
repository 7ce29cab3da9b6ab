"""Lines and Webs orders chosen in steps (the move tree, toolkit.referee.steps).

Transport supplies, as at the table: a sustainment unit ("DFSP1 at J10"), then what
it does (displace, move then resupply, or carry to a receiver), then what it carries
(a top-up, or a class of tokens from its card or its port's storage), then how many.
Cross-levelling: the giver, the receiver, the class, how many. Spend resources: buy,
fly in, a special card or a play, then what, then how many. One whole order stays
one record line; the tree is only how it is listed and chosen.

Each step is worked out for the deciding side alone (its own units, the enemy as its
side sees it: `transport.view_occupancy`), and a carrier's branch from that carrier's
own orders (`Transport.unit_parts`), never from the whole listing; a kind of purchase
from its own part of the Spend listing. Every other decision is the core's tree from
the flat listing.

The random bot's draw (`sample_move`): in Transport step by step (draw.py): a carrier
(or the pass, or a port's cross-levelling) by what its branches weigh, then a branch
(displace, move, a receiver, the ports) by what the receiver needs, then one of that
branch's orders by the bot's weights. Spend resources and Issue orders are drawn from
their listings' parts with the flat weighted draw's odds (purchases.py, deals.py);
elsewhere the flat weighted draw. A draw outside Transport is one step.
"""

from __future__ import annotations

import random

from toolkit.referee import steps as kit_steps
from toolkit.referee.protocol import PASS, Step
from toolkit.referee.rulesets.lines_and_webs import bots, deals, draw, purchases, words
from toolkit.referee.rulesets.lines_and_webs.spending import Spend
from toolkit.referee.rulesets.lines_and_webs.transport import (
    CARRY, DISPLACE, MOVE, Asking, Transport, transporters)

WORDS = {"r": "rations", "f": "fuel", "a": "ammunition", "o": "repair cubes"}


def _transport_draw(s, side: str, rng: random.Random):
    """draw.sample_transport's order, the steps it took kept for `sample_steps`."""
    move, taken = draw.sample_transport(s, side, rng)
    s.cfg.weight_memo[("taken", side)] = (s, move, taken)
    return move


#: the phases whose random draw is the ruleset's own, not the flat listing's
SAMPLED = {"transport": _transport_draw, "spend": purchases.sample_spend,
           "orders": deals.sample_deal}
TRANSPORT = Transport()
DONE = Step("pass", "done: pass", PASS)
LEVEL = ("xl", "cross-level on a port")


def move_steps(rules, s, side: str, chosen: tuple[str, ...]) -> list[Step]:
    """The choices open to `side` after `chosen` (the ruleset's `move_steps` hook)."""
    if s.flow.window is None and s.flow.phase == "transport":
        return _transport(s, side, chosen)
    if s.flow.window is None and s.flow.phase == "spend":
        return _spend(s, side, chosen)
    return kit_steps.from_listing(rules, s, side, chosen)


def sample_move(rules, s, side: str, rng: random.Random):
    """One legal whole order drawn with the random bot's weights (`sample_move` hook).
    A Transport order is drawn from the listing's own runs (`Transport.unit_parts`,
    `level_parts`), a Spend resources order from its listing's parts run by run
    (purchases.py), an Issue orders card as it is listed (deals.py), each by the flat
    draw's weights and odds, so it is remembered as listed
    (`KitRules.listed`) and `game.play` does not judge it a second time, as for an
    order drawn from the flat listing."""
    if s.flow.window is None and s.flow.phase in SAMPLED:
        move = SAMPLED[s.flow.phase](s, side, rng)
        rules.listed(s, side, [move])
        return move
    moves = list(rules.legal_moves(s, side))
    return rng.choices(moves, bots.weights(rules, s, side, moves))[0]


def sample_steps(s, side: str, move) -> int:
    """How many steps `sample_move` took to draw `move` (the `sample_steps` hook): in
    Transport the carrier, then its branch and the order where each was a choice among
    more than one (draw.py: as the draw of `move` in this very state said; another
    move, at most the carrier, its branch and the order); elsewhere one draw."""
    if s.flow.window is None and s.flow.phase == "transport":
        kept = s.cfg.weight_memo.get(("taken", side))
        if kept is not None and kept[0] is s and kept[1] is move:
            return kept[2]
        return draw.steps_taken(move)
    return 1


# ---------------------------------------------------------------- transport


def _transport(s, side: str, chosen: tuple[str, ...]) -> list[Step]:
    """Transport supplies' steps. The first step, and a carrier's orders with their
    paths, are kept for the last state they were asked of (a bot asks one state again
    and again, a step at a time): one per side and carrier, in the scenario's memo."""
    memo = s.cfg.weight_memo.setdefault(("steps", side, "tree"), {})
    head = chosen[:1]
    kept = memo.get(head)
    if kept is None or kept[0] is not s:
        kept = memo[head] = (s, _carriers(s, side, transporters(s, side)) if not head
                             else _head_entries(s, side, head[0]))
    if not chosen:
        return list(kept[1])
    if not kept[1]:
        if chosen[0] == DONE.token and len(chosen) > 1:
            raise kit_steps.unknown_choice([], chosen[1], chosen[:1])
        raise kit_steps.unknown_choice(_transport(s, side, ()), chosen[0])
    return kit_steps.branch(kept[1], chosen)


def _head_entries(s, side: str, head: str) -> list:
    """The orders under a first step (a carrier, or cross-levelling) with their paths."""
    mine = transporters(s, side)
    if head == LEVEL[0]:
        return _level_entries(s, side, TRANSPORT.level_parts(s, side, mine))
    u = s.by_label(head)
    if u is None or u not in mine:
        return []
    return _carrier_entries(s, u, TRANSPORT.unit_parts(s, side, u, mine, Asking(s, side)))


def _carriers(s, side: str, mine: list) -> list[Step]:
    """The first step: the pass, each sustainment unit with an order open to it (a
    unit with one order open is that order's leaf), and cross-levelling when a port
    has two holders."""
    ask = Asking(s, side)
    out = [DONE]
    for u in mine:
        parts = TRANSPORT.unit_parts(s, side, u, mine, ask)
        count = sum(sum(map(len, run)) if what == CARRY else len(run)
                    for what, run, _ in parts)
        if count == 1:
            out += kit_steps.branch(_carrier_entries(s, u, parts))
        elif count:
            out.append(Step(u.label, _carrier_label(s, u)))
    levels = TRANSPORT.level_parts(s, side, mine)
    if levels:
        out += kit_steps.branch(_level_entries(s, side, levels))
    return out


def _carrier_entries(s, u, parts: list) -> list:
    step = (u.label, _carrier_label(s, u))
    return [((step,) + path, m) for path, m in _carrier_paths(s, u.side, parts)]


def _level_entries(s, side: str, parts: list) -> list:
    return [((LEVEL,) + path, m) for path, m in _level_paths(s, side, parts)]


def _carrier_label(s, u) -> str:
    return f"{words.unit_words(s.cfg, u.side, u.label)} at {s.cfg.names[u.node]}"


def _carrier_paths(s, side: str, parts: list):
    """A carrier's orders with their paths below the carrier."""
    for what, run, _ in parts:
        if what == DISPLACE:
            yield (("displace", "displace (face down)"),), run[0]
        elif what == MOVE:
            for m in run:
                yield (("move", "move, then resupply"), (m.to, f"to {m.to}")), m
        elif what == CARRY:
            for piece in run:
                for m in piece:
                    yield _carry_path(s, side, m), m


def _carry_path(s, side: str, m) -> tuple:
    """To whom (a unit, a port, a node), what (a top-up, a class from the card or the
    port's storage), how many."""
    to = (m.to, f"to {words.unit_words(s.cfg, side, m.to)}")
    src = f"/{m.src}" if m.src else ""
    whence = f" from {m.src} storage" if m.src else ""
    if not m.cls:
        return to, (f"top{src}", f"top up its basic load{whence}")
    word = WORDS[m.cls]
    return to, (m.cls + src, word + whence), (str(m.n), f"{m.n} {word}")


def _level_paths(s, side: str, parts: list):
    """Cross-levelling orders with their paths: giver, receiver, class, how many."""
    unit = words.unit_words
    for _, run, _ in parts:
        for m in run:
            word = WORDS[m.cls]
            yield ((m.unit, f"from {unit(s.cfg, side, m.unit)}"),
                   (m.to, f"to {unit(s.cfg, side, m.to)}"), (m.cls, word),
                   (str(m.n), f"{m.n} {word}")), m


# -------------------------------------------------------------------- spend


SPENDING = Spend()
#: the first step of Spend resources: what kind of purchase, in listing order
PURCHASES = (("buy", "buy by sea"), ("fly", "fly in by air"), ("card", "buy a special card"),
             ("play", "play a special card now"))


def _spend(s, side: str, chosen: tuple[str, ...]) -> list[Step]:
    """Spend resources: buy by sea or fly in (a unit, or tokens: the class, then how
    many), a special card, or a card played now; each kind listed from its own part."""
    if not chosen:
        out = [DONE]
        for head in PURCHASES:
            entries = _purchases(s, side, head)
            if len(entries) == 1:
                out += kit_steps.branch(entries)
            elif entries:
                out.append(Step(*head))
        return out
    head = next((h for h in PURCHASES if h[0] == chosen[0]), None)
    entries = _purchases(s, side, head) if head is not None else []
    if not entries:
        if chosen[0] == DONE.token:
            raise kit_steps.unknown_choice([], chosen[1], chosen[:1])
        raise kit_steps.unknown_choice(_spend(s, side, ()), chosen[0])
    return kit_steps.branch(entries, chosen)


def _purchases(s, side: str, head) -> list:
    """One kind of purchase's orders with their paths (`head` first)."""
    verb = head[0]
    if verb in ("buy", "fly"):
        out = [((head, (m.unit, words.title(s.cfg, m.unit))), m)
               for m in SPENDING.unit_buys(s, side) if m.verb == verb]
        for how, letter, run in SPENDING.token_buys(s, side):
            if how == verb:
                word = WORDS[letter]
                out += [((head, (letter, word), (str(m.n), f"{m.n} {word}")), m) for m in run]
        return out
    if verb == "card":
        return [((head, (m.unit, words.title(s.cfg, m.unit))), m)
                for m in SPENDING.card_buys(s, side)]
    out = []
    for m in SPENDING.plays(s, side):
        text = str(m).split(" ", 1)[1]  # `play NAME [TARGET] [N|CLASS]`
        out.append(((head, (text.replace(" ", "@"), words.describe_move(s, side, m))), m))
    return out
