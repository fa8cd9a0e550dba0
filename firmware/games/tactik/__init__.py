"""Tac-Tik as a game of the board: `create`, and the layout a player count draws with, what the
registry (games/__init__.py) and the menu call (see docs/firmware.md). Its title, player
counts and options are its declaration's (shared_rules/tactik/spec.py). The controller,
controller.py, is imported only when a game starts: the menu reads these without loading an
engine."""


def colours_on_board(players):
    """4 colours for 2 or 4 players, 6 for 3 or 6 (the individual variants run two each)."""
    if players in (2, 4):
        return 4
    if players in (3, 6):
        return 6
    raise ValueError("Tac-Tik is played by 2, 3, 4 or 6 players, not %s" % players)


def layout_key(players):
    """The profile layout (`layouts.tactik`) a game of `players` draws with: "4" or "6"."""
    return str(colours_on_board(players))


def create(app, options, seed, moves=()):
    """The Tac-Tik mode for these options (players, bots, cards, engine flags). Its options
    name the card mode in force ("deal" or "real", never "auto"), so the `new` event, the save
    and the `state` reply say how the game is played and the host replays it without guessing."""
    from firmware.games.tactik.controller import TactikMode

    mode = TactikMode(app, options, seed, moves)
    mode.options["cards"] = "real" if mode.physical else "deal"
    return mode
