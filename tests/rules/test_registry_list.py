"""The games' list `lanterne flash` writes beside the code (shared_rules/games.txt): read in
the menu's order, and anything else in that file (junk, a name that is no folder's, too much)
refused so that the board lists the folders instead (both runtimes)."""

import os

from shared_rules import registry

# beside the checkout's build output, whatever the working folder (registry.__file__ is
# shared_rules/registry.py, or .mpy when the tests load the compiled firmware)
_PARTS = registry.__file__.replace("\\", "/").rsplit("/", 2)
_ROOT = _PARTS[0] if len(_PARTS) == 3 else "."
FOLDER = _ROOT + "/build/registry-list-test"


def _with(data):
    """registry._listed of a folder whose games.txt holds `data` (None: no such file)."""
    for part in (_ROOT + "/build", FOLDER):
        try:
            os.mkdir(part)
        except OSError:
            pass
    path = FOLDER + "/games.txt"
    try:
        os.remove(path)
    except OSError:
        pass
    if data is not None:
        with open(path, "wb") as f:
            f.write(data)
    try:
        return registry._listed(FOLDER)
    finally:
        try:
            os.remove(path)
        except OSError:
            pass


def test_the_list_is_read_in_its_order():
    assert _with(b"tayu tactik wuxing\n") == ("tayu", "tactik", "wuxing")
    assert _with(b"rondo_2\n\n") == ("rondo_2",)


def test_no_list_or_a_list_that_is_not_one_is_refused():
    assert _with(None) is None
    assert _with(b"") is None
    assert _with(b"\n \n") is None
    assert _with(b"\xff\xfe\x00junk") is None
    assert _with(b"tayu ../tactik") is None
    assert _with(b"Tayu") is None
    assert _with(b"2tayu") is None
    assert _with(b"a" * 25) is None
    assert _with(b"tayu " * 100) is None  # over the size a list may have


def test_the_games_are_those_of_the_folders_in_the_menu_s_order():
    names = registry.names()
    assert names and len(set(names)) == len(names)
    for n in names:
        assert registry.known(n)
