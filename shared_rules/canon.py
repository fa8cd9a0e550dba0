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


def notation(text):
    """`text` as a str if it is printable ASCII (every move notation is; ASCII spacing
    around it is the parser's to strip), else ValueError:
    what a runtime reads as a digit or a space beyond ASCII differs (CPython's int() and split()
    take many, MicroPython's few), and a move must mean the same on both."""
    s = str(text)
    for ch in s:
        if not (" " <= ch <= "~" or ch in "\t\n\r"):
            raise ValueError("not a move: a character outside printable ASCII")
    return s


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
