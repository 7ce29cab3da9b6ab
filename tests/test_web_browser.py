"""frontkit serve in a real browser: Debian's chromium driven by Playwright.

The server runs in a thread on 127.0.0.1 (a free port); each seat and the
spectator is a browser context of its own. Skipped only where /usr/bin/chromium is
absent (.ci/run installs it). Screenshots go to docs/serve/ (docs/serve.md shows
them)."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest

from tests.web_browser import CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is absent (apt-get install chromium)")

from tests.web_browser import chromium, running  # noqa: E402
from tests.web_harness import SPECTATORS, served, shipped_with_options, token  # noqa: E402
from toolkit.pnp.colours import side_colours  # noqa: E402

# Screenshots for docs/serve.md: written there only when asked
# (FRONTKIT_SHOTS=1 python -m pytest tests/test_web_browser.py), so a test run leaves the
# checkout clean; otherwise into a scratch folder, where they are still taken and checked.
SHOTS = (Path(__file__).resolve().parent.parent / "docs" / "serve"
         if os.environ.get("FRONTKIT_SHOTS") else Path(tempfile.mkdtemp(prefix="frontkit-shots-")))
WAIT = 20_000  # ms: generous, the machine is shared
VIEWPORT = {"width": 1100, "height": 760}


@pytest.fixture(scope="module")
def _chromium():
    """One chromium for the module (starting one is the slow part); each test's
    contexts are closed after it."""
    with chromium() as launched:
        yield launched


@pytest.fixture
def browser(_chromium):
    before = set(_chromium.contexts)
    yield _chromium
    for context in _chromium.contexts:
        if context not in before:
            context.close()


def open_seat(browser, base, who, board=True):
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{base}/seat/{token(who) if who else SPECTATORS}")
    page.wait_for_selector("#connection.online")
    if board:
        page.wait_for_selector("#board .space")
    return page


def current(page, table):
    """Wait until the page shows the table's latest state and its choices (the move
    tree's first step)."""
    page.wait_for_function("v => document.body.dataset.version === String(v) && "
                           "document.body.dataset.steps === String(v)", arg=table.version)


def hand_cards(page, owner):
    return page.locator(f'.pile[data-pile="hand"][data-owner="{owner}"] .card:not(.back)').count()


def pictures_loaded(page):
    """Wait until every card picture on the page has arrived (the server renders a face
    the first time it is asked for it), so that a screenshot shows the cards."""
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")


PREFERRED = ["advance", "boost 2", "boost 1", "boost 0", "hold"]


def test_web_two_seats_play_the_toy_to_its_end_by_clicking_and_a_spectator_sees_no_secrets(browser):
    app, table, _ = served("dice_race", 11)
    m = table.match
    with running(app) as base:
        pages = {side: open_seat(browser, base, side) for side in m.scenario.sides}
        spectator = open_seat(browser, base, None)
        shot_taken = False
        for _ in range(200):
            if m.over:
                break
            d = m.decision
            side = d.players[0]
            page = pages[side]
            current(page, table)
            before = table.version
            buttons = [b.get_attribute("data-move") for b in
                       page.locator("#steps button[data-move]").all()]
            if not page.locator("#pass").is_hidden() and not buttons:
                page.click("#pass")  # a reaction window: the visible Pass
            else:
                choice = next(t for t in PREFERRED + buttons if t in buttons)
                page.click(f'#steps button[data-move="{choice}"]')
            page.wait_for_function("v => Number(document.body.dataset.version) > v",
                                   arg=before)
            for other in m.scenario.sides:  # nobody sees another's hand, ever
                current(pages[other], table)
                for owner in m.scenario.sides:
                    if owner != other:
                        assert hand_cards(pages[other], owner) == 0
            current(spectator, table)
            assert all(hand_cards(spectator, s) == 0 for s in m.scenario.sides)
            assert spectator.locator("#steps button").count() == 0
            assert spectator.locator("#notation").is_hidden()
            if not shot_taken and m.decision is not None and m.decision.kind.value == "move":
                pages[m.decision.players[0]].screenshot(path=str(SHOTS / "dice_race.png"))
                shot_taken = True
        assert m.over, "the toy game did not end"
        for page in [*pages.values(), spectator]:
            current(page, table)
            assert "game over" in page.inner_text("#outcome")
        red = pages[m.scenario.sides[0]]
        assert red.locator("#record").is_visible()
        assert spectator.locator("#record").is_hidden()
        moves = int(red.evaluate("document.body.dataset.moves"))
        assert moves == len(m.history) and red.locator("#moves li").count() == moves
        # the move list: one step back shows the past as Red saw it
        red.click("#back")
        red.wait_for_selector("#past-banner:not([hidden])")
        assert f"after move {moves - 1} of {moves}" in red.inner_text("#past-banner")
        red.click("#live")
        red.wait_for_selector("#past-banner", state="hidden")


