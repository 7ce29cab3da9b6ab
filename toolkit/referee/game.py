"""The core's side of a move: whose turn, chance, then the ruleset's one check.

Everything that plays a game (matches, records, bots, the contract test) goes
through these functions, so the generic rules are enforced in one place:

- a player move is only taken from a side named by `decision(state).players`
  (rule `turn`), and a ruleset with the optional `not_deciding(state, player)`
  hook says why that side is not asked (it withdrew, it passed, it waits for a
  reveal) in its own sentence and rule id;
- chance decisions are read, checked and listed through their chance spec, so a
  ruleset never validates dice itself (rules `chance-notation`,
  `chance-impossible`);
- nothing is taken once the game is over (rule `over`);
- anything else is the ruleset's `check`, the one legality function that also
  filters `legal_moves`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from toolkit.referee.protocol import (
    CHANCE,
    PASS,
    Decision,
    DecisionKind,
    Event,
    Illegal,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    Ruleset,
    State,
)

RULE_TURN = "turn"
RULE_OVER = "over"
RULE_PRIORITY = "priority"


def waiting_for(decision: Decision | None) -> str:
    if decision is None:
        return "the game is over"
    if decision.kind is DecisionKind.CHANCE:
        return f"waiting for chance ({decision.prompt})"
    who = " and ".join(decision.players)
    return f"waiting for {who}"


def check(rules: Ruleset, state: State, player: str, move: Move,
          decision: Decision | None | bool = False, listed: bool = False) -> Illegal | None:
    """None if `player` (a side, or CHANCE) may make `move` now, else why not.
    `decision`: `rules.decision(state)` if the caller has it already (saves asking twice).
    `listed`: the ruleset vouches that `move` is one of the moves its `legal_moves` just
    listed for `player` in this very state (`play` asks its `was_listed` hook), so its
    own check is not asked again; whose turn it is is still checked here."""
    if decision is False:
        decision = rules.decision(state)
    if decision is None:
        return Illegal(RULE_OVER, "the game is over")
    if decision.kind is DecisionKind.CHANCE:
        if player != CHANCE:
            return not_deciding(rules, state, player, decision)
        return decision.chance.check(move)
    if player not in decision.players:
        return not_deciding(rules, state, player, decision)
    if (decision.kind is DecisionKind.REACTION and move is not PASS
            and player != decision.players[0]):
        return Illegal(RULE_PRIORITY, f"{decision.players[0]} answers this first; "
                       f"{player} may pass now or wait until {decision.players[0]} passes")
    return None if listed else rules.check(state, player, move)


def not_deciding(rules: Ruleset, state: State, player: str, decision: Decision) -> Illegal:
    """Why `player` may not move now: the ruleset's own reason when its optional
    `not_deciding(state, player)` hook gives one (a side that withdrew or passed,
    or waits for a reveal), else the generic `turn` sentence."""
    hook = getattr(rules, "not_deciding", None)
    why = hook(state, player) if hook is not None and player != CHANCE else None
    if why is not None:
        return Illegal(why.rule, f"{why.reason}; {waiting_for(decision)}")
    return Illegal(RULE_TURN, f"it is not {player}'s decision; {waiting_for(decision)}")


def legal_moves(rules: Ruleset, state: State, player: str) -> list[Move]:
    """Every legal move of `player` (or CHANCE, when enumerable) now."""
    decision = rules.decision(state)
    if decision is None:
        return []
    if decision.kind is DecisionKind.CHANCE:
        if player != CHANCE:
            return []
        return list(decision.chance.outcomes() or ())
    if player not in decision.players:
        return []
    if decision.kind is DecisionKind.REACTION and player != decision.players[0]:
        return [PASS]
    return list(rules.legal_moves(state, player))


def play(rules: Ruleset, state: State, player: str, move: Move,
         text: str | None = None,
         decision: Decision | None | bool = False) -> tuple[State, tuple[Event, ...]]:
    """Check then apply; raises IllegalMoveError (the state is untouched).
    A move the ruleset has just listed as legal for this very state (its optional
    `was_listed(state, player, move) -> bool` hook) skips the ruleset's check: a bot
    that chose from `legal_moves` is not judged twice."""
    hook = getattr(rules, "was_listed", None)
    listed = player != CHANCE and hook is not None and hook(state, player, move)
    illegal = check(rules, state, player, move, decision, listed)
    if illegal is not None:
        raise IllegalMoveError.of(illegal, text if text is not None else format_move(
            rules, state, player, move))
    return rules.apply(state, player, move)


def parse_move(rules: Ruleset, state: State, player: str, text: str) -> Move:
    """Read `text` as `player`'s move now: chance outcomes through the chance spec,
    `pass` as PASS, anything else through the ruleset's notation."""
    text = text.strip()
    if "\ufffd" in text:  # stdin is read with errors="replace": the line had a byte that is not UTF-8
        raise MoveSyntaxError("input", "the line holds bytes that are not UTF-8 text; type it again", text)
    if player == CHANCE:
        decision = rules.decision(state)
        if decision is None or decision.kind is not DecisionKind.CHANCE:
            raise IllegalMoveError(RULE_TURN, f"no chance outcome is due; "
                                   f"{waiting_for(decision)}", text)
        return decision.chance.parse(text)
    if text == "pass":
        return PASS
    return rules.parse_move(text)


def format_move(rules: Ruleset, state: State | None, player: str, move: Move) -> str:
    if player == CHANCE or move is PASS:
        return str(move)
    return rules.format_move(move)


def deciding_player(decision: Decision) -> str:
    """The side asked first: the decision's first player, or CHANCE."""
    return CHANCE if decision.kind is DecisionKind.CHANCE else decision.players[0]


def secrets(rules: Ruleset, state: State, player: str) -> list[Hashable]:
    hook = getattr(rules, "secrets", None)
    return list(hook(state, player)) if hook is not None else []


def invariants(rules: Ruleset, state: State) -> list[str]:
    hook = getattr(rules, "invariants", None)
    return list(hook(state)) if hook is not None else []


def notation_help(rules: Ruleset) -> str:
    hook = getattr(rules, "notation_help", None)
    return hook() if hook is not None else ""


def visible_events(events: Iterable[Event], player: str | None) -> list[Event]:
    return [e for e in events if e.visible_to(player)]


__all__ = [
    "check", "not_deciding", "legal_moves", "play", "parse_move", "format_move", "deciding_player",
    "secrets", "invariants", "notation_help", "visible_events", "waiting_for",
    "RULE_TURN", "RULE_OVER", "RULE_PRIORITY",
]
