"""Rondo follows the game interface (docs/game-interface.md): the checks every
registered game gets (tests/rules/test_game_interface.py), run on its engine until the lead
adds it to the registry (then this file only repeats them)."""

import test_game_interface as gi

from shared_rules import registry
from shared_rules.rondo import rules


class Declared:
    """What Rondo's declaration will say to these checks (no loader of its own, no
    simultaneous round, options of its engine only)."""

    LOAD = None
    SIMULTANEOUS = False
    OPTIONS = ()


class Registry:
    """The registry as it will be once Rondo is declared (its spec.py waits for its
    board package: docs/rondo.md); every other name goes to the real one."""

    def __getattr__(self, name):
        return getattr(registry, name)

    def spec(self, name):
        return Declared if name == "rondo" else registry.spec(name)

    def part(self, name, module):
        return rules if name == "rondo" else registry.part(name, module)

    def deserialize(self, name, data):
        return rules.deserialize(data) if name == "rondo" else registry.deserialize(name, data)


def run(check):
    saved = gi.engines, gi.registry
    gi.engines = lambda: [("rondo", rules)]
    gi.registry = Registry()
    try:
        check()
    finally:
        gi.engines, gi.registry = saved


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
