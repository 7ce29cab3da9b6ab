"""frontkit serve through Starlette's test client: what each seat's socket is sent
and what the table does with what it sends."""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from tests.web_harness import SPECTATORS, secret_forms, served, token  # noqa: E402
from toolkit.referee import game, record, transcript  # noqa: E402
from toolkit.web import board as shapes_of  # noqa: E402
from toolkit.web.moves import SpaceFinder, from_to  # noqa: E402


_clients = []


def entered(client):
    """The client entered: all its sockets share one event loop, as in a server."""
    client.__enter__()
    _clients.append(client)
    return client


@pytest.fixture(autouse=True)
def _close_clients():
    yield
    while _clients:
        _clients.pop().__exit__(None, None, None)


class Sockets:
    """One socket per seat and one for a spectator, every message kept."""

    def __init__(self, client, sides):
        self.sides = list(sides)
        self.names = self.sides + [None]
        self.ctx = {s: client.websocket_connect(f"/ws/{token(s) if s else SPECTATORS}")
                    for s in self.names}
        self.ws = {s: c.__enter__() for s, c in self.ctx.items()}
        self.seen: dict = {s: [] for s in self.names}
        for s in self.names:
            assert self.get(s)["type"] == "hello"
            assert self.get(s)["type"] == "state"

    def get(self, side):
        msg = self.ws[side].receive_json()
        self.seen[side].append(msg)
        return msg

    def send(self, side, msg):
        self.ws[side].send_json(msg)

    def everyone_gets_state(self):
        return {s: self.get(s) for s in self.names}

    def close(self):
        for c in self.ctx.values():
            c.__exit__(None, None, None)


def _holds(text, form):
    # standing on its own: the order I=A1 is not inside I=A10
    return re.search(r"(?<![A-Za-z0-9_])" + re.escape(form) + r"(?![A-Za-z0-9_])",
                     text) is not None


def assert_no_secrets_of_others(table, sockets, messages) -> int:
    """No message of this step holds a secret another side has now. Returns how many
    of its own secrets a seat was sent (the forms are the real ones: a control)."""
    m = table.match
    own = 0
    for seat, msgs in messages.items():
        text = json.dumps(msgs)
        if seat is not None:
            own += sum(any(_holds(text, f) for f in secret_forms(v))
                       for v in game.secrets(m.rules, m.state, seat))
        for other in sockets.sides:
            if other == seat:
                continue
            for value in game.secrets(m.rules, m.state, other):
                for form in secret_forms(value):
                    assert not _holds(text, form), (f"{seat or 'spectator'} was sent {other}'s "
                                              f"secret {value!r} as {form!r}")
    return own


@pytest.mark.parametrize("name,seed", [("dice_race_3", 3), ("dice_race_3", 8),
                                       ("skirmish", 5), ("front_lines", 2),
                                       ("lines_and_webs", 1), ("last_front_3", 4),
                                       ("last_front_5", 6), ("fantasy_line_battle", 3),
                                       ("fantasy_line_battle", 9)])  # Front Line hides nothing
