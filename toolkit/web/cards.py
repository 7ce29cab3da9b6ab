"""Cards as the page draws them: the printed card, rendered by the press at screen size.

Every card of the scenario's decks is drawn with its deck's layout (or the press's
built-in card layout) exactly as `frontkit build` prints it, cut at the trim, and
rasterised at `DPI` into PNG, once per server, the first time a page asks for one.
A deck with a `back` layout has its back drawn the same way; a deck without one
has no back picture and the page draws a plain back.

The addresses say nothing a seat may not know: `/cards/face/CARD.png` is asked for
only by a page whose own view names CARD (the state message lists the faces of the
cards in the seat's view, `pictures`), and `/cards/back/DECK.png` shows only the
design every card of DECK shares. Which deck's back a pile shows: the deck of the
pile's name, else the deck the visible cards of piles of that name come from (your
own hand tells the back of the others' hands), else a deck its name names, else
the scenario's only deck, else for a hand the largest deck (a `pile` zone may hold
pieces: none); a plain back when that cannot be told.
"""

from __future__ import annotations

import io
import re
import tempfile
import threading
from pathlib import Path
from typing import Any

#: Resolution the cards are rasterised at (a poker card is about 250 x 350 px).
DPI = 100

_SAFE = re.compile(r"^[A-Za-z0-9_.+-]+$")


def face_url(card: str) -> str:
    return f"/cards/face/{card}.png"


def back_url(deck: str) -> str:
    return f"/cards/back/{deck}.png"


class CardPictures:
    """The PNG of every card face and deck back of one scenario, drawn on first use."""

    def __init__(self, scenario: Any):
        self.scenario = scenario
        self.deck_of: dict[str, str] = {}  # card name -> the first deck that holds it
        for deck in scenario.decks.values():
            for card in deck.cards:
                self.deck_of.setdefault(card.name, deck.name)
        from toolkit.pnp.press import effective  # the press block names layouts and backs

        self.backed = {d.name for d in effective(scenario).decks.values() if d.back}
        self._images: dict[tuple[str, str], bytes] | None = None
        self._lock = threading.Lock()
        self.error: str | None = None  # why the cards could not be drawn, if they could not

    # --------------------------------------------------------------- what a page shows

    def pictures(self, view_json: dict[str, Any]) -> dict[str, Any]:
        """For a view (as JSON): `faces`, the picture of each card the view names that is a
        card of a deck, and `backs`, per pile, the picture of its back (or None)."""
        faces: dict[str, str] = {}
        named: dict[str, list[str]] = {}  # pile name -> the deck cards seen in such piles
        for pile in view_json.get("piles", ()):
            seen = [c for c in (pile.get("cards") or ()) if c in self.deck_of]
            for card in seen:
                faces[card] = face_url(card)
            named.setdefault(pile["name"], []).extend(seen)
        backs = [self._back_of(p["name"], p["kind"], named.get(p["name"], []))
                 for p in view_json.get("piles", ())]
        return {"faces": faces, "backs": backs}

    def _back_of(self, pile: str, kind: str, named: list[str]) -> str | None:
        deck = self._deck_of_pile(pile, kind, named)
        return back_url(deck) if deck in self.backed else None

    def _deck_of_pile(self, pile: str, kind: str, named: list[str]) -> str | None:
        """The deck of a pile: the deck of its name; the deck of cards seen in piles of
        its name (another's hand is drawn from the deck one's own is); a deck named in
        its name (`character hand`: characters); the only deck; for a hand, the
        largest deck (hands are dealt from the main deck)."""
        decks = self.scenario.decks
        if pile in decks:
            return pile
        if named:
            return self.deck_of[named[0]]
        if kind == "pile":  # a pile of pieces is not of cards
            return None
        words = pile.split()
        for name in decks:
            if name in words or name.rstrip("s") in words:
                return name
        if len(decks) == 1:
            return next(iter(decks.values())).name
        if kind == "hand" and decks:
            return max(decks.values(), key=lambda d: sum(c.quantity for c in d.cards)).name
        return None

    # ---------------------------------------------------------------------- images

    def image(self, kind: str, name: str) -> bytes | None:
        """The PNG of `face` CARD or `back` DECK; None for an unknown one."""
        if not _SAFE.match(name) or kind not in ("face", "back"):
            return None
        if (kind == "face" and name not in self.deck_of) or \
                (kind == "back" and name not in self.backed):
            return None
        with self._lock:
            if self._images is None:
                self._images = self._draw_all()
        return self._images.get((kind, name))

    def _draw_all(self) -> dict[tuple[str, str], bytes]:
        """Every face and back, drawn by the press into one PDF and rasterised."""
        from toolkit.pnp.cards import card_items
        from toolkit.pnp.pdfout import pdf_canvas
        from toolkit.pnp.press import effective
        from toolkit.pnp.render import PressError, Renderer
        from toolkit.pnp.units import PressOptions

        try:
            import pypdfium2 as pdfium
        except ImportError:
            self.error = "drawing cards needs pypdfium2 (pip install 'frontkit[web]')"
            return {}
        try:
            scenario = effective(self.scenario)
            items = card_items(scenario, Renderer.for_scenario(scenario), PressOptions(), [])
        except PressError as err:
            self.error = f"the cards cannot be drawn: {err}"
            return {}
        pages: dict[tuple[str, str], Any] = {}  # (face, CARD) or (back, DECK) -> its item
        for deck, deck_items in items:
            for item in deck_items:
                card = item.label.split("/", 1)[1].split(" ", 1)[0]
                if self.deck_of.get(card) == deck.name:
                    pages.setdefault(("face", card), item)
                if item.back is not None and " / " not in item.label:
                    pages.setdefault(("back", deck.name), item)  # a double-sided card's
                    # back is another card's face, not the deck's back
        images: dict[tuple[str, str], bytes] = {}
        with tempfile.TemporaryDirectory(prefix="frontkit-cards-") as tmp:
            pdf = Path(tmp) / "cards.pdf"
            with pdf_canvas(pdf, PressOptions(), "cards") as c:
                for (kind, _), item in pages.items():
                    c.setPageSize((item.width, item.height))  # the trim: bleed falls outside
                    (item.front if kind == "face" else item.back)(c)
                    c.showPage()
            doc = pdfium.PdfDocument(str(pdf))
            try:
                for i, key in enumerate(pages):
                    picture = doc[i].render(scale=DPI / 72).to_pil().convert("RGB")
                    out = io.BytesIO()
                    picture.save(out, "PNG", optimize=False)
                    images[key] = out.getvalue()
            finally:
                doc.close()
        return images
