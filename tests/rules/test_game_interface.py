"""Every game of shared_rules/registry.py follows the game interface (docs/game-interface.md),
on CPython and on MicroPython: each test loops over the registry, so a game added there is
checked here with no other change."""

import gc
import json
import sys

import sizes

from shared_rules import registry
from shared_rules.rng import Rng

MPY = sizes.SIZE != "full"  # on MicroPython: fewer games, shorter ones
# on a board seed 2: Tac-Tik's game then has 4 players (seed 1 gives it 3 and some 1,000 moves)
SEEDS = sizes.pick((1, 2, 3, 4, 5), (1, 2), (2,))
CHECK_EVERY = sizes.pick(1, 1, 40)  # play(check=True) checks every state, on a board every 40th
LIMIT = sizes.pick(100000, 120, 10)  # moves of a game of each option value
# non-ASCII digits and the like: no notation holds them
ODD = ("\u0669", "\u0660", "\uff11", "\u00b2", "\u2007", "\u00a0")
MALFORMED = ("", " ", "\n", "\u0669", "\u0669,\u0669,N", "bid:\u0669", "x" * 3000,
             "9" * 3000, "9" * 50 + ",9,N", "bid:" + "9" * 50, "1 " + "T1-" * 500, "0,0,N",
             "pass", "take:C", "give 13", "discard", "P", "7 T0-T7", "\x00", "None")


def engines():
    """(name, module) of every registered game, one at a time: on MicroPython a game's modules
    are let go before the next game's are imported (a Pico-sized heap holds one engine, its
    bots and its word sets' readers, not every game's)."""
    for name in registry.names():
        yield name, registry.engine(name)
        if MPY:
            mine = "shared_rules." + name + "."
            for m in [m for m in sys.modules if m.startswith(mine)]:
                registry.forget(m)
            gc.collect()


def raises(fn, *args, **kw):
    try:
        fn(*args, **kw)
    except ValueError as exc:
        return str(exc) or "ValueError"
    return None


def texts(moves):
    return [str(m) for m in moves]


def same(a, b):
    """Two states hold the same game: position, history, player to move."""
    return (a.digest() == b.digest() and a.history == b.history
            and a.current_player == b.current_player and a.is_over() == b.is_over())


def check_state(eng, st):
    """What every state of a game promises: legal_moves() a fresh list, every legal move's
    text parsed back to it, greedy_move() one of them, the views JSON-able; at the end no
    move and None from greedy_move."""
    name = eng.NAME
    legal = st.legal_moves()
    listed = texts(legal)
    legal.append(None)  # a fresh list: the state keeps its own
    assert texts(st.legal_moves()) == listed, name
    for seat in range(st.players):
        json.dumps(st.view(seat))
    if st.is_over():
        assert listed == [] and eng.greedy_move(st) is None, name
        return
    assert listed and len(set(listed)) == len(listed), (name, listed)
    for t in listed:
        m = st.parse_move(t)
        assert str(m) == t, (name, t, str(m))
    assert str(eng.greedy_move(st)) in listed
    assert st.winner() is None


def play(eng, players, seed, options=None, limit=100000, check=False):
    """A game to its end (or `limit` moves): mostly the baseline bot, a random legal move one
    time in three (the shared generator, so both runtimes play the same game); `check`: each
    state checked by check_state."""
    st = eng.new_game(players, seed, **(options or {}))
    rng = Rng(seed + 1000)
    n = 0
    while not st.is_over() and n < limit:
        if check and n % CHECK_EVERY == 0:
            check_state(eng, st)
        if rng.below(3):
            mv = eng.greedy_move(st)
        else:
            mv = rng.choice(st.legal_moves())
        st.apply(mv)
        n += 1
    if check:
        check_state(eng, st)
    return st


def test_the_registry_names_each_engine_and_loads_it_on_use():
    assert len(registry.names()) >= 2
    for name, eng in engines():
        assert eng.NAME == name and registry.engine(name) is eng
    assert raises(registry.engine, "chess")


def test_every_engine_has_the_module_names():
    for name, eng in engines():
        for fn in ("new_game", "replay", "greedy_move"):
            assert callable(getattr(eng, fn)), (name, fn)
        # deserialize: the engine's, or its declaration's LOAD module's (kept off the board)
        loader = registry.part(name, registry.spec(name).LOAD or "rules")
        assert callable(loader.deserialize), name
        assert isinstance(eng.PLAYERS, tuple) and eng.PLAYERS
        assert isinstance(eng.OPTIONS, dict)
        for key in eng.OPTIONS:
            values = eng.OPTIONS[key]
            assert isinstance(key, str) and isinstance(values, tuple) and values, (name, key)
        assert not hasattr(eng, "REPLAY_ARGS")


