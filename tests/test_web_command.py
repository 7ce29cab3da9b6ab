"""`frontkit serve` at the command line: its errors, and the addresses it prints."""

from __future__ import annotations

import socket

import pytest

pytest.importorskip("starlette")

from tests.web_harness import SCENARIOS  # noqa: E402
from toolkit.cli import main  # noqa: E402
from toolkit.web.command import addresses  # noqa: E402
from toolkit.web.seats import Seats  # noqa: E402


def test_web_serve_refuses_a_port_in_use_before_printing_any_address(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = main(["serve", str(SCENARIOS["skirmish"]), "--port", str(port)])
    out, err = capsys.readouterr()
    assert code == 1 and "seat/" not in out
    assert f"cannot listen on 127.0.0.1:{port}" in err


def test_web_serve_refuses_a_scenario_without_a_referee(tmp_path, capsys):
    """A ruleset frontkit has no referee for: one clear line, exit 1, no server started."""
    path = tmp_path / "unrefereed.scn"
    path.write_text(SCENARIOS["skirmish"].read_text().replace(
        "ruleset skirmish", "ruleset a_game_nobody_referees"))
    assert main(["serve", str(path)]) == 1
    assert "no ruleset called 'a_game_nobody_referees'" in capsys.readouterr().err


def test_web_serve_resumes_only_a_good_record(tmp_path, capsys):
    bad = tmp_path / "bad.rec"
    bad.write_text("not a record\n")
    assert main(["serve", str(SCENARIOS["skirmish"]), "--record", str(bad)]) == 1
    assert str(bad) in capsys.readouterr().err


def test_web_each_seat_and_the_spectators_get_an_address_with_a_secret_token():
    seats = Seats(("Red", "Blue"))
    listed = addresses(seats, "127.0.0.1", 8000)
    assert [who for who, _ in listed] == ["Red", "Blue", "spectators"]
    tokens = [url.rsplit("/", 1)[1] for _, url in listed]
    assert len(set(tokens)) == 3 and all(len(t) >= 20 for t in tokens)
    assert all(url.startswith("http://127.0.0.1:8000/seat/") for _, url in listed)
    assert seats.find(tokens[0]).side == "Red" and seats.find(tokens[2]).spectator
    assert seats.find("guess") is None


def test_web_serve_prints_a_qr_code_per_seat_and_says_who_can_connect(capsys):
    from toolkit.web.command import print_addresses

    pytest.importorskip("segno")
    seats = Seats(("Red", "Blue"))
    print_addresses("Ford", addresses(seats, "127.0.0.1", 8000), "127.0.0.1")
    out = capsys.readouterr().out
    assert out.count("scan to take this seat") == 2  # the players' seats, not the spectators'
    assert "Red: scan" in out and "Blue: scan" in out and "\u2588" in out  # block characters
    assert "this machine only" in out and "--host 0.0.0.0" in out
    print_addresses("Ford", addresses(seats, "0.0.0.0", 8000), "0.0.0.0")
    everywhere = capsys.readouterr().out
    assert "listening on every network" in everywhere and "plain HTTP" in everywhere
    assert "http://0.0.0.0:" not in everywhere  # an address a phone can open instead


def test_web_the_spectators_qr_codes_are_svg_pictures_of_each_seats_address():
    import segno

    from toolkit.web.joining import qr_codes

    seats = Seats(("Red", "Blue"))
    codes = qr_codes(seats, "http://192.0.2.7:8000")
    assert [c["who"] for c in codes] == ["Red", "Blue"]
    for code, seat in zip(codes, seats.players()):
        expected = segno.make(f"http://192.0.2.7:8000/seat/{seat.token}", error="m")
        assert code["svg"] == expected.svg_data_uri(scale=4, border=2)
