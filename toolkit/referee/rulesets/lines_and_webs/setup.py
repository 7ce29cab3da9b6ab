"""The start of a game: starting packages on the map with their basic loads, the
expansion packages in reserve, the Aerial Port Squadron and twelve tokens in
Packaging/RSOI, each side holding its own seaport and airport (LW-setup)."""

from __future__ import annotations

from typing import Any

from dsl.errors import Diagnostic, suggest
from toolkit.referee.kit.flow import Flow
from toolkit.referee.protocol import ScenarioError
from toolkit.referee.rulesets.lines_and_webs.config import ABBREV, DEFAULTS, TOKEN_PIECES, Config
from toolkit.referee.rulesets.lines_and_webs.state import (
    NONE, OFF, Port, Side, State, Unit, add, one)
from toolkit.referee.rulesets.lines_and_webs.units import full_load


def new_state(cfg: Config) -> State:
    units: list[Unit] = []
    counts: dict[tuple[str, str], int] = {}
    fill = tuple(cfg.opt("unshaded_fill"))

    def make(side: str, kind: str, node: int) -> Unit:
        if kind not in cfg.kinds:
            raise ScenarioError(f"{side}'s setup names {kind}, which is not a unit type")
        n = counts[(side, kind)] = counts.get((side, kind), 0) + 1
        label = f"{side[0].upper()}{ABBREV.get(kind, kind[:3].upper())}{n}"
        k = cfg.kinds[kind]
        u = Unit(uid=len(units), side=side, kind=kind, label=label, node=node,
                 tokens=full_load(k, fill) if node != OFF else NONE)
        units.append(u)
        return u

    books = []
    for side in cfg.sides:
        setup = cfg.scenario.setups.get(side)
        if setup is None:
            raise ScenarioError(f"side {side} has no setup")
        for p in setup.placements:
            if p.space not in cfg.index:
                raise ScenarioError(f"{side}'s {p.piece} is set up on {p.space}, "
                                    "which is not on the map")
            for _ in range(p.count):
                make(side, p.piece, cfg.index[p.space])
        for stock in setup.reserve:
            for _ in range(stock.count):
                make(side, stock.name, OFF)
        first_uids: list[int] = []
        first_tokens = NONE
        packed = setup.fields.get(cfg.queue_spaces[0]) if cfg.queue_spaces else None
        for name, count in (packed.items() if packed is not None else ()):
            if name in TOKEN_PIECES:
                first_tokens = add(first_tokens, one(TOKEN_PIECES[name], int(count)))
            else:
                for _ in range(int(count)):
                    first_uids.append(make(side, name, OFF).uid)
        queue = [((), NONE) for _ in cfg.queue_spaces]
        if queue:
            queue[0] = (tuple(first_uids), first_tokens)
        books.append(Side(queue=tuple(queue)))
    ports = tuple(Port(holder=cfg.port_owner[k]) for k in range(len(cfg.ports)))
    return State(sides=cfg.sides, cfg=cfg, flow=Flow(phases_first()), units=tuple(units),
                 ports=ports, books=tuple(books))  # type: ignore[arg-type]


def phases_first() -> str:
    return "deploy"


def queued(s: State, side: str) -> set[int]:
    """Units of `side` in its delivery queue or bought this turn."""
    b = s.book(side)
    out = set(b.basket_units) | set(b.fly_units)
    for uids, _ in b.queue:
        out.update(uids)
    return out


def available(s: State, side: str) -> list[Unit]:
    """Units of `side` that may still be bought: off the map, never destroyed, not in
    the queue."""
    q = queued(s, side)
    return [u for u in _off_map(s, side) if u.uid not in q]


def _off_map(s: State, side: str) -> list[Unit]:
    """Units of `side` off the map and never destroyed, kept while the units are the
    same (Spend resources asks decision after decision on one map)."""
    memo = s.cfg.weight_memo.setdefault(("off map", side), [None, None])
    if memo[0] is not s.units:
        memo[:] = [s.units, [u for u in s.units
                             if u.side == side and u.node == OFF and u.lost == 0]]
    return memo[1]


def setup_problems(scenario: Any) -> list[Diagnostic]:
    """A side's setup fields (LW-R10): its starting package is the field named after
    the first delivery-queue space (`packaging_rsoi { fuel_token 4; … }`), and
    `special_deck` names the deck of special cards. Any other field is read by nothing:
    a misspelt package would start the side with none, so it is an error where written
    (a warning where the queue is empty: then no field is a package)."""
    queue = scenario.options.get("delivery_queue", DEFAULTS["delivery_queue"])
    first = str(queue[0]) if isinstance(queue, (tuple, list)) and queue else None
    out: list[Diagnostic] = []
    for side, setup in scenario.setups.items():
        for entry in setup.fields.entries:
            if entry.name == first:
                continue
            if entry.name == "special_deck":
                if str(entry.value) not in scenario.decks:
                    out.append(Diagnostic.at(entry.pos, f"setup {side}: special_deck: no deck "
                                             f"{entry.value}", hint=suggest(str(entry.value), scenario.decks)))
            elif first is None:  # no queue, no package
                out.append(Diagnostic.at(
                    entry.pos, f"setup {side}: {entry.name} is not read: with no delivery "
                    "queue a side starts with no package (LW-R10)", severity="warning"))
            else:
                out.append(Diagnostic.at(
                    entry.pos, f"setup {side}: the ruleset lines_and_webs reads no field "
                    f"{entry.name!r} (a side's starting package is its field {first}, LW-R10)",
                    hint=suggest(entry.name, (first, "special_deck"))))
    return out

