"""Frames a seat's socket may send that the server cannot use: each kind gets one short
refusal frame, the socket stays open (a ping after it is answered), the game is
unchanged and nothing is logged as a traceback. Run against a real uvicorn server, so
binary frames and the server's own log are the real ones."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from tests.web_browser import running  # noqa: E402
from tests.web_harness import served, token  # noqa: E402
from toolkit.web import frames  # noqa: E402

#: Each malformed kind of frame, as sent on the wire.
MALFORMED = {
    "text that is not JSON": "move B2 C2",
    "a JSON list": '["move", "B2 C2"]',
    "a JSON string": '"move"',
    "a type that is a list": '{"type": ["move"]}',
    "a type that is a number": '{"type": 7}',
    "no type": '{"text": "move B2 C2"}',
    "an unknown type": '{"type": "teleport"}',
    "a move whose text is a number": '{"type": "move", "text": 12}',
    "a move with no text": '{"type": "move"}',
    "a click whose ends are lists": '{"type": "click", "from": ["B2"], "to": "C2"}',
    "undo-answer accepting with text": '{"type": "undo-answer", "accept": "yes"}',
    "past at a string": '{"type": "past", "at": "3"}',
    "past at true": '{"type": "past", "at": true}',
    "steps chosen of numbers": '{"type": "steps", "chosen": [1, 2]}',
    "deeply nested JSON": "[" * 100000 + "]" * 100000,
    "a binary frame": b"\x00\x01move B2 C2",
    "an oversized frame": json.dumps({"type": "move", "text": "x" * (frames.FRAME_CAP + 1)}),
}


async def _send_each(url: str, frame) -> list[dict]:
    """Send `frame` on a fresh Red socket, then a ping: every message up to the pong."""
    async with websockets.connect(url, max_size=None) as ws:
        hello, state = json.loads(await ws.recv()), json.loads(await ws.recv())
        assert (hello["type"], state["type"]) == ("hello", "state")
        await ws.send(frame)
        await ws.send(json.dumps({"type": "ping"}))
        got = []
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
            got.append(msg)
            if msg["type"] == "pong":
                return got


class Kept(logging.Handler):
    """Every log record of the server, kept (uvicorn's own loggers do not propagate)."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.asgi", "frontkit.serve")


@pytest.fixture(scope="module")
def server():
    app, table, _ = served("skirmish", 1)
    with running(app) as base:
        kept = Kept()
        for name in LOGGERS:
            logging.getLogger(name).addHandler(kept)
        try:
            yield base.replace("http", "ws") + f"/ws/{token('Red')}", table, kept
        finally:
            for name in LOGGERS:
                logging.getLogger(name).removeHandler(kept)


@pytest.mark.parametrize("kind", list(MALFORMED))
def test_web_a_malformed_frame_gets_one_short_refusal_and_the_socket_stays_open(
        server, kind):
    url, table, kept = server
    version = table.version
    kept.records.clear()
    got = asyncio.run(_send_each(url, MALFORMED[kind]))
    refusals, pong = got[:-1], got[-1]
    assert pong == {"type": "pong"}  # the socket is still open and served
    assert len(refusals) == 1, refusals
    refusal = refusals[0]
    assert refusal["type"] in ("refused", "checked", "clicked") and refusal["ok"] is False
    assert len(json.dumps(refusal)) < 300  # short: never the frame's text sent back
    assert table.version == version  # nothing played
    assert not [r for r in kept.records if r.levelno >= logging.ERROR or r.exc_info]


def test_web_a_refused_move_echoes_only_the_start_of_a_long_text():
    from starlette.testclient import TestClient

    app, table, _ = served("skirmish", 1)
    with TestClient(app) as client, client.websocket_connect(f"/ws/{token('Red')}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "move", "text": "move B2 " + "Z9" * 4000})
        refused = ws.receive_json()
    assert refused["type"] == "refused" and refused["ok"] is False
    assert len(refused["text"]) == frames.ECHO
    assert len(json.dumps(refused)) < 2 * frames.FRAME_CAP


def test_web_frame_fields_are_held_to_their_types():
    ok = frames.checked({"type": "past", "at": 3})
    assert ok["at"] == 3
    assert frames.checked({"type": "steps"})["type"] == "steps"  # chosen may be left out
    for bad in ({"type": "past", "at": 3.5}, {"type": "click", "from": "A1"},
                {"type": "undo-answer", "accept": 1}):
        with pytest.raises(frames.FrameError):
            frames.checked(bad)
