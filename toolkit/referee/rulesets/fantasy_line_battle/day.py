"""A Day: mana, the start player, spells, movement, targeted damage, damage to
the Front, and dusk (the Day's end).

Turns alternate: the next turn is always the other player's, across phases too
(FLB-turns), except that the start player of the spell phase is drawn at random
each Day (FLB-start). Interrupts answer a spell (or a kill) in the `interrupt`
window; they are not turns. Each phase's Dying characters die as the next phase
begins (FLB-dying).
"""

from __future__ import annotations

from itertools import combinations, product

from toolkit.referee.chance import Pick
from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import REACT, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event, Illegal

from toolkit.referee.rulesets.fantasy_line_battle import draws, line, victory, words
from toolkit.referee.rulesets.fantasy_line_battle.effects import (
    Ctx, ability_of, aimed_at, run_all, target_kind)
from toolkit.referee.rulesets.fantasy_line_battle.moves import Ability, Aim, Cast, Kill
from toolkit.referee.rulesets.fantasy_line_battle.state import SPELLS, State, discard_of

INTERRUPT = "interrupt"


def _after(s: State) -> tuple[str, ...]:
    """The sides in turn order: the one that did not take the last turn first."""
    first = s.cfg.other(s.last) if s.last else s.sides[0]
    return (first, s.cfg.other(first))


def _turn(s: State, side: str):
    """`side`'s turn begins: it is the last turn taken until the next one begins, whether
    it is spent on a move or on a pass (a pass is a turn, FLB-turns)."""
    return (s if s.last == side else evolve(s, last=side)), ()


#: The phases of a Day that come after the spell phase: every side has passed its casting.
AFTER_SPELLS = frozenset(("movement", "targeted", "front", "dusk"))


def has_passed(s: State, side: str) -> bool:
    """Has `side` passed in today's spell phase? Then it plays no more spell cards
    today, interrupts included (FLB-cast, FLB-R16)."""
    if s.flow.phase == "spells":
        return side in s.flow.out
    return s.flow.phase in AFTER_SPELLS


def _closed(s: State, side: str) -> bool:
    """No answers from `side`: it passed today, and answers close with a pass
    (option `answers_after_pass closed`, FLB-R16)."""
    return not s.cfg.answers_open and has_passed(s, side)


# ------------------------------------------------------------------- mana


class Mana:
    """mana (automatic): each side makes 3 plus its live characters' mana; unspent
    mana is kept (FLB-mana). Lasting spells strike at the start of the Day."""

    def enter(self, s: State):
        events: list = []
        for side in s.sides:
            made = line.production(s, side)
            s = s.add("mana", side, made)
            events.append(Event("mana", f"Day {s.flow.round}: {side} makes {made} mana "
                                f"({s.get(s.mana, side)} in all)"))
        for who, kind, n, whose in s.lasting:
            if kind == "burn":
                targets = {"enemy": (s.cfg.other(who),), "own": (who,),
                           "both": s.sides}[whose]
                for side in targets:
                    s = line.deal_front(s, side, n, events, f"{who}'s lasting spell")
        return s, tuple(events)


class Start:
    """start (chance): who casts first today (FLB-start)."""

    def enter(self, s: State):
        events: list = []
        return line.bury(s, events), tuple(events)

    def chance(self, s: State):
        return Pick(tuple(s.sides), "who casts first today")

    def apply(self, s: State, side, outcome):
        first = outcome.values[0]
        s = evolve(s, flow=evolve(s.flow, start=first))
        return s, (Event("start", f"{first} casts first today"),)


# ------------------------------------------------------------------ spells


def spell_targets(s: State, side: str, card: str, times: int) -> list[tuple[str, ...]]:
    """Every target list a cast of `card` `times` times may name."""
    spell = s.cfg.spells[card]
    kind = target_kind(spell.effects)
    enemy = s.cfg.other(side)
    if kind == "enemy":
        one = [str(i) for i, f in enumerate(s.line(enemy), 1) if not f.dying]
    elif kind == "friend":
        one = [str(i) for i, f in enumerate(s.line(side), 1) if not f.dying]
    elif kind == "dead":
        if len(s.line(side)) >= s.cfg.max_line:
            return []
        one = sorted(set(s.dead(side)))
    elif kind == "move":
        n = len(s.line(side))
        return [(str(a), str(b)) for a in range(1, n + 1) for b in range(1, n + 1)
                if a != b and not s.line(side)[a - 1].dying]
    else:
        return [()]
    impacts = times if spell.fork else 1
    return [tuple(t) for t in product(one, repeat=impacts)]


