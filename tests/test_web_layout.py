"""Every shipped game's page at a phone's size and a laptop's, in Debian's chromium:
the table wide enough to play on, nothing scrolling sideways, the decision beside or
below the table but never over it, tap targets a finger can hit, players' words only
(no `_`-joined engine id in any text a player reads), and each seat its own prompt.

One chromium for the module; each game is served once, after one move has been
played (so there is a last move to mark and a move list to follow). Screenshots go
to a scratch folder (FRONTKIT_SHOTS=1: those docs/serve.md shows, to docs/serve/)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from tests.web_browser import CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is absent (apt-get install chromium)")

from tests.web_browser import chromium, running  # noqa: E402
from tests.test_web_words import NOTATION  # noqa: E402
from tests.web_harness import SPECTATORS, served, token  # noqa: E402
from toolkit.referee.protocol import DecisionKind  # noqa: E402

SCRATCH = Path(tempfile.mkdtemp(prefix="frontkit-layout-"))
DOCS = Path(__file__).resolve().parent.parent / "docs" / "serve"
#: The screenshots docs/serve.md shows (written there with FRONTKIT_SHOTS=1).
DOCUMENTED = {"front_lines-phone", "last_front-phone", "lines_and_webs-phone",
              "fantasy_line_battle-laptop", "front_line-phone", "front_lines-laptop"}


def shot(page, name):
    """A full-page screenshot: into docs/serve/ when documented and asked for, else scratch."""
    folder = DOCS if os.environ.get("FRONTKIT_SHOTS") and name in DOCUMENTED else SCRATCH
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
WAIT = 60_000  # ms: the first page of a card game waits for the press to draw the cards
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 768, "height": 1024}}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
GAMES = ["skirmish", "front_lines", "front_line", "lines_and_webs", "last_front",
         "fantasy_line_battle"]
#: The smallest width of the table on a phone, in CSS px.
TABLE_WIDTH = 330
#: The smallest tap target, in CSS px.
TAP = 44

#: Text nodes a player reads (not the typed notation's help) holding a `_`-joined id.
ENGINE_WORDS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.parentElement.closest('#help, script, style')) continue;
    if (/[A-Za-z0-9]_[A-Za-z0-9]/.test(n.textContent)) out.push(n.textContent.trim());
  }
  return out;
}"""
#: Visible tap targets smaller than TAP in either direction: buttons and links, the
#: board's spaces (a tap picks one), the moves (a tap looks back at one) and the cards
#: whose face a tap enlarges. The board's box may pan (Fantasy Line Battle's line, the
#: Lines and Webs map), so a space counts by its own size, not by what of it is in view.
SMALL_TARGETS = """(tap) => [...document.querySelectorAll(
    'button, summary, a[href], #board .space, #moves li, img.card.face')]
  .filter(b => b.getClientRects().length > 0)
  .map(b => [b.dataset.space || b.textContent.trim() || b.alt, b.getBoundingClientRect()])
  .filter(([t, r]) => r.width < tap - 0.5 || r.height < tap - 0.5)
  .map(([t, r]) => `${t} ${r.width}x${r.height}`)"""


@pytest.fixture(scope="module")
def browser():
    with chromium() as launched:
        yield launched


def one_move_played(table, between_spaces=False):
    """The first listed move of the side asked first (with `between_spaces`, the first
    that goes from one space to another), played; the table settles chance."""
    m = table.match
    d = m.decision
    assert d is not None and d.kind is not DecisionKind.CHANCE
    side = d.players[0]
    seat = next(s for s in table_seats(table) if s.side == side)
    legal = m.legal(side)
    if between_spaces:
        legal = [t for t in legal if len(table.finder.mentioned(t)) >= 2] or legal
    table.play(seat, legal[0])
    return side


def table_seats(table):
    from toolkit.web.seats import Seats

    return Seats(table.match.scenario.sides).players()


def opened(browser, base, who, size):
    context = browser.new_context(**size)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{base}/seat/{token(who) if who else SPECTATORS}")
    page.wait_for_selector("#connection.online")
    page.wait_for_function("() => document.body.dataset.steps !== undefined && "
                           "document.body.dataset.steps === document.body.dataset.version")
    page.wait_for_function("[...document.images].every(i => i.complete)")
    return page


def box(page, selector):
    return page.locator(selector).bounding_box()


