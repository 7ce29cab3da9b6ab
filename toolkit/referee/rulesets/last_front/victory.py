"""Winning (LF-R05): the scenario's `victory` option names a row of the table
victory_conditions; a player meeting any condition of that row wins at once.
Conditions: same_nation_N (N territories of one nation), different_nations_N
(territories of N nations), any_N (N territories). If no battle can be declared
any more (no open card and nobody else holds a territory) the game ends too.
The outcome ranks every player: the winner first, then by territories held
(ties share a place)."""

from __future__ import annotations

from collections import Counter

from toolkit.referee.protocol import Outcome

from toolkit.referee.rulesets.last_front.state import State


def meets(s: State, side: str, condition: str) -> bool:
    what, _, n = condition.rpartition("_")
    need = int(n)
    counts = Counter(s.cfg.cards[c].nation for c in s.captured(side))
    if what == "same_nation":
        return any(v >= need for v in counts.values())
    if what == "different_nations":
        return len(counts) >= need
    return sum(counts.values()) >= need


def _met(s: State, side: str) -> str | None:
    """The first victory condition `side`'s territories meet, or None (kept per set
    of territories: the answer depends on nothing else)."""
    cards = s.captured(side)
    if not cards:
        return None
    key = ("won", tuple(sorted(cards)))
    memo = s.cfg.memo
    if key not in memo:
        memo[key] = next((c for c in s.cfg.conditions if meets(s, side, c)), None)
    return memo[key]


def _words(condition: str) -> str:
    what, _, n = condition.rpartition("_")
    if what == "same_nation":
        return f"{n} territories of one nation"
    if what == "different_nations":
        return f"territories of {n} nations"
    return f"{n} territories"


def ranking(s: State, first: str | None) -> tuple[tuple[str, ...], ...]:
    rest = [p for p in s.sides if p != first]
    held = {p: len(s.captured(p)) for p in s.sides}
    out: list[tuple[str, ...]] = [(first,)] if first else []
    for p in sorted(rest, key=lambda p: (-held[p], s.at(p))):
        if out and p != first and out[-1][0] != first and held[out[-1][0]] == held[p]:
            out[-1] = out[-1] + (p,)
        else:
            out.append((p,))
    return tuple(out)


def outcome(s: State) -> Outcome | None:
    if s.flow.phase != "spoils":
        return None
    scores = tuple((p, len(s.captured(p))) for p in s.sides)
    for side in s.sides:
        cond = _met(s, side)
        if cond is not None:
            return Outcome(side, f"{side} holds {_words(cond)} ({s.cfg.victory} game)",
                           "LF-victory", scores, ranking(s, side))
    if s.flow.windows or s.flow.fresh:
        return None
    from toolkit.referee.rulesets.last_front.spoils import battle_targets, next_declarer

    if not battle_targets(s, next_declarer(s)):
        held = dict(scores)
        best = max(held.values())
        top = [p for p in s.sides if held[p] == best]
        winner = top[0] if len(top) == 1 else None
        return Outcome(winner, "no battle can be declared: the most territories wins",
                       "LF-end", scores, ranking(s, winner) if winner else _tied(s))
    return None


def _tied(s: State):
    return ranking(s, None)
