"""The card fields a deck's layouts read, held to every card drawn with them.

A layout's templates read card fields (`"{{ card.capital[0] }}"`, an icon named by
`card.emphasis`); a card without one of them stops `frontkit build` halfway. So `check`
(and `build`, before it draws anything) reads each layout's templates and, for every card
of a deck drawn with it, reports each field read that the card lacks: at the card's field
spelt like it (with a "did you mean"), else at the card. A read is left out when its
element is drawn only `when` something holds, or when the template asks whether the
field is there (`card.x is defined`, `'x' in card`).
"""

from __future__ import annotations

import difflib
from dataclasses import replace
from functools import lru_cache
from typing import Any

import jinja2
from jinja2 import nodes

from dsl.errors import Diagnostic

#: what the press gives a card's template besides its fields (toolkit.pnp.cards.card_context)
PROVIDED = frozenset(("name", "title", "text", "quantity", "copy", "side", "stats"))
_ENV = jinja2.Environment()


@lru_cache(maxsize=4096)
def template_reads(source: str, names: tuple[str, ...] = ("card",)) -> frozenset[str]:
    """The card fields a template cannot do without: a field it looks into (`card.capital[0]`,
    `card.range.low`) or looks up by (`{…}[card.emphasis]`); a missing field there stops the
    press, where printed or tested (`{% if card.targeted %}`) it is merely empty. A field the
    template asks about first (`card.x is defined`, `'x' in card`) is left out."""
    try:
        tree = _ENV.parse(source)
    except jinja2.TemplateSyntaxError:
        return frozenset()  # the press reports a template that does not parse
    read, asked = set(), set()
    for node in tree.find_all((nodes.Getattr, nodes.Getitem, nodes.Test, nodes.Compare)):
        if isinstance(node, (nodes.Getattr, nodes.Getitem)):
            read |= {_field(n, names) for n in (node.node, getattr(node, "arg", None)) if _field(n, names)}
        elif isinstance(node, nodes.Test) and node.name in ("defined", "undefined"):
            asked |= {_field(n, names) for n in node.find_all((nodes.Getattr, nodes.Getitem)) if _field(n, names)}
        elif isinstance(node, nodes.Compare) and isinstance(node.expr, nodes.Const) and \
                any(op.op in ("in", "notin") and _is_card(op.expr, names) for op in node.ops):
            asked.add(str(node.expr.value))
    return frozenset(read - asked)


def _field(node: Any, names: tuple[str, ...] = ("card",)) -> str | None:
    """The field name when `node` reads `card.NAME` or `card['NAME']` (`names`: the
    blocks so called)."""
    found = _scoped(node, names)
    return found[1] if found is not None else None


def _is_card(node: Any, names: tuple[str, ...] = ("card",)) -> bool:
    return isinstance(node, nodes.Name) and node.name in names


def layout_reads(layout: Any, names: tuple[str, ...] = ("card",)) -> frozenset[str]:
    """Every card field (`names`: or the block so called) the layout's elements read, unguarded."""
    out: set[str] = set()
    for el in layout.elements:
        if el.fields.get("when") is not None:
            continue
        sources = [el.content] + [v for v in el.fields.values() if isinstance(v, str)]
        for src in sources:
            if src and ("{{" in src or "{%" in src):
                out |= template_reads(src, names)
    return frozenset(out - PROVIDED)


@lru_cache(maxsize=4096)
def template_lookups(source: str) -> frozenset[tuple[str, str, frozenset]]:
    """(`card`, `deck` or `piece`, field, the table's keys) for each `{key: …, …}[card.FIELD]` (or
    `deck.FIELD`) in the template: a table written out with constant keys, looked up by a field."""
    try:
        tree = _ENV.parse(source)
    except jinja2.TemplateSyntaxError:
        return frozenset()
    out = set()
    for node in tree.find_all(nodes.Getitem):
        table, key = node.node, _scoped(node.arg)
        if isinstance(table, nodes.Dict) and key and table.items and \
                all(isinstance(i.key, nodes.Const) for i in table.items):
            out.add((*key, frozenset(i.key.value for i in table.items)))
    return frozenset(out)


