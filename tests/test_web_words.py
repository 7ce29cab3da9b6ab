"""The page's words: the names the printed kit uses (`dsl/names.py`), put into every
sentence, label and title a seat is sent (`toolkit/web/words.py`)."""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("starlette")

import dsl  # noqa: E402
from dsl.names import declared_words, display_names, say, spoken_names, words  # noqa: E402
from tests.web_harness import SCENARIOS, served  # noqa: E402
from toolkit.referee import wording  # noqa: E402
from toolkit.web.messages import state_message  # noqa: E402
from toolkit.web.seats import Seats  # noqa: E402

ENGINE_ID = re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]")
#: Lines and Webs' token codes of its notation (`4r4f4a`, `2f`), which the kit never prints:
#: a state's supplies are said in words (`4 rations, 4 fuel, 4 ammunition`)
TOKEN_CODE = re.compile(r"\b\d+[rfao](?:\d+[rfao])*\b")
#: A notation form, which a button, a step, a move list or a log line never shows (the
#: notation stays under Notation, for typing): a unit code (`DFSP1`, `TA1`), a move
#: `X@Y`, `C=A1`, `B3-C4`, `DFSP1>DAR2`, `B3xC4`, a card played `+forced_march`, a
#: repeat `x2`, and any `_`-joined id.
NOTATION = re.compile(r"\b[A-Z]{2,}\d+\b|\w@\w|\w=\w|\b[A-Z]+\d+[-x~>/][A-Z]+\d+\b"
                      r"|\+\w|\bx\d\b|[A-Za-z0-9]_[A-Za-z0-9]")
GAMES = ["skirmish", "front_lines", "front_line", "lines_and_webs", "last_front",
         "fantasy_line_battle"]


def test_web_a_card_reads_as_its_printed_title_and_a_deck_name_stays_a_word_in_a_sentence():
    scenario = dsl.load(SCENARIOS["last_front"])
    names = display_names(scenario)
    assert names["troops_1"] == "Troops 1"  # the title the press prints on the card
    assert names["battle"] == "Battle cards"  # the deck's title, for its pile
    spoken = spoken_names(scenario)
    assert say("play troops_1 P2", spoken) == "play Troops 1 P2"
    assert say("battle 1 · phase battle", spoken) == "battle 1 · phase battle"
    assert say("you draw ambush", spoken) == "you draw Ambush"
    assert say("packaging_rsoi: -", spoken) == "packaging rsoi: -"  # unknown: in words


def test_web_a_piece_reads_as_its_title_and_a_zone_as_its_title():
    scenario = dsl.load(SCENARIOS["lines_and_webs"])
    names = display_names(scenario)
    titled = [p for p in scenario.pieces.values() if "title" in p.fields]
    assert titled and all(names[p.name] == p.fields["title"] for p in titled)
    for zone in (z for b in scenario.boards.values() for z in b.zones):
        assert names[zone.name] == str(zone.fields.get("title", zone.name.replace("_", " ")))


def _read(msg) -> list[str]:
    """Every text of a state message a player reads (not the ids the page acts on)."""
    out = [msg["decision"]["prompt"], msg["decision"]["waiting"]] if msg["decision"] else []
    out += [m["text"] for m in msg["moves"]] + [m["label"] for m in msg["legal"]]
    out += [m["group"] for m in msg["legal"]]
    if msg["outcome"]:
        out.append(msg["outcome"]["text"])
    if msg["why_not_undo"]:
        out.append(msg["why_not_undo"])
    v = msg["view"]
    if v is None:
        return out + [msg["text"]]
    out += v["status"] + v["log"] + [t["name"] for t in v["tracks"]]
    out += [m["name"] + " " + m["value"] for m in v["markers"]] + [m["mark"] for m in v["marks"]]
    out += [p["title"] + " " + p["text"] for p in v["panels"]]
    out += v["words"]["piles"] + list(v["words"]["kinds"].values())
    out += list(v["words"]["cards"].values())
    out += [p["label"] for p in v["pieces"] if p["label"]]  # a piece's tooltip
    return out


