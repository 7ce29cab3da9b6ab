"""What Skirmish checks of a scenario beyond its `Needs` (run by `frontkit check`),
so that a scenario that checks clean can be played to an end."""

from __future__ import annotations

from collections import Counter

from dsl.errors import Diagnostic
from dsl.model import Scenario


def check(scenario: Scenario) -> list[Diagnostic]:
    if not scenario.boards:
        return []
    board = scenario.board
    out: list[Diagnostic] = []
    owned_zone = {z.fields.get("owner") for z in board.zones}
    capitals = {s.id: s.owner for s in board.spaces if "capital" in s.tags}
    for space, owner in capitals.items():
        if owner is None:
            out.append(Diagnostic.at(board.space(space).fields.pos("capital"), f"capital {space} has no owner: "
                                     "Skirmish ignores it",
                                     hint=f"write `space {space} {{ capital; owner SIDE }}`",
                                     severity="warning"))
    for side in scenario.sides:
        setup = scenario.setups.get(side)
        if setup is None or not (setup.placements or setup.reserve):
            where = setup.pos if setup is not None else (
                scenario.fields.pos("sides") if "sides" in scenario.fields else scenario.pos)
            out.append(Diagnostic.at(where, f"side {side} has no pieces: it would lose "
                                     "before its first turn (SK-wipeout)",
                                     hint=f"place some: setup {side} {{ infantry at … }}"))
            continue
        for p in setup.placements:
            if p.board is not None and p.board != board.name:
                out.append(Diagnostic.at(p.pos, f"Skirmish plays on one board ({board.name}), "
                                         f"not {p.board}"))
            owner = capitals.get(p.space)
            if owner is not None and owner != side:
                out.append(Diagnostic.at(p.pos, f"{side}'s {p.piece} starts on {owner}'s "
                                         f"capital {p.space}: the game would be over at "
                                         "once (SK-capital)"))
        if setup.reserve and side not in owned_zone:
            out.append(Diagnostic.at(setup.reserve[0].pos, f"{side} has a reserve but no "
                                     "deployment zone to bring it onto (SK-enter)",
                                     hint=f"add a board zone with `owner {side}`, e.g. "
                                     f"zone {side.lower()}_deploy: A1..B2 {{ owner {side} }}"))
    out += _hands(scenario)
    return out


def _hands(scenario: Scenario) -> list[Diagnostic]:
    """The hands together hold no more copies of a card than the decks have."""
    copies: Counter[str] = Counter()
    for deck in scenario.decks.values():
        for card in deck.cards:
            copies[card.name] += card.quantity
    dealt: Counter[str] = Counter()
    out = []
    for setup in scenario.setups.values():
        for stock in setup.hand:
            dealt[stock.name] += stock.count
            if stock.name in copies and dealt[stock.name] > copies[stock.name]:
                out.append(Diagnostic.at(stock.pos, f"the hands hold {dealt[stock.name]} "
                                         f"{stock.name} card(s) but the deck has "
                                         f"{copies[stock.name]} (SK-card)"))
    return out
