"""Tai Chi Chuan is a registered game (shared_rules/taichi/spec.py): the checks every
registered game gets (tests/rules/test_game_interface.py: random games, notation, clones,
serialisation, replay, rewind, every option) run on it there, from the real registry."""

import test_game_interface as gi

from shared_rules import options, registry


def test_registered():
    assert "taichi" in registry.names() and registry.spec("taichi").NAME == "taichi"
    assert registry.names()[-1] == "taichi"  # ORDER 40: after Ta Yu, Tac-Tik and Wuxing
    assert "taichi" in [name for name, _ in gi.engines()]


def test_deck_option_checked_by_the_declaration():
    spec = registry.spec("taichi")
    good = "\n".join(["E ombrelle", "A lotus", "S yinyang"] * 4)
    options.check(spec, {"deck": good})
    options.check(spec, {"deck": "approx", "timer": 30})
    for bad, why in (({"deck": "E ombrelle\nA tortue"}, "deck line 2: unknown symbol"),
                     ({"deck": 3}, "deck must be approx or a text"),
                     ({"timer": 45}, "timer must be one of 0 30 60 90")):
        try:
            options.check(spec, bad)
        except ValueError as exc:
            assert str(exc).startswith(why), str(exc)
            assert "\n" not in str(exc)
        else:
            raise AssertionError(bad)
