"""What a seat's socket sends, read and held to its shape before the table sees it.

A frame is one JSON object with a `type` and the fields that type takes, each of
its own type (`text` a string, `at` a whole number...). Anything else (a binary
frame, text that is not JSON, a list, a `type` that is not a word, a field of the
wrong type, a frame over `FRAME_CAP` bytes) is a `FrameError`: the server answers
it with one short `refused` frame (never an echo of what was sent) and keeps the
socket open. The cap is checked before the text is parsed, so an oversized frame
costs its reading only and never stalls the other seats.
"""

from __future__ import annotations

import json
from typing import Any

#: The largest frame a page sends, in bytes (a move's notation is a line of text).
FRAME_CAP = 16 * 1024
#: The largest frame the server reads at all (uvicorn closes the socket past it).
READ_CAP = 16 * 1024 * 1024
#: Characters of a typed move repeated in an answer (the rest is cut, with an ellipsis).
ECHO = 80
#: The rule id of a refused frame.
RULE_FRAME = "frame"

#: Each message type and the fields it takes, with their types.
FIELDS: dict[str, dict[str, type]] = {
    "move": {"text": str},
    "check": {"text": str},
    "click": {"from": str, "to": str},
    "steps": {"chosen": list},
    "undo": {},
    "undo-answer": {"accept": bool},
    "past": {"at": int},
    "state": {},
    "ping": {},
}
#: Fields that may be left out (a default is used).
OPTIONAL = {"steps": {"chosen"}}

_TYPE_WORDS = {str: "text", int: "a whole number", bool: "true or false", list: "a list"}


class FrameError(ValueError):
    """A frame the server cannot use; its message is the short reason sent back."""


def echo(text: Any) -> str | None:
    """What an answer repeats of a typed move: at most ECHO characters."""
    if not isinstance(text, str):
        return None
    return text if len(text) <= ECHO else text[:ECHO - 1] + "…"


def read(message: dict[str, Any]) -> dict[str, Any]:
    """The frame of an ASGI `websocket.receive` message as a checked dict; raises
    FrameError for anything the table cannot use."""
    if message.get("text") is None:
        raise FrameError("frames are JSON text, not binary")
    text = message["text"]
    if len(text) > FRAME_CAP:  # characters: at most 4 bytes each, so the cap holds
        raise FrameError(f"the frame is over {FRAME_CAP // 1024} KiB")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise FrameError("the frame is not JSON") from None
    if not isinstance(msg, dict):
        raise FrameError('a frame is a JSON object with a "type"')
    return checked(msg)


def checked(msg: dict[str, Any]) -> dict[str, Any]:
    """`msg` with every field its type takes of the right type."""
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise FrameError('"type" must be text, one of: ' + ", ".join(FIELDS))
    if kind not in FIELDS:
        raise FrameError(f"unknown message type {echo(kind)!r}")
    for name, want in FIELDS[kind].items():
        if name not in msg:
            if name in OPTIONAL.get(kind, ()):
                continue
            raise FrameError(f'{kind} needs "{name}" ({_TYPE_WORDS[want]})')
        value = msg[name]
        wrong = not isinstance(value, want) or (want is int and isinstance(value, bool))
        if wrong or (want is list and not all(isinstance(v, str) for v in value)):
            what = "a list of text" if want is list else _TYPE_WORDS[want]
            raise FrameError(f'{kind}: "{name}" must be {what}')
    return msg
