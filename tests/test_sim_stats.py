"""Wilson intervals and the verdicts a balance report states (toolkit/sim/stats.py)."""

from __future__ import annotations

import math

import pytest

from toolkit.sim.stats import Z95, excludes_parity, seat_verdict, wilson


@pytest.mark.parametrize("k, n, low, high", [
    (0, 10, 0.0, 0.2775),      # published Wilson 95% bounds (Newcombe 1998, table I)
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
])
def test_wilson_interval_matches_published_bounds(k, n, low, high):
    ci = wilson(k, n)
    assert ci.low == pytest.approx(low, abs=5e-4)
    assert ci.high == pytest.approx(high, abs=5e-4)


@pytest.mark.parametrize("k, n", [(1, 7), (13, 40), (570, 1000), (999, 1000)])
def test_wilson_bounds_are_the_roots_of_the_score_equation(k, n):
    """A Wilson bound p is where |p̂ - p| = z·sqrt(p(1-p)/n): an independent definition."""
    ci = wilson(k, n)
    phat = k / n
    for p in (ci.low, ci.high):
        assert abs(phat - p) == pytest.approx(Z95 * math.sqrt(p * (1 - p) / n), abs=1e-9)
    assert ci.low < phat < ci.high


def test_wilson_interval_holds_the_observed_rate_for_every_count_to_400():
    """At k = 0 and k = n rounding once put an end a hair past k/n (0 of 3 had a low
    of 1e-17), and the report's error bars (rate - low) went negative: matplotlib
    refused them and `frontkit balance` stopped with a traceback."""
    for n in range(1, 401):
        for k in range(n + 1):
            ci = wilson(k, n)
            assert 0.0 <= ci.low <= k / n <= ci.high <= 1.0, (k, n, ci)


def test_wilson_of_no_games_is_the_whole_range_and_bad_counts_are_refused():
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(5, 4)


def test_a_seat_at_57_percent_of_1000_games_wins_more_with_its_interval_in_words():
    ci = wilson(570, 1000)
    assert ci.percent() == "54-60%"
    verdict = seat_verdict("North", ci, 0.5)
    assert verdict.startswith("North wins more, 95% CI 54-60%")
    assert excludes_parity(ci, 0.5)


def test_a_seat_at_52_percent_of_200_games_is_within_noise():
    ci = wilson(104, 200)
    assert seat_verdict("South", ci, 0.5).startswith("South's edge is within noise")
    assert not excludes_parity(ci, 0.5)


def test_a_seat_below_parity_wins_less():
    assert seat_verdict("Red", wilson(400, 1000), 0.5).startswith("Red wins less, 95% CI 37-43%")


def test_three_seats_are_judged_against_a_third():
    assert seat_verdict("Ann", wilson(36, 100), 1 / 3).startswith("Ann's edge is within noise")
    assert seat_verdict("Ann", wilson(450, 1000), 1 / 3).startswith("Ann wins more")


def test_narrow_intervals_keep_a_decimal():
    assert wilson(50_000, 100_000).percent() == "49.7-50.3%"


def test_the_use_chart_draws_moves_never_won_and_always_won():
    """The chart that stopped `frontkit balance` (12 MCTS games of Lines and Webs):
    a move whose users never won (0 of 3) and one whose users always won (10 of 10)."""
    from toolkit.sim.analysis import SettingReport, Use
    from toolkit.sim.report import figures

    uses = [Use("never", 4, 3, 0, wilson(0, 3)), Use("always", 12, 10, 10, wilson(10, 10)),
            Use("half", 9, 8, 4, wilson(4, 8))]
    report = SettingReport(options={}, games=13, sides=("North", "South"), decided=13,
                           seats=[], draws=wilson(0, 13), capped=0, bots=[], endings=[],
                           uses=uses, moves=[], turns=[], capped_flags=[], outliers=[])
    svg = figures.uses(report)
    assert "<svg" in svg[:400]
    assert all(word in svg for word in ("never", "always", "half"))
