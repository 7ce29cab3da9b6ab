"""The rules kit's board tables and pieces index (toolkit/referee/kit/board.py,
pieces.py): the tables equal networkx's answers on every shipped board, and the
index equals a scan of the pieces after every move of random games."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import networkx as nx
import pytest

import dsl
from toolkit.referee import game, registry
from toolkit.referee.kit.board import (
    REACHED_LIMIT, Board, ball, moves_from, reach, reached, steps_to, within)
from toolkit.referee.kit.pieces import Pieces
from toolkit.referee.kit.values import interned
from toolkit.referee.protocol import CHANCE, DecisionKind
from toolkit.sim.playout import RandomBot

ROOT = Path(__file__).resolve().parents[1]
BOARDS = [ROOT / "content" / "skirmish" / "skirmish.scn",
          ROOT / "content" / "front_line" / "main.scn",
          ROOT / "content" / "lines_and_webs" / "lines_and_webs.scn",
          ROOT / "content" / "front_lines" / "front_lines.scn"]


def _board(path: Path) -> tuple[Board, nx.Graph]:
    """The scenario's first board, every third space impassable (so the tables
    have walls to go round), and networkx's graph of it."""
    b = dsl.load(path).board
    ids = [s.id for s in b.spaces]
    passable = [sp for i, sp in enumerate(ids) if i % 3]
    return Board.of(b, passable), b.graph


def _walk(graph: nx.Graph, board: Board, frm: str, steps: int, blocked: set) -> set:
    """networkx's answer to `reach`: the spaces within `steps` of `frm` in the graph
    of the passable, unblocked spaces (and `frm`)."""
    keep = (board.passable - blocked) | {frm}
    near = nx.single_source_shortest_path_length(graph.subgraph(keep), frm, cutoff=steps)
    return set(near) - {frm}


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_kit_board_neighbours_and_steps_equal_networkx(path):
    board, graph = _board(path)
    for sp in board.spaces:
        assert board.neighbours[sp] == tuple(sorted(graph.neighbors(sp)))
    for target in board.spaces[::7]:
        keep = board.passable | {target}
        expected = nx.single_source_shortest_path_length(graph.subgraph(keep), target)
        assert steps_to(board, target) == expected


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_kit_board_reach_equals_a_networkx_walk_round_the_pieces(path):
    board, graph = _board(path)
    rng = random.Random(7)
    spaces = sorted(board.passable)
    for _ in range(60):
        frm = rng.choice(spaces)
        blocked = set(rng.sample(spaces, min(len(spaces), rng.choice((0, 2, 8, 20)))))
        blocked.discard(frm)
        steps = rng.randint(0, 4)
        got = reach(board, frm, steps, frozenset(blocked))
        assert set(got) == _walk(graph, board, frm, steps, blocked), (frm, steps, sorted(blocked))
        assert list(got) == sorted(got)  # by name, as a listing shows them
        near = within(board, frm, steps)
        assert set(near) == _walk(graph, board, frm, steps, set()) and list(near) == sorted(near)
        standing = blocked | {frm}  # frm's own piece is ignored
        bits = sum(board.bits[sp] for sp in standing)
        assert reach(board, frm, steps, dict.fromkeys(standing), bits) == got


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_kit_board_moves_by_the_pieces_in_the_way_are_the_moves_to_the_spaces_reached(path):
    """`Pieces.moves` reads a piece's moves off the board's table by the pieces nearer
    than the move's length (`reached`): the same moves as to `reach`'s spaces, on
    boards with walls, and pieces on the rim (which block only their own space)
    share the entry of the position without them."""
    board, _ = _board(path)
    rng = random.Random(11)
    spaces = sorted(board.passable)
    for _ in range(80):
        frm = rng.choice(spaces)
        steps = rng.randint(1, 3)
        blocked = set(rng.sample(spaces, min(len(spaces), rng.choice((0, 2, 8, 20)))))
        blocked.discard(frm)
        units = [_Unit(sp, "Red") for sp in blocked | {frm}]
        pieces = Pieces.on(board, units)
        expected = [_Hop(frm, to) for to in reach(board, frm, steps, frozenset(blocked))]
        assert pieces.moves(_Hop, frm, steps) == expected, (frm, steps, sorted(blocked))
        table = reached(board, _Hop, frm, steps)
        inner = ball(board, frm, steps - 1)[1] if steps > 1 else 0
        assert table.inner == inner and pieces.bits & inner in table  # kept
        rim = [sp for sp in blocked if not board.bits[sp] & inner]
        fewer = Pieces.on(board, [u for u in units if u.space not in rim])
        assert fewer.bits & inner == pieces.bits & inner  # one entry for both
        assert len(table) <= min(REACHED_LIMIT, 1 << bin(inner).count("1"))