def test_web_an_illegal_click_shows_its_rule_and_a_reload_reconnects(browser):
    app, table, _ = served("skirmish", 1)
    m = table.match
    with running(app) as base:
        red = open_seat(browser, base, "Red")
        blue = open_seat(browser, base, "Blue")
        spectator = open_seat(browser, base, None)
        # B2 then B5: too far for infantry, explained before anything is sent
        red.click('#board .space[data-space="B2"]')
        red.wait_for_selector("#candidates button")
        red.click('#board .space[data-space="B5"]')
        red.wait_for_selector("#message[data-rule]")
        assert red.get_attribute("#message", "data-rule") == "SK-move"
        # the rule in words; its id is kept for tools (data-rule, the tooltip), not shown
        assert red.get_attribute("#message", "data-rule") == "SK-move" and m.history == []
        assert "SK-move" not in red.inner_text("#message")
        # typed notation is checked before it is sent
        red.fill("#notation", "move D1 D4")
        red.press("#notation", "Enter")
        red.wait_for_function("document.querySelector('#message').textContent.includes('D4')")
        assert red.get_attribute("#message", "data-rule") == "SK-move" and m.history == []
        # B2 then B4: the one legal move between them (with the forced march card)
        red.click('#board .space[data-space="B2"]')
        red.click('#board .space[data-space="B4"]')
        red.wait_for_function("document.body.dataset.moves === '1'")
        assert m.history[-1].text == "move B2 B4 +forced_march"
        # F5 then E5: two moves (with or without the card): shown as buttons
        current(blue, table)
        blue.click('#board .space[data-space="F5"]')
        blue.click('#board .space[data-space="E5"]')
        blue.wait_for_selector('#candidates button[data-move="move F5 E5"]')
        blue.click('#candidates button[data-move="move F5 E5"]')
        blue.wait_for_function("document.body.dataset.moves === '2'")
        current(red, table)
        red.screenshot(path=str(SHOTS / "skirmish.png"))
        spectator.screenshot(path=str(SHOTS / "spectator.png"))
        # Red's hand is drawn as cards on Red's page only
        assert hand_cards(red, "Red") == 2 and hand_cards(spectator, "Red") == 0
        assert hand_cards(blue, "Red") == 0
        # a reload fetches everything again from the server
        red.reload()
        red.wait_for_selector("#connection.online")
        current(red, table)
        assert red.locator("#moves li").count() == 2
        assert red.locator('#board .piece[data-space="B4"]').count() == 1
        # undo: Red asks, Blue accepts, the last move is taken back
        blue.click("#undo")
        red.wait_for_selector("#undo-accept:not([hidden])")
        red.click("#undo-accept")
        red.wait_for_function("document.body.dataset.moves === '1'")
        assert [e.text for e in m.history] == ["move B2 B4 +forced_march"]


def test_web_front_lines_deploys_by_clicking_on_its_common_view(browser):
    """Front Lines' view is the common View: no text fallback; its own deployment rows are
    marked, and clicking a square offers the deployments there."""
    app, table, _ = served("front_lines", 1)
    with running(app) as base:
        north = open_seat(browser, base, "North")
        north.wait_for_selector('#board .space[data-space="C2"]')
        assert north.is_hidden("#text")
        # a deployment names one space: clicking it offers the deployments there
        north.click('#board .space[data-space="C2"]')
        north.wait_for_selector('#candidates button[data-move="I=C2"]')
        north.screenshot(path=str(SHOTS / "front_lines.png"))


