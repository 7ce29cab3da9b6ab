"""frontkit serve: a move's round trip over loopback (move sent -> updated view back).

    python3 benchmarks/serve.py              # 60 moves per game, prints a table
    python3 benchmarks/serve.py --moves 200
    python3 benchmarks/serve.py --browser    # click to redrawn board, in chromium

A real uvicorn server on 127.0.0.1 (a free port) and one websocket client per
seat (the `websockets` package): each move is sent on the deciding seat's socket
and timed until that socket receives its new `state` (the server has checked and
applied the move, answered any dice, and built and sent every seat its own view).
The other seats' sockets are drained between moves. Run by hand; never part of
the test suite.

With --browser the two seats of the toy are chromium pages (Playwright, Debian's
/usr/bin/chromium) and each move is timed inside the page, from the click on its
button to the board redrawn with the new state (the page's `data-version` set at
the end of drawing).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.sync.client import connect  # noqa: E402

from tests.web_browser import running  # noqa: E402
from tests.web_harness import SPECTATORS, served, token  # noqa: E402

GAMES = ["dice_race_3", "skirmish", "front_lines"]


def state(ws):
    while True:
        msg = json.loads(ws.recv(timeout=30))
        if msg["type"] == "state":
            return msg


def round_trips(name: str, moves: int, seed: int) -> tuple[list[float], int, int]:
    """Round trips of `moves` moves, in as many games as it takes (seeds seed, seed+1, …)."""
    times: list[float] = []
    size = games = 0
    while len(times) < moves:
        more, big = one_game(name, moves - len(times), seed + games)
        times += more
        size = max(size, big)
        games += 1
    return times, size, games


def one_game(name: str, moves: int, seed: int) -> tuple[list[float], int]:
    app, table, _ = served(name, seed)
    m = table.match
    rng = random.Random(seed)
    times: list[float] = []
    with running(app) as base:
        url = base.replace("http://", "ws://")
        names = list(m.scenario.sides) + [None]
        sockets = {s: connect(f"{url}/ws/{token(s) if s else SPECTATORS}") for s in names}
        try:
            for ws in sockets.values():
                state(ws)  # hello is skipped by state(); the first state
            size = 0
            for _ in range(moves):
                d = m.decision
                if d is None:
                    break
                side = rng.choice(d.players)
                text = rng.choice(m.legal(side))
                start = time.perf_counter()
                sockets[side].send(json.dumps({"type": "move", "text": text}))
                got = state(sockets[side])
                times.append(time.perf_counter() - start)
                size = max(size, len(json.dumps(got)))
                for other, ws in sockets.items():
                    if other != side:
                        state(ws)
        finally:
            for ws in sockets.values():
                ws.close()
    return times, size


CLICK_AND_WAIT = """async (selector) => {
  const was = document.body.dataset.version;
  const start = performance.now();
  await new Promise((done) => {
    const seen = new MutationObserver(() => {
      if (document.body.dataset.version !== was) { seen.disconnect(); done(); }
    });
    seen.observe(document.body, { attributes: true });
    document.querySelector(selector).click();
  });
  return performance.now() - start;
}"""


def browser_round_trips(moves: int, seed: int) -> list[float]:
    """Click to redrawn board, in ms, for `moves` moves of the 2-player toy."""
    from tests.web_browser import chromium

    times: list[float] = []
    with chromium() as browser:
        while len(times) < moves:
            app, table, _ = served("dice_race", seed)
            seed += 1
            m = table.match
            with running(app) as base:
                pages = {}
                for side in m.scenario.sides:
                    page = browser.new_context().new_page()
                    page.goto(f"{base}/seat/{token(side)}")
                    page.wait_for_selector("#connection.online")
                    pages[side] = page
                while not m.over and len(times) < moves:
                    side = m.decision.players[0]
                    page = pages[side]
                    page.wait_for_function("v => document.body.dataset.version === String(v)",
                                           arg=table.version)
                    button = "#spaceless button" if page.locator(
                        "#spaceless button").count() else "#pass"
                    times.append(page.evaluate(CLICK_AND_WAIT, button))
                for page in pages.values():
                    page.context.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--browser", action="store_true",
                        help="time click to redrawn board in chromium (the toy game)")
    args = parser.parse_args()
    if args.browser:
        ms = sorted(browser_round_trips(args.moves, args.seed))
        p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
        print(f"{'in chromium':<14}{'moves':>6}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
        print(f"{'dice_race':<14}{len(ms):>6}{statistics.median(ms):>11.1f}{p95:>9.1f}"
              f"{ms[-1]:>9.1f}")
        return
    print(f"{'game':<14}{'games':>6}{'moves':>6}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}"
          f"{'largest state':>15}")
    for name in GAMES:
        times, size, games = round_trips(name, args.moves, args.seed)
        ms = sorted(t * 1000 for t in times)
        p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
        print(f"{name:<14}{games:>6}{len(ms):>6}{statistics.median(ms):>11.1f}{p95:>9.1f}{ms[-1]:>9.1f}"
              f"{size / 1024:>13.1f}kB")


if __name__ == "__main__":
    main()
