"""The turn of Skirmish as kit phases, and the handlers of its moves.

One phase, `turn`: the sides in turn, once each a round, clockwise from the
first side of the scenario's `sides` (SK-turn). A turn is one action: move,
attack, enter or pass. An attack on a side that holds cards opens the
`defence` window, in which that side may play a defence card or pass
(SK-defend).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import REACT, TURNS, Phase, Window
from toolkit.referee.protocol import PASS, Event, Illegal
from toolkit.referee.rulesets.skirmish.combat import reach, resolve_attack
from toolkit.referee.rulesets.skirmish.moves import Attack, Defend, Enter, Step
from toolkit.referee.rulesets.skirmish.state import SkirmishState, Unit
from toolkit.referee.rulesets.skirmish.victory import capital_held

DEFENCE = "defence"


def _card_problem(s: SkirmishState, side: str, card: str | None, what: str,
                  rule: str) -> Illegal | None:
    """A card played with a move or an attack: in the hand, and of use to it (SK-card)."""
    if card is None:
        return None
    if card not in s.hand_of(side):
        return Illegal("SK-card", f"you hold no {card} card")
    if getattr(s.cfg.bonus(card), what) <= 0:
        use = {"moves": "a move", "attack": "an attack", "defence": "a defence"}[what]
        return Illegal(rule, f"{card} does nothing for {use}")
    return None


def _play_card(s: SkirmishState, side: str, card: str | None) -> tuple[SkirmishState, list]:
    if card is None:
        return s, []
    return s.discard(side, card), [Event("card", f"{side} plays {card}", reveals=True)]


class Turn:
    """A side's turn: one action (SK-turn)."""

    def begin_turn(self, s: SkirmishState, side: str):
        """Count the turns begun holding an enemy capital (SK-hold)."""
        i = s.sides.index(side)
        holding = capital_held(s, side) is not None
        held = s.held[i] + 1 if holding else 0
        if held == s.held[i]:
            return s, ()
        s = replace(s, held=s.held[:i] + (held,) + s.held[i + 1:])
        if not holding:
            return s, ()
        return s, (Event("hold", f"{side} begins its turn holding an enemy capital "
                                 f"({held} of {s.cfg.hold_turns})"),)

    def legal(self, s: SkirmishState, side: str) -> list[Any]:
        """Every legal action, each made legal by how it is found (a piece of the
        side, a space its reach holds, a card in the hand that helps, an enemy
        next to it, an empty deployment space): nothing here needs `check`, and
        the contract test holds the two equal."""
        cfg = s.cfg
        hand = s.hand_of(side).cards
        movers = cfg.playable(hand, "moves")
        strikers = cfg.playable(hand, "attack")
        foes = s.units.spaces_of(cfg.enemy_of(side))
        out: list[Any] = [PASS]
        for u in s.units_of(side):
            out += self._actions_of(s, u, movers, strikers, foes)
        reserve = s.reserve_of(side)
        if reserve:
            empty = s.units.empty(cfg.deploy[side])
            for kind in sorted(set(reserve)):
                out += [Enter(kind, to) for to in empty]
        return out

    def _actions_of(self, s: SkirmishState, u: Unit, movers: list[str],
                    strikers: list[str], foes: frozenset[str]) -> list[Any]:
        """A piece's moves (plain, then with each card that adds spaces) and attacks
        on the enemies next to it (`foes`: the spaces enemies stand on), plain, then
        with each card that adds strength."""
        cfg = s.cfg
        here = u.space
        steps = cfg.moves[u.kind]
        moves = s.units.moves  # to the spaces it can reach, `steps` away (combat.reach)
        out: list[Any] = moves(Step, here, steps)
        for card in movers:
            out += moves(Step, here, steps + cfg.bonus(card).moves, card)
        near = cfg.board.neighbours[here]
        if foes.isdisjoint(near):
            return out
        for there in near:
            if there in foes:
                out.append(Attack(here, there))
                out += [Attack(here, there, card) for card in strikers]
        return out

    def check(self, s: SkirmishState, side: str, m: Any) -> Illegal | None:
        if m is PASS:
            return None
        if isinstance(m, Step):
            return self._check_step(s, side, m)
        if isinstance(m, Attack):
            return self._check_attack(s, side, m)
        if isinstance(m, Enter):
            return self._check_enter(s, side, m)
        if isinstance(m, Defend):
            return Illegal("SK-defend", "a defence card is played only when your piece "
                           "is attacked")
        return Illegal("SK-turn", "a turn is one action: move, attack, enter or pass")

    def _own_piece(self, s: SkirmishState, side: str, space: str, rule: str) -> Illegal | None:
        if space not in s.cfg.board.order:
            return Illegal(rule, f"there is no space {space} on the board")
        unit = s.at(space)
        if unit is None or unit.side != side:
            return Illegal(rule, f"you have no piece on {space}")
        return None

    def _check_step(self, s: SkirmishState, side: str, m: Step) -> Illegal | None:
        problem = self._own_piece(s, side, m.frm, "SK-move") or _card_problem(
            s, side, m.card, "moves", "SK-card")
        if problem:
            return problem
        kind = s.at(m.frm).kind
        steps = s.cfg.moves[kind] + (s.cfg.bonus(m.card).moves if m.card else 0)
        if m.to not in reach(s, m.frm, steps):
            return Illegal("SK-move", f"your {kind} on {m.frm} cannot reach {m.to}: it goes "
                           f"up to {steps} space(s) through empty, passable spaces")
        return None

    def _check_attack(self, s: SkirmishState, side: str, m: Attack) -> Illegal | None:
        problem = self._own_piece(s, side, m.frm, "SK-attack") or _card_problem(
            s, side, m.card, "attack", "SK-card")
        if problem:
            return problem
        target = s.at(m.to)
        if target is None or target.side == side:
            return Illegal("SK-attack", f"there is no enemy piece on {m.to}")
        if m.to not in s.cfg.board.neighbours[m.frm]:
            return Illegal("SK-attack", f"{m.to} is not next to {m.frm}")
        return None

    def _check_enter(self, s: SkirmishState, side: str, m: Enter) -> Illegal | None:
        if m.kind not in s.reserve_of(side):
            return Illegal("SK-enter", f"you have no {m.kind} in reserve")
        if m.to not in s.cfg.deploy[side]:
            return Illegal("SK-enter", f"{m.to} is not in your deployment zone")
        if s.at(m.to) is not None:
            return Illegal("SK-enter", f"{m.to} is not empty")
        return None

    def apply(self, s: SkirmishState, side: str, m: Any):
        if m is PASS:
            return s, (Event("pass", f"{side} passes"),)
        if isinstance(m, Enter):
            s = s.take_reserve(side, m.kind).place(Unit(m.to, side, m.kind))
            return s, (Event("enter", f"{side} brings {m.kind} from its reserve onto {m.to}"),)
        s, events = _play_card(s, side, m.card)
        if isinstance(m, Step):
            kind = s.at(m.frm).kind
            s = s.shift(m.frm, m.to)
            return s, tuple(events + [Event("move", f"{side} {kind} moves {m.frm} to {m.to}")])
        bonus = s.cfg.bonus(m.card).attack if m.card else 0
        defender = s.at(m.to).side
        if len(s.hand_of(defender)):
            s = open_window(s, Window(DEFENCE, REACT, (defender,),
                                      f"{m.frm} attacks {m.to}: defend CARD or pass",
                                      data=(("frm", m.frm), ("to", m.to), ("bonus", bonus))))
            return s, tuple(events + [Event("attack", f"{side} attacks {m.to} from {m.frm}")])
        s, more = resolve_attack(s, m.frm, m.to, bonus, 0)
        return s, tuple(events) + more


