"""frontkit serve with seats that have roles: Lines and Webs for four players (LW-R42).
One address a seat (`Delta logistics`, `Delta combat`, …) and the spectators'; a seat's
page is sent its side's view and events, its legal moves only while its role answers,
and the wrong seat's moves, checks and clicks are refused with the rule, nothing
changed. Four websocket clients play a whole one-turn game."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from tests.four_players import SEATS, load, other_role, pick, seat_of  # noqa: E402
from tests.web_harness import SPECTATORS, secret_forms  # noqa: E402
from toolkit.referee import game, transcript  # noqa: E402
from toolkit.referee.chance import SeededChance  # noqa: E402
from toolkit.referee.match import Match  # noqa: E402
from toolkit.referee.roles import seat_name  # noqa: E402
from toolkit.web.app import create_app  # noqa: E402
from toolkit.web.command import addresses  # noqa: E402
from toolkit.web.seats import Seats  # noqa: E402
from toolkit.web.table import Refused, Table  # noqa: E402


def token(seat: str) -> str:
    return "token-of-" + seat.replace(" ", "-")


def served_four(tmp_path, seed: int | None = 1, clock=None, **options):
    scenario = load(tmp_path, **options)
    chance = None if seed is None else SeededChance(seed)
    match = Match.new(scenario, chance=chance, seed="table" if seed is None else str(seed))
    table = Table(match, **({} if clock is None else {"clock": clock}))
    seats = Seats(scenario.sides, {**{n: token(n) for n in SEATS}, "": SPECTATORS},
                  roles=table.roles())
    return create_app(table, seats), table, seats


@pytest.fixture
def client_of():
    opened = []

    def enter(app):
        client = TestClient(app)
        client.__enter__()
        opened.append(client)
        return client

    yield enter
    while opened:
        opened.pop().__exit__(None, None, None)


class FourSockets:
    """One socket per seat and one for a spectator (None), every message kept."""

    def __init__(self, client):
        self.names = [*SEATS, None]
        self.ctx = {n: client.websocket_connect(f"/ws/{token(n) if n else SPECTATORS}")
                    for n in self.names}
        self.ws = {n: c.__enter__() for n, c in self.ctx.items()}
        self.hello = {n: self.ws[n].receive_json() for n in self.names}
        self.first = {n: self.ws[n].receive_json() for n in self.names}

    def send(self, name, msg):
        self.ws[name].send_json(msg)

    def get(self, name):
        return self.ws[name].receive_json()

    def close(self):
        for c in self.ctx.values():
            c.__exit__(None, None, None)


def side_of(name: str | None) -> str | None:
    return None if name is None else name.split()[0]


def test_web_LW_R42_serve_prints_one_address_per_seat_and_the_spectators(tmp_path):
    _, table, seats = served_four(tmp_path)
    listed = addresses(Seats(("Delta", "Gamma"), roles=table.roles()), "127.0.0.1", 8000)
    assert [who for who, _ in listed] == [*SEATS, "spectators"]
    assert len({url for _, url in listed}) == 5
    assert seats.find(token("Gamma combat")).name == "Gamma combat"
    assert seats.find(token("Gamma combat")).role == "combat"


def test_web_LW_R42_serve_at_the_command_line_lists_the_four_seats(tmp_path, monkeypatch, capsys):
    """`frontkit serve` prints an address per seat (the server itself is not started)."""
    import uvicorn

    from toolkit.cli import main
    from tests.four_players import four_players

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    scn = four_players(tmp_path)
    assert main(["serve", str(scn), "--seed", "1", "--port", "0"]) == 0
    out = capsys.readouterr().out
    for name in (*SEATS, "spectators"):
        assert f"  {name:>15}: http://127.0.0.1:0/seat/" in out


def test_web_LW_R42_hello_and_state_name_the_seat(tmp_path, client_of):
    app, _, _ = served_four(tmp_path)
    sockets = FourSockets(client_of(app))
    try:
        assert sockets.hello["Delta logistics"]["seat"] == "Delta"
        assert sockets.hello["Delta logistics"]["seat_name"] == "Delta logistics"
        assert sockets.first["Gamma combat"]["seat_name"] == "Gamma combat"
        assert sockets.hello[None]["seat_name"] is None
        # Spend: the logistics seats are asked, the combat seats wait and list nothing
        d = sockets.first["Delta combat"]["decision"]
        assert not d["yours"] and d["waiting"] == "waiting for Delta logistics and Gamma logistics"
        assert sockets.first["Delta combat"]["legal"] == []
        assert sockets.first["Delta logistics"]["decision"]["yours"]
        assert sockets.first["Delta logistics"]["legal"]
    finally:
        sockets.close()


def test_web_LW_R42_a_seats_page_takes_only_that_seats_moves_checks_and_clicks(tmp_path,
                                                                            client_of):
    app, table, _ = served_four(tmp_path)
    m = table.match
    client = client_of(app)
    before, version = m.state_hash(), table.version
    with client.websocket_connect(f"/ws/{token('Delta combat')}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "move", "text": "buy 3f"})
        refused = ws.receive_json()
        ws.send_json({"type": "check", "text": "buy 3f"})
        checked = ws.receive_json()
        ws.send_json({"type": "click", "from": "J10", "to": "I10"})
        clicked = ws.receive_json()
    assert refused["type"] == "refused" and refused["rule"] == "LW-R42"
    assert refused["reason"] == ("it is Delta logistics's decision: Spend resources is the "
                                 "logistics player's")
    assert checked["type"] == "checked" and not checked["ok"] and checked["rule"] == "LW-R42"
    assert clicked["type"] == "clicked" and not clicked["ok"] and clicked["rule"] == "LW-R42"
    assert m.state_hash() == before and m.history == [] and table.version == version
    with client.websocket_connect(f"/ws/{token('Delta logistics')}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "check", "text": "buy 3f"})
        assert ws.receive_json()["ok"]
        ws.send_json({"type": "move", "text": "buy 3f"})
        assert ws.receive_json()["type"] == "state"
    assert [e.text for e in m.history] == ["buy 3f"]


def _assert_messages_of_a_step(table, got):
    """Each seat's state: its side's own view and log, the same for both seats of a
    side; legal moves only for the seat whose role answers; nothing of the other
    side's secrets. Returns how many of its own side's secrets the seats were sent."""
    m = table.match
    own = 0
    views = {}
    for name, msg in got.items():
        assert msg["type"] == "state"
        side = side_of(name)
        view = m.rules.view(m.state, side)
        assert msg["view"] == table.words.view(
            view.with_log(transcript.told(m.history, side)).as_json())
        views.setdefault(side, json.dumps(msg["view"]))
        assert json.dumps(msg["view"]) == views[side]  # one team, one view
        d = m.decision
        answers = (name is not None and d is not None and side in d.players and
                   name == m.asked_seat(side))
        assert msg["decision"] is None or msg["decision"]["yours"] == answers
        legal = [item["text"] for item in msg["legal"]]
        assert legal == (m.legal(side) if answers else [])
        text = json.dumps(msg)
        for other in m.scenario.sides:
            for value in game.secrets(m.rules, m.state, other):
                for form in secret_forms(value):
                    if other == side:
                        own += form in text
                    else:
                        assert form not in text, f"{name or 'spectator'} was sent {other}'s {value!r}"
    return own


def test_web_LW_R42_four_seats_play_a_one_turn_game_and_keep_their_sides_secrets(tmp_path,
                                                                               client_of):
    app, table, _ = served_four(tmp_path, 4, turns=1)
    m = table.match
    rng = random.Random(4)
    sockets = FourSockets(client_of(app))
    played: set[str] = set()
    refusals = own_seen = 0
    try:
        own_seen += _assert_messages_of_a_step(table, sockets.first)
        for _ in range(600):
            d = m.decision
            if d is None:
                break
            side, role = seat_of(m, rng.choice(d.players))
            text = pick(m, side, rng)
            wrong, right = seat_name(side, other_role(role)), seat_name(side, role)
            before = m.state_hash()
            sockets.send(wrong, {"type": "move", "text": text})
            refused = sockets.get(wrong)
            assert refused["type"] == "refused" and refused["rule"] == "LW-R42"
            assert refused["reason"].startswith(f"it is {right}'s decision: ")
            assert m.state_hash() == before
            refusals += 1
            sockets.send(right, {"type": "move", "text": text})
            got = {n: sockets.get(n) for n in sockets.names}
            played.add(right)
            own_seen += _assert_messages_of_a_step(table, got)
        assert m.over and m.outcome is not None
    finally:
        sockets.close()
    assert played == set(SEATS) and refusals > 20
    assert own_seen > 0  # the seats were sent their own side's secrets, in the forms checked


def test_web_LW_R42_dice_typed_at_the_table_are_taken_from_any_seat(tmp_path):
    _, table, seats = served_four(tmp_path, None)
    m = table.match
    by = seats.by_name
    for _ in range(2):  # spend, then transport: the logistics seats pass
        table.play(by["Delta logistics"], "pass")
        table.play(by["Gamma logistics"], "pass")
    with pytest.raises(Refused) as err:
        table.play(by["Delta logistics"], "pass")  # orders are the combat player's
    assert err.value.rule == "LW-R42"
    table.play(by["Delta combat"], "pass")
    table.play(by["Gamma combat"], "pass")
    assert m.decision.kind.value == "chance"  # the initiative roll, typed at the table
    table.play(by["Gamma logistics"], "9 4")
    assert m.history[-1].player == "chance" and m.state.initiative == "Delta"


def test_web_LW_R42_clocks_start_once_all_four_seats_have_sat_down(tmp_path):
    class Clock:
        now = 100.0

        def __call__(self):
            return self.now

    _, table, seats = served_four(tmp_path, 1, clock=Clock())
    by = seats.by_name
    table.play(by["Delta logistics"], "pass")
    table.play(by["Gamma logistics"], "pass")
    assert table.match.state.flow.phase == "transport"  # five minutes a side (LW-T8)
    for name in SEATS[:3]:
        table.seated(name)
        assert table.clocks() == {}
    table.seated(SEATS[3])
    assert table.clocks() == {"Delta": 300.0, "Gamma": 300.0}


def test_web_LW_R42_undo_asked_by_one_seat_is_accepted_by_a_seat_of_the_other_side(tmp_path):
    _, table, seats = served_four(tmp_path)
    by = seats.by_name
    table.play(by["Delta logistics"], "buy 3f")
    assert not table.ask_undo(by["Delta logistics"])
    assert table.undo.waiting == {"Gamma"}
    with pytest.raises(Refused):
        table.answer_undo(by["Delta combat"], True)  # its own side asked
    assert table.answer_undo(by["Gamma combat"], True)
    assert table.match.history == []
