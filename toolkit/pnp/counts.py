"""How many counters each side has of each piece type, read from the scenario alone:
its setups (on the board, in reserve, in a block of the setup) and the piece types'
own `counters`, `per_side` and `count`. The counter sheets print these, and the press
block's unit cards make one card per counter (toolkit.pnp.press)."""

from __future__ import annotations

from typing import Any

from dsl.model import Fields


def counter_counts(scenario: Any) -> list[tuple[str | None, Any, int]]:
    """(side or None, piece type, how many), in sides order then piece order."""
    used: dict[tuple[str, str], int] = {}
    for setup in scenario.setups.values():
        for p in setup.placements:
            used[(setup.side, p.piece)] = used.get((setup.side, p.piece), 0) + p.count
        for name, n in setup.reserve_counts().items():
            used[(setup.side, name)] = used.get((setup.side, name), 0) + n
        # a block of the setup listing pieces (`packaging { aerial_port 1 }`) also
        # gives the side those pieces, unless the piece type says its own count
        for value in setup.fields.values():
            if isinstance(value, Fields):
                for name, n in value.items():
                    piece = scenario.pieces.get(name)
                    if (piece is not None and isinstance(n, int) and not isinstance(n, bool)
                            and not any(k in piece.fields for k in ("counters", "per_side", "count"))):
                        used[(setup.side, name)] = used.get((setup.side, name), 0) + n
    out: list[tuple[str | None, Any, int]] = []
    unsided: list[tuple[str | None, Any, int]] = []
    for piece in scenario.pieces.values():
        users = [s for s in scenario.sides if (s, piece.name) in used]
        if "counters" in piece.fields:
            n = int(piece.fields["counters"])
            if users:
                out += [(s, piece, n) for s in users]
            else:
                unsided.append((None, piece, n))
        elif "per_side" in piece.fields:
            out += [(s, piece, int(piece.fields["per_side"])) for s in scenario.sides]
        elif users:
            out += [(s, piece, used[(s, piece.name)]) for s in users]
        elif "count" in piece.fields and isinstance(piece.fields["count"], int):
            unsided.append((None, piece, int(piece.fields["count"])))
    order = {s: i for i, s in enumerate(scenario.sides)}
    out.sort(key=lambda t: order.get(t[0], 0))  # stable: piece order within a side
    return [t for t in out if t[2] > 0] + [t for t in unsided if t[2] > 0]