def test_new_game_takes_players_then_seed_and_the_options():
    for name, eng in engines():
        for players in eng.PLAYERS:
            st = eng.new_game(players, 7)
            assert st.players == players and st.seed == 7, name
            assert 0 <= st.current_player < players and not st.is_over()
            assert st.history == [] and st.history_len() == 0 and st.last_move() is None
            assert st.winner() is None
            opts = st.options()
            assert opts["players"] == players and "seed" not in opts
            for key in eng.OPTIONS:
                assert key in opts, (name, key)
            json.dumps(opts)
            # the first value of each option is its default
            dflt = {}
            for key in eng.OPTIONS:
                dflt[key] = eng.OPTIONS[key][0]
            assert eng.new_game(players, 7, **dflt).digest() == st.digest(), name
            assert eng.new_game(players, 8).digest() != st.digest()
        players = eng.PLAYERS[0]
        for key in eng.OPTIONS:
            for value in eng.OPTIONS[key][1:]:
                st = eng.new_game(players, 1, **{key: value})
                again = eng.replay(st.options(), 1, [])
                assert again.digest() == st.digest() and again.options() == st.options()
        for bad in (0, 1, 5, 7, 100):
            if bad not in eng.PLAYERS:
                assert raises(eng.new_game, bad), (name, bad)
        assert raises(eng.new_game, players, 0, no_such_option=True), name


def test_random_games_keep_every_promise_of_a_state():
    """Random games to the end, every state checked (check_state)."""
    for name, eng in engines():
        for i in range(len(SEEDS)):
            seed = SEEDS[i]
            players = eng.PLAYERS[(seed + i) % len(eng.PLAYERS)]
            st = play(eng, players, seed, check=True)
            assert st.is_over(), (name, seed)
            assert st.history_len() > 10


def test_winner_is_a_tuple_of_seats_and_scores_one_number_a_side():
    for name, eng in engines():
        for players in eng.PLAYERS[:1] if MPY else eng.PLAYERS:
            st = play(eng, players, 5)
            w = st.winner()
            scores = st.scores()
            assert isinstance(w, tuple), (name, w)
            assert len(set(w)) == len(w) and list(w) == sorted(w)
            for seat in w:
                assert isinstance(seat, int) and 0 <= seat < players, (name, w)
            assert isinstance(scores, (tuple, list)) and 2 <= len(scores) <= players
            for s in scores:
                assert isinstance(s, int)
            top = max(scores)
            if w == ():  # a draw: the best sides are level
                assert len([s for s in scores if s == top]) > 1, (name, scores)
            back = registry.deserialize(name, st.serialize())
            assert back.winner() == w and list(back.scores()) == list(scores)
            assert back.is_over() and back.legal_moves() == []


def test_parse_move_takes_only_a_legal_move():
    """Any text: a legal move (written so, or the same move written otherwise), else
    ValueError; a non-ASCII character in it is never accepted."""
    for name, eng in engines():
        st = eng.new_game(eng.PLAYERS[0], 4)
        states = [st.clone()]
        for _ in range(30):
            st.apply(eng.greedy_move(st))
        states.append(st.clone())
        later = texts(play(eng, eng.PLAYERS[0], 4, limit=60).legal_moves())
        for st in states:
            legal = texts(st.legal_moves())
            tries = list(MALFORMED) + later + [t + " x" for t in legal[:3]]
            for t in legal[:6]:
                for odd in ODD:
                    tries.append(odd + t)
                    tries.append(t + odd)
                    for d in "0123456789":
                        if d in t:
                            tries.append(t.replace(d, odd))
            for t in tries:
                try:
                    m = st.parse_move(t)
                except ValueError:
                    continue
                bad = False
                for ch in t:
                    bad = bad or ord(ch) > 126
                # an open move (a word game's words) is legal beyond the listed ones
                listed = str(m) in legal or str(m).split(" ")[0] in getattr(
                    eng, "OPEN_MOVES", ())
                assert not bad and listed, (name, t, str(m))
                assert str(st.parse_move(str(m))) == str(m)
            before = st.digest()
            for t in MALFORMED:
                if t not in legal:  # a text legal here ("pass" in Rondo) would move
                    assert raises(st.apply, t), (name, t)
            assert st.digest() == before


def test_clones_and_copies_are_independent():
    for name, eng in engines():
        # a position with at least two moves still to play (on a board 40 moves into the game,
        # not the whole game: Tac-Tik's has some 550)
        full = play(eng, eng.PLAYERS[0], 2, limit=sizes.pick(100000, 100000, 40))
        st = full.rewind(min(20, full.history_len() - 2))
        copy = st.clone()
        assert same(copy, st)
        d = st.digest()
        h = st.history
        copy.apply(eng.greedy_move(copy))
        assert st.digest() == d and st.history == h and copy.history_len() == len(h) + 1
        st.apply(eng.greedy_move(st))
        assert same(copy, st), name  # the same move both ways
        st.apply(eng.greedy_move(st))
        assert copy.history_len() == st.history_len() - 1


