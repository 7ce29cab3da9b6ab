"""The report's companions: the per-game CSV and the records of outlier games.

An outlier record is the game's moves as played (kept by a run with a search
bot), or the game played again exactly (same seed, same bots: a run of random
bots), written as an ordinary game record that `frontkit replay` opens. Records are
written only for a setting that plays the scenario as written: a record has no
place for option overrides, so a replay of a swept setting would not match.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from toolkit import __version__
from toolkit.referee import overrides, record
from toolkit.sim import engines
from toolkit.sim.analysis import Outlier


def write_csv(run, path: Path) -> Path:
    """One row per game: setting, game, seed, bots per seat, result, length."""
    with path.open("w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["setting", "game", "seed"] + [f"bot_{s}" for s in run.sides]
                     + ["winner", "rule", "reason", "moves", "player_moves", "turns", "capped"])
        for r in run.rows:
            out.writerow([run.setting_name(r.setting), r.index, f"{run.seed}#{r.index}",
                          *r.bots, r.winner or "", r.rule, r.reason, r.moves, r.player_moves,
                          r.turns, int(r.capped)])
    return path


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "game"


def write_records(run, scenario, setting: int, found: list[Outlier],
                  folder: Path) -> dict[int, Path]:
    """A record per outlier game of `setting`; {game index: path}. A setting's option
    overrides go on the record's `options:` line, so it replays under them."""
    shown = overrides.format(run.settings[setting])  # "" for the scenario as written
    setting_part = f"{_slug(shown)}-" if shown else ""
    folder.mkdir(parents=True, exist_ok=True)
    written: dict[int, Path] = {}
    for outlier in found:
        row = outlier.row
        if row.index in written:
            continue
        path = folder / f"{setting_part}game-{row.index}-{_slug(outlier.why)}.record"
        moves = row.notation or engines.replay_game(run.job, setting, row.index)
        header = record.Header(
            scenario=record.relative_scenario_path(run.scenario, path),
            sha256=scenario.source_hash, ruleset=run.ruleset, sides=run.sides,
            frontkit=__version__, seed=f"{run.seed}#{row.index}",
            extra=(("bots", ", ".join(f"{side} {bot}" for side, bot in zip(run.sides, row.bots))),
                   ("balance", f"game {row.index}, {outlier.why}"))
            + ((("players", str(run.job.players)),) if run.job.players is not None else ())
            + (((overrides.HEADER, shown),) if shown else ()))
        body = "".join(record.move_line(who, text) + "\n" for who, text in moves)
        path.write_text(header.format() + body, encoding="utf-8")
        written[row.index] = path
    return written
