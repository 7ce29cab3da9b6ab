"""Cards: every deck's cards (one item per copy) imposed with their backs.

A deck is drawn with `layout NAME` and its backs with `back NAME`. A deck
without a layout is drawn with the built-in card layout (title, text, deck
name) so that every deck prints; the report notes it.

Jinja context for card layouts: `card` (name, title, text, quantity, copy,
and every field of the card), `deck` (name, title, size, fields) and
`scenario` (title, ruleset, sides, version, fields).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dsl.model import Element, Field, Fields, Layout, Length
from toolkit.pnp.colours import side_colour
from toolkit.pnp.pdfout import pages_drawn, pdf_canvas
from toolkit.pnp.imposition import ImpositionError, Item, impose
from toolkit.pnp.press import effective
from toolkit.pnp.render import PressError, Record, Renderer, fields_dict, reads_copy
from toolkit.pnp.report import ComponentReport
from toolkit.pnp.services import Placement, placement
from toolkit.pnp.units import MM, PressOptions, to_points

DEFAULT_BLEED = 3 * MM


def _f(**kw: Any) -> Fields:
    return Fields(tuple(Field(k, v) for k, v in kw.items()))


def _mm(v: float) -> Length:
    return Length(v, "mm")


DEFAULT_CARD = Layout(
    "default_card", _mm(63), _mm(88),
    (
        Element("rect", _mm(0), _mm(0), _mm(63), _mm(88), None, _f(fill="{{ card.colour or '#f4efe1' }}")),
        Element("rect", _mm(3), _mm(3), _mm(57), _mm(82), None,
                _f(stroke="#3b3b3b", stroke_width=Length(0.8, "pt"), radius=_mm(2), fill="#fffdf6")),
        Element("text", _mm(6), _mm(6), _mm(51), _mm(9), "{{ card.title }}",
                _f(font="sans-bold", font_size=13, shrink=True, min_font_size=7, align="center")),
        Element("line", _mm(8), _mm(16.5), _mm(47), _mm(0), None, _f(stroke="#8a7a5a")),
        Element("box", _mm(6), _mm(18.5), _mm(51), _mm(11), "{{ card.stats }}",
                _f(font="sans-bold", font_size=9, shrink=True, min_font_size=6, align="center",
                   colour="#3b3b3b")),
        Element("box", _mm(6), _mm(31), _mm(51), _mm(45), "{{ card.text }}",
                _f(font_size=10, shrink=True, min_font_size=6)),
        Element("text", _mm(6), _mm(78.5), _mm(51), _mm(4), "{{ deck.title }}{{ ' · ' + side if side }}",
                _f(font="sans-italic", font_size=6.5, align="center", colour="#555555")),
    ),
    _f(bleed=_mm(3)),
)

NOT_STATS = {"title", "text", "colour", "color", "layout", "back", "effect", "effects"}


def card_stats(card: Any) -> str:
    """`Cost 2 · Health 3 · Range 1+`: a card's short fields, for the default layout."""
    parts = []
    for k, v in card.fields.items():
        if k in NOT_STATS:
            continue
        label = k.replace("_", " ").capitalize()
        if v is True:
            parts.append(label)
        elif isinstance(v, bool) or v is None:
            continue
        elif isinstance(v, (int, float)):
            parts.append(f"{label} {v:g}")
        elif isinstance(v, tuple) and all(isinstance(x, (str, int, float)) for x in v) and len(v) <= 6:
            parts.append(f"{label} {'/'.join(str(x) for x in v)}")
        elif isinstance(v, str) and len(v) <= 16:
            parts.append(f"{label} {v.replace('_', ' ')}")
        elif type(v).__name__ == "Range":
            parts.append(f"{label} {v}")
    return " · ".join(p.replace(" ", "\u00a0") for p in parts)  # a stat never breaks apart


def scenario_context(scenario: Any) -> Record:
    return Record({**fields_dict(scenario.fields), "title": scenario.title,
                   "ruleset": scenario.ruleset, "sides": list(scenario.sides),
                   "version": scenario.version})