def _scoped(node: Any, scopes: tuple[str, ...] = ("card", "deck", "piece")) -> tuple[str, str] | None:
    """(SCOPE, NAME) when `node` reads `SCOPE.NAME` or `SCOPE['NAME']`, SCOPE one of
    `scopes` (`card`, `deck` or `piece`)."""
    if isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name):
        scope, name = node.node.name, node.attr
    elif isinstance(node, nodes.Getitem) and isinstance(node.node, nodes.Name) and \
            isinstance(node.arg, nodes.Const):
        scope, name = node.node.name, str(node.arg.value)
    else:
        return None
    return (scope, name) if scope in scopes else None


def layout_lookups(layout: Any) -> dict[tuple[str, str, frozenset], Any]:
    """Every table lookup by a card or deck field in the layout's unguarded elements, with
    the position of the first element that makes it."""
    out: dict[tuple[str, str, frozenset], Any] = {}
    for el in layout.elements:
        if el.fields.get("when") is not None:
            continue
        for src in [el.content] + [v for v in el.fields.values() if isinstance(v, str)]:
            if src and ("{{" in src or "{%" in src):
                for found in template_lookups(src):
                    out.setdefault(found, el.pos)
    return out


def lookup_problems(deck: Any, layout: Any) -> list[Diagnostic]:
    """Each card (or the deck) whose value a table of the layout has no key for."""
    out: list[Diagnostic] = []
    for (scope, name, keys), table in layout_lookups(layout).items():
        for block in (deck,) if scope == "deck" else deck.cards if scope == "card" else ():
            if scope == "card" and name not in block.fields:
                continue  # a missing card field is reported once, as a read (`_missing`)
            out += _held(block, scope, name, keys, layout.name, table)
    return out


def piece_lookup_problems(scenario: Any) -> list[Diagnostic]:
    """Each piece whose value a table of its counter's layout has no key for (a counter's
    templates see the piece as `piece` and as `card`); a missing field too, as the press
    has no other reading of a counter layout's fields."""
    out: list[Diagnostic] = []
    for piece in scenario.pieces.values():
        for key in ("front_layout", "back_layout"):
            layout = scenario.layouts.get(str(piece.fields.get(key, "")))
            reads = layout_reads(layout, ("piece", "card")) if layout is not None else frozenset()
            out += [_missing(piece, layout.name, f, "piece") for f in sorted(reads) if f not in piece.fields]
            for (scope, name, keys), table in layout_lookups(layout).items() if layout is not None else ():
                if scope in ("piece", "card") and name in piece.fields:
                    out += _held(piece, "piece", name, keys, layout.name, table)
    return out


def _held(block: Any, scope: str, name: str, keys: frozenset, layout: str, table: Any) -> list[Diagnostic]:
    """[] when the block's value is a key of the table, else the error with a note at the table."""
    value = _value(block, name)
    if _is_key(value, keys):
        return []
    found = _not_a_key(block, scope, name, value, keys, layout)
    return [replace(found, notes=(Diagnostic.note(table, f"layout {layout} looks its {name} up here"),))]


def _value(block: Any, name: str) -> Any:
    if name in block.fields:
        return block.fields[name]
    return {"name": block.name, "title": getattr(block, "title", None)}.get(name)


def _is_key(value: Any, keys: frozenset) -> bool:
    try:
        return value is not None and not isinstance(value, (list, tuple)) and value in keys
    except TypeError:
        return False


def _not_a_key(block: Any, scope: str, name: str, value: Any, keys: frozenset, layout: str) -> Diagnostic:
    what = f"{scope} {block.name}"
    choices = ", ".join(sorted(str(k) for k in keys))
    if value is None:
        return Diagnostic.at(block.pos, f"{what}: layout {layout} looks up its {name} in a table of {choices}, "
                                        f"and the {scope} has no field {name}", hint=f"add `{name} …` to the {scope}")
    close = difflib.get_close_matches(str(value), [str(k) for k in keys], n=1, cutoff=0.6)
    return Diagnostic.at(block.fields.pos(name), f"{what}: {name} {value} is not one layout {layout} knows "
                                                  f"(its table has {choices})",
                         hint=f"did you mean '{close[0]}'?" if close else f"write one of {choices}")


