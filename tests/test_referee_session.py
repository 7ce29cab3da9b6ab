"""`frontkit play` at a terminal and piped: hand-over screens, the board redrawn after each
action, moves grouped and filtered, reaction windows for several sides, line editing."""

from __future__ import annotations

import io
import os
import select
import sys
import time
from pathlib import Path

import pytest

import dsl
from dsl.names import display_names
from toolkit.referee import movelist, registry, session
from toolkit.referee.chance import SeededChance
from toolkit.referee.match import Match
from toolkit.referee.protocol import Decision
from toolkit.referee.session import CLEAR_ALL, LineEditor, Session

ROOT = Path(__file__).parent.parent
TOY3 = Path(__file__).parent / "referee_toy" / "dice_race_3.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")

#: Dice Race for three, seed 10: these moves bring Red onto Blue and Green, and Blue
#: then Green may bump it (the window lists them in seat order after Red).
SEED_10_TO_A_TWO_SIDED_WINDOW = ["boost 0", "boost 0", "boost 0", "advance", "advance",
                                 "advance", "pass", "boost 0", "boost 0", "boost 0",
                                 "advance"]


def new_match(seed: int = 3) -> Match:
    return Match.new(dsl.load(TOY3), chance=SeededChance(seed), seed=str(seed))


class Keyboard:
    """Lines typed at a (fake) terminal; remembers what the screen held when each
    line was asked for."""

    def __init__(self, out: io.StringIO, lines: list[str]):
        self.out = out
        self.lines = list(lines)
        self.asked: list[tuple[str, str]] = []  # (prompt, everything written before it)

    def __call__(self, prompt: str) -> str | None:
        self.asked.append((prompt, self.out.getvalue()))
        self.out.write(prompt)
        return self.lines.pop(0) if self.lines else None


def terminal_session(m: Match, lines: list[str]) -> tuple[Session, Keyboard, io.StringIO]:
    out = io.StringIO()
    keys = Keyboard(out, lines)
    return Session(m, iter(()), out, terminal=True, read=keys), keys, out


def hand(m: Match, side: str) -> str:
    """`side`'s hand as the board shows it: each card by its printed title (dsl.names)."""
    names = display_names(m.scenario)
    return ", ".join(names[c] for c in next(p.cards for p in m.rules.view(m.state, side).piles
                                            if p.kind == "hand" and p.owner == side))


# --------------------------------------------------------------- hand-over


def test_at_a_terminal_the_hand_over_clears_everything_and_waits_for_enter():
    """Issue 7 item 9: between sides the screen and scrollback are cleared, a screen
    names the next side, and nothing of its view is printed before Enter."""
    m = new_match()
    s, keys, out = terminal_session(m, ["", "boost 1", "", "quit"])
    s.run()
    blue_hand = f"Blue's hand: {hand(m, 'Blue')}"
    prompts = [p for p, _ in keys.asked]
    assert prompts[0] == "Red to the table: press Enter "
    assert prompts[2] == "Blue to the table: press Enter "
    before_enter = keys.asked[2][1]
    screen = before_enter[before_enter.rindex(CLEAR_ALL) + len(CLEAR_ALL):]
    assert "you commit a boost of 1" in before_enter  # Red saw its own order...
    assert "you commit a boost of 1" not in screen  # ...and it is cleared away
    assert "\x1b[3J\x1b[H\x1b[2J" in before_enter[before_enter.index("you commit"):]
    assert screen.strip() == s.intro()  # the hand-over screen shows nobody's board
    assert blue_hand not in before_enter and "== Blue" not in before_enter
    after = out.getvalue()[len(before_enter):]
    assert after.index(CLEAR_ALL) < after.index("== Blue: secret orders ==") < \
        after.index(blue_hand)


def test_at_a_terminal_the_first_side_also_waits_for_enter():
    m = new_match()
    s, keys, out = terminal_session(m, [])
    assert s.run() == 0
    assert [p for p, _ in keys.asked] == ["Red to the table: press Enter "]
    assert f"Red's hand: {hand(m, 'Red')}" not in out.getvalue()
    assert "end of input" in out.getvalue()


def test_input_ending_at_the_hand_over_never_shows_the_next_board():
    m = new_match()
    s, _, out = terminal_session(m, ["", "boost 2"])
    s.run()
    text = out.getvalue()
    assert "Blue to the table: press Enter" in text
    assert "== Blue" not in text and f"Blue's hand: {hand(m, 'Blue')}" not in text