@interned
class _Unit:
    space: str
    side: str


def test_kit_boards_made_alike_are_equal_share_their_tables_and_pickle():
    scenario = dsl.load(BOARDS[0])
    a, b = Board.of(scenario.board), Board.of(scenario.board)
    assert a == b and hash(a) == hash(b) and a is not b
    assert steps_to(a, a.spaces[0]) is steps_to(b, b.spaces[0])
    assert moves_from(a, _Hop, a.spaces[0]) is moves_from(b, _Hop, b.spaces[0])
    assert moves_from(a, _Hop, a.spaces[0], ("x",)) is not moves_from(a, _Hop, a.spaces[0])
    again = pickle.loads(pickle.dumps(a))
    assert again == a and again.neighbours == a.neighbours and again.order == a.order
    other = Board.of(scenario.board, a.spaces[1:])
    assert other != a


def _scan_agrees(pieces: Pieces) -> None:
    """The index answers what a scan of every piece answers."""
    order = pieces.board.order
    assert [order[p.space] for p in pieces] == sorted(order[p.space] for p in pieces)
    for sp in pieces.board.spaces:
        here = tuple(p for p in pieces if p.space == sp)
        assert pieces.all_at(sp) == here
        assert pieces.at(sp) == (here[0] if here else None)
        assert (sp in pieces.occupied) == bool(here)
    for side in {p.side for p in pieces} | {"nobody"}:
        assert pieces.of(side) == tuple(p for p in pieces if p.side == side)
        assert pieces.spaces_of(side) == {p.space for p in pieces if p.side == side}
    board = pieces.board
    assert pieces.bits == sum(board.bits[sp] for sp in {p.space for p in pieces})
    assert pieces.empty(board.spaces) == [sp for sp in board.spaces if sp not in pieces.occupied]
    for p in pieces.all[::3]:
        blocked = frozenset(pieces.occupied) - {p.space}
        assert pieces.reach(p.space, 2) == reach(board, p.space, 2, blocked)
        _moves_agree(pieces, p.space)


@interned
class _Hop:
    frm: str
    to: str
    card: str | None = None


def _moves_agree(pieces: Pieces, frm: str) -> None:
    """A piece's moves read off the board's table are the moves to the spaces it
    reaches, in its order, and the same objects the next time they are listed."""
    for steps, extra in ((1, ()), (2, ()), (3, ("forced_march",))):
        moves = pieces.moves(_Hop, frm, steps, *extra)
        assert moves == [_Hop(frm, to, *extra) for to in pieces.reach(frm, steps)]
        assert all(a is b for a, b in zip(moves, pieces.moves(_Hop, frm, steps, *extra)))


def test_kit_pieces_index_equals_a_scan_after_every_move_of_random_games():
    rules = registry.get("skirmish")
    start = rules.new_game(dsl.load(BOARDS[0]))
    rng = random.Random(3)
    for _ in range(6):
        state, bot, moves = start, RandomBot(rules), 0
        while (d := rules.decision(state)) is not None and moves < 400:
            if d.kind is DecisionKind.CHANCE:
                state, _ = game.play(rules, state, CHANCE, d.chance.sample(rng))
            else:
                player = d.players[0]
                state, _ = game.play(rules, state, player, bot.choose(state, player, rng))
            _scan_agrees(state.units)
            assert pickle.loads(pickle.dumps(state.units)).occupied == state.units.occupied
            moves += 1


