"""The move tree: a whole move chosen in steps.

A rich decision (a Lines and Webs Transport order, a Front Line unit's action)
is listed as a tree: first what acts (a carrier, a unit, a card), then where or
at what, then how much. Each choice is a `Step`; a leaf's `move` is the whole
move it completes. The record, the notation and legality stay whole moves (one
record line, one `check`): the tree is only how a move is listed and chosen.

    steps(rules, state, "Blue")                  # [Step("T1", "the truck at Harbour"), …]
    steps(rules, state, "Blue", ("T1",))          # where it goes
    steps(rules, state, "Blue", ("T1", "P2"))     # how much: leaves, each with its move

A ruleset offers its own tree through the optional `move_steps(state, player,
chosen)` hook and draws a whole move without listing every leaf through
`sample_move(state, player, rng)`; `sample_steps(state, player, move)` says how many
steps that draw took to reach `move` (`taken`, what benchmarks count as decisions). Without them the core derives a tree from the
flat listing: a decision of at most `ONE_LEVEL` moves is one level of leaves;
a larger one is first the moves' groups (as `frontkit play` groups them, see
toolkit.referee.movelist), then the moves of the chosen group. Its tokens are the
notation (a group's name for a group); its labels the move, or the group, in the
players' words (toolkit.referee.wording: the ruleset's `describe_move` and
`describe_group`, else the notation with `_` as a space).

The core's rules hold on every step as on a whole move: nothing is listed once
the game is over (rule `over`), for a side not asked (rule `turn`), and a side
that is not first in a reaction window is offered only `pass`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from toolkit.referee import game, movelist, wording
from toolkit.referee.protocol import (
    CHANCE,
    PASS,
    DecisionKind,
    IllegalMoveError,
    Move,
    Ruleset,
    State,
    Step,
)

#: The rule id of a choice that is not offered after the steps chosen so far.
RULE_STEP = "step"
#: A decision of at most this many moves is one level of leaves in the core's tree.
ONE_LEVEL = movelist.ONE_LINE
#: At most this many choices are named in the sentence refusing an unknown one.
NAMED = 8


def has_tree(rules: Ruleset) -> bool:
    """True when the ruleset lists its own move tree (the `move_steps` hook)."""
    return getattr(rules, "move_steps", None) is not None


def steps(rules: Ruleset, state: State, player: str,
          chosen: Sequence[str] = ()) -> list[Step]:
    """The choices open to `player` after the tokens `chosen` (empty: the first step).
    Raises IllegalMoveError when `player` has nothing to decide now, or when a token in
    `chosen` is not one of the choices offered at its step."""
    chosen = tuple(chosen)
    decision = _must_decide(rules, state, player)
    hook = getattr(rules, "move_steps", None)
    if hook is None or _only_pass(rules, state, player, decision):
        return _generic(rules, state, player, chosen)
    return list(hook(state, player, chosen))


def shown(rules: Ruleset, state: State, player: str,
          chosen: Sequence[str] = ()) -> list[Step]:
    """The choices open to `player` after `chosen` as a person is shown them (the page,
    `frontkit play`): a whole move offered at the first step, with no choice before it
    to read it by, says the whole move in words (toolkit.referee.wording: `Infantry J1
    to I2`, where a tree's path reads `the infantry at J1, move, to I2`); every other
    choice keeps its label."""
    level = steps(rules, state, player, chosen)
    if chosen:
        return level
    return [Step(s.token, wording.move_words(rules, state, player, s.move), s.move)
            if s.move is not None else s for s in level]


def leaves(rules: Ruleset, state: State, player: str) -> list[Move]:
    """Every leaf of the tree: equal as a set to `game.legal_moves` (the contract)."""
    _must_decide(rules, state, player)
    if getattr(rules, "move_steps", None) is None:
        return game.legal_moves(rules, state, player)
    out: list[Move] = []
    _gather(rules, state, player, (), out)
    return out


def sample(rules: Ruleset, state: State, player: str, rng: random.Random) -> Move:
    """One legal whole move: the ruleset's `sample_move`, or a walk down the tree
    choosing uniformly at each step."""
    decision = _must_decide(rules, state, player)
    hook = getattr(rules, "sample_move", None)
    if hook is not None and not _only_pass(rules, state, player, decision):
        return hook(state, player, rng)
    return complete(rules, state, player, (), rng)


def taken(rules: Ruleset, state: State, player: str, move: Move) -> int:
    """How many steps the random bot (`sample`) takes to draw `move` in `state`: the
    ruleset's `sample_steps(state, player, move)` when it has one, else one (a whole
    move drawn at once; a ruleset with a tree but no such hook is counted as one step
    a move, never more than it took). Benchmarks count decision steps by it."""
    hook = getattr(rules, "sample_steps", None)
    if hook is None or _only_pass(rules, state, player):
        return 1
    return hook(state, player, move)


def complete(rules: Ruleset, state: State, player: str, chosen: Sequence[str],
             rng: random.Random) -> Move:
    """A whole move that begins with the steps `chosen`, the rest chosen uniformly at
    each step (bots judging a step by a completion of it)."""
    chosen = tuple(chosen)
    while True:
        offered = steps(rules, state, player, chosen)
        if not offered:
            raise RuntimeError(f"{rules.name}: {player} is asked to decide but the move "
                               f"tree offers nothing after {' '.join(chosen) or 'the start'}")
        step = offered[int(rng.random() * len(offered))]
        if step.move is not None:
            return step.move
        chosen += (step.token,)


def walk(rules: Ruleset, state: State, player: str) -> list[tuple[tuple[str, ...], Step]]:
    """Every step of the tree with the tokens chosen before it, depth first (for tests
    and tools; a bot never needs the whole tree)."""
    _must_decide(rules, state, player)
    if getattr(rules, "move_steps", None) is None or _only_pass(rules, state, player):
        tree = _generic_tree(rules, state, player)
        return [(chosen, step) for chosen, level in tree.items()
                for step in _said(rules, state, player, level)]
    out: list[tuple[tuple[str, ...], Step]] = []
    pending: list[tuple[str, ...]] = [()]
    while pending:
        chosen = pending.pop()
        for step in steps(rules, state, player, chosen):
            out.append((chosen, step))
            if step.move is None:
                pending.append(chosen + (step.token,))
    return out


def choice(offered: Sequence[Step], token: str, chosen: Sequence[str] = ()) -> Step:
    """The step named `token` among `offered`; IllegalMoveError in players' words if none."""
    for step in offered:
        if step.token == token:
            return step
    raise unknown_choice(offered, token, chosen)