CROSSROADS = """scenario "Crossroads" {
  ruleset skirmish
  sides North, South
  terrain road { colour "#d8cfa8" }
  terrain swamp { impassable; colour "#6b7d5a" }
  board roads: map {
    terrain road
    node north-gate at 0, 0
    node mill at 30, 10
    node bog at 60, 0 { terrain swamp }
    node bridge at 45, 50
    node south-gate at 90, 30
    link north-gate mill bridge south-gate
    link mill bog south-gate
  }
  piece rider { moves 2; strength 1 }
  setup North { rider at north-gate }
  setup South { rider at south-gate }
  table turn_sequence { turn [in_turn, "One action each."] }
}
"""


def test_web_a_map_is_played_by_clicking_its_nodes(tmp_path, browser):
    path = tmp_path / "crossroads.scn"
    path.write_text(CROSSROADS)
    app, table, _ = served(path, 1)
    with running(app) as base:
        north = open_seat(browser, base, "North")
        assert north.locator("#board .space circle").count() == 5
        assert north.locator("#board line.link").count() == 5
        north.click('#board .space[data-space="north-gate"]')
        north.click('#board .space[data-space="mill"]')
        north.wait_for_function("document.body.dataset.moves === '1'")
        assert table.match.history[0].text == "move north-gate mill"
        north.screenshot(path=str(SHOTS / "map.png"))


def click_move(page, table, a, b=None):
    """Play one move on `page` by clicking: space `a` then space `b`, or the Pass button
    (a is "pass"); waits until the page shows the new state."""
    before = table.version
    if a == "pass":
        page.click("#pass")
    else:
        page.click(f'#board .space[data-space="{a}"]')
        page.click(f'#board .space[data-space="{b}"]')
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)


def test_web_two_seats_play_front_lines_to_its_end_by_clicking(tmp_path, browser):
    """The shipped Front Lines with the centre held for 2 turns to win (FL-win-3): both
    armies deployed as set up (Pass), then every order given by clicking a unit's
    square and the square it goes to; the outcome is shown on both pages. Timers are
    on (FL-timer-1, long enough not to run out): both pages show both clocks running."""
    scn = shipped_with_options(tmp_path, "front_lines", centre_hold_turns=2, timers="online",
                               deploy_seconds=900, online_plan_seconds=600)
    app, table, _ = served(scn, 1)
    m = table.match
    with running(app) as base:
        north = open_seat(browser, base, "North")
        south = open_seat(browser, base, "South")
        for page in (north, south):  # both at the table: the deployment clocks run
            page.wait_for_selector('#clocks .clock[data-side="South"]')
            assert re.search(r"your time: (15:00|14:[0-5]\d)", page.inner_text("#clocks"))
        left = float(north.get_attribute('#clocks .clock[data-side="North"]', "data-left"))
        north.wait_for_function(f"""() => Number(document.querySelector(
            '#clocks .clock[data-side="North"]').dataset.left) < {left - 0.5}""")
        click_move(north, table, "pass")  # FL-deploy-3: the army as set up
        click_move(south, table, "pass")
        # turn 1: North's infantry walks into the centre; South steps aside and holds
        click_move(north, table, "C3", "C4")
        click_move(north, table, "C4", "C5")  # named where action 1 left it
        click_move(south, table, "B8", "B7")
        click_move(north, table, "F3", "F4")
        current(north, table)  # North is done planning: only South's clock runs
        assert north.locator("#clocks .clock").count() == 1
        assert re.fullmatch(r"South: (10:00|9:[0-5]\d)", north.inner_text("#clocks").strip())
        click_move(south, table, "pass")
        click_move(south, table, "pass")
        assert m.state.turn == 2 and not m.over
        current(north, table)
        assert north.locator('#board .piece[data-space="C5"][data-side="North"]').count() == 1
        current(south, table)
        assert south.locator('#board .piece[data-space="C5"][data-side="North"]').count() == 1
        # turn 2: North holds two centre squares, South none: North wins at its end
        click_move(north, table, "F4", "F5")
        north.screenshot(path=str(SHOTS / "front_lines_turn.png"))
        click_move(north, table, "pass")
        click_move(north, table, "pass")
        for _ in range(3):
            click_move(south, table, "pass")
        assert m.over and m.outcome.winner == "North"
        assert [e.text for e in m.history if e.player == "North"] == [
            "pass", "IC3-C4", "IC4-C5", "IF3-F4", "IF4-F5", "pass", "pass"]
        for page in (north, south):
            current(page, table)
            shown = page.inner_text("#outcome")
            assert "game over" in shown and "North" in shown and "FL-win-3" in shown
            assert page.locator("#pass").is_hidden() and page.locator("#entry").is_hidden()
            assert page.locator("#clocks").is_hidden()


