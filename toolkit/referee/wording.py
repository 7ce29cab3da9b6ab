"""A move, and a step of the move tree, in the players' words.

The notation (`IC2-C3`, `DFSP1>DAR2 2f`) is what a player types and what a record
keeps; a button, a menu line or a log line says the move as the printed kit would
("Infantry C2 to C3", "Forward support platoon 1 carries 2 fuel to Armor company 2").
A ruleset says its moves through two optional hooks (a kit ruleset writes them in its
package's `words` module, see toolkit.referee.kit.rules):

    describe_move(state, player, move) -> str    # a whole move
    describe_group(state, player, group) -> str  # a group of moves (`move_group`)
    spoken_names(scenario) -> Mapping[str, str]  # its own ids a log line may name

Without them a move reads as its notation with `_` as a space (`cast mana_spring` ->
`cast mana spring`), and a group as its name so read. A label is only ever shown:
nothing parses it back; the notation stays beside it.
"""

from __future__ import annotations

from toolkit.referee import game
from toolkit.referee.protocol import CHANCE, PASS, Move, Ruleset, State

#: The words of the shared answer `pass` where a ruleset does not say it.
PASS_WORDS = "pass"


def plain(text: str) -> str:
    """A notation or a group read as words: `cast mana_spring` -> `cast mana spring`."""
    return text.replace("_", " ")


def move_words(rules: Ruleset, state: State, player: str, move: Move) -> str:
    """`move` of `player` in `state` (the state it is made in) in the players' words."""
    said = _described(rules, "describe_move", state, player, move)
    if said:
        return said
    if move is PASS:
        return PASS_WORDS
    return plain(game.format_move(rules, state, player, move))


def group_words(rules: Ruleset, state: State, player: str, group: str) -> str:
    """The group `group` of `player`'s moves (a piece, a kind of move) in words."""
    return _described(rules, "describe_group", state, player, group) or plain(group)


def _described(rules: Ruleset, hook_name: str, state: State, player: str, thing) -> str | None:
    """What the ruleset's optional `hook_name` hook says of `thing`, if it has one and says
    something (chance's lines are never described: they are the notation's own)."""
    hook = getattr(rules, hook_name, None)
    if hook is None or player == CHANCE:
        return None
    return hook(state, player, thing) or None


def spoken_names(rules: Ruleset, scenario) -> dict[str, str]:
    """The ids of the ruleset's own making a sentence may name, in words (its optional
    `spoken_names(scenario)` hook; none by default)."""
    hook = getattr(rules, "spoken_names", None)
    return {} if hook is None else dict(hook(scenario))


__all__ = ["move_words", "group_words", "spoken_names", "plain", "PASS_WORDS"]
