"""The interface every game engine in shared_rules follows (tayu.py, tactik.py): what the
firmware, the host tools and the tests may rely on. Documentation with names a test checks
(tests/rules/test_game_interface.py, also on a board through `lanterne test --device`); no
engine or firmware module imports it, so it costs a board no heap. docs/game-interface.md
explains it.

The module of a game offers:

    new_game(players=.., seed=0, **options) -> state
        A new game, shuffled by the shared generator from `seed`. `options` are the
        engine's own (Ta Yü: edition and variant flags; Tac-Tik: physical_cards and flags).
    replay(options, seed, moves) -> state
        new_game(seed=seed, **options) with the move texts applied in order: how the board
        resumes a save and the host checks a log. `options` is what state.options() gave.
    greedy_move(state) -> move
        The baseline bot's move for the player to move.

A state offers:

    players, seed, current_player      attributes (current_player: the seat to move, the
                                       `to_move` of the serial events)
    options()                          dict for new_game/replay besides the seed
    legal_moves()                      the legal moves of the player to move
    parse_move(text)                   the legal move written `text`, else ValueError
    apply(move)                        play a legal move (a Move or its text): ValueError
                                       for an illegal one, and the state is unchanged
    is_over()
    scores()                           a list/tuple of numbers, one per side or team; the
                                       `end` event reports it and `lanterne replay` checks it
    winner()                           None while running, else who won (engine's form)
    clone()                            an independent copy
    serialize(), digest()              canonical bytes of the position, and their short
                                       hash (the `digest` of the serial events)
    history                            the move texts applied so far (a list, built on demand)
    history_len(), last_move()         how many moves, the last one's text (None at start)
    rewind(count)                      a new state after the first `count` moves of this
                                       one, replayed from its start: undo is
                                       rewind(history_len() - 1)
"""

MODULE = ("new_game", "replay", "greedy_move")
STATE = ("options", "legal_moves", "parse_move", "apply", "is_over", "scores", "winner",
         "clone", "serialize", "digest", "history", "history_len", "last_move", "rewind")
ATTRIBUTES = ("players", "seed", "current_player")
REPLAY_ARGS = ("options", "seed", "moves")
