"""What a side sees, in the kit's common view: the map with every unit (its label,
strength and supplies), the ports, the delivery queues, its own resource points,
special cards and order decks, and of the other side only counts. While a secret
phase is under way, the other side's units, ports and dropped tokens are shown as
they stood when it began (LW-secret)."""

from __future__ import annotations

from toolkit.referee.kit.view import MarkerView, PieceView, PileView, TrackView, View, board_view
from toolkit.referee.rulesets.lines_and_webs.delivery import tokens_words
from toolkit.referee.rulesets.lines_and_webs.state import State, Tokens, Unit
from toolkit.referee.rulesets.lines_and_webs.units import strength

SECRET_PHASES = ("spend", "transport", "orders")


def supplies(s: State, t: Tokens) -> str:
    """Tokens in the kit's words: `4 rations, 4 fuel, 4 ammunition`, or `nothing`."""
    return tokens_words(s.cfg, t)


def unit_text(s: State, u: Unit) -> str:
    """A unit's label (its notation), strength, supplies and markers, in words:
    `DAPS1 strength 3 with 4 rations, 4 fuel, suppressed`."""
    marks = [w for w, on in (("suppressed", u.suppressed), ("degraded", u.degraded),
                             ("blocked", u.pinned), ("displaced", u.displaced)) if on]
    held = f" with {supplies(s, u.tokens)}" if sum(u.tokens) else ""
    return f"{u.label} strength {strength(s, u)}{held}" + "".join(f", {m}" for m in marks)


def seen(s: State, viewer: str | None):
    """Units, ports and drops as `viewer` may see them now."""
    if s.veil is None:
        return s.units, s.ports, s.drops
    units0, ports0, drops0 = s.veil
    units = tuple(u if u.side == viewer else units0[u.uid] for u in s.units)
    ports = tuple(p if (p.holder == viewer and ports0[k].holder == viewer) else ports0[k]
                  for k, p in enumerate(s.ports))
    drops = tuple(d for d in s.drops if d[1] == viewer) + tuple(
        d for d in drops0 if d[1] != viewer)
    return units, ports, drops


def scrambled_deck(s: State, side: str, cards: tuple[str, ...]) -> PileView:
    """`side`'s own execution deck after an enemy Cyber Attack!: what it holds (it put
    the cards there) in an order of their names, not the deck's; on its turn in
    Execute orders the top card is turned over, so that one is shown first (LW-K5)."""
    turned = s.flow.phase == "execute" and s.flow.actor == side and bool(cards)
    rest = sorted(cards[1:] if turned else cards)
    shown = ((cards[0],) if turned else ()) + tuple(rest)
    name = ("execution deck (top card turned; the rest in an order you may not see)"
            if turned else "execution deck (in an order you may not see)")
    return PileView(name, "deck", side, len(cards), shown)


def port_panels(s: State, ports) -> list[tuple[str, str]]:
    """Each port: who holds it, what it stores, its damage."""
    cfg = s.cfg
    return [(f"port {cfg.names[node]}", f"held by {p.holder or 'nobody'}; stores "
             f"{supplies(s, p.tokens)}; damage {p.damage}")
            for node, p in zip(cfg.ports, ports)]


def cargo(s: State, uids, t: Tokens) -> str:
    """What waits in one space of a delivery queue or a purchase, in words."""
    units = ", ".join(s.units[u].label for u in uids)
    tokens = supplies(s, t) if sum(t) else ""
    if units and tokens:
        return f"{units} with {tokens}"
    return units or tokens or "nothing"


def queue_panels(s: State) -> list[tuple[str, str]]:
    """Each side's delivery queue, space by space under the kit's names for its spaces
    (the scenario's `table words`): `In transit to the port: DAPS1 with 4 rations`."""
    cfg = s.cfg
    out = []
    for side in s.sides:
        q = [f"{cfg.words.get(space, space)}: {cargo(s, uids, t)}"
             for space, (uids, t) in zip(cfg.queue_spaces, s.book(side).queue)]
        out.append((f"{side}'s delivery queue", "; ".join(q)))
    return out


def purchases_panel(s: State, viewer: str) -> list[tuple[str, str]]:
    """What `viewer` has bought this turn: by sea, by air, special cards."""
    b = s.book(viewer)
    if not (b.basket_units or b.fly_units or sum(b.basket_tokens) or sum(b.fly_tokens)
            or b.cards_bought):
        return []
    words = s.cfg.words
    parts = [f"by sea: {cargo(s, b.basket_units, b.basket_tokens)}",
             f"by air: {cargo(s, b.fly_units, b.fly_tokens)}"]
    if b.cards_bought:
        parts.append("cards: " + ", ".join(words.get(c, c) for c in b.cards_bought))
    return [("your purchases", "; ".join(parts))]


def view(s: State, viewer: str | None, ruleset: str) -> View:
    cfg = s.cfg
    units, ports, drops = seen(s, viewer)
    status = [f"turn {min(s.turn, cfg.turns)} of {cfg.turns}", f"phase {s.flow.phase}"]
    if s.initiative and s.flow.phase == "execute":
        status.append(f"{s.initiative} has the initiative")
    pieces = tuple(PieceView(cfg.names[u.node], u.kind, u.side, unit_text(s, u))
                   for u in units if u.alive)
    marks = tuple((cfg.names[p], "port") for p in cfg.ports)
    marks += tuple((cfg.names[n], f"blocked for {who}") for n, who in s.blocked)
    piles = []
    secret = s.flow.phase in SECRET_PHASES
    for side in s.sides:
        b = s.book(side)
        mine = side == viewer
        piles.append(PileView("special cards", "hand", side,
                              len(b.hand), tuple(b.hand) if mine else None))
        for name, cards in (("execution", b.execution), ("reserve", b.reserve)):
            count = len(cards) if (mine or not secret) else None
            if mine and name == "execution" and side in s.scrambled:
                piles.append(scrambled_deck(s, side, cards))
                continue
            piles.append(PileView(f"{name} deck", "deck", side, count,
                                  tuple(cards) if mine else None))
    tracks = [TrackView("ports held", tuple((side, sum(1 for p in ports if p.holder == side))
                                            for side in s.sides), high=len(cfg.ports)),
              TrackView("combat power", tuple((side, sum(strength(s, u) for u in units
                                                          if u.alive and u.side == side))
                                              for side in s.sides))]
    if viewer in s.sides:
        tracks.append(TrackView("resource points", ((viewer, s.book(viewer).rp),)))
    markers = [MarkerView("turn", str(min(s.turn, cfg.turns)))]
    panels = [*port_panels(s, ports), *queue_panels(s), *((
        f"dropped at {cfg.names[node]}", f"{who}: {supplies(s, t)}") for node, who, t in drops)]
    if viewer in s.sides:
        panels.extend(purchases_panel(s, viewer))
    if s.fight is not None:
        f = s.fight
        panels.append(("engagement", f"{s.units[f.attacker].label} on "
                       f"{s.units[f.defender].label} at {cfg.names[f.target]}"))
    return View(viewer=viewer, ruleset=ruleset, sides=s.sides, status=tuple(status),
                board=board_view(cfg.board), pieces=pieces, marks=marks, piles=tuple(piles),
                tracks=tuple(tracks), markers=tuple(markers), panels=tuple(panels))

