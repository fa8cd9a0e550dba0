"""Tac-Tik as a game of the board: what the registry (games/__init__.py) and the menu need (see
docs/firmware.md). The controller, controller.py, is imported only when a game
starts: the menu reads these few names without loading an engine."""

TITLE = "TACTIK"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
PLAYER_COUNTS = (2, 3, 4, 6)  # 2 and 3: individual variants, each player runs two colours
DEFAULTS = {"players": 4, "cards": "auto", "base_entry_compulsory": False}
# (option key, label, choices, names, short label) rows of the boot menu: the short label stands
# for the label on a panel too narrow for the whole row (a 32 px panel holds 8 letters)
MENU = [
    ("cards", "CARDS", ["auto", "deal", "real"], ["AUTO", "DEAL", "REAL"], "CRD"),
    ("base_entry_compulsory", "BASE", [False, True], ["FREE", "MUST"], "BSE"),
]


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


def check(options):
    """Raise ValueError unless Tac-Tik's options have their types and ranges (other keys, such
    as another game's left in the menu's memory, are not Tac-Tik's and are dropped later)."""
    from firmware import field_checks

    players = options.get("players", DEFAULTS["players"])
    if field_checks.integer("players", players, MIN_PLAYERS, MAX_PLAYERS) not in PLAYER_COUNTS:
        raise ValueError("players must be 2, 3, 4 or 6")
    if "cards" in options:
        field_checks.one_of("cards", options["cards"], ("auto", "deal", "real"))
    if options.get("cards") == "real" and options.get("bots"):
        raise ValueError("physical cards need every seat human (a bot has no cards)")
    for key in ("base_entry_compulsory", "partner_stake_own"):
        if key in options:
            field_checks.flag(key, options[key])
    if "bots" in options:
        field_checks.int_list("bots", options["bots"], 0, players - 1, MAX_PLAYERS)


def create(app, options, seed, moves=()):
    """The Tac-Tik mode for these options (players, bots, cards, engine flags). Its options
    name the card mode in force ("deal" or "real", never "auto"), so the `new` event, the save
    and the `state` reply say how the game is played and the host replays it without guessing."""
    from firmware.games.tactik.controller import TactikMode

    mode = TactikMode(app, options, seed, moves)
    mode.options["cards"] = "real" if mode.physical else "deal"
    return mode
