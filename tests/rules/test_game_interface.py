"""Both engines follow shared_rules/game.py: the same names, replay(options, seed, moves),
rewind(count), scores() at the end (both runtimes)."""

from shared_rules import game, tactik, tayu

ENGINES = ((tayu, {"players": 2}), (tactik, {"players": 4}))


def played(engine, options, seed, moves):
    st = engine.new_game(seed=seed, **options)
    for _ in range(moves):
        if st.is_over():
            break
        st.apply(engine.greedy_move(st))
    return st


def test_every_engine_has_the_interface_s_names():
    for engine, options in ENGINES:
        for name in game.MODULE:
            assert callable(getattr(engine, name)), (engine.__name__, name)
        st = engine.new_game(seed=1, **options)
        for name in game.STATE + game.ATTRIBUTES:
            assert hasattr(st, name), (engine.__name__, name)
        assert st.players == options["players"] and st.seed == 1 and st.current_player >= 0


def test_replay_takes_options_seed_and_moves_in_that_order():
    for engine, options in ENGINES:
        st = played(engine, options, 5, 30)
        assert "seed" not in st.options()
        again = engine.replay(st.options(), st.seed, st.history)
        assert again.digest() == st.digest() and again.history == st.history
        assert again.history_len() == st.history_len() == len(st.history) > 10
        assert again.last_move() == st.history[-1]


def test_rewind_replays_the_first_moves_into_a_new_state():
    for engine, options in ENGINES:
        st = played(engine, options, 7, 12)
        before = st.digest()
        back = st.rewind(st.history_len() - 1)
        assert st.digest() == before  # the state itself is unchanged
        want = engine.replay(st.options(), st.seed, st.history[:-1])
        assert back.digest() == want.digest() and back.history == st.history[:-1]
        assert st.rewind(0).digest() == engine.new_game(seed=7, **options).digest()
        for bad in (-1, st.history_len() + 1):
            try:
                st.rewind(bad)
            except ValueError:
                pass
            else:
                raise AssertionError("rewind(%d) accepted" % bad)


def test_scores_are_one_number_per_side_and_final_at_the_end():
    for engine, options in ENGINES:
        st = played(engine, options, 3, 2000)
        assert st.is_over() and st.winner() is not None
        scores = list(st.scores())
        assert len(scores) == 2 and all(isinstance(s, int) for s in scores)
    # Tac-Tik: the winning team has all its pawns home (4 a colour, two colours a team)
    st = played(tactik, {"players": 4}, 3, 2000)
    assert st.scores()[st.winning_team()] == 8
