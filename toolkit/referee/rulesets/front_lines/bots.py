"""What search bots need from Front Lines (toolkit/sim): a heuristic, samples of
what a side cannot see, move labels for the balance report, and the turn count.

`evaluate(state, side)` reads only what `side` may see (fog.hidden_from,
fog.apparent): its own units where its plan puts them, its reserve, the enemy
units in sight as they look, the enemy's reserve count, the centre-hold
streaks (FL-win-3) and how far its combat units have advanced.

`determinize(state, side, rng)` redraws what `side` cannot know:
- the enemy's orders planned this turn (FL-fog-4): dropped, so the search
  plans the enemy's turn itself; in a free deployment (FL-deploy-1) the
  enemy's whole placement;
- the types of the enemy units on the back row out of sight (FL-fog-1), of
  the enemy units that look like a disguise (a Recon shown as Infantry,
  FL-recon-3) and of the enemy reserve (FL-spawn-4): the same pieces, dealt
  again at random among those places (the Commander always on the board,
  stacks kept legal, FL-stack-1/2);
- where the enemy's mines lie (FL-fog-3): as many, on random free squares of
  the enemy's skill zone.
What is kept: which hidden back-row squares are occupied (a simplification:
a side knows how many units the enemy has, not where on the hidden row).
"""

from __future__ import annotations

import math
import random

from toolkit.referee.protocol import PASS, Move
from toolkit.referee.rulesets.front_lines import fog
from toolkit.referee.rulesets.front_lines.notation import DEPLOY as DEPLOY_ORDER
from toolkit.referee.rulesets.front_lines.notation import MOVE, SKILL, SPAWN
from toolkit.referee.rulesets.front_lines.stacking import stack_problem
from toolkit.referee.rulesets.front_lines.state import (
    DEPLOY, OVER, State, Unit, deploy_plan, fresh_plans)

SAMPLE_TRIES = 20  # redraws of the hidden types before keeping the stacks as they are
SKILL_NAMES = {"airstrike": "airstrike", "reinforce": "reinforce", "mine": "land mine"}


def evaluate(state: State, player: str) -> float:
    """Roughly -1 (lost) to 1 (won) for `player`, from what it may see."""
    cfg = state.cfg
    me = cfg.side_index(player)
    if state.outcome is not None:
        if state.outcome.winner is None:
            return 0.0
        return 1.0 if state.outcome.winner == player else -1.0
    if state.phase == DEPLOY:
        return 0.0
    en = 1 - me
    plan = state.plans[me]
    worth = {kind: _worth(cfg, kind) for kind in cfg.role}
    mine = sum(map(worth.__getitem__, plan.kinds.values()))
    mine += sum(worth[kind] * n for kind, n in plan.pool.items())
    enemy = [u for u in state.units.values() if u.side == en]
    hidden = fog.hidden_from(state, me, among=frozenset(u.sq for u in enemy))
    seen_worth, unseen, seen_centre = 0, 0, 0  # the enemy in sight as it looks, the rest
    for u in enemy:
        if u.sq in hidden:
            unseen += 1
            continue
        seen_worth += worth[fog.apparent(state, u)]
        seen_centre += u.sq in cfg.centre
    theirs = seen_worth + (unseen + sum(state.pools[en].values()))  # counts (casualties
    material = math.tanh((mine - theirs) / 4)  # are announced)
    need = max(1, cfg.options["centre_hold_turns"] or 1)
    streak = (state.hold[me] - state.hold[en]) / need
    centre = (sum(1 for sq in plan.where.values() if sq in cfg.centre)
              - seen_centre) / max(1, len(cfg.centre))
    advance = _advance(cfg, plan, me)
    score = 0.4 * material + 0.3 * streak + 0.2 * centre + 0.1 * advance
    return max(-0.95, min(0.95, score))


def _worth(cfg, kind: str) -> float:
    if cfg.role[kind] == "commander":
        return 0.0  # its loss ends the game: outcome, not material
    base = 0.7 if cfg.role[kind] == "recon" else 1.0
    return base + (0.5 if kind == cfg.wipe_piece else 0.0)


def _advance(cfg, plan, me: int) -> float:
    """How far own combat units stand towards the enemy's side, 0 (home row) to 1."""
    rows = [sq // cfg.width for uid, sq in plan.where.items()
            if cfg.role[plan.kinds[uid]] == "combat"]
    if not rows or cfg.height < 2:
        return 0.0
    top = cfg.height - 1
    if cfg.forward[me] == 1:
        return sum(rows) / (len(rows) * top)
    return sum(top - r for r in rows) / (len(rows) * top)


