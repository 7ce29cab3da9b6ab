"""Fonts for the press: scenario TrueType fonts and embedded defaults.

Print shops reject PDFs with fonts that are not embedded, so every font the
press draws with is a TrueType font embedded (subset) in the PDF:

- `font NAME "path.ttf"` in a scenario registers NAME (resolved against the
  scenario's folder);
- the defaults are the Bitstream Vera fonts that ReportLab ships: `sans`
  (Vera), `sans-bold`, `sans-italic`, `sans-bold-italic`;
- the standard PDF names Helvetica, Helvetica-Bold, Helvetica-Oblique and
  Helvetica-BoldOblique are accepted as aliases of those, so layouts written
  for other tools still embed their fonts.

ReportLab keeps registered fonts in a process-wide table; internal names carry
a hash of the file path so two scenarios using the same NAME for different
files cannot collide.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFError

DEFAULT_FONT = "sans"
BUILTIN = {
    "sans": "Vera.ttf",
    "sans-bold": "VeraBd.ttf",
    "sans-italic": "VeraIt.ttf",
    "sans-bold-italic": "VeraBI.ttf",
}
ALIASES = {
    "helvetica": "sans",
    "helvetica-bold": "sans-bold",
    "helvetica-oblique": "sans-italic",
    "helvetica-boldoblique": "sans-bold-italic",
    "vera": "sans",
    "verabd": "sans-bold",
}


class FontError(ValueError):
    """A font that cannot be found or read; the message names it and its path."""


def _register(internal: str, path: str) -> str:
    if internal not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TTFont(internal, path))
        except (TTFError, OSError) as exc:
            raise FontError(f"cannot read font file {path}: {exc}") from None
    return internal


@dataclass
class FontBook:
    """Resolves layout font names to registered ReportLab font names."""

    scenario_fonts: dict[str, Path] = field(default_factory=dict)
    _cache: dict[str, str] = field(default_factory=dict)

    @classmethod
    def for_scenario(cls, scenario) -> "FontBook":
        base = Path(getattr(scenario, "path", ".") or ".").parent
        fonts = {}
        for asset in scenario.assets.values():
            if asset.kind == "font":
                fonts[asset.name] = (base / asset.path)
        return cls(fonts)

    def resolve(self, name: str | None) -> str:
        """The registered font name for `name`; raises FontError naming the path."""
        key = name or DEFAULT_FONT
        if key in self._cache:
            return self._cache[key]
        if key in self.scenario_fonts:
            path = self.scenario_fonts[key]
            if not path.is_file():
                raise FontError(f"font {key}: file not found: {path}")
            digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]
            internal = _register(f"fk-{key}-{digest}", str(path))
        else:
            builtin = ALIASES.get(key.lower(), key.lower())
            if builtin not in BUILTIN:
                known = ", ".join(sorted(set(self.scenario_fonts) | set(BUILTIN)))
                raise FontError(f"unknown font {key!r} (declare it with `font {key} \"file.ttf\"`; "
                                f"known: {known})")
            internal = _register(f"fk-{builtin}", BUILTIN[builtin])
        self._cache[key] = internal
        return internal


def embedded(name: str = DEFAULT_FONT) -> str:
    """The registered (embedded TrueType) font for a built-in name: what boards,
    legends, marks and page furniture draw with instead of the standard Helvetica."""
    return FontBook().resolve(name)