def _view_texts(msg) -> list[str]:
    """What the view says of the game (not the notation of the moves, which stays the
    notation: `DFSP3>E8 2f`)."""
    v = msg["view"]
    if v is None:
        return []
    return (v["status"] + [p["title"] + " " + p["text"] for p in v["panels"]]
            + [p["label"] for p in v["pieces"] if p["label"]])


@pytest.mark.parametrize("name", GAMES)
def test_web_no_seat_reads_an_engine_id_in_a_random_game(name):
    app, table, _ = served(name, 3)
    m = table.match
    seats = Seats(m.scenario.sides).all()
    rng = random.Random(3)
    # an id the scenario words itself (`table words`) is never read as the id in words
    unsaid = [words(k) for k in declared_words(m.scenario) if "_" in k]
    for _ in range(40):
        for seat in seats:
            msg = state_message(table, seat)
            for text in _read(msg):
                assert not ENGINE_ID.search(text), f"{seat.name} reads {text!r}"
                assert not any(w in text for w in unsaid), f"{seat.name} reads {text!r}"
            for text in _view_texts(msg):
                assert not TOKEN_CODE.search(text), f"{seat.name} reads {text!r}"
        d = m.decision
        if d is None:
            break
        side = rng.choice(d.players)
        by_side = {s.side: s for s in seats if s.side}
        table.play(by_side[side], rng.choice(m.legal(side)))


def test_web_lines_and_webs_delivery_queue_reads_as_the_printed_player_board():
    """The queue's spaces are named once, in the scenario's `table words` (the press
    prints the same names on the player board); what waits in them is said in words,
    a unit by its side and printed title (the ruleset's `spoken_names`)."""
    scenario = dsl.load(SCENARIOS["lines_and_webs"])
    declared = declared_words(scenario)
    assert declared["packaging_rsoi"] == "Assets in packaging / RSOI"
    assert declared["in_transit"] == "In transit to the port"
    assert display_names(scenario)["in_transit"] == "In transit to the port"
    _, table, _ = served("lines_and_webs", 3)
    m = table.match
    seats = Seats(m.scenario.sides).all()
    by_side = {s.side: s for s in seats if s.side}
    while m.state.flow.phase == "deploy" or m.decision.kind.name == "CHANCE":
        d = m.decision
        table.play(by_side[d.players[0]], m.legal(d.players[0])[0])
    for seat in seats:
        panels = {p["title"]: p["text"] for p in state_message(table, seat)["view"]["panels"]}
        # the aerial port squadron and its basic load moved on in the first Deploy phase
        assert panels["Delta's delivery queue"] == (
            "Assets in packaging / RSOI: nothing; "
            "In transit to the port: Delta's Aerial port squadron 1 with 4 rations, 4 fuel, "
            "4 ammunition")
        assert panels["Gamma's delivery queue"].endswith(
            "In transit to the port: Gamma's Aerial port squadron 1 with "
            "4 rations, 4 fuel, 4 ammunition")
        assert all(not TOKEN_CODE.search(t) for t in panels.values()), panels


# ------------------------------------------------------- moves and steps in words


def _said_moves(table, seat) -> list[str]:
    """What a seat reads of moves: its move buttons, the step buttons of the first step
    and of the first inner choice, its move list, its log and what it is asked."""
    msg = state_message(table, seat)
    out = [m["label"] for m in msg["legal"]] + [m["text"] for m in msg["moves"]]
    out += msg["view"]["log"] if msg["view"] else []
    if msg["decision"]:
        out += [msg["decision"]["prompt"], msg["decision"]["waiting"]]
    if msg["legal"]:
        first = table.steps(seat, [])
        out += [s["label"] for s in first]
        inner = next((s for s in first if s["move"] is None), None)
        if inner is not None:
            out += [s["label"] for s in table.steps(seat, [inner["token"]])]
    return out


