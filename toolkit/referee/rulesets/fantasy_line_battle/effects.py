"""Every Character ability and Spell as a registered effect primitive.

A card says what it does with calls (`effect damage_front(n=3)`); `frontkit check`
compares them with this registry, and play runs them through `EFFECTS.apply`
with a `Ctx`: the state so far, the side whose card it is, the impact's targets
(`args`: places in a line, a dead friend's card), `mult` 2 for a doubled spell,
and the spell waiting for interrupts (`pending`) for the answers that cancel it.
Each primitive's docstring is its sentence for players.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from toolkit.referee.kit import effects as fx
from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event

from toolkit.referee.rulesets.fantasy_line_battle import draws, line
from toolkit.referee.rulesets.fantasy_line_battle.config import CATEGORIES, CHARACTERS, span
from toolkit.referee.rulesets.fantasy_line_battle.state import DEAD, Fighter, State

EFFECTS = fx.Effects("fantasy_line_battle")


class Words(fx.ParamType):
    """One word of `allowed`, or a list of them."""

    def __init__(self, allowed: tuple[str, ...]):
        self.allowed = allowed
        self.what = "one of " + ", ".join(allowed) + " or a list of them"

    def problem(self, value, scenario):
        values = value if isinstance(value, tuple) else (value,)
        if not values or not all(v in self.allowed for v in values):
            return f"{value!r} is not {self.what}"
        return None

    def choices(self, scenario):
        return list(self.allowed)


@dataclass
class Ctx:
    s: State
    side: str
    card: str
    mult: int = 1
    args: tuple = ()
    user: int | None = None  # the fighter using its ability
    pending: tuple | None = None  # the spell an interrupt answers
    cancelled: bool = False
    events: list = field(default_factory=list)

    @property
    def enemy(self) -> str:
        return self.s.cfg.other(self.side)

    def tell(self, text: str, kind: str = "effect") -> None:
        self.events.append(Event(kind, text))


def _fighter(ctx: Ctx, side: str, i: int = 0) -> Fighter:
    return line.at_place(ctx.s, side, int(ctx.args[i]))


# ------------------------------------------------------------- characters


@EFFECTS.primitive()
def reveal_first(ctx: Ctx):
    """Reveal it while choosing characters: your opponent must finish choosing and reveal first."""
    ctx.s = evolve(ctx.s, forced=ctx.enemy)
    ctx.events.append(Event("farseer", f"{ctx.side} reveals the Farseer: {ctx.enemy} must "
                            "finish choosing and reveal first", reveals=True))


@EFFECTS.primitive(deck=(fx.DeckName, CHARACTERS), n=fx.Int(1, 10))
def hand_size(ctx: Ctx, deck: str, n: int):
    """You may hold {n} more cards of the {deck} deck."""
    if deck == CHARACTERS:  # the limit is read from the card (draws.character_limit)
        ctx.s = draws.refill_characters(ctx.s, ctx.side)


@EFFECTS.primitive()
def unplay_free(ctx: Ctx):
    """You may discard a character you placed face down and get its Money back."""
    # what it allows is checked by `take` (select.py); playing it changes nothing


@EFFECTS.primitive(**{"self_": (fx.Bool(), False),
                      "target": (fx.OneOf(("friend", "enemy_character")), None),
                      "to": (fx.OneOf(("front", "any", "rear")), None),
                      "places": (fx.Int(-7, 7), 0),
                      "swap": (fx.OneOf(("neighbour",)), None)})
def move(ctx: Ctx, **kw):
    """Move a character in its line."""
    s = ctx.s
    if kw.get("self", kw.get("self_")):
        side, who = ctx.side, next(f for f in s.line(ctx.side) if f.uid == ctx.user)
        rest = ctx.args
    else:
        side = ctx.side if kw["target"] == "friend" else ctx.enemy
        who = _fighter(ctx, side)
        rest = ctx.args[1:]
    frm = line.place_of(s, side, who.uid)
    last = len(s.line(side))
    if kw["swap"]:
        to = int(rest[0])
    elif kw["to"] == "front":
        to = 1
    elif kw["to"] == "rear":
        to = last
    elif kw["to"] == "any" or kw["places"] > 0:
        to = int(rest[0])
    else:  # places < 0: that many places back, no further than the rear
        to = min(last, frm - kw["places"])
    ctx.s = shift(s, side, frm, to, swap=bool(kw["swap"]))
    ctx.tell(f"{side}'s {who.card} moves from place {frm} to place {to}", "move")


# `self` is the name of Effects.primitive's own first argument: the parameter is
# registered as `self_` and renamed here, so cards write `move(self=true, ...)`.
_move = EFFECTS.primitives["move"]
EFFECTS.primitives["move"] = replace(_move, params=tuple(
    replace(p, name="self") if p.name == "self_" else p for p in _move.params))


def shift(s: State, side: str, frm: int, to: int, swap: bool = False) -> State:
    order = list(s.line(side))
    if swap:
        order[frm - 1], order[to - 1] = order[to - 1], order[frm - 1]
    else:
        order.insert(to - 1, order.pop(frm - 1))
    return s.with_line(side, order)


# ------------------------------------------------------------------ spells


@EFFECTS.primitive(n=fx.Int(1, 20), whose=(fx.OneOf(("enemy", "own", "both")), "enemy"),
                   each=(fx.OneOf(("day_start",)), None),
                   until=(fx.OneOf(("game_end",)), None))
def damage_front(ctx: Ctx, n: int, whose: str, each: str | None, until: str | None):
    """{n} damage to the Front."""
    n *= ctx.mult
    if each == "day_start":
        ctx.s = evolve(ctx.s, lasting=ctx.s.lasting + ((ctx.side, "burn", n, whose),))
        ctx.tell(f"{ctx.card}: from now on {n} damage to the {whose} Front each Day")
        return
    for side in _whose(ctx, whose):
        ctx.s = line.deal_front(ctx.s, side, n, ctx.events, ctx.card)


def _whose(ctx: Ctx, whose: str) -> tuple[str, ...]:
    return {"enemy": (ctx.enemy,), "own": (ctx.side,), "both": (ctx.side, ctx.enemy)}[whose]


@EFFECTS.primitive(n=fx.Int(1, 20))
def targeted_damage(ctx: Ctx, n: int):
    """{n} targeted damage."""
    ctx.s = ctx.s.add("pool", ctx.side, n * ctx.mult)
    ctx.tell(f"{ctx.side} gains {n * ctx.mult} targeted damage "
             f"({ctx.s.get(ctx.s.pool, ctx.side)} held)")


@EFFECTS.primitive(target=fx.OneOf(("enemy_front", "enemy_character")),
                   until=(fx.OneOf(("day_end",)), "day_end"))
def stun(ctx: Ctx, target: str, until: str):
    """Stun an enemy character for the Day: it deals no damage and uses no move ability."""
    f = ctx.s.front_fighter(ctx.enemy) if target == "enemy_front" else _fighter(ctx, ctx.enemy)
    if f is None:
        return
    ctx.s = line.change(ctx.s, ctx.enemy, f.uid, stunned=True)
    ctx.tell(f"{ctx.enemy}'s {f.card} is stunned for the Day")


@EFFECTS.primitive(n=fx.Int(1, 20), until=(fx.OneOf(("day_end",)), "day_end"))
def shield_front(ctx: Ctx, n: int, until: str):
    """The next {n} damage to your Front this Day is ignored."""
    ctx.s = ctx.s.add("shield", ctx.side, n * ctx.mult)
    shield = ctx.s.get(ctx.s.shield, ctx.side)
    ctx.tell(f"{ctx.side}'s Front ignores the next {shield} damage today")


@EFFECTS.primitive(n=fx.Int(1, 20))
def heal_front(ctx: Ctx, n: int):
    """Remove {n} damage from your Front."""
    before = ctx.s.get(ctx.s.front, ctx.side)
    ctx.s = ctx.s.put("front", ctx.side, max(0, before - n * ctx.mult))
    ctx.tell(f"{ctx.side}'s Front heals {before - ctx.s.get(ctx.s.front, ctx.side)} damage")


@EFFECTS.primitive(target=fx.OneOf(("friend", "enemy_character")), n=fx.Int(-9, 9),
                   until=fx.OneOf(("day_end", "game_end")))
def add_damage(ctx: Ctx, target: str, n: int, until: str):
    """One character deals {n} more damage."""
    side = ctx.side if target == "friend" else ctx.enemy
    f = _fighter(ctx, side)
    key = "bonus" if until == "day_end" else "curse"
    ctx.s = line.change(ctx.s, side, f.uid, **{key: getattr(f, key) + n * ctx.mult})
    ctx.tell(f"{side}'s {f.card} deals {n * ctx.mult:+d} damage "
             + ("today" if until == "day_end" else "for the rest of the timeline"))


@EFFECTS.primitive(target=fx.OneOf(("friend",)),
                   **{"from": Words(("spell", "targeted_damage", "death"))},
                   until=(fx.OneOf(("day_end",)), "day_end"))
def protect(ctx: Ctx, target: str, until: str, **kw):
    """Protect one friend."""
    f = _fighter(ctx, ctx.side)
    kinds = kw["from"] if isinstance(kw["from"], tuple) else (kw["from"],)
    if "death" in kinds:
        ctx.s = line.change(ctx.s, ctx.side, f.uid, warded=True)
        ctx.tell(f"{ctx.side}'s {f.card} cannot die today")
    if ctx.pending is not None and ctx.pending[3] and \
            aimed_at(ctx.s, ctx.pending, ctx.side, f.uid):
        ctx.cancelled = True
        ctx.tell(f"{ctx.pending[1]} has no effect on {ctx.side}'s {f.card}")


def aimed_at(s: State, pending: tuple, side: str, uid: int) -> bool:
    """Is the pending spell (or kill) aimed at `side`'s fighter `uid`?"""
    caster, card, times, args = pending
    if card == "kill":
        return args and line.at_place(s, side, int(args[0])).uid == uid
    kind = target_kind(s.cfg.spells[card].effects)
    if kind != "enemy" or caster == side:
        return False
    return any(line.at_place(s, side, int(a)).uid == uid for a in args if a.isdigit())


