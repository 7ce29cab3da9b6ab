"""The balance report: HTML (self-contained), PDF, a per-game CSV, outlier records.

    paths = write_report(run, scenario, Path("output/balance/front_lines"))

The HTML page inlines its figures as SVG and carries its own styles: it opens
with no network. The PDF says the same with ReportLab (report/pdf.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from toolkit.sim.report import figures
from toolkit.sim.report.files import write_csv, write_records

TEMPLATE = "balance/report.html.j2"


@dataclass
class SettingView:
    """One setting as the templates show it."""

    name: str
    report: object
    figures: dict[str, str]
    records: dict[int, str] = field(default_factory=dict)  # game -> path relative to the report


@dataclass
class ReportFiles:
    html: Path
    pdf: Path
    csv: Path
    records: list[Path]


def lineup_text(run) -> str:
    specs = list(dict.fromkeys(run.lineup))
    if len(specs) == 1:
        return f"{specs[0]} in every seat"
    return ", ".join(f"{bot} ({side})" for side, bot in zip(run.sides, run.lineup))


def views(run, scenario, out: Path) -> tuple[list[SettingView], dict[str, str], list[Path]]:
    names = [run.setting_name(i) for i in range(len(run.settings))]
    overall = {"seats": figures.seat_shares(run.reports, names),
               "results": figures.results(run.reports, names)}
    out_views: list[SettingView] = []
    written: list[Path] = []
    for i, report in enumerate(run.reports):
        records = write_records(run, scenario, i, report.outliers, out / "records")
        written.extend(records.values())
        figs = {"lengths": figures.lengths(report, run.cap)}
        if report.uses:
            figs["uses"] = figures.uses(report)
        out_views.append(SettingView(names[i], report, figs,
                                     {k: p.relative_to(out).as_posix() for k, p in records.items()}))
    return out_views, overall, written


def write_report(run, scenario, out: Path) -> ReportFiles:
    from toolkit import __version__
    from toolkit.sim.report.html import render_html
    from toolkit.sim.report.pdf import render_pdf

    out.mkdir(parents=True, exist_ok=True)
    csv_path = write_csv(run, out / "games.csv")
    settings, overall, records = views(run, scenario, out)
    html = out / "report.html"
    html.write_text(render_html(run, settings, overall, csv_path.name, __version__,
                                lineup_text(run)), encoding="utf-8")
    pdf = out / "report.pdf"
    render_pdf(run, settings, overall, pdf, lineup_text(run))
    return ReportFiles(html, pdf, csv_path, records)
