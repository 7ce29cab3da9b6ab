"""Every move of the notation worth trying in a position, legal or not: the contract
test judges `check` over all of it (`move_space`). Targets take the shapes the spell
or ability could use (places up to one past the longest line, dead friends by card)."""

from __future__ import annotations

from itertools import product

from toolkit.referee.rulesets.fantasy_line_battle.effects import target_kind
from toolkit.referee.rulesets.fantasy_line_battle.moves import (
    Ability, Aim, Cast, Discard, Done, Farseer, Kill, Place, Take)
from toolkit.referee.rulesets.fantasy_line_battle.state import State

def move_space(s: State, side: str) -> list:
    cfg = s.cfg
    places = [str(i) for i in range(1, min(cfg.max_line, 4) + 2)]
    out: list = [Farseer(), Done()]
    out += [Place(c) for c in cfg.characters] + [Take(c) for c in cfg.characters]
    for name, spell in cfg.spells.items():
        kind = target_kind(spell.effects)
        for times in range(1, cfg.max_times + 2):
            if kind is None:
                shapes = [()]
            elif kind == "dead":
                shapes = [(c,) for c in cfg.characters]
            elif kind == "move":
                shapes = list(product(places, repeat=2))
            else:
                shapes = list(product(places, repeat=times if spell.fork else 1))
            out += [Cast(name, times, args) for args in shapes + [()]]
        out.append(Discard(name))
    ints = range(1, min(cfg.max_line, 4) + 2)
    out += [Kill(i) for i in ints] + [Aim(i) for i in ints]
    for i in ints:
        out += [Ability(i)] + [Ability(i, (j,)) for j in ints]
        out += [Ability(i, (j, k)) for j in ints for k in ints]
    return list(dict.fromkeys(out))  # the empty target list may repeat

