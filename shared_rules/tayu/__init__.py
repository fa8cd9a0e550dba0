"""Ta Yü: its declaration (spec.py), its rules (rules.py), its bots (bot.py) and, host-only,
the reading back of a serialized state (load.py). Nothing is imported here: the board loads
the declaration at the menu and the rules only when a game starts."""

# the menu's order of games, lowest first: here rather than in the declaration, so that listing
# the games at boot (registry.names) loads no declaration (its texts would stay on a Pico's heap)
ORDER = 10
