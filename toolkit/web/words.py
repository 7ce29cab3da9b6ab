"""A seat's messages in players' words: the names the printed kit uses.

The view, the prompt, the move list and the legal moves arrive from the referee in
its own terms (`troops_1`, `packaging_rsoi`); the page shows them through the
scenario's table of display names (`dsl.names`, the titles the press prints), while
ids the page acts on (a card's picture, a pile's place, a move's notation to send)
stay as they are beside them.
"""

from __future__ import annotations

from typing import Any

from dsl.names import display_names, say, spoken_names, words
from toolkit.referee import wording


#: Lines kept worded (`Words.say`) before the memory is cleared.
SAID = 50_000


class Words:
    """The display names of one scenario, and a view put into them."""

    def __init__(self, scenario: Any, rules: Any = None):
        self.names = display_names(scenario)
        # the scenario's ids and the ruleset's own (Lines and Webs' unit labels)
        self.spoken = {**spoken_names(scenario),
                       **({} if rules is None else wording.spoken_names(rules, scenario))}
        self.decks = set(scenario.decks)
        self._said: dict[str, str] = {}
        self._moves: dict[int, tuple[Any, str]] = {}
        self._now: tuple[Any, dict[tuple[str, Any], str]] = (None, {})

    def say(self, text: str) -> str:
        """`text` in players' words (`dsl.names.say`), each line worded once: a seat is
        sent its whole log again after every move."""
        said = self._said.get(text)
        if said is None:
            if len(self._said) >= SAID:
                self._said.clear()
            said = self._said[text] = say(text, self.spoken)
        return said

    def move(self, rules: Any, state: Any, player: str, move: Any) -> str:
        """A move of `player` in `state` in players' words (`toolkit.referee.wording`:
        the ruleset's `describe_move`), card ids said as their titles."""
        return self.say(wording.move_words(rules, state, player, move))

    def legal(self, rules: Any, state: Any, player: str, move: Any) -> str:
        """`move` words as `move` does, kept while `state` is the match's: every seat
        is sent its legal moves again after every change (a clock, an undo request)."""
        if self._now[0] is not state:
            self._now = (state, {})
        kept = self._now[1]
        said = kept.get((player, move))
        if said is None:
            said = kept[(player, move)] = self.move(rules, state, player, move)
        return said

    def group(self, rules: Any, state: Any, player: str, group: str) -> str:
        """A group of moves (a piece, a kind of move) in players' words."""
        return self.say(wording.group_words(rules, state, player, group))

    def played(self, rules: Any, entry: Any) -> str:
        """A move of the history (`match.Entry`) in players' words, said once per entry:
        a seat is sent its whole move list again after every move."""
        kept = self._moves.get(id(entry))
        if kept is None or kept[0] is not entry:
            if len(self._moves) >= SAID:
                self._moves.clear()
            kept = self._moves[id(entry)] = (
                entry, self.move(rules, entry.before, entry.player, entry.move))
        return kept[1]

    def pile_title(self, name: str) -> str:
        """A pile's name: its deck's title (`Battle cards`) or its id in words."""
        return self.names[name] if name in self.decks else words(name)

    def kind(self, kind: str | None) -> str | None:
        return None if kind is None else self.names.get(kind, words(kind))

    def view(self, shown: dict[str, Any]) -> dict[str, Any]:
        """The common view's JSON with every sentence a player reads in players' words,
        and `words`: the title of each pile (in order), of each piece kind and of each
        card the view names. Piles and pieces themselves are left as the view gives
        them (their ids are what the page acts on)."""
        say_ = self.say
        out = dict(shown)
        out["status"] = [say_(s) for s in shown["status"]]
        out["log"] = [say_(s) for s in shown["log"]]
        out["tracks"] = [{**t, "name": say_(t["name"])} for t in shown["tracks"]]
        out["markers"] = [{**m, "name": say_(m["name"]), "value": say_(str(m["value"]))}
                          for m in shown["markers"]]
        out["marks"] = [{**m, "mark": say_(m["mark"])} for m in shown["marks"]]
        out["panels"] = [{"title": say_(p["title"]), "text": say_(p["text"])}
                         for p in shown["panels"]]
        cards = {c for p in shown["piles"] for c in (p["cards"] or ())}
        kinds = {p["kind"] for p in shown["pieces"] if p["kind"]}
        out["words"] = {"piles": [self.pile_title(p["name"]) for p in shown["piles"]],
                        "kinds": {k: self.kind(k) for k in sorted(kinds)},
                        "cards": {c: self.names.get(c, words(c)) for c in sorted(cards)}}
        return out