def overlaps(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or
                a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def check_layout(page, phone: bool):
    width = page.evaluate("document.documentElement.clientWidth")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways: {scroll} px in {width} px"
    table, dock = box(page, "#table"), box(page, "#dock")
    assert not overlaps(table, dock), f"the decision {dock} covers the table {table}"
    if phone:
        assert table["width"] >= TABLE_WIDTH
        assert dock["y"] >= table["y"] + table["height"]  # docked below the table
        assert page.evaluate(SMALL_TARGETS, TAP) == []
        if page.locator("#boardbox").is_visible():
            assert box(page, "#board")["width"] >= TABLE_WIDTH
    else:
        assert dock["x"] >= table["x"] + table["width"]  # beside it on a laptop
    assert page.evaluate(ENGINE_WORDS) == []


def open_a_step(page) -> None:
    """The step menu opened one step down (the first choice that is no whole move), if
    the first step has one; its buttons, the move list and the log read no notation."""
    inner = page.locator("#steps button.step")
    if inner.count():
        inner.first.click()
        page.wait_for_selector("#steps button.up")
    texts = (page.locator("#steps button").all_inner_texts()
             + page.locator("#moves li").all_inner_texts()
             + page.locator("#log li").all_inner_texts())
    assert texts
    for text in texts:
        assert not NOTATION.search(text), text


@pytest.mark.parametrize("name", GAMES)
def test_web_every_game_fits_a_phone_and_a_laptop_in_players_words(browser, name):
    """Both sizes with a step menu open (issue 25): the steps, the moves and the log in
    the players' words, the menu inside the decision panel and never over the table."""
    app, table, _ = served(name, 7)
    side = one_move_played(table)
    d = table.match.decision
    asked = d.players[0] if d is not None and d.players else side  # a seat with a menu
    with running(app) as base:
        for label, size in (("phone", PHONE), ("laptop", LAPTOP)):
            page = opened(browser, base, asked, size)
            check_layout(page, label == "phone")
            assert page.locator("#moves li").count() == len(table.match.history)
            open_a_step(page)
            check_layout(page, label == "phone")
            shot(page, f"{name}-{label}")
            page.context.close()


def test_web_a_tablet_has_the_table_above_the_decision(browser):
    app, table, _ = served("lines_and_webs", 7)
    with running(app) as base:
        page = opened(browser, base, "Delta", TABLET)
        check_layout(page, phone=True)  # one column below 900 px, as on a phone
        shot(page, "lines_and_webs-tablet")


def test_web_front_lines_each_seat_is_asked_for_its_own_next_action(browser):
    """Front Lines plans three actions a turn in secret: a side that planned one is asked
    for its second, the other still for its first (FL planning, the prompt per seat)."""
    app, table, seats = served("front_lines", 7)
    m = table.match
    by = seats.by_name
    table.play(by["North"], "pass")
    table.play(by["South"], "pass")  # both armies set up as the scenario places them
    table.play(by["North"], m.legal("North")[0])
    with running(app) as base:
        prompts = {}
        for side in ("North", "South"):
            page = opened(browser, base, side, PHONE)
            prompts[side] = page.inner_text("#decision")
            page.context.close()
    assert "plan action 2 of 3" in prompts["North"]
    assert "plan action 1 of 3" in prompts["South"]


def test_web_the_last_move_is_marked_and_the_newest_move_is_in_view(browser):
    app, table, _ = served("skirmish", 7)
    for _ in range(12):  # a list longer than its box
        one_move_played(table, between_spaces=True)
    last = table.match.history[-1]
    with running(app) as base:
        page = opened(browser, base, last.player, PHONE)
        spaces = table.finder.mentioned(last.text)
        assert len(spaces) >= 2, last.text
        marked = page.eval_on_selector_all("#board .last", "els => els.length")
        assert marked == len(set(spaces)), f"the last move {last.text} is not marked"
        newest = box(page, "#moves li:last-child")
        shown = box(page, "#moves")
        assert shown["y"] <= newest["y"] and newest["y"] + newest["height"] <= \
            shown["y"] + shown["height"] + 1


def test_web_the_spectators_page_shows_a_qr_code_per_seat_until_the_seat_is_taken(browser):
    """The spectators' screen on the table: each player scans their seat; a seat whose
    page has connected is no longer offered (its address stays its own)."""
    app, table, seats = served("skirmish", 7)
    with running(app) as base:
        spectator = opened(browser, base, None, PHONE)
        assert spectator.locator("#qr figcaption").all_inner_texts() == ["Red", "Blue"]
        assert spectator.evaluate("[...document.querySelectorAll('#qr img')]"
                                  ".every(i => i.naturalWidth > 0)")
        check_layout(spectator, phone=True)
        red = opened(browser, base, "Red", PHONE)
        assert red.locator("#qr figure").count() == 0  # a seat is shown no codes
        spectator.wait_for_function("document.querySelectorAll('#qr figure').length === 1")
        assert spectator.locator("#qr figcaption").all_inner_texts() == ["Blue"]
        shot(spectator, "spectator-phone")


def test_web_lines_and_webs_spend_is_chosen_step_by_step_on_a_phone(browser):
    """A hundred purchases are not a hundred buttons: `buy ›` first, then the purchases,
    one tap each, with a way back up; the leaf tapped is played as one whole move."""
    app, table, _ = served("lines_and_webs", 7)
    m = table.match
    side = m.decision.players[0]
    with running(app) as base:
        page = opened(browser, base, side, PHONE)
        assert page.locator("#steps button[data-move]").count() < 40
        page.click('#steps button[data-token="buy"]')
        page.wait_for_selector("#steps button.up")
        leaf = page.locator("#steps button.leaf").first
        move = leaf.get_attribute("data-move")
        assert "you chose: buy" in page.inner_text("#steps")
        check_layout(page, phone=True)
        before = len(m.history)
        leaf.click()
        page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
    assert (side, move) in [(e.player, e.text) for e in m.history]


#: Pairs (node name, unit) whose boxes overlap on the drawn map.
CROWDED = """() => {
  const boxes = (sel) => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect());
  const names = boxes('#board .space text');
  const units = boxes('#board .piece circle');
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
                         a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  let n = 0;
  for (const a of names) for (const b of units) if (meet(a, b)) n++;
  return [n, names.length, units.length];
}"""


def test_web_lines_and_webs_node_names_never_stand_on_units_and_the_map_zooms(browser):
    app, table, _ = served("lines_and_webs", 7)
    with running(app) as base:
        page = opened(browser, base, "Delta", PHONE)
        crowded, names, units = page.evaluate(CROWDED)
        assert names > 100 and units > 30 and crowded == 0
        fit = box(page, "#board")["width"]
        page.click("#zoom-in")
        page.click("#zoom-in")
        zoomed = box(page, "#board")["width"]
        assert zoomed > 2 * fit  # larger than the box: panned by scrolling it
        assert page.evaluate("(b => b.scrollWidth > b.clientWidth)"
                             "(document.getElementById('boardbox'))")
        assert page.evaluate(CROWDED)[0] == 0
        check_layout(page, phone=True)  # the page itself still never scrolls sideways
        page.click("#zoom-fit")
        assert abs(box(page, "#board")["width"] - fit) < 1


def test_web_with_table_dice_a_phone_shows_the_box_to_type_the_roll(browser):
    """`--table`: the notation box is folded on a phone, but opens when the table's dice
    or cards are asked for, so what came up can be typed."""
    app, table, seats = served("dice_race", None)
    by = seats.by_name
    for side in ("Red", "Blue"):
        table.play(by[side], "boost 0")
    assert table.match.decision.kind is DecisionKind.CHANCE
    with running(app) as base:
        page = opened(browser, base, "Red", PHONE)
        assert page.locator("#notation").is_visible()
        before = len(table.match.history)
        page.fill("#notation", "4")
        page.press("#notation", "Enter")
        page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
    assert table.match.history[before].text == "4"


def test_web_a_phone_folds_the_notation_box_while_buttons_offer_every_move(browser):
    app, table, _ = served("skirmish", 7)
    side = table.match.decision.players[0]
    with running(app) as base:
        page = opened(browser, base, side, PHONE)
        assert not page.locator("#notation").is_visible()
        page.click("#help summary")
        assert page.locator("#notation").is_visible()


def test_web_fantasy_line_battle_s_line_on_a_phone_pans_and_opens_where_the_fronts_meet(browser):
    """The line's sixteen slots a fingertip wide each are wider than a phone: the line
    pans in its own box (the page does not), opened at its middle, the two Fronts."""
    app, table, _ = served("fantasy_line_battle", 7)
    side = one_move_played(table)
    with running(app) as base:
        page = opened(browser, base, side, PHONE)
        left, wide, shown = page.evaluate(
            "(b => [b.scrollLeft, b.scrollWidth, b.clientWidth])"
            "(document.getElementById('boardbox'))")
        assert wide > shown  # the line pans inside its box
        assert abs(left - (wide - shown) / 2) <= 1
        slots = page.eval_on_selector_all(
            "#board .space", "els => els.map(e => e.getBoundingClientRect().width)")
        assert len(slots) == 16 and min(slots) >= TAP - 0.5
        check_layout(page, phone=True)