def unknown_choice(offered: Sequence[Step], token: str,
                   chosen: Sequence[str] = ()) -> IllegalMoveError:
    """The error for a choice `token` not among `offered` after `chosen`."""
    after = f" after {' '.join(chosen)}" if chosen else ""
    if not offered:
        return IllegalMoveError(RULE_STEP, f"{' '.join(chosen)} is already a whole move; "
                                "there is nothing more to choose", token)
    names = [s.token for s in offered[:NAMED]]
    more = f" and {len(offered) - NAMED} more" if len(offered) > NAMED else ""
    return IllegalMoveError(RULE_STEP, f"{token} is not one of the choices{after}: "
                            f"choose {', '.join(names)}{more}", token)


def from_listing(rules: Ruleset, state: State, player: str,
                 chosen: Sequence[str] = ()) -> list[Step]:
    """The core's tree derived from the flat listing, for a ruleset whose own
    `move_steps` offers a tree for some decisions only."""
    return _generic(rules, state, player, tuple(chosen))


Path = tuple[tuple[str, str], ...]  #: the (token, label) choices leading to a move


def branch(entries: Iterable[tuple[Path, Move]], chosen: Sequence[str] = ()) -> list[Step]:
    """The steps after `chosen` of a tree given as paths: each entry is a whole move
    with the (token, label) choices that lead to it, in listing order. A choice that
    leads to one move only is that move's leaf at once, its label the rest of the
    path's labels joined by `, `. Unknown choices raise IllegalMoveError."""
    chosen = tuple(chosen)
    rows = list(entries)
    for depth in range(len(chosen) + 1):
        level, rows_of = _level(rows, depth)
        if depth == len(chosen):
            return level
        step = choice(level, chosen[depth], chosen[:depth])
        if step.move is not None:  # nothing follows a whole move
            raise unknown_choice([], chosen[depth], chosen[:depth + 1])
        rows = rows_of[step.token]
    return []  # pragma: no cover - the loop returns


def _level(rows: list[tuple[Path, Move]], depth: int
           ) -> tuple[list[Step], dict[str, list[tuple[Path, Move]]]]:
    """The choices at `depth` of `rows` (all sharing the path before it), and the
    rows under each."""
    under: dict[str, list[tuple[Path, Move]]] = {}
    labels: dict[str, str] = {}
    for path, move in rows:
        token, label = path[depth]
        if token not in under:
            under[token] = []
            labels[token] = label
        under[token].append((path, move))
    level = []
    for token, below in under.items():
        if len(below) == 1:
            path, move = below[0]
            level.append(Step(token, _said_once([lab for _, lab in path[depth:]]), move))
        else:
            level.append(Step(token, labels[token]))
    return level, under


