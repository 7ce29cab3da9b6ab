"""The Commander's skills (FL-skill-*), each usable once a game.

They resolve in the step of the action slot that ordered them, after that
step's movement, mines, combat and assassinations (FL-skill-3), in this
order: every airstrike, then every reinforcement, then every new mine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolkit.referee.rulesets.front_lines.turn import Battle


def airstrike(battle: "Battle", side: int, sq: int) -> None:
    """FL-skill-4: every unit on the square is destroyed, whoever owns it."""
    victims = battle.units_at(sq)
    battle.say_all("airstrike", f"{battle.side_name(side)} calls an airstrike on "
                   f"{battle.sq_name(sq)}: {battle.describe_losses(victims)}", True,
                   battle.losses(victims))
    battle.destroy(victims)


def reinforce(battle: "Battle", side: int, sq: int, tmp_uid: int) -> None:
    """FL-skill-5: a new unit of the reinforce type lands on the square; it
    triggers a mine there and fights any enemy there, like any arrival."""
    cfg = battle.cfg
    unit = battle.add_unit(side, cfg.reinforce_piece, sq, tmp_uid)
    battle.tell_arrival(unit, "dropped by helicopter")
    battle.arrived(sq)


def land_mine(battle: "Battle", side: int, sq: int) -> None:
    """FL-skill-6: a mine only its owner knows of; see Battle.trigger_mines."""
    battle.mines[side].add(sq)
    battle.say(side, "mine", f"you lay a land mine on {battle.sq_name(sq)}")
    battle.say(1 - side, "mine", f"{battle.side_name(side)} lays a land mine out of sight")
