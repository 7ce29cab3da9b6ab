"""The Starlette application of `frontkit serve`: the page, its socket, the record.

Routes (TOKEN is a seat's or the spectators' secret token, see `seats`):

- `GET /`: a page saying to open the address printed for one's seat;
- `GET /seat/TOKEN`: the page (the same for every seat: it holds no game data);
- `GET /static/...`: its script and style, shipped in the package;
- `WS /ws/TOKEN`: the seat's socket. The server sends `hello` (the board) and
  `state` on connecting and a fresh `state` to every seat after any change;
  the page sends `move`, `check`, `click`, `steps` (answered `steps`: the choices
  after `chosen`, the move tree), `undo`, `undo-answer`, `past`, `state`,
  `ping` (answered `pong`)
  (docs/serve.md lists their fields);
- `GET /cards/face/CARD.png`, `GET /cards/back/DECK.png`: a card as the press
  draws it (`cards`);
- `GET /record/TOKEN`: the game record, for a seat, once the game is over (a
  record holds every side's secrets, so it is never offered before the end).
"""

from __future__ import annotations

import asyncio
import logging
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from toolkit.web import board, frames, joining, messages
from toolkit.web.seats import Seat, Seats
from toolkit.web.table import RULE_TIME, Refused, Table

LOG = logging.getLogger("frontkit.serve")

#: Close code for a socket opened with an unknown token.
UNKNOWN_SEAT = 4404

WELCOME = """<!doctype html><html lang="en"><meta charset="utf-8"><title>frontkit serve</title>
<body style="font-family:sans-serif;margin:2em"><h1>frontkit serve</h1>
<p>Open the address printed for your seat (or the spectators' address) by <code>frontkit
serve</code>. Each seat's address is secret: it shows that seat's hand and orders.</p>"""


def _static_dir() -> str:
    return str(resources.files("toolkit.web") / "static")


def _page() -> str:
    return (resources.files("toolkit.web") / "static" / "page.html").read_text("utf-8")


def drawn(scenario) -> bool:
    """Whether the page draws the scenario's board: not when there is none, nor when
    no piece can stand on it and the press leaves it out (`print false`: Last Front's
    table, whose piles the page shows as piles)."""
    if not scenario.boards:
        return False
    b = scenario.board
    return bool(scenario.pieces) or b.printed


