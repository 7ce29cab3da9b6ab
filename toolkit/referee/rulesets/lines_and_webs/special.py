"""The ten special cards (LW-K1..LW-K10), each an effect primitive the scenario's
cards name (`effect strike(target=enemy_unit, near_friendly=2, hits=1)`), checked at
`frontkit check`. Bought in Spend resources, they are in hand at once and used:

- on your own turn in Execute orders, before your order card: 9-Line Recovery!
  (immobilise), Air Drop Inbound! (deliver), Close Air Support! and Saint HIMARS!
  (strike, after the enemy's air defence within four hexes rolls: any 8+ stops it),
  Cyber Attack! (reorder_orders), SF in the Area! (block_node, also in Spend);
- in Issue orders, in a deck: Command Post! (joint_orders);
- out of turn, in reaction windows: Drone Recon! right after a Command Post
  (cancel), Scouts Out! before an engagement's dice (fire_first, the attacker's side),
  MASS CAL! after winning an engagement (step_loss)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from toolkit.referee.chance import Dice
from toolkit.referee.kit import effects as fx
from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import CHANCE, REACT, SIDE, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, Event, Illegal
from toolkit.referee.rulesets.lines_and_webs.config import LETTERS, REPAIR, TOKEN_PIECES
from toolkit.referee.rulesets.lines_and_webs.moves import Order
from toolkit.referee.rulesets.lines_and_webs.moves import made as moves_made
from toolkit.referee.rulesets.lines_and_webs.state import State, with_book, with_port, with_unit
from toolkit.referee.rulesets.lines_and_webs.units import hit, receive, room, step_loss

RULE_CARD = "LW-K0"
EFFECTS = fx.Effects("lines_and_webs")

_TARGETS = ("enemy_unit", "friendly_unit", "any_unit_or_port", "engaged_enemy",
            "engaged_friendly")


@dataclass(frozen=True)
class Play:
    """What a primitive acts on: the state, the side playing, its order."""

    s: State
    side: str
    order: Order


@EFFECTS.primitive(target=fx.OneOf(_TARGETS), marker=fx.NameIn("pieces"),
                   until=fx.NameIn("pieces"))
def immobilise(ctx: Play, target, marker, until):
    """Put a black cube on one enemy unit: it may neither move nor fight until an
    orange cube reaches it."""
    u = ctx.s.by_label(ctx.order.target)
    return with_unit(ctx.s, evolve(u, pinned=True)), [Event("card", f"{u.label} is pinned "
                                                              "down (black cube)")]


@EFFECTS.primitive(target=fx.OneOf(_TARGETS), choice=fx.ParamType(), n=(fx.Int(1, 3), 1))
def deliver(ctx: Play, target, choice, n):
    """Drop {n} orange cube or supply token on one of your units."""
    u = ctx.s.by_label(ctx.order.target)
    cls = LETTERS.index(ctx.order.cls)
    u = receive(ctx.s, u, cls, n)
    return with_unit(ctx.s, u), [Event("card", f"an air drop reaches {u.label}")]


@EFFECTS.primitive(within=fx.Int(1, 9), roll=fx.SpanOf())
def air_defence_check(ctx: Play, within, roll):
    """The enemy's air defence within {within} hexes of the target may stop it on {roll}."""
    return ctx.s, []


@EFFECTS.primitive(target=fx.OneOf(_TARGETS), near_friendly=(fx.Int(0, 9), 0),
                   hits=(fx.Int(0, 3), 0), steps=(fx.Int(0, 3), 0),
                   port_damage=(fx.Int(0, 3), 0))
def strike(ctx: Play, target, near_friendly, hits, steps, port_damage):
    """Strike one enemy unit (or port): hits, steps lost or port damage."""
    s = ctx.s
    u = s.by_label(ctx.order.target)
    if u is None:
        node = s.cfg.index[ctx.order.target]
        k = s.cfg.port_of[node]
        p = s.ports[k]
        damage = min(p.damage + port_damage, s.cfg.port_damage_limit[k])
        room_left = s.cfg.port_room(k, damage)
        tokens = list(p.tokens)
        over = sum(tokens) - room_left
        for cls in (3, 2, 1, 0):  # stores beyond the damaged room are lost (LW-R08)
            cut = min(max(over, 0), tokens[cls])
            tokens[cls] -= cut
            over -= cut
        s = with_port(s, node, damage=damage, tokens=tuple(tokens))
        return s, [Event("card", f"port {ctx.order.target} takes {port_damage} damage")]
    if hits:
        s, what = hit(s, u.uid, hits)
    else:
        s, what = step_loss(s, u.uid, steps)
    return s, [Event("card", what or f"{u.label} is struck")]


