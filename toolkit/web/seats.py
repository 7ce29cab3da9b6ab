"""The seats of a match: one secret token per seat, one for the spectators.

A seat is a side, or, when the game has roles (`toolkit.referee.roles`: Lines and
Webs with `roles four_players`), a side and a role: `Delta logistics` and `Delta
combat` each have their own token and page. A token is the only thing that tells
the server who is asking; it is drawn with `secrets.token_urlsafe`, printed once in
the seat's address, and never sent to any other seat.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from toolkit.referee.roles import seat_name

#: Bytes of randomness in a token (about 22 characters in an address).
TOKEN_BYTES = 16


@dataclass(frozen=True, slots=True)
class Seat:
    """Who holds a token: a side (and its role, when the game has roles), or None
    for a spectator."""

    side: str | None
    token: str
    role: str | None = None

    @property
    def spectator(self) -> bool:
        return self.side is None

    @property
    def name(self) -> str:
        return seat_name(self.side, self.role) if self.side is not None else "spectator"


class Seats:
    def __init__(self, sides: tuple[str, ...] | list[str], tokens: dict[str, str] | None = None,
                 roles: Iterable[str] = ()):
        """A seat per side (per side and role, when `roles` names the game's roles) and
        one for spectators; `tokens` (seat name, or "" for the spectators -> token)
        fixes them, for tests."""
        tokens = tokens or {}
        self.sides = tuple(sides)
        self.roles = tuple(roles)
        #: the players' seats by name: the side's name, or `Delta logistics` with roles
        self.by_name = {}
        for side in self.sides:
            for role in self.roles or (None,):
                name = seat_name(side, role)
                self.by_name[name] = Seat(side, tokens.get(name) or
                                          secrets.token_urlsafe(TOKEN_BYTES), role)
        self.by_side = self.by_name  # without roles a seat's name is its side's
        self.spectators = Seat(None, tokens.get("") or secrets.token_urlsafe(TOKEN_BYTES))
        self._by_token = {s.token: s for s in self.by_name.values()}
        self._by_token[self.spectators.token] = self.spectators
        if len(self._by_token) != len(self.by_name) + 1:
            raise ValueError("two seats share a token")

    def find(self, token: str) -> Seat | None:
        """The seat holding `token`, None for an unknown one (compared in constant time)."""
        found = None
        for known, seat in self._by_token.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                found = seat
        return found

    def players(self) -> list[Seat]:
        """The players' seats, side by side in the scenario's order."""
        return list(self.by_name.values())

    def all(self) -> list[Seat]:
        return [*self.by_name.values(), self.spectators]
