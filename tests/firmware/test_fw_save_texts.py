"""Every registered game's save, move after move of a bots' game (both runtimes): the file holds
the game's moves, and the board hands the store its moves in a form it encodes once (a
store.MoveTexts, whose texts the store keeps from save to save, or a few strings that each hold
many moves, Tac-Tik's chunks of records): a list of every text, written whole, made a long
game's every save tens of ms longer on a Pico."""

import saved_moves
from memfs import MemFS
from tactik_script import Session

from firmware import games, store

MOVES = 12
SEED = 7
ONE_PROCESS_PER_GAME = True  # read by tests/test_shared_on_micropython.py


def saves_hold_the_moves(game):
    def test():
        fs = MemFS()
        s = Session(bot_delay_ms=10, store=store.Store(fs=fs, folder=""))
        s.link.KEEP = 4
        s.app.boot()
        players = games.spec(game).DEFAULT_PLAYERS
        s.app.handle({"cmd": "new", "game": game, "seed": SEED,
                      "options": {"players": players, "bots": list(range(players))}})
        checked = 0
        for _ in range(400):
            s.wait(20)
            mode = s.app.mode
            st = mode.state
            if st.is_over() or checked >= MOVES:
                break
            n = st.history_len()
            if not n or mode.pending >= 0:
                continue  # no move yet, or its save is still to come
            moves = mode.saved_moves()
            assert isinstance(moves, store.MoveTexts) or \
                isinstance(moves, list) and len(moves) <= 1 + n // 8, (game, type(moves))
            rec = store.Store(fs=fs, folder="").load()[0]
            assert saved_moves.texts(game, rec["moves"]) == list(st.history), (game, n)
            checked += 1
        assert checked >= 3, (game, checked)

    return test


# one test per registered game: a new game is covered as it is
for _name in games.names():
    globals()["test_save_texts_" + _name] = saves_hold_the_moves(_name)


def test_a_saved_block_of_short_texts_is_taken_and_a_long_text_is_not():
    # a Tac-Tik save keeps its moves as a few long strings of ";"-ended texts (newline-ended
    # on an older board); what the checks refuse is one text longer than a notation can be
    from firmware import field_checks

    block = ";".join(["7 T1-T3 T5-T9 xT4"] * 40) + ";"
    assert len(block) > 600
    for ok in ([block, "give 1"], [block.replace(";", "\n")], []):
        assert field_checks.texts("moves", ok) == ok
    for bad in (["x" * 300], [block + "y" * 300 + ";"], [("a\n" + "b" * 257)], [5], "give 1"):
        try:
            field_checks.texts("moves", bad)
            raise AssertionError("taken: %r" % (bad,))
        except ValueError as e:
            assert "moves" in str(e)