def can_cast(s: State, side: str, m: Cast, answering: bool = False) -> Illegal | None:
    spell = s.cfg.spells.get(m.card)
    if spell is None:
        return Illegal("FLB-cast", f"there is no spell {m.card}")
    if m.card not in s.spells(side):
        return Illegal("FLB-cast", f"you hold no {m.card}")
    if spell.interrupt and not answering:
        return Illegal("FLB-interrupt", f"{m.card} is an interrupt: cast it only in answer "
                       "to the other player's spell")
    if m.times > 1 and not (spell.doubleable or spell.fork):
        return Illegal("FLB-double", f"{m.card} is neither doubleable nor a fork")
    if m.times > s.cfg.max_times:
        return Illegal("FLB-R19", f"a spell is cast at most x{s.cfg.max_times}")
    if spell.first_only and s.get(s.cast, side):
        counted = ", answers included" if s.cfg.answer_is_spell else ""
        return Illegal("FLB-hurricane", f"{m.card} may only be your first spell of the Day"
                       f"{counted}; you have cast one already")
    price = spell.cost * m.times
    if price > s.get(s.mana, side):
        return Illegal("FLB-mana", f"{m.card} costs {price} mana; you have "
                       f"{s.get(s.mana, side)}")
    if not answering and m.args not in spell_targets(s, side, m.card, m.times):
        kind = target_kind(spell.effects)
        want = {"enemy": "a place in the enemy line", "friend": "a place in your line",
                "dead": "a dead friend's card (and room in your line)",
                "move": "a friend's place and the place to move it to",
                None: "no target"}[kind]
        each = " per impact" if spell.fork and kind else ""
        return Illegal("FLB-target", f"{m.card} takes {want}{each}")
    return None


def _pay(s: State, side: str, m: Cast) -> State:
    spell = s.cfg.spells[m.card]
    s = s.add("mana", side, -spell.cost * m.times)
    return s.move_cards([m.card], (SPELLS, side), (discard_of(spell.category), None))


def answers(s: State, side: str, pending: tuple) -> list[Cast]:
    """The interrupts `side` may cast against `pending` (FLB-interrupt)."""
    out: list = []
    if _closed(s, side):
        return out
    for card in sorted(set(s.spells(side))):
        spell = s.cfg.spells[card]
        if spell.interrupt and spell.cost <= s.get(s.mana, side):
            out += _answers_with(s, side, card, spell, pending)
    return out


def _answers_with(s: State, side: str, card: str, spell, pending: tuple) -> list[Cast]:
    """The casts of the interrupt `card` that would have an effect on `pending`: a
    counter of its category, or a protection of each friend it is aimed at."""
    out: list = []
    for call in spell.effects:
        args = dict(call.args)
        if call.name == "counter" and pending[1] != "kill" and args["category"] in (
                "any", s.cfg.spells[pending[1]].category):
            out.append(Cast(card))
        elif call.name == "protect":
            kinds = args.get("from")
            kinds = kinds if isinstance(kinds, tuple) else (kinds,)
            wanted = "targeted_damage" if pending[1] == "kill" else "spell"
            if wanted in kinds:
                out += [Cast(card, 1, (str(i),)) for i, f in enumerate(s.line(side), 1)
                        if aimed_at(s, pending, side, f.uid)]
    return out


def _resolve_cast(s: State, pending: tuple) -> tuple[State, list]:
    side, card, times, args = pending
    if card == "kill":
        return _resolve_kill(s, side, tuple(int(a) for a in args))
    spell = s.cfg.spells[card]
    mult = times if spell.doubleable else 1
    impacts = times if spell.fork else 1
    events: list = []
    kind = target_kind(spell.effects)
    for k in range(impacts):
        chosen = args[k:k + 1] if (spell.fork and kind) else args
        ctx = run_all(spell.effects, Ctx(s, side, card, mult, chosen))
        s = ctx.s
        events += ctx.events
    return s, events


