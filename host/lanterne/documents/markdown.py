"""Markdown helpers: tables, and the generated blocks inside hand-written documents.

Hand-written prose keeps its numbers inside `<!-- BEGIN generated: KEY -->` …
`<!-- END generated: KEY -->` blocks; `fill_blocks` replaces each block's body with what the
maker for KEY returns (build.BLOCKS names them).
"""

from __future__ import annotations

import re
from collections.abc import Callable


def md_table(header, rows) -> str:
    """A markdown table: `header` names the columns, each row is one cell per column."""
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


BLOCK_RE = re.compile(
    r"(<!-- BEGIN generated: (?P<key>[\w-]+) -->\n)(?P<body>.*?)(<!-- END generated: (?P=key) -->)",
    re.S,
)


def fill_blocks(text: str, makers: dict[str, Callable[[dict], str]], profiles: dict) -> str:
    """`text` with every generated block's body replaced by `makers[key](profiles)`; a block
    no maker is named for is an error."""

    def repl(m):
        key = m.group("key")
        if key not in makers:
            raise KeyError(f"unknown generated block {key!r}")
        return m.group(1) + makers[key](profiles).rstrip("\n") + "\n" + m.group(4)

    return BLOCK_RE.sub(repl, text)