def _said_once(labels: list[str]) -> str:
    """The labels of a path's rest joined by `, `, a label the next one ends with said
    once (`fuel`, `3 fuel` → `3 fuel`)."""
    return ", ".join(lab for lab, after in zip(labels, labels[1:] + [""])
                     if not after.endswith(lab))


# ----------------------------------------------------------- the core's tree


def _must_decide(rules: Ruleset, state: State, player: str):
    """The decision `player` is asked (refused when it is not theirs)."""
    decision = rules.decision(state)
    if decision is None:
        raise IllegalMoveError(game.RULE_OVER, "the game is over")
    if player == CHANCE:
        if decision.kind is not DecisionKind.CHANCE:
            raise IllegalMoveError(game.RULE_TURN, f"no chance outcome is due; "
                                   f"{game.waiting_for(decision)}")
        return decision
    if player not in decision.players:
        raise IllegalMoveError(game.RULE_TURN, f"it is not {player}'s decision; "
                               f"{game.waiting_for(decision)}")
    return decision


def _only_pass(rules: Ruleset, state: State, player: str, decision=None) -> bool:
    """A side in a reaction window after the one who answers first may only pass
    (`decision`: the state's, if the caller has it)."""
    if decision is None:
        decision = rules.decision(state)
    return (decision is not None and decision.kind is DecisionKind.REACTION
            and player != decision.players[0])


def _generic(rules: Ruleset, state: State, player: str,
             chosen: tuple[str, ...]) -> list[Step]:
    """The core's tree after `chosen`, derived from the flat listing; only the level
    returned is put into words (a bot walking the tree never reads a label)."""
    tree = _generic_tree(rules, state, player)
    level = tree[()]
    for n, token in enumerate(chosen):
        choice_ = next((c for c in level if c[0] == token), None)
        if choice_ is None:
            raise unknown_choice(_said(rules, state, player, level), token, chosen[:n])
        if choice_[1] is not None:  # nothing follows a whole move
            raise unknown_choice([], token, chosen[:n + 1])
        level = tree[chosen[:n + 1]]
    return _said(rules, state, player, level)


#: One choice of the core's tree before it is put into words: (token, move or None).
_Choice = tuple[str, "Move | None"]


def _said(rules: Ruleset, state: State, player: str, level: list[_Choice]) -> list[Step]:
    """A level of the core's tree as steps, each labelled in the players' words
    (`toolkit.referee.wording`): a leaf by its move, a group by its name."""
    return [Step(token, wording.move_words(rules, state, player, move), move)
            if move is not None else
            Step(token, wording.group_words(rules, state, player, token))
            for token, move in level]


def _generic_tree(rules: Ruleset, state: State,
                  player: str) -> dict[tuple[str, ...], list[_Choice]]:
    """The core's whole tree from one listing, as the choices after each chosen prefix:
    one level of leaves for a small decision, else the moves' groups, then the moves
    of the chosen group (a group of one move is a leaf at the first step). A leaf's
    token is its notation (a lone move's, its group's name)."""
    moves = game.legal_moves(rules, state, player)
    texts = [game.format_move(rules, state, player, m) for m in moves]
    items = movelist.listed(rules, zip(moves, texts), chance=player == CHANCE)
    groups = movelist.grouped(items)
    if len(moves) <= ONE_LEVEL or len(groups) == 1:
        return {(): list(zip(texts, moves))}
    by_text = dict(zip(texts, moves))
    tree: dict[tuple[str, ...], list[_Choice]] = {(): []}
    for name, members in groups.items():
        if len(members) == 1:
            tree[()].append((name, by_text[members[0].text]))
        else:
            tree[()].append((name, None))
            tree[(name,)] = [(i.text, by_text[i.text]) for i in members]
    return tree


def _gather(rules: Ruleset, state: State, player: str, chosen: tuple[str, ...],
            out: list[Move]) -> None:
    for step in steps(rules, state, player, chosen):
        if step.move is not None:
            out.append(step.move)
        else:
            _gather(rules, state, player, chosen + (step.token,), out)


__all__ = ["steps", "shown", "leaves", "sample", "taken", "walk", "choice", "unknown_choice", "has_tree",
           "branch", "from_listing", "complete",
           "RULE_STEP", "ONE_LEVEL"]
