"""Ta Yü: its declaration (spec.py), its rules (rules.py), its bots (bot.py; the reply
look of the games hard's play-outs do not model in bot_reply.py) and, host-only,
the reading back of a serialized state (load.py). Nothing is imported here: the board loads
the declaration at the menu and the rules only when a game starts."""

# the menu's order of games, lowest first: here rather than in the declaration, so that listing
# the games at boot (registry.names) loads no declaration (its texts would stay on a Pico's heap)
ORDER = 10
