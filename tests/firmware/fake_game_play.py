"""The fake game of tests/host/test_fake_game.py played on the simulated board, on either
runtime: from the menu with the buttons, then over the serial line. A game that was added by
its folders only (its declaration, its engine, its package in firmware/games) must be offered
by the menu and play there and over serial like the others. Each returns the board's serial
lines, every one of them: the host replays them (`lanterne replay`)."""

import json

import board_helpers as bh

from firmware import buttons as btn

GAME = "pebbles"


class LoggedBoard(bh.Board):
    """A simulated board that keeps every serial line (a game of a few moves)."""

    def write(self, line):
        self.lines.append(line)


def _row(board, kind):
    m = board.app.mode
    for _ in range(len(m.rows)):
        if m.rows[m.cursor][0] == kind:
            return
        board.press(btn.DOWN)
    raise AssertionError("no row " + kind)


def from_menu():
    """Choose the game on the menu's game row, keep its defaults (seat 2 a bot at the menu's
    level: the game has no bot module, so its engine's greedy bot plays), START, then take one
    pebble with A at every human turn until the game ends."""
    b = LoggedBoard(bot_delay_ms=20)
    app = b.app
    m = app.mode
    assert m.name == "menu"
    _row(b, "game")
    for _ in range(8):
        if m.game == GAME:
            break
        b.press(btn.RIGHT)
    assert m.game == GAME, m.game
    assert "PEBBLES" in m.texts and "PILE 10" in m.texts and "P2 BOT" in m.texts, m.texts
    _row(b, "start")
    b.press(btn.A)
    mode = app.mode
    assert mode.name == GAME and mode.options["bots"] == [1], mode.options
    assert mode.options["level"] == "normal" and mode.search == "greedy"
    for _ in range(40):
        if mode.state.is_over():
            break
        if mode.state.current_player == 0:
            b.press(btn.A)
        b.advance(200)
    b.settle()
    assert mode.state.is_over() and mode.state.history_len() >= 4
    lines = list(b.lines)
    b.close()
    return lines


def over_serial():
    """A `new` of three human seats and a 13-pebble pile, its moves sent one by one, a
    `state` asked midway; an illegal move refused."""
    b = LoggedBoard(bot_delay_ms=20)
    b.send({"cmd": "new", "game": GAME, "seed": 5,
            "options": {"players": 3, "pile": 13, "bots": []}})
    assert b.app.mode.name == GAME
    b.send({"cmd": "new", "game": GAME, "seed": 5, "options": {"players": 3, "colour": 1}})
    assert b.events("error")[-1]["msg"] == "unknown option: colour"
    takes = "2121212121"  # 13 pebbles: the 10th move would take the last but one
    b.send({"cmd": "move", "move": "3"})
    assert b.events("error")[-1]["msg"].startswith("illegal move now")
    n = 0
    for t in takes:
        if b.app.mode.state.is_over():
            break
        b.send({"cmd": "move", "move": t})
        b.advance(50)
        n += 1
        if n == 3:
            b.send({"cmd": "state"})
            reply = b.events("state")[-1]
            assert reply["game"] == GAME and reply["n"] == 3 and reply["to_move"] == 0
            assert reply["digest"] == b.app.mode.state.digest()
    st = b.app.mode.state
    while not st.is_over():
        b.send({"cmd": "move", "move": "1"})
        b.advance(50)
    b.settle()
    ends = b.events("end")
    assert ends and ends[-1]["game"] == GAME, b.lines[-3:]
    lines = list(b.lines)
    b.close()
    return lines


def main():
    """On MicroPython: both games' lines on stdout, each behind its tag."""
    for tag, lines in (("MENU", from_menu()), ("SERIAL", over_serial())):
        for line in lines:
            print(tag + " " + line.strip())
    print("DONE " + json.dumps({"ok": True}))