def test_web_hands_are_the_printed_cards_and_the_other_hand_only_backs(tmp_path, browser):
    """Red's hand is drawn as the press's pictures of its cards; on Blue's page and the
    spectators', Red's hand is the deck's printed back, once per card, and nothing of
    Red's cards reaches them: no face asked for but the seat's own."""
    from tests.web_harness import skirmish_with_backs

    app, table, _ = served(skirmish_with_backs(tmp_path), 1)
    m = table.match
    with running(app) as base:
        asked: dict[str, list[str]] = {"Red": [], "Blue": [], "spectator": []}
        pages = {}
        for who in ("Red", "Blue", None):
            context = browser.new_context(viewport=VIEWPORT)
            name = who or "spectator"
            context.on("request", lambda r, name=name: asked[name].append(r.url))
            page = context.new_page()
            page.set_default_timeout(WAIT)
            page.goto(f"{base}/seat/{token(who) if who else SPECTATORS}")
            page.wait_for_selector("#connection.online")
            pages[name] = page
        red_view = m.rules.view(m.state, "Red")
        red_hand = next(p for p in red_view.piles if p.name == "hand" and p.owner == "Red")
        blue_hand = next(p for p in m.rules.view(m.state, "Blue").piles
                         if p.name == "hand" and p.owner == "Blue")
        hand = '.pile[data-pile="hand"][data-owner="Red"]'
        red = pages["Red"]
        red.wait_for_function(f"""() => {{
            const imgs = [...document.querySelectorAll('{hand} img.card.face')];
            return imgs.length === {len(red_hand.cards)} &&
                   imgs.every(i => i.complete && i.naturalWidth > 200); }}""")
        assert [i.get_attribute("data-card") for i in red.locator(f"{hand} img.card").all()] \
            == list(red_hand.cards)
        for name in ("Blue", "spectator"):
            page = pages[name]
            page.wait_for_function(f"""() => {{
                const imgs = [...document.querySelectorAll('{hand} img.card.back')];
                return imgs.length === {red_hand.count} &&
                       imgs.every(i => i.complete && i.naturalWidth > 200); }}""")
            assert page.locator(f"{hand} [data-card]").count() == 0
            assert all("/cards/back/tactics.png" in i.get_attribute("src")
                       for i in page.locator(f"{hand} img").all())
        faces = {n: {u.rsplit("/", 1)[1].removesuffix(".png") for u in urls
                     if "/cards/face/" in u} for n, urls in asked.items()}
        assert faces["Red"] == set(red_hand.cards)
        assert faces["Blue"] == set(blue_hand.cards) and faces["spectator"] == set()
        red.screenshot(path=str(SHOTS / "cards.png"), full_page=True)


# Lets a test drop the page's socket and refuse its reconnections for a while (as a
# network that went away would), and records when each connection was attempted.
SOCKET_CUTTER = """
(() => {
  const Real = window.WebSocket;
  window.__cut = { sockets: [], tries: [], refuse: false };
  window.WebSocket = function (url, protocols) {
    window.__cut.tries.push(performance.now());
    const ws = new Real(window.__cut.refuse ? "ws://127.0.0.1:9/refused" : url, protocols);
    window.__cut.sockets.push(ws);
    return ws;
  };
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket.prototype = Real.prototype;
})();
"""


