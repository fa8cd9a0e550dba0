"""The code bundle's lookup (firmware/bundlefs.py): its native search (MicroPython) and its
Python loop (CPython, and MicroPython when told to) find the same line for every path, present,
missing or malformed, in an intact index and in one whose start of a line is damaged.
(tests/host/test_bundle.py holds the format and the mount; the host writes the index.)"""

from array import array

try:
    import bundlefs  # where a board holds it, outside the bundle: the unix port's tests too
except ImportError:
    from firmware import bundlefs


class Starts:
    """What Bundle.find reads of its bundle: where each line of the index starts."""

    def __init__(self, starts):
        self.starts = starts


def index_of(names):
    """(index, starts) as the bundle holds them: "\\n" + one "path offset size" line a file."""
    idx = b"\n"
    starts = array("H")
    for i, name in enumerate(sorted(names)):
        starts.append(len(idx))
        idx += name.encode() + (" %d %d\n" % (i * 10, i)).encode()
    return idx, starts


def both(idx, starts, keys):
    """Each key's line start by the native search (where there is one) and by the Python loop."""
    fake = Starts(starts)
    bundlefs.load_search()  # firmware/bundlefind.py on MicroPython, none on CPython
    native = bundlefs._search
    got = [bundlefs.Bundle.find(fake, idx, k) for k in keys]
    bundlefs._search = None
    try:
        plain = [bundlefs.Bundle.find(fake, idx, k) for k in keys]
    finally:
        bundlefs._search = native
    return got, plain


NAMES = ["firmware/app.mpy", "firmware/games/tayu/view.mpy", "firmware/games/tayu/panel.mpy",
         "firmware/hw/chain.mpy", "firmware/hw/pins.mpy", "shared_rules/tayu/spec.mpy",
         "shared_rules/tayu/rules.mpy", "a.mpy", "zz/last_of_all_with_a_long_name.mpy"] + [
            "pkg/m%03d.mpy" % i for i in range(0, 120, 2)]
MISSES = ["firmware/app.py", "firmware/app", "firmware/hw/pins", "firmware/games/tayu",
          "pkg/m001.mpy", "pkg/m119.mpy", "pkg/m", "pkg/m000.mp", "pkg/m000.mpyy", "", "0",
          "~", "zz/last_of_all_with_a_long_name.mpy/and/longer/still", "firmware/app.mpy\n"]


def test_every_path_is_found_at_its_line_and_no_other_path_is():
    idx, starts = index_of(NAMES)
    keys = [k.encode() for k in NAMES + MISSES]
    got, plain = both(idx, starts, keys)
    expected = [idx.find(b"\n" + k + b" ") if k in [n.encode() for n in NAMES] else -1
                for k in keys]
    assert plain == expected
    assert got == expected


def test_a_damaged_start_finds_no_file_there_and_the_same_files_elsewhere():
    idx, starts = index_of(NAMES)
    keys = [k.encode() for k in NAMES + MISSES]
    tenth = sorted(n.encode() for n in NAMES)[10]
    for damage in (3, -1, -2):  # into its path, onto the newline before it, into the line before
        bad = array("H", starts)
        bad[10] += damage
        got, plain = both(idx, bad, keys)
        assert got == plain
        assert got[keys.index(tenth)] == -1


def test_a_start_past_the_index_is_no_file_and_no_read_outside_it():
    """Where the native search runs (MicroPython): a start the Python loop would fail on with
    an IndexError (any error is "no such module" to the importer) finds nothing."""
    if bundlefs.load_search() is None:
        return  # CPython: the Python loop only (an IndexError there)
    idx, starts = index_of(NAMES)
    tenth = sorted(n.encode() for n in NAMES)[10]
    for at in (len(idx) - 1, len(idx), 60000, 0):
        bad = array("H", starts)
        bad[10] = at
        assert bundlefs.Bundle.find(Starts(bad), idx, tenth) == -1
