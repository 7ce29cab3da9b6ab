"""The report's figures, drawn with matplotlib (Agg, no display) as SVG text.

Each function takes the analysed settings and returns one SVG document; the
HTML report inlines it and the PDF report draws it as vector graphics.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from toolkit.sim.analysis import SettingReport

SEAT_COLOURS = ("#3b6ea8", "#c0504d", "#6a9f3e", "#8064a2", "#d08b2c", "#4bacc6")
DRAW_COLOUR = "#9a9a9a"
CAPPED_COLOUR = "#e4a11b"
WIDTH_IN = 7.0


def _pyplot():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "font.family": "sans-serif", "font.size": 9, "axes.spines.top": False,
                         "axes.spines.right": False, "svg.hashsalt": "frontkit"})
    return plt


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    _pyplot().close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]  # drop the XML prologue: the SVG is inlined


def seat_shares(reports: Sequence[SettingReport], names: Sequence[str]) -> str:
    """Each seat's share of the decided games with its Wilson 95% interval, per setting;
    the parity line dashed."""
    plt = _pyplot()
    sides = reports[0].sides
    n = len(sides)
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 2.2 + 0.25 * len(reports)))
    width = 0.8 / n
    for j, side in enumerate(sides):
        xs = [i + (j - (n - 1) / 2) * width for i in range(len(reports))]
        rates = [100 * r.seats[j].share.rate for r in reports]
        lows = [100 * (r.seats[j].share.rate - r.seats[j].share.low) for r in reports]
        highs = [100 * (r.seats[j].share.high - r.seats[j].share.rate) for r in reports]
        ax.bar(xs, rates, width * 0.9, color=SEAT_COLOURS[j % len(SEAT_COLOURS)], label=side,
               yerr=[lows, highs], capsize=3, error_kw={"elinewidth": 1})
    ax.axhline(100 / n, color="#333333", linestyle="--", linewidth=1, label="parity")
    ax.set_xticks(range(len(reports)), names, rotation=0 if len(reports) < 5 else 30,
                  ha="center" if len(reports) < 5 else "right")
    ax.set_ylabel("% of decided games won")
    ax.set_ylim(0, 100)
    ax.legend(loc="upper right", ncols=n + 1, frameon=False, fontsize=8)
    ax.set_title("Win rate per seat, with 95% Wilson intervals", fontsize=10, loc="left")
    return _svg(fig)


def results(reports: Sequence[SettingReport], names: Sequence[str]) -> str:
    """How every game ended, per setting: wins per seat, draws, capped games (stacked)."""
    plt = _pyplot()
    sides = reports[0].sides
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 0.8 + 0.35 * len(reports)))
    left = [0.0] * len(reports)
    ys = range(len(reports))
    parts = [(side, [100 * r.seats[j].wins / max(r.games, 1) for r in reports],
              SEAT_COLOURS[j % len(SEAT_COLOURS)]) for j, side in enumerate(sides)]
    parts.append(("draw", [100 * r.draws.k / max(r.games, 1) for r in reports], DRAW_COLOUR))
    parts.append(("capped", [100 * r.capped / max(r.games, 1) for r in reports], CAPPED_COLOUR))
    for label, values, colour in parts:
        ax.barh(ys, values, left=left, color=colour, label=label, height=0.6)
        left = [a + b for a, b in zip(left, values)]
    ax.set_yticks(list(ys), names)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of games")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=len(parts), frameon=False,
              fontsize=8)
    return _svg(fig)


def lengths(report: SettingReport, cap: int) -> str:
    """Game length in moves and in turns; capped games drawn apart (orange)."""
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(WIDTH_IN, 2.4))
    capped = {i for i, flag in enumerate(report.capped_flags) if flag}
    for ax, values, what in ((left, report.moves, "moves"), (right, report.turns, "turns")):
        done = [v for i, v in enumerate(values) if i not in capped]
        stopped = [v for i, v in enumerate(values) if i in capped]
        bins = _bins(values)
        ax.hist([done, stopped] if stopped else [done], bins=bins, stacked=True,
                color=["#5b7fa6", CAPPED_COLOUR][:2 if stopped else 1],
                label=["ended", f"capped at {cap} moves"][:2 if stopped else 1])
        ax.set_xlabel(f"game length ({what})")
        ax.set_ylabel("games")
        if stopped:
            ax.legend(frameon=False, fontsize=8)
    left.set_title("How long games last", fontsize=10, loc="left")
    return _svg(fig)


def _bins(values: Sequence[int]) -> int | list[float]:
    if not values:
        return 10
    lo, hi = min(values), max(values)
    if hi - lo < 30:
        return [v - 0.5 for v in range(lo, hi + 2)]
    return 30


def uses(report: SettingReport, limit: int = 16) -> str:
    """How often each kind of move was used, and the win rate of the side that used it."""
    plt = _pyplot()
    rows = report.uses[:limit]
    fig, (count, rate) = plt.subplots(1, 2, figsize=(WIDTH_IN, 0.6 + 0.28 * max(len(rows), 1)),
                                      sharey=True)
    ys = list(range(len(rows)))
    count.barh(ys, [u.uses for u in rows], color="#5b7fa6", height=0.6)
    count.set_yticks(ys, [u.label for u in rows])
    count.invert_yaxis()
    count.set_xlabel("times used")
    rate.errorbar([100 * u.share.rate for u in rows], ys,
                  xerr=[[100 * (u.share.rate - u.share.low) for u in rows],
                        [100 * (u.share.high - u.share.rate) for u in rows]],
                  fmt="o", color="#333333", ecolor="#888888", capsize=2, markersize=4)
    average = 100 * report.decided / max(report.games, 1) / len(report.sides)
    rate.axvline(average, color="#333333", linestyle="--", linewidth=1)
    rate.text(average, -0.9, " a seat's average", fontsize=7, va="bottom")
    rate.set_xlim(0, 100)
    rate.set_xlabel("% won when used (95% CI)")
    count.set_title("What the bots used", fontsize=10, loc="left")
    return _svg(fig)