def test_web_a_dropped_socket_is_reopened_with_backoff_and_the_page_resyncs(browser):
    """Red's socket drops and the network refuses Red for a while; meanwhile Blue moves
    (typed in notation: an illegal one shows its rule and sentence, a legal one plays).
    Red's page keeps trying, waiting longer each time, and once through it shows the
    position as it now stands."""
    app, table, _ = served("skirmish", 1)
    m = table.match
    with running(app) as base:
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(SOCKET_CUTTER)
        red = context.new_page()
        red.set_default_timeout(WAIT)
        red.goto(f"{base}/seat/{token('Red')}")
        red.wait_for_selector("#connection.online")
        blue = open_seat(browser, base, "Blue")
        click_move(red, table, "B2", "B4")
        red.evaluate("() => { window.__cut.refuse = true; window.__cut.sockets.at(-1).close(); }")
        red.wait_for_selector("#connection.offline")
        # Blue types: an illegal move is explained with its rule before anything is sent
        current(blue, table)
        blue.fill("#notation", "move F5 F2")
        blue.press("#notation", "Enter")
        blue.wait_for_selector("#message[data-rule]")
        rule = blue.get_attribute("#message", "data-rule")
        said = blue.inner_text("#message")
        assert rule == "SK-move" and said.startswith("move F5 F2: ") and rule not in said
        assert len(said) > len("move F5 F2: ") + len(rule) + 10  # a sentence, not just the id
        assert len(m.history) == 1
        blue.fill("#notation", "move F5 E5")
        blue.press("#notation", "Enter")
        blue.wait_for_function("document.body.dataset.moves === '2'")
        assert m.history[-1].text == "move F5 E5"
        # Red's page knocks again and again, waiting longer each time
        red.wait_for_function("window.__cut.tries.length >= 4")
        tries = red.evaluate("window.__cut.tries")
        gaps = [b - a for a, b in zip(tries[1:], tries[2:])]
        assert all(later > earlier for earlier, later in zip(gaps, gaps[1:])), gaps
        assert "trying again" in red.inner_text("#connection")
        assert red.evaluate("document.body.dataset.moves") == "1"  # still the old position
        red.evaluate("() => { window.__cut.refuse = false; }")
        red.wait_for_selector("#connection.online")
        current(red, table)
        assert red.evaluate("document.body.dataset.connections") == "2"
        assert red.locator("#moves li").count() == 2
        assert red.locator('#board .piece[data-space="E5"][data-side="Blue"]').count() == 1
        assert red.locator('#board .piece[data-space="B4"][data-side="Red"]').count() == 1
        # and the page plays on over its new socket
        a, b = next(sp for sp in (table.finder.mentioned(t) for t in m.legal("Red"))
                    if len(sp) == 2)
        click_move(red, table, a, b)
        assert len(m.history) == 3 and m.history[-1].player == "Red"


def test_web_a_clock_running_out_passes_for_that_side_on_every_page(tmp_path, browser):
    """FL-timer-1: one second to deploy; nobody clicks. The server deploys both armies as
    set up when the clocks run out, and both pages show turn 1 with its planning clocks."""
    scn = shipped_with_options(tmp_path, "front_lines", timers="online", deploy_seconds=1,
                               online_plan_seconds=300)
    app, table, _ = served(scn, 1)
    with running(app) as base:
        north = open_seat(browser, base, "North")
        south = open_seat(browser, base, "South")
        for page in (north, south):
            page.wait_for_function("document.body.dataset.moves === '2'")
            page.wait_for_function("document.querySelector('#status').textContent"
                                   ".includes('turn 1')")
            assert re.search(r"your time: (5:00|4:[0-5]\d)", page.inner_text("#clocks"))
        assert [(e.player, e.text) for e in table.match.history] == [
            ("North", "pass"), ("South", "pass")]
        assert north.locator('#board .piece[data-space="D1"][data-side="North"]').count() == 1