@EFFECTS.primitive(n=fx.Int(1, 6), deck=fx.OneOf(("execution",)))
def joint_orders(ctx: Play, n, deck):
    """Placed in a deck: when turned, the next {n} cards act together."""
    return ctx.s, []


@EFFECTS.primitive(whose=fx.OneOf(("enemy",)), deck=fx.OneOf(("execution",)),
                   hidden=(fx.Bool(), True))
def reorder_orders(ctx: Play, whose, deck, hidden):
    """Rearrange the enemy's execution deck, face down: a cut (`play cyber_attack 2`),
    or any order, place by place (`play cyber_attack order`, then `next N` … or
    `rest`, in the reorder window). How it was done is told to the attacker alone
    (`hidden`): the order follows from it, and the enemy may not look at the new
    order (LW-K5), so its view stops showing the order too."""
    s = ctx.s
    enemy = s.other(ctx.side)
    n = len(s.book(enemy).execution)
    if ctx.order.to == "order":
        return open_window(s, Window(REORDER, SIDE, (ctx.side,),
                                     f"put {enemy}'s execution deck in a new order: next "
                                     "PLACE (1 is the top card now), or rest",
                                     data=(("enemy", enemy), ("hidden", hidden),
                                           ("new", ()), ("left", tuple(range(1, n + 1)))))), []
    k = ctx.order.n
    cut = f"{k} card{'s' if k != 1 else ''} from the top go to the bottom"
    places = tuple(range(k + 1, n + 1)) + tuple(range(1, k + 1))
    return reordered(s, ctx.side, enemy, places, hidden, f"you cut {enemy}'s execution "
                     f"deck: {cut}", cut)


def reordered(s: State, side: str, enemy: str, places: tuple[int, ...], hidden: bool,
              mine: str, public: str) -> tuple[State, list[Event]]:
    """`enemy`'s execution deck put in the order of `places` (old places, top first);
    what was done told to `side` alone when `hidden`."""
    cards = s.book(enemy).execution
    s = with_book(s, enemy, execution=tuple(cards[p - 1] for p in places))
    told = [Event("card", mine, to=frozenset({side}))] if hidden else []
    s = evolve(s, scrambled=s.scrambled | {enemy}) if hidden else s
    return s, told + [
        Event("card", f"{side} puts {enemy}'s execution deck in a new order, face down"
              + ("" if hidden else f": {public}"))]


REORDER = "reorder"


class Reorder:
    """Cyber Attack! in any order (LW-K5, LW-R39): the attacker names, place by place,
    the card (by its place in the deck as it was, 1 the top) that comes next from the
    top; `rest` leaves the others in their order below; the last card falls in place."""

    def legal(self, s: State, side: str, w: Window):
        return [Order("next", n=p) for p in w.get("left")] + [Order("rest")]

    def check(self, s: State, side: str, m, w: Window):
        if m in self.legal(s, side, w):
            return None
        left = w.get("left")
        if isinstance(m, Order) and m.verb == "next":
            return Illegal("LW-K5", f"place {m.n} is not one still to place: "
                           + " ".join(map(str, left)) + " (1 was the top card)")
        return Illegal("LW-K5", "now: next PLACE, the card that comes next from the top, "
                       "or rest")

    def apply(self, s: State, side: str, m, w: Window):
        new, left = w.get("new"), w.get("left")
        if m.verb == "next":
            new, left = new + (m.n,), tuple(p for p in left if p != m.n)
        if m.verb == "next" and len(left) > 1:
            data = tuple((k, v) for k, v in w.data if k not in ("new", "left"))
            w2 = Window(w.name, w.acting, w.players, w.prompt, data=data + (
                ("new", new), ("left", left)))
            return open_window(s, w2), (Event("card", f"place {m.n} goes next",
                                              to=frozenset({side})),)
        places = new + left
        enemy = w.get("enemy")
        s, events = reordered(s, side, enemy, places, w.get("hidden"),
                              f"you put {enemy}'s execution deck in a new order: the cards "
                              "from places " + " ".join(map(str, places)) + ", top first",
                              "places " + " ".join(map(str, places)))
        return s, tuple(events)


