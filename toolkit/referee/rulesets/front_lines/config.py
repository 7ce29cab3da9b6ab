"""What a Front Lines scenario fixes before play: the board, the pieces, the
zones, the armies and the options, read once into fast lookup tables.

Squares are numbered `row * width + col` inside the rules; their names
(`C5`) appear only in notation, views and events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dsl.model import Scenario, grid_id
from toolkit.referee.protocol import ScenarioError
from toolkit.referee.rulesets.front_lines.order_table import OrderTable
from toolkit.referee.rulesets.front_lines.stacking import join_table

FORWARD, BACKWARD, SIDEWAYS = 0, 1, 2
ROLES = ("combat", "recon", "commander")
SKILLS = {"airstrike": "airstrike", "reinforce": "reinforce", "land_mine": "mine"}
SKILL_NAMES = {code: name for name, code in SKILLS.items()}
DEPLOYMENTS = ("free", "setup")
SIDEWAYS_RULES = ("free", "backward", "forbidden")
TIMERS = ("off", "online", "hotseat")

DEFAULT_OPTIONS: dict[str, Any] = {
    "deployment": "free",
    "actions_per_turn": 3,
    "backward_moves_per_turn": 1,
    "sideways": "free",
    "swap_fight": True,
    "reinforce_piece": "infantry",
    "wipe_piece": "infantry",
    "centre_hold_turns": 5,
    "no_casualty_draw_turns": 10,
    "repetition_draw": 3,
    "timers": "off",
    "deploy_seconds": 120,
    "online_plan_seconds": 45,
    "hotseat_plan_seconds": 60,
}


@dataclass(frozen=True, eq=False)
class Piece:
    name: str
    letter: str
    role: str
    moves: int
    beats: frozenset[str]
    disguise: str | None
    reveals: int


class Config:
    """The fixed tables of one scenario with its options. Built once, shared by states,
    never changed after it is built."""

    def __init__(self, scenario: Scenario, options: Mapping[str, Any] | None = None):
        if len(scenario.sides) != 2:
            raise ScenarioError("Front Lines is a two-side game: write `sides North, South`")
        self.scenario = scenario
        self.sides: tuple[str, str] = (scenario.sides[0], scenario.sides[1])
        self.only = (frozenset({self.sides[0]}), frozenset({self.sides[1]}))
        self._side_index = {name: i for i, name in enumerate(self.sides)}
        opts = dict(DEFAULT_OPTIONS)
        opts.update(scenario.options.items())
        opts.update(options or {})
        unknown = sorted(set(opts) - set(DEFAULT_OPTIONS))
        if unknown:
            raise ScenarioError(f"unknown Front Lines option(s): {', '.join(unknown)}")
        self.options = opts
        self._read_board(scenario)
        self._read_pieces(scenario)
        self._read_setups(scenario)
        self._check_options()
        self._precompute_steps()
        self._precompute_stacking()
        self.orders = OrderTable(self)

    # Everything a Config holds is made here, before play: nothing is added or
    # changed while games run, so states that share a Config stay values.

    # ------------------------------------------------------------ reading

    def _read_board(self, scenario: Scenario) -> None:
        if not scenario.boards:
            raise ScenarioError("Front Lines needs a grid board")
        board = scenario.board
        if board.kind != "grid":
            raise ScenarioError("Front Lines is played on a square grid")
        self.width, self.height = board.width, board.height
        self.names = tuple(grid_id(i % self.width, i // self.width)
                           for i in range(self.width * self.height))
        self.index = {name: i for i, name in enumerate(self.names)}
        zones = board.zone_index

        def zone(name: str) -> frozenset[int]:
            if name not in zones:
                raise ScenarioError(f"Front Lines needs a zone called {name}")
            return frozenset(self.index[s] for s in zones[name].spaces)

        self.centre = zone("centre")
        self.deploy = tuple(zone(f"deploy_{s}") for s in self.sides)
        self.spawn = tuple(zone(f"spawn_{s}") for s in self.sides)
        self.hidden = tuple(zone(f"hidden_{s}") for s in self.sides)
        self.skill_zone = tuple(zone(f"skills_{s}") for s in self.sides)
        # sorted tuples, for enumeration in a stable order
        self.spawn_list = tuple(tuple(sorted(z)) for z in self.spawn)
        self.skill_list = tuple(tuple(sorted(z)) for z in self.skill_zone)
        self.deploy_list = tuple(tuple(sorted(z)) for z in self.deploy)

    def _read_pieces(self, scenario: Scenario) -> None:
        self.pieces: dict[str, Piece] = {}
        for p in scenario.pieces.values():
            role = p.get("role", "combat")
            if role not in ROLES:
                raise ScenarioError(f"piece {p.name}: role must be one of {', '.join(ROLES)}")
            letter = str(p.get("letter", p.name[0].upper()))
            if len(letter) != 1 or not letter.isalpha() or not letter.isupper():
                raise ScenarioError(f"piece {p.name}: letter must be one capital letter")
            beats = p.get("beats", ())
            beats = (beats,) if isinstance(beats, str) else tuple(beats)
            reach = max(self.width, self.height)  # a longer move or reveal means nothing more
            self.pieces[p.name] = Piece(p.name, letter, role, _whole(p, "moves", 1, 0, reach),
                                        frozenset(beats), p.get("disguise"),
                                        _whole(p, "reveals", 0, 0, reach))
        letters = [p.letter for p in self.pieces.values()]
        if len(set(letters)) != len(letters):
            raise ScenarioError("Front Lines pieces need distinct letters")
        self.by_letter = {p.letter: p.name for p in self.pieces.values()}
        self.letter = {p.name: p.letter for p in self.pieces.values()}
        self.role = {p.name: p.role for p in self.pieces.values()}
        commanders = [p.name for p in self.pieces.values() if p.role == "commander"]
        if len(commanders) != 1:
            raise ScenarioError("Front Lines needs exactly one piece with role commander")
        self.commander = commanders[0]
        for p in self.pieces.values():
            for other in p.beats | ({p.disguise} if p.disguise else set()):
                if other not in self.pieces:
                    raise ScenarioError(f"piece {p.name} names an unknown piece {other}")
        # the order in which combat picks its victims: the letters' order is stable
        self.kind_order = {name: i for i, name in enumerate(self.pieces)}

    def _read_setups(self, scenario: Scenario) -> None:
        armies, pools, skills, forward = [], [], [], []
        for i, side in enumerate(self.sides):
            setup = scenario.setups.get(side)
            if setup is None:
                raise ScenarioError(f"Front Lines needs a setup for {side}")
            army = []
            for pl in setup.placements:
                if pl.piece not in self.pieces:
                    raise ScenarioError(f"setup {side}: unknown piece {pl.piece}")
                if pl.space not in self.index or self.index[pl.space] not in self.deploy[i]:
                    raise ScenarioError(f"setup {side}: {pl.space} is not in deploy_{side}")
                army.extend([(pl.piece, self.index[pl.space])] * pl.count)
            if sum(1 for k, _ in army if k == self.commander) != 1:
                raise ScenarioError(f"setup {side}: the army needs exactly one {self.commander}")
            armies.append(tuple(army))
            pool = setup.reserve_counts()
            for name in pool:
                if name not in self.pieces or self.pieces[name].role == "commander":
                    raise ScenarioError(f"setup {side}: {name} cannot be held in reserve")
            pools.append(tuple((k, pool[k]) for k in self.pieces if pool.get(k)))
            raw = setup.fields.get("skills", tuple(SKILLS))
            raw = (raw,) if isinstance(raw, str) else tuple(raw)
            for name in raw:
                if name not in SKILLS:
                    raise ScenarioError(f"setup {side}: unknown skill {name} "
                                        f"(known: {', '.join(SKILLS)})")
            skills.append(frozenset(SKILLS[n] for n in raw))
            advance = setup.fields.get("advance", "down" if i == 0 else "up")
            if advance not in ("up", "down"):
                raise ScenarioError(f"setup {side}: advance is up or down")
            forward.append(1 if advance == "down" else -1)
        self.armies = tuple(armies)
        self.pools = tuple(pools)
        self.skills = tuple(skills)
        self.forward = tuple(forward)

    def _check_options(self) -> None:
        o = self.options
        for key, allowed in (("deployment", DEPLOYMENTS), ("sideways", SIDEWAYS_RULES),
                             ("timers", TIMERS)):
            if o[key] not in allowed:
                raise ScenarioError(f"option {key} is one of {', '.join(allowed)}")
        for key in ("actions_per_turn", "backward_moves_per_turn", "centre_hold_turns",
                    "no_casualty_draw_turns", "repetition_draw"):
            if not isinstance(o[key], int) or isinstance(o[key], bool) or o[key] < 0:
                raise ScenarioError(f"option {key} is a whole number")
        if o["actions_per_turn"] < 1 or o["actions_per_turn"] > MAX_ACTIONS:
            raise ScenarioError(f"option actions_per_turn is from 1 to {MAX_ACTIONS}")
        if o["backward_moves_per_turn"] > MAX_ACTIONS:
            raise ScenarioError(f"option backward_moves_per_turn is at most {MAX_ACTIONS}")
        for key in ("reinforce_piece", "wipe_piece"):
            if o[key] not in self.pieces:
                raise ScenarioError(f"option {key} names an unknown piece {o[key]}")
        self.actions = o["actions_per_turn"]
        self.back_limit = o["backward_moves_per_turn"]
        self.sideways = o["sideways"]
        self.swap_fight = bool(o["swap_fight"])
        self.reinforce_piece = o["reinforce_piece"]
        self.wipe_piece = o["wipe_piece"]

    def _precompute_steps(self) -> None:
        """steps[side][moves][square]: the (destination, direction) of one move action."""
        w, h = self.width, self.height
        ranges = sorted({p.moves for p in self.pieces.values()})
        self.steps: tuple[dict[int, tuple[tuple[tuple[int, int], ...], ...]], ...] = ()
        out = []
        for fwd in self.forward:
            per_range = {}
            for reach in ranges:
                table = []
                for sq in range(w * h):
                    col, row = sq % w, sq // w
                    dests = []
                    for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                        for n in range(1, reach + 1):
                            c2, r2 = col + dc * n, row + dr * n
                            if 0 <= c2 < w and 0 <= r2 < h:
                                way = SIDEWAYS if dr == 0 else (FORWARD if dr == fwd else BACKWARD)
                                dests.append((r2 * w + c2, way))
                    table.append(tuple(dests))
                per_range[reach] = tuple(table)
            out.append(per_range)
        self.steps = tuple(out)
        # ways[side][moves][square][destination]: the direction of that move, if it is one
        self.ways = tuple({reach: tuple(dict(dests) for dests in table)
                           for reach, table in per_range.items()} for per_range in out)
        # the eight neighbours of each square (recon assassination)
        near = []
        for sq in range(w * h):
            col, row = sq % w, sq // w
            near.append(frozenset((row + dr) * w + col + dc
                                  for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                                  if (dc or dr) and 0 <= col + dc < w and 0 <= row + dr < h))
        self.near = tuple(near)

    def _precompute_stacking(self) -> None:
        """room_for[group of types]: the types that may join it (stacking.join_table);
        refused[that answer]: the other types, for enumeration's blocked squares."""
        self.room_for = join_table(self)
        self.refused = {allowed: tuple(k for k in self.pieces if k not in allowed)
                        for allowed in self.room_for.values()}

    # ------------------------------------------------------------ helpers

    def other(self, side: int) -> int:
        return 1 - side

    def side_index(self, name: str) -> int:
        return self._side_index[name] if name in self._side_index else self.sides.index(name)

    def distance(self, a: int, b: int) -> int:
        w = self.width
        return abs(a % w - b % w) + abs(a // w - b // w)

    def plan_seconds(self) -> int | None:
        timers = self.options["timers"]
        if timers == "off":
            return None
        return int(self.options[f"{timers}_plan_seconds"])

    def deploy_seconds(self) -> int | None:
        return None if self.options["timers"] == "off" else int(self.options["deploy_seconds"])


MAX_ACTIONS = 100  # actions a side plans per turn: every one is a decision of its own


def _whole(piece: Any, key: str, default: int, low: int, high: int) -> int:
    """A piece statistic the rules count with: a whole number from `low` to `high`."""
    value = piece.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ScenarioError(f"piece {piece.name}: {key} is a whole number from {low} to {high} "
                            f"on this board, not {value!r}")
    return value
