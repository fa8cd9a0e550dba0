"""`lanterne sim`: the board in the terminal, running the real firmware app on the simulator
backend, or headless with a key script and a picture of the final frame. This module is the
command (its options, the game it starts); the simulated board is lanterne.sim_board, the
terminal's picture, side panel and keys lanterne.sim_terminal."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click
import platformdirs

from firmware import games as fgames
from firmware import profile as fprofile
from lanterne import params
from lanterne.sim_board import (  # noqa: F401 (the simulator's names, as the tests use them)
    LONG_MS,
    SHORT_MS,
    STEP_MS,
    Simulator,
    parse_script,
)
from lanterne.sim_terminal import (  # noqa: F401
    KEY_HELP,
    PANEL_MAX,
    PANEL_MIN,
    WOOD_RGB,
    KeyQueue,
    _rgb,
    _side_panel,
    ansi,
    auto_zoom,
    board_ansi,
    interactive,
    key_presses,
)
from shared_rules.bots import ALL_LEVELS


def user_save_dir(profile_name: str) -> Path:
    """Where `lanterne sim` played in a terminal keeps its board's save, one folder per profile
    (on Linux ~/.local/state/lanterne/sim/NAME), so RESUME offers the game at the next start."""
    return Path(platformdirs.user_state_dir("lanterne")) / "sim" / profile_name


def check_seats(declared, players, humans, edition):
    """--players, --humans and --edition checked against the chosen game's declaration (one
    clear line)."""
    counts = list(declared.PLAYERS)
    if players is not None and players not in counts:
        raise click.BadParameter(f"{declared.TITLE} is for " + ", ".join(map(str, counts))
                                 + " players", param_hint="--players")
    n = players or declared.DEFAULT_PLAYERS
    if humans is not None and not 0 <= humans <= n:
        raise click.BadParameter(f"0..{n} human seats with {n} players", param_hint="--humans")
    if edition and not any(row[0] == "edition" for row in declared.OPTIONS):
        raise click.BadParameter(f"{declared.TITLE} has no editions", param_hint="--edition")


def build_options(players, humans, edition, variants, default_players=2, level=None):
    options: dict = {}
    if level:
        options["level"] = level
    if players:
        options["players"] = players
    if edition:
        options["edition"] = edition
    for v in variants:
        key, eq, val = v.partition("=")
        key = key.replace("-", "_")
        if not eq:
            options[key] = True
        elif val.lower() in ("1", "true", "yes", "on", "y"):
            options[key] = True
        elif val.lower() in ("0", "false", "no", "off", "n"):
            options[key] = False
        else:
            try:
                options[key] = int(val)
            except ValueError:
                options[key] = val
    n = players or default_players
    options["players"] = n  # the game's default when not given: the new event names it
    h = 1 if humans is None else humans
    options["bots"] = [s for s in range(n) if s >= h]
    return options


def menu_rows():
    """The option rows of every game's menu (its declaration's OPTIONS with a menu row), as
    (game, key, choices): --edition and --variant offer what the games offer."""
    return [(name, row[0], row[4][1]) for name in fgames.names()
            for row in fgames.spec(name).OPTIONS if row[4] is not None]


def _editions():
    out = []
    for _, key, choices in menu_rows():
        out += [c for c in choices if key == "edition" and c not in out]
    return out


def _variants():
    return ", ".join(sorted({key for _, key, _ in menu_rows() if key != "edition"}))


@click.command(short_help="Play on a simulated board in this terminal.")
@click.option("--profile", "profile_name", default="ref32", show_default=True,
              help="Hardware profile (hardware/profiles/NAME.json).")
@click.option("--game", type=click.Choice(fgames.names()),
              help="Skip the menu and start this game.")
@click.option("--players", type=int, help="Number of players.")
@click.option("--humans", type=int, help="Human seats (0..N-1); the others are bots. Default 1.")
@click.option("--seed", type=click.IntRange(0, 2**32 - 1),
              help="Seed of the game, 0..2**32-1 (default: from the clock).")
@click.option("--edition", type=click.Choice(_editions()),
              help="The game's edition (a game whose menu has one).")
@click.option("--variant", "variants", multiple=True, metavar="FLAG[=VALUE]",
              help="A game option, repeatable: FLAG (on) or FLAG=VALUE, FLAG one of the "
                   "game's menu keys (" + _variants() + ", …).")
@click.option("--level", type=click.Choice(ALL_LEVELS),
              help="The bots' level, as the menu's BOT row (default: normal, the menu's own "
                   "default; greedy: the engine's one-move bot).")
@click.option("--keys", "script", help='Button script: "up down left right a b a:long wait:500".')
@click.option("--snapshot", type=params.OutputFile(params.IMAGE_FORMATS),
              help="Run headless and write a picture of the final frame (.png, .jpg, .gif).")
@click.option("--scale", type=params.SCALE, default=12, show_default=True,
              help="Snapshot pixels per LED (1..64).")
@click.option("--zoom", type=click.IntRange(1, 8),
              help="Terminal: each LED N columns x N half-rows (default: the largest of 1..3 "
                   "that fits the terminal beside the key help).")
@click.option("--dir", "state_dir", type=params.Folder(),
              help="Where the board saves its game (default: in a terminal, a folder of yours that "
                   "keeps it for RESUME, shown beside the board; with --keys or --snapshot, a "
                   "fresh temporary folder).")
@click.option("--bot-delay", type=click.IntRange(0, 60_000), default=600, show_default=True,
              help="Bot pause in ms.")
@click.option("--events", is_flag=True,
              help="Print the board's serial lines when done (headless: after the script; in a "
                   "terminal: once you quit with q).")
@click.option("--moves", "stop_moves", type=click.IntRange(1, 10_000), metavar="N",
              help="Headless: let the game reach N moves (bots play; it stops sooner when a "
                   "human is to move), then run --keys and write the snapshot at once, without "
                   "waiting for the bots (the last card played still shows).")
@click.option("--pico", "pico", is_flag=False, flag_value="", default=None, metavar="[UF2]",
              help="Run the firmware as `lanterne flash` installs it on an emulated RP2040 "
                   "(MicroPython's rp2 build, or the UF2 given) instead of the simulator; needs "
                   "node, MicroPython's Pico UF2 and the RP2040 boot ROM (docs/pico.md).")
def sim(profile_name, game, players, humans, seed, edition, variants, level, script, snapshot,
        scale, zoom, state_dir, bot_delay, events, stop_moves, pico):
    """Play on a simulated board in this terminal (the real firmware, simulated hardware)."""
    if pico is not None:
        if game or script is not None or snapshot or state_dir or events or stop_moves:
            raise click.UsageError("--pico plays from the board's menu in the terminal: it "
                                   "takes only --profile and --zoom")
        from lanterne import pico_sim

        pico_sim.play(profile_name, pico or None, zoom)
        return
    if stop_moves and not game:
        raise click.UsageError("--moves N counts the moves of a game: give --game too (e.g. "
                               f"--game {fgames.names()[0]} --humans 0 --moves 60)")
    headless = bool(script is not None or snapshot or stop_moves)
    if seed is None and headless:
        seed = 0
    steps = parse_script(script or "")
    if not game and (players or humans is not None or edition or variants or level):
        raise click.UsageError("--players, --humans, --edition, --variant and --level need "
                               "--game")
    try:
        if state_dir is None and not headless and sys.stdin.isatty() and sys.stdout.isatty():
            state_dir = str(user_save_dir(fprofile.find(profile_name)["name"]))
        s = Simulator(profile_name, state_dir, seed, bot_delay)
    except (ValueError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    with s:  # the temporary save folder goes at exit, whatever the way out
        _run(s, game, (players, humans, edition, variants, level), seed, steps, headless,
             snapshot, scale, events, zoom, stop_moves)


def _run(s, game, setup, seed, steps, headless, snapshot, scale, events, zoom, stop_moves=None):
    """Boot the simulated board, start the game if asked, then play headless or in the
    terminal."""
    s.boot()
    if game:
        from firmware import games

        declared = games.spec(game)
        default = declared.DEFAULT_PLAYERS
        players, humans, edition, variants, level = setup
        check_seats(declared, players, humans, edition)
        from firmware.menu import BOT_DEFAULT

        # the bots play as the menu's BOT row would have them (NORM), not the engine's greedy
        options = build_options(players, humans, edition, variants, default,
                                level or BOT_DEFAULT)
        try:
            s.app.start_game(game, options, seed if seed is not None else int(time.time()))
        except ValueError as exc:
            raise click.ClickException(f"cannot start {game}: {exc}") from None
    if headless:
        if stop_moves:
            s.play_until(stop_moves)
        s.run_script(steps)
        if not stop_moves:
            s.settle()
        if snapshot:
            from lanterne.picture import canvas_to_image

            image = canvas_to_image(s.canvas(), scale=scale).convert("RGB")
            image.save(snapshot, format=params.IMAGE_FORMATS[Path(snapshot).suffix.lower()])
            click.echo(f"snapshot written: {snapshot}", err=True)  # stdout: the events
        if events:
            _print_events(s)
        return
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        click.echo(board_ansi(s, _side_panel(s), zoom or 1).replace("\r\n", "\n"))
        click.echo("(not a terminal: showing the first frame; run `make play` in a terminal)")
        if events:
            _print_events(s)
        return
    interactive(s, zoom)
    if events:  # the board's serial lines of the session, once the terminal is given back
        _print_events(s)


def _print_events(s):
    for line in s.lines:
        click.echo(line.rstrip("\n"))