def test_piped_play_prints_a_hand_over_line_and_goes_on():
    out = io.StringIO()
    m = new_match()
    Session(m, iter(["boost 1\n", "board\n", "quit\n"]), out, echo=True).run()
    text = out.getvalue()
    assert "\x1b" not in text
    assert text.index("you commit a boost of 1") < text.index("---- Blue to the table ----") \
        < text.index("== Blue: secret orders ==")


def front_lines_planning() -> Match:
    """Front Lines with both armies deployed as set up: North plans action 1 of 3."""
    if "front_lines" not in registry.names():
        pytest.skip("Front Lines is not registered")
    m = Match.new(dsl.load(registry.content_root() / "front_lines" / "front_lines.scn"))
    m.play("pass", "North")
    m.play("pass", "South")
    return m


def test_the_same_side_asked_again_sees_the_board_redrawn_after_its_action():
    """Front Lines: North plans three actions in a row; after each one its board is
    drawn again (piped: printed again), with the action's events in its log."""
    m = front_lines_planning()
    first = m.legal("North")[0]
    out = io.StringIO()
    Session(m, iter([first + "\n", "quit\n"]), out, echo=True).run()
    text = out.getvalue()
    after = text[text.index(f"> {first}\n"):]
    board = Session(m, iter(()), io.StringIO()).board_text("North")
    assert after.index(board) < after.index("North (", 1)  # drawn before the next prompt
    assert "---- North to the table ----" not in text


def test_at_a_terminal_the_same_side_is_redrawn_on_a_clean_screen():
    """The redraw for the side still asked clears the screen but not the scrollback (its
    own), and no hand-over screen interrupts it."""
    m = front_lines_planning()
    first = m.legal("North")[0]
    s, keys, out = terminal_session(m, ["", first, "quit"])
    s.run()
    assert [p for p, _ in keys.asked][0] == "North to the table: press Enter "
    assert len(keys.asked) == 3 and "press Enter" not in keys.asked[2][0]
    written = keys.asked[2][1]
    screen = written[written.rindex(session.CLEAR_SCREEN) + len(session.CLEAR_SCREEN):]
    assert written.rindex(session.CLEAR_SCREEN) > written.rindex(CLEAR_ALL) + len(CLEAR_ALL)
    assert screen == s.board_text("North") + "\n"


# ----------------------------------------------------------------- reactions


def test_a_reaction_window_for_several_sides_asks_the_first_and_names_the_others():
    out = io.StringIO()
    m = new_match(10)
    lines = SEED_10_TO_A_TWO_SIDED_WINDOW + ["pass", "pass", "quit"]
    Session(m, iter(line + "\n" for line in lines), out, echo=True).run()
    text = out.getvalue()
    assert "Blue (Red landed on you: bump or pass; Green may react if Blue passes)> pass" \
        in text
    after_blue = text[text.index("Green may react if Blue passes"):]
    assert after_blue.index("---- Green to the table ----") < \
        after_blue.index("Green (Red landed on you: bump or pass)> pass")


def test_the_prompt_names_every_side_still_to_react_in_priority_order():
    s = Session(new_match(), iter(()), io.StringIO())
    d = Decision.reaction(("Blue", "Green", "Yellow"), "Red landed on you: bump or pass")
    assert s.prompt("Blue", d) == ("Blue (Red landed on you: bump or pass; Green, then Yellow "
                                   "may react if Blue passes)> ")
    assert s.prompt("Blue", Decision.reaction("Blue", "bump?")) == "Blue (bump?)> "


# --------------------------------------------------------------------- moves


FRONT = ([f"I{c}3-{c}4" for c in "ABCDE"] +
         [f"T{c}2-{c}3" for c in "ABCDE"] +
         [f"A@{c}{r}" for c in "ABCDEFGH" for r in (1, 2)] +
         [f"airstrike@{c}{r}" for c in "ABCDEFGH" for r in range(1, 11)] +
         ["IC30-C29", "pass"])


def front_items(texts=FRONT) -> list[movelist.Listed]:
    return [movelist.Listed(t, movelist.default_group(t)) for t in texts]


def test_the_default_group_is_the_notation_before_its_first_separator():
    assert [movelist.default_group(t) for t in
            ("IC2-C3", "A@B9", "C=A1", "boost 1", "advance", "pass")] == \
        ["IC2", "A", "C", "boost", "advance", "pass"]


def test_a_long_move_list_is_shown_as_its_groups_never_one_dump():
    """Issue 7 item 8: the pieces' own moves in full, one line a piece; the big groups
    (spawns, skills) as counts."""
    lines = movelist.describe(front_items()).splitlines()
    assert lines[0] == f"{len(FRONT)} moves in 14 groups:"
    assert lines[1:4] == ["  IA3: IA3-A4", "  IB3: IB3-B4", "  IC3: IC3-C4"]
    assert "  pass" in lines and "  IC30: IC30-C29" in lines
    assert lines[-2:] == ["  and A (16)  airstrike (80)",
                          "`moves GROUP` or `moves SQUARE` lists them"]
    assert len(lines) < 25 and all(len(line) <= movelist.WIDTH for line in lines)


