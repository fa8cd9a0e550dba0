"""Ta Yü: its declaration (spec.py), its rules (rules.py), its bots (bot.py) and, host-only,
the reading back of a serialized state (load.py). Nothing is imported here: the board loads
the declaration at the menu and the rules only when a game starts."""
