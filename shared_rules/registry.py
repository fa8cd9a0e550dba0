"""The rules engines by name: every game of shared_rules/ that follows the game interface
(docs/game-interface.md). Adding a game is one line in GAMES; the interface tests
(tests/rules/test_game_interface.py) then run on it too. An engine is imported on first use,
nothing at import time."""

GAMES = ("tayu", "tactik", "wuxing")


def engine(name):
    """The engine module of a game (shared_rules.<name>); ValueError for an unknown name."""
    if name not in GAMES:
        raise ValueError("unknown game: " + str(name)[:40])
    return __import__("shared_rules." + name, None, None, (name,))
