"""KitRules: the referee protocol derived from a ruleset's phases.

A ruleset on the kit declares data and small handlers, and writes no
`decision()` and no routing:

    class DiceRace(KitRules):
        name = "dice_race"
        phases = (Phase("plan", TOGETHER, Plan()),
                  Phase("run", TURNS, Run()))
        windows = {"roll": Roll(), "bump": Bump()}

        def setup(self, scenario, options) -> State: ...   # with flow=Flow("plan")
        def finished(self, state) -> Outcome | None: ...

A phase handler is any object with some of these methods (all optional but
`check`/`apply` where moves are made):

    candidates(state, side) -> moves worth checking; `legal` = those `check` accepts
    legal(state, side)      -> the legal moves directly (a fast path; must agree)
    check(state, side, move) -> Illegal | None
    apply(state, side, move) -> (state, events)
    enter(state)            -> (state, events)  on entering the phase (AUTO: all of it)
    begin_turn(state, side) -> (state, events)  at the start of a side's turn
    turn_over(state, side)  -> bool   the side's turn is over (default: after one move);
                                      judged from the ruleset's own fields (the kit
                                      counts the move in `flow.moved` only if not)
    complete(state, side)   -> bool   TOGETHER: the side's orders are complete
                                      (default: after one move)
    resolve(state)          -> (state, events)  TOGETHER: every side has given orders
    done(state)             -> bool   until=HANDLER: the phase is over
    order(state)            -> sides acting, in order (default: clockwise from the
                                      start player; REACT: must be given)
    chance(state)           -> the chance spec of a CHANCE phase

A window handler has `check`, `apply` (both given the window as a last
argument), optional `candidates`/`legal`, and `resolve(state, window)` for a
reaction window that every side passed. The kit pops a window before its
handler's `apply` runs, so `apply` may open the next one.

PASS is legal in every REACT phase or window and in every ALL_PASS phase; the
kit handles it (a pass takes the side off the window, or out of the phase).

A ruleset whose package has a `notation` module gets its notation hooks from it:
`parse_move` reads with `notation.parse`, `format_move` writes `str(move)`,
`notation_help` is `notation.HELP`, and where the module has them `move_group` is
`notation.group` and `move_space` is `notation.move_space`; from a `words` module,
`describe_move`, `describe_group` and `spoken_names` (a move, a group and the
ruleset's own ids in the players' words, toolkit.referee.wording). A ruleset that writes one of these methods itself keeps
its own.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
from itertools import repeat
from operator import is_
from collections.abc import Iterable, Mapping
from functools import lru_cache
from dataclasses import fields, is_dataclass
from typing import Any

from toolkit.referee.chance import ChanceOutcome
from toolkit.referee.kit.flow import Flow, clockwise
from toolkit.referee.kit.values import WHEN_SET, evolve as replace
from toolkit.referee.kit.phases import (
    ALL_PASS, AUTO, CHANCE, HANDLER, ONCE, REACT, SIDE, TOGETHER, TURNS, Phase, Window)
from toolkit.referee.protocol import (
    CHANCE as CHANCE_PLAYER, PASS, Decision, Event, Illegal, Move, Outcome, ScenarioError)

#: Phase changes and turn starts allowed between two decisions before the kit
#: decides the ruleset loops (a phase that never asks anyone and never ends).
SETTLE_LIMIT = 10_000

RULE_PHASE = "kit-phase"
#: A side that passed for the rest of an "until all pass" phase (a ruleset names
#: its own rule per phase in `passed_rules`).
RULE_PASSED = "kit-passed"


def _module_of(cls: type, module: str = "notation") -> Any:
    """The `notation` (or other) module of the package `cls` is written in, or None."""
    package = cls.__module__.rpartition(".")[0]
    if not package or importlib.util.find_spec(f"{package}.{module}") is None:
        return None
    return importlib.import_module(f"{package}.{module}")


def _words_hooks(words: Any) -> dict[str, Any]:
    """The hooks a ruleset gets from its `words` module: a move and a group of moves
    in the players' words (toolkit.referee.wording)."""
    hooks: dict[str, Any] = {}
    if hasattr(words, "describe_move"):
        hooks["describe_move"] = lambda self, state, player, move: \
            words.describe_move(state, player, move)
    if hasattr(words, "spoken_names"):
        hooks["spoken_names"] = lambda self, scenario: words.spoken_names(scenario)
    if hasattr(words, "describe_group"):
        hooks["describe_group"] = lambda self, state, player, group: \
            words.describe_group(state, player, group)
    return hooks


