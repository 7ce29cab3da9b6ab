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
    done(state)             -> bool   until=HANDLER: the phase is over (reads no
                                      `flow.begun`: asked of a turn marked begun
                                      before its `begin_turn` has run)
    order(state)            -> sides acting, in order (default: clockwise from the
                                      start player; REACT: must be given)
    chance(state)           -> the chance spec of a CHANCE phase

What `finished(state)` may read: the ruleset's own fields and the flow's `phase`,
`round`, `fresh`, `windows`, `start` and `outcome`; never its `order`, `at`, `waiting`,
`out`, `moved`, `begun` or `ended`. The kit asks it once where the states between two
steps differ only in those (a turn handed over and marked begun in one new flow; a
phase's last turn, or its resolution, gone straight to the next phase's state), so an
answer that read them could differ from the one settling step by step would give.

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
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.routes import (
    Route, Routes, put_flow, reflow, reflow_one, seated)
from toolkit.referee.kit.values import WHEN_SET, evolve as replace
from toolkit.referee.kit.phases import (
    ALL_PASS, AUTO, CHANCE, HANDLER, ONCE, REACT, SIDE, TOGETHER, TURNS, Phase, Window)
from toolkit.referee.protocol import (
    CHANCE as CHANCE_PLAYER, PASS, Decision, Event, Illegal, Move, Outcome, ScenarioError)