def test_serialize_deserialize_keeps_the_position():
    for name, eng in engines():
        for limit in sizes.pick((0, 25, 100000), (0, 25, 100000), (0, 25)):
            st = play(eng, eng.PLAYERS[0] if MPY else eng.PLAYERS[-1], 6, limit=limit)
            data = st.serialize()
            assert isinstance(data, bytes)
            back = registry.deserialize(name, data)
            assert back.serialize() == data and back.digest() == st.digest(), (name, limit)
            assert back.players == st.players and back.seed == st.seed
            assert back.current_player == st.current_player and back.history_len() == 0
            assert back.options() == st.options()
            assert texts(back.legal_moves()) == texts(st.legal_moves())
            assert str(eng.greedy_move(back)) == str(eng.greedy_move(st))
            for seat in range(st.players):
                assert json.dumps(back.view(seat)) == json.dumps(st.view(seat))
        assert raises(registry.deserialize, name, b"not a state"), name


def test_replay_of_the_history_gives_the_same_state():
    for name, eng in engines():
        for players in eng.PLAYERS[:1] if MPY else eng.PLAYERS:
            st = play(eng, players, 8, limit=40)
            opts = json.loads(json.dumps(st.options()))  # as a save or a log holds them
            again = eng.replay(opts, st.seed, st.history)
            assert same(again, st), (name, players)
            assert again.last_move() == st.history[-1] == st.last_move()
            given = dict(opts)
            del given["players"]
            assert eng.replay(opts, 8, []).digest() == eng.new_game(players, 8, **given).digest()


def test_rewind_and_undo_replay_the_first_moves():
    for name, eng in engines():
        st = play(eng, eng.PLAYERS[0], 9, limit=15)
        before = st.digest()
        n = st.history_len()
        assert n == 15
        for count in (0, 1, n // 2, n - 1, n):
            back = st.rewind(count)
            want = eng.replay(st.options(), st.seed, st.history[:count])
            assert same(back, want) and back.history == st.history[:count], (name, count)
        assert same(st.undo(), st.rewind(n - 1))
        assert st.digest() == before and st.history_len() == n  # the state is unchanged
        assert st.rewind(0).digest() == eng.new_game(eng.PLAYERS[0], 9).digest()
        for bad in (-1, n + 1):
            assert raises(st.rewind, bad), (name, bad)
        assert raises(eng.new_game(eng.PLAYERS[0], 9).undo), name
        # undo after undo
        assert same(st.undo().undo(), st.rewind(n - 2))


def test_every_option_value_plays_to_the_end():
    """Each value of each option, in a game to the end with every state checked (on
    MicroPython LIMIT moves, the last state checked: a Pico-sized heap holds no long history
    as a list of texts)."""
    for name, eng in engines():
        k = 0
        for key in eng.OPTIONS:
            for value in eng.OPTIONS[key][1:]:
                k += 1
                players = eng.PLAYERS[k % len(eng.PLAYERS)]
                st = play(eng, players, k, {key: value}, limit=LIMIT,
                          check=not MPY)
                assert st.is_over() or MPY, (name, key, value)
                assert st.options()[key] == value, (name, key, value)
                check_state(eng, st)
                again = eng.replay(st.options(), st.seed, st.history)
                assert same(again, st), (name, key, value)


def test_simultaneous_rounds_take_each_seats_choice():
    # OpenSpiel's simultaneous nodes: a state says whether its round is a simultaneous choice;
    # then each seat `choose`s (hidden: the position's digest does not change), `chosen` says
    # who has, and the last choice gives the joint move, applied as one move. A game whose
    # declaration says SIMULTANEOUS has such rounds in some option; the others never.
    for name, eng in engines():
        spec = registry.spec(name)
        found = 0
        values = [{}] + [{row[0]: v} for row in spec.OPTIONS if row[3] == "both"
                         for v in row[1][1:] if isinstance(v, str)]
        for opts in values:
            st = eng.new_game(eng.PLAYERS[0], 3, **opts)
            n = 0
            while not st.is_over() and n < 40:
                assert st.simultaneous() in (True, False)
                if st.simultaneous():
                    assert spec.SIMULTANEOUS, name
                    found += 1
                    before = st.digest()
                    joint = None
                    for seat in range(st.players):
                        assert not st.chosen(seat)
                        joint = st.choose(seat, eng.greedy_choice(st, seat))
                        assert st.chosen(seat) and st.digest() == before, name
                        assert (joint is None) == (seat < st.players - 1)
                    st.apply(joint)
                else:
                    st.apply(eng.greedy_move(st))
                n += 1
        assert (found > 0) == bool(spec.SIMULTANEOUS), name
