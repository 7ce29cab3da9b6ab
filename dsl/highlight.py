"""Syntax highlighting of the scenario language for Pygments.

Registered as the Pygments lexer `frontkit` (entry point `pygments.lexers`),
so `pygmentize -l frontkit file.scn` and any tool built on Pygments (the docs,
Sphinx, MkDocs) colour scenario files. Editors that use TextMate grammars load
`editors/frontkit.tmLanguage.json`, which tokenizes the same way.

The keywords come from the grammar's own lists, so a keyword added to
`scenario.lark` is highlighted without another edit here.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

# The statement keywords of scenario.lark (checked against it by the tests).
KEYWORDS = ("scenario", "include", "terrain", "board", "piece", "deck", "card", "setup", "options", "layout",
            "table", "key", "picture", "space", "node", "link", "border", "zone", "reserve", "hand", "font",
            "image", "from")
BOARD_KINDS = ("grid", "hex", "map")
ELEMENT_KINDS = ("text", "box", "image", "rect", "ellipse", "line", "icon")
PREPOSITIONS = ("at", "on", "x")
CONSTANTS = ("true", "false", "none")


class ScenarioLexer(RegexLexer):
    """frontkit scenario files (`*.scn`)."""

    name = "frontkit scenario"
    aliases = ["frontkit", "scn"]
    filenames = ["*.scn"]
    mimetypes = ["text/x-frontkit-scenario"]
    url = "https://pypi.org/project/frontkit/"

    tokens = {
        "root": [
            (r"[ \t]+", Whitespace),
            (r"\r?\n", Whitespace),
            (r"#.*?$", Comment.Single),
            (r'"""', String.Doc, "long_string"),
            (r'"(\\.|[^"\\\n])*"', String.Double),
            (r"-?[0-9]+(\.[0-9]+)?(mm|cm|in|pt)\b", Number.Float),  # lengths
            (r"[0-9]*d[0-9]+\b", Number.Integer),                  # dice
            (r"[0-9]+(-[0-9]+|\+)", Number.Integer),               # ranges
            (r"\bx[0-9]+\b", Number.Integer),                       # quantities
            (r"-?[0-9]+(\.[0-9]+)?", Number),
            (r"(board)(\s+)([A-Za-z_][\w-]*)", bygroups(Keyword.Declaration, Whitespace, Name.Class)),
            (words(KEYWORDS, prefix=r"\b", suffix=r"\b(?!\s*[=(])"), Keyword.Declaration),
            (words(BOARD_KINDS + ELEMENT_KINDS, prefix=r"\b", suffix=r"\b"), Keyword.Type),
            (words(PREPOSITIONS, prefix=r"\b", suffix=r"\b"), Keyword),
            (words(CONSTANTS, prefix=r"\b", suffix=r"\b"), Keyword.Constant),
            (r"[A-Za-z_][\w-]*(?=\()", Name.Function),              # effect primitives
            (r"[A-Za-z_][\w-]*(?==)", Name.Attribute),              # their parameters
            (r"[A-Za-z_][\w-]*", Name),
            (r"\.\.|[=:]", Operator),
            (r"[{}\[\](),;]", Punctuation),
            (r"\S", Text),                                          # picture symbols in a key
        ],
        "long_string": [
            (r'"""', String.Doc, "#pop"),
            (r'[^"]+|"', String.Doc),
        ],
    }
