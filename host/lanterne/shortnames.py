"""Shorter names for the board's code (issue 33). MicroPython interns every global name a
module's code holds and never frees one; a game's heap has room for 1,260 before a seventh
pool of names takes 7.5 KB at once (docs/firmware.md, "Interned names"). So the compiled code
renames each module's private globals (a leading `_`: its helper functions and classes, and
constants that are not `const()`) to `_0`, `_1`, ..., names every module shares.

Only a name no other file of the checkout mentions is renamed (a test or another module that
reads `module._name` keeps it working), and only where every mention in its own file is code,
not text (an f-string, a `getattr` by name). The sources are not changed: `flash.build`
compiles the renamed text, for the board and for the unix port's tests alike.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable, Mapping


def private_globals(tree: ast.Module) -> list[str]:
    """The module's private globals, in the order they are first defined: top-level functions,
    classes and assignments (not `const()`, which mpy-cross folds away: no name remains), and
    names a function declares `global`."""
    found: list[str] = []

    def add(name: str) -> None:
        if name.startswith("_") and not name.startswith("__") and name not in found:
            found.append(name)

    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            value = node.value
            if (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                    and value.func.id == "const"):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    add(target.id)
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            for name in node.names:
                add(name)
    return found


_WORDS = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _word(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])")


def _in_text(source: str, names: Iterable[str]) -> set[str]:
    """Those of `names` that a string of the source mentions (f-strings included)."""
    text = (tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING))
    strings = [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
               if tok.type in text]
    return {n for n in names if any(_word(n).search(s) for s in strings)}


def plan(modules: Mapping[str, str], others: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """{path: {old name: new name}} for the compiled `modules` ({path: source}); `others` is
    every other source of the checkout ({path: source}: tests, the host), whose mentions keep
    a name. Deterministic: the same sources give the same names."""
    everything = dict(others)
    everything.update(modules)
    mentions: dict[str, int] = {}  # name -> how many files mention it (as a word)
    for text in everything.values():
        for word in set(_WORDS.findall(text)):
            mentions[word] = mentions.get(word, 0) + 1
    out: dict[str, dict[str, str]] = {}
    for path in sorted(modules):
        source = modules[path]
        tree = ast.parse(source)
        names = private_globals(tree)
        if not names:
            continue
        kept = _in_text(source, names)
        kept.update(node.attr for node in ast.walk(tree)
                    if isinstance(node, ast.Attribute))  # a class's own attribute of that name
        taken = set(re.findall(r"(?<![A-Za-z0-9_])_[0-9]+(?![A-Za-z0-9_])", source))
        mapping: dict[str, str] = {}
        for name in names:
            if name in kept:
                continue
            if mentions.get(name, 0) > 1:  # another file mentions it (its own does)
                continue
            new = f"_{len(mapping)}"
            while new in taken:  # (a module that already says `_0`: none today)
                new += "_"
            mapping[name] = new
        if mapping:
            out[path] = mapping
    return out


def rename(source: str, mapping: Mapping[str, str]) -> str:
    """The source with each name of `mapping` renamed where it is code (a name token that is
    not an attribute: `x._name` names another object's), lines and layout otherwise kept."""
    if not mapping:
        return source
    lines = source.split("\n")  # as tokenize counts rows (splitlines() also breaks at \f...)
    edits: list[tuple[int, int, int, str]] = []
    previous = None
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME and tok.string in mapping and not (
                previous is not None and previous.type == tokenize.OP and previous.string == "."):
            (row, start), (_, end) = tok.start, tok.end
            edits.append((row - 1, start, end, mapping[tok.string]))
        if tok.type not in (tokenize.NL, tokenize.COMMENT, tokenize.NEWLINE):
            previous = tok
    for row, start, end, new in reversed(edits):
        line = lines[row]
        lines[row] = line[:start] + new + line[end:]
    return "\n".join(lines)
