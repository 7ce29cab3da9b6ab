"""What a balance report says about one setting, computed from its game rows.

Seat figures are shares of the *decided* games (a draw or a capped game has no
winner to share out); parity is 1 / number of seats. Draws and capped games
get their own rates. Everything here is a pure function of the rows, so the
report is the same whatever engine played them.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from toolkit.sim.playout import RULE_CAPPED, GameRow
from toolkit.sim.stats import Interval, excludes_parity, seat_verdict, wilson


@dataclass(frozen=True)
class Seat:
    side: str
    wins: int
    share: Interval  # wins / decided games
    verdict: str
    off_parity: bool


@dataclass(frozen=True)
class BotScore:
    bot: str
    games: int  # seats it filled (a bot in two seats of one game counts twice)
    wins: int
    share: Interval  # wins / seats it filled in decided games


@dataclass(frozen=True)
class Ending:
    rule: str
    reason: str  # the most common sentence, in the players' words, naming no side
    games: int
    winners: tuple[tuple[str, int], ...]  # (side or "draw", games)


@dataclass(frozen=True)
class Use:
    label: str
    uses: int  # times played
    games: int  # (game, side) pairs where it was used
    wins: int  # of those, the side won
    share: Interval  # wins / games


@dataclass(frozen=True)
class Outlier:
    why: str  # "longest game", "shortest game", "first FL-win-1"
    row: GameRow


@dataclass
class SettingReport:
    options: dict
    games: int
    sides: tuple[str, ...]
    decided: int
    seats: list[Seat]
    draws: Interval
    capped: int
    bots: list[BotScore]
    endings: list[Ending]
    uses: list[Use]
    moves: list[int]
    turns: list[int]
    capped_flags: list[bool]
    outliers: list[Outlier]
    first_seat_advantage: str = ""
    flagged: list[str] = field(default_factory=list)  # seats whose interval excludes parity

    @property
    def mean_moves(self) -> float:
        return sum(self.moves) / len(self.moves) if self.moves else 0.0

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0


def analyse(rows: Sequence[GameRow], sides: tuple[str, ...], options: dict) -> SettingReport:
    n = len(rows)
    parity = 1 / len(sides)
    decided = [r for r in rows if r.winner is not None]
    seats = []
    for side in sides:
        wins = sum(1 for r in decided if r.winner == side)
        share = wilson(wins, len(decided))
        seats.append(Seat(side, wins, share, seat_verdict(side, share, parity),
                          excludes_parity(share, parity)))
    draws = sum(1 for r in rows if r.winner is None and not r.capped)
    capped = [r for r in rows if r.capped]
    report = SettingReport(
        options=dict(options), games=n, sides=sides, decided=len(decided), seats=seats,
        draws=wilson(draws, n), capped=len(capped), bots=_bots(rows, sides),
        endings=_endings(rows, sides), uses=_uses(rows, sides),
        moves=[r.moves for r in rows], turns=[r.turns for r in rows],
        capped_flags=[r.capped for r in rows], outliers=outliers(rows),
    )
    first = seats[0]
    report.first_seat_advantage = (
        f"First seat ({first.side}): {100 * first.share.rate:.1f}% of decided games, "
        f"95% CI {first.share.percent()} against parity {100 * parity:.0f}%: "
        + ("an advantage" if first.share.low > parity else
           "a disadvantage" if first.share.high < parity else "within noise"))
    report.flagged = [s.side for s in seats if s.off_parity]
    return report


def _bots(rows: Sequence[GameRow], sides: tuple[str, ...]) -> list[BotScore]:
    if all(len(set(r.bots)) == 1 for r in rows):
        return []  # one bot in every seat: nothing to compare
    games: Counter = Counter()
    wins: Counter = Counter()
    for r in rows:
        if r.winner is None:
            continue
        for side, bot in zip(sides, r.bots):
            games[bot] += 1
            wins[bot] += side == r.winner
    return [BotScore(b, games[b], wins[b], wilson(wins[b], games[b])) for b in sorted(games)]


def _endings(rows: Sequence[GameRow], sides: tuple[str, ...] = ()) -> list[Ending]:
    reasons: dict[str, Counter] = defaultdict(Counter)
    winners: dict[str, Counter] = defaultdict(Counter)
    for r in rows:
        reasons[r.rule][in_general(r.reason, r.winner, sides)] += 1
        winners[r.rule][r.winner or ("no winner" if r.capped else "draw")] += 1
    out = [Ending(rule, reasons[rule].most_common(1)[0][0], sum(reasons[rule].values()),
                  tuple(sorted(winners[rule].items())))
           for rule in reasons]
    return sorted(out, key=lambda e: (-e.games, e.rule))


def in_general(reason: str, winner: str | None, sides: Sequence[str]) -> str:
    """An ending's sentence for every game that ended so, whoever won: the winner's
    name becomes "the winner", the others' "the other side" (two sides) or "another
    side"; in a game without a winner every side is "a side". A report row that
    sums up games won by both sides otherwise read "South held more centre squares"
    beside "won by North 28, South 28"."""
    others = "the other side" if len(sides) == 2 else "another side"
    names = sorted(sides, key=len, reverse=True)  # "P10" before "P1"
    if not names:
        return reason
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")

    def word(m: re.Match) -> str:
        if winner is None:
            return "a side"
        return "the winner" if m.group(1) == winner else others

    text = pattern.sub(word, reason)
    return text[:1].upper() + text[1:] if reason[:1].isupper() else text


def _uses(rows: Sequence[GameRow], sides: tuple[str, ...]) -> list[Use]:
    uses: Counter = Counter()
    games: Counter = Counter()
    wins: Counter = Counter()
    for r in rows:
        for side_index, label, times in r.used:
            uses[label] += times
            games[label] += 1
            wins[label] += r.winner == sides[side_index]
    return sorted((Use(label, uses[label], games[label], wins[label],
                       wilson(wins[label], games[label])) for label in uses),
                  key=lambda u: (-u.uses, u.label))


def outliers(rows: Sequence[GameRow]) -> list[Outlier]:
    """The longest and the shortest game, and the first game of each ending."""
    if not rows:
        return []
    out = [Outlier("longest game", max(rows, key=lambda r: (r.moves, -r.index))),
           Outlier("shortest game", min(rows, key=lambda r: (r.moves, r.index)))]
    seen = set()
    for r in rows:
        if r.rule not in seen:
            seen.add(r.rule)
            out.append(Outlier("capped game" if r.rule == RULE_CAPPED else f"first {r.rule}", r))
    return out
