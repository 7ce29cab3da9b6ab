"""Weights for random bots: keep bidding while it is cheap, finish a bid once it
stands, withdraw rather than throw the whole hand at one battle."""

from __future__ import annotations

from toolkit.referee.protocol import PASS

from toolkit.referee.rulesets.last_front.moves import DONE, WITHDRAW, Attack, Dig, Face, Play


def weights(s, player, legal) -> list[float]:
    out = []
    can_finish = DONE in legal
    for m in legal:
        if m == DONE:
            out.append(20.0)
        elif m == WITHDRAW:
            out.append(1.0 if can_finish else 3.0)
        elif m is PASS:
            out.append(5.0)
        elif isinstance(m, Play):
            out.append(0.5 if can_finish else 4.0)
        elif isinstance(m, Face):
            out.append(0.2 if can_finish else 1.0)
        elif isinstance(m, Dig):
            out.append(2.0)
        elif isinstance(m, Attack):
            out.append(1.0)
        else:
            out.append(1.0)
    return out