def test_kit_pieces_are_equal_by_their_pieces_and_changes_make_new_values():
    rules = registry.get("skirmish")
    s = rules.new_game(dsl.load(BOARDS[0]))
    pieces = s.units
    first = pieces.all[0]
    empty = next(sp for sp in pieces.board.passable if sp not in pieces.occupied)
    moved = pieces.moved(first.space, empty)
    assert pieces.at(first.space) == first and moved.at(first.space) is None
    assert moved.at(empty).kind == first.kind
    assert moved.removed(empty) == pieces.removed(first.space)
    assert moved.removed(empty).placed(first) == pieces
    _scan_agrees(moved)


def test_kit_pieces_changed_one_piece_at_a_time_are_the_value_made_afresh():
    """A move, a removal and an entry make the new index from the old one and read `all`
    off it only when asked: equal to the pieces made afresh, hashing alike (`hash` and
    the state hash's `stable_hash`), side by side in reading order."""
    from toolkit.referee.kit.rules import stable_hash

    rules = registry.get("skirmish")
    pieces = rules.new_game(dsl.load(BOARDS[0])).units
    board = pieces.board
    first, last = pieces.all[0], pieces.all[-1]
    empty = [sp for sp in board.spaces if sp in board.passable and sp not in pieces.occupied]
    changed = pieces.moved(first.space, empty[-1]).removed(last.space).placed(
        type(last)(empty[0], last.side, last.kind))
    afresh = Pieces.on(board, [p for p in changed.occupied.values()])
    assert "all" not in changed.__dict__  # not read yet
    assert changed == afresh and hash(changed) == hash(afresh)
    assert stable_hash(changed) == stable_hash(afresh)
    assert changed.all == afresh.all and changed.sides == afresh.sides
    assert [p.space for p in changed.of(last.side)][0] == empty[0]  # first in reading order
    _scan_agrees(changed)


def test_kit_pieces_sharing_a_space_are_a_stack_in_the_order_given():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Counter:
        space: str
        side: str
        name: str

    board = Board.of(dsl.load(BOARDS[0]).board)
    a, b = board.spaces[3], board.spaces[1]
    pieces = Pieces.on(board, [Counter(a, "Red", "tank"), Counter(b, "Blue", "gun"),
                               Counter(a, "Blue", "scout"), Counter(a, "Red", "hq")])
    assert [p.name for p in pieces.all_at(a)] == ["tank", "scout", "hq"]
    assert pieces.at(a).name == "tank" and [p.name for p in pieces] == ["gun", "tank", "scout", "hq"]
    assert [p.name for p in pieces.removed(a).all_at(b)] == ["gun"] and pieces.removed(a).all_at(a) == ()
    _scan_agrees(pieces)
    _scan_agrees(pieces.moved(a, b))


def test_kit_interned_values_are_one_object_per_value_and_stay_frozen_values():
    @interned
    class Hop:
        frm: str
        to: str
        card: str | None = None

    a, b = Hop("A1", "B2"), Hop("A1", "B2")
    assert a is b and a == Hop("A1", "B2", None) and hash(a) == hash(Hop("A1", "B2", None))
    assert a != Hop("A1", "C3") and Hop("A1", "C3") is Hop("A1", "C3")
    assert repr(a).endswith("Hop(frm='A1', to='B2', card=None)")
    with pytest.raises(AttributeError):
        a.to = "C3"  # frozen (FrozenInstanceError is an AttributeError)
    assert not hasattr(a, "__dict__")  # slots


def test_kit_interned_moves_pickle_to_equal_values():
    from toolkit.referee.rulesets.skirmish.moves import Attack, Step

    for move in (Step("B1", "B3", "forced_march"), Attack("B2", "B3")):
        again = pickle.loads(pickle.dumps(move))
        assert again == move and str(again) == str(move)
