"""Helpers of the bot tests (test_bots_tayu.py, test_bots_tactik.py): play with levels by
seat, re-deal what a seat cannot see."""

from shared_rules import bots


def legal(st, mv):
    texts = [str(m) for m in st.legal_moves()]
    return str(mv) in texts


def play(st, levels, moves, check):
    # the levels take the seats in turn; check(st) before every move; stops after `moves`
    n = 0
    while not st.is_over() and n < moves:
        lv = levels[st.current_player % len(levels)]
        check(st, lv)
        st.apply(bots.bot_move(st, lv))
        n += 1
    return st
