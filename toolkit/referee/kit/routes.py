"""How the kit finds a move's way: each phase and window with its handler's hooks,
looked up once per ruleset instead of at every move.

`KitRules` (kit.rules) routes every move, listing and check to the handler of the
current phase or of the window on top, and between two decisions runs the phase's
`enter`, `begin_turn`, `done`, … hooks. A `Route` holds one phase (or window) and
those hooks (None where the handler has none), its place in the declared order and
the phase after it, so a step costs a dict lookup by name where it cost a scan of
the phases (`tuple.index`, dataclass equality) and a `getattr` per hook.

`reflow(state, **changes)` is the kit's one copy of a state with its flow changed:
a new flow (`kit.values.evolve`, its instance dict copied once), one new state
around it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from functools import lru_cache
from typing import Any

from toolkit.referee.kit.flow import Flow, clockwise
from toolkit.referee.kit.phases import ALL_PASS, HANDLER, REACT, SIDE, TURNS, Phase
from toolkit.referee.kit.values import copier, evolve, replacer

#: The hooks a handler may have (kit.rules' module docstring says what each does).
HOOKS = ("legal", "candidates", "check", "apply", "enter", "begin_turn", "turn_over",
         "complete", "resolve", "done", "order", "chance", "not_deciding")


class Route:
    """A phase (or a window's handler) as the kit routes it."""

    __slots__ = ("phase", "name", "index", "handler", "acting", "until", "turns",
                 "passes", "after", "prompt", "still", *HOOKS)

    def __init__(self, handler: Any, phase: Phase | None = None, index: int = -1) -> None:
        self.phase, self.index, self.handler = phase, index, handler
        self.name = phase.name if phase is not None else ""
        self.acting = phase.acting if phase is not None else None
        self.until = phase.until if phase is not None else None
        #: a side's turn: SIDE or TURNS (begin_turn, turn_over, the moves counted)
        self.turns = self.acting in (SIDE, TURNS)
        #: the kit's pass is legal: a reaction, or an until-all-pass phase
        self.passes = self.acting is REACT or self.until is ALL_PASS
        #: (the phase after, a new round begins) where `next` is not a function
        self.after: tuple[str, bool] | None = None
        #: the decision's prompt where the ruleset writes no `prompt` of its own
        self.prompt = (phase.prompt or phase.name.replace("_", " ")) if phase else ""
        #: a move that leaves the flow as it was leaves nothing to settle: no `done`
        #: to ask (until HANDLER) and no `finished` (set by `Routes`)
        self.still = False
        for hook in HOOKS:
            setattr(self, hook, getattr(handler, hook, None))


class Routes:
    """Every phase and window of a ruleset, by name."""

    __slots__ = ("phases", "windows", "by_phase", "by_window", "finished", "prompt")

    def __init__(self, phases: tuple[Phase, ...], windows: Mapping[str, Any],
                 finished: bool = True, prompt: bool = True) -> None:
        self.phases, self.windows = phases, windows
        by_phase: dict[str, Route] = {}
        for i in range(len(phases) - 1, -1, -1):  # the first phase of a name is the one
            by_phase[phases[i].name] = Route(phases[i].handler, phases[i], i)
        for route in by_phase.values():
            route.after = _after(phases, route, by_phase)
            route.still = not finished and route.until is not HANDLER
        self.by_phase = by_phase
        self.by_window = {name: Route(handler) for name, handler in windows.items()}
        #: whether the ruleset writes `finished` (where not, its games end by
        #: flow.outcome) and `prompt` (where not, a phase's own is the prompt)
        self.finished = finished
        self.prompt = prompt


def _after(phases: tuple[Phase, ...], route: Route,
           by_phase: dict[str, Route]) -> tuple[str, bool] | None:
    """The phase after `route`'s and whether a new round begins with it; None when
    the phase's `next` is a function of the state (asked at the time)."""
    nxt = route.phase.next
    if nxt is None:
        i = route.index + 1
        return (phases[i].name, False) if i < len(phases) else (phases[0].name, True)
    if isinstance(nxt, str):
        target = by_phase.get(nxt)
        return None if target is None else (nxt, target.index <= route.index)
    return None


def reflow(state: Any, **changes: Any) -> Any:
    """`state` with its flow changed (the kit's own changes: every name a field, as
    `evolve` holds it): a new flow (`kit.values`' copier of its slots, given the changes
    as they came), one new state around it (`put_flow`)."""
    flow = state.flow
    new = _copy_flow(flow, changes) if type(flow) is Flow else evolve(flow, **changes)
    put = _PUT_FLOW.get(type(state))
    return (put or _flow_putter(state))(state, new)


def reflow_one(state: Any, name: str, value: Any) -> Any:
    """`reflow(state, name=value)` for one field of the kit's Flow changed at nearly every
    step (`moved`, `begun`, and `waiting` for every order given in a TOGETHER phase and
    every pass in a REACT one): the flow copied by a function of that field
    (`kit.values.replacer`, made once a name), without a changes dict."""
    flow = state.flow
    if type(flow) is not Flow:
        return reflow(state, **{name: value})
    change = _FLOW_FIELD.get(name)
    if change is None:
        change = _FLOW_FIELD[name] = replacer(Flow, name)
    put = _PUT_FLOW.get(type(state))
    return (put or _flow_putter(state))(state, change(flow, value))


def put_flow(state: Any, flow: Any) -> Any:
    """`state` with the new flow `flow` put in it (not `kit.flow.with_flow`, which takes
    changes to the flow): a state dataclass without slots has its instance
    dict copied with the new flow, one of slots its slots assigned plainly (a function
    made once per class, `kit.values.replacer`), with no changes dict to build and read."""
    put = _PUT_FLOW.get(type(state))
    return (put or _flow_putter(state))(state, flow)


def _flow_putter(state: Any) -> Any:
    cls = type(state)
    if _keeps_dict(state):
        def put(state: Any, flow: Any) -> Any:
            d = state.__dict__.copy()
            d["flow"] = flow
            out = _new(cls)
            _set_attr(out, "__dict__", d)
            return out
    else:
        put = replacer(cls, "flow")
    _PUT_FLOW[cls] = put
    return put


_new, _set_attr = object.__new__, object.__setattr__
_copy_flow = copier(Flow)
#: a field of Flow -> its `replacer` (reflow_one)
_FLOW_FIELD: dict[str, Any] = {}
#: a state class -> its `put_flow` (state, new flow) -> new state
_PUT_FLOW: dict[type, Any] = {}


def _keeps_dict(state: Any) -> bool:
    """Does `state` keep all its dataclass fields (`flow` among them) in its instance
    dict, so a copy of that dict is a copy of the state?"""
    d = getattr(state, "__dict__", None)
    return d is not None and "flow" in d and all(
        f.name in d for f in fields(state)) and not any(
        hasattr(k, "__slots__") for k in type(state).__mro__ if k is not object)

#: The sides in seat order from the start player (kit.flow.clockwise), made once per
#: (sides, start): a phase is entered at nearly every round.
seated = lru_cache(maxsize=256)(clockwise)