def _resolve_kill(s: State, side: str, places: tuple[int, ...]) -> tuple[State, list]:
    """The enemies at `places` are killed at once (Dying keep their places, so the
    places stay good), then the turn's targeted damage is settled (`_after_kill`)."""
    enemy = s.cfg.other(side)
    events: list = []
    for place in places:
        f = line.at_place(s, enemy, place)
        s = s.add("pool", side, -f.health)
        if f.warded:
            events.append(Event("ward", f"{enemy}'s {f.card} cannot die today: "
                                f"{f.health} targeted damage is lost"))
            continue
        s = line.kill(s, enemy, f, events, "targeted damage")
    return _after_kill(s, side, events), events


def convert(s: State, side: str, events: list) -> State:
    """What `side` holds of targeted damage goes to the enemy Front now (FLB-targeted)."""
    left = s.get(s.pool, side)
    s = evolve(s, spending=None) if s.spending == side else s
    if not left:
        return s
    s = s.put("pool", side, 0)
    return line.deal_front(s, s.cfg.other(side), left, events,
                           f"{side}'s unspent targeted damage")


def _after_kill(s: State, side: str, events: list) -> State:
    """In the targeted damage phase a turn spends all that is held (FLB-R25): it goes
    on while the rest can still kill an enemy; once it cannot, the rest goes to the
    enemy Front and the turn is over. In the spell phase the rest is kept."""
    if s.flow.phase != "targeted":
        return s
    if kills(s, side):
        return s if s.spending == side else evolve(s, spending=side)
    return convert(s, side, events)


def may_answer(s: State, side: str, pending: tuple) -> bool:
    """Could `side` hold an interrupt with an effect on `pending`, judged only from what
    both players see (FLB-R23): a category it has access to holds such an interrupt and
    its mana pays for one. The window opens then whether or not it holds one, so that
    opening it tells nothing about its hand. A side that passed today is not asked
    (`_closed`)."""
    if _closed(s, side):
        return False
    limits = draws.spell_limits(s, side)
    mana = s.get(s.mana, side)
    return any(spell.interrupt and limits.get(spell.category) and spell.cost <= mana
               and _answers_with(s, side, card, spell, pending)
               for card, spell in s.cfg.spells.items())


def _start(s: State, side: str, pending: tuple, events: list) -> State:
    """A spell or kill is under way: the other side may answer it, or it resolves."""
    enemy = s.cfg.other(side)
    if may_answer(s, enemy, pending):
        what = "kills" if pending[1] == "kill" else f"casts {s.cfg.titles(pending[1])}"
        return open_window(evolve(s, pending=pending),
                           Window(INTERRUPT, REACT, (enemy,),
                                  f"{side} {what}: answer with an interrupt, or pass"))
    s, more = _resolve_cast(s, pending)
    events += more
    return _tidy(s, events)


def _tidy(s: State, events: list) -> State:
    """After a spell: both sides draw to their limits; hands over a limit discard."""
    for side in s.sides:
        s = draws.refill_spells(s, side, events)
    return draws.open_discards(s)


def check_kill(s: State, side: str, m: Kill) -> Illegal | None:
    enemy = s.cfg.other(side)
    need, names = 0, []
    for place in m.places:
        f = line.at_place(s, enemy, place)
        if f is None or f.dying:
            return Illegal("FLB-targeted", f"there is no live enemy at place {place}")
        need += f.health
        names.append(f"{f.card} {f.health}")
    pool = s.get(s.pool, side)
    if pool < need:
        return Illegal("FLB-targeted", f"killing {enemy}'s " + " and ".join(names)
                       + f" outright needs {need} targeted damage; you hold {pool}")
    return None