def _notation_hooks(notation: Any) -> dict[str, Any]:
    """The notation hooks a ruleset gets from its `notation` module: those it can serve."""
    hooks: dict[str, Any] = {
        "parse_move": lambda self, text: notation.parse(text),
        "format_move": lambda self, move: str(move),
        "notation_help": lambda self: notation.HELP,
    }
    if hasattr(notation, "group"):
        hooks["move_group"] = lambda self, move: notation.group(move)
    if hasattr(notation, "move_space"):
        hooks["move_space"] = lambda self, state, player: notation.move_space(state, player)
    return hooks


class KitRules:
    """Base class of a ruleset built on the kit (see the module docstring)."""

    name = "kit"
    phases: tuple[Phase, ...] = ()
    windows: Mapping[str, Any] = {}
    #: phase name -> (rule id, what a side that passed in it no longer does, in the
    #: players' words): the refusal of that side's moves, "North has passed and
    #: casts no more spells this Day (FLB-cast)"
    passed_rules: Mapping[str, tuple[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Take the notation and words hooks from the ruleset's `notation` and `words`
        modules, where it has them, for each hook the ruleset does not write itself."""
        super().__init_subclass__(**kwargs)
        notation = _module_of(cls)
        words = _module_of(cls, "words")
        hooks = {} if notation is None else _notation_hooks(notation)
        hooks.update({} if words is None else _words_hooks(words))
        for hook, delegate in hooks.items():
            if not hasattr(cls, hook):
                delegate.__name__ = delegate.__qualname__ = hook
                setattr(cls, hook, delegate)

    # ---------------------------------------------------------- to write

    def setup(self, scenario: Any, options: Mapping[str, Any]) -> Any:  # pragma: no cover
        """The state before the first phase is entered (its flow at phases[0])."""
        raise ScenarioError(f"{self.name} has no setup")

    def finished(self, state: Any) -> Outcome | None:
        """The outcome once the game is over, checked between every two steps."""
        return None

    # ------------------------------------------------------------ lookups

    def phase(self, name: str) -> Phase:
        by_name = self.__dict__.get("_by_name")
        if by_name is None or by_name[0] is not self.phases:  # phases may be set per instance
            by_name = self.__dict__["_by_name"] = (self.phases, {p.name: p for p in reversed(self.phases)})
        p = by_name[1].get(name)
        if p is None:
            raise KeyError(f"{self.name}: no phase {name!r}")
        return p

    def current(self, state: Any) -> Phase:
        by_name = self.__dict__.get("_by_name")
        if by_name is not None and by_name[0] is self.phases:
            p = by_name[1].get(state.flow.phase)
            if p is not None:
                return p
        return self.phase(state.flow.phase)

    # ------------------------------------------------------------ protocol

    def new_game(self, scenario: Any, options: Mapping[str, Any] | None = None) -> Any:
        opts = dict(scenario.options.items()) if getattr(scenario, "options", None) else {}
        if options:
            self._check_overrides(scenario, options)
        opts.update(options or {})
        state = self.setup(scenario, opts)
        state, _ = self._settle(state, [])
        return state

    def _check_overrides(self, scenario: Any, options: Mapping[str, Any]) -> None:
        """Options set over the scenario's (`balance --vary`, a record's `options:` line)
        are held to the types `frontkit check` holds the scenario's own to: an override
        is as much a shared file's word as the scenario (a hand of a billion cards)."""
        needs = getattr(self, "needs", None)
        if needs is None or not needs.options:
            return
        for name, value in options.items():
            problem = needs.option_problem(name, value, scenario)
            if problem:
                raise ScenarioError(problem)

    def decision(self, state: Any) -> Decision | None:
        last = self.__dict__.get("_decided")  # asked again for the same state object:
        if last is not None and last[0] is state:  # by the core, the bots, legal_moves
            return last[1]
        d = self._decision(state)
        self._decided = (state, d)
        return d

    def _decision(self, state: Any) -> Decision | None:
        flow: Flow = state.flow
        if flow.outcome is not None:
            return None
        window = flow.window
        if window is not None:
            if window.acting is CHANCE:
                return Decision.roll(window.spec, window.prompt)
            if window.acting is REACT:
                return _reaction(tuple(window.players), window.prompt)
            return _move(window.players[0], window.prompt)
        phase = self.current(state)
        prompt = self.prompt(state, phase)
        if phase.acting is CHANCE:
            return Decision.roll(phase.handler.chance(state), prompt)
        if phase.acting is TOGETHER:
            return _orders(tuple(flow.waiting), prompt)
        if phase.acting is REACT:
            return _reaction(tuple(flow.waiting), prompt)
        return _move(flow.actor, prompt)

    def not_deciding(self, state: Any, player: str) -> Illegal | None:
        """Why `player` is not asked now (the core's refusal, `game.not_deciding`): the
        open window's or phase's handler says first (its `not_deciding(state, side)`:
        a side that withdrew, one that waits for a reveal), then a side that passed
        for the rest of an until-all-pass phase. None: the generic `turn` refusal."""
        handler, window, phase = self._handler(state)
        for h in (handler, phase.handler) if window is not None else (handler,):
            hook = getattr(h, "not_deciding", None)
            why = hook(state, player) if hook is not None else None
            if why is not None:
                return why
        if window is None and phase.until is ALL_PASS and player in state.flow.out:
            rule, words = self.passed_rules.get(
                phase.name, (RULE_PASSED, "makes no more moves until the phase ends"))
            return Illegal(rule, f"{player} has passed and {words}")
        return None

    def prompt(self, state: Any, phase: Phase) -> str:
        return phase.prompt or phase.name.replace("_", " ")

    def _handler(self, state: Any) -> tuple[Any, Window | None, Phase]:
        phase = self.current(state)
        window = state.flow.window
        if window is not None:
            return self.windows[window.name], window, phase
        return phase.handler, None, phase

    def _passes(self, phase: Phase, window: Window | None) -> bool:
        if window is not None:
            return window.acting is REACT
        return phase.acting is REACT or phase.until is ALL_PASS

    def legal_moves(self, state: Any, player: str) -> Iterable[Move]:
        d = self.decision(state)
        if d is None or player not in d.players:
            return []
        handler, window, phase = self._handler(state)
        extra = (window,) if window is not None else ()
        fast = getattr(handler, "legal", None)
        if fast is not None:
            moves = list(fast(state, player, *extra))
        else:
            gen = getattr(handler, "candidates", None)
            check = handler.check
            moves = [m for m in (gen(state, player, *extra) if gen else ())
                     if check(state, player, m, *extra) is None]
        if self._passes(phase, window):  # the kit's pass comes first, once
            moves = [PASS] + [m for m in moves if m is not PASS]
        self.listed(state, player, moves)
        return moves

    def listed(self, state: Any, player: str, moves: list) -> None:
        """Remember the moves just listed for `player` in `state` (the last listing
        only, as a snapshot: the caller may change its list)."""
        self._listed = (state, player, tuple(moves))

    def was_listed(self, state: Any, player: str, move: Move) -> bool:
        """Is `move` (this very object) among the moves last listed for `player` in
        this very `state` object? Then `check` would accept it (the listing is what
        `check` accepts; the contract test holds the two together), and `game.play`
        does not ask again. Only identity counts: an equal state or an equal move
        built elsewhere is checked in full."""
        last = self.__dict__.get("_listed")
        if last is None or last[0] is not state or last[1] != player:
            return False
        return any(map(is_, last[2], repeat(move)))

    def check(self, state: Any, player: str, move: Move) -> Illegal | None:
        flow: Flow = state.flow
        if flow.outcome is not None:
            return Illegal("over", "the game is over")
        handler, window, phase = self._handler(state)
        if move is PASS and self._passes(phase, window):
            return None
        if window is None and phase.acting is TOGETHER and player not in flow.waiting:
            return Illegal(RULE_PHASE, "your orders are complete; wait for the others")
        extra = (window,) if window is not None else ()
        return handler.check(state, player, move, *extra)

    def apply(self, state: Any, player: str, move: Move) -> tuple[Any, tuple[Event, ...]]:
        events: list[Event] = []
        handler, window, phase = self._handler(state)
        if window is not None:
            state = self._answer_window(state, handler, window, player, move, events)
        else:
            state = self._phase_move(state, handler, phase, player, move, events)
        state, _ = self._settle(state, events)
        return state, tuple(events)

    def outcome(self, state: Any) -> Outcome | None:
        return state.flow.outcome

    def turn_number(self, state: Any) -> int:
        """The round the game is in (a turn, a battle, a Day: what the turn sequence
        counts): a balance report's game length in turns. A search bot rolls out to a
        turn's end only where the ruleset sets `search_whole_turns`."""
        return state.flow.round

    def state_hash(self, state: Any) -> str:
        return stable_hash(state)

    def render(self, view: Any) -> str:
        """The common view as text (`kit.view.render`)."""
        from toolkit.referee.kit.view import render

        return render(view)

    def check_scenario(self, scenario: Any) -> list:
        """What keeps `scenario` from being played by these rules, as diagnostics:
        the ruleset's `needs`, its phases against the turn-sequence table, and
        every card effect against its `effects` registry."""
        needs = getattr(self, "needs", None)
        if needs is None:
            return []
        return needs.check(scenario, self.phases, getattr(self, "effects", None))

    # ---------------------------------------------------------- windows

    def _answer_window(self, state, handler, window: Window, player, move, events) -> Any:
        flow: Flow = state.flow
        popped = replace(flow, windows=flow.windows[:-1])
        if window.acting is REACT and move is PASS:
            left = tuple(p for p in window.players if p != player)
            events.append(Event("pass", f"{player} passes"))
            if left:
                return replace(state, flow=replace(
                    flow, windows=flow.windows[:-1] + (replace(window, players=left),)))
            state = replace(state, flow=popped)
            resolve = getattr(handler, "resolve", None)
            if resolve is not None:
                state, more = resolve(state, window)
                events.extend(more)
            return self._after_window(state)
        state = replace(state, flow=popped)
        state, more = handler.apply(state, player, move, window)
        events.extend(more)
        return self._after_window(state)

    def _after_window(self, state: Any) -> Any:
        """A window closed: if the phase's side has moved and its turn is over, pass on."""
        flow: Flow = state.flow
        if flow.windows or flow.outcome is not None:
            return state
        phase = self.current(state)
        if phase.acting in (SIDE, TURNS) and flow.moved and self._turn_over(state, phase):
            return self._next_turn(state, phase, passed=False)
        return state

    # ------------------------------------------------------------ phases

    def _phase_move(self, state, handler, phase: Phase, player, move, events) -> Any:
        if phase.acting is CHANCE:
            state, more = handler.apply(state, CHANCE_PLAYER, move)
            events.extend(more)
            if phase.until is ONCE:
                state = replace(state, flow=replace(state.flow, ended=True))
            return state
        if move is PASS and self._passes(phase, None):
            if phase.acting is REACT:
                left = tuple(p for p in state.flow.waiting if p != player)
                events.append(Event("pass", f"{player} passes"))
                state = replace(state, flow=replace(state.flow, waiting=left))
                if not left:
                    return self._resolve(state, handler, events)
                return state
            events.append(Event("pass", f"{player} passes"))
            return self._next_turn(state, phase, passed=True)
        state, more = handler.apply(state, player, move)
        events.extend(more)
        flow: Flow = state.flow
        if flow.outcome is not None:
            return state
        if phase.acting is TOGETHER:
            complete = getattr(handler, "complete", None)
            if complete is None or complete(state, player):
                left = tuple(p for p in flow.waiting if p != player)
                state = replace(state, flow=replace(flow, waiting=left))
                if not left:
                    return self._resolve(state, handler, events)
            return state
        if phase.acting is REACT:  # a side took the reaction: the phase is over
            return replace(state, flow=replace(flow, ended=True, waiting=()))
        # the turn's move count goes up by one, unless the turn is over (a new turn
        # starts it again at 0): one new state either way
        if not flow.windows and self._turn_over(state, phase, flow.moved + 1):
            return self._next_turn(state, phase, passed=False)
        return replace(state, flow=replace(flow, moved=flow.moved + 1))

    def _resolve(self, state, handler, events) -> Any:
        resolve = getattr(handler, "resolve", None)
        if resolve is not None:
            state, more = resolve(state)
            events.extend(more)
        phase = self.current(state)
        if phase.until is ONCE:
            return replace(state, flow=replace(state.flow, ended=True))
        # until HANDLER: another round of orders unless the handler is done
        return replace(state, flow=replace(state.flow, waiting=self._order(state, phase)))

    def _turn_over(self, state, phase: Phase, moved: int | None = None) -> bool:
        """Is the actor's turn over, `moved` moves into it (default: as the flow
        counts)? A handler's `turn_over` judges by the ruleset's own fields."""
        over = getattr(phase.handler, "turn_over", None)
        flow: Flow = state.flow
        if over is None:
            return (flow.moved if moved is None else moved) >= 1
        return bool(over(state, flow.actor))

    def _next_turn(self, state, phase: Phase, passed: bool) -> Any:
        flow: Flow = state.flow
        out = flow.out | {flow.actor} if passed and phase.until is ALL_PASS else flow.out
        if phase.acting is SIDE or (phase.until is ONCE and flow.at + 1 >= len(flow.order)):
            return replace(state, flow=replace(flow, out=out, moved=0, begun=False, ended=True))
        if phase.until is ONCE:
            return replace(state, flow=replace(flow, out=out, moved=0, begun=False,
                                               at=flow.at + 1))
        n = len(flow.order)
        for step in range(1, n + 1):
            i = (flow.at + step) % n
            if flow.order[i] not in out:
                return replace(state, flow=replace(flow, out=out, moved=0, begun=False, at=i))
        return replace(state, flow=replace(flow, out=out, moved=0, begun=False, ended=True))

    def _order(self, state, phase: Phase) -> tuple[str, ...]:
        hook = getattr(phase.handler, "order", None)
        if hook is not None:
            return tuple(hook(state))
        if phase.acting is REACT:
            raise ScenarioError(f"{self.name}: reaction phase {phase.name} names no order")
        return clockwise(self.sides(state), state.flow.start)

    def sides(self, state: Any) -> tuple[str, ...]:
        return tuple(state.sides)

    def _following(self, state, phase: Phase) -> tuple[str, bool]:
        """The phase after `phase`, and whether a new round starts with it."""
        if phase.next is not None:
            name = phase.next if isinstance(phase.next, str) else phase.next(state)
            return name, self.phases.index(self.phase(name)) <= self.phases.index(phase)
        i = self.phases.index(phase) + 1
        return (self.phases[i].name, False) if i < len(self.phases) else (
            self.phases[0].name, True)

    # ------------------------------------------------------------ settle

    def _settle(self, state: Any, events: list[Event]) -> tuple[Any, list[Event]]:
        """Run what needs no decision: entering phases, AUTO phases, turn starts,
        phase ends; stop when a decision is due or the game is over."""
        for _ in range(SETTLE_LIMIT):
            flow: Flow = state.flow
            if flow.outcome is not None:
                return state, events
            outcome = self.finished(state)
            if outcome is not None:
                return replace(state, flow=replace(flow, outcome=outcome, windows=())), events
            if flow.windows:
                return state, events
            phase = self.current(state)
            handler = phase.handler
            if flow.fresh:
                acting = phase.acting
                order = () if acting in (AUTO, CHANCE) else self._order(state, phase)
                # an AUTO phase is over once entered: marked so at once (one new state,
                # not two; no `enter` reads `ended`)
                state = replace(state, flow=replace(
                    flow, fresh=False, ended=acting is AUTO, order=order, at=0,
                    out=frozenset(), moved=0, begun=False,
                    waiting=order if acting in (TOGETHER, REACT) else ()))
                enter = getattr(handler, "enter", None)
                if enter is not None:
                    state, more = enter(state)
                    events.extend(more)
                if acting in (TOGETHER, REACT) and not state.flow.waiting:
                    state = replace(state, flow=replace(state.flow, ended=True))
                elif acting in (SIDE, TURNS) and not state.flow.order:
                    state = replace(state, flow=replace(state.flow, ended=True))
                continue
            if not flow.ended and phase.until is HANDLER and handler.done(state):
                state = replace(state, flow=replace(flow, ended=True))
                continue
            if flow.ended:
                name, new_round = self._following(state, phase)
                state = replace(state, flow=replace(
                    flow, phase=name, fresh=True, ended=False,
                    round=flow.round + 1 if new_round else flow.round))
                continue
            if phase.acting in (SIDE, TURNS) and not flow.begun:
                state = replace(state, flow=replace(flow, begun=True))
                begin = getattr(handler, "begin_turn", None)
                if begin is None:  # only `begun` changed: the checks above still hold
                    return state, events  # (no outcome, no window, not over): a decision is due
                begun = state
                state, more = begin(state, flow.actor)
                events.extend(more)
                if state is begun:  # the turn's start changed nothing: as above, a
                    return state, events  # decision is due (no need to ask `finished` again)
                continue
            return state, events
        raise RuntimeError(f"{self.name}: the turn structure loops without asking anyone "
                           f"(phase {state.flow.phase})")


#: decisions are immutable values: the same one is handed out again rather than
#: built and validated at every step (the prompts and sides of a game are few)
_move = lru_cache(maxsize=1024)(Decision.move)
_orders = lru_cache(maxsize=1024)(Decision.orders)
_reaction = lru_cache(maxsize=1024)(Decision.reaction)


# ------------------------------------------------------------------ hashing


def _hashed(f, value: Any) -> bool:
    mark = f.metadata.get("hash", True)
    return mark is True or (mark == WHEN_SET and value != f.default)


def field_hash(state: Any) -> str:
    """A quicker digest of a state dataclass whose fields' reprs are stable: every
    field not marked `hash: False` (nor `hash: WHEN_SET` at its default), as one text,
    with frozensets (and the flow's `out`) sorted so it is the same in every process.
    Several times quicker than `stable_hash`'s walk; a ruleset may use it as its
    `state_hash`."""
    parts = []
    for f in fields(state):
        value = getattr(state, f.name)
        if not _hashed(f, value):
            continue
        if isinstance(value, frozenset):
            value = sorted(value)
        elif f.name == "flow":
            value = replace(value, out=tuple(sorted(value.out)))
        parts.append((f.name, value))
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def stable_hash(value: Any) -> str:
    """A hex digest of a state value, the same in every process: dataclasses by
    field, sets sorted, no salted `hash()`."""
    h = hashlib.sha256()
    _feed(h, value)
    return h.hexdigest()[:16]


def _feed(h, value: Any) -> None:
    if isinstance(value, (str, int, float, bool)) or value is None:
        h.update(f"{type(value).__name__}:{value!r};".encode())
    elif isinstance(value, ChanceOutcome):
        _feed(h, value.values)
    elif is_dataclass(value) and not isinstance(value, type):
        h.update(f"<{type(value).__name__}".encode())
        for f in fields(value):
            v = getattr(value, f.name)
            if _hashed(f, v):
                h.update(f.name.encode())
                _feed(h, v)
        h.update(b">")
    elif isinstance(value, (tuple, list)):
        h.update(b"(")
        for item in value:
            _feed(h, item)
        h.update(b")")
    elif isinstance(value, (set, frozenset)):
        parts = sorted(stable_hash(v) for v in value)
        h.update(("{" + ",".join(parts) + "}").encode())
    elif isinstance(value, Mapping):
        parts = sorted(stable_hash(k) + stable_hash(v) for k, v in value.items())
        h.update(("[" + ",".join(parts) + "]").encode())
    elif value is PASS:
        h.update(b"PASS;")
    else:
        h.update(f"{type(value).__name__}:{value!s};".encode())
