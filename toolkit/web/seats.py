"""The seats of a match: one secret token per side, one for the spectators.

A token is the only thing that tells the server who is asking; it is drawn with
`secrets.token_urlsafe`, printed once in the seat's address, and never sent to
any other seat.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

#: Bytes of randomness in a token (about 22 characters in an address).
TOKEN_BYTES = 16


@dataclass(frozen=True, slots=True)
class Seat:
    """Who holds a token: a side, or None for a spectator."""

    side: str | None
    token: str

    @property
    def spectator(self) -> bool:
        return self.side is None

    @property
    def name(self) -> str:
        return self.side if self.side is not None else "spectator"


class Seats:
    def __init__(self, sides: tuple[str, ...] | list[str], tokens: dict[str, str] | None = None):
        """A seat per side and one for spectators; `tokens` (side or "" for the
        spectators -> token) fixes them, for tests."""
        tokens = tokens or {}
        self.sides = tuple(sides)
        self.by_side = {side: Seat(side, tokens.get(side) or secrets.token_urlsafe(TOKEN_BYTES))
                        for side in self.sides}
        self.spectators = Seat(None, tokens.get("") or secrets.token_urlsafe(TOKEN_BYTES))
        self._by_token = {s.token: s for s in self.by_side.values()}
        self._by_token[self.spectators.token] = self.spectators
        if len(self._by_token) != len(self.sides) + 1:
            raise ValueError("two seats share a token")

    def find(self, token: str) -> Seat | None:
        """The seat holding `token`, None for an unknown one (compared in constant time)."""
        found = None
        for known, seat in self._by_token.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                found = seat
        return found

    def all(self) -> list[Seat]:
        return [*self.by_side.values(), self.spectators]
