"""Board printing times: generated hex and square grids, tiled and --fit.

    python3 benchmarks/boards.py            # prints a table
    python3 benchmarks/boards.py --quick    # small boards only

Run by hand; never part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dsl  # noqa: E402
from toolkit.pnp.boards import write_boards  # noqa: E402
from toolkit.pnp.units import PressOptions  # noqa: E402


def make_scenario(kind: str, cols: int, rows: int, seed: int = 1) -> dsl.Scenario:
    rng = random.Random(seed)
    symbols = ". . . . . h f ~".split()
    picture = "\n".join(" ".join(rng.choice(symbols) for _ in range(cols)) for _ in range(rows))
    cities = "\n".join(
        f"    space {chr(65 + rng.randrange(min(cols, 26)))}{rng.randrange(1, rows + 1)} {{ city; owner Red }}"
        for _ in range(max(1, cols * rows // 400))
    )
    extra = "orientation flat; offset odd" if kind == "hex" else ""
    text = f'''scenario "Benchmark {kind} {cols}x{rows}" {{
  ruleset front_line
  sides Red, Blue
  terrain clear  {{ colour "#cfe3a5" }}
  terrain hills  {{ colour "#b08a5a"; height 1 }}
  terrain forest {{ colour "#5f8f4e"; defence 1 }}
  terrain lake   {{ colour "#4a7fc1"; impassable }}
  board big: {kind} {cols} x {rows} {{
    {extra}
    key {{ . clear  h hills  f forest  ~ lake }}
    picture """
{picture}
    """
{cities}
    zone west: A1..E{rows}
  }}
}}'''
    return dsl.loads(text, path="<benchmark>")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the small boards")
    args = parser.parse_args()
    cases = [("grid", 10, 6), ("hex", 20, 14), ("hex", 50, 50)]
    if not args.quick:
        cases.append(("hex", 100, 100))
    print(f"{'board':<14}{'spaces':>8}{'load s':>9}{'mode':>7}{'pages':>7}{'tiles':>7}{'write s':>9}{'PDF KB':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for kind, cols, rows in cases:
            t0 = time.perf_counter()
            scenario = make_scenario(kind, cols, rows)
            load_s = time.perf_counter() - t0
            for mode, options in (("tiled", PressOptions()), ("fit", PressOptions(fit=True))):
                out = Path(tmp) / f"{kind}{cols}-{mode}.pdf"
                t0 = time.perf_counter()
                report = write_boards(scenario, out, options)
                write_s = time.perf_counter() - t0
                title = report.sections[0][0]
                tiles = int(title.split("(")[1].split()[0]) if "(" in title else 1
                print(f"{kind + f' {cols}x{rows}':<14}{cols * rows:>8}{load_s:>9.2f}{mode:>7}"
                      f"{report.pages:>7}{tiles:>7}{write_s:>9.2f}"
                      f"{out.stat().st_size / 1024:>9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