def test_web_a_card_the_server_cannot_draw_is_shown_by_its_name(browser):
    """Where the press cannot draw the cards (pypdfium2 missing, a broken layout) the
    pictures are not found and the page names each card instead, by its printed title."""
    app, table, _ = served("skirmish", 1)
    table.pictures.image = lambda kind, name: None
    m = table.match
    with running(app) as base:
        red = open_seat(browser, base, "Red")
        hand = next(p for p in m.rules.view(m.state, "Red").piles
                    if p.name == "hand" and p.owner == "Red")
        shown = '.pile[data-pile="hand"][data-owner="Red"] span.card'
        red.wait_for_function(f"document.querySelectorAll('{shown}').length === "
                              f"{len(hand.cards)}")
        titles = {c.name: c.title for d in m.scenario.decks.values() for c in d.cards}
        assert [t.strip() for t in red.locator(shown).all_inner_texts()] == \
            [titles[c] for c in hand.cards]
        assert "Forced March" in titles.values()  # forced_march: a title in words


@pytest.mark.parametrize("name", ["front_line", "lines_and_webs"])
def test_web_the_newer_games_are_drawn_and_played_from_their_pages(name, browser):
    """Front Line (a square battlefield) and Lines and Webs (a node-and-link theatre)
    are served with no page of their own: every space of the scenario's board is drawn,
    pieces stand where the view says, and the side asked plays a move typed in the game's
    notation (the first move the referee lists), seen on both pages."""
    app, table, _ = served(name, 3)
    m = table.match
    sides = list(m.scenario.sides)
    with running(app) as base:
        pages = {side: open_seat(browser, base, side) for side in sides}
        for page in pages.values():  # the board arrives first, the pieces with the state
            current(page, table)
        drawn = pages[sides[0]].locator("#board .space").count()
        assert drawn == len(m.scenario.board.spaces) > 20
        assert pages[sides[0]].locator("#board .piece").count() > 0
        printed = side_colours(m.scenario)  # the press's colour for each side, on the page too
        for s in sides:
            fills = pages[sides[0]].eval_on_selector_all(
                f'#board .piece[data-side="{s}"] circle', "cs => cs.map(c => c.getAttribute('fill'))")
            assert fills and set(fills) == {printed[s]}, (s, set(fills), printed[s])
        side = m.decision.players[0]
        assert not [e for e in m.history if e.player == side]
        move = next(t for t in m.legal(side) if t != "pass")
        current(pages[side], table)
        before = len(m.history)  # Front Line's start roll may stand there already
        pages[side].fill("#notation", move)
        pages[side].press("#notation", "Enter")
        for page in pages.values():  # the move, and any the referee settles after it
            page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
            current(page, table)
        assert [(e.player, e.text) for e in m.history if e.player == side] == [(side, move)]
        pages[side].screenshot(path=str(SHOTS / f"{name}.png"))


def test_web_four_seats_of_lines_and_webs_each_page_takes_only_its_seats_moves(tmp_path, browser):
    """LW-R42 with `roles four_players`: four pages, one a seat. The combat seat's page
    says whose decision Spend is and refuses a purchase typed there with the rule; the
    logistics seat's page plays it, and every page of the side shows the same view."""
    from tests.test_web_roles import served_four, token as seat_token

    app, table, _ = served_four(tmp_path, 2)
    m = table.match
    with running(app) as base:
        pages = {}
        for name in ("Delta logistics", "Delta combat", "Gamma logistics", "Gamma combat"):
            page = browser.new_context(viewport=VIEWPORT).new_page()
            page.set_default_timeout(WAIT)
            page.goto(f"{base}/seat/{seat_token(name)}")
            page.wait_for_selector("#connection.online")
            current(page, table)
            pages[name] = page
        combat, logistics = pages["Delta combat"], pages["Delta logistics"]
        assert combat.inner_text("#whoami") == "your seat: Delta combat"
        assert "waiting for Delta logistics and Gamma logistics" in combat.inner_text("#decision")
        combat.fill("#notation", "buy 3f")
        combat.press("#notation", "Enter")
        combat.wait_for_selector("#message[data-rule]")
        assert combat.get_attribute("#message", "data-rule") == "LW-R42"
        assert "Delta logistics's decision" in combat.inner_text("#message") and m.history == []
        combat.screenshot(path=str(SHOTS / "lines_and_webs_four.png"))
        logistics.fill("#notation", "buy 3f")
        logistics.press("#notation", "Enter")
        logistics.wait_for_function("document.body.dataset.moves === '1'")
        assert [(e.player, e.text) for e in m.history] == [("Delta", "buy 3f")]
        for page in pages.values():
            current(page, table)
        # one team: the same view (the purchase in the kit's words)
        assert "your purchases\nby sea: 3 fuel" in combat.inner_text("#panels")
        assert "by sea: 3 fuel" not in pages["Gamma combat"].inner_text("#panels")


