"""Last Front: the bidding card game for two to five players.

Rule ids (LF-…) are defined in content/last_front/notation.md and rulings.md.
Modules: config (cards and options read from the scenario), state, deal (draws
as chance decisions), battle (a turn: draw, bid or withdraw), bid (values and the
order of modifiers), effects (the card primitives), blitz (answers out of
turn), events (the Event deck), hands (Espionage, Desertion), territories
(bonuses and the controlling share), spoils (the winner takes and declares),
victory (conditions and ranking), view, moves (notation), bots, rules.
"""

from toolkit.referee.rulesets.last_front.rules import RULESET, LastFront

__all__ = ["RULESET", "LastFront"]
