"""The ruleset protocol: what every game's rules provide to the referee core.

A ruleset is pure rules over a state. The core (matches, records, chance,
bots, the contract test) only ever talks to a game through this protocol, so
any game that implements it can be played, recorded, replayed and simulated.

    rules = registry.get("front_lines")            # found by name, never imported
    state = rules.new_game(scenario)
    while (d := rules.decision(state)) is not None:   # None: the game is over
        ...                                        # a move from one of d.players
        state, events = rules.apply(state, player, move)
    rules.outcome(state)                           # Outcome(winner, reason, rule)

Values defined here:

- `DecisionKind` and `Decision`: what the state waits for, and from whom.
- `Move`: any hashable value the ruleset defines; `PASS` is the shared
  "I do not react" answer of a reaction window.
- `Step`: one choice on the way to a whole move (the move tree, toolkit.referee.steps).
- `Event`: what a legal move changed, in the players' words, with who may see it.
- `Outcome`: the end of a game.
- `Illegal`: why a move is not allowed (a rule id and one sentence).
- Errors: `MoveSyntaxError` (cannot read), `IllegalMoveError` (not allowed
  here), `AmbiguousMoveError`; all are `ValueError`s. `ScenarioError` when a
  scenario does not suit the ruleset.

The contract every ruleset keeps is spelled out on `Ruleset` below and checked
for every registered ruleset by tests/test_referee_contract.py.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from dsl.model import Scenario

#: The player name used for chance outcomes in records, events and decisions.
#: No side may be called this.
CHANCE = "chance"

State = Any  #: ruleset-defined, immutable (apply returns a new one)
View = Any  #: ruleset-defined plain data: what one player may see
Move = Hashable  #: ruleset-defined value with a text notation


# ----------------------------------------------------------------- decisions


class DecisionKind(str, enum.Enum):
    """What kind of answer the state waits for."""

    #: One player chooses a move (`players` has exactly one side).
    MOVE = "move"
    #: Secret orders from several players at once. `players` lists the sides
    #: that still owe orders; each may answer in any order, and nobody sees
    #: the others' orders until the ruleset resolves them (views hide them).
    #: A ruleset may take a side's orders in one move or action by action: the
    #: side stays in `players` until its orders are complete.
    ORDERS = "orders"
    #: A reaction window: the named players may respond to what just happened
    #: (Rally, Opportunity Fire, a Blitz card, an interrupting spell) and
    #: `PASS` is always legal. Several players are listed in priority order:
    #: any of them may pass at any time, but only the first still listed may
    #: answer otherwise (the core refuses the others with rule `priority`), so
    #: the first in priority order who does not pass takes the window.
    #: A pass takes that player off the list (the ruleset's next decision).
    REACTION = "reaction"
    #: A chance outcome: dice, a shuffle, a draw. `players` is empty and
    #: `chance` describes the possible outcomes; a chance source answers.
    CHANCE = "chance"


@dataclass(frozen=True, slots=True)
class ChanceOutcome:
    """What chance decided: die faces (ints) or card / option names (strs), in order
    (the specs and sources are in toolkit.referee.chance)."""

    values: tuple

    def __str__(self) -> str:
        return " ".join(str(v) for v in self.values)

    @property
    def total(self) -> int:
        """The sum of dice (0 for names)."""
        return sum(v for v in self.values if isinstance(v, int))


class ChanceSpec(Protocol):
    """What a chance decision asks for (Dice, Draw, Pick… in toolkit.referee.chance)."""

    label: str

    def describe(self) -> str: ...
    def sample(self, rng: random.Random) -> ChanceOutcome: ...
    def parse(self, text: str) -> ChanceOutcome: ...
    def check(self, outcome: object) -> Illegal | None: ...
    def outcomes(self) -> tuple[ChanceOutcome, ...] | None: ...


@dataclass(frozen=True, slots=True)
class Decision:
    """What the state waits for.

    `players`: the sides who may answer now (empty for chance).
    `prompt`: a short phrase for people ("plan action 2 of 3", "Rally or pass?").
    `chance`: for CHANCE decisions, the spec of the outcomes (toolkit.referee.chance).
    """

    kind: DecisionKind
    players: tuple[str, ...] = ()
    prompt: str = ""
    chance: ChanceSpec | None = None

    def __post_init__(self) -> None:
        if self.kind is DecisionKind.CHANCE:
            if self.chance is None or self.players:
                raise ValueError("a chance decision has a chance spec and no players")
        elif not self.players:
            raise ValueError(f"a {self.kind.value} decision names at least one player")
        elif self.kind is DecisionKind.MOVE and len(self.players) != 1:
            raise ValueError("a move decision names exactly one player")
        elif len(set(self.players)) != len(self.players):
            raise ValueError(f"a player is named twice in a {self.kind.value} decision")

    @classmethod
    def move(cls, player: str, prompt: str = "") -> "Decision":
        return cls(DecisionKind.MOVE, (player,), prompt)

    @classmethod
    def orders(cls, players: Iterable[str], prompt: str = "") -> "Decision":
        return cls(DecisionKind.ORDERS, tuple(players), prompt)

    @classmethod
    def reaction(cls, players: str | Iterable[str], prompt: str = "") -> "Decision":
        """A reaction window for one side, or several in priority order."""
        return cls(DecisionKind.REACTION,
                   (players,) if isinstance(players, str) else tuple(players), prompt)

    @classmethod
    def roll(cls, spec: ChanceSpec, prompt: str = "") -> "Decision":
        return cls(DecisionKind.CHANCE, (), prompt or spec.describe(), spec)


# --------------------------------------------------------------------- moves


class _Pass:
    """The answer "I do not react" (or "I am done"): notation `pass`."""

    __slots__ = ()
    _instance: "_Pass | None" = None

    def __new__(cls) -> "_Pass":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "PASS"

    def __str__(self) -> str:
        return "pass"

    def __reduce__(self) -> str:  # pickles (for --jobs) as the same singleton
        return "PASS"


#: Always legal in a REACTION decision; rulesets may also use it elsewhere
#: (withdrawing from a bid, ending a phase). Its notation is `pass`.
PASS = _Pass()


# ----------------------------------------------------------------- move tree


@dataclass(frozen=True, slots=True)
class Step:
    """One choice on the way to a whole move (the move tree).
    token: the choice as short text, unique among its siblings; passed back in `chosen`.
    label: the choice in the players' words ("the truck at Harbour", "to Port Alpha", "3 ammunition").
    move:  the whole move this choice completes (a leaf), or None when more steps follow."""

    token: str
    label: str
    move: Move | None = None

    @property
    def leaf(self) -> bool:
        """True when this choice completes a whole move."""
        return self.move is not None


# -------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Event:
    """One thing a move changed, told in the players' words.

    `kind`: a short ruleset-defined tag ("move", "combat", "spawn", "roll").
    `text`: one sentence for people ("Red armor takes C4; Blue infantry destroyed").
    `to`: the sides who may see it; None means everyone.
    `reveals`: True when it makes hidden information public (orders resolved,
        a disguise dropped, a card shown). Together with chance outcomes this
        marks what undo may no longer take back (see Match.undo).
    `data`: optional machine-readable detail (ruleset-defined, plain values).
    """

    kind: str
    text: str
    to: frozenset[str] | None = None
    reveals: bool = False
    data: tuple = ()

    def visible_to(self, player: str | None) -> bool:
        return self.to is None or (player is not None and player in self.to)


# ------------------------------------------------------------------- outcome


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    `winner`: the side that won, or None (a draw, or a game of several players
    decided by `ranking` with a tie at the top). `reason`: one sentence in the
    players' words. `rule`: the rule id that ended the game.
    `scores`: per-side figures the ending was decided on, in the ruleset's own
    unit (Occupation Points, ports held), as (side, number) pairs in side order;
    empty when the game is not decided on points.
    `ranking`: places best first, each a tuple of the sides sharing it
    (`(("Ann",), ("Bob", "Cy"))`: Ann first, Bob and Cy second equal); empty
    means "the winner first, everyone else second" (see `places`).
    """

    winner: str | None
    reason: str
    rule: str = ""
    scores: tuple[tuple[str, float], ...] = ()
    ranking: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        ranked = [side for place in self.ranking for side in place]
        if len(ranked) != len(set(ranked)):
            raise ValueError("a side is ranked twice")
        if self.ranking and self.winner is not None and self.ranking[0] != (self.winner,):
            raise ValueError("the winner must be ranked first, alone")

    @property
    def draw(self) -> bool:
        return self.winner is None

    def score(self, side: str) -> float | None:
        for name, value in self.scores:
            if name == side:
                return value
        return None

    def places(self, sides: tuple[str, ...]) -> dict[str, int]:
        """Each side's place, 1 being best; sides sharing a place share its number.
        Without an explicit ranking: the winner 1st and the others 2nd, or all 1st in a draw."""
        if self.ranking:
            out: dict[str, int] = {}
            place = 1
            for group in self.ranking:
                for side in group:
                    out[side] = place
                place += len(group)
            last = place
            return {side: out.get(side, last) for side in sides}
        if self.winner is None:
            return {side: 1 for side in sides}
        return {side: 1 if side == self.winner else 2 for side in sides}

    def as_json(self) -> dict:
        """Plain data for `--json` outputs (winner, reason, rule, scores, ranking)."""
        return {
            "winner": self.winner, "reason": self.reason, "rule": self.rule,
            "scores": {side: value for side, value in self.scores},
            "ranking": [list(group) for group in self.ranking],
        }

    def __str__(self) -> str:
        head = "draw" if self.winner is None else f"{self.winner} wins"
        if self.winner is None and self.ranking and len(self.ranking[0]) > 1:
            head = "shared first place: " + ", ".join(self.ranking[0])
        tail = f" ({self.rule})" if self.rule else ""
        points = ""
        if self.scores:
            points = " [" + ", ".join(f"{side} {_number(v)}" for side, v in self.scores) + "]"
        return f"{head}: {self.reason}{points}{tail}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