@EFFECTS.primitive(category=fx.OneOf(CATEGORIES + ("any",)))
def counter(ctx: Ctx, category: str):
    """Cancel a {category} spell as it is cast."""
    if ctx.pending is None or ctx.pending[1] == "kill":
        return
    cast = ctx.s.cfg.spells[ctx.pending[1]]
    if category in ("any", cast.category):
        ctx.cancelled = True
        ctx.tell(f"{ctx.pending[1]} is cancelled by {ctx.card}")


@EFFECTS.primitive(n=fx.Int(1, 20), each=(fx.OneOf(("death",)), None),
                   until=(fx.OneOf(("day_end",)), None))
def gain_mana(ctx: Ctx, n: int, each: str | None, until: str | None):
    """Gain {n} mana."""
    if each == "death":
        ctx.s = evolve(ctx.s, lasting=ctx.s.lasting + ((ctx.side, "harvest", n, "own"),))
        ctx.tell(f"{ctx.side} gains {n} mana whenever a character dies today")
        return
    ctx.s = ctx.s.add("mana", ctx.side, n * ctx.mult)
    ctx.tell(f"{ctx.side} gains {n * ctx.mult} mana")


@EFFECTS.primitive(target=fx.OneOf(("dead_friend",)), to=fx.OneOf(("rear",)),
                   health=(fx.Int(1, 30), None), damage=(fx.Int(0, 20), None),
                   range=(fx.SpanOf(), None))
