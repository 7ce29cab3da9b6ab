"""A scenario config that remembers what the rules work out from it alone.

A ruleset's config is a frozen value read once from the scenario; a rule that asks the
same question of it again and again (a card's modifiers, the interrupts a deck holds)
keeps the answer in `config.memo`, a dict of its own per config object. It is a cache,
not part of the rules: left out when the config is pickled, and a config copied with
other options starts with an empty one.
"""

from __future__ import annotations


class Memo:
    """Mixin for a frozen dataclass config (without slots): `self.memo`."""

    @property
    def memo(self) -> dict:
        kept = self.__dict__.get("_memo")
        if kept is None or kept[0] is not self:
            kept = (self, {})
            object.__setattr__(self, "_memo", kept)
        return kept[1]

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "_memo"}
