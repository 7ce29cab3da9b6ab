"""Front Lines fog of war (FL-fog-1…4, FL-spawn-4, FL-recon-3): views and secrets.

Views are the kit's common `View`. Each hidden fact is checked three ways: it is among
the owner's `secrets` in the form a view would show it, it is in the owner's view, and
it is nowhere in the other side's view or a spectator's (walked as the contract test
walks them: every nested value, dataclass field and pair)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import dsl
from toolkit.referee import game
from toolkit.referee.kit.view import PieceView, View
from toolkit.referee.rulesets.front_lines import RULESET as FL
from toolkit.referee.rulesets.front_lines.position import play_turn, position

SCN = dsl.load(Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn")
LETTER = {"commander": "C", "infantry": "I", "armor": "A", "anti_tank": "T", "recon": "R"}


def start(north=(), south=(), **kw):
    return position(SCN, {"North": ["commander A1", "infantry H1", *north],
                          "South": ["commander A10", "infantry H10", *south]}, **kw)


def unit(space: str, kind: str, side: str) -> PieceView:
    """A unit as a view shows it: the type the viewer sees, labelled by its letter."""
    return PieceView(space, kind, side, LETTER[kind])


def facts(value, out: set | None = None) -> set:
    """Every value nested in a view (the contract test's walk)."""
    out = set() if out is None else out
    try:
        out.add(value)
    except TypeError:
        pass
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return out
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            facts(getattr(value, f.name), out)
            facts((f.name, getattr(value, f.name)), out)
    elif isinstance(value, dict):
        for k, v in value.items():
            facts(k, out), facts(v, out), facts((k, v), out)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            facts(item, out)
    return out


def kept_secret(state, owner: str, secret, shown: bool = True) -> None:
    """`secret` is the owner's: in its secrets and (if `shown`) its view, in no other view.
    (Not shown: the type a unit out of sight would seem to be; its owner sees the true one.)"""
    other = next(s for s in state.cfg.sides if s != owner)
    assert secret in FL.secrets(state, owner)
    assert (secret in facts(FL.view(state, owner))) == shown
    for viewer in (other, None):
        assert secret not in facts(FL.view(state, viewer)), f"{viewer} sees {secret}"


def panel(view: View, title: str) -> str | None:
    return dict(view.panels).get(title)


def test_views_are_the_common_view():
    s = start()
    for viewer in ("North", "South", None):
        v = FL.view(s, viewer)
        assert isinstance(v, View) and v.viewer == viewer and v.ruleset == "front_lines"
        assert v.sides == ("North", "South") and (v.board.width, v.board.height) == (8, 10)
        assert {sq for sq, mark in v.marks if mark == "centre"} == {
            f"{c}{r}" for c in "CDEF" for r in (5, 6)}
    assert FL.view(s, None).panels == ()  # a spectator has no secrets


def test_FL_fog_1_the_enemy_back_row_is_hidden():
    s = start([], ["armor D10", "armor D9"])
    v = FL.view(s, "North")
    assert unit("D9", "armor", "South") in v.pieces
    assert v.pieces_on("D10") == () and v.pieces_on("A10") == ()
    assert "D10" in v.fog and "D9" not in v.fog
    # your own back row is not hidden from you
    assert unit("A1", "commander", "North") in v.pieces and "A1" not in v.fog
    assert unit("D10", "armor", "South") in FL.view(s, "South").pieces
    # and what is on it is your secret; a spectator sees neither back row
    kept_secret(s, "South", unit("D10", "armor", "South"))
    kept_secret(s, "North", unit("A1", "commander", "North"))
    spectator = FL.view(s, None)
    assert {"A1", "D10"} <= set(spectator.fog) and "D9" not in spectator.fog
    assert spectator.pieces_on("A1") == () and spectator.pieces_on("D9") != ()


def test_FL_fog_2_recon_reveals_within_manhattan_distance_three():
    s = start(["recon D7"], ["armor D10", "armor G10", "infantry B10"])
    v = FL.view(s, "North")
    assert unit("D10", "armor", "South") in v.pieces          # distance 3
    assert v.pieces_on("B10") == ()                             # distance 2+3 = 5
    assert v.pieces_on("G10") == ()                             # distance 3+3 = 6
    assert "D10" not in v.fog and "E10" in v.fog and "C10" in v.fog
    # a square the enemy recon sees is no secret any more; the others are
    assert unit("D10", "armor", "South") not in FL.secrets(s, "South")
    kept_secret(s, "South", unit("G10", "armor", "South"))


def test_FL_fog_3_mines_are_seen_only_by_their_owner():
    s = start(mines={"North": ["D5"]})
    kept_secret(s, "North", ("North's mines", "D5"))
    assert panel(FL.view(s, "South"), "South's mines") is None   # South's own: none
    for viewer in ("South", None):
        assert "D5" not in FL.render(FL.view(s, viewer))


def test_FL_fog_4_planned_orders_are_secret_until_resolved():
    s = start(["infantry D3"])
    s, _ = game.play(FL, s, "North", FL.parse_move("ID3-D4"))
    kept_secret(s, "North", ("North's orders", "1. Infantry D3 to D4"))
    # your view also shows where your units will stand after your orders so far
    kept_secret(s, "North", ("North after its orders", "infantry D4 (from D3)"))
    south = FL.view(s, "South")
    assert panel(south, "South's orders") is None
    assert "planned: North 1 of 3, South 0 of 3" in south.status
    assert unit("D3", "infantry", "North") in south.pieces     # where it stands now
    for viewer in ("South", None):
        assert "D4" not in FL.render(FL.view(s, viewer))


def test_FL_spawn_4_the_reserve_make_up_is_private():
    s = start()
    south = FL.view(s, "South")
    reserve = next(t for t in south.tracks if t.name == "reserve left")
    assert dict(reserve.values) == {"North": 4, "South": 4}        # counts are public
    assert panel(south, "South's reserve") == "1 armor, 2 anti tank, 1 recon"
    kept_secret(s, "North", ("North's reserve", "1 armor, 2 anti tank, 1 recon"))


def test_FL_recon_3_a_disguised_recon_is_shown_as_infantry_even_to_spectators():
    s = start(["recon D5"])
    assert unit("D5", "infantry", "North") in FL.view(s, "South").pieces
    assert unit("D5", "infantry", "North") in FL.view(s, None).pieces
    kept_secret(s, "North", unit("D5", "recon", "North"))
    kept_secret(s, "North", ("North's disguised recon", "D5"))


def test_a_unit_out_of_sight_is_secret_even_as_the_type_it_seems():
    """A disguised recon on the hidden back row: neither its type nor its disguise shows."""
    s = start(["recon B1"])
    kept_secret(s, "North", unit("B1", "recon", "North"))
    kept_secret(s, "North", unit("B1", "infantry", "North"), shown=False)


def test_events_of_hidden_spawns_do_not_say_where():
    s = start()
    s, events = play_turn(s, North=["A@C1"])
    to_south = [e.text for e in events if e.visible_to("South")]
    assert not any("C1" in t for t in to_south)
    assert any("out of sight" in t for t in to_south)


def test_views_never_hold_the_other_sides_secrets_in_random_games():
    """The invariant the contract test checks, on more positions: every secret of each
    side is in its own view and in neither the enemy's nor a spectator's."""
    rng = random.Random(7)
    kinds = set()
    for _ in range(4):
        s = FL.new_game(SCN)
        n = 0
        while FL.decision(s) is not None and n < 200:
            d = FL.decision(s)
            side = rng.choice(d.players)
            s, _ = FL.apply(s, side, rng.choice(list(FL.legal_moves(s, side))))
            n += 1
            assert FL.invariants(s) == []
            for owner, other in (("North", "South"), ("South", "North")):
                secret = set(FL.secrets(s, owner))
                mine = FL.view(s, owner)
                for x in secret - facts(mine):  # only the seeming type of a unit out of sight
                    assert isinstance(x, PieceView) and x.kind == "infantry"
                    assert [p.kind for p in mine.pieces_on(x.space)] == ["recon"]
                assert not secret & (facts(FL.view(s, other)) | facts(FL.view(s, None)))
                kinds |= {type(x).__name__ if isinstance(x, PieceView) else x[0].split()[-1]
                          for x in secret}
    # the games met every kind of secret
    assert {"PieceView", "orders", "reserve", "recon", "place"} <= kinds


def rows(text: str) -> dict[int, list[str]]:
    """The board rows of a rendered view, by row number."""
    out = {}
    for line in text.splitlines():
        words = line.split()
        if words and words[0].isdigit() and len(words) == 9:
            out[int(words[0])] = words[1:]
    return out


def test_render_draws_the_board_with_fog():
    s = start([], ["armor D10", "anti_tank D9"])
    text = FL.render(FL.view(s, "North"))
    board = rows(text)
    assert board[10] == ["?"] * 8                        # row 10 hidden
    assert board[9][3] == "t"                            # South anti_tank on D9: its letter, small
    assert board[1][0] == "C"                            # North commander on A1
    assert board[5][2:6] == ["*"] * 4                    # the centre squares are marked
    assert "South's reserve" not in text and "North's reserve: 1 armor" in text



def test_the_board_drawn_in_notation_md_is_what_render_draws():
    """content/front_lines/notation.md shows North's board; the text there is the real one."""
    doc = (Path(__file__).parents[1] / "content" / "front_lines" / "notation.md").read_text()
    section = doc.split("## The board as each side sees it")[1]
    drawn = section.split("```\n")[1]
    s = position(SCN, {"North": ["commander B1", "infantry C3", "armor C3", "recon D5",
                                 "infantry F4"],
                       "South": ["commander E10", "infantry D6", "anti_tank D9", "armor G10",
                                 "infantry B8"]}, mines={"North": ["E6"]}, turn=4)
    for text in ("IC3-C4", "A@B2"):
        s, _ = game.play(FL, s, "North", FL.parse_move(text))
    assert FL.render(FL.view(s, "North")) + "\n" == drawn
    south = FL.render(FL.view(s, "South"))
    assert rows(south)[5][3] == "I*" and rows(south)[1] == ["?"] * 8
    assert [line for line in south.splitlines() if line.startswith("North")] == [
        "North skills: airstrike mine reinforce"]