def revive(ctx: Ctx, target: str, to: str, health, damage, range):
    """Return one dead friend to the rear of your line."""
    card = ctx.args[0]
    s = ctx.s
    f = Fighter.of(s.next_uid, s.cfg.characters[card])
    if health is not None:
        low, high = span(range) if range is not None else (f.low, f.high)
        f = evolve(f, health=health, damage=damage if damage is not None else f.damage,
                   low=low, high=high)
    s = evolve(s, zones=zn.put(s.zones, s.zone(DEAD, ctx.side).remove(card)),
               next_uid=s.next_uid + 1)
    ctx.s = draws.refill_spells(s.with_line(ctx.side, s.line(ctx.side) + (f,)), ctx.side)
    ctx.tell(f"{ctx.side}'s {card} returns to the rear of the line")


@EFFECTS.primitive(what=fx.OneOf(("move_ability",)), until=fx.OneOf(("day_end",)))
def forbid(ctx: Ctx, what: str, until: str):
    """No character uses a move ability this Day."""
    ctx.s = evolve(ctx.s, still=True)
    ctx.tell("no character may use a move ability today")


# ------------------------------------------------------------------ targets


def target_kind(calls) -> str | None:
    """What a spell's impact is aimed at: enemy (a place in the enemy line), friend
    (a place in one's own), move (a friend's place and where to), dead (a dead
    friend's card), or None."""
    for call in calls:
        args = dict(call.args)
        t = args.get("target")
        if call.name == "move" and t == "friend" and args.get("to") == "any":
            return "move"
        if t in ("enemy_character",):
            return "enemy"
        if t == "friend":
            return "friend"
        if t == "dead_friend":
            return "dead"
    return None


def run_all(calls, ctx: Ctx) -> Ctx:
    for call in calls:
        EFFECTS.apply(call, ctx)
        if ctx.cancelled:
            break
    return ctx


def ability_of(s: State, card: str):
    """The `move` call of a character's move ability, or None."""
    for call in s.cfg.characters[card].effects:
        if call.name == "move":
            return call
    return None

