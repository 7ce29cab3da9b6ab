"""Fog of war (FL-fog-*): what each side may see, as the kit's common view.

- The enemy's back row is hidden (the scenario's `hidden_SIDE` zone), except
  squares within the Manhattan reach of one of your Recon (FL-fog-1, FL-fog-2).
- A disguised Recon looks like its disguise (Infantry) to the enemy (FL-recon-3).
- Mines, planned orders and the make-up of the reserve are known only to
  their owner (FL-fog-3, FL-fog-4, FL-spawn-4); during deployment so is where
  each unit is placed (FL-deploy-1).

A view is a `kit.view.View`: units as `PieceView`s of the type the viewer
sees, `fog` the squares the viewer cannot see, the viewer's own secrets as
panels. `secrets` gives each hidden fact in exactly that form (a `PieceView`,
a panel), so a leak shows up as that very value in another view.
"""

from __future__ import annotations

from collections.abc import Iterable

from dsl.names import words
from toolkit.referee.kit.view import MarkerView, PieceView, TrackView, View, board_view
from toolkit.referee.kit.view import render as render_view
from toolkit.referee.rulesets.front_lines.words import orders_words
from toolkit.referee.rulesets.front_lines.state import DEPLOY, OVER, State, Unit

# The panels of a side's own view, titled with the side's name: each panel is a
# secret of that side alone (both sides' "orders: pass pass" are different facts).
ORDERS, MINES, RESERVE, DISGUISED, AFTER, TO_PLACE = (
    "{side}'s orders", "{side}'s mines", "{side}'s reserve", "{side}'s disguised recon",
    "{side} after its orders", "{side}'s army to place")


def hidden_from(state: State, viewer: int | None, units: Iterable[Unit] | None = None,
                among: frozenset[int] | None = None) -> frozenset[int]:
    """Squares whose units `viewer` (a side index, None for a spectator) cannot see; of
    the squares `among` only, when given (a search bot's evaluation asks about the
    enemy's units, not every square of the hidden zone)."""
    cfg = state.cfg
    if viewer is None:
        return cfg.hidden[0] | cfg.hidden[1]
    hidden = cfg.hidden[1 - viewer] if among is None else cfg.hidden[1 - viewer] & among
    scouts = [(u.sq, cfg.pieces[u.kind].reveals)
              for u in (state.units.values() if units is None else units)
              if u.side == viewer and cfg.pieces[u.kind].reveals]
    if not scouts:
        return hidden
    dist = cfg.distance
    return frozenset(sq for sq in hidden if not any(dist(sq, s) <= r for s, r in scouts))


def fogged(state: State, viewer: int | None) -> frozenset[int]:
    """The squares of the view's fog: while the armies deploy, the enemy's deployment
    rows (its placements are secret); after that, `hidden_from`."""
    if state.phase == DEPLOY:
        cfg = state.cfg
        return cfg.deploy[0] | cfg.deploy[1] if viewer is None else cfg.deploy[1 - viewer]
    return hidden_from(state, viewer)


def apparent(state: State, unit: Unit) -> str:
    """The type the enemy sees."""
    if unit.disguised:
        return state.cfg.pieces[unit.kind].disguise or unit.kind
    return unit.kind


def piece(state: State, side: int, sq: int, kind: str) -> PieceView:
    """A unit as a view shows it: `kind` the type the viewer sees, labelled by its letter."""
    cfg = state.cfg
    return PieceView(cfg.names[sq], kind, cfg.sides[side], cfg.letter[kind])


# ------------------------------------------------------------------ views


def view(state: State, player: str | None) -> View:
    cfg = state.cfg
    me = cfg.side_index(player) if player is not None else None
    fog = fogged(state, me)
    if state.phase == DEPLOY:
        pieces = _deployed(state, me) if me is not None else []
    else:
        pieces = [piece(state, u.side, u.sq, u.kind if u.side == me else apparent(state, u))
                  for u in state.units.values() if u.side == me or u.sq not in fog]
    pieces.sort(key=lambda p: (cfg.index[p.space], p.side, p.kind))
    return View(
        viewer=player, ruleset="front_lines", sides=cfg.sides, status=_status(state),
        board=board_view(cfg.scenario.board), pieces=tuple(pieces),
        fog=tuple(cfg.names[sq] for sq in sorted(fog)), marks=_marks(state, me),
        tracks=_tracks(state), markers=_markers(state),
        panels=_panels(state, me) if me is not None else (),
        letters=tuple(sorted(cfg.letter.items())))


def _deployed(state: State, side: int) -> list[PieceView]:
    """A side's army as placed so far (deployment is secret, FL-deploy-1)."""
    plan = state.plans[side]
    return [piece(state, side, sq, plan.kinds[uid]) for uid, sq in plan.where.items()]


