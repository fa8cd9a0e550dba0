"""Hand-written hostile lines of issue 19 ("one language on both runtimes"), for the serial fuzz
(fuzz_lines.Fuzz.probe) and the direct tests: move texts spoilt with characters CPython's
int()/str.split()/str.strip()/str.isdigit()/str.upper() took and MicroPython's did not (other
scripts' digits, Unicode spaces, \\x1c-\\x1f, U+017F), control characters, and arguments of
the wrong type or size for every command. Every one of them is refused, the same on both.
Kept apart from fuzz_lines: MicroPython compiles it only when a run asks for the probes."""

# Zero in scripts whose digits CPython's int() reads: Arabic-Indic, extended Arabic-Indic,
# Devanagari, fullwidth, mathematical bold (above U+FFFF: sent as raw UTF-8, \\u escapes of
# surrogates are refused as JSON).
DIGIT_ZEROS = (0x660, 0x6F0, 0x966, 0xFF10, 0x1D7CE)
# What CPython's str.split()/str.strip() take for whitespace and MicroPython's do not, and the
# ASCII controls a notation may not carry either (only space and tab are whitespace there).
SPACES = (0xA0, 0x1680, 0x2000, 0x2003, 0x2007, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0x85,
          0x1C, 0x1D, 0x1E, 0x1F, 0x0A, 0x0B, 0x0C, 0x0D)
CONTROLS = (0x00, 0x01, 0x03, 0x04, 0x07, 0x08, 0x1B, 0x7F)
# Letters whose upper() is an ASCII letter on CPython (U+017F long s -> S, U+0131 dotless i ->
# I) and fullwidth letters.
LETTERS = {"S": (0x17F, 0xFF33), "s": (0x17F,), "E": (0xFF25,), "N": (0xFF2E,), "W": (0xFF37,),
           "P": (0xFF30,), "T": (0xFF34,), "i": (0x131,), "g": (0xFF47,), "d": (0xFF44,)}

# wrong types, huge numbers and odd texts for every command's fields: all refused
STATS_RESETS = ("1e999", "-1e999", "1", "0", "1.0", "2e0", '"x"', '"true"', "null", "[]", "{}",
                "[true]", "99999999999999999999")
MOVES = ("5", "1e999", "null", "true", "false", "[]", "{}", '["9,8,E"]',
         "99999999999999999999", "-1", "0.5")
BRIGHTNESS = ("true", "false", "1e999", "99999999999999999999", "-99999999999999999999",
              "255.0", '"255"', "[255]", "null", "0e0", "{}", '"\\u0669"')
GAMES = ("1", "0.1", "123456789.123", "1e999", "null", "true", "[]", "{}", '"\\u0669"',
         '"TAYU"', '"tayu "', '"\\u00a0tayu"', '"tay\\u0075\\u0000"')
SEEDS = ("true", "false", "1.0", "1e999", '"1"', '"\\u0661"', "-1", "4294967296",
         "99999999999999999999", "[1]", "null", "{}")
OPTIONS = ("null", "[]", '"x"', "1", '{"players": true}', '{"players": 2.0}',
           '{"players": 1e999}', '{"players": "2"}', '{"target": 99999999999999999999}',
           '{"doubles": [true]}', '{"doubles": "3"}', '{"bots": [1e999]}', '{"bots": 1}',
           '{"edition": 1}', '{"edition": "kosmos\\u00a0"}', '{"bidding": 0}', '{"stacks": 1}',
           '{"\\u0669": 1}', '{"max_bid": 5e1}')
MOVE_LISTS = ('"9,8,E"', "[1]", "[null]", "[true]", "{}", '["\\u0669,8,E"]',
              '["9,8,E\\u00a0"]', '["\\u00a09,8,E"]', '["\\uff19,8,E"]', '["9,8,E\\u001c"]',
              '["9,8,E", 1e999]', '["9,8,E", "9,8,E"]', "1e999")
