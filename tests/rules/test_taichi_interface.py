"""Tai Chi Chuan follows the game interface (docs/game-interface.md): the checks every
registered game gets (tests/rules/test_game_interface.py), run on its engine until the lead
adds it to the registry (then this file only repeats them)."""

import test_game_interface as gi

from shared_rules.taichi import rules


def run(check):
    saved = gi.engines
    gi.engines = lambda: [("taichi", rules)]
    try:
        check()
    finally:
        gi.engines = saved


def test_module_names():
    run(gi.test_every_engine_has_the_module_names)


def test_new_game():
    run(gi.test_new_game_takes_players_then_seed_and_the_options)


def test_random_games():
    run(gi.test_random_games_keep_every_promise_of_a_state)


def test_winner_and_scores():
    run(gi.test_winner_is_a_tuple_of_seats_and_scores_one_number_a_side)


def test_parse_move():
    run(gi.test_parse_move_takes_only_a_legal_move)


def test_clones():
    run(gi.test_clones_and_copies_are_independent)


def test_serialize():
    run(gi.test_serialize_deserialize_keeps_the_position)


def test_replay():
    run(gi.test_replay_of_the_history_gives_the_same_state)


def test_rewind():
    run(gi.test_rewind_and_undo_replay_the_first_moves)


def test_every_option_value():
    run(gi.test_every_option_value_plays_to_the_end)
