"""Tac-Tik: its declaration (spec.py), its rules (rules.py), its bots (bot.py) and, for tests
and puzzles only, hand-built positions (setup.py). Nothing is imported here: the board loads
the declaration at the menu and the rules only when a game starts."""

# the menu's order of games, lowest first: here rather than in the declaration, so that listing
# the games at boot (registry.names) loads no declaration (its texts would stay on a Pico's heap)
ORDER = 20