OTHERS = ('{"cmd": 1}', '{"cmd": null}', '{"cmd": true}', '{"cmd": 1e999}', '{"cmd": ["hello"]}',
          '{"cmd": "\\u0669"}', '{"cmd": "hello\\u00a0"}', '{"cmd": "\\u00a0hello"}',
          '{"cmd": "hell\\u00f6"}', '{"cmd": "HELLO"}', '{"cmd": "hello\\u0000"}')
# accepted, with fields the commands ignore: the same replies on both (no state change)
IGNORED = ('{"cmd": "state", "x": 1e999}', '{"cmd": "hello", "cmd": "state"}',
           '{"cmd": "hello", "reset": "x"}', '{"cmd": "stats", "reset": false}',
           '{"cmd": "state", "move": 1e999}')


def typed_lines():
    """Command lines (bytes) with a field of the wrong type or range, one by one: every one is
    refused (`bad_arg`, `bad_cmd`, `unknown_cmd`) and changes nothing, at the menu or in a game.
    Generators here: a Pico-sized heap holds a game beside the fuzz, not these lists too."""
    for v in STATS_RESETS:
        yield b'{"cmd": "stats", "reset": %s}' % v.encode()
    for v in MOVES:
        yield b'{"cmd": "move", "move": %s}' % v.encode()
    yield b'{"cmd": "move"}'
    for v in BRIGHTNESS:
        yield b'{"cmd": "brightness", "value": %s}' % v.encode()
    yield b'{"cmd": "brightness"}'
    for v in GAMES:
        yield b'{"cmd": "new", "game": %s, "seed": 1}' % v.encode()
    for v in SEEDS:
        yield b'{"cmd": "new", "game": "tayu", "seed": %s}' % v.encode()
    for v in OPTIONS:
        yield b'{"cmd": "new", "game": "tayu", "options": %s, "seed": 1}' % v.encode()
    for v in MOVE_LISTS:
        yield b'{"cmd": "new", "game": "tayu", "seed": 1, "moves": %s}' % v.encode()
    for v in OTHERS:
        yield v.encode()


def literal(text, raw=False):
    """`text` as a JSON string literal (bytes), the same on both runtimes: beyond ASCII as
    \\u escapes (raw UTF-8 with `raw`, and always above U+FFFF), controls as \\u escapes."""
    out = bytearray(b'"')
    for ch in text:
        c = ord(ch)
        if ch == '"' or ch == "\\":
            out.extend(b"\\" + ch.encode())
        elif c < 0x20 or (c >= 0x80 and not raw and c < 0x10000):
            out.extend(("\\u%04x" % c).encode())
        else:
            out.extend(ch.encode())
    out.extend(b'"')
    return bytes(out)


def spoilt(text):
    """The texts of the legal move `text` spoilt by one character each way this module lists,
    one by one: every one must be refused (a notation is ASCII, its whitespace spaces and tabs
    only)."""
    n = len(text)
    for i in range(n):
        ch = text[i]
        if "0" <= ch <= "9":
            for z in DIGIT_ZEROS:
                yield text[:i] + chr(z + ord(ch) - 48) + text[i + 1:]
        elif ch == " ":
            for s in SPACES:
                yield text[:i] + chr(s) + text[i + 1:]
        elif ch in LETTERS:
            for c in LETTERS[ch]:
                yield text[:i] + chr(c) + text[i + 1:]
    for s in SPACES + CONTROLS:
        yield chr(s) + text
        yield text + chr(s)
    cut = text.find(",") + 1 or text.find(" ") + 1 or n
    for s in (0xA0, 0x3000, 0x1F):
        yield text[:cut] + chr(s) + text[cut:]


def spoilt_lines(text):
    """`move` command lines (bytes) for every spoilt text, as \\u escapes and as raw UTF-8."""
    for t in spoilt(text):
        yield b'{"cmd": "move", "move": ' + literal(t) + b"}"
        if max(t) > "\x7f":
            yield b'{"cmd": "move", "move": ' + literal(t, True) + b"}"