def test_web_no_seat_is_ever_sent_another_seats_secrets_in_random_games(name, seed):
    app, table, seats = served(name, seed)
    rng = random.Random(seed)
    client = entered(TestClient(app))
    sockets = Sockets(client, table.match.scenario.sides)
    m = table.match
    leaks_checked = own_seen = 0
    try:
        for step in range(120 if name != "front_lines" else 70):
            d = m.decision
            if d is None:
                break
            side = rng.choice(d.players)
            move = rng.choice(m.legal(side))
            sockets.send(side, {"type": "move", "text": move})
            got = sockets.everyone_gets_state()
            for s, msg in got.items():
                assert msg["type"] == "state"
                own = m.rules.view(m.state, s)
                told = transcript.told(m.history, s)
                if msg["view"] is not None:  # exactly the seat's own view, nothing more
                    assert msg["view"] == table.words.view(own.with_log(told).as_json())
                else:
                    assert msg["text"] == table.words.say(transcript.render(m.rules, own, told))
                legal = [item["text"] for item in msg["legal"]]
                assert legal == ([] if s is None or m.decision is None or s not in
                                 m.decision.players else m.legal(s))
            if step % 9 == 0:  # a look back is the past as the seat saw it
                for s in sockets.names:
                    sockets.send(s, {"type": "past", "at": len(m.history) // 2})
                    got[s] = [got[s], sockets.get(s)]
            own_seen += assert_no_secrets_of_others(table, sockets, got)
            leaks_checked += sum(len(game.secrets(m.rules, m.state, s)) for s in sockets.sides)
    finally:
        sockets.close()
    assert leaks_checked > 0  # the games had secrets to keep
    assert own_seen > 0  # and each seat was sent its own, in the very forms checked


def test_web_a_hidden_hand_reaches_its_own_seat_only():
    app, table, _ = served("dice_race_3", 4)
    client = entered(TestClient(app))
    sockets = Sockets(client, table.match.scenario.sides)
    try:
        def hand(msg, owner):
            return next(p for p in msg["view"]["piles"] if p["owner"] == owner)
        sockets.send("Red", {"type": "state"})
        mine = hand(sockets.get("Red"), "Red")
        sockets.send("Blue", {"type": "state"})
        theirs = hand(sockets.get("Blue"), "Red")
        sockets.send(None, {"type": "state"})
        public = hand(sockets.get(None), "Red")
    finally:
        sockets.close()
    assert mine["count"] == 1 and mine["cards"] and len(mine["cards"]) == 1
    assert theirs == {**mine, "cards": None} and public == theirs


def test_web_the_spectator_sees_every_move_only_as_its_public_events():
    app, table, _ = served("dice_race_3", 6)
    client = entered(TestClient(app))
    sockets = Sockets(client, table.match.scenario.sides)
    try:
        sockets.send("Red", {"type": "move", "text": "boost 2"})
        got = sockets.everyone_gets_state()
    finally:
        sockets.close()
    red, blue, spectator = got["Red"], got["Blue"], got[None]
    last = {s: msg["moves"][-1] for s, msg in got.items()}
    assert last["Red"]["text"] == "boost 2"
    assert last["Blue"]["text"] == last[None]["text"] == "[Red commits a boost]"
    assert "boost 2" not in json.dumps(spectator)
    assert "boost 2" not in json.dumps([blue["moves"], blue["view"]])  # only its own legal list
    assert spectator["legal"] == [] and spectator["seat"] is None
    assert red["decision"]["kind"] == "orders" and not spectator["decision"]["yours"]


def test_web_an_illegal_move_is_refused_with_its_rule_and_changes_nothing():
    app, table, _ = served("skirmish", 1)
    client = entered(TestClient(app))
    before = table.match.state_hash()
    with client.websocket_connect(f"/ws/{token('Red')}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "check", "text": "move A1 A5"})
        checked = ws.receive_json()
        ws.send_json({"type": "move", "text": "move A1 A5"})
        refused = ws.receive_json()
        ws.send_json({"type": "check", "text": "move A1 A2"})
        fine = ws.receive_json()
    assert checked["type"] == "checked" and not checked["ok"]
    assert checked["rule"] == "SK-move" and checked["reason"]
    assert refused["type"] == "refused" and refused["rule"] == "SK-move"
    assert fine == {"type": "checked", "ok": True, "text": "move A1 A2",
                    "notation": "move A1 A2"}
    assert table.match.state_hash() == before and table.match.history == []


def test_web_a_seat_may_not_move_for_another_nor_a_spectator_at_all():
    app, table, _ = served("skirmish", 1)
    client = entered(TestClient(app))
    with client.websocket_connect(f"/ws/{token('Blue')}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "move", "text": "move C5 C4"})
        blue = ws.receive_json()
    with client.websocket_connect(f"/ws/{SPECTATORS}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "move", "text": "move A1 A2"})
        spectator = ws.receive_json()
    assert blue["rule"] == game.RULE_TURN and "waiting for Red" in blue["reason"]
    assert spectator["rule"] == "spectator"
    assert table.match.history == []


def test_web_a_click_from_one_space_to_another_picks_the_move_or_names_the_rule():
    app, table, _ = served("skirmish", 1)
    client = entered(TestClient(app))
    with client.websocket_connect(f"/ws/{token('Red')}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "click", "from": "B2", "to": "B4"})
        legal = ws.receive_json()
        ws.send_json({"type": "click", "from": "B2", "to": "C2"})
        two = ws.receive_json()
        ws.send_json({"type": "click", "from": "B2", "to": "B5"})
        too_far = ws.receive_json()
    assert legal["ok"] and legal["notation"] == "move B2 B4 +forced_march"
    # the moves named in players' words (the card's printed title)
    assert not two["ok"] and "Infantry B2 to C2; Infantry B2 to C2, playing Forced March" in two["reason"]
    assert not too_far["ok"] and too_far["rule"] == "SK-move"


def test_web_an_unknown_token_gets_no_page_no_socket_and_no_record():
    app, _, _ = served("skirmish", 1)
    client = entered(TestClient(app))
    assert client.get("/seat/guess").status_code == 404
    assert client.get("/record/guess").status_code == 404
    from starlette.websockets import WebSocketDisconnect
    with pytest.raises(WebSocketDisconnect) as err:
        with client.websocket_connect("/ws/guess") as ws:
            ws.receive_json()
    assert err.value.code == 4404


def test_web_the_page_itself_holds_no_game_data():
    app, table, seats = served("dice_race_3", 2)
    client = entered(TestClient(app))
    pages = {s.name: client.get(f"/seat/{s.token}").text for s in seats.all()}
    assert len(set(pages.values())) == 1  # the same page for every seat: data comes by socket
    js = client.get("/static/page.js")
    assert js.status_code == 200 and "WebSocket" in js.text
    # nothing is fetched from the internet: no address but the SVG namespace
    assert "https://" not in pages["Red"] + js.text
    assert set(re.findall(r"http://[^\s\"']+", pages["Red"] + js.text)) == {
        "http://www.w3.org/2000/svg"}


def test_web_undo_is_taken_back_only_once_the_other_side_accepts():
    app, table, _ = served("skirmish", 1)
    client = entered(TestClient(app))
    sockets = Sockets(client, table.match.scenario.sides)
    try:
        sockets.send("Red", {"type": "move", "text": "move B2 C2"})
        sockets.everyone_gets_state()
        sockets.send("Red", {"type": "undo"})
        asked = sockets.everyone_gets_state()
        assert asked["Blue"]["undo"] == {"by": "Red", "waiting": ["Blue"], "answer": True}
        assert asked["Red"]["undo"]["answer"] is False and len(table.match.history) == 1
        sockets.send("Red", {"type": "undo-answer", "accept": True})  # not Red's to answer
        assert sockets.get("Red")["rule"] == "undo"
        sockets.send("Blue", {"type": "undo-answer", "accept": False})
        declined = sockets.everyone_gets_state()
        assert declined["Red"]["undo"] is None and len(table.match.history) == 1
        sockets.send("Red", {"type": "undo"})
        sockets.everyone_gets_state()
        sockets.send("Blue", {"type": "undo-answer", "accept": True})
        accepted = sockets.everyone_gets_state()
    finally:
        sockets.close()
    assert table.match.history == [] and accepted["Red"]["moves"] == []
    assert accepted["Red"]["decision"]["players"] == ["Red"]


def test_web_undo_is_refused_for_a_chance_outcome_with_the_reason():
    app, table, _ = served("dice_race", 3)
    client = entered(TestClient(app))
    sockets = Sockets(client, table.match.scenario.sides)
    try:
        sockets.send("Red", {"type": "move", "text": "boost 1"})
        sockets.everyone_gets_state()
        sockets.send("Blue", {"type": "move", "text": "boost 0"})  # revealed, then Red rolls
        state = sockets.everyone_gets_state()["Red"]
        assert state["can_undo"] is False and "cannot be taken back" in state["why_not_undo"]
        sockets.send("Red", {"type": "undo"})
        refused = sockets.get("Red")
    finally:
        sockets.close()
    assert refused["type"] == "refused" and refused["rule"] == "undo"
    assert table.undo is None


def test_web_a_page_that_reconnects_gets_everything_again():
    app, table, _ = served("skirmish", 1)
    client = entered(TestClient(app))
    with client.websocket_connect(f"/ws/{token('Red')}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "move", "text": "move B2 C2"})
        before = ws.receive_json()
    with client.websocket_connect(f"/ws/{token('Red')}") as ws:
        hello, again = ws.receive_json(), ws.receive_json()
    assert hello["type"] == "hello" and hello["board"]["spaces"]
    assert again == before and again["moves"][0]["text"] == "Infantry B2 to C2"
    assert again["moves"][0]["notation"] == "move B2 C2"


def test_web_a_ping_is_answered_so_a_page_can_tell_a_live_socket_from_a_dead_one():
    app, table, _ = served("skirmish", 1)
    client = entered(TestClient(app))
    with client.websocket_connect(f"/ws/{token('Blue')}") as ws:
        ws.receive_json(), ws.receive_json()
        version = table.version
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert table.version == version


def test_web_the_past_is_shown_as_the_seat_saw_it_then():
    app, table, _ = served("dice_race_3", 5)
    client = entered(TestClient(app))
    sockets = Sockets(client, table.match.scenario.sides)
    m = table.match
    try:
        for side, text in (("Red", "boost 2"), ("Blue", "boost 1")):
            sockets.send(side, {"type": "move", "text": text})
            sockets.everyone_gets_state()
        sockets.send("Blue", {"type": "past", "at": len(m.history) - 1})
        past = sockets.get("Blue")
    finally:
        sockets.close()
    at = past["at"]
    expected = table.words.view(m.rules.view(m.history[at].before, "Blue").with_log(
        transcript.told(m.history[:at], "Blue")).as_json())
    assert past["type"] == "past" and past["of"] == len(m.history) and past["view"] == expected
    # before Blue's boost: Red's is sealed (named, never its amount), Blue has none yet
    assert past["view"]["panels"] == [{"title": "sealed boosts", "text": "Red"}]


def test_web_table_chance_waits_for_a_seat_to_type_the_roll():
    app, table, _ = served("dice_race", None)
    client = entered(TestClient(app))
    sockets = Sockets(client, table.match.scenario.sides)
    try:
        for side, text in (("Red", "boost 0"), ("Blue", "boost 0")):
            sockets.send(side, {"type": "move", "text": text})
            got = sockets.everyone_gets_state()
        assert got["Blue"]["decision"]["kind"] == "chance" and got["Blue"]["decision"]["table"]
        assert got[None]["decision"]["table"] is False
        sockets.send("Blue", {"type": "move", "text": "9"})
        impossible = sockets.get("Blue")
        sockets.send("Blue", {"type": "move", "text": "4"})
        rolled = sockets.everyone_gets_state()
    finally:
        sockets.close()
    assert impossible["rule"] == "chance-impossible"
    assert table.match.history[-1].player == "chance" and table.match.history[-1].text == "4"
    assert rolled["Red"]["decision"]["kind"] == "move"


def test_web_the_record_is_offered_to_the_seats_once_the_game_is_over(tmp_path):
    rec = tmp_path / "game.rec"
    app, table, seats = served("skirmish", 1, record_path=rec)
    client = entered(TestClient(app))
    red = f"/record/{token('Red')}"
    table.play(seats.by_side["Red"], "move B2 C2")
    assert client.get(red).status_code == 403  # it would show every side's secrets
    rng = random.Random(1)
    m = table.match
    while not m.over:
        side = m.decision.players[0]
        table.play(seats.by_side[side], rng.choice(m.legal(side)))
    got = client.get(red)
    assert got.status_code == 200 and "attachment" in got.headers["content-disposition"]
    assert got.text == rec.read_text() and record.parse(got.text, rec).lines
    assert client.get(f"/record/{SPECTATORS}").status_code == 403


def test_web_serve_resumes_a_record_as_play_does(tmp_path):
    from toolkit.web.command import open_table
    from tests.web_harness import SCENARIOS

    rec = tmp_path / "game.rec"
    args = SimpleNamespace(scenario=str(SCENARIOS["skirmish"]), record=str(rec), seed=4,
                           table=False)
    first = open_table(args)
    red = first.match.scenario.sides[0]
    from toolkit.web.seats import Seat
    first.play(Seat(red, "x"), "move B2 C2")
    first.play(Seat("Blue", "y"), "move F5 E5")
    again = open_table(args)
    assert [e.text for e in again.match.history] == ["move B2 C2", "move F5 E5"]
    assert again.match.state_hash() == first.match.state_hash()
    again.play(Seat(red, "x"), "move A1 A2")
    assert rec.read_text().count("\n") > first.match.record_text(rec).count("\n")


def test_web_spaces_are_found_in_notation_in_the_order_written():
    finder = SpaceFinder(["B1", "B3", "C2", "C3", "C30", "AC3", "north-gate", "a"])
    assert finder.mentioned("move B1 B3 +forced_march") == ["B1", "B3"]
    assert finder.mentioned("IC2-C3") == ["C2", "C3"]
    assert finder.mentioned("IC30-AC3") == ["C30", "AC3"]
    assert finder.mentioned("attack north-gate a") == ["north-gate", "a"]
    assert finder.mentioned("advance sprint") == []
    assert from_to(["B1", "B3"], "B1", "B3") and not from_to(["B1", "B3"], "B3", "B1")


@pytest.mark.parametrize("name", ["skirmish", "front_lines", "dice_race"])
def test_web_neighbouring_spaces_are_drawn_one_space_apart(name):
    import dsl
    from tests.web_harness import SCENARIOS

    scenario = dsl.load(SCENARIOS[name])
    drawn = shapes_of.shapes(scenario)
    at = {s["id"]: (s["x"], s["y"]) for s in drawn["spaces"]}
    board = scenario.board
    import math
    for a, b in board.graph.edges:
        assert math.dist(at[a], at[b]) == pytest.approx(shapes_of.SIZE, abs=0.05)
    colours = {t.name: t.colour for t in scenario.terrains.values()}
    for s in drawn["spaces"]:
        assert s["colour"] == colours[s["terrain"]]
        assert len(s["points"]) == (6 if board.kind == "hex" else 4)
    w, h = drawn["view_box"][2:]
    assert all(0 <= x <= w and 0 <= y <= h for sp in drawn["spaces"] for x, y in sp["points"])


def test_web_a_map_is_drawn_at_its_node_coordinates_with_its_links():
    import dsl
    from pathlib import Path

    scenario = dsl.load(Path(__file__).resolve().parent.parent /
                        "content/lines_and_webs/lines_and_webs.scn")
    drawn = shapes_of.shapes(scenario)
    at = {s["id"]: s for s in drawn["spaces"]}
    assert drawn["kind"] == "map" and len(drawn["links"]) == len(
        [l for l in scenario.board.links if l.a in at and l.b in at])
    # A1 (0, 0) above A2 (0, 34.6): same x, larger y
    assert at["A1"]["x"] == at["A2"]["x"] and at["A2"]["y"] > at["A1"]["y"]
    assert all("r" in s for s in drawn["spaces"])


def test_web_why_undo_is_refused_never_spells_out_another_sides_private_draw():
    app, table, _ = served("dice_race_3", 5)
    client = entered(TestClient(app))
    drawn = [e.text for e in table.match.history]
    assert drawn == ["stumble", "sprint", "stumble"]  # Red, Blue, then Green drew
    with client.websocket_connect(f"/ws/{token('Blue')}") as ws:
        ws.receive_json()
        blue = ws.receive_json()
    assert blue["why_not_undo"] == "a chance outcome cannot be taken back"
    assert "stumble" not in json.dumps(blue)  # Blue holds a sprint; both stumbles are hidden


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_web_cards_are_the_presss_pictures_and_a_hidden_hand_is_only_backs(tmp_path):
    """Each seat is sent the picture of the cards its own view names, and for a hand it
    sees only as a count, the deck's printed back; the pictures are the press's cards
    at the trim (63 x 88 mm at cards.DPI), each card its own."""
    from tests.web_harness import skirmish_with_backs
    from toolkit.web import cards, messages

    app, table, seats = served(skirmish_with_backs(tmp_path), 1)
    client = entered(TestClient(app))
    red = messages.state_message(table, seats.by_side["Red"])
    hands = {p["owner"]: p for p in red["view"]["piles"] if p["name"] == "hand"}
    own = hands["Red"]["cards"]
    assert own and hands["Blue"]["cards"] is None and hands["Blue"]["count"] == 3
    # faces: exactly the deck cards Red's view names (reserve pieces are no cards)
    named = {c for p in red["view"]["piles"] for c in (p["cards"] or ())}
    assert set(red["pictures"]["faces"]) == named & {"forced_march", "charge", "dig_in"}
    assert "infantry" not in red["pictures"]["faces"]
    backs = dict(zip([(p["name"], p["owner"]) for p in red["view"]["piles"]],
                     red["pictures"]["backs"]))
    assert backs[("hand", "Blue")] == "/cards/back/tactics.png"
    assert backs[("reserve", "Blue")] is None
    spectator = messages.state_message(table, seats.spectators)
    assert spectator["pictures"]["faces"] == {}  # both hands face down
    pictures = {}
    for card in ("forced_march", "charge", "dig_in"):
        got = client.get(f"/cards/face/{card}.png")
        assert got.status_code == 200 and got.headers["content-type"] == "image/png"
        pictures[card] = got.content
    back = client.get("/cards/back/tactics.png").content
    expected = (round(63 / 25.4 * cards.DPI), round(88 / 25.4 * cards.DPI))
    for data in [*pictures.values(), back]:
        w, h = _png_size(data)
        assert abs(w - expected[0]) <= 1 and abs(h - expected[1]) <= 1
    assert len(set(pictures.values()) | {back}) == 4  # every card drawn as itself
    for bad in ("/cards/face/infantry.png", "/cards/face/nothing.png",
                "/cards/back/nothing.png", "/cards/other/charge.png"):
        assert client.get(bad).status_code == 404


def test_web_a_card_picture_is_the_printed_card():
    """The face is drawn by the press's layout: its title in the picture's pixels differs
    where the printed cards differ (the title band), and matches where they do not."""
    from io import BytesIO

    from PIL import Image, ImageChops

    app, table, seats = served("skirmish", 1)
    client = entered(TestClient(app))
    a = Image.open(BytesIO(client.get("/cards/face/charge.png").content)).convert("RGB")
    b = Image.open(BytesIO(client.get("/cards/face/dig_in.png").content)).convert("RGB")
    w, h = a.size
    title = (0, 0, w, h // 6)
    frame = (0, h - h // 20, w, h)  # the bottom edge: the deck's name, the same on both
    assert ImageChops.difference(a.crop(title), b.crop(title)).getbbox() is not None
    assert ImageChops.difference(a.crop(frame), b.crop(frame)).getbbox() is None
    # the built-in layout's cream card with a dark frame, not a blank picture
    assert len(a.getcolors(maxcolors=1 << 16) or ()) > 8


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def _drain_states(ws):
    """Messages up to and including the next non-state one (the answer awaited)."""
    got = []
    while True:
        msg = ws.receive_json()
        got.append(msg)
        if msg["type"] != "state":
            return got


def test_web_front_lines_clocks_are_shown_and_enforced_as_in_play(tmp_path):
    """FL-timer-1 with `timers online`: clocks start when both seats are at the table;
    a side's planning clock runs for all three actions of its turn; when it runs out the
    server passes for every action still owed (written to the record) and refuses a
    late move with the reason."""
    from tests.web_harness import shipped_with_options

    scn = shipped_with_options(tmp_path, "front_lines", timers="online",
                               deploy_seconds=120, online_plan_seconds=45)
    clock = FakeClock()
    app, table, _ = served(scn, 1, record_path=tmp_path / "timed.rec", clock=clock)
    m = table.match
    client = entered(TestClient(app))
    with client.websocket_connect(f"/ws/{token('North')}") as north:
        north.receive_json()
        assert north.receive_json()["clocks"] == {}  # South is not at the table yet
        clock.now += 500  # nobody's time runs meanwhile
        with client.websocket_connect(f"/ws/{token('South')}") as south:
            south.receive_json()
            assert south.receive_json()["clocks"] == {"North": 120, "South": 120}
            assert north.receive_json()["clocks"] == {"North": 120, "South": 120}
            clock.now += 30
            north.send_json({"type": "move", "text": "pass"})  # North deploys as set up
            assert north.receive_json()["clocks"] == {"South": 90}
            assert south.receive_json()["clocks"] == {"South": 90}
            # South's time runs out: its next message finds the army deployed for it
            clock.now += 91
            south.send_json({"type": "ping"})
            got = _drain_states(south)
            assert got[-1] == {"type": "pong"}
            # only the deployment was owed: turn 1's planning is not passed for South
            assert [(e.player, e.text) for e in m.history] == [("North", "pass"),
                                                               ("South", "pass")]
            assert got[-2]["clocks"] == {"North": 45, "South": 45}  # turn 1's planning
            north.receive_json()
            # one clock for the turn's actions: 20 s on action 1 leave 25 for the rest
            clock.now += 20
            north.send_json({"type": "move", "text": "IC3-C4"})
            assert north.receive_json()["clocks"]["North"] == 25
            south.receive_json()
            clock.now += 26
            north.send_json({"type": "move", "text": "IC4-C5"})
            got = _drain_states(north)
            refused = got[-1]
            assert refused["type"] == "refused" and refused["rule"] == "time-up"
            assert "time is up for North" in refused["reason"]
            assert [e.text for e in m.history if e.player == "North"] == [
                "pass", "IC3-C4", "pass", "pass"]
            # South's clock ran out with North's: passed for all three, turn 2 begins
            assert [e.text for e in m.history if e.player == "South"] == ["pass"] * 4
            assert m.state.turn == 2
            assert got[-2]["clocks"] == {"North": 45, "South": 45}
    lines = (tmp_path / "timed.rec").read_text().splitlines()
    assert [line for line in lines if line.startswith(("North:", "South:"))] == [
        "North: pass", "South: pass", "North: IC3-C4", "North: pass", "North: pass",
        "South: pass", "South: pass", "South: pass"]


def test_web_a_clock_runs_out_with_no_page_sending_anything(tmp_path):
    """The server rings when a clock runs out: the pages are sent the new state."""
    from tests.web_harness import shipped_with_options

    scn = shipped_with_options(tmp_path, "front_lines", timers="online", deploy_seconds=1,
                               online_plan_seconds=600)
    app, table, _ = served(scn, 1)
    client = entered(TestClient(app))
    with client.websocket_connect(f"/ws/{token('North')}") as north, \
            client.websocket_connect(f"/ws/{token('South')}") as south:
        north.receive_json(), north.receive_json()
        south.receive_json(), south.receive_json()
        assert north.receive_json()["clocks"] == {"North": 1, "South": 1}
        while True:  # the deployments passed for both, by the server's own alarm
            msg = north.receive_json()
            if len(msg["moves"]) == 2:
                break
        assert [e.text for e in table.match.history] == ["pass", "pass"]
        assert msg["clocks"] == {"North": pytest.approx(600, abs=2),
                                 "South": pytest.approx(600, abs=2)}


def test_web_a_big_move_is_chosen_step_by_step_and_a_leaf_is_the_whole_move():
    """Lines and Webs' Spend offers a hundred purchases: the page is sent the move tree's
    first step (groups such as `buy`), then the moves of the group chosen; a leaf carries
    the whole move in notation, which is what is played (one record line)."""
    app, table, _ = served("lines_and_webs", 7)
    m = table.match
    side = m.decision.players[0]
    client = entered(TestClient(app))
    with client.websocket_connect(f"/ws/{token(side)}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "steps", "chosen": []})
        first = ws.receive_json()
        assert first["type"] == "steps" and first["chosen"] == []
        assert first["version"] == table.version
        groups = [s for s in first["steps"] if s["move"] is None]
        assert "buy" in [s["token"] for s in groups]
        ws.send_json({"type": "steps", "chosen": ["buy"]})
        second = ws.receive_json()
        assert second["chosen"] == ["buy"]
        leaves = [s for s in second["steps"] if s["move"]]
        assert leaves and {s["move"] for s in leaves} <= set(m.legal(side))
        assert all("_" not in s["label"] for s in second["steps"])  # players' words
        ws.send_json({"type": "steps", "chosen": ["no such purchase"]})
        refused = ws.receive_json()
        assert (refused["type"], refused["for"], refused["rule"]) == ("refused", "steps", "step")
        ws.send_json({"type": "move", "text": leaves[0]["move"]})
        ws.receive_json()
    assert m.history[-1].text == leaves[0]["move"]


def test_web_a_spectator_and_a_seat_not_asked_are_offered_no_steps():
    app, table, _ = served("skirmish", 1)
    client = entered(TestClient(app))
    waiting = next(s for s in table.match.scenario.sides if s not in table.match.decision.players)
    for who in (SPECTATORS, token(waiting)):
        with client.websocket_connect(f"/ws/{who}") as ws:
            ws.receive_json(), ws.receive_json()
            ws.send_json({"type": "steps"})
            refused = ws.receive_json()
            assert refused["type"] == "refused" and refused["ok"] is False


def test_web_FL_a_refused_click_names_the_rule_of_the_piece_that_stands_there():
    """Front Lines: a click from infantry two squares on is refused with the infantry's
    move rule, never with another piece's ("you have no commander on B3")."""
    app, table, seats = served("front_lines", 7)
    north, south = seats.by_name["North"], seats.by_name["South"]
    table.play(north, "pass")
    table.play(south, "pass")
    m = table.match
    infantry = next(p.space for p in m.rules.view(m.state, "North").pieces
                    if p.side == "North" and p.kind == "infantry")
    col, row = infantry[0], int(infantry[1:])
    client = entered(TestClient(app))
    with client.websocket_connect(f"/ws/{token('North')}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "click", "from": infantry, "to": f"{col}{row + 3}"})
        said = ws.receive_json()
    assert said["type"] == "clicked" and said["ok"] is False
    assert "infantry" in said["reason"] and "commander" not in said["reason"]