# -------------------------------------------------------------------- errors


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why a move is not allowed: a rule id the game's docs define, and one sentence.

    `str(Illegal("FL-stack-2", "recon may not stack"))` is
    `illegal: recon may not stack (FL-stack-2)`.
    """

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"illegal: {self.reason} ({self.rule})"


class RefereeError(ValueError):
    """Base of the errors a move can raise. Carries `rule` and `reason`."""

    def __init__(self, rule: str, reason: str, text: str | None = None):
        self.rule = rule
        self.reason = reason
        self.text = text  # the input as typed, when known
        super().__init__(self.message())

    def message(self) -> str:  # pragma: no cover - overridden
        return f"{self.reason} ({self.rule})"


class MoveSyntaxError(RefereeError):
    """The text cannot be read as a move of this game (bad notation).

    `str`: `cannot read "C9-": a move is FROM-TO, e.g. C2-C3 (FL-notation)`.
    """

    def message(self) -> str:
        quoted = f' "{self.text}"' if self.text is not None else ""
        return f"cannot read{quoted}: {self.reason} ({self.rule})"


class AmbiguousMoveError(MoveSyntaxError):
    """The text reads as more than one move (short-hand notation only)."""


class IllegalMoveError(RefereeError):
    """The move is readable but not allowed here. `str`: `illegal: REASON (RULE)`."""

    @classmethod
    def of(cls, illegal: Illegal, text: str | None = None) -> "IllegalMoveError":
        return cls(illegal.rule, illegal.reason, text)

    @property
    def illegal(self) -> Illegal:
        return Illegal(self.rule, self.reason)

    def message(self) -> str:
        return f"illegal: {self.reason} ({self.rule})"


class ScenarioError(ValueError):
    """A scenario does not suit the ruleset (missing board, unknown piece, bad option)."""


# ------------------------------------------------------------------ ruleset


@runtime_checkable
class Ruleset(Protocol):
    """The rules of one game. Stateless: every method is a pure function of its arguments.

    Module `toolkit.referee.rulesets.<name>` exposes an instance as `RULESET`;
    the registry finds it by the scenario's `ruleset <name>`. A ruleset imports
    the core (this module, chance) and dsl.model, never another ruleset.

    Players are the scenario's side names. The core has already made sure the
    player is one of `decision(state).players` before it calls `check` or
    `apply` for a player move, and it answers CHANCE decisions itself through
    the chance spec (see toolkit.referee.game): `check` and `legal_moves` are
    only called for player decisions; `apply` receives chance outcomes
    (`toolkit.referee.chance.Outcome` values) as moves with player `CHANCE`.

    Contract (tests/test_referee_contract.py checks it on random games):
    - `apply` never mutates its input state; an illegal move changes nothing.
    - `check(state, p, m) is None` exactly when `m in legal_moves(state, p)`:
      one legality function, used by enumeration and by validation.
    - `parse_move(format_move(m)) == m` for every legal move.
    - `decision(state) is None` exactly when `outcome(state) is not None`.
    - REACTION decisions accept `PASS`.
    - `view(state, p)` holds none of `secrets(state, q)` for any other q.
    """

    name: str

    def new_game(self, scenario: "Scenario", options: Mapping[str, Any] | None = None) -> State:
        """The starting state. `options` override the scenario's `options { }`.
        Raises ScenarioError if the scenario does not suit these rules."""
        ...

    def decision(self, state: State) -> Decision | None:
        """What the state waits for; None once the game is over."""
        ...

    def legal_moves(self, state: State, player: str) -> Iterable[Move]:
        """Every legal move of `player` now (each passes `check`), in a stable order."""
        ...

    def check(self, state: State, player: str, move: Move) -> Illegal | None:
        """None if `player` may make `move` now, else the rule that forbids it."""
        ...

    def apply(self, state: State, player: str, move: Move) -> tuple[State, tuple[Event, ...]]:
        """The state after a legal move (or chance outcome), and the events it caused.
        Only called with moves that passed `check`; must not mutate `state`."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """How the game ended; None while it goes on."""
        ...

    def view(self, state: State, player: str | None) -> View:
        """What `player` may see (None: a spectator, who sees only public facts).
        Plain data (dataclasses, tuples, dicts of str/int) so it can be compared,
        printed and checked for leaks."""
        ...

    def render(self, view: View) -> str:
        """A view as text for a terminal: the board and whatever else the player knows."""
        ...

    def state_hash(self, state: State) -> str:
        """A hex digest of everything that matters to the rules, stable across
        processes and Python versions (not `hash()`, which is salted)."""
        ...

    def parse_move(self, text: str) -> Move:
        """Read a move from its notation; raises MoveSyntaxError."""
        ...

    def format_move(self, move: Move) -> str:
        """The notation of a move; `parse_move` reads it back to an equal move."""
        ...

    # Optional hooks (the core uses them when present, see toolkit.referee.game):
    #   secrets(state, player) -> Iterable[Hashable]
    #       facts only `player` may know now (its planned orders, a disguised
    #       recon's identity, a mine's square), each a value that would appear
    #       somewhere inside another player's view if it leaked.
    #   invariants(state) -> Iterable[str]
    #       broken invariants as sentences (empty when all hold), checked after
    #       every move of the contract test (stacking, piece counts, …).
    #   notation_help() -> str
    #       a few lines for `help` in `frontkit play`.
    #   move_group(move) -> str
    #       the group a legal move is listed under by `moves` in `frontkit play`
    #       (a piece, a kind of spawn, a skill); `moves NAME` lists one group.
    #       Default: the notation up to its first `-`, `@`, `=` or space
    #       (`IC2-C3` → `IC2`, `A@B9` → `A`); see toolkit.referee.movelist.
    #   describe_move(state, player, move) -> str
    #       a move of `player` in `state` in the players' words, the names the printed
    #       kit uses ("Infantry C2 to C3", "Reinforce B4"): what a button, a step
    #       menu and a move list show, never parsed back. Default: the notation with
    #       `_` as a space (toolkit.referee.wording). Says only what `player` knows.
    #   describe_group(state, player, group) -> str
    #       a group of `move_group` in words ("Anti-Tank at A1"); default the same.
    #   spoken_names(scenario) -> Mapping[str, str]
    #       ids of the game's own making that a log line or a panel may name (Lines and
    #       Webs' unit labels: `DAR1` -> "Delta's Armor company 1"), in the players'
    #       words, added to the scenario's display names where a page says a sentence.
    #   move_steps(state, player, chosen: tuple[str, ...]) -> list[Step]
    #       the move tree: the choices open to `player` after the tokens `chosen`
    #       (first what acts, then where or what, then how much), each a `Step`
    #       whose `move` is the whole move it completes, or None when more steps
    #       follow. Generated directly, never by listing every leaf; the leaves
    #       of the whole tree equal `legal_moves` as a set (the contract test
    #       checks it). Computed for `player` alone: no other side's secrets.
    #       A token not offered after `chosen` raises IllegalMoveError. Without
    #       the hook the core derives a tree from `legal_moves` and `move_group`
    #       (toolkit.referee.steps). The record and the notation stay whole moves.
    #   sample_move(state, player, rng: random.Random) -> Move
    #       one legal whole move drawn without listing every leaf (the random
    #       bot's draw, weighted as the ruleset finds sensible per step).
    #       Default: a walk down `move_steps` choosing uniformly at each step.
    #   sample_steps(state, player, move) -> int
    #       how many steps `sample_move` took to draw `move` (what benchmarks count
    #       as decision steps). Default: one.
    #   bot_weights(state, player, moves) -> list[float]
    #       optional bias for random bots (e.g. pass less often), one weight per
    #       legal move, in one call per decision (the fast form); or
    #   bot_weight(state, player, move) -> float
    #       the same one move at a time; default: all moves equally likely.
    #   time_limit(state, player) -> float | None
    #       seconds `player` has for the current decision when the scenario
    #       turns timers on (None: untimed). When time runs out a match answers
    #       `PASS` for that player until it leaves `decision(state).players`;
    #       the ruleset says what `PASS` means there (Front Lines: hold, or
    #       deploy the rest as set up). Rules never read a clock themselves,
    #       so records replay the same with or without timers.
    #   evaluate(state, side) -> float
    #       a heuristic for bots (greedy, MCTS cut-offs): higher is better for
    #       `side`, roughly -1 (lost) to 1 (won). Reads only what `side` may see.
    #   determinize(state, side, rng) -> State
    #       a state consistent with everything `side` knows (its view and its
    #       own secrets), with what it cannot see (other hands, sealed orders,
    #       deck order, a disguised unit) redrawn from `rng`. Search bots play on
    #       these samples, never on the true hidden state. Without the hook a
    #       ruleset is treated as one of perfect information.
    #   move_space(state, player) -> Iterable[Move]
    #       every move of the game's notation `player` could make in this kind of
    #       decision, legal or not (a superset of `legal_moves`): the contract test
    #       checks that `check` accepts exactly the legal ones over all of it.
    #   kept_from(state, player) -> Iterable[Hashable]
    #       facts about `player`'s own things that `player` itself may not see now,
    #       each as it would appear in its view if it leaked (the order of a deck an
    #       enemy's effect declared hidden rearranged: Lines and Webs' Cyber Attack!);
    #       the contract test checks `player`'s own view, events and screen.
    #   not_deciding(state, player) -> Illegal | None
    #       why `player`, a side not asked by `decision(state)`, may not move now
    #       when the game has a reason of its own (it withdrew from the battle, it
    #       passed for the rest of the phase, it waits for the other side's
    #       reveal): a rule id of the game and one sentence; None leaves the core's
    #       generic `turn` refusal. Asked only when a move is refused.
    #   roles(state) -> tuple[roles.Role, ...]
    #       the roles every side is played by when a scenario option splits each
    #       side between several seats (empty: one seat a side); and
    #   role_of(state, side) -> roles.Duty | None
    #       which role answers `side` now, what is decided and the rule that says so
    #       (see toolkit.referee.roles: the seats of a side share its view).


OPTIONAL_HOOKS = ("secrets", "invariants", "notation_help", "bot_weights", "bot_weight",
                  "time_limit", "evaluate", "determinize", "move_space", "move_group",
                  "not_deciding", "kept_from", "roles", "role_of", "move_steps", "sample_move",
                  "sample_steps", "describe_move", "describe_group", "spoken_names")