@pytest.mark.parametrize("name", GAMES)
def test_web_every_step_button_move_and_log_line_says_no_notation(name):
    """issue 25: step buttons, move buttons, the move list and the log say each move in
    the players' words, never its notation (`DFSP1-A6`, `TA1-A2`, `C=A1`,
    `reinforce@B4`), and a move of a piece names the piece as the kit prints it."""
    _, table, _ = served(name, 5)
    m = table.match
    seats = [s for s in Seats(m.scenario.sides).all() if s.side]
    by_side = {s.side: s for s in seats}
    names = display_names(m.scenario)
    kinds = {names[p].casefold() for p in m.scenario.pieces}
    rng = random.Random(5)
    pieces_named = 0
    for _ in range(60):
        d = m.decision
        if d is None:
            break
        for seat in seats:
            for text in _said_moves(table, seat):
                assert not NOTATION.search(text), f"{name}: {seat.side} reads {text!r}"
                assert not TOKEN_CODE.search(text), f"{name}: {seat.side} reads {text!r}"
                pieces_named += any(k in text.casefold() for k in kinds)
        side = rng.choice(d.players)
        table.play(by_side[side], rng.choice(m.legal(side)))
    for _ in range(240):  # on into later phases (Lines and Webs' Execute orders): their
        d = m.decision    # log and move list, whole, at the end
        if d is None:
            break
        side = rng.choice(d.players)
        table.play(by_side[side], rng.choice(m.legal(side)))
    for seat in seats:
        msg = state_message(table, seat)
        for text in [x["text"] for x in msg["moves"]] + (msg["view"] or {}).get("log", []):
            assert not NOTATION.search(text), f"{name}: {seat.side} reads {text!r}"
    if any(p.fields.get("marker") is None for p in m.scenario.pieces.values()) and \
            name not in ("last_front", "fantasy_line_battle"):
        assert pieces_named, f"{name}: no move named a piece by its name"


def _said(name: str, text: str, side: str | None = None, state=None) -> str:
    _, table, _ = served(name, 1)
    m = table.match
    s = m.state if state is None else state
    side = side or (m.decision.players[0] if m.decision.players else m.scenario.sides[0])
    return wording.move_words(m.rules, s, side, m.rules.parse_move(text))


def test_skirmish_a_move_reads_as_the_piece_to_the_space_and_the_card_by_its_title():
    _, table, _ = served("skirmish", 1)
    m = table.match
    s = m.state
    unit = next(iter(s.units_of("Red")))
    assert _said("skirmish", f"move {unit.space} B3 +forced_march", "Red", s) == \
        f"{display_names(m.scenario)[unit.kind].capitalize()} {unit.space} to B3, " \
        "playing Forced March"
    assert _said("skirmish", "defend dig_in", "Blue") == "Defend with Dig In"


def test_front_lines_an_order_reads_with_the_piece_named_not_its_letter():
    assert _said("front_lines", "TA1-A2") == "Anti tank A1 to A2"
    assert _said("front_lines", "C=A1") == "Commander on A1"
    assert _said("front_lines", "reinforce@B4") == "Reinforce B4"
    assert _said("front_lines", "A@B9") == "Armor from the reserve onto B9"


def test_front_line_a_move_reads_as_the_unit_on_its_square():
    _, table, _ = served("front_line", 1)
    s = table.match.state
    sq, u = next((i, u) for i, u in enumerate(s.squares) if u is not None)
    name = s.cfg.names[sq]
    assert _said("front_line", f"{name}-C4", state=s) == f"{u.kind.capitalize()} {name} to C4"
    assert _said("front_line", f"{name}xC4", state=s) == \
        f"{u.kind.capitalize()} {name} attacks C4"
    assert _said("front_line", "take air", state=s) == "Take the air stack"
    assert _said("front_line", "build infantry", state=s) == "Build an infantry"


def test_lines_and_webs_an_order_names_the_unit_by_its_printed_title():
    _, table, _ = served("lines_and_webs", 1)
    s = table.match.state
    assert _said("lines_and_webs", "DFSP1>DAR2 2f", "Delta", s) == \
        "Forward support platoon 1 carries 2 fuel to Armor company 2"
    assert _said("lines_and_webs", "DAR1-C6xC5", "Delta", s) == \
        "Armor company 1 to C6, then attacks C5"
    assert _said("lines_and_webs", "play nine_line_recovery GAR1", "Delta", s) == \
        "Play 9-Line Recovery! on Gamma's Armor company 1"
    assert _said("lines_and_webs", "buy 3f", "Delta", s) == "Buy 3 fuel (by sea)"


