"""What the host knows of each game, read from the game's own package: nothing here names a game.

A game of `shared_rules.registry` (and of `firmware.games`) may have a host-only module,
`firmware/games/<game>/host.py` (left out of what ships to the board, as its words.py), with
any of these hooks; a hook it leaves out takes the default below, written once for every game
through the game interface (docs/game-interface.md):

- `picture(profile, state, canvas)`: draw a bare state as the board shows it (replay, watch
  and document pictures: lanterne.render_state). Default: none, the game cannot be drawn.
- `status(state, bots)`: one line for the side panel of `lanterne sim` (whose turn, the end).
  Default: the seat to move, bot or human, and the phase; the winning seats at the end.
- `shown_options(options)`: the options a game's title names (replay's summary, the page):
  those that apply to it. Default: all of them.
- `starts(options, seed)`: the candidate starting states of a `new` event, most likely first
  (lanterne.rebuild). Default: the engine's `replay(options, seed, ())` without the board's
  own options (shared_rules/options.py: board_keys, `bots`, `level` and the declaration's
  "board" options).

Adding a game to the registries adds it to the host: no line in `render_state`, `sim` or
`rebuild` (docs/ADDING_A_GAME.md, "The host").
"""

from __future__ import annotations

import importlib


def check(game) -> str:
    """The game's name if both registries know it (the engine and the board's package);
    ValueError otherwise."""
    from firmware import games
    from shared_rules import registry

    if not isinstance(game, str) or not registry.known(game) or not games.known(game):
        raise ValueError(f"unknown game {str(game)[:40]!r}")
    return game


def hooks(game):
    """The game's host module (`firmware.games.<game>.host`), None if it has none; ValueError
    for a game the registries do not know."""
    check(game)
    try:
        return importlib.import_module(f"firmware.games.{game}.host")
    except ModuleNotFoundError as exc:
        if exc.name != f"firmware.games.{game}.host":
            raise  # a module the hooks need is missing: not the same as having no hooks
        return None


def _hook(game, name):
    return getattr(hooks(game), name, None)


def picture(game):
    """The game's `picture(profile, state, canvas)`; ValueError if it has none."""
    try:
        draw = _hook(game, "picture")
    except ValueError:
        draw = None
    if draw is None:
        raise ValueError("no drawing for game: " + str(game)[:40])
    return draw


def status(game, state, bots=()) -> str:
    """One line about a game in play (whose turn, or how it ended), for the simulator."""
    say = _hook(game, "status")
    if say is not None:
        return say(state, bots)
    if state.is_over():
        won = state.winner()
        return ("game over: seat " + " and ".join(map(str, won)) + " wins" if won
                else "game over: a draw") + "; A for the menu"
    seat = state.current_player
    who = "bot" if seat in bots else "human"
    return f"{game}: seat {seat} ({who}) to play: {state.phase}"


def shown_options(game, options) -> dict:
    """The options worth naming in a game's title: the game's own choice (`shown_options`),
    all of them by default."""
    try:
        pick = _hook(game, "shown_options")
    except ValueError:
        pick = None
    return pick(dict(options)) if pick is not None else dict(options)


def starts(game, options, seed) -> list:
    """The candidate starting states of a `new` event, most likely first (the board's options
    name the engine's beside its own: docs/game-interface.md, replay(options, seed, moves))."""
    options = dict(options or {})
    make = _hook(game, "starts")
    if make is not None:
        return make(options, seed)
    from shared_rules import options as checker
    from shared_rules import registry

    board_only = checker.board_keys(registry.spec(game))
    opts = {k: v for k, v in options.items() if k not in board_only}
    return [registry.engine(game).replay(opts, seed, ())]
