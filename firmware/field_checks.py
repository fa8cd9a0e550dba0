"""Checks of the values a command or a save brings, the same for every game: integers are
integers in range (not floats such as 4.0 or 1e999, not true/false), flags are booleans.
Each check raises ValueError naming the field, before anything is changed. A game's options
go through shared_rules/options.py, the one options checker, whose words these share; this
module is the firmware's own (commands, saves), light enough to stay loaded."""

from micropython import const

_SEED_MAX = const(0xFFFFFFFF)  # seeds are 32-bit words (shared_rules.rng)
MAX_MOVES = 4096       # moves in a `new` command or a save (a long Tac-Tik game has ~600)
_MAX_TEXT = const(256)         # characters of one move notation (a save's blocks: see texts())


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def integer(name, value, lo, hi):
    """`value` if it is an integer lo..hi, else ValueError."""
    if not is_int(value) or not lo <= value <= hi:
        raise ValueError("%s must be an integer %d..%d" % (name, lo, hi))
    return value


def flag(name, value, none_ok=False):
    """`value` if it is true or false (or null when none_ok), else ValueError."""
    if not (value is True or value is False or (none_ok and value is None)):
        raise ValueError(name + " must be true or false" + (" or null" if none_ok else ""))
    return value


def one_of(name, value, choices):
    if not isinstance(value, str) or value not in choices:
        raise ValueError(name + " must be one of " + ", ".join(choices))
    return value


def texts(name, value, max_len=MAX_MOVES, max_text=_MAX_TEXT):
    """`value` if it is a list of strings; a resumed Tac-Tik save keeps its moves as a few
    strings of many ";"-ended notations (newline-ended on an older board), so a long string is
    allowed when each notation in it is short."""
    if not isinstance(value, (list, tuple)) or len(value) > max_len:
        raise ValueError("%s must be a list of at most %d texts" % (name, max_len))
    for v in value:
        if not isinstance(v, str) or (len(v) > max_text and not _block(v, max_text)):
            raise ValueError(name + " must hold texts (move notations)")
    return value


def _block(v, most):
    # a string of ";"- or newline-ended notations, none longer than `most`
    for t in v.replace("\n", ";").split(";"):
        if len(t) > most:
            return False
    return True


def start(options, seed, moves):
    """The checks every game start shares: options an object, seed a 32-bit word, moves a
    list of notations."""
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    integer("seed", seed, 0, _SEED_MAX)
    texts("moves", moves)
