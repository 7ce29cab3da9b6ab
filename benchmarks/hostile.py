"""Hostile inputs of issue 12, each timed: what a bad file costs `check` now.

Run by hand:  python benchmarks/hostile.py

Prints one row per case: input size, seconds, peak memory (tracemalloc, in a second
run), diagnostics, output size, and the first line of the message. Each case once crashed, hung, or took minutes and gigabytes; every
row should now end in a second or so with one clear message.
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import dsl  # noqa: E402
from dsl import DslError  # noqa: E402

HEAD = 'scenario "s" {\n ruleset none\n sides A, B\n terrain plain\n board m: grid 4 x 3 { terrain plain }\n'
MAP = "board m: grid 4 x 3 { terrain plain }"

CASES = {
    "string of 500 KB": HEAD + ' x "' + "a" * 500_000 + '"\n}\n',
    "long string of 500 KB": HEAD + ' x """' + "a\n" * 250_000 + '"""\n}\n',
    "30,000 bad lines": HEAD + "".join(f" zz{i} 1\n" for i in range(30_000)) + "}\n",
    "one line, 5,000 errors": HEAD + " setup A { inf at " + ", ".join(f"Q{i}" for i in range(5000)) + " }\n}\n",
    "zone A1..ZZ9999 on 4 x 3": HEAD.replace("{ terrain plain }", "{ terrain plain\n zone z: A1..ZZ9999 }") + "}\n",
    "card x1000000": HEAD + " deck d { card c x1000000 }\n}\n",
    "node at 9,999,999,999": HEAD.replace(MAP, "board m: map { terrain plain\n node a at 9999999999, 0 }") + "}\n",
    "board 100000 x 1": HEAD.replace("4 x 3", "100000 x 1") + "}\n",
    "600 nested [": HEAD + " x " + "[" * 600 + "]" * 600 + "\n}\n",
    "300 nested calls": HEAD + " x " + "f(a=" * 300 + "1" + ")" * 300 + "\n}\n",
    "5,000-digit number": HEAD + " options { turns " + "9" * 5000 + " }\n}\n",
    "80 ( in a template": HEAD + ' layout c 6mm x 8mm { text at 0mm, 0mm 1mm x 1mm "{{ ' + "(" * 80 + "1" + ")" * 80
    + ' }}" }\n}\n',
    "space A1 named 50,000 times": HEAD.replace("{ terrain plain }", "{ terrain plain\n space " + ", ".join(["A1"] * 50_000)
                                                + " { city } }") + "}\n",
    "65 boards, 20,000 placements": HEAD + "".join(f" board b{i}: grid 1 x 1 {{ terrain plain }}\n" for i in range(64))
    + " piece p\n setup A {\n" + " p at Z9\n" * 20_000 + " }\n}\n",
    "5,000 bad links, 10,000 nodes": HEAD.replace(MAP, "board m: map { terrain plain\n" + "".join(
        f" node n{i} at {i}, 0\n" for i in range(10_000)) + " link n1 zz\n" * 5000 + " }") + "}\n",
    "escape sequences": HEAD + ' x "\x1b[2J"\n zz\x1b[31m 1\n}\n',
}


def check(text: str) -> tuple[str, int]:
    try:
        dsl.loads(text)
        return "", 0
    except DslError as err:
        return err.render(), len(err.diagnostics)


def main() -> None:
    print(f"{'case':32} {'bytes':>9} {'seconds':>8} {'peak MB':>8} {'diags':>6} {'out':>7}  message")
    for name, text in CASES.items():
        start = time.perf_counter()
        out, count = check(text)
        seconds = time.perf_counter() - start
        tracemalloc.start()  # a second run for the memory: tracemalloc slows Python down
        check(text)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        first = out.split("\n")[0].split(": error: ", 1)[-1][:70]
        print(f"{name:32} {len(text):>9,} {seconds:>8.2f} {peak:>8.1f} {count:>6} {len(out):>7,}  {first}")


if __name__ == "__main__":
    main()