#: Phase changes and turn starts allowed between two decisions before the kit
#: decides the ruleset loops (a phase that never asks anyone and never ends).
SETTLE_LIMIT = 10_000
_NOBODY: frozenset = frozenset()  # no side out of the phase

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
    # What the kit remembers, per ruleset object (set on the instance when first made):
    # its routes, the last decision and the last listing. Read as plain attributes: a
    # look at the instance's __dict__ would make Python 3.11 read every attribute of
    # the object the slow way from then on.
    _routes: Routes | None = None
    _decided: tuple | None = None
    _listed: tuple | None = None
    # A state made just now whose side's turn is marked begun (`flow.begun`) while its
    # `begin_turn` has not run yet (`_settle` runs it): one new flow, not two.
    _starting: Any = None

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
        """The outcome once the game is over, checked between every two steps (what it
        may read of the flow: the module docstring)."""
        return None

    # ------------------------------------------------------------ lookups

    def routes(self) -> Routes:
        """The phases and windows with their handlers' hooks (kit.routes), made once,
        when first asked (the ruleset's `phases` and `windows` are read then)."""
        routes = self._routes
        if routes is None:
            # a ruleset that does not write `finished` ends its games itself
            # (flow.outcome); one that does not write `prompt` asks the phase's
            cls = type(self)
            routes = self._routes = Routes(
                self.phases, self.windows, finished=cls.finished is not KitRules.finished,
                prompt=cls.prompt is not KitRules.prompt)
        return routes

    def _route(self, name: str) -> Route:
        routes = self.routes()
        route = routes.by_phase.get(name)
        if route is None:
            raise KeyError(f"{self.name}: no phase {name!r}")
        return route

    def phase(self, name: str) -> Phase:
        return self._route(name).phase

    def current(self, state: Any) -> Phase:
        return self._route(state.flow.phase).phase

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
        last = self._decided  # asked again for the same state object:
        if last is not None and last[0] is state:  # by the core, the bots, legal_moves
            return last[1]
        flow: Flow = state.flow
        if flow.outcome is not None:
            d = None
        elif flow.windows:
            d = _window_decision(flow.windows[-1])
        else:  # the phase's decision, written in line: this runs at every step
            routes = self._routes or self.routes()
            route = routes.by_phase.get(flow.phase) or self._route(flow.phase)
            prompt = self.prompt(state, route.phase) if routes.prompt else route.prompt
            acting = route.acting
            if acting is TOGETHER:  # (the kit's waiting is a tuple already)
                waiting = flow.waiting
                d = _orders(waiting if type(waiting) is tuple else tuple(waiting), prompt)
            elif acting is CHANCE:
                d = Decision.roll(route.chance(state), prompt)
            elif acting is REACT:
                d = _reaction(tuple(flow.waiting), prompt)
            else:
                d = _move(flow.actor, prompt)
        self._decided = (state, d)
        return d

    def not_deciding(self, state: Any, player: str) -> Illegal | None:
        """Why `player` is not asked now (the core's refusal, `game.not_deciding`): the
        open window's or phase's handler says first (its `not_deciding(state, side)`:
        a side that withdrew, one that waits for a reveal), then a side that passed
        for the rest of an until-all-pass phase. None: the generic `turn` refusal."""
        route, extra, _ = self._deciding(state)
        phase = self._route(state.flow.phase)
        for hook in (route.not_deciding, phase.not_deciding) if extra else (route.not_deciding,):
            why = hook(state, player) if hook is not None else None
            if why is not None:
                return why
        if not extra and phase.until is ALL_PASS and player in state.flow.out:
            rule, words = self.passed_rules.get(
                phase.name, (RULE_PASSED, "makes no more moves until the phase ends"))
            return Illegal(rule, f"{player} has passed and {words}")
        return None

    def prompt(self, state: Any, phase: Phase) -> str:
        return phase.prompt or phase.name.replace("_", " ")

    def _deciding(self, state: Any) -> tuple[Route, tuple, bool]:
        """The route a move now takes (the window on top's, else the phase's), the
        extra argument its handler is given (the window), and whether PASS is the
        kit's to take."""
        flow: Flow = state.flow
        if flow.windows:
            window = flow.windows[-1]
            return self.routes().by_window[window.name], (window,), window.acting is REACT
        route = self._route(flow.phase)
        return route, (), route.passes

    def legal_moves(self, state: Any, player: str) -> Iterable[Move]:
        d = self.decision(state)
        if d is None or player not in d.players:
            return []
        route, extra, passes = self._deciding(state)
        if route.legal is not None:
            moves = list(route.legal(state, player, *extra))
        else:
            gen, check = route.candidates, route.check
            moves = [m for m in (gen(state, player, *extra) if gen else ())
                     if check(state, player, m, *extra) is None]
        if passes:  # the kit's pass comes first, once
            moves = [PASS, *(m for m in moves if m is not PASS)]
        self._listed = (state, player, tuple(moves))  # self.listed, in line
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
        last = self._listed
        if last is None or last[0] is not state or last[1] != player:
            return False
        return any(map(is_, last[2], repeat(move)))

    def check(self, state: Any, player: str, move: Move) -> Illegal | None:
        flow: Flow = state.flow
        if flow.outcome is not None:
            return Illegal("over", "the game is over")
        route, extra, passes = self._deciding(state)
        if move is PASS and passes:
            return None
        if not extra and route.acting is TOGETHER and player not in flow.waiting:
            return Illegal(RULE_PHASE, "your orders are complete; wait for the others")
        return route.check(state, player, move, *extra)

    def apply(self, state: Any, player: str, move: Move) -> tuple[Any, tuple[Event, ...]]:
        flow: Flow = state.flow
        routes = self._routes or self.routes()
        if flow.windows:
            events: list[Event] = []
            window = flow.windows[-1]
            state = self._answer_window(state, routes.by_window[window.name], window, player,
                                        move, events)
        else:
            route = routes.by_phase.get(flow.phase) or self._route(flow.phase)
            if route.acting is not TOGETHER:
                events = []
                state = self._phase_move(state, route, player, move, events)
            else:  # an order, written in line: the handler's `apply`, then its `complete`
                state, more = route.apply(state, player, move)
                if state.flow.outcome is not None:
                    events = list(more)
                else:
                    complete = route.complete
                    done = complete is None or complete(state, player)
                    if state.flow is flow and route.still and not flow.fresh \
                            and not flow.ended and flow.outcome is None:
                        # the flow is as it was: settling would find nothing to do (no
                        # outcome, window, phase end or done) while the orders go on,
                        # or others still owe theirs once this side's are complete
                        if not done:
                            return state, tuple(more)
                        left = tuple([p for p in flow.waiting if p != player])
                        if left:
                            return reflow_one(state, "waiting", left), tuple(more)
                    events = list(more)
                    if done:
                        state = self._given(state, route, player, events)
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

    def _answer_window(self, state, route: Route, window: Window, player, move,
                       events) -> Any:
        windows = state.flow.windows
        if window.acting is REACT and move is PASS:
            left = tuple(p for p in window.players if p != player)
            events.append(Event("pass", f"{player} passes"))
            if left:
                return reflow(state, windows=windows[:-1] + (replace(window, players=left),))
            state = reflow(state, windows=windows[:-1])
            if route.resolve is not None:
                state, more = route.resolve(state, window)
                events.extend(more)
            return self._after_window(state)
        state, more = route.apply(reflow(state, windows=windows[:-1]), player, move, window)
        events.extend(more)
        return self._after_window(state)

    def _after_window(self, state: Any) -> Any:
        """A window closed: if the phase's side has moved and its turn is over, pass on."""
        flow: Flow = state.flow
        if flow.windows or flow.outcome is not None:
            return state
        route = self._route(flow.phase)
        if route.turns and flow.moved and self._turn_over(state, route):
            return self._next_turn(state, route, passed=False)
        return state

    # ------------------------------------------------------------ phases

    def _phase_move(self, state, route: Route, player, move, events) -> Any:
        acting = route.acting
        if acting is CHANCE:
            state, more = route.apply(state, CHANCE_PLAYER, move)
            events.extend(more)
            return reflow(state, ended=True) if route.until is ONCE else state
        if move is PASS and route.passes:
            events.append(Event("pass", f"{player} passes"))
            if acting is REACT:
                left = tuple([p for p in state.flow.waiting if p != player])
                state = reflow_one(state, "waiting", left)
                return state if left else self._resolve(state, route, events)
            return self._next_turn(state, route, passed=True)
        state, more = route.apply(state, player, move)
        events.extend(more)
        flow: Flow = state.flow
        if flow.outcome is not None:
            return state
        if acting is REACT:  # a side took the reaction: the phase is over
            return reflow(state, ended=True, waiting=())
        # the turn's move count goes up by one, unless the turn is over (a new turn
        # starts it again at 0): one new state either way. Over: `_turn_over` in line
        # (by default a turn is one move; a handler's `turn_over` judges otherwise)
        if not flow.windows:
            turn_over = route.turn_over
            if turn_over is None or turn_over(state, flow.actor):
                return self._next_turn(state, route, passed=False)
        return reflow_one(state, "moved", flow.moved + 1)

    def _given(self, state, route: Route, player, events) -> Any:
        """`player`'s orders are complete (TOGETHER): it leaves those the phase waits
        for, and once nobody is left the phase resolves."""
        left = tuple([p for p in state.flow.waiting if p != player])
        state = reflow_one(state, "waiting", left)
        return state if left else self._resolve(state, route, events)

    def _resolve(self, state, route: Route, events) -> Any:
        if route.resolve is not None:
            state, more = route.resolve(state)
            events.extend(more)
        phase = state.flow.phase  # self._route, in line: this runs at every resolution
        route = (self._routes or self.routes()).by_phase.get(phase) or self._route(phase)
        if route.until is ONCE:
            return self._onward(state, route, events)
        # until HANDLER: another round of orders unless the handler is done
        return reflow(state, waiting=self._order(state, route))

    def _onward(self, state, route: Route, events) -> Any:
        """The phase is over. Where nothing could see the states between (a ruleset
        without `finished`, no outcome and no window now, the next phase named when
        the routes were made and seated in the default order), it goes straight into
        the next phase: one new state where `_settle` makes three (ended, the next
        phase fresh, entered), the same at the end."""
        flow = state.flow
        after = route.after
        routes = self._routes or self.routes()
        if after is None or flow.outcome is not None or flow.windows:
            return reflow(state, ended=True)
        name, new_round = after
        if routes.finished:  # `_last_turn`'s way: the next phase's state, not entered
            return self._switched(state, name, new_round)
        nxt = routes.by_phase[name]  # named when the routes were made: it is there
        if nxt.order is not None or nxt.acting is REACT:
            return reflow(state, ended=True)
        return self._enter(state, nxt, events, name,
                           flow.round + 1 if new_round else flow.round)

    def _switched(self, state, name: str, new_round: bool) -> Any:
        """The phase is over and `name` is next (`new_round`: one round later): the state
        in that phase, not yet entered, as `_settle` makes it from the ended state, or
        the ended state with the game's outcome where `finished` gives one (asked of this
        state: it reads no `ended`, so its answer is the ended state's)."""
        outcome = self.finished(state)
        if outcome is not None:
            return reflow(state, ended=True, outcome=outcome, windows=())
        flow = state.flow
        round_ = flow.round + 1 if new_round else flow.round
        if type(flow) is not Flow:
            return reflow(state, phase=name, fresh=True, ended=False, round=round_)
        return put_flow(state, Flow(name, round_, flow.order, flow.at, flow.waiting, flow.out,
                                     flow.moved, flow.begun, True, False, flow.windows,
                                     flow.start, flow.outcome))

    def _turn_over(self, state, route: Route) -> bool:
        """Is the actor's turn over? By default after one move (as the flow counts);
        a handler's `turn_over` judges by the ruleset's own fields."""
        flow: Flow = state.flow
        if route.turn_over is None:
            return flow.moved >= 1
        return bool(route.turn_over(state, flow.actor))

    def _next_turn(self, state, route: Route, passed: bool) -> Any:
        flow: Flow = state.flow
        out = flow.out | {flow.actor} if passed and route.until is ALL_PASS else flow.out
        if route.acting is SIDE or (route.until is ONCE and flow.at + 1 >= len(flow.order)):
            return self._last_turn(state, route, out, flow.at)
        if route.until is ONCE:
            return self._turn_of(state, out, flow.at + 1, flow.ended)
        n = len(flow.order)
        for step in range(1, n + 1):
            i = (flow.at + step) % n
            if flow.order[i] not in out:
                return self._turn_of(state, out, i, flow.ended)
        return self._last_turn(state, route, out, flow.at)

    def _turn_of(self, state, out: frozenset, at: int, ended: bool) -> Any:
        """The turn passes to the side at `at` (`_turned`). Where the phase goes on and
        nothing is open (no outcome, window or phase to enter), the new turn is marked
        begun in the same new flow, and `_settle` runs its `begin_turn` (`_starting`):
        what it asks first (`finished`, a HANDLER phase's `done`) reads no `begun`."""
        flow = state.flow
        if ended or flow.windows or flow.fresh or flow.outcome is not None \
                or type(flow) is not Flow:
            return _turned(state, out, at, ended)
        state = self._starting = put_flow(state, Flow(
            flow.phase, flow.round, flow.order, at, flow.waiting, out, 0, True, False, False,
            flow.windows, flow.start, None))
        return state

    def _last_turn(self, state, route: Route, out: frozenset, at: int) -> Any:
        """The phase's last turn is over (`_turned`, ended). Where the phase after it is
        named (Route.after) and nothing is open, the state is the next phase's, not yet
        entered, as `_settle` would make it from the ended one: one new flow where two
        were made, `finished` asked of this state (it reads no `at`, `out`, `moved`,
        `begun` or `ended`: its answer is the ended state's)."""
        flow = state.flow
        if route.after is None or flow.windows or flow.fresh or flow.outcome is not None \
                or flow.ended or type(flow) is not Flow:
            return _turned(state, out, at, True)
        routes = self._routes or self.routes()
        outcome = self.finished(state) if routes.finished else None
        if outcome is not None:  # as `_settle` ends the game in the ended state
            return put_flow(state, Flow(flow.phase, flow.round, flow.order, at, flow.waiting,
                                         out, 0, False, False, True, (), flow.start, outcome))
        name, new_round = route.after
        return put_flow(state, Flow(
            name, flow.round + 1 if new_round else flow.round, flow.order, at, flow.waiting,
            out, 0, False, True, False, flow.windows, flow.start, None))

    def _order(self, state, route: Route) -> tuple[str, ...]:
        if route.order is not None:
            return tuple(route.order(state))
        if route.acting is REACT:
            raise ScenarioError(f"{self.name}: reaction phase {route.name} names no order")
        return seated(self.sides(state), state.flow.start)

    def sides(self, state: Any) -> tuple[str, ...]:
        return tuple(state.sides)

    def _following(self, state, route: Route) -> tuple[str, bool]:
        """The phase after `route`'s, and whether a new round starts with it."""
        if route.after is not None:
            return route.after
        nxt = route.phase.next
        name = nxt if isinstance(nxt, str) else nxt(state)
        return name, self._route(name).index <= route.index

    # ------------------------------------------------------------ settle

    def _settle(self, state: Any, events: list[Event]) -> tuple[Any, list[Event]]:
        """Run what needs no decision: entering phases, AUTO phases, turn starts,
        phase ends; stop when a decision is due or the game is over."""
        routes = self._routes or self.routes()
        by_phase = routes.by_phase
        finished = self.finished if routes.finished else None
        for _ in range(SETTLE_LIMIT):
            flow: Flow = state.flow
            if flow.outcome is not None:
                return state, events
            # a turn marked begun where its begin_turn is still to run (`_starting`):
            # where it ends before that, its flow is as if it had never been begun
            starting = state is self._starting
            outcome = finished(state) if finished is not None else None
            if outcome is not None:
                if starting:
                    return reflow(state, outcome=outcome, windows=(), begun=False), events
                return reflow(state, outcome=outcome, windows=()), events
            if flow.windows:
                return state, events
            route = by_phase.get(flow.phase) or self._route(flow.phase)
            if flow.fresh:
                state = self._enter(state, route, events)
            elif not flow.ended and route.until is HANDLER and route.done(state):
                state = reflow(state, ended=True, begun=False) if starting else \
                    reflow(state, ended=True)
            elif flow.ended:
                name, new_round = self._following(state, route)
                state = reflow(state, phase=name, fresh=True, ended=False,
                               round=flow.round + 1 if new_round else flow.round)
            elif starting or (route.turns and not flow.begun):
                self._starting = None
                if not starting:
                    state = reflow_one(state, "begun", True)
                begin = route.begin_turn
                if begin is None:  # only `begun` changed: the checks above still hold
                    return state, events  # (no outcome, no window, not over): a decision is due
                begun = state
                state, more = begin(state, flow.actor)
                events.extend(more)
                if state is begun:  # the turn's start changed nothing: as above, a
                    return state, events  # decision is due (no need to ask `finished` again)
            else:
                return state, events
        raise RuntimeError(f"{self.name}: the turn structure loops without asking anyone "
                           f"(phase {state.flow.phase})")

    def _enter(self, state: Any, route: Route, events: list[Event], phase: str | None = None,
               round_: int | None = None) -> Any:
        """The phase is entered: who acts in it, in what order, then its `enter`.
        `phase`, `round_`: the flow's, where the phase is switched to in the same step
        (`_onward`)."""
        acting = route.acting
        order = () if acting is AUTO or acting is CHANCE else self._order(state, route)
        waiting = order if acting is TOGETHER or acting is REACT else ()
        # an AUTO phase is over once entered: marked so at once (one new state,
        # not two; no `enter` reads `ended`)
        flow = state.flow
        if type(flow) is Flow:  # made whole (every field given): no changes to look up
            # sides in turn and no `enter`: the first side's turn is marked begun in the
            # same flow, its `begin_turn` run by `_settle` (`_starting`)
            begin = route.turns and route.enter is None and len(order) > 0 \
                and flow.outcome is None and not flow.windows
            state = put_flow(state, Flow(
                flow.phase if phase is None else phase,
                flow.round if round_ is None else round_, order, 0, waiting, _NOBODY, 0,
                begin, False, acting is AUTO, flow.windows, flow.start, flow.outcome))
            if begin:  # (nothing else to do: no `enter`, and sides to act)
                self._starting = state
                return state
        else:
            switch = {} if phase is None else {"phase": phase, "round": round_}
            state = reflow(state, fresh=False, ended=acting is AUTO, order=order, at=0,
                           out=_NOBODY, moved=0, begun=False, waiting=waiting, **switch)
        if route.enter is not None:
            state, more = route.enter(state)
            events.extend(more)
        if acting in (TOGETHER, REACT) and not state.flow.waiting:
            state = reflow(state, ended=True)
        elif acting in (SIDE, TURNS) and not state.flow.order:
            state = reflow(state, ended=True)
        return state


def _turned(state: Any, out: frozenset, at: int, ended: bool) -> Any:
    """`state` at the start of the turn of the side at `at` in the phase's order (none
    of its moves made, its turn not begun), `out` the sides out of the phase, `ended`
    whether the phase is over: the flow made whole, every field given."""
    flow = state.flow
    if type(flow) is not Flow:
        return reflow(state, out=out, moved=0, begun=False, at=at, ended=ended)
    return put_flow(state, Flow(flow.phase, flow.round, flow.order, at, flow.waiting, out, 0,
                                 False, flow.fresh, ended, flow.windows, flow.start,
                                 flow.outcome))


def _window_decision(window: Window) -> Decision:
    """What an open window asks: a roll, a reaction in priority order, or one side's move."""
    if window.acting is CHANCE:
        return Decision.roll(window.spec, window.prompt)
    if window.acting is REACT:
        return _reaction(tuple(window.players), window.prompt)
    return _move(window.players[0], window.prompt)


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