def _status(state: State) -> tuple[str, ...]:
    cfg = state.cfg
    if state.phase == DEPLOY:
        army = [len(a) for a in cfg.armies]
        return ("deployment", "placed: " + ", ".join(
            f"{side} {army[s] - sum(state.plans[s].pool.values())} of {army[s]}"
            for s, side in enumerate(cfg.sides)))
    if state.phase == OVER:
        return ("game over", f"turn {state.turn}", str(state.outcome))
    return ("planning", f"turn {state.turn}", "planned: " + ", ".join(
        f"{side} {len(state.plans[s].orders)} of {cfg.actions}"
        for s, side in enumerate(cfg.sides)))


def _marks(state: State, me: int | None) -> tuple[tuple[str, str], ...]:
    """The centre squares (FL-win-3) and, while deploying, the viewer's deployment rows
    (a spectator's: both sides')."""
    cfg = state.cfg
    marks = [(sq, "centre") for sq in cfg.centre]
    if state.phase == DEPLOY:
        for s in (0, 1) if me is None else (me,):
            marks += [(sq, "deployment rows") for sq in cfg.deploy[s]]
    return tuple((cfg.names[sq], mark) for sq, mark in sorted(marks))


def _tracks(state: State) -> tuple[TrackView, ...]:
    cfg = state.cfg
    o = cfg.options
    return (
        TrackView("turns holding the centre", tuple(zip(cfg.sides, state.hold)),
                  o["centre_hold_turns"] or None),
        TrackView("turns without a casualty", ((None, state.quiet),),
                  o["no_casualty_draw_turns"] or None),
        TrackView("reserve left", tuple((side, sum(state.pools[s].values()))
                                        for s, side in enumerate(cfg.sides))))


def _markers(state: State) -> tuple[MarkerView, ...]:
    """The Commander skills each side still has (which ones were used is public, FL-skill-1)."""
    return tuple(MarkerView(f"{side} skills", " ".join(sorted(state.skills[s])) or "all used")
                 for s, side in enumerate(state.cfg.sides))


# ------------------------------------------------- a side's own secrets


def _panels(state: State, me: int) -> tuple[tuple[str, str], ...]:
    """What only side `me` knows, as (title, text) panels: each is one secret fact."""
    cfg = state.cfg
    plan = state.plans[me]
    side = cfg.sides[me]
    out = []
    if plan.orders:
        out.append((ORDERS, orders_words(cfg, [o for o, _ in plan.orders])))
    if state.phase == DEPLOY:
        if any(plan.pool.values()):
            out.append((TO_PLACE, _counts(state, plan.pool)))
    else:
        if state.mines[me]:
            out.append((MINES, " ".join(cfg.names[sq] for sq in sorted(state.mines[me]))))
        if any(state.pools[me].values()):
            out.append((RESERVE, _counts(state, state.pools[me])))
        disguised = sorted(u.sq for u in state.units.values() if u.side == me and u.disguised)
        if disguised:
            out.append((DISGUISED, " ".join(cfg.names[sq] for sq in disguised)))
        if plan.orders and state.phase != OVER:
            out.append((AFTER, _after_orders(state, me)))
    return tuple((title.format(side=side), text) for title, text in out)


def _counts(state: State, pool: dict[str, int]) -> str:
    return ", ".join(f"{pool[kind]} {words(kind)}" for kind in state.cfg.pieces
                     if pool.get(kind))


def _after_orders(state: State, me: int) -> str:
    """Where the units your orders so far move or bring in will stand (the squares
    later orders name, FL-fog-4): `infantry C4 (from C2)`, `armor B9 (new)`."""
    cfg = state.cfg
    plan = state.plans[me]
    now = {u.uid: u.sq for u in state.units.values() if u.side == me}
    out = []
    for uid, sq in sorted(plan.where.items(), key=lambda item: item[1]):
        was = now.get(uid)
        if was == sq:
            continue
        where = "new" if was is None else f"from {cfg.names[was]}"
        out.append(f"{words(plan.kinds[uid])} {cfg.names[sq]} ({where})")
    return ", ".join(out) or "no unit moves"


def secrets(state: State, player: str) -> list:
    """What only `player` may know now, in the exact form its view shows it: its panels,
    and each of its units the enemy cannot see (or sees disguised) as a `PieceView`
    of its true type (and, out of sight, of the type it would seem to be)."""
    cfg = state.cfg
    me = cfg.side_index(player)
    out: list = list(_panels(state, me))
    if state.phase == DEPLOY:
        return out + _deployed(state, me)
    hidden = hidden_from(state, 1 - me)
    for u in state.units.values():
        if u.side != me:
            continue
        if u.sq in hidden:
            out.append(piece(state, me, u.sq, u.kind))
            out.append(piece(state, me, u.sq, apparent(state, u)))
        elif u.disguised:
            out.append(piece(state, me, u.sq, u.kind))
    return out


# ------------------------------------------------------------------ render


def render(v: View) -> str:
    """The common view as text (kit.view.render): each unit drawn by its scenario letter
    (`T` anti_tank, not the type's first letter), North in capitals, South in small
    letters, `?` on squares the viewer cannot see, `*` on the centre."""
    return render_view(v)
