"""The Commander's skills (FL-skill-*), each usable once a game.

They resolve in the step of the action slot that ordered them, after that
step's movement, mines, combat and assassinations (FL-skill-3), in this
order: every airstrike, then every reinforcement, then every new mine.
`Skills` is a part of the turn's Battle (turn.py), which it is written for: it
reads the Battle's units, words and arrivals through `self`.
"""

from __future__ import annotations


class Skills:
    """The skills as the Battle resolves them."""

    def use_skills(self, skill_orders: list) -> None:
        """This step's skills, (side, word, square, unit id) each: airstrikes, then
        reinforcements, then mines (FL-skill-3); each is used up."""
        for wanted in ("airstrike", "reinforce", "mine"):
            for s, word, sq, tmp in skill_orders:
                if word != wanted:
                    continue
                self.skills[s].discard(word)
                if word == "airstrike":
                    self.airstrike(s, sq)
                elif word == "reinforce":
                    self.reinforce(s, sq, tmp)
                else:
                    self.land_mine(s, sq)

    def airstrike(self, side: int, sq: int) -> None:
        """FL-skill-4: every unit on the square is destroyed, whoever owns it."""
        victims = self.units_at(sq)
        self.say_all("airstrike", f"{self.side_name(side)} calls an airstrike on "
                     f"{self.sq_name(sq)}: {self.describe_losses(victims)}", True,
                     self.losses(victims))
        self.destroy(victims)

    def reinforce(self, side: int, sq: int, tmp_uid: int) -> None:
        """FL-skill-5: a new unit of the reinforce type lands on the square; it
        triggers a mine there and fights any enemy there, like any arrival."""
        unit = self.add_unit(side, self.cfg.reinforce_piece, sq, tmp_uid)
        self.tell_arrival(unit, "dropped by helicopter")
        self.arrived(sq)

    def land_mine(self, side: int, sq: int) -> None:
        """FL-skill-6: a mine only its owner knows of; see Battle.trigger_mines."""
        self.mines[side].add(sq)
        self.say(side, "mine", f"you lay a land mine on {self.sq_name(sq)}")
        self.say(1 - side, "mine", f"{self.side_name(side)} lays a land mine out of sight")
