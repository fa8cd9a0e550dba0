"""`lanterne replay FILE`: rebuild every game of a log with shared_rules and check it move by move;
optionally walk through it in the terminal or render it with the firmware's own renderer."""

import sys
from pathlib import Path

import click

from lanterne import params, untrusted
from lanterne.rebuild import Divergence, Game, board_events

MAX_LOG = 256 << 20  # bytes: a long session's log is a few MB


def load_profile(name):
    """A hardware profile by plain name (no path: a log or a board names it), from the
    profile folders (firmware.profile.folders()); ValueError if there is none of that name."""
    from firmware import profile

    if not isinstance(name, str) or not untrusted.PLAIN_NAME.fullmatch(name):
        raise untrusted.BadInput(f"not a profile name: {untrusted.short(name)}")
    return profile.find(name)


class Replay:
    """The result of checking one log: games rebuilt, and the first divergence if any."""

    def __init__(self):
        self.games = []
        self.divergence = None
        self.divergence_game = None
        self.profile_name = None
        self.line_no = None


def check_log(lines, on_step=None):
    """Check the events of a log (an iterable of text lines); on_step(game, text) after each."""
    result = Replay()
    game = None
    for line_no, obj in board_events(lines):
        ev = obj.get("ev")
        try:
            if ev == "hello" and obj.get("profile") and result.profile_name is None:
                result.profile_name = obj["profile"]
            if ev == "new":
                if obj.get("resumed") and game is not None and game.same_game(obj):
                    game.resume(obj)
                    continue
                game = Game(obj)
                result.games.append(game)
                if on_step:
                    on_step(game, "start: " + game.title())
                continue
            if game is None or ev not in ("move", "undo", "end"):
                continue
            text = game.event(obj)
            if text and on_step:
                on_step(game, text)
        except Divergence as d:
            result.divergence, result.divergence_game, result.line_no = d, game, line_no
            return result
        except untrusted.BadInput as exc:  # a field of the wrong type or size
            where = len(game.moves) if game is not None else 0
            result.divergence = Divergence(where, f"'{untrusted.printable(ev)[:20]}' event",
                                           "fields of the right type", str(exc))
            result.divergence_game, result.line_no = game, line_no
            return result
        except ValueError as exc:  # unknown game or options the engine refuses
            result.divergence = Divergence(0, "game start", "options the engine accepts",
                                           str(exc))
            result.divergence_game, result.line_no = game, line_no
            return result
    return result


def summary(game):
    parts = [f"{game.title()}: {len(game.moves)} moves legal, {game.checked} digests match"]
    if game.recovered:
        parts.append(f"{game.recovered} moves taken from the board's resume")
    if game.scores_checked:
        parts.append(f"end scores {game.ended.get('scores')} match")
    elif game.ended is not None:
        parts.append("the end gives no scores to check")
    elif not game.state.is_over():
        parts.append("not finished")
    return "; ".join(parts)


@click.command(short_help="Check a recorded game move by move; draw or export it.")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--step", is_flag=True,
              help="walk through the game in the terminal, drawing the board as the panel shows "
                   "it (right, space, n or Enter: next; left, p or b: back; q: stop)")
@click.option("--png", "png_dir", type=params.Folder(),
              help="write one PNG per position into this folder")
@click.option("--gif", "gif_file", type=params.OutputFile([".gif"]),
              help="write an animated GIF of the whole game")
@click.option("--html", "html_file", type=params.OutputFile([".html", ".htm"]),
              help="write one self-contained page to scrub through the game (slider, arrow keys)")
@click.option("--profile", "profile_name", default=None,
              metavar="NAME",
              help="board to draw on, hardware/profiles/NAME.json (default: the one the log "
                   "names, else ref32)")
@click.option("--scale", type=params.SCALE, default=8, show_default=True,
              help="picture pixels per LED (1..64)")