def kills(s: State, side: str) -> list[Kill]:
    """Every set of live enemies whose healths the held targeted damage pays for, all at
    once (FLB-R25): fewest first, then by place."""
    pool = s.get(s.pool, side)
    if not pool:
        return []
    live = [(i, f.health) for i, f in enumerate(s.line(s.cfg.other(side)), 1)
            if not f.dying and f.health <= pool]
    out = []
    for n in range(1, len(live) + 1):
        found = [Kill(tuple(i for i, _ in group)) for group in combinations(live, n)
                 if sum(h for _, h in group) <= pool]
        if not found:
            break
        out += found
    return out


def play_kill(s: State, side: str, m: Kill) -> tuple[State, tuple]:
    where = " and ".join(str(p) for p in m.places)
    events = [Event("aim", f"{side} aims targeted damage at place{'s' * (len(m.places) > 1)} "
                    f"{where}")]
    pending = (side, "kill", 1, tuple(str(p) for p in m.places))
    s = _start(evolve(s, last=side), side, pending, events)
    return s, tuple(events)


class Spells:
    """spells (in turn, until both pass): cast a spell, or spend targeted damage on
    one or more kills, keeping the rest (FLB-R25). A pass ends one's casting for the
    Day, answers included (FLB-R16)."""

    begin_turn = staticmethod(_turn)

    def enter(self, s: State):
        events: list = []
        return line.bury(s, events), tuple(events)

    def candidates(self, s: State, side: str):
        out: list = []
        for card in sorted(set(s.spells(side))):
            spell = s.cfg.spells[card]
            most = s.cfg.max_times if spell.doubleable or spell.fork else 1
            for times in range(1, most + 1):
                for args in spell_targets(s, side, card, times):
                    out.append(Cast(card, times, args))
        return out + kills(s, side)

    def legal(self, s: State, side: str):
        """What `check` accepts, listed directly (can_cast's conditions read once per
        card, the targets once per card and count); tests hold it to the check."""
        out: list = []
        mana = s.get(s.mana, side)
        first = not s.get(s.cast, side)
        spells, max_times = s.cfg.spells, s.cfg.max_times
        for card in sorted(set(s.spells(side))):
            spell = spells[card]
            if spell.interrupt or (spell.first_only and not first):
                continue
            most = max_times if spell.doubleable or spell.fork else 1
            for times in range(1, most + 1):
                if spell.cost * times > mana:
                    break
                out += [Cast(card, times, args) for args in spell_targets(s, side, card, times)]
        return out + kills(s, side)

    def check(self, s: State, side: str, m) -> Illegal | None:
        if isinstance(m, Cast):
            return can_cast(s, side, m)
        if isinstance(m, Kill):
            return check_kill(s, side, m)
        return Illegal("FLB-cast", "in the spell phase: cast SPELL, kill PLACE... or pass")

    def apply(self, s: State, side: str, m):
        if isinstance(m, Kill):
            return play_kill(s, side, m)
        s = _pay(evolve(s, last=side), side, m).add("cast", side, 1)
        events = [Event("cast", f"{side} casts {words.cast_words(s.cfg.titles, m)}",
                        reveals=True)]
        s = _start(s, side, (side, m.card, m.times, m.args), events)
        return s, tuple(events)


class Interrupt:
    """The interrupt window: the other side may answer a spell or a kill."""

    def candidates(self, s: State, side: str, w: Window):
        return answers(s, side, s.pending)

    def check(self, s: State, side: str, m, w: Window) -> Illegal | None:
        if not isinstance(m, Cast):
            return Illegal("FLB-interrupt", "answer with an interrupt spell, or pass")
        if _closed(s, side):
            return Illegal("FLB-cast", "you passed in today's spell phase: no more spell "
                           "cards today, interrupts included")
        problem = can_cast(s, side, m, answering=True)
        if problem:
            return problem
        if m not in answers(s, side, s.pending):
            return Illegal("FLB-interrupt", f"{m.card} cannot answer {s.pending[1]}")
        return None

    def apply(self, s: State, side: str, m: Cast, w: Window):
        pending = s.pending
        s = _pay(evolve(s, pending=None), side, m)
        if s.cfg.answer_is_spell:  # an answer is a Spell: no Hurricane after it (FLB-R19)
            s = s.add("cast", side, 1)
        events = [Event("cast", f"{side} answers with {str(m)[5:]}", reveals=True)]
        ctx = run_all(s.cfg.spells[m.card].effects, Ctx(s, side, m.card, 1, m.args,
                                                        pending=pending))
        s = ctx.s
        events += ctx.events
        if not ctx.cancelled:
            s, more = _resolve_cast(s, pending)
            events += more
        elif pending[1] == "kill":  # the friend it spares keeps its place; the rest die
            rest = tuple(a for a in pending[3] if not m.args or a != m.args[0])
            s, more = _resolve_kill(s, pending[0], tuple(int(a) for a in rest))
            events += more
        return _tidy(s, events), tuple(events)

    def resolve(self, s: State, w: Window):
        pending = s.pending
        s, events = _resolve_cast(evolve(s, pending=None), pending)
        return _tidy(s, events), tuple(events)


