"""Parse + check time for the shipped content and for generated scenarios.

Run by hand:  python benchmarks/dsl.py [--repeat N]

Prints one row per scenario: spaces, cards, source size, best and mean time
of `dsl.loads` (parse, includes, model, checks; the board graph is built
once too, as every consumer asks for it). Generated sizes grow ~10x each so
the table shows whether time grows linearly. First, what building the
grammar's parser costs every command: built afresh, and read back from the
user's cache (dsl.parse.grammar_cache).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dsl import load, loads  # noqa: E402
from dsl.model import grid_id  # noqa: E402
from toolkit.inspect import scenario_files  # noqa: E402


def generated(side: int, cards: int) -> str:
    symbols = ". h f ~".split()
    rows = []
    for r in range(side):
        rows.append(" ".join(symbols[(r * 7 + c * 3) % 4 if (r + c) % 11 else 3] for c in range(side)))
    picture = "\n      ".join(rows)
    deck = "\n".join(
        f'    card c{i} x1 {{ cost {i % 7}; text "Card number {i} does a thing."; effect gain(n={i % 3 + 1}) }}'
        for i in range(cards)
    )
    placements = ", ".join(grid_id(c, 0) for c in range(0, side, 2))
    return f'''scenario "Generated {side}x{side}" {{
  ruleset bench
  sides A, B
  terrain plain {{ colour "#ccc" }}
  terrain hill {{ height 1 }}
  terrain forest {{ defence 1 }}
  terrain lake {{ colour "#00f" }}
  board map: hex {side} x {side} {{
    orientation pointy
    key {{ . plain  h hill  f forest  ~ lake }}
    picture """
      {picture}
    """
    zone home: A1..{grid_id(side - 1, 1)}
  }}
  piece inf {{ steps 2; strength [3, 2]; moves 3 }}
  deck deck "Deck" {{
{deck}
  }}
  setup A {{ inf at {placements}; reserve inf x5 }}
}}
'''


def time_it(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        scenario = fn()
        for b in scenario.boards.values():
            b.graph  # noqa: B018 - force the graph, as every consumer does
        times.append(time.perf_counter() - t0)
    return min(times), statistics.mean(times)


def grammar_times(repeat: int) -> None:
    """Best time to build the scenario parser with no cache, and from the cache."""
    from lark import Lark

    from dsl import parse

    def build(**cache) -> float:
        t0 = time.perf_counter()
        Lark.open(str(parse.GRAMMAR), parser="lalr", propagate_positions=False,
                  maybe_placeholders=False, **cache)
        return time.perf_counter() - t0

    fresh = min(build() for _ in range(repeat))
    where = parse.grammar_cache()
    if where is None:
        print(f"grammar: built afresh {fresh:.4f} s (no writable cache folder)")
        return
    parse.parser.__wrapped__()  # writes the cache if it is not there yet
    kept = min(build(cache=str(where)) for _ in range(repeat))
    print(f"grammar: built afresh {fresh:.4f} s, from the cache {kept:.4f} s "
          f"({fresh / kept:.1f}x; {where})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    grammar_times(args.repeat)
    rows = []
    files, _ = scenario_files([ROOT / "content"])  # included fragments are timed with their scenario
    for path in files:
        text = path.read_text()
        try:
            s = load(path)
        except Exception as exc:  # noqa: BLE001 - a benchmark reports, it does not stop
            rows.append((str(path.relative_to(ROOT)), "-", "-", len(text), f"error: {exc.__class__.__name__}", ""))
            continue
        spaces = sum(len(b.spaces) for b in s.boards.values())
        cards = sum(d.size for d in s.decks.values())
        best, mean = time_it(lambda p=path: load(p), args.repeat)
        rows.append((str(path.relative_to(ROOT)), spaces, cards, len(text), best, mean))
    for side, cards in ((10, 20), (32, 200), (100, 2000)):
        text = generated(side, cards)
        best, mean = time_it(lambda t=text: loads(t, path="generated.scn"), args.repeat)
        rows.append((f"generated hex {side}x{side}, {cards} cards", side * side, cards, len(text), best, mean))
    header = ("scenario", "spaces", "cards", "bytes", "best s", "mean s")
    widths = [max(len(str(r[i]) if not isinstance(r[i], float) else f"{r[i]:.4f}") for r in rows + [header])
              for i in range(6)]
    fmt = lambda r: "  ".join(  # noqa: E731
        (f"{v:.4f}" if isinstance(v, float) else str(v)).ljust(w) if i == 0 else
        (f"{v:.4f}" if isinstance(v, float) else str(v)).rjust(w) for i, (v, w) in enumerate(zip(r, widths)))
    print(fmt(header))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(fmt(r))


if __name__ == "__main__":
    main()
