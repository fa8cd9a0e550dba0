"""Helpers of the bot-level tests (both runtimes): play a game of bots on a simulated board and
check every move it made against shared_rules/bots.py on the same position."""

import gc

from shared_rules import bots


def bot_game(board, game, options, seed, moves):
    """Start a game of bots only, note its first position, let the board play `moves` moves;
    returns (that first position, the board's move texts)."""
    app = board.app
    app.start_game(game, options, seed)
    first = app.mode.state.clone()
    for _ in range(400):
        if app.mode.count >= moves or app.mode.state.is_over():
            break
        board.wait(100)
    texts = list(app.mode.state.history)[:moves]
    assert len(texts) == moves, "the bots did not play"
    app.to_menu()  # the board's game goes before the check replays it (a Pico-sized heap)
    gc.collect()
    return first, texts


def check_level(board, game, options, seed, moves, level):
    """Every bot move the board made is `level`'s on the same position; some are not greedy's
    (so the test tells the levels apart)."""
    first, texts = bot_game(board, game, dict(options, level=level), seed, moves)
    st = first
    differs = 0
    for text in texts:
        mine = bots.bot_move(st, level)
        assert str(mine) == text, (game, level, len(st.history), str(mine), text)
        if str(bots.bot_move(st, "greedy")) != text:
            differs += 1
        st.apply(text)
    assert differs > 0, (game, level, "played as greedy throughout")
