"""A seeded sample of mutated shipped scenarios (tests/mutants.py): whatever `frontkit
check` passes plays (a random game at every player count) and fills its reference sheets;
nothing ends in a traceback. The standing run of 10,000 mutants, the whole kit built for
each and hangs caught, is `python benchmarks/fuzz.py` (by hand)."""

from __future__ import annotations

import signal
from collections import Counter
from pathlib import Path

import pytest

from tests import mutants as mx

SEED = 27
SAMPLE = 160  # 126 distinct inputs (mutants.identity): the standing run is the breadth
GUARD_SECONDS = 300  # a safety net against a hang, not a measurement


class Hung(Exception):
    pass


def _guard(signum, frame):
    raise Hung(f"no end after {GUARD_SECONDS} s")


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory) -> list[tuple[mx.Mutant, mx.Verdict]]:
    """Every mutant of the sample with its verdict; a mutant that is the same input as an
    earlier one (mutants.identity: a file its scenario does not read, or the same text)
    takes that one's verdict, as in the standing run."""
    out, seen = [], {}
    sample = mx.mutants(SEED, SAMPLE)
    reads = {key: mx.reads(*key) for key in {(m.game, m.main) for m in sample}}
    previous = signal.signal(signal.SIGALRM, _guard)
    try:
        for i, mutant in enumerate(sample):
            same = mx.identity(mutant, reads[mutant.game, mutant.main])
            if same not in seen:
                seen[same] = _judged(mutant, Path(tmp_path_factory.mktemp(f"mutant{i}")))
            out.append((mutant, seen[same]))
    finally:
        signal.signal(signal.SIGALRM, previous)
    return out


def _judged(mutant: mx.Mutant, folder: Path) -> mx.Verdict:
    signal.alarm(GUARD_SECONDS)
    try:
        return mx.judge(mutant, folder, moves=120, build="sheets")
    except Hung as exc:
        return mx.Verdict(mx.HANG, "", str(exc))
    finally:
        signal.alarm(0)


def test_the_mutants_are_the_same_for_the_same_seed():
    assert mx.mutants(SEED, 20) == mx.mutants(SEED, 20)
    assert mx.mutants(SEED, 20) != mx.mutants(SEED + 1, 20)
    games = {m.game for m in mx.mutants(SEED, 20)}
    assert games == {game for game, _ in mx.shipped_games()}  # every shipped game is mutated


def test_nothing_checks_clean_and_then_fails(verdicts):
    findings = [f"{m.label()}: {v.outcome} ({v.stage}) {v.detail}" for m, v in verdicts
                if v.outcome in mx.FINDINGS]
    assert findings == []


def test_the_sample_both_refuses_and_passes_mutants(verdicts):
    """The sample is no test that cannot fail: check refuses some mutants and passes others
    (which were then played and their sheets filled)."""
    counts = Counter(v.outcome for _, v in verdicts)
    assert counts[mx.REFUSED] >= SAMPLE // 10 and counts[mx.PLAYS] >= SAMPLE // 10, counts
