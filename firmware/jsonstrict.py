"""One strict reading of JSON for both runtimes: `check(data)` accepts exactly RFC 8259 JSON
text in well-formed UTF-8, nested at most `max_depth` deep, before json.loads sees it.

MicroPython's json accepts more than CPython's (`01`, trailing commas, `true` as a number,
bytes that are not UTF-8) and CPython's accepts NaN/Infinity; with this check first, the board
takes and refuses the same lines on both. Escapes of lone surrogates (`\\ud800`) are refused
too: the two runtimes decode them differently.
"""

from micropython import const

_WS = const(b" \t\n\r")
_DIGITS = const(b"0123456789")
_HEX = const(b"0123456789abcdefABCDEF")
_ESCAPES = const(b'"\\/bfnrt')


def check(data, max_depth=8):
    """Raise ValueError (with the byte offset) unless `data` (bytes) is one strict JSON value."""
    i = _value(data, _ws(data, 0), max_depth)
    if _ws(data, i) != len(data):
        _bad(i, "text after the value")


def _bad(i, what):
    raise ValueError("JSON: %s at byte %d" % (what, i))


def _ws(b, i):
    n = len(b)
    while i < n and b[i] in _WS:
        i += 1
    return i


def _value(b, i, depth):
    if i >= len(b):
        _bad(i, "value expected")
    c = b[i]
    if c == 0x22:  # "
        return _string(b, i)
    if c == 0x7B or c == 0x5B:  # { [
        if depth <= 0:
            _bad(i, "nested too deep")
        return _container(b, i, depth - 1)
    if c == 0x2D or c in _DIGITS:  # - 0-9
        return _number(b, i)
    for word in (b"true", b"false", b"null"):
        if b[i:i + len(word)] == word:
            return i + len(word)
    _bad(i, "value expected")


def _container(b, i, depth):
    obj = b[i] == 0x7B
    close = 0x7D if obj else 0x5D
    i = _ws(b, i + 1)
    if i < len(b) and b[i] == close:
        return i + 1
    while True:
        if obj:
            if i >= len(b) or b[i] != 0x22:
                _bad(i, "key expected")
            i = _ws(b, _string(b, i))
            if i >= len(b) or b[i] != 0x3A:  # :
                _bad(i, "':' expected")
            i = _ws(b, i + 1)
        i = _ws(b, _value(b, i, depth))
        if i < len(b) and b[i] == 0x2C:  # , then another item (no trailing comma)
            i = _ws(b, i + 1)
            continue
        if i < len(b) and b[i] == close:
            return i + 1
        _bad(i, "',' or end expected")


def _digits(b, i):
    start = i
    while i < len(b) and b[i] in _DIGITS:
        i += 1
    if i == start:
        _bad(i, "digit expected")
    return i


def _number(b, i):
    if b[i] == 0x2D:
        i += 1
    if i < len(b) and b[i] == 0x30:  # a leading 0 stands alone
        i += 1
    else:
        i = _digits(b, i)
    if i < len(b) and b[i] == 0x2E:  # .
        i = _digits(b, i + 1)
    if i < len(b) and b[i] in b"eE":
        i += 1
        if i < len(b) and b[i] in b"+-":
            i += 1
        i = _digits(b, i)
    return i


def _string(b, i):
    n = len(b)
    i += 1
    while i < n:
        c = b[i]
        if c == 0x22:
            return i + 1
        if c < 0x20:
            _bad(i, "control character in a string")
        if c == 0x5C:  # backslash
            if i + 1 >= n:
                break
            e = b[i + 1]
            if e == 0x75:  # \uXXXX
                h = b[i + 2:i + 6]
                if len(h) < 4 or not all(x in _HEX for x in h):
                    _bad(i, "bad \\u escape")
                if h[0] in b"dD" and h[1] in b"89abAB" + b"cdefCDEF":
                    _bad(i, "surrogate escape")
                i += 6
            elif e in _ESCAPES:
                i += 2
            else:
                _bad(i, "bad escape")
        elif c < 0x80:
            i += 1
        else:
            i = _utf8(b, i)
    _bad(i, "unterminated string")


def _utf8(b, i):
    """The index after one well-formed multi-byte UTF-8 sequence at i (no overlong forms, no
    surrogates, nothing above U+10FFFF)."""
    c = b[i]
    if 0xC2 <= c <= 0xDF:
        more, lo, hi = 1, 0x80, 0xBF
    elif 0xE0 <= c <= 0xEF:
        more = 2
        lo = 0xA0 if c == 0xE0 else 0x80
        hi = 0x9F if c == 0xED else 0xBF
    elif 0xF0 <= c <= 0xF4:
        more = 3
        lo = 0x90 if c == 0xF0 else 0x80
        hi = 0x8F if c == 0xF4 else 0xBF
    else:
        _bad(i, "not UTF-8")
    if i + more >= len(b) or not lo <= b[i + 1] <= hi:
        _bad(i, "not UTF-8")
    for k in range(2, more + 1):
        if not 0x80 <= b[i + k] <= 0xBF:
            _bad(i, "not UTF-8")
    return i + more + 1
