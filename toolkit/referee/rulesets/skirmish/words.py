"""Skirmish's moves in the players' words (toolkit.referee.wording): the piece by its
name and the card by its printed title, as a player says them at the table.

    move B1 B3 +forced_march   Infantry B1 to B3, playing Forced March
    attack C2 C3               Infantry C2 attacks C3
    enter infantry A1          Infantry from the reserve onto A1
    defend dig_in              Defend with Dig In
"""

from __future__ import annotations

from toolkit.referee.kit.titles import capital
from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.skirmish.moves import Attack, Defend, Enter, Step


def describe_move(state, player: str, move) -> str:
    """`move` as a sentence: the piece it moves, where, and the card it plays."""
    titles = state.cfg.titles
    if isinstance(move, (Step, Attack)):
        unit = state.at(move.frm)
        who = capital(titles(unit.kind)) if unit is not None else "The piece on"
        verb = "to" if isinstance(move, Step) else "attacks"
        card = f", playing {titles(move.card)}" if move.card else ""
        return f"{who} {move.frm} {verb} {move.to}{card}"
    if isinstance(move, Enter):
        return f"{titles.capital(move.kind)} from the reserve onto {move.to}"
    if isinstance(move, Defend):
        return f"Defend with {titles(move.card)}"
    return "Pass" if move is PASS else ""


def describe_group(state, player: str, group: str) -> str:
    """A group of moves (moves.group): the piece on a space, a kind to bring in."""
    titles = state.cfg.titles
    if group.startswith("enter "):
        return f"Bring in {titles(group[len('enter '):])}"
    unit = state.at(group) if group in state.cfg.board.order else None
    if unit is not None:
        return f"{titles.capital(unit.kind)} on {group}"
    return capital(titles(group))