class Server:
    """One match at one table, and the sockets of the seats watching it."""

    def __init__(self, table: Table, seats: Seats, base: str | None = None):
        self.table = table
        self.base = base  # http://host:port players reach (None: as the page was asked)
        self.codes: list[dict[str, str]] | None = None  # each seat's QR code, drawn once
        self.seats = seats
        self.shapes = board.shapes(table.match.scenario) if drawn(table.match.scenario) else None
        self.sockets: dict[WebSocket, Seat] = {}
        self.lock = asyncio.Lock()
        self.alarm: asyncio.TimerHandle | None = None  # rings when a clock runs out
        self.ringing: set[asyncio.Task] = set()  # its tasks, kept until they are done

    # ------------------------------------------------------------ sending

    async def send(self, ws: WebSocket, message: dict[str, Any]) -> None:
        try:
            await ws.send_json(message)
        except Exception:  # a page gone away: it fetches everything when it returns
            self.sockets.pop(ws, None)

    async def broadcast(self) -> None:
        """A fresh `state` to every socket, each built for its own seat."""
        built: dict[str, dict[str, Any]] = {}
        for ws, seat in list(self.sockets.items()):
            if seat.name not in built:
                built[seat.name] = self.state_of(seat)
            await self.send(ws, built[seat.name])
        self.set_alarm()

    async def tell_spectators(self) -> None:
        """A fresh `state` to the spectators' sockets only."""
        spectators = [ws for ws, seat in self.sockets.items() if seat.spectator]
        if spectators:
            state = self.state_of(self.seats.spectators)
            for ws in spectators:
                await self.send(ws, state)

    # ------------------------------------------------------------ clocks

    def set_alarm(self) -> None:
        """Ring when the first running clock runs out (the server enforces the time even
        if no page sends anything)."""
        if self.alarm is not None:
            self.alarm.cancel()
            self.alarm = None
        left = self.table.next_time_up()
        if left is not None:
            loop = asyncio.get_running_loop()
            self.alarm = loop.call_later(left + 0.05, self._start_ringing)

    def _start_ringing(self) -> None:
        task = asyncio.get_running_loop().create_task(self.ring())
        self.ringing.add(task)
        task.add_done_callback(self.ringing.discard)

    async def ring(self) -> None:
        async with self.lock:
            if self.table.time_out():
                await self.broadcast()
            else:
                self.set_alarm()

    # ------------------------------------------------------------ actions

    async def handle(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        """Do what a checked frame (`frames.read`) asks, or answer why not."""
        kind = msg["type"]
        late = self.table.time_out()
        if late:
            await self.broadcast()
        try:
            if seat.side in late and kind in ("move", "check", "click"):
                raise Refused(RULE_TIME, f"time is up for {seat.side}: pass was played for "
                              "everything still owed")
            await getattr(self, "on_" + kind.replace("-", "_"))(ws, seat, msg)
        except Refused as err:
            answer = {"check": "checked", "click": "clicked"}.get(kind, "refused")
            await self.send(ws, {"type": answer, "ok": False, "for": kind,
                                 "rule": err.rule,
                                 "reason": err.reason if err.typed
                                 else self.table.words.say(err.reason),
                                 "text": frames.echo(msg.get("text")),
                                 "from": frames.echo(msg.get("from")),
                                 "to": frames.echo(msg.get("to"))})

    async def on_move(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        self.table.play(seat, msg["text"])
        await self.broadcast()

    async def on_check(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        notation = self.table.check(seat, msg["text"])
        await self.send(ws, {"type": "checked", "ok": True, "text": msg["text"],
                             "notation": notation})

    async def on_click(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        a, b = msg["from"], msg["to"]
        notation = self.table.check_click(seat, a, b)
        await self.send(ws, {"type": "clicked", "ok": True, "from": a, "to": b,
                             "notation": notation})

    async def on_steps(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        chosen = msg.get("chosen", [])
        await self.send(ws, {"type": "steps", "version": self.table.version,
                             "chosen": chosen, "steps": self.table.steps(seat, chosen)})

    async def on_undo(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        self.table.ask_undo(seat)
        await self.broadcast()

    async def on_undo_answer(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        self.table.answer_undo(seat, msg["accept"])
        await self.broadcast()

    async def on_past(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        await self.send(ws, messages.past_message(self.table, seat, msg["at"]))

    async def on_state(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        await self.send(ws, self.state_of(seat))

    def state_of(self, seat: Seat) -> dict[str, Any]:
        """`seat`'s state; the spectators' also holds the QR codes of the seats whose
        page has not connected yet (a seat taken is no longer offered)."""
        qr = None
        if seat.spectator and self.codes is not None:
            qr = [c for c in self.codes if c["who"] not in self.table.present]
        return messages.state_message(self.table, seat, qr)

    async def on_ping(self, ws: WebSocket, seat: Seat, msg: dict[str, Any]) -> None:
        await self.send(ws, {"type": "pong"})  # the page checks that its socket is alive

    async def refuse_frame(self, ws: WebSocket, reason: str) -> None:
        await self.send(ws, {"type": "refused", "ok": False, "for": "frame",
                             "rule": frames.RULE_FRAME, "reason": reason})

    async def socket(self, ws: WebSocket) -> None:
        seat = self.seats.find(ws.path_params["token"])
        await ws.accept()
        if seat is None:
            await ws.close(code=UNKNOWN_SEAT)
            return
        async with self.lock:
            self.sockets[ws] = seat
            seated = len(self.table.deadlines)
            joined = not seat.spectator and seat.name not in self.table.present
            self.table.seated(None if seat.spectator else seat.name)
            if seat.spectator and self.codes is None:
                self.codes = self.qr_codes(ws)
            await self.send(ws, messages.board_message(self.table, seat, self.shapes))
            if len(self.table.deadlines) != seated:  # the table is full: clocks run
                await self.broadcast()
            else:
                await self.send(ws, self.state_of(seat))
                if joined:  # its QR code is no longer offered to the spectators
                    await self.tell_spectators()
        try:
            await self.listen(ws, seat)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.sockets.pop(ws, None)

    def qr_codes(self, ws: WebSocket) -> list[dict[str, str]] | None:
        """Every seat's QR code, at the address the server was given or else the one
        the spectators' page was opened at."""
        try:
            return joining.qr_codes(self.seats, self.base or f"http://{ws.headers['host']}")
        except (ImportError, KeyError):  # segno missing, or no Host: no codes to show
            return None

    async def listen(self, ws: WebSocket, seat: Seat) -> None:
        """Every frame of the socket until it closes: each checked (`frames`), done, and
        a fault of the server's own answered and logged as one line, the socket kept."""
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            try:
                msg = frames.read(message)
            except frames.FrameError as err:
                await self.refuse_frame(ws, str(err))
                continue
            async with self.lock:
                try:
                    await self.handle(ws, seat, msg)
                except Exception as err:  # noqa: BLE001 - a fault must not drop the seat
                    LOG.error("frontkit serve: %s from %s failed: %s: %s", msg["type"],
                              seat.name, type(err).__name__, err)
                    await self.refuse_frame(ws, "the server could not do that (a fault of "
                                            "frontkit's own; the game is unchanged)")

    # -------------------------------------------------------------- pages

    async def page(self, request: Request) -> Response:
        if self.seats.find(request.path_params["token"]) is None:
            return HTMLResponse(WELCOME + "<p><b>This address is not a seat of this game."
                                "</b></p>", status_code=404)
        return HTMLResponse(_page(), headers={"Cache-Control": "no-store"})

    def card(self, request: Request) -> Response:
        """A card face or a deck's back as the press draws it (sync: Starlette runs it in
        a thread, and the first one draws them all)."""
        png = self.table.pictures.image(request.path_params["kind"], request.path_params["name"])
        if png is None:
            return PlainTextResponse("no such card picture", status_code=404)
        return Response(png, media_type="image/png",
                        headers={"Cache-Control": "max-age=3600"})

    async def welcome(self, request: Request) -> Response:
        return HTMLResponse(WELCOME)

    async def record(self, request: Request) -> Response:
        seat = self.seats.find(request.path_params["token"])
        if seat is None:
            return PlainTextResponse("not a seat of this game", status_code=404)
        if seat.spectator:
            return PlainTextResponse("the record is offered to the players' seats",
                                     status_code=403)
        if not self.table.match.over:
            return PlainTextResponse("the record holds every side's secrets: it is offered "
                                     "once the game is over", status_code=403)
        name = self.table.record_name()
        return PlainTextResponse(self.table.record_text(), headers={
            "Content-Disposition": f'attachment; filename="{name}"'})


def create_app(table: Table, seats: Seats, base: str | None = None) -> Starlette:
    """The app of one table; `base` (`http://host:port`) is the address the seats'
    QR codes give (None: the address the spectators' page was opened at)."""
    server = Server(table, seats, base)
    app = Starlette(routes=[
        Route("/", server.welcome),
        Route("/seat/{token}", server.page),
        Route("/record/{token}", server.record),
        Route("/cards/{kind}/{name}.png", server.card),
        WebSocketRoute("/ws/{token}", server.socket),
        Mount("/static", StaticFiles(directory=_static_dir()), name="static"),
    ])
    app.state.server = server
    return app
