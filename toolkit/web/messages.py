"""What one seat is sent: only what that seat may see.

Every message a seat receives is built here from `rules.view(state, seat)`, the
seat's own legal moves and the events it was told (`game.visible_events`), so
nothing of another seat's hand, orders or fog can reach its page:

- `state`: the seat's view (the common view as JSON, or, for a ruleset whose
  view is not the common one, its text as `rules.render` draws it), the log of
  events it was told, whose decision it is and of what kind, its legal moves
  (with the spaces each mentions), the move list as it saw it, the pending undo
  request, whether the record may be downloaded, and the seconds left on each
  running clock (public: every side sees every side's clock);
- `past`: the view of an earlier position as the seat saw it then.

A spectator is the `None` viewer: public facts, public events, and every move
only as the public events it caused. When the game has roles (`Delta logistics`,
`Delta combat`), both seats of a side are sent the side's view and events: only
whose decision it is, and the legal moves, depend on the seat.
"""

from __future__ import annotations

from typing import Any

from toolkit.referee import game, movelist, roles, transcript
from toolkit.referee.kit.view import View
from toolkit.referee.protocol import CHANCE, DecisionKind
from toolkit.referee.transcript import SeenMove
from toolkit.web.seats import Seat
from toolkit.web.table import Table


def seen_moves(history, viewer: str | None) -> list[SeenMove]:
    """The move list as `viewer` saw it; spectators see every move only as the
    public events it caused (never the scoresheet `transcript` gives viewer None)."""
    if viewer is not None:
        return transcript.seen_moves(history, viewer)
    return [SeenMove(e.player, None, tuple(ev.text for ev in game.visible_events(e.events, None)),
                     e.seconds) for e in history]


def view_json(table: Table, state: Any, viewer: str | None, told: list[str]) -> dict[str, Any]:
    """The view of `state` for `viewer` with `told` as its log: `view` (the common
    view's JSON) and the `pictures` of the cards it names (`cards.CardPictures`), or,
    for another view shape, `text` (as the terminal draws it)."""
    rules = table.rules
    view = rules.view(state, viewer)
    if isinstance(view, View):
        shown = view.with_log(told).as_json()
        return {"view": table.words.view(shown), "text": None,
                "pictures": table.pictures.pictures(shown)}
    return {"view": None, "text": table.words.say(transcript.render(rules, view, told)),
            "pictures": None}


def _decision(table: Table, seat: Seat) -> dict[str, Any] | None:
    d = table.match.decision
    if d is None:
        return None
    m = table.match
    yours = table.answers_now(seat)
    say = table.words.say
    out = {"kind": d.kind.value, "players": list(d.players),
           "prompt": say(seat_prompt(table, seat)),
           "yours": yours, "first": yours and d.players[0] == seat.side,
           "waiting": say(roles.waiting_for(m.rules, m.state, d))}
    if d.kind is DecisionKind.CHANCE:
        out["table"] = table.table_chance and not seat.spectator
    return out


def seat_prompt(table: Table, seat: Seat) -> str:
    """What the decision asks of `seat`: the ruleset's `prompt_for(state, side)` hook
    for a side asked now (Front Lines: the side's own next action), else the
    decision's prompt, the same for every seat."""
    d = table.match.decision
    hook = getattr(table.rules, "prompt_for", None)
    if hook is not None and not seat.spectator and seat.side in d.players:
        return hook(table.match.state, seat.side) or d.prompt
    return d.prompt


def _legal(table: Table, seat: Seat) -> list[dict[str, Any]]:
    m = table.match
    d = m.decision
    if seat.spectator or d is None:
        return []
    player = CHANCE if d.kind is DecisionKind.CHANCE else seat.side
    if player == CHANCE:
        return []  # typed from the table; too many to list usefully
    if not table.answers_now(seat):
        return []  # another seat of the side answers this (roles)
    moves = game.legal_moves(m.rules, m.state, player)
    pairs = [(mv, game.format_move(m.rules, m.state, player, mv)) for mv in moves]
    words = table.words
    groups: dict[str, str] = {}
    out = []
    for mv, item in zip(moves, movelist.listed(m.rules, pairs)):
        group = item.group or ""
        if group not in groups:
            groups[group] = words.group(m.rules, m.state, player, group) if group else ""
        out.append({"text": item.text, "label": words.legal(m.rules, m.state, player, mv),
                    "group": groups[group], "spaces": table.finder.mentioned(item.text)})
    return out


def _move_list(table: Table, seen: list[SeenMove], viewer: str | None) -> list[dict[str, Any]]:
    """The move list as `viewer` saw it, in players' words: its own moves said as the
    ruleset says them (`notation` beside, for the Notation panel and a tooltip), any
    other move as the events it was told."""
    m = table.match
    words = table.words
    out = []
    for i, (s, entry) in enumerate(zip(seen, m.history)):
        mine = s.notation is not None and s.player != CHANCE
        out.append({"n": i + 1, "player": s.player, "mine": s.player == viewer,
                    "text": words.played(m.rules, entry) if mine else words.say(s.text()),
                    "notation": s.notation})
    return out


def state_message(table: Table, seat: Seat,
                  qr: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """Everything `seat`'s page shows now; `qr`, for the spectators, the QR codes of the
    seats still to be taken (`joining.qr_codes`)."""
    m = table.match
    viewer = seat.side
    told = transcript.told(m.history, viewer)
    outcome = m.outcome
    undo = table.undo
    why_not = table.why_not_undo(seat)
    seen = seen_moves(m.history, viewer)
    say = table.words.say
    return {
        "type": "state",
        "version": table.version,
        "seat": viewer,
        "seat_name": None if seat.spectator else seat.name,
        "title": m.scenario.title,
        "ruleset": m.rules.name,
        "sides": list(m.scenario.sides),
        **view_json(table, m.state, viewer, told),
        "decision": _decision(table, seat),
        "legal": _legal(table, seat),
        "moves": _move_list(table, seen, viewer),
        "last": table.finder.mentioned(seen[-1].text()) if seen else [],
        "outcome": None if outcome is None else {**outcome.as_json(),
                                                 "text": say(str(outcome))},
        "undo": None if undo is None else {
            "by": undo.by, "waiting": sorted(undo.waiting),
            "answer": viewer in undo.waiting},
        "can_undo": why_not is None,
        "why_not_undo": None if why_not is None else say(why_not),
        "record": m.over and not seat.spectator,
        "clocks": {side: round(left, 1) for side, left in table.clocks().items()},
        "notation": game.notation_help(m.rules),
        "qr": qr if seat.spectator else None,
    }


def past_message(table: Table, seat: Seat, at: int) -> dict[str, Any]:
    """The position before move `at + 1` (after `at` moves) as `seat` saw it then."""
    m = table.match
    history = m.history
    at = max(0, min(at, len(history)))
    state = history[at].before if at < len(history) else m.state
    told = transcript.told(history[:at], seat.side)
    return {"type": "past", "at": at, "of": len(history),
            **view_json(table, state, seat.side, told)}


def board_message(table: Table, seat: Seat, shapes: dict[str, Any]) -> dict[str, Any]:
    """Sent once on connecting: the board's shapes and who this seat is."""
    return {"type": "hello", "seat": seat.side,
            "seat_name": None if seat.spectator else seat.name, "board": shapes,
            "title": table.match.scenario.title, "sides": list(table.match.scenario.sides),
            "table_chance": table.table_chance}