def determinize(state: State, player: str, rng: random.Random) -> State:
    """A state consistent with everything `player` knows, the rest redrawn."""
    if state.phase == OVER:
        return state
    cfg = state.cfg
    me = cfg.side_index(player)
    en = 1 - me
    if state.phase == DEPLOY:
        if cfg.options["deployment"] == "setup":
            return state  # both armies stand as the scenario shows
        plans = list(state.plans)
        plans[en] = deploy_plan(cfg, en)
        return state.with_plans((plans[0], plans[1]))
    units, pool = _redeal(state, me, en, rng)
    mines = list(state.mines)
    mines[en] = _scatter_mines(state, en, units, rng)
    new = state.replace(units=units, pools=_pools(state, en, pool),
                        mines=(mines[0], mines[1]))
    fresh = fresh_plans(new)
    plans = list(state.plans)
    plans[en] = fresh[en]
    return new.with_plans((plans[0], plans[1]))


def _redeal(state: State, me: int, en: int, rng: random.Random):
    """The enemy units' types dealt again among the places `me` cannot tell apart."""
    cfg = state.cfg
    hidden = fog.hidden_from(state, me)
    disguises = {p.disguise for p in cfg.pieces.values() if p.disguise}
    unseen = [u for u in state.units.values() if u.side == en and u.sq in hidden]
    lookalikes = [u for u in state.units.values() if u.side == en and u.sq not in hidden
                  and fog.apparent(state, u) in disguises]
    pool = [kind for kind, n in sorted(state.pools[en].items()) for _ in range(n)]
    kinds = [u.kind for u in unseen] + [u.kind for u in lookalikes] + pool
    units = dict(state.units)
    if not unseen and not any(cfg.pieces[k].disguise for k in kinds):
        return units, pool
    for _ in range(SAMPLE_TRIES):
        dealt = _deal(state, en, unseen, lookalikes, kinds, rng)
        if dealt is not None:
            placed, rest = dealt
            units.update(placed)
            return units, rest
    return units, pool  # no legal deal found: the stacks stay (rare: crowded back rows)


def _deal(state, en: int, unseen: list[Unit], lookalikes: list[Unit], kinds: list[str],
          rng: random.Random):
    cfg = state.cfg
    bag = list(kinds)
    rng.shuffle(bag)
    placed: dict[int, Unit] = {}
    # a lookalike is what it looks like, or a piece disguised as that
    for u in lookalikes:
        look = fog.apparent(state, u)
        pick = next((k for k in bag if k == look or cfg.pieces[k].disguise == look), None)
        if pick is None:
            return None
        bag.remove(pick)
        placed[u.uid] = u._replace(kind=pick, disguised=pick != look)
    # the Commander stays on the board: on an unseen square of its own
    commander = cfg.commander
    if commander in bag:
        alone = [u for u in unseen if sum(1 for v in unseen if v.sq == u.sq) == 1]
        if not alone:
            return None
        host = alone[int(rng.random() * len(alone))]
        bag.remove(commander)
        placed[host.uid] = host._replace(kind=commander, disguised=False)
    for u in unseen:
        if u.uid in placed:
            continue
        if not bag:
            return None
        kind = bag.pop()
        if kind == commander:
            return None
        placed[u.uid] = u._replace(kind=kind, disguised=cfg.pieces[kind].disguise is not None)
    touched = {u.sq for u in placed.values()}
    by_square: dict[int, list[str]] = {}
    for u in state.units.values():  # every enemy unit on a square a new type came to
        if u.side == en and u.sq in touched:
            by_square.setdefault(u.sq, []).append(placed.get(u.uid, u).kind)
    for kinds_here in by_square.values():
        for i in range(1, len(kinds_here)):
            if stack_problem(cfg, kinds_here[:i], kinds_here[i]) is not None:
                return None
    return placed, bag


def _pools(state: State, en: int, pool: list[str]):
    counts: dict[str, int] = {}
    for kind in pool:
        counts[kind] = counts.get(kind, 0) + 1
    pools = list(state.pools)
    pools[en] = counts
    return pools[0], pools[1]


def _scatter_mines(state: State, en: int, units: dict[int, Unit], rng: random.Random):
    if not state.mines[en]:
        return state.mines[en]
    taken = {u.sq for u in units.values()}
    free = [sq for sq in state.cfg.skill_list[en] if sq not in taken]
    rng.shuffle(free)
    return frozenset(free[:len(state.mines[en])]) if len(free) >= len(state.mines[en]) \
        else state.mines[en]


def move_label(state: State, player: str, move: Move) -> str:
    """What an order uses, for the report: `Armor moves`, `spawn Recon`, `airstrike`."""
    if move is PASS:
        return "pass"
    cfg = state.cfg
    action, piece = move[0], move[1]
    if action == SKILL:
        return SKILL_NAMES.get(piece, piece)
    name = cfg.by_letter.get(piece, piece).replace("_", " ")
    if action == MOVE:
        return f"{name} moves"
    if action == SPAWN:
        return f"spawn {name}"
    if action == DEPLOY_ORDER:
        return f"deploy {name}"
    return action


def turn_number(state: State) -> int:
    return state.turn


#: bound to the ruleset class by rules.py (static: they take the state, not the ruleset)
HOOKS = (staticmethod(evaluate), staticmethod(determinize), staticmethod(move_label),
         staticmethod(turn_number))
