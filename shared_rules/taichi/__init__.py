"""Tai Chi Chuan (William Attia, Cocktail Games): its declaration (`spec.py`), the rules engine
(`rules.py`), its deck (`deck.py`) and its bots (`bot.py`). Nothing is imported here: the board
loads the declaration at the menu and the rules only when a game starts. Rules as implemented,
every option and the deck file: docs/taichi.md."""

# the menu's order of games, lowest first (registry.names reads it without the declaration)
ORDER = 40
