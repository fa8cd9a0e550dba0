"""Tai Chi Chuan (William Attia, Cocktail Games): the rules engine (`rules.py`), its deck
(`deck.py`), its bots (`bot.py`) and its draft declaration (`draft_spec.py`: so named until
its board package comes, since a `spec.py` registers a game). Rules as implemented, every
option and the deck file: docs/taichi.md."""