def test_last_front_a_card_played_on_a_target_says_whose():
    assert _said("last_front", "play sabotage P2 tanks_3", "P1") == \
        "Play Sabotage on P2's Tanks 3"
    assert _said("last_front", "face patton", "P1") == "Bid Patton at face value"


def test_fantasy_line_battle_a_spell_reads_with_its_places():
    assert _said("fantasy_line_battle", "cast blessing x2 1 3", "North") == \
        "Cast Blessing twice on places 1 and 3"
    assert _said("fantasy_line_battle", "kill 2 3", "North") == \
        "Kill the enemies at places 2 and 3"


def test_web_a_click_that_several_moves_answer_names_them_in_words():
    """Two moves from B to C (one plays a card): the click is refused naming both in
    words, as the buttons say them (`Infantry B2 to C2; Infantry B2 to C2, playing
    Forced March`), never in notation."""
    from toolkit.web.table import Refused

    _, table, _ = served("skirmish", 1)
    m = table.match
    side = m.decision.players[0]
    seat = next(s for s in Seats(m.scenario.sides).all() if s.side == side)
    pairs: dict[tuple[str, ...], int] = {}
    for text in m.legal(side):
        spaces = tuple(table.finder.mentioned(text)[:2])
        pairs[spaces] = pairs.get(spaces, 0) + 1
    a, b = next(k for k, n in pairs.items() if n > 1 and len(k) == 2)
    with pytest.raises(Refused) as refused:
        table.check_click(seat, a, b)
    reason = refused.value.reason
    assert "playing Forced March" in reason and not NOTATION.search(reason), reason


#: How far each game is played at random before its refusals are tried: into its
#: main phase (Front Lines' planning, Lines and Webs' Execute orders, a card game's battle).
PLAYED = {"skirmish": 6, "front_lines": 96, "front_line": 12, "lines_and_webs": 120,
          "last_front": 20, "fantasy_line_battle": 20}


def _wrong(text: str, cards: list[str]) -> list[str]:
    """Moves near a legal one that a rule refuses: to another space, another count,
    another card."""
    out = [re.sub(r"[A-J]\d+$", "A1", text), re.sub(r"[A-J]\d+$", "J1", text),
           re.sub(r"[A-J]\d+$", "K10", text), re.sub(r"\b\d\b", "9", text),
           re.sub(r"\d+([rfa])$", r"9\1", text)]
    out += [text.replace(w, c) for w in text.split() if "_" in w for c in cards[:4]]
    return [t for t in out if t != text]


def _refused_clicks(ws, table, side: str, moves: list[str]) -> list[str]:
    """The reasons the page is sent for clicks from a move's first space to a far one."""
    out = []
    for text in moves:
        spaces = table.finder.mentioned(text)
        if not spaces:
            continue
        for far in ("A1", "J1"):
            if far == spaces[0] or len(spaces) > 1 and far == spaces[1]:
                continue
            ws.send_json({"type": "click", "from": spaces[0], "to": far})
            msg = ws.receive_json()
            while msg["type"] == "state":
                msg = ws.receive_json()  # the clock's broadcast
            if msg["type"] == "clicked" and not msg["ok"]:
                assert msg["rule"], msg
                out.append(msg["reason"])
    return out