def layout_problems(scenario: Any) -> list[Diagnostic]:
    """Each card that lacks a field a layout it is drawn with reads, and each card, deck or
    piece whose value a layout's table has no key for (`scenario` as the press sees it:
    press blocks applied)."""
    out: list[Diagnostic] = []
    for deck in scenario.decks.values():
        for name in dict.fromkeys(n for n in (deck.layout, deck.back) if n):
            layout = scenario.layouts.get(name)
            reads = layout_reads(layout) if layout is not None else frozenset()
            for card in deck.cards if reads else ():
                out += [_missing(card, layout.name, f) for f in sorted(reads) if f not in card.fields]
            out += lookup_problems(deck, layout) if layout is not None else []
    return out + piece_lookup_problems(scenario) + scenario_read_problems(scenario)


#: what the press gives every template as `scenario` besides its fields
#: (toolkit.pnp.cards.scenario_context)
SCENARIO_PROVIDED = frozenset(("title", "ruleset", "sides", "version"))


def scenario_read_problems(scenario: Any) -> list[Diagnostic]:
    """Each `scenario.NAME` a layout reads, unguarded, that the scenario has no field for.
    When a field is spelt like it, the misspelling is the one of the two no layout reads
    as written: the field (the error at the field, "did you mean") or the read (at the
    element); else the error is at each element that reads it."""
    reads = [(layout, el, layout_reads(replace(layout, elements=(el,)), ("scenario",)))
             for layout in scenario.layouts.values() for el in layout.elements]
    reads += [(layout, f, template_reads(f.value, ("scenario",)) - PROVIDED)
              for layout in scenario.layouts.values() for f in layout.fields.entries
              if isinstance(f.value, str) and "{{" in f.value]  # a layout's own background…
    read_anywhere = frozenset().union(*(r for _, _, r in reads))
    known = SCENARIO_PROVIDED | {f.name for f in scenario.fields.entries}
    out: dict[tuple, Diagnostic] = {}
    for layout, el, read in reads:
        for name in sorted(read - known):
            d = _unknown_scenario_field(scenario, layout, el, name, read_anywhere)
            out.setdefault((d.message, d.path, d.line, d.column), d)
    return list(out.values())


def _unknown_scenario_field(scenario: Any, layout: Any, el: Any, name: str,
                            read_anywhere: frozenset) -> Diagnostic:
    message = f"layout {layout.name} reads scenario.{name}, and the scenario has no field {name}"
    present = list(scenario.fields.entries)
    close = difflib.get_close_matches(name, [f.name for f in present], n=1, cutoff=0.7)
    if close and close[0] not in read_anywhere:
        entry = next(f for f in present if f.name == close[0])
        return Diagnostic.at(entry.pos, message, hint=f"did you mean '{name}'?")
    if close:
        return Diagnostic.at(el.pos, message, hint=f"did you mean 'scenario.{close[0]}'?")
    return Diagnostic.at(el.pos, message, hint=f"add `{name} …` to the scenario, or draw the "
                                                f"element only `when \"scenario.{name} is defined\"`")


def _missing(card: Any, layout: str, name: str, kind: str = "card") -> Diagnostic:
    message = f"{kind} {card.name}: layout {layout} reads its {name}, and the {kind} has no field {name}"
    present = [f for f in card.fields.entries]
    close = difflib.get_close_matches(name, [f.name for f in present], n=1, cutoff=0.7)
    if close:
        entry = next(f for f in present if f.name == close[0])
        return Diagnostic.at(entry.pos, message, hint=f"did you mean '{name}'?")
    return Diagnostic.at(card.pos, message, hint=f"add `{name} …` to the {kind}, or draw the element "
                                                 f"only `when \"{kind}.{name} is defined\"`")