@EFFECTS.primitive(card=fx.NameIn("cards"))
def cancel(ctx: Play, card):
    """Cancel the enemy's {card} just played."""
    s = ctx.s
    enemy = s.other(ctx.side)
    return with_book(s, enemy, joint=0), [Event("card", f"drone recon: {enemy}'s command "
                                                "post is cancelled")]


@EFFECTS.primitive("step_loss", target=fx.OneOf(_TARGETS), n=fx.Int(1, 3),
                   after=fx.ParamType())
def mass_casualties(ctx: Play, target, n, after):
    """The enemy unit you just beat loses {n} more step(s)."""
    s = ctx.s
    f = s.fight
    s, what = step_loss(s, f.loser, n)
    return s, [Event("card", f"mass casualties: {what}")]


@EFFECTS.primitive(target=fx.OneOf(_TARGETS))
def fire_first(ctx: Play, target):
    """Your unit in this engagement rolls and scores its hits first."""
    return evolve(ctx.s, fight=evolve(ctx.s.fight, scouts=ctx.side)), [
        Event("card", f"scouts out: {ctx.side}'s unit rolls first")]


@EFFECTS.primitive(n=fx.Int(1, 3), blocks=fx.OneOf(("enemy",)), until=fx.OneOf(("reset",)))
def block_node(ctx: Play, n, blocks, until):
    """Block one node to the enemy's units and supplies until the reset."""
    s = ctx.s
    node = s.cfg.index[ctx.order.target]
    enemy = s.other(ctx.side)
    return evolve(s, blocked=tuple(sorted(s.blocked + ((node, enemy),)))), [
        Event("card", f"special forces block {ctx.order.target} to {enemy}")]


# ------------------------------------------------------------------ listing

TURN_PRIMITIVES = ("immobilise", "deliver", "strike", "reorder_orders", "block_node")


def main_call(s: State, card: str):
    for c in s.cfg.card_effects.get(card, ()):
        if c.name != "air_defence_check":
            return c
    return None


def turn_plays(s: State, side: str, spend: bool = False) -> list[Order]:
    """The special cards `side` may play now on its own turn (or in Spend: blocks)."""
    b = s.book(side)
    hand = b.hand + (b.cards_bought if spend else ())
    out: list[Order] = []
    for card in sorted(set(hand)):
        call = main_call(s, card)
        if call is None or call.name not in TURN_PRIMITIVES:
            continue
        if spend and call.name != "block_node":
            continue
        out += targets(s, side, card, call)
    return out


def targets(s: State, side: str, card: str, call) -> list[Order]:
    cfg = s.cfg
    made = partial(moves_made, cfg.order_runs, "play", card)
    enemy = s.other(side)
    name = call.name
    args = dict(call.args)
    if name == "immobilise":
        return _on_units(cfg, card, [u.label for u in s.on_map(enemy) if not u.pinned])
    if name == "deliver":
        out = []
        letters = [LETTERS[TOKEN_PIECES[c]] for c in args.get("choice", ()) if c in TOKEN_PIECES]
        for u in s.on_map(side):
            for letter in letters:
                cls = LETTERS.index(letter)
                if room(s, u, cls) > 0 and (cls != REPAIR or u.pinned or u.lost):
                    out.append(made(target=u.label, cls=letter))
        return out
    if name == "strike":
        near = int(args.get("near_friendly", 0))
        friends = [u.node for u in s.on_map(side)]
        table = cfg.hex_table  # cfg.hexes, a row a target
        out = _on_units(cfg, card, [
            u.label for u in s.on_map(enemy)
            if not u.displaced and (not near or _within(table[u.node], friends, near))])
        if args.get("target") == "any_unit_or_port":
            out += [made(target=cfg.names[p]) for k, p in enumerate(cfg.ports)
                    if s.ports[k].holder == enemy
                    and s.ports[k].damage < cfg.port_damage_limit[k]]
        return out
    if name == "reorder_orders":
        n = len(s.book(enemy).execution)
        any_order = n > 2 and cfg.opt("cyber_attack") == "any_order"
        return [made(n=k) for k in range(1, min(n, 10))] + ([made(to="order")] if any_order
                                                             else [])
    if name == "block_node":
        key = ("block_node", card, enemy)  # kept while the blocks are the same
        got = cfg.order_runs.get(key)
        if got is None or got[0] != s.blocked:
            got = cfg.order_runs[key] = (s.blocked, tuple(
                made(target=cfg.names[i]) for i in range(len(cfg.names))
                if not cfg.impassable[i] and (i, enemy) not in s.blocked))
        return list(got[1])
    return []


