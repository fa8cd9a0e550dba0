"""The one options checker (shared_rules/options.py) for every registered game: unknown keys
and bad values refused in the same words in every game, `level` checked in one place, the
menu's defaults accepted, and the engine's OPTIONS derived from the declaration."""

from shared_rules import options, registry


def refused(spec, opts):
    try:
        options.check(spec, opts)
    except ValueError as exc:
        return str(exc)
    return None


def test_every_game_refuses_unknown_keys_in_the_same_words():
    for name in registry.names():
        spec = registry.spec(name)
        assert refused(spec, {"zz_not_an_option": 1}) == "unknown option: zz_not_an_option"
        # an option of another game is not this game's
        for other in registry.names():
            for row in registry.spec(other).OPTIONS:
                if options.row(spec, row[0]) is None:
                    assert refused(spec, {row[0]: row[1][0]}) == "unknown option: " + row[0]


def test_every_game_takes_its_menu_defaults_and_refuses_bad_values():
    for name in registry.names():
        spec = registry.spec(name)
        opts = {"players": spec.DEFAULT_PLAYERS, "bots": [1], "level": "normal"}
        for row in spec.OPTIONS:
            if row[3] != "engine":
                opts[row[0]] = row[1][0] if row[1][0] is not None else row[1][-1]
        if opts.get("doubles") == ():
            opts["doubles"] = []
        assert refused(spec, opts) is None, (name, refused(spec, opts))
        for row in spec.OPTIONS:
            if row[3] == "engine":
                assert refused(spec, {row[0]: row[1][0]}) == "unknown option: " + row[0]
                continue
            why = refused(spec, {row[0]: "not a value"})
            if row[2] is not None and row[2][0] == "text":  # read by the game's own module
                assert why is not None and why.startswith(row[0] + " "), (name, why)
                why = refused(spec, {row[0]: 12})
            assert why is not None and why.startswith(row[0] + " must be "), (name, why)
        assert refused(spec, {"level": "grandmaster"}) == \
            "level must be one of greedy, easy, normal, hard"
        assert refused(spec, {"players": 99}).startswith("players must be")
        assert refused(spec, {"bots": [99]}).startswith("bots item must be an integer")
        assert refused(spec, {"bots": 1}).startswith("bots must be a list")
        assert refused(spec, []) == "options must be an object"


def test_the_words_follow_the_values_type():
    assert options.one_of("x", True, (False, True)) is True
    for bad, values, words in (
            (1, (False, True), "x must be true or false"),
            (1, (None, True, False), "x must be true or false or null"),
            ("c", ("a", "b"), "x must be one of a, b"),
            (True, (10, 8, 6), "x must be one of 10 8 6")):
        try:
            options.one_of("x", bad, values)
        except ValueError as exc:
            assert str(exc) == words
        else:
            raise AssertionError((bad, values))


def test_level_is_read_in_one_place():
    assert options.level({}) == "greedy"  # a save from before the levels
    assert options.level({"level": "hard"}) == "hard"
    out = options.with_board({"level": "easy", "x": 1}, (1,), "greedy")
    assert out == {"x": 1, "bots": [1]}
    assert options.with_board({}, [0], "hard") == {"bots": [0], "level": "hard"}


def test_each_engines_options_are_its_declarations():
    for name in registry.names():
        spec = registry.spec(name)
        eng = registry.engine(name)
        want = {}
        for row in spec.OPTIONS:
            if row[3] != "board":
                want[row[0]] = row[1]
        assert eng.OPTIONS == want, name
        assert eng.NAME == spec.NAME == name and eng.PLAYERS == spec.PLAYERS
        board = options.board_keys(spec)
        assert "bots" in board and "level" in board
        engine_opts = options.engine(spec, {"bots": [1], "level": "hard", "players": 2})
        assert engine_opts == {"players": 2}
