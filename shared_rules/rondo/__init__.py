"""Rondo (Ravensburger / F.X. Schmid): the rules engine (`rules.py`), its cards (`cards.py`),
the search its bots and its baseline share (`search.py`), its bots (`bot.py`) and its
declaration (`spec.py`). Nothing is imported here. Rules as implemented, every option, the
card data: docs/rondo.md."""

# the menu's order of games, lowest first (docs/ADDING_A_GAME.md)
ORDER = 50
