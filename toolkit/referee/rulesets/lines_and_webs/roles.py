"""The four-player game (LW-R42): with the option `roles four_players` each side is
played by two seats. The logistics player answers Spend resources and Transport
supplies (buying, flying in, special cards bought, SF in the Area! played in Spend,
carrying supplies, cross-levelling); the combat player answers Issue orders and
Execute orders with every window opened in it (special cards played on the side's
turn, a retreat, attacking again, Scouts Out!, MASS CAL!, Drone Recon!). Deploy,
the initiative roll and the reset ask nobody; dice typed at the table are the
table's (any seat). Both seats see the side's view: they are one team."""

from __future__ import annotations

from toolkit.referee.roles import Duty, Role
from toolkit.referee.rulesets.lines_and_webs.state import State

RULE = "LW-R42"
OPTION = "roles"
#: the option's values: one player a side (the default), or two
TWO, FOUR = "two_players", "four_players"

LOGISTICS, COMBAT = "logistics", "combat"
ROLES = (Role(LOGISTICS, "Spend resources and Transport supplies"),
         Role(COMBAT, "Issue orders and Execute orders, with every window in them"))

#: what each phase asks, in the players' words, and the role that answers it
PHASES = {"spend": (LOGISTICS, "Spend resources"),
          "transport": (LOGISTICS, "Transport supplies"),
          "orders": (COMBAT, "Issue orders"),
          "execute": (COMBAT, "Execute orders")}
#: the windows opened during Execute orders, in the players' words
WINDOWS = {"retreat": "a retreat after an engagement", "again": "attacking again",
           "scouts": "playing Scouts Out!", "mass_cal": "playing MASS CAL!",
           "drone": "playing Drone Recon!",
           "reorder": "putting the enemy's execution deck in order (Cyber Attack!)"}


def on(s: State) -> bool:
    return s.cfg.opt(OPTION) == FOUR


def roles(s: State) -> tuple[Role, ...]:
    """The two seats of every side when the scenario's option asks for four players."""
    return ROLES if on(s) else ()


def role_of(s: State, side: str) -> Duty | None:
    """Which seat of `side` answers now (None: nobody is asked, or no roles)."""
    if not on(s):
        return None
    window = s.flow.window
    if window is not None and window.name in WINDOWS:
        return Duty(COMBAT, WINDOWS[window.name], RULE)
    found = PHASES.get(s.flow.phase)
    if found is None:
        return None
    return Duty(found[0], found[1], RULE)
