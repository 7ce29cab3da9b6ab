"""The HTML report: one Jinja template (templates/balance/), figures inlined."""

from __future__ import annotations

import jinja2

from toolkit.resources import templates_dir

TEMPLATES = jinja2.FileSystemLoader(str(templates_dir()))


def render_html(run, settings, overall, csv_name: str, version: str, lineup: str) -> str:
    env = jinja2.Environment(loader=TEMPLATES, autoescape=jinja2.select_autoescape(["html", "j2"]),
                             undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True)
    template = env.get_template("balance/report.html.j2")
    rotated = run.rotate and len(set(run.lineup)) > 1
    return template.render(run=run, settings=settings, figures=overall, csv_name=csv_name,
                           version=version, lineup=lineup, rotated=rotated)