def card_context(card: Any, copy: int, side: str | None = None, scenario: Any = None) -> Record:
    return Record({**fields_dict(card.fields), "name": card.name, "title": card.title,
                   "text": card.text, "quantity": card.quantity, "copy": copy, "side": side or "",
                   "stats": card_stats(card)})


def deck_context(deck: Any) -> Record:
    return Record({**fields_dict(deck.fields), "name": deck.name, "title": deck.title,
                   "size": deck.size})


def layout_bleed(layout: Any, options: PressOptions, default: float = DEFAULT_BLEED) -> float:
    if options.bleed is not None:
        return options.bleed
    if "bleed" in layout.fields:
        return to_points(layout.fields["bleed"])
    return default


def _lookup(scenario: Any, name: str | None, what: str) -> Any:
    if name is None:
        return None
    try:
        return scenario.layouts[name]
    except KeyError:
        raise PressError(f"{what}: no layout named {name!r}") from None


def card_items(scenario: Any, renderer: Renderer, options: PressOptions,
               notes: list[str]) -> list[tuple[Any, list[Item]]]:
    """Per deck: (deck, one Item per card copy). With `options.service`, each deck's
    card is placed on the service's card size with its bleed (toolkit.pnp.services)."""
    sctx = scenario_context(scenario)
    out = []
    for deck in scenario.decks.values():
        if not deck.cards:
            continue
        front = _lookup(scenario, deck.layout, f"deck {deck.name}") or DEFAULT_CARD
        if deck.layout is None:
            notes.append(f"deck {deck.name}: no `layout` given; drawn with the default card layout")
        back = _lookup(scenario, deck.back, f"deck {deck.name}")
        w, h = to_points(front.width), to_points(front.height)
        if back is not None and (abs(to_points(back.width) - w) > 0.01 or abs(to_points(back.height) - h) > 0.01):
            raise PressError(f"deck {deck.name}: back layout {back.name} is not the size of {front.name}")
        where = placement(options, w, h, deck.title or deck.name, notes, (front, back)) or \
            Placement(w, h, layout_bleed(front, options))
        deck_face = DeckFace(renderer, front, back, where, deck_context(deck), sctx, scenario)
        items = []
        reverse_key = back.fields.get("back_from") if back is not None else None
        # `each_side`: every side has its own copy of the deck; `side S`: the deck is S's
        sides = list(scenario.sides) if deck.fields.flag("each_side") else [
            deck.fields["side"] if deck.fields.get("side") in scenario.sides else None]
        for side in sides:
            pairs = (double_sided(deck, str(reverse_key), notes) if reverse_key is not None
                     else [(card, copy, None, 0) for card in deck.cards
                           for copy in range(1, card.quantity + 1)])
            items += [deck_face.item(deck.name, side, *pair) for pair in pairs]
        out.append((deck, items))
    return out


@dataclass(frozen=True)
class DeckFace:
    """How one deck's cards are drawn: its layouts, where they go, the shared context."""

    renderer: Renderer
    front: Any
    back: Any
    where: Placement
    dctx: Record
    sctx: Record
    scenario: Any
    drawers: dict = field(default_factory=dict, compare=False)  # DeckFace.drawer's

    def context(self, card: Any, copy: int, side: str | None) -> dict:
        return {"card": card_context(card, copy, side, self.scenario), "deck": self.dctx,
                "scenario": self.sctx, "side": side or "",
                "side_colour": side_colour(self.scenario, side)}

    def item(self, deck: str, side: str | None, card: Any, copy: int, other: Any, other_copy: int) -> Item:
        """One physical card: its face and its back (another card's face, the back layout, none)."""
        label = f"card {deck}/{card.name}" + (f" ({side})" if side else "")
        if other is not None:  # the back is the other face, drawn with the front layout
            back = self.drawer(self.front, other, other_copy, side, f"card {deck}/{other.name} (back of {card.name})")
            label += f" / {other.name}"
        elif self.back is not None:
            back = self.drawer(self.back, card, copy, side, label + " (back)")
        else:
            back = None
        w = self.where
        return Item(w.width, w.height, w.bleed, w.place(self.drawer(self.front, card, copy, side, label)),
                    w.place(back), label)

    def drawer(self, layout: Any, card: Any, copy: int, side: str | None, label: str) -> Any:
        """The face of `card` drawn with `layout`: one drawer for all its copies when the
        layout cannot tell them apart (`render.reads_copy`), so its templates are filled once."""
        key = (layout.name, card, copy if reads_copy(layout) else 0, side, label)
        found = self.drawers.get(key)
        if found is None:
            found = self.drawers[key] = self.renderer.drawer(layout, self.context(card, copy, side), label,
                                                             self.where.art_bleed)
        return found


