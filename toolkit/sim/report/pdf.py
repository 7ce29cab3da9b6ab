"""The PDF report, drawn with ReportLab's platypus; figures stay vector (svglib).

Why not the press (toolkit.pnp): the press lays out cards, counters and
boards from a scenario's layouts, and toolkit.sim does not import it (the
dependency rule keeps the referee side and the press apart). A report is
flowing text, tables and figures: platypus does exactly that, on the same
ReportLab the press uses.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table,
                                TableStyle)
from xml.sax.saxutils import escape

MARGIN = 15 * mm
FRAME_WIDTH = A4[0] - 2 * MARGIN
FLAG = colors.HexColor("#b03a2e")
OK = colors.HexColor("#2e7d32")


def _styles():
    base = getSampleStyleSheet()
    return {
        "title": ParagraphStyle("title", parent=base["Title"], fontSize=18, alignment=0,
                                spaceAfter=4),
        "h2": ParagraphStyle("h2", parent=base["Heading2"], fontSize=13, spaceBefore=10),
        "h3": ParagraphStyle("h3", parent=base["Heading3"], fontSize=11, spaceBefore=6),
        "body": ParagraphStyle("body", parent=base["BodyText"], fontSize=9.5, leading=12.5),
        "meta": ParagraphStyle("meta", parent=base["BodyText"], fontSize=8.5, leading=11,
                               textColor=colors.HexColor("#555555")),
        "cell": ParagraphStyle("cell", parent=base["BodyText"], fontSize=8, leading=10),
        "flag": ParagraphStyle("flag", parent=base["BodyText"], fontSize=10.5, leading=13,
                               textColor=FLAG),
        "ok": ParagraphStyle("ok", parent=base["BodyText"], fontSize=10.5, leading=13,
                             textColor=OK),
    }


def _figure(svg: str):
    """An SVG figure as a ReportLab drawing, scaled to the frame width."""
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    if drawing.width > FRAME_WIDTH:
        scale = FRAME_WIDTH / drawing.width
        drawing.width, drawing.height = drawing.width * scale, drawing.height * scale
        drawing.scale(scale, scale)
    return drawing


def _table(rows: list[list[str]], st, widths=None) -> Table:
    data = [[Paragraph(escape(str(c)), st["cell"]) for c in row] for row in rows]
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#cccccc")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    return table


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def render_pdf(run, settings, overall, path: Path, lineup: str) -> Path:
    st = _styles()
    story: list = [Paragraph(escape(f"Balance report: {run.title}"), st["title"]),
                   Paragraph(escape(
                       f"{run.scenario} · ruleset {run.ruleset} · {run.games} games"
                       + (f" under each of {len(run.settings)} settings" if len(run.settings) > 1
                          else "")
                       + f" · seed {run.seed} · bots {lineup} · {run.engine} engine, "
                       f"{run.jobs} worker(s), {run.seconds:.1f} s"), st["meta"])]
    if run.perfect_information:
        story.append(Paragraph(escape(
            f"The {run.ruleset} ruleset has no determinize hook: the greedy and MCTS bots looked "
            "ahead on the true state, hidden information included."), st["meta"]))
    if len(settings) == 1:
        report = settings[0].report
        story.append(Paragraph("Verdict", st["h2"]))
        for seat in report.seats:
            story.append(Paragraph(escape(seat.verdict + "."),
                                   st["flag" if seat.off_parity else "ok"]))
        story.append(Paragraph(escape(report.first_seat_advantage + "."), st["body"]))
        story.append(Paragraph(escape(
            f"Draws: {report.draws.k} of {report.games} games ({_pct(report.draws.rate)}, "
            f"95% CI {report.draws.percent()}). "
            + (f"{report.capped} game(s) were stopped at {run.cap} moves without an end."
               if report.capped else "Every game ended by the rules.")), st["body"]))
    else:
        story.append(Paragraph("Settings side by side", st["h2"]))
        rows = [["setting"] + [f"{s} wins (95% CI)" for s in run.sides]
                + ["draws", "capped", "mean moves", "level?"]]
        for view in settings:
            r = view.report
            rows.append([view.name] + [f"{_pct(seat.share.rate)} ({seat.share.percent()})"
                                       for seat in r.seats]
                        + [_pct(r.draws.rate), str(r.capped), f"{r.mean_moves:.1f}",
                           ("not level: " + ", ".join(r.flagged)) if r.flagged
                           else "level within noise"])
        story.append(_table(rows, st))
    story += [Spacer(1, 4), _figure(overall["seats"]), _figure(overall["results"])]
    for view in settings:
        story += _setting(run, view, st, several=len(settings) > 1)
    story.append(Paragraph("How to read this", st["h2"]))
    story.append(Paragraph(escape(
        f"A seat's share counts decided games only; parity is {100 / len(run.sides):.0f}%. "
        "The interval is the Wilson score interval at 95%: if it holds parity, the difference "
        f"is within what chance alone gives over {run.games} games. Per-game figures are in "
        "games.csv beside this report."), st["meta"]))
    doc = SimpleDocTemplate(str(path), pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN, bottomMargin=MARGIN,
                            title=f"Balance report: {run.title}", author="frontkit")
    doc.build(story)
    return path


def _setting(run, view, st, several: bool) -> list:
    r = view.report
    out: list = []
    if several:
        out.append(Paragraph(escape(f"Setting: {view.name}"), st["h2"]))
        for seat in r.seats:
            out.append(Paragraph(escape(seat.verdict + "."), st["flag" if seat.off_parity else "ok"]))
    if r.bots:
        rows = [["bot", "seats in decided games", "won", "share (95% CI)"]]
        rows += [[b.bot, str(b.games), str(b.wins), f"{_pct(b.share.rate)} ({b.share.percent()})"]
                 for b in r.bots]
        out += [Paragraph("Bots", st["h3"]), _table(rows, st)]
    out.append(KeepTogether([
        Paragraph("Game length", st["h3"]),
        Paragraph(escape(f"Mean {r.mean_moves:.1f} moves, {r.mean_turns:.1f} turns (shortest "
                         f"{min(r.moves)}, longest {max(r.moves)} moves)."), st["body"]),
        _figure(view.figures["lengths"])]))
    rows = [["rule", "in the players' words", "games", "won by"]]
    rows += [[e.rule, e.reason, str(e.games), ", ".join(f"{w} {n}" for w, n in e.winners)]
             for e in r.endings]
    out += [Paragraph("How games ended", st["h3"]),
            _table(rows, st, [25 * mm, 95 * mm, 15 * mm, 45 * mm])]
    if r.uses:
        out += [KeepTogether([Paragraph("What was used, and how often its user won", st["h3"]),
                              _figure(view.figures["uses"])])]
    rows = [["why", "game", "seed", "result", "moves", "record"]]
    rows += [[o.why, str(o.row.index), f"{run.seed}#{o.row.index}",
              f"{o.row.winner or 'no winner'}: {o.row.reason}", str(o.row.moves),
              view.records.get(o.row.index, "-")] for o in r.outliers]
    out += [Paragraph("Games worth a look", st["h3"]),
            _table(rows, st, [28 * mm, 12 * mm, 18 * mm, 62 * mm, 14 * mm, 46 * mm])]
    return out
