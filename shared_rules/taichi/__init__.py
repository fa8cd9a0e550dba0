"""Tai Chi Chuan (William Attia, Cocktail Games): the rules engine (`rules.py`), its deck
(`deck.py`), its bots (`bot.py`) and its declaration (`spec.py`). Rules as implemented, every
option and the deck file: docs/taichi.md."""