def _on_units(cfg, card: str, labels: list) -> list[Order]:
    """`play CARD UNIT` for each of `labels`, the orders `made` gives, looked up by the
    unit's label alone (a strike or an immobilise lists every enemy unit at every turn
    of Execute orders, where each asked `made` through its whole key)."""
    key = ("play on", card)
    on = cfg.order_runs.get(key)
    if on is None:
        on = cfg.order_runs[key] = {}
    out = []
    for label in labels:
        m = on.get(label)
        if m is None:
            m = on[label] = moves_made(cfg.order_runs, "play", card, target=label)
        out.append(m)
    return out


def _within(row: tuple, nodes: list, near: int) -> bool:
    """Whether any of `nodes` is within `near` hexes, `row` the hex distances from the
    target's node (LW-R03)."""
    for node in nodes:
        if row[node] <= near:
            return True
    return False


def play_problem(s: State, side: str, m: Order) -> Illegal:
    """Why a special card played on one's own turn in Execute orders is refused: not in
    hand, not now, or a target it does not allow, each in its own words."""
    b = s.book(side)
    if m.unit not in b.hand:
        return Illegal(RULE_CARD, f"you hold no {m.unit}")
    call = main_call(s, m.unit)
    if call is None or call.name not in TURN_PRIMITIVES:
        return Illegal(RULE_CARD, f"{m.unit} is not played on your turn in Execute orders: "
                       "see when it is played (notation)")
    if s.fight is not None or b.joint != 0:
        return Illegal(RULE_CARD, "play a special card before your order card, not in the "
                       "middle of an engagement or a Command Post's cards")
    return _target_problem(s, side, m, call) or Illegal(
        RULE_CARD, f"{m.unit} cannot be played that way: e.g. "
        + (str(targets(s, side, m.unit, call)[0]) if targets(s, side, m.unit, call)
           else "it has no target now"))


def _target_problem(s: State, side: str, m: Order, call) -> Illegal | None:
    """What is wrong with the target of a strike (Close Air Support!, Saint HIMARS!)
    or a Cyber Attack!; None for the general sentence."""
    cfg = s.cfg
    args = dict(call.args)
    if call.name == "reorder_orders":
        n = len(s.book(s.other(side)).execution)
        if n <= 1:
            return Illegal(RULE_CARD, "the enemy's execution deck has nothing to reorder")
        if m.to == "order" and cfg.opt("cyber_attack") == "cut":
            return Illegal("LW-R39", "in this game Cyber Attack! only cuts the deck "
                           "(option cyber_attack cut): play cyber_attack N")
        return Illegal(RULE_CARD, f"the enemy's execution deck holds {n} cards: cut it by "
                       f"1 to {min(n - 1, 9)}" + (", or play cyber_attack order" if n > 2
                                                  and cfg.opt("cyber_attack") == "any_order"
                                                  else ""))
    if call.name != "strike":
        return None
    enemy = s.by_label(m.target)
    if enemy is None or enemy.side == side or not enemy.alive:
        port = cfg.index.get(m.target)
        if port is not None and cfg.port_of.get(port) is not None \
                and args.get("target") == "any_unit_or_port":
            return Illegal(RULE_CARD, f"{m.unit} hits a port the enemy holds, with damage "
                           "left to take")
        return Illegal(RULE_CARD, f"{m.target} is not an enemy unit on the map")
    if enemy.displaced:
        return Illegal(RULE_CARD, f"{m.target} is displaced: {m.unit} cannot reach it")
    near = int(args.get("near_friendly", 0))
    if near and not any(cfg.hexes(enemy.node, u.node) <= near for u in s.on_map(side)):
        return Illegal(RULE_CARD, f"{m.target} is more than {near} hexes from every unit "
                       f"of yours: {m.unit} reaches only that far")
    return None