# ---------------------------------------------------------------- movement


def ability_moves(s: State, side: str) -> list[Ability]:
    if s.still:
        return []
    out = []
    n = len(s.line(side))
    for i, f in enumerate(s.line(side), 1):
        call = ability_of(s, f.card)
        if call is None or f.dying or f.stunned or s.used.count(f.uid) >= s.cfg.ability_uses:
            continue
        kw = dict(call.args)
        if kw.get("self") and kw.get("to") == "front":
            if i > 1:
                out.append(Ability(i))
        elif kw.get("self") and kw.get("swap"):
            out += [Ability(i, (j,)) for j in (i - 1, i + 1) if 1 <= j <= n]
        elif kw.get("target") == "friend":
            step = abs(int(kw.get("places", 1)))
            for j in range(1, n + 1):
                if j == i or s.line(side)[j - 1].dying:
                    continue
                out += [Ability(i, (j, k)) for k in (j - step, j + step) if 1 <= k <= n]
    return out


class Movement:
    """movement (in turn, until both pass): one move ability at a time; each
    character's `ability_uses_per_day` times a Day, once by default (FLB-move, FLB-R21)."""

    begin_turn = staticmethod(_turn)

    def order(self, s: State):
        return _after(s)

    def enter(self, s: State):
        events: list = []
        return line.bury(s, events), tuple(events)

    def candidates(self, s: State, side: str):
        return ability_moves(s, side)

    def check(self, s: State, side: str, m) -> Illegal | None:
        if not isinstance(m, Ability):
            return Illegal("FLB-move", "in the movement phase: ability PLACE [TARGETS] or pass")
        if s.still:
            return Illegal("FLB-move", "no move abilities today (Earthquake)")
        f = line.at_place(s, side, m.place)
        if f is None or ability_of(s, f.card) is None:
            return Illegal("FLB-move", f"you have no character with a move ability at "
                           f"place {m.place}")
        if f.stunned or f.dying or s.used.count(f.uid) >= s.cfg.ability_uses:
            why = "is stunned" if f.stunned else "is Dying" if f.dying else \
                ("has used its move ability today" if s.cfg.ability_uses == 1 else
                 f"has used its move ability {s.cfg.ability_uses} times today")
            return Illegal("FLB-move", f"your {f.card} {why}")
        if m not in ability_moves(s, side):
            return Illegal("FLB-move", f"your {f.card} cannot move that way")
        return None

    def apply(self, s: State, side: str, m: Ability):
        f = line.at_place(s, side, m.place)
        ctx = Ctx(evolve(s, last=side, used=s.used + (f.uid,)), side, f.card,
                  args=tuple(str(a) for a in m.args), user=f.uid)
        run_all((ability_of(s, f.card),), ctx)
        return ctx.s, tuple(ctx.events)


# ---------------------------------------------------------------- damage


def aims(s: State, side: str) -> list[Aim]:
    """targeted_damage chosen: the characters of `side` that may still make theirs."""
    if not s.cfg.chosen:
        return []
    return [Aim(i) for i, f in enumerate(s.line(side), 1)
            if f.targeted and not f.stunned and f.uid not in s.aimed and f.reaches(i)]


