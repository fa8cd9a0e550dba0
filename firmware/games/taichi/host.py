"""Tai Chi Chuan on the host (replay, watch and document pictures, the simulator's status
line): the hooks host/lanterne/gamehooks.py reads (docs/ADDING_A_GAME.md, "The host");
the starting states are the host's default (the game interface, its "board" options left out).
Host-only: left out of what ships to the board (firmware/manifest.py), as words.py."""


def picture(profile, state, canvas):
    """The state as the panel shows it with no prompt: the cards, the seats, the last word."""
    from firmware.games.taichi import view
    from firmware.games.taichi.layout import layout_for

    v = view.View(layout_for(profile, state.players))
    v.seat = state.current_player if not state.is_over() else -1
    for s in range(6):
        v.race[s] = 0
    if state.phase in ("join", "race"):
        v.race[state.active] = 1
        for s in state.joined:
            v.race[s] = 2
    v.prompt = {"announce": "WORD", "offer": "WORD", "choose": "MORE", "join": "JOIN",
                "race": "RACE", "take": "TAKE", "pick": "PICK", "over": "END"}[state.phase]
    last = state.last_move()
    if last and last.split(" ")[0] in ("word", "accept"):
        v.line = view.LINE_WORD
        v.word = last.split(" ")[1]
        v.word_rgb = view.GREEN if last.startswith("word") else view.AMBER
    if state.is_over():
        v.overlay = view.END
        _, v.winner_text, v.winner_rgb = view.winner_info(state)
    view.draw(canvas, state, v)
    return canvas


def status(state, bots):
    """The one line beside `lanterne sim`'s board: the cards, who is to do what, the piles."""
    from firmware.games.taichi import words

    return words.status(state, bots)