def replay(file, step, png_dir, gif_file, html_file, profile_name, scale):
    """Replay the game(s) in FILE with this computer's copy of the rules and check every move.

    FILE is a file written by `lanterne log` (or the event lines of `lanterne sim --events`).
    Every move must be legal and made by the player whose turn it is, the position after it
    must match the board's (its digest, a fingerprint of the position), and the final scores
    must agree: then one OK line per game. Otherwise the first difference is printed as
    DIVERGENCE with its move number, what the log says and what this computer finds, and the
    exit status is 1. --step, --png and --gif show the positions as the panel draws them.
    """
    if Path(file).stat().st_size > MAX_LOG:
        raise click.ClickException(f"{file} is over {MAX_LOG >> 20} MB: not a game log")
    lines = Path(file).read_text(encoding="utf-8", errors="replace").splitlines()
    result = check_log(lines)
    for g in result.games:
        if g is not result.divergence_game:
            click.echo(untrusted.printable("OK " + summary(g)))
    if result.divergence is not None:
        where = f" (log line {result.line_no})" if result.line_no else ""
        title = result.divergence_game.title() if result.divergence_game else "log"
        click.echo(untrusted.printable(f"DIVERGENCE in {title}{where}: {result.divergence}"))
    if not result.games and result.divergence is None:
        raise click.ClickException("no game in this log (no 'new' event)")
    if step or png_dir or gif_file or html_file:
        profile = _profile_for(profile_name, result.profile_name)
        profile = _able(profile, result.games, asked=bool(profile_name))
        draw(result, profile, step, png_dir, gif_file, scale)
        if html_file:
            from lanterne.replay_html import write_html

            n = write_html(result, profile, html_file, Path(file).name, scale)
            click.echo(f"page of {n} position(s) in {html_file}")
    if result.divergence is not None:
        sys.exit(1)


def _profile_for(asked, logged):
    """The profile to draw on: --profile (must exist), else the log's own if it names a usable
    one, else ref32."""
    try:
        return load_profile(asked or logged or "ref32")
    except ValueError as exc:
        if asked:
            raise click.BadParameter(str(exc), param_hint="--profile") from None
        click.echo(untrusted.printable(f"note: {exc}; drawing on ref32"))
        return load_profile("ref32")


def _able(profile, played, asked):
    """The profile if its board can show every game of the log (firmware.games.unplayable: a
    board of holes for Tac-Tik has no picture of Ta Yu). Otherwise --profile is refused, with
    the reason, before any picture is written; the log's own board gives way to ref32."""
    from firmware import games

    for game in played:
        why = games.unplayable(profile, game.game)
        if why:
            if asked:
                raise click.BadParameter(why + "; choose a board that shows it (e.g. ref32)",
                                         param_hint="--profile")
            click.echo(untrusted.printable(f"note: {why}; drawing on ref32"))
            return load_profile("ref32")
    return profile


def draw(result, profile, step, png_dir, gif_file, scale):
    """Render every position the replay reached (up to a divergence)."""
    from lanterne.render_state import render

    frames = []
    if step:
        from lanterne.replay_view import step_through

        step_through(result, profile, click.echo)  # both ways in a terminal (replay_view)
    for gi, game in enumerate(result.games, 1):
        for i, state in enumerate(game.history):
            if not (png_dir or gif_file):
                break
            frames.append((gi, i, render(profile, game.game, state)))
    if png_dir:
        from lanterne.picture import save_png

        out = Path(png_dir)
        out.mkdir(parents=True, exist_ok=True)
        for gi, i, canvas in frames:
            save_png(canvas, out / f"game{gi}-{i:03d}.png", scale=scale)
        click.echo(f"{len(frames)} picture(s) in {out}/")
    if gif_file:
        from lanterne.picture import save_gif

        save_gif([c for _, _, c in frames], gif_file, scale=scale, duration_ms=300)
        click.echo(f"animation of {len(frames)} frame(s) in {gif_file}")