class Targeted:
    """targeted (in turn, until both pass): characters that may target damage make
    it if in range; then kills in turn (FLB-targeted). A turn of kills spends all that
    is held: it goes on while the rest can still kill, then the rest goes to the enemy
    Front (FLB-R25); a pass sends what is held there at once (FLB-R24). With
    `targeted_damage chosen` each is aimed in turn (`aim PLACE`) or left to deal normal
    damage (FLB-R14)."""

    def order(self, s: State):
        return _after(s)

    def begin_turn(self, s: State, side: str):
        """A pass is a turn (FLB-turns); the side that passed just now has its
        targeted damage converted to damage to the enemy Front (FLB-R24)."""
        s, _ = _turn(s, side)
        events: list = []
        for other in s.sides:
            if other in s.flow.out and (s.get(s.pool, other) or s.spending == other):
                s = convert(s, other, events)
        return s, tuple(events)

    def turn_over(self, s: State, side: str) -> bool:
        return s.spending != side

    def enter(self, s: State):
        events: list = []
        s = line.bury(s, events)
        if s.cfg.chosen:
            return s, tuple(events)
        for side in s.sides:
            made = sum(f.hits() for f in s.line(side)
                       if f.targeted and not f.stunned and line.in_range(s, side, f))
            if made:
                s = s.add("pool", side, made)
                events.append(Event("targeted", f"{side} makes {made} targeted damage "
                                    f"({s.get(s.pool, side)} held)"))
        return s, tuple(events)

    def candidates(self, s: State, side: str):
        return aims(s, side) + kills(s, side)

    def check(self, s: State, side: str, m) -> Illegal | None:
        if isinstance(m, Aim):
            if m in aims(s, side):
                return None
            if not s.cfg.chosen:
                return Illegal("FLB-R14", "targeted damage is made by itself in this game")
            return Illegal("FLB-R14", f"no character of yours at place {m.place} can make "
                           "targeted damage now")
        if not isinstance(m, Kill):
            return Illegal("FLB-targeted", "in the targeted damage phase: kill PLACE... or "
                           "pass")
        return check_kill(s, side, m)

    def apply(self, s: State, side: str, m):
        if isinstance(m, Aim):
            f = line.at_place(s, side, m.place)
            s = evolve(s, aimed=s.aimed | {f.uid}, last=side).add("pool", side, f.hits())
            return s, (Event("targeted", f"{side}'s {f.card} makes {f.hits()} targeted damage "
                             f"({s.get(s.pool, side)} held)"),)
        return play_kill(s, side, m)


class Front:
    """front (automatic): unspent targeted damage becomes damage to the enemy Front;
    every other character in range deals its damage there; the Front character dies
    each time enough has gathered; the rest waits for the next Day (FLB-front)."""

    def enter(self, s: State):
        events: list = []
        s = line.bury(s, events)
        # the targeted damage left when both passed reaches the Fronts first: what it
        # kills died in the targeted damage phase and deals no normal damage (FLB-R24)
        for side in s.sides:
            s = convert(s, side, events)
        s = line.bury(s, events)
        dealt = {}
        for side in s.sides:
            dealt[side] = sum(f.hits() for f in s.line(side)
                              if not (f.targeted and (not s.cfg.chosen or f.uid in s.aimed))
                              and not f.stunned and not f.dying and line.in_range(s, side, f))
        for side in s.sides:
            s = line.deal_front(s, s.cfg.other(side), dealt[side], events, f"{side}'s line")
        return s, tuple(events)


class Dusk:
    """dusk (automatic): the Dying die; the Day's effects end; a stalled game is
    judged (FLB-R05)."""

    def enter(self, s: State):
        events: list = []
        s = line.bury(s, events)
        calm = 0 if s.deaths else s.calm + 1
        lines = tuple(tuple(evolve(f, stunned=False, bonus=0, warded=False) for f in ln)
                      for ln in s.lines)
        if s.flow.round == 1 and s.cfg.grace_day:  # judged at the end of Day 2 (FLB-R06)
            s = evolve(s, graced=frozenset(side for side in s.sides if not s.line(side)))
        s = evolve(s, lines=lines, calm=calm, deaths=0, shield=(0, 0), cast=(0, 0),
                   used=(), aimed=frozenset(), still=False,
                   lasting=tuple(x for x in s.lasting if x[1] != "harvest"))
        return victory.at_dusk(s, events), tuple(events)
