"""Movement along the board's graph and the attack (SK-move, SK-attack)."""

from __future__ import annotations

from toolkit.referee.protocol import Event
from toolkit.referee.rulesets.skirmish.state import SkirmishState


def reach(s: SkirmishState, frm: str, steps: int) -> tuple[str, ...]:
    """The spaces a piece on `frm` can end on, going up to `steps` spaces along the
    board's links through empty, passable spaces, sorted by name (SK-move)."""
    return s.units.reach(frm, steps)


def strengths(s: SkirmishState, frm: str, to: str, attack_bonus: int,
              defence_bonus: int) -> tuple[int, int]:
    """Attacker and defender totals: the attacker's strength (and card), against the
    defender's strength, its space's terrain `defence` (and card) (SK-attack)."""
    cfg = s.cfg
    attacker, defender = s.at(frm), s.at(to)
    return (cfg.strength[attacker.kind] + attack_bonus,
            cfg.strength[defender.kind] + cfg.defence[to] + defence_bonus)


def resolve_attack(s: SkirmishState, frm: str, to: str, attack_bonus: int,
                   defence_bonus: int) -> tuple[SkirmishState, tuple[Event, ...]]:
    """Higher attacker: the defender is removed and the attacker moves in. Lower:
    the attacker is removed. Equal: both stay where they are (SK-attack)."""
    attacker, defender = s.at(frm), s.at(to)
    att, dfn = strengths(s, frm, to, attack_bonus, defence_bonus)
    who = f"{attacker.side} {attacker.kind} on {frm} attacks {defender.side} " \
          f"{defender.kind} on {to}: {att} against {dfn}"
    if att > dfn:
        s = s.remove(to).shift(frm, to)
        text = f"{who}; the {defender.kind} is destroyed and the {attacker.kind} moves in"
        kind = "win"
    elif att < dfn:
        s = s.remove(frm)
        text = f"{who}; the attacking {attacker.kind} is destroyed"
        kind = "loss"
    else:
        text = f"{who}; a stand-off, both stay"
        kind = "stand-off"
    return s, (Event("attack", text, data=(("result", kind),)),)