def test_a_long_list_of_many_pieces_is_shown_as_counts_alone():
    texts = [f"I{c}{r}-{c}{r + d}" for c in "ABCDEFGH" for r in (3, 4, 5, 6) for d in (1, -1)]
    lines = movelist.describe(front_items(texts)).splitlines()
    assert lines[0] == "64 moves in 32 groups:"
    assert lines[1].startswith("  IA3 (2)  IA4 (2)  IA5 (2)")
    assert len(lines) <= 7


def test_a_long_list_of_a_few_pieces_lists_them_all():
    texts = [f"I{c}3-{c}{r}" for c in "ABCDEFGHIJ" for r in (1, 2, 4, 5, 6)]
    lines = movelist.describe(front_items(texts)).splitlines()
    assert lines[0] == "50 moves in 10 groups:" and len(lines) == 11
    assert lines[1] == "  IA3: IA3-A1, IA3-A2, IA3-A4, IA3-A5, IA3-A6"
    assert lines[-1] == "  IJ3: IJ3-J1, IJ3-J2, IJ3-J4, IJ3-J5, IJ3-J6"


def test_moves_of_one_square_list_only_the_moves_that_concern_it():
    """`moves C3`: the piece on C3 and the moves onto C3, never C30."""
    text = movelist.describe(front_items(), ["C3"])
    assert text == "IC3-C4, TC2-C3, airstrike@C3"
    assert movelist.describe(front_items(), ["c3"]) == text
    assert movelist.describe(front_items(), ["Z9"]) == "no legal move concerns Z9"


def test_moves_of_a_group_list_that_group_in_full():
    """A big group is written once with what follows its name: `airstrike@ A1 A2 …`."""
    text = movelist.describe(front_items(), ["airstrike"])
    assert text.startswith("  airstrike@ A1 A2 A3") and text.split()[1:] == \
        [t[len("airstrike@"):] for t in FRONT if t.startswith("airstrike@")]
    assert all(len(line) <= movelist.WIDTH for line in text.splitlines())
    assert movelist.describe(front_items(), ["A"]).split()[1:] == \
        [t[2:] for t in FRONT if t.startswith("A@")]  # the group A, not the square A3


def test_a_middling_list_is_grouped_one_line_per_group():
    texts = [f"I{c}3-{c}4" for c in "ABCD"] + [f"T{c}2-{c}3" for c in "ABCD"] + \
        [f"A@{c}1" for c in "ABCDEFGH"]
    assert movelist.describe(front_items(texts)).splitlines() == [
        "  IA3: IA3-A4", "  IB3: IB3-B4", "  IC3: IC3-C4", "  ID3: ID3-D4",
        "  TA2: TA2-A3", "  TB2: TB2-B3", "  TC2: TC2-C3", "  TD2: TD2-D3",
        "  A@ A1 B1 C1 D1 E1 F1 G1 H1"]
    assert movelist.describe(front_items(texts[:7] + texts[-6:])).splitlines()[-1] == \
        "  A: A@C1, A@D1, A@E1, A@F1, A@G1, A@H1"  # a small group in full


def test_a_ruleset_may_group_moves_itself():
    class Grouping:
        def move_group(self, move):
            return "runner" if move in ("advance", "hold") else "cards"

    items = movelist.listed(Grouping(), [("advance", "advance"), ("hold", "hold"),
                                         ("trick", "advance sprint")])
    assert [i.group for i in items] == ["runner", "runner", "cards"]
    assert movelist.describe(items, ["cards"]) == "advance sprint"


def test_moves_in_play_filters_by_word():
    out = io.StringIO()
    m = new_match(10)
    lines = ["boost 0"] * 3 + ["moves", "moves stumble", "moves C9", "quit"]
    Session(m, iter(line + "\n" for line in lines), out, echo=True).run()
    text = out.getvalue()
    assert hand(m, "Red") == "Stumble"  # the card stumble, by its title; its notation stays
    assert "> moves\nadvance, advance stumble\n" in text  # no hold: no boost spent yet
    assert "> moves stumble\nadvance stumble\n" in text
    assert "> moves C9\nno legal move concerns C9" in text


# ------------------------------------------------------------ line editing


class FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_line_editing_is_enabled_only_at_a_terminal(monkeypatch):
    enabled = []
    monkeypatch.setattr(LineEditor, "enable", classmethod(
        lambda cls: enabled.append(True) or cls(None)))
    piped = Session.on_streams(new_match(), io.StringIO("boost 1\n"), io.StringIO())
    assert enabled == [] and piped.editor is None and not piped.terminal and piped.echo
    tty = Session.on_streams(new_match(), FakeTty(), io.StringIO())
    assert enabled == [True] and tty.editor is not None and tty.terminal and not tty.echo
    assert tty.read == tty.editor.read


def test_each_side_keeps_its_own_line_history():
    """The up arrow never brings back another side's orders."""
    readline = pytest.importorskip("readline")
    readline.clear_history()
    editor = LineEditor(readline)
    editor.switch("Red")
    readline.add_history("boost 2")
    editor.switch("Blue")
    assert readline.get_current_history_length() == 0
    readline.add_history("boost 1")
    editor.switch("Red")
    assert [readline.get_history_item(i) for i in range(1, 2)] == ["boost 2"]
    assert readline.get_current_history_length() == 1
    readline.clear_history()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_arrow_keys_at_a_real_terminal_recall_the_last_line():
    """`frontkit play` in a pseudo-terminal: the up arrow brings back `moves` (it used
    to print `^[[A` and be read as a move)."""
    import pty

    code = ("import sys; from toolkit.referee import registry; "
            "registry.register('dice_race', 'tests.referee_toy.dice_race:RULESET'); "
            "from toolkit.cli import main; "
            f"sys.exit(main(['play', {str(TOY3)!r}, '--seed', '3']))")
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm")
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-c", code], env)
    seen = b""

    def expect(text: bytes, count: int = 1) -> None:
        nonlocal seen
        deadline = time.monotonic() + 30
        while seen.count(text) < count:
            left = deadline - time.monotonic()
            assert left > 0, f"waited for {text!r}; the screen shows {seen[-400:]!r}"
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
        assert seen.count(text) >= count, seen[-400:]

    try:
        expect(b"Red to the table: press Enter")
        os.write(fd, b"\r")
        expect(b"(commit a secret boost)> ")
        os.write(fd, b"moves\r")
        expect(b"boost 0, boost 1, boost 2")
        expect(b"(commit a secret boost)> ", 2)
        os.write(fd, b"\x1b[A\r")  # up arrow, Enter
        expect(b"boost 0, boost 1, boost 2", 2)
        os.write(fd, b"quit\r")
        expect(b"stopped")
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"^[[A" not in seen and b"cannot read" not in seen
    assert seen.count(CLEAR_ALL.encode()) >= 2


def test_quit_at_the_hand_over_screen_stops_without_showing_the_board():
    m = new_match()
    s, _, out = terminal_session(m, ["", "boost 2", "quit"])
    assert s.run() == 0
    text = out.getvalue()
    assert text.rstrip().endswith("stopped") and "== Blue" not in text


def test_undo_names_another_sides_move_without_spelling_it_out():
    """A side taking back the other side's open move is not told what that move was."""
    m = front_lines_planning()
    first = m.legal("North")[0]
    out = io.StringIO()
    Session(m, iter([first + "\n", "undo\n", "quit\n"]), out, echo=True).run()
    assert f"took back North: {first}" in out.getvalue()
    told = io.StringIO()
    s = Session(m, iter(()), told)
    s.command(first, "North")
    told.seek(0)
    told.truncate()
    s.command("undo", "South")  # South at the keyboard
    assert told.getvalue() == "took back North's last move\n"
    assert len(m.history) == 2  # only the two deployments stand


def test_the_board_shows_piles_and_cards_by_the_printed_kit_s_names():
    """Issue 25 item 3: the terminal reads the names the press prints and the web page
    shows (dsl.names): a deck's pile by its title, each card by its title, never an id."""
    scenario = dsl.load(registry.content_root() / "last_front" / "last_front.scn")
    m = Match.new(scenario, chance=SeededChance(3), seed="3")
    while m.decision.kind.name == "CHANCE":
        m.roll()
    side = m.decision.players[0]
    out = io.StringIO()
    Session(m, iter(["board\n", "quit\n"]), out).run()
    text = out.getvalue()
    names = display_names(scenario)
    cards = next(p.cards for p in m.rules.view(m.state, side).piles
                 if p.kind == "hand" and p.owner == side)
    assert any("_" in c for c in cards)  # ids such as troops_1 ...
    assert f"{side}'s hand: {', '.join(names[c] for c in cards)}" in text  # ... read as titles
    assert f"{names['battle']}: " in text  # `Battle cards`, the deck's title
    assert not any(f"{c}," in text or f"{c}\n" in text for c in cards if "_" in c)
