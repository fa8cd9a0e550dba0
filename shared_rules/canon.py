"""Canonical serialisation helpers and the state digest shared by every engine.

A state serialises to ASCII bytes built only from ints and short strings, so the bytes (and
their SHA-256) are identical on CPython and MicroPython for the same game.
"""

import binascii
import hashlib

DIGEST_LEN = 16  # hex characters kept from the SHA-256: 64 bits, plenty to spot a divergence


def digest(data):
    """Short hex hash of canonical bytes (`hexdigest` does not exist on MicroPython)."""
    return binascii.hexlify(hashlib.sha256(data).digest()).decode()[:DIGEST_LEN]


def field(value):
    """One option's value as a field of a serialisation: a bool as 1 or 0, the rest by str()."""
    if value is True or value is False:
        return "1" if value else "0"
    return str(value)


def join_fields(fields):
    """Encode a flat list of ints/strings as `a;b;c` ASCII bytes; strings must not hold `;`."""
    out = []
    for f in fields:
        s = str(f)
        if ";" in s:
            raise ValueError("field holds ';': " + s)
        out.append(s)
    return ";".join(out).encode()


def split_fields(data):
    """Inverse of `join_fields` (values come back as strings)."""
    if isinstance(data, (bytes, bytearray)):
        data = bytes(data).decode()
    return data.split(";")


# ---- reading notations: ASCII only, the same on both runtimes ----------------------------------
# CPython's int(), str.split(), str.strip() and str.isdigit() also take other scripts' digits
# (U+0669, U+FF19), Unicode spaces (U+00A0, U+2003...) and \x1c-\x1f as whitespace; MicroPython's
# do not. Notations are read with these instead (docs/protocol.md, "Notation text").
SPACES = " \t"  # the only whitespace a notation may carry: ASCII space and tab


def ascii_strip(text):
    """`text` without the spaces and tabs around it (nothing else is whitespace)."""
    return text.strip(SPACES)


def ascii_words(text):
    """The words of `text` between runs of spaces and tabs."""
    if "\t" in text:
        text = text.replace("\t", " ")
    return [w for w in text.split(" ") if w]


def is_digits(text):
    """True if `text` is one or more ASCII digits 0-9 (no sign, no `_`, no other script)."""
    if not text:
        return False
    for ch in text:
        if ch < "0" or ch > "9":
            return False
    return True


def ascii_int(text):
    """The integer written `text`: ASCII digits, with spaces or tabs around; else ValueError."""
    t = text.strip(SPACES)
    if not is_digits(t):
        raise ValueError("not a number: " + text)
    return int(t)