class Defence:
    """The defence window: the attacked side plays a defence card or passes (SK-defend)."""

    def candidates(self, s: SkirmishState, side: str, w: Window) -> list[Any]:
        return [Defend(c) for c in s.cfg.playable(s.hand_of(side).cards, "defence")]

    def check(self, s: SkirmishState, side: str, m: Any, w: Window) -> Illegal | None:
        if not isinstance(m, Defend):
            return Illegal("SK-defend", f"your piece on {w.get('to')} is attacked: "
                           "defend with a card or pass")
        return _card_problem(s, side, m.card, "defence", "SK-defend")

    def apply(self, s: SkirmishState, side: str, m: Defend, w: Window):
        s, events = _play_card(s, side, m.card)
        by = s.cfg.bonus(m.card).defence
        s, more = resolve_attack(s, w.get("frm"), w.get("to"), w.get("bonus"), by)
        return s, tuple(events) + more

    def resolve(self, s: SkirmishState, w: Window):
        return resolve_attack(s, w.get("frm"), w.get("to"), w.get("bonus"), 0)

    def not_deciding(self, s: SkirmishState, side: str) -> Illegal | None:
        """The attacker waits while the attacked side answers (SK-defend)."""
        w = s.flow.window
        if w is None or w.name != DEFENCE or side in w.players:
            return None
        return Illegal("SK-defend", f"{w.players[0]} answers the attack on {w.get('to')} "
                       f"first (defend CARD or pass); {side} goes on after")


PHASES = (Phase("turn", TURNS, Turn(), prompt="move, attack, enter or pass"),)
WINDOWS = {DEFENCE: Defence()}