def double_sided(deck: Any, key: str, notes: list[str]) -> list[tuple[Any, int, Any, int]]:
    """Physical cards of a deck whose back layout says `back_from KEY`: (front, copy, back, copy).

    A card's field KEY names the card on its other face; a list names one per
    copy (copy 1 the first name, …). Each named face is used up as a back
    and not printed as a card of its own; the card that comes first in the
    deck is the front. A copy naming nothing (or a card not in the deck)
    keeps the back layout's own design (`back` None here).
    """
    by_name = {card.name: card for card in deck.cards}
    used: dict[str, int] = {}
    out = []
    for card in deck.cards:
        value = card.fields.get(key)
        for copy in range(1, card.quantity + 1):
            if used.get(card.name, 0) >= copy:
                continue  # this copy is already the back of an earlier card
            name = value[copy - 1] if isinstance(value, tuple) and copy <= len(value) else \
                value if isinstance(value, str) else None
            other = by_name.get(str(name)) if name is not None else None
            if name is not None and other is None:
                notes.append(f"deck {deck.name}: card {card.name}: {key} names no card of the deck: {name!r}")
            if other is not None and used.get(other.name, 0) >= other.quantity:
                notes.append(f"deck {deck.name}: card {card.name} copy {copy}: every copy of "
                             f"{other.name} is already on the back of another card; printed alone")
                other = None
            if other is not None:
                used[other.name] = used.get(other.name, 0) + 1
                if other.name == card.name:
                    used[card.name] = max(used[card.name], copy)
            out.append((card, copy, other, used.get(other.name, 0) if other is not None else 0))
    return out


def gang(groups: list[tuple[Any, list[Item]]]) -> list[list[tuple[Any, list[Item]]]]:
    """Decks whose cards have one size and bleed, together (in deck order of their first)."""
    batches: dict[tuple, list] = {}
    for deck, items in groups:
        key = (round(items[0].width, 2), round(items[0].height, 2), round(items[0].bleed, 2))
        batches.setdefault(key, []).append((deck, items))
    return list(batches.values())


def write_cards(scenario: Any, path: Path, options: PressOptions,
                on_item: Callable[[], None] | None = None) -> ComponentReport:
    """cards.pdf: every deck, one item per copy; backs per `options.backs`."""
    scenario = effective(scenario)
    report = ComponentReport("cards", sides="pairs" if options.backs == "duplex" else "single")
    renderer = Renderer.for_scenario(scenario)
    groups = card_items(scenario, renderer, options, report.warnings)
    if not groups:
        return report
    with pdf_canvas(path, options, f"{scenario.title}: cards") as c:
        for batch in gang(groups) if options.gang else [[g] for g in groups]:
            items = [item for _, deck_items in batch for item in deck_items]
            first = pages_drawn(c)
            try:
                placed = impose(c, items, options, on_item)
            except ImpositionError as exc:
                raise PressError(f"deck {batch[0][0].name}: {exc}") from None
            k = 0
            for deck, deck_items in batch:
                page = placed[k].page if placed else first
                report.sections.append((deck.title or deck.name, page))
                report.counts[deck.name] = len(deck_items)
                k += len(deck_items)
        report.pages = pages_drawn(c)
    report.path = path
    report.warnings.extend(renderer.warnings)
    return report
