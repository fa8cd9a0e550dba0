#!/bin/sh
# The pictures of the README and docs/, each made by `lanterne sim --snapshot` as a user would
# make them: `make pictures` runs this; tests/host/test_doc_pictures.py checks that every picture
# here is what its command draws today. OUT: where to write them (default: this folder).
set -e
OUT=${OUT:-docs/img}
# The games' bots play the engines' one-move `greedy` here (`--level greedy`): `lanterne sim
# --game` plays the menu's NORM by default, and the captions describe these very positions.

# the boot menu, START selected
lanterne sim --keys "" --snapshot "$OUT/sim-menu.png"

# Ta Yü mid-game, seed 12, after 23 placements of yours (long A: a legal spot; A: placed)
K=""
for i in $(seq 23); do K="$K a:long a wait:1000"; done
lanterne sim --game tayu --level greedy --seed 12 --keys "$K" --snapshot "$OUT/sim-tayu.png"
lanterne sim --game tayu --level greedy --seed 12 --keys "$K" --profile panel48 --snapshot "$OUT/sim-tayu-panel48.png"

# Tac-Tik played by bots, caught just after a card was played (it stays in the middle until the
# next move starts, 1.5 s at the least); the 6-player one as the next bot's turn marker lights
lanterne sim --game tactik --level greedy --players 4 --humans 0 --seed 3 --moves 60 --keys "wait:700" \
    --snapshot "$OUT/sim-tactik-4p.png"
lanterne sim --game tactik --level greedy --players 6 --humans 0 --seed 3 --moves 120 --keys "wait:800" \
    --snapshot "$OUT/sim-tactik-6p.png"

# the self-test (menu row TEST, two up from START, past HELP): its report after every step was
# answered
lanterne sim --keys "up up a wait:16000 a a a a up down left right a b wait:500" \
    --snapshot "$OUT/sim-selftest.png"
# Wuxing duel, seed 5: Théâtre after three moves of yours (long A: a legal move; A: made), a
# pawn picked with its destinations framed in the colour of the token it would pay
K="a:long a wait:1500 a:long a wait:1500 a:long a wait:1500 a"
lanterne sim --game wuxing --level greedy --seed 5 --keys "$K" --snapshot "$OUT/sim-wuxing.png"
lanterne sim --game wuxing --level greedy --seed 5 --keys "$K" --profile panel48 \
    --snapshot "$OUT/sim-wuxing-panel48.png"
# Chemin, the second round: the bot's card hidden, the card played last dimmed; then both
# cards shown with the duel's result, a moment before the pawn moves
lanterne sim --game wuxing --level greedy --seed 5 --variant mode=chemin --keys "a wait:2500 right right" \
    --snapshot "$OUT/sim-wuxing-chemin.png"
lanterne sim --game wuxing --level greedy --seed 5 --variant mode=chemin --moves 1 \
    --keys "a wait:2500 right right a wait:300" --snapshot "$OUT/sim-wuxing-duel.png"
# How to play, from the menu (HELP, one press up from START): Ta Yü's second page, a picture
# of a coast, its river mouths and an open end as the board draws them, then what they mean
lanterne sim --keys "up a right" --snapshot "$OUT/sim-help-tayu.png"
# Ta Yü, seed 12: A on the red ghost (the first tile down, the bot's reply, the ghost two up)
# says why it cannot go there, over the half of the board away from the ghost
lanterne sim --game tayu --level greedy --seed 12 --keys "a wait:1500 up up a" \
    --snapshot "$OUT/sim-tayu-why.png"
# Tac-Tik with 6 colours on ref32, your turn: no room at the foot for the hand's line, the
# whole hand in a 2 x 2 grid in the middle (the chosen card underlined in cyan)
lanterne sim --game tactik --level greedy --players 6 --seed 3 --keys "a wait:9000 down" \
    --snapshot "$OUT/sim-tactik-6p-hand.png"
# Tai Chi Chuan, seed 5, 3 players, you against two bots: LAIT being entered on the first card
# L (up/down the letter: E A S I N T... on the wheel; right the next slot), the deck face down
# at the right; then LEEE entered and A: the board's verdict, not in the word set (?DICT)
K="up up right up up up up right up up up up up up wait:300"
lanterne sim --game taichi --level greedy --seed 5 --keys "$K" --snapshot "$OUT/sim-taichi-entry.png"
lanterne sim --game taichi --level greedy --seed 5 --keys "up right up right up a wait:300" \
    --snapshot "$OUT/sim-taichi-verdict.png"
# bots only: 2 players 13 moves in (three cards of a round, the last word given up); 4 players
# (two bands of seats); 6 players on the 48 x 48 panel
lanterne sim --game taichi --level greedy --seed 5 --players 2 --humans 0 --moves 13 \
    --snapshot "$OUT/sim-taichi-2p.png"
lanterne sim --game taichi --level greedy --seed 5 --players 4 --humans 0 --moves 40 \
    --snapshot "$OUT/sim-taichi-4p.png"
lanterne sim --game taichi --level greedy --seed 5 --players 6 --humans 0 --moves 40 \
    --profile panel48 --snapshot "$OUT/sim-taichi-panel48.png"
# Rondo, seed 4: six turns of yours, each the hint's play (long A) played (up), the bot's
# answers between; then a card taken to the holder: its two ends open, the cursor on a slot
K="wait:500"
for i in 1 2 3 4 5 6; do K="$K a:long up wait:2500"; done
lanterne sim --game rondo --level greedy --seed 4 --keys "$K" --snapshot "$OUT/sim-rondo.png"
K="wait:500"
for i in 1 2 3; do K="$K a:long up wait:2500"; done
lanterne sim --game rondo --level greedy --seed 4 --keys "$K right a right" \
    --snapshot "$OUT/sim-rondo-lay.png"
