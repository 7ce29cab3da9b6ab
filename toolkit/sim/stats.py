"""The figures a balance report states, with their uncertainty.

`wilson(k, n)` is the Wilson score interval of a binomial proportion (it stays
inside 0..1 and behaves at k = 0 or k = n, where the plain normal interval does
not). `seat_verdict` turns a seat's interval into one sentence a designer can
act on: either the edge is within noise (the interval holds parity) or the
seat wins more (or less), with the interval in percent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


@dataclass(frozen=True, slots=True)
class Interval:
    """A proportion `k / n` with its 95% Wilson interval `low..high` (0..1)."""

    k: int
    n: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else 0.0

    def holds(self, p: float) -> bool:
        return self.low <= p <= self.high

    def percent(self) -> str:
        """`54-60%` (whole percents; one decimal when the interval is narrower than 2)."""
        lo, hi = 100 * self.low, 100 * self.high
        if hi - lo < 2:
            return f"{lo:.1f}-{hi:.1f}%"
        return f"{lo:.0f}-{hi:.0f}%"


def wilson(k: int, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of k successes in n trials (n = 0: the whole 0..1)."""
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return Interval(0, 0, 0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the interval holds p; at k = 0 or k = n rounding can put its end a hair past p
    # (0/3 gave a low of 1e-17), and a plotted error bar would be negative
    return Interval(k, n, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def seat_verdict(side: str, interval: Interval, parity: float) -> str:
    """One sentence on a seat's share of the decided games, against `parity` (1/sides)."""
    if interval.n == 0:
        return f"{side}: no decided games, nothing to judge"
    ci = interval.percent()
    if interval.holds(parity):
        return f"{side}'s edge is within noise (95% CI {ci}, parity {100 * parity:.0f}%)"
    more = "more" if interval.low > parity else "less"
    return f"{side} wins {more}, 95% CI {ci} of decided games (parity {100 * parity:.0f}%)"


def excludes_parity(interval: Interval, parity: float) -> bool:
    return interval.n > 0 and not interval.holds(parity)
