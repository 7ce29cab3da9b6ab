"""Weights for random bots, so that supply moves and fights happen: spend on
tokens and units rather than pass, carry supplies to the units that lack them, put
most units in the execution deck, attack and fire whenever offered."""

from __future__ import annotations

from toolkit.referee.protocol import PASS


def weights(rules, s, player: str, legal: list) -> list[float]:
    phase = s.flow.phase
    window = s.flow.window
    if phase == "transport" and window is None and legal and legal[0] is PASS:
        return _transport(s, player, legal)
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


#: transport orders by verb (explicit carries and top-ups are weighed in `_transport`)
_TRANSPORT = {"xl": 0.01, "displace": 0.005}


def _transport(s, player: str, legal: list) -> list[float]:
    """The transport weights of `weights` in one pass over the long listing (hundreds of
    carry orders): a top-up to a combat unit 4, to another unit 0.3; a carry of a
    given count 0.002; cross-levelling 0.01; displace 0.005; a move 0.02; pass first."""
    kinds = s.cfg.kinds
    top_up = {u.label: 4.0 if kinds[u.kind].combat else 0.3 for u in s.units
              if u.side == player}
    get = _TRANSPORT.get
    out = [(0.002 if m.cls else top_up.get(m.to, 0.3)) if m.verb == "carry"
           else get(m.verb, 0.02) for m in legal[1:]]
    # about one order in seven ends the side's transport: the neediest get supplied
    return [max(1.0, 0.15 * sum(out))] + out
