"""Tai Chi Chuan on the 48 x 48 panel (both runtimes; a file of its own: a board of each size
in one process is more than a Pico-sized heap holds): a whole game by buttons against two bots,
six cards a row, the six seats in one band."""

from test_fw_taichi_board import whole_game


def test_a_whole_game_by_buttons_against_two_bots_on_48():
    whole_game(3, 8, "panel48")