def test_web_last_front_three_seats_each_sees_only_its_own_hand_and_plays_a_card(browser):
    """Last Front for three (`--players 3`), served with no page of its own: each seat's
    page shows its own hand card by card and the others' hands without a card named, and
    the player to move bids a card typed in notation, seen on every page."""
    app, table, _ = served("last_front_3", 4)
    m = table.match
    sides = list(m.scenario.sides)
    assert sides == ["P1", "P2", "P3"]
    with running(app) as base:
        pages = {side: open_seat(browser, base, side, board=False) for side in sides}
        for side, page in pages.items():
            current(page, table)
            hand = next(p for p in m.rules.view(m.state, side).piles
                        if p.kind == "hand" and p.owner == side)
            mine = f'.pile[data-pile="{hand.name}"][data-owner="{side}"]'
            page.wait_for_function(f"document.querySelectorAll('{mine} [data-card]').length"
                                   f" === {len(hand.cards)}")
            for other in sides:
                if other != side:
                    theirs = f'.pile[data-pile="{hand.name}"][data-owner="{other}"]'
                    assert page.locator(f"{theirs} [data-card]").count() == 0
        # no piece stands on the table board and the press leaves it out: not drawn
        assert pages["P1"].locator("#board").is_hidden()
        side = m.decision.players[0]
        move = next(t for t in m.legal(side) if t.startswith("play "))
        before = len(m.history)
        pages[side].fill("#notation", move)
        pages[side].press("#notation", "Enter")
        for page in pages.values():
            page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
            current(page, table)
        assert (side, move) in [(e.player, e.text) for e in m.history[before:]]
        pictures_loaded(pages[side])
        pages[side].screenshot(path=str(SHOTS / "last_front.png"), full_page=True)


def test_web_fantasy_line_battle_each_seat_chooses_in_secret_from_its_own_hand(browser):
    """Fantasy Line Battle served with no page of its own: each seat's page shows its own
    Character hand card by card and the other's only as a count, both are asked at once
    (secret selection), and a character placed face down on one page is not named on the
    other's."""
    app, table, _ = served("fantasy_line_battle", 5)
    m = table.match
    sides = list(m.scenario.sides)
    assert m.decision.players == tuple(sides)  # both choose at once
    with running(app) as base:
        pages = {side: open_seat(browser, base, side, board=False) for side in sides}
        for side, page in pages.items():
            current(page, table)
            hand = next(p for p in m.rules.view(m.state, side).piles
                        if p.kind == "hand" and p.owner == side and p.cards)
            mine = f'.pile[data-pile="{hand.name}"][data-owner="{side}"]'
            page.wait_for_function(f"document.querySelectorAll('{mine} [data-card]').length"
                                   f" === {len(hand.cards)}")
            other = next(s for s in sides if s != side)
            theirs = f'.pile[data-pile="{hand.name}"][data-owner="{other}"]'
            assert page.locator(f"{theirs} [data-card]").count() == 0
        north, south = sides
        move = next(t for t in m.legal(north) if t.startswith("place "))
        card = move.split()[1]
        before = len(m.history)
        pages[north].fill("#notation", move)
        pages[north].press("#notation", "Enter")
        for page in pages.values():
            page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
            current(page, table)
        assert (north, move) in [(e.player, e.text) for e in m.history[before:]]
        shown = pages[north].locator(f'.pile[data-owner="{north}"] [data-card="{card}"]')
        assert shown.count() >= 1  # North sees its own choice (its selection or hand)
        told_south = pages[south].inner_text("body")
        assert move not in told_south
        assert pages[south].locator(f'.pile[data-owner="{north}"] [data-card]').count() == 0
        pictures_loaded(pages[north])
        pages[north].screenshot(path=str(SHOTS / "fantasy_line_battle.png"), full_page=True)
