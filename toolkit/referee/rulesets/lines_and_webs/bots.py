"""Weights for random bots, so that supply moves and fights happen: spend on
tokens and units rather than pass, carry supplies to the units that lack them, put
most units in the execution deck, attack and fire whenever offered."""

from __future__ import annotations

from toolkit.referee.protocol import PASS


def weights(rules, s, player: str, legal: list) -> list[float]:
    phase = s.flow.phase
    window = s.flow.window
    out = []
    for m in legal:
        if m is PASS:
            if window is not None:
                out.append(0.3)
            elif phase == "spend":
                out.append(2.0 if s.book(player).rp < 3 else 0.15)
            elif phase == "transport":
                out.append(1.0)
            elif phase == "orders":
                out.append(0.3)
            else:
                out.append(1.0)
            continue
        v = m.verb
        if phase == "spend":
            out.append(0.02 if m.cls else 1.0 if v in ("buy", "fly") else 0.3)
            if m.cls and m.n in (3, 5, 8):
                out[-1] = 1.0
        elif phase == "transport":
            if v == "carry" and not m.cls:
                r = s.by_label(m.to)
                out.append(4.0 if r is not None and s.cfg.kinds[r.kind].combat else 0.3)
            elif v == "carry":
                out.append(0.002)
            elif v == "xl":
                out.append(0.01)
            elif v == "displace":
                out.append(0.005)
            else:
                out.append(0.02)
        elif phase == "orders":
            out.append(3.0 if v == "x" else 0.5)
        else:
            if v == "move" and m.target:
                out.append(8.0)
            elif v == "fire":
                out.append(4.0)
            elif v == "repair":
                out.append(4.0)
            elif v == "hold":
                out.append(0.3)
            else:
                out.append(1.0)
    if phase == "transport" and window is None and legal and legal[0] is PASS:
        # about one order in seven ends the side's transport: the neediest get supplied
        out[0] = max(1.0, 0.15 * sum(out[1:]))
    return out
