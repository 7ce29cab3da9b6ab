"""Counts and sizes a scenario may ask for, checked against `dsl.limits`.

The press prints every counter and card a scenario asks for and the
referee builds every space, so a count the checker lets through is work
someone will do. These checks run with the language's own (`dsl.checks`)
and name the limit each count crosses; they also refuse the counts that
could never be printed (`counters -1`, `counters foo`).
"""

from __future__ import annotations

from dsl import limits
from dsl.errors import Diagnostic
from dsl.model import Fields, Pos, Scenario

# piece fields the press reads as "how many counters"
COUNT_FIELDS = ("counters", "per_side", "count")


def _err(pos: Pos, message: str) -> Diagnostic:
    return Diagnostic.at(pos, message)


def whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_bounds(scenario: Scenario) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    out += _piece_counts(scenario)
    out += _deck_counts(scenario)
    out += _setup_counts(scenario)
    out += _coordinates(scenario)
    out += _layouts(scenario)
    return out


def _layouts(scenario: Scenario) -> list[Diagnostic]:
    """Every element of a layout is drawn on every card and counter that uses it."""
    out = []
    cap = limits.value("layout_elements")
    for layout in scenario.layouts.values():
        if len(layout.elements) > cap:
            out.append(_err(layout.elements[cap].pos, f"layout '{layout.name}' has " +
                            limits.limit_message("layout_elements", f"{len(layout.elements):,} elements")))
    return out


KINDS = (("terrains", "terrain types"), ("pieces", "piece types"), ("decks", "decks"), ("layouts", "layouts"),
         ("setups", "setups"), ("tables", "tables"), ("assets", "images and fonts"))


def check_counts(scenario: Scenario) -> list[Diagnostic]:
    """How many definitions of each kind: checked before the language's own checks, some of
    which compare every placement with every board or every setup with every card."""
    out = []
    boards = list(scenario.boards.values())
    if len(boards) > limits.value("boards"):
        out.append(_err(boards[limits.value("boards")].pos, "the scenario has " +
                        limits.limit_message("boards", f"{len(boards):,} boards")))
    cap = limits.value("definitions")
    for attr, words in KINDS:
        found = list(getattr(scenario, attr).values())
        if len(found) > cap:
            out.append(_err(found[cap].pos, f"the scenario has " +
                            limits.limit_message("definitions", f"{len(found):,} {words}")))
    return out


def _quantity(value: int, pos: Pos, what: str) -> list[Diagnostic]:
    if value > limits.value("quantity"):
        return [_err(pos, f"{what} asks for " + limits.limit_message("quantity", f"{value:,} copies"))]
    return []


def printed_counts(scenario: Scenario) -> list[Diagnostic]:
    """The counters a scenario prints, held to the `quantity` and `counters` limits; the
    press asks it again of the scenario it draws (press blocks applied: `markers`), whose
    counts the language alone does not see."""
    return _piece_counts(scenario)


def _piece_counts(scenario: Scenario) -> list[Diagnostic]:
    out = []
    sides = max(len(scenario.sides), 1)
    total = 0
    reported = False
    used = _setup_usage(scenario)
    for piece in scenario.pieces.values():
        f = piece.fields
        for key in COUNT_FIELDS:
            if key not in f:
                continue
            value = f[key]
            if key == "count" and not whole(value):
                continue  # `count` is the press's only when it is a number
            if not whole(value) or value < 0:
                continue  # the typed field check (dsl.fields) reports it, once
            out += _quantity(value, f.pos(key), f"piece '{piece.name}': {key} {value}")
        n = 0
        if whole(f.get("counters")) and f["counters"] > 0:
            n = f["counters"] * sides
        elif whole(f.get("per_side")) and f["per_side"] > 0:
            n = f["per_side"] * sides
        elif used.get(piece.name):
            n = used[piece.name]
        elif whole(f.get("count")) and f["count"] > 0:
            n = f["count"]
        total += n
        if total > limits.value("counters") and not reported:
            reported = True
            out.append(_err(piece.pos, f"with piece '{piece.name}' the scenario prints " +
                            limits.limit_message("counters", f"up to {total:,} counters")))
    return out


def _setup_usage(scenario: Scenario) -> dict[str, int]:
    used: dict[str, int] = {}
    for setup in scenario.setups.values():
        for p in setup.placements:
            used[p.piece] = used.get(p.piece, 0) + max(p.count, 0)
        for s in setup.reserve:
            used[s.name] = used.get(s.name, 0) + max(s.count, 0)
        for value in setup.fields.values():
            if isinstance(value, Fields):
                for name, n in value.items():
                    if name in scenario.pieces and whole(n):
                        used[name] = used.get(name, 0) + max(n, 0)
    return used


def _deck_counts(scenario: Scenario) -> list[Diagnostic]:
    out = []
    for deck in scenario.decks.values():
        total = 0
        for card in deck.cards:
            out += _quantity(card.quantity, card.pos, f"card '{card.name}' x{card.quantity}")
            total += max(card.quantity, 0)
            if total > limits.value("cards"):
                out.append(_err(card.pos, f"with card '{card.name}' deck '{deck.name}' holds " +
                                limits.limit_message("cards", f"{total:,} cards")))
                break
    return out


def _setup_counts(scenario: Scenario) -> list[Diagnostic]:
    out = []
    for setup in scenario.setups.values():
        total = 0
        stocks = [(p.count, p.piece_pos, f"{p.piece} x{p.count}") for p in setup.placements]
        stocks += [(s.count, s.pos, f"{s.name} x{s.count}") for s in setup.reserve + setup.hand]
        for value in setup.fields.values():
            if isinstance(value, Fields):
                for f in value.entries:
                    if f.name in scenario.pieces and whole(f.value):
                        if f.value < 0:
                            out.append(_err(f.pos, f"setup '{setup.side}': {f.name} {f.value}: a number of "
                                                   "pieces cannot be negative"))
                        stocks.append((f.value, f.pos, f"{f.name} {f.value}"))
        for count, pos, what in stocks:
            out += _quantity(count, pos, f"setup '{setup.side}': {what}")
            total += max(count, 0)
            if total > limits.value("pieces"):
                out.append(_err(pos, f"with {what} setup '{setup.side}' holds " +
                                limits.limit_message("pieces", f"{total:,} pieces")))
                break
    return out


def _coordinates(scenario: Scenario) -> list[Diagnostic]:
    out = []
    cap = limits.value("coordinate")
    for board in scenario.boards.values():
        if board.kind != "map":
            continue
        for space in board.spaces:
            x, y = space.coord
            if abs(x) > cap or abs(y) > cap:
                out.append(_err(space.pos, f"node '{space.id}' at {x}, {y} lies " + limits.limit_message(
                    "coordinate", f"{max(abs(x), abs(y)):,} units from the origin")))
    return out


def _shown(value) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:40] + "…"