@pytest.mark.parametrize("name", GAMES)
def test_web_a_refusal_names_the_piece_and_the_rule_in_words(name):
    """issue 25: a move the rules refuse is answered on the page in players' words (the
    piece by its printed name, never `DAR1`, `TA1-A2`, `troops_1`) and with its rule id;
    only a text that cannot be read as a move keeps its notation (it quotes what was
    typed)."""
    from starlette.testclient import TestClient

    from tests.web_harness import token

    app, table, _ = served(name, 5)
    m = table.match
    by_side = {s.side: s for s in Seats(m.scenario.sides).all() if s.side}
    rng = random.Random(3)
    for _ in range(PLAYED[name]):
        side = m.decision.players[0]
        table.play(by_side[side], rng.choice(m.legal(side)))
    side = max(m.decision.players, key=lambda p: len(m.legal(p)))
    legal = m.legal(side)
    cards = sorted(getattr(c, "name", c) for d in m.scenario.decks.values()
                   for c in getattr(d, "cards", ()))
    sent, named = 0, 0
    names = {n.casefold() for n in display_names(m.scenario).values()}
    with TestClient(app) as client, client.websocket_connect(f"/ws/{token(side)}") as ws:
        assert ws.receive_json()["type"] == "hello" and ws.receive_json()["type"] == "state"
        for text in rng.sample(legal, min(24, len(legal))):
            for bad in _wrong(text, cards):
                if bad in legal:
                    continue
                played = len(m.history)
                ws.send_json({"type": "move", "text": bad})
                msg = ws.receive_json()
                while msg["type"] == "state" and len(m.history) == played:
                    msg = ws.receive_json()  # the clock's broadcast
                if msg["type"] == "state":  # a legal move after all: no refusal to read
                    break
                assert msg["type"] == "refused" and msg["rule"], msg
                if msg["reason"].startswith("cannot read"):
                    continue
                sent += 1
                assert not NOTATION.search(msg["reason"]), f"{name}: {bad!r}: {msg['reason']!r}"
                assert not TOKEN_CODE.search(msg["reason"]), f"{name}: {bad!r}: {msg['reason']!r}"
                named += any(n in msg["reason"].casefold() for n in names)
        clicked = _refused_clicks(ws, table, side, rng.sample(legal, min(24, len(legal))))
    for reason in clicked:
        assert not NOTATION.search(reason), f"{name}: a click: {reason!r}"
    if name not in ("last_front", "fantasy_line_battle"):  # a board to click on
        assert clicked, f"{name}: no click was refused"
    assert sent >= 3, f"{name}: only {sent} refusals tried"
    assert named, f"{name}: no refusal named a piece or card"


def test_web_the_leak_check_catches_an_order_leaked_in_words():
    """issue 25: the page says a planned order in words, so the leak check looks for a
    Front Lines order in words too (`web_harness.secret_forms`): a message to the other
    seat that names one of North's planned orders fails it."""
    import json

    from tests.test_web_protocol import _holds
    from tests.web_harness import secret_forms
    from toolkit.referee import game

    _, table, _ = served("front_lines", 2)
    m = table.match
    by_side = {s.side: s for s in Seats(m.scenario.sides).all() if s.side}
    rng = random.Random(2)
    while m.decision is not None and "plan" not in m.decision.prompt:
        side = m.decision.players[0]
        table.play(by_side[side], rng.choice(m.legal(side)))
    order = next(t for t in m.legal("North") if "-" in t)
    table.play(by_side["North"], order)
    said = wording.move_words(m.rules, m.history[-1].before, "North", m.history[-1].move)
    forms = [f for v in game.secrets(m.rules, m.state, "North") for f in secret_forms(v)]
    assert said in forms
    leaking = json.dumps({"type": "state", "view": {"log": [f"North plans {said}"]}})
    assert any(_holds(leaking, f) for f in forms)
    south = json.dumps(state_message(table, by_side["South"]))
    assert not any(_holds(south, f) for f in forms)


def test_lines_and_webs_the_engine_asks_in_words_so_the_terminal_says_what_the_page_says():
    """issue 25: Lines and Webs' decisions ask in players' words in the engine itself
    (`retreat Delta's Armor company 3 two nodes`, `Armor company 1 may attack again`,
    `issue orders: mark units to execute or to hold in reserve`; were `retreat DAR3`,
    `DAR1 may attack again`, `x UNIT, r UNIT`), so `frontkit play` reads as the page."""
    _, table, _ = served("lines_and_webs", 1)
    m = table.match
    by_side = {s.side: s for s in Seats(m.scenario.sides).all() if s.side}
    rng = random.Random(1)
    asked: set[str] = set()
    while m.decision is not None and not (
            any(p.startswith("retreat") for p in asked) and
            any("attack again" in p for p in asked) and any("orders" in p for p in asked)):
        d = m.decision
        assert not NOTATION.search(d.prompt) and "UNIT" not in d.prompt, d.prompt
        asked.add(d.prompt)
        table.play(by_side[d.players[0]], rng.choice(m.legal(d.players[0])))
    titles = [t.casefold() for t in display_names(m.scenario).values()]
    for kind in ("retreat", "attack again"):
        prompt = next(p for p in asked if kind in p)
        assert any(t in prompt.casefold() for t in titles), prompt
