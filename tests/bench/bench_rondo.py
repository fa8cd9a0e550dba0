"""Rondo's bots, on CPython and MicroPython: each level's decisions over whole games (each
decision, and each piece of it: the board runs a slice of pieces a loop pass), and the words
the search reads a decision. The search's words are tested and valued in one loop a piece
(native on MicroPython: shared_rules/rondo/fastscan.py)."""

try:
    import benchlib
except ImportError:  # run as a module from the repository root
    from tests.bench import benchlib

benchlib.setup_path()
MP = benchlib.MICROPYTHON

from shared_rules.rondo import bot, rules  # noqa: E402


def bench_bots():
    for level in bot.LEVELS:
        decisions = []
        piece = 0
        for seed, players in ((5, 2), (7, 3)) if MP else ((5, 2), (7, 3), (9, 2), (11, 3)):
            st = rules.new_game(players, seed)
            n = 0
            while not st.is_over() and n < 80:
                last, took, longest = benchlib.decide(bot.steps(st, level))
                decisions.append(took)
                piece = max(piece, longest)
                st.apply(last)
                n += 1
        benchlib.report("rondo_bot_%s_move_median" % level, benchlib.median(decisions), "us")
        benchlib.report("rondo_bot_%s_move_max" % level, max(decisions), "us")
        benchlib.report("rondo_bot_%s_piece_max" % level, piece, "us")
        benchlib.report("rondo_bot_%s_decisions" % level, len(decisions), "decisions")


bench_bots()
