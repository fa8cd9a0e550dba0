"""Input checks at the edge of the host tools: whatever comes over the serial link or out of a
file is measured (size, nesting depth, types) before it is used, and anything shown or used as a
file name is cleaned. Every check raises `BadInput` (a ValueError) with a one-line reason."""

from __future__ import annotations

import json
import math
import re

from shared_rules import registry

MAX_LINE = 1 << 20  # bytes of one line: a board's longest event (a resumed game) is a few KB
MAX_DEPTH = 32      # JSON nesting: events are 3 deep; deeper is hostile (json recurses)
MAX_DIGITS = 20     # digits of one JSON integer: the board's numbers fit in 64 bits (19 digits)
MAX_NUMBER = 1 << 63  # the largest integer any field from the board may hold
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")
_NOT_PRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
PLAIN_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")


class BadInput(ValueError):
    """Input from the board or a file that the host tools refuse; str() says why."""


def depth(text: str) -> int:
    """The deepest bracket nesting of JSON text (brackets inside strings do not count)."""
    deepest = level = 0
    for m in _BRACKETS.finditer(_STRING.sub("", text)):
        if m.group() in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def _no_constant(name):
    raise BadInput(f"{name} is not a JSON number")


def _finite(text):
    value = float(text)
    if not math.isfinite(value):
        raise BadInput(f"number {text[:20]} is out of range")
    return value


def _bounded_int(text):
    """A JSON integer of at most MAX_DIGITS digits: a longer one (a 4300-digit `seq`) would cost
    time to convert and break every later use (str() of it raises); the line is refused."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadInput(f"integer of {len(text.lstrip('-'))} digits (more than {MAX_DIGITS})")
    return int(text)


def load_json(text: str, max_len: int = MAX_LINE, max_depth: int = MAX_DEPTH):
    """Parse one JSON text after checking its size and depth; NaN, Infinity, numbers that
    overflow and integers of more than MAX_DIGITS digits are refused. Raises BadInput."""
    if len(text) > max_len:
        raise BadInput(f"line of {len(text)} characters (more than {max_len})")
    if depth(text) > max_depth:
        raise BadInput(f"JSON nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite,
                          parse_int=_bounded_int)
    except BadInput:
        raise
    except (ValueError, RecursionError) as exc:
        raise BadInput(f"not JSON: {str(exc)[:80]}") from None


def json_object(text: str):
    """A line as a dict, or None when it is not a (sane) JSON object."""
    try:
        obj = load_json(text)
    except BadInput:
        return None
    return obj if isinstance(obj, dict) else None


# ---- typed fields -----------------------------------------------------------------------------
def is_int(value) -> bool:
    """A JSON integer (not a bool, not a float such as 4.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


def integer(obj: dict, key: str, default=None, lo: int = -MAX_NUMBER, hi: int = MAX_NUMBER):
    """obj[key] as an int within lo..hi (default when absent); BadInput otherwise."""
    value = obj.get(key, default)
    if value is default and key not in obj:
        return value
    if not is_int(value) or not lo <= value <= hi:
        raise BadInput(f"'{key}' must be an integer {lo}..{hi}, not {short(value)}")
    return value


def text(obj: dict, key: str, default=None, max_len: int = 4096, null: bool = False):
    """obj[key] as a string of at most max_len characters (default when absent; None when it
    is null and `null` allows that, as the protocol does for some digests)."""
    value = obj.get(key, default)
    if value is default and key not in obj:
        return value
    if value is None and null:
        return None
    if not isinstance(value, str) or len(value) > max_len:
        raise BadInput(f"'{key}' must be a text of at most {max_len} characters"
                       f"{' or null' if null else ''}, not {short(value)}")
    return value


def flag(obj: dict, key: str, default: bool = False) -> bool:
    """obj[key] as a boolean (default when absent or null)."""
    value = obj.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise BadInput(f"'{key}' must be true or false, not {short(value)}")
    return value


def int_list(obj: dict, key: str, max_items: int = 16, lo: int = -MAX_NUMBER,
             hi: int = MAX_NUMBER):
    """obj[key] as a list of integers lo..hi (None when absent or null): scores."""
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > max_items or \
            not all(is_int(x) and lo <= x <= hi for x in value):
        raise BadInput(f"'{key}' must be a list of at most {max_items} integers, "
                       f"not {short(value)}")
    return value


def options(obj: dict, key: str = "options") -> dict:
    """A game's options: a dict of names to booleans, integers, texts, null or lists of those."""
    value = obj.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadInput(f"'{key}' must be an object, not {short(value)}")
    for name, v in value.items():
        items = v if isinstance(v, list) else [v]
        if len(items) > 64 or not all(x is None or isinstance(x, (bool, str)) or is_int(x)
                                      for x in items):
            raise BadInput(f"option '{name}' has a value of the wrong type: {short(v)}")
    return value


def text_list(obj: dict, key: str, max_items: int = 100_000) -> list:
    """obj[key] as a list of strings (empty when absent)."""
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > max_items or \
            not all(isinstance(x, str) for x in value):
        raise BadInput(f"'{key}' must be a list of texts, not {short(value)}")
    return value


MAX_SEED = (1 << 32) - 1  # a seed is 0..4294967295 (docs/protocol.md)
MAX_MOVES = 100_000       # notations in one `new`/`state`/save (a board keeps a few thousand)


def games():
    """The games the host's rules know (shared_rules/registry.py: found, not listed)."""
    return registry.names()


def new_event(obj: dict) -> dict:
    """The fields of a `new` event (or a `state` reply, or a save) checked: game, options,
    seed, moves."""
    return {"game": text(obj, "game", "tayu", 40), "options": options(obj),
            "seed": integer(obj, "seed", 0, 0, MAX_SEED),
            "moves": text_list(obj, "moves", MAX_MOVES)}


def sequence(obj: dict):
    """An event's `seq` when it is a sane one (an integer 0..2**63), else None."""
    value = obj.get("seq")
    return value if is_int(value) and 0 <= value <= MAX_NUMBER else None


# ---- what is shown or used as a name ----------------------------------------------------------
def short(value, limit: int = 40) -> str:
    """A value's repr cut to `limit` characters, for messages."""
    r = repr(value)
    return r if len(r) <= limit else r[:limit - 1] + "\u2026"


def shown(value, limit: int = 40) -> str:
    """A value from the board for a message: a text as it is, anything else as its repr, cut
    to `limit` characters (make it safe for a terminal with printable())."""
    r = value if isinstance(value, str) else repr(value)
    return r if len(r) <= limit else r[:limit - 1] + "\u2026"


def printable(text: str) -> str:
    """Text from the board made safe for a terminal: control and escape characters (and lone
    surrogates, which a terminal cannot encode) are shown as \\xNN / \\uNNNN."""
    def esc(m):
        c = ord(m.group())
        return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"

    return _NOT_PRINTABLE.sub(esc, str(text))


def file_part(value, limit: int = 40) -> str:
    """A piece of a file name made from board data: letters, digits, `_`, `.` and `-` only,
    no leading dot, at most `limit` characters (never empty)."""
    cleaned = _UNSAFE.sub("_", str(value)).lstrip(".")[:limit]
    return cleaned or "_"