def play_card(s: State, side: str, m: Order, spend: bool = False):
    """Pay the card out of hand; open the air-defence roll first where the card says."""
    b = s.book(side)
    if m.unit in b.hand:
        hand = list(b.hand)
        hand.remove(m.unit)
        s = with_book(s, side, hand=tuple(hand))
    else:
        bought = list(b.cards_bought)
        bought.remove(m.unit)
        s = with_book(s, side, cards_bought=tuple(bought))
    events = [Event("card", f"{side} plays {m.unit}")]
    check = s.cfg.effect(m.unit, "air_defence_check")
    if check is not None:
        n = air_defenders(s, side, m, int(dict(check.args)["within"]))
        if n:
            w = Window("air_defence", CHANCE, spec=Dice(n, 12, f"air defence against {m.unit}"),
                       data=(("side", side), ("order", m)))
            return open_window(s, w), events
    s, more = EFFECTS.apply(main_call(s, m.unit), Play(s, side, m))
    return s, events + more


def air_defenders(s: State, side: str, m: Order, within: int) -> int:
    u = s.by_label(m.target)
    node = u.node if u is not None else s.cfg.index[m.target]
    return sum(1 for a in s.on_map(s.other(side))
               if s.cfg.kinds[a.kind].air_defence_range and s.cfg.hexes(a.node, node) <= within)


class AirDefence:
    """The enemy's air defence rolls against a strike: any die at or above the card's
    number stops it (LW-K3)."""

    def check(self, s: State, side: str, m, w: Window):
        return None

    def apply(self, s: State, side: str, m, w: Window):
        who, order = w.get("side"), w.get("order")
        check = s.cfg.effect(order.unit, "air_defence_check")
        need = int(getattr(dict(check.args)["roll"], "low", dict(check.args)["roll"]))
        faces = " ".join(map(str, m.values))
        if any(v >= need for v in m.values):
            return s, (Event("card", f"air defence rolls {faces}: {order.unit} is stopped"),)
        s, more = EFFECTS.apply(main_call(s, order.unit), Play(s, who, order))
        return s, tuple([Event("card", f"air defence rolls {faces}: it gets through")] + more)


# ------------------------------------------------------------------ windows


def holds(s: State, side: str, primitive: str) -> str | None:
    for card in s.book(side).hand:
        call = main_call(s, card)
        if call is not None and call.name == primitive:
            return card
    return None


class CardWindow:
    """A reaction window for one card: play it (`play NAME`) or pass."""

    primitive = ""

    def legal(self, s: State, side: str, w: Window):
        card = holds(s, side, self.primitive)
        return [PASS] + ([Order("play", unit=card)] if card else [])

    def check(self, s: State, side: str, m, w: Window):
        if m is PASS or m in self.legal(s, side, w):
            return None
        return Illegal(RULE_CARD, f"now you may play only a {self.primitive} card, or pass")

    def apply(self, s: State, side: str, m, w: Window):
        b = s.book(side)
        hand = list(b.hand)
        hand.remove(m.unit)
        s = with_book(s, side, hand=tuple(hand))
        s, events = EFFECTS.apply(main_call(s, m.unit), Play(s, side, m))
        s, more = self.then(s)
        return s, tuple([Event("card", f"{side} plays {m.unit}")] + events + more)

    def resolve(self, s: State, w: Window):
        s, more = self.then(s)
        return s, tuple(more)

    def then(self, s: State):
        return s, []


class Drone(CardWindow):
    primitive = "cancel"


#: Scouts Out! and MASS CAL! are played inside a fight: their windows are combat's
WINDOWS = {"air_defence": AirDefence(), "drone": Drone(), REORDER: Reorder()}


def after_command_post(s: State, side: str) -> State:
    """Drone Recon!: the other side may cancel a Command Post just played."""
    enemy = s.other(side)
    if holds(s, enemy, "cancel"):
        return open_window(s, Window("drone", REACT, players=(enemy,),
                                     prompt="play Drone Recon! or pass"))
    return s
