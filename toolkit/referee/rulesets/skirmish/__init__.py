"""Skirmish: a small, generic two-side game for prototyping on any board.

Rule ids (SK-…) are defined in content/skirmish/rules.md; choices in rulings.md;
notation in notation.md. Modules: config (what it reads from the scenario),
state, moves (notation), effects (the card effects registry), combat (movement
and the attack), phases (the turn and the defence window), victory, checks (the
scenario checks beyond its needs), view, rules (the referee protocol).
"""

from toolkit.referee.rulesets.skirmish.rules import RULESET, Skirmish

__all__ = ["RULESET", "Skirmish"]
