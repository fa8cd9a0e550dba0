"""Bot levels for every game: `bot_move(state, level)` picks the move of the seat to move.

The level registry only; each game's bots live in its folder, in the module its declaration
names (`spec.BOT`, `shared_rules/<game>/bot.py`), imported on first use (the board loads only
the game it plays). A game's bot module exposes `move(state, level)` for the levels of
`LEVELS` and "greedy" (a game with simultaneous rounds also
`card(state, seat, level)`: each seat's choice), and may expose `steps(state, level)`: the same
search as a generator, one bounded piece per `next()`, so a board spreads it over its loop
passes (`bot_steps`). See docs/bots.md.
"""

import sys

from shared_rules import registry
from shared_rules.registry import engine

LEVELS = ("easy", "normal", "hard")
ALL_LEVELS = ("greedy",) + LEVELS  # "greedy" is the engine's baseline bot, kept as it was


def games():
    """The games that have bots of their own (their declaration names a BOT module); every
    other game's levels play its engine's greedy_move (plays())."""
    return [g for g in registry.names() if registry.spec(g).BOT]


def plays(game, level):
    """The level a game's bots really play: `level`, or "greedy" for a game without a bot
    module of its own (a new game plays from the menu's defaults before it has bots)."""
    if level == "greedy" or ("shared_rules." + str(game) + ".bot") in sys.modules:
        return level
    return level if registry.spec(game).BOT else "greedy"


def game_of(state):
    """The game name of a state: its engine's NAME."""
    return sys.modules[type(state).__module__].NAME


def bot_module(game):
    """The bot module of a game, imported on first use. Not kept here: on a board, starting
    another game lets a game's modules go (firmware/games: unload_others), its bots' too.
    Once loaded, found without its declaration (which a board lets go during play)."""
    loaded = sys.modules.get("shared_rules." + str(game) + ".bot")
    if loaded is not None:
        return loaded
    try:
        bot = registry.spec(game).BOT
    except ValueError:
        bot = None
    if not bot:
        raise ValueError("no bots for game: " + str(game))
    return registry.part(game, bot)


def new_game(game, players, seed=0, **options):
    """The one adapter to the engines' constructors: `new_game(players, seed, **options)`."""
    return engine(game).new_game(players=players, seed=seed, **options)


def bot_move(state, level="normal", game=None):
    """The move of `level` for the seat to move (None when the game is over). It reads only
    what that seat may see and draws its chance from a generator seeded by the game's seed and
    move number, so the board and the host pick the same move."""
    if level not in ALL_LEVELS:
        raise ValueError("unknown level: " + str(level))
    if state.is_over():
        return None
    game = game or game_of(state)
    if plays(game, level) == "greedy":  # the engine's own bot: no bot module loaded (heap)
        return engine(game).greedy_move(state)
    return bot_module(game).move(state, level)


def bot_steps(state, level="normal", game=None):
    """`bot_move` as a generator for a board's loop: each `next()` does one piece of the search,
    bounded by a count (a few milliseconds here, well under a Pico's 300 ms pass), and yields
    None, the last yields the move. Pieces are cut by counts, never a clock, so the move is
    `bot_move`'s on every runtime."""
    if level not in ALL_LEVELS:
        raise ValueError("unknown level: " + str(level))
    if state.is_over():
        yield None  # nothing to choose: the caller sees no move
        return
    game = game or game_of(state)
    mod = bot_module(game) if plays(game, level) != "greedy" else None
    if mod is None or not hasattr(mod, "steps"):
        yield bot_move(state, level, game)
        return
    yield from mod.steps(state, level)


def bot_choice(state, seat, level="normal", game=None):
    """A simultaneous round (`state.simultaneous()`): `seat`'s choice at `level`, from what
    that seat may see only (never another seat's pending choice): the engine's
    `greedy_choice`, else the bot module's `choice(state, seat, level)`."""
    if level not in ALL_LEVELS:
        raise ValueError("unknown level: " + str(level))
    game = game or game_of(state)
    if plays(game, level) == "greedy":
        return engine(game).greedy_choice(state, seat)
    return bot_module(game).choice(state, seat, level)


def finish(steps):
    """Run a bot's `steps` generator to its end: its move (the last value yielded)."""
    last = None
    for value in steps:
        last = value
    return last


# The game's secret (issue 33): a number drawn on the board at the game's start (its random
# source), mixed into every bot's own generator, so that what a bot leaves to chance (a mixed
# strategy's card, a slip, a sample) cannot be foreseen from the seed and the public position
# that the `new` event and the log give. Kept out of the `new` event, the `state` reply and
# the log while the game runs; the `end` event reveals it, so a replay checks every bot move.
# 0: no secret (the seeded draws of before: the tests and the golden digests).
_SECRET = [0]


def set_secret(value):
    """The secret the bots of the game in progress mix into their chance (0: none)."""
    _SECRET[0] = int(value) & 0xFFFFFFFF


def secret():
    """The secret set for the game in progress (0: none)."""
    return _SECRET[0]


def draw_secret():
    """A fresh secret from the system's random source (the RP2040's ring oscillator on a
    Pico, os.urandom on a computer); never 0."""
    import os

    b = os.urandom(4)
    return ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) or 1


def mix_secret(h):
    """`h` (a 30-bit seed) with the game's secret mixed in; `h` itself when there is none."""
    s = _SECRET[0]
    if not s:
        return h
    return (h ^ (s * 0x9E3779B1 + (s >> 16))) & 0x3FFFFFFF


def bot_rng_seed(state):
    """A seed for a bot's own generator: the game's seed, the move number, the seat and the
    game's secret (never the game's generator itself, which also deals)."""
    seed = state.seed or 0
    h = (seed * 1000003 + state.history_len() * 7919 + state.current_player * 131) & 0x7FFFFFFF
    return mix_secret(h) if _SECRET[0] else h
