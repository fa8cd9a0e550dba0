"""`lanterne replay FILE`: rebuild every game of a log with shared_rules and check it move by move;
optionally walk through it in the terminal or render it with the firmware's own renderer."""

import sys
from pathlib import Path

import click

from lanterne import params, untrusted
from lanterne.profiles import load_profile
from lanterne.rebuild import TRACEBACK, Divergence, Game, log_items, summary

__all__ = ["check_log", "check_save", "load_profile", "replay"]

MAX_LOG = 256 << 20  # bytes: a long session's log is a few MB
SAVE_MAGIC = b"LANTERNE-SAVE "  # a board's save file (firmware/store.py) begins so


class Junk:
    """An unreadable stretch of a log: one line, or a traceback the board printed (its lines
    from `Traceback (most recent call last):` to the exception's own line)."""

    def __init__(self, line_no, text):
        self.first = self.last = line_no
        self.traceback = text.startswith(TRACEBACK)
        self.text = text
        self.lines = 1
        self.done = not self.traceback

    def takes(self, line_no, text):
        """Whether the next junk line continues this traceback: its indented lines, then the
        exception's own line, which ends it."""
        if not self.traceback or self.done or line_no != self.last + 1:
            return False
        self.last, self.lines = line_no, self.lines + 1
        if not text.startswith((" ", "\t")):
            self.text, self.done = text, True
        return True

    def __str__(self):
        where = f"line {self.first}" if self.first == self.last else \
            f"lines {self.first}-{self.last}"
        if self.traceback:
            said = self.text if self.text != TRACEBACK else "(cut short)"
            return f"{where}: a Traceback printed by the board: {untrusted.short(said, 120)}"
        return f"{where}: not a board event, skipped: {untrusted.short(self.text, 80)}"


class Replay:
    """The result of checking one log: games rebuilt, and the first divergence if any."""

    def __init__(self):
        self.games = []
        self.divergence = None
        self.divergence_game = None
        self.profile_name = None
        self.line_no = None
        self.junk = []        # Junk stretches, in order
        self.restarts = 0     # hellos after the first event: the board restarted
        self.source = None    # "save" when the input was a board's save file

    @property
    def junk_lines(self):
        return sum(j.lines for j in self.junk if not j.traceback)

    @property
    def tracebacks(self):
        return sum(1 for j in self.junk if j.traceback)


# over the complexity ceiling on purpose: a log's checks in the order its lines give them
def check_log(lines, on_step=None):  # noqa: C901
    """Check the events of a log (an iterable of text lines); on_step(game, text) after each.
    Lines that are not events are kept in `junk` (reported, counted, not fatal); the first
    divergence, or a board event of the wrong shape, stops the check."""
    result = Replay()
    game = None
    pending = [0, 0]        # junk lines, tracebacks before the first game
    unread = []             # junk since the last event: named if the next one diverges
    seen_event = False
    for line_no, kind, value in log_items(lines):
        if kind == "junk":
            if not (result.junk and result.junk[-1].takes(line_no, value)):
                result.junk.append(Junk(line_no, value))
                counts = [game.junk, game.tracebacks] if game is not None else pending
                if result.junk[-1].traceback:
                    counts[1] += 1
                else:
                    counts[0] += 1
                if game is not None:
                    game.junk, game.tracebacks = counts
            unread.append(line_no)
            continue
        obj = value
        ev = obj.get("ev")
        try:
            if ev == "hello":
                name = obj.get("profile")
                if result.profile_name is None and isinstance(name, str):
                    result.profile_name = name[:40]
                if seen_event:
                    result.restarts += 1
                    if game is not None:
                        game.restarts += 1
            seen_event = True
            if ev in ("new", "state"):
                game = _begin(result, game, obj, on_step, pending)
            elif game is not None and ev in ("move", "undo", "end"):
                text = game.event(obj)
                if text and on_step:
                    on_step(game, text)
        except Divergence as d:
            return _diverged(result, d, game, line_no, unread)
        except untrusted.BadInput as exc:  # a field of the wrong type or size
            where = len(game.moves) if game is not None else 0
            return _diverged(result, Divergence(where, f"'{untrusted.printable(ev)[:20]}' event",
                                                "fields of the right type", str(exc)),
                             game, line_no, unread)
        except ValueError as exc:  # unknown game or options the engine refuses
            return _diverged(result, Divergence(0, "game start", "options the engine accepts",
                                                str(exc)), game, line_no, unread)
        unread = []
    return result


def _begin(result, game, obj, on_step, pending):
    """A `new` event, or a `state` reply naming a game: a new game, or (resumed, or the state
    of the game in progress) the same one continued, its moves checked against the log's."""
    if obj.get("ev") == "state" and (obj.get("game") is None or obj.get("seed") is None):
        return game  # the board at its menu: nothing to rebuild
    continued = obj.get("resumed") or obj.get("ev") == "state"
    if continued and game is not None and game.same_game(obj):
        game.resume(obj)
        digest = untrusted.text(obj, "digest", None, 64, null=True)
        if digest is not None and digest != game.state.digest():
            raise Divergence(len(game.moves), "state digest", f"{digest} (log)",
                             f"{game.state.digest()} (host)")
        return game
    game = Game(obj)
    if not result.games:
        game.junk, game.tracebacks = pending
    result.games.append(game)
    if on_step:
        on_step(game, "start: " + game.title())
    return game


def _diverged(result, divergence, game, line_no, unread):
    if unread:
        lines = ", ".join(map(str, unread[:5])) + (", …" if len(unread) > 5 else "")
        divergence = Divergence(divergence.n, divergence.what, divergence.expected,
                                f"{divergence.actual} (after unreadable line(s) {lines})")
    result.divergence, result.divergence_game, result.line_no = divergence, game, line_no
    return result


def check_save(data: bytes):
    """Check a board's save file (`game.sav`, firmware/store.py): its checksum, then its game
    rebuilt from options, seed and moves (every move legal). Raises click.ClickException when
    it is no readable save."""
    from firmware import store_read

    try:
        record = store_read.decode(data)
    except (ValueError, MemoryError) as exc:
        raise click.ClickException(f"not a readable save: {exc}") from None
    result = Replay()
    result.source = "save"
    try:
        game = Game(record)
    except Divergence as d:
        result.divergence = d
        return result
    except ValueError as exc:
        result.divergence = Divergence(0, "the save", "a game the host's rules accept",
                                       str(exc))
        return result
    game.recovered = len(game.moves)
    result.games.append(game)
    return result


MAGICS = ((b"\x89PNG", "a PNG picture"), (b"GIF8", "a GIF picture"), (b"\xff\xd8\xff",
          "a JPEG picture"), (b"PK\x03\x04", "a zip archive"), (b"\x1f\x8b", "gzip data"),
          (b"%PDF", "a PDF document"), (b"\x7fELF", "a program"), (b"M\x06", "a .mpy file"))


def binary(data: bytes):
    """What a binary file is ("a PNG picture", "binary data"), or None for text. A log is text
    lines: a NUL byte, or more than one character in ten of its first 4 KB not UTF-8 or a
    control character, is no log (one error line, not a `not a board event` line per chunk of
    it); a few bad bytes from a noisy serial line still leave it a log."""
    for magic, what in MAGICS:
        if data.startswith(magic):
            return what
    head = data[:4096]
    if b"\x00" in head:
        return "binary data (NUL bytes)"
    text = head.decode("utf-8", errors="replace")
    bad = sum(1 for ch in text if ch == "\ufffd" or (ord(ch) < 32 and ch not in "\t\r\n"))
    if bad * 10 > max(len(text), 1):
        return "binary data"
    return None


def verdict(game):
    """`OK`, with what was skipped around the game: `OK (1 traceback, 2 junk lines)`."""
    extra = []
    if game.tracebacks:
        extra.append(f"{game.tracebacks} traceback" + ("s" if game.tracebacks > 1 else ""))
    if game.junk:
        extra.append(f"{game.junk} junk line" + ("s" if game.junk > 1 else ""))
    return "OK" + (f" ({', '.join(extra)})" if extra else "")


MAX_JUNK_SHOWN = 20  # junk stretches reported one by one; the rest are counted
MAX_PICTURES = 1000  # positions drawn into --png files or a --gif at most (a GIF of 20,000
# frames overflows Pillow's durations, and 20,000 files are no help); the rest are counted


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

    FILE is a file written by `lanterne log` (or the event lines of `lanterne sim --events`,
    or the board's own save file, game.sav). Undos, resumed games and board restarts are
    followed; lines that are not board events (a pasted traceback, garbage) are reported with
    their line numbers and counted, and the games around them still checked.
    Every move must be legal and made by the player whose turn it is, the position after it
    must match the board's (its digest, a fingerprint of the position), and the final scores
    must agree: then one OK line per game. Otherwise the first difference is printed as
    DIVERGENCE with its move number, what the log says and what this computer finds, and the
    exit status is 1. --step, --png and --gif show the positions as the panel draws them.
    """
    if profile_name is not None:  # checked before anything is read
        try:
            load_profile(profile_name)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--profile") from None
    result = read_result(file)
    for g in result.games:
        if g is not result.divergence_game:
            name = f"{Path(file).name}: " if result.source == "save" else ""
            click.echo(untrusted.printable(f"{verdict(g)} {name}{summary(g, result.source)}"))
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


def read_result(file):
    """The replay of FILE (a log or a board's save), its junk said first; a file too big or
    not a log at all is one error line."""
    if Path(file).stat().st_size > MAX_LOG:
        raise click.ClickException(f"{file} is over {MAX_LOG >> 20} MB: not a game log")
    data = Path(file).read_bytes()
    if data.startswith(SAVE_MAGIC):
        result = check_save(data)
    elif binary(data):
        name = untrusted.printable(Path(file).name)[:60]
        raise click.ClickException(f"{name} is not a game log: {binary(data)}")
    else:
        result = check_log(data.decode("utf-8", errors="replace").splitlines())
    for junk in result.junk[:MAX_JUNK_SHOWN]:
        click.echo(untrusted.printable(str(junk)))
    if len(result.junk) > MAX_JUNK_SHOWN:
        click.echo(f"… and {len(result.junk) - MAX_JUNK_SHOWN} more stretches of junk")
    if result.junk:
        click.echo(f"skipped: {result.junk_lines} junk line(s), {result.tracebacks} "
                   "traceback(s) (not board events)")
    return result


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
    from lanterne.render_state import last_of, render

    frames = []
    if step:
        from lanterne.replay_view import step_through

        step_through(result, profile, click.echo)  # both ways in a terminal (replay_view)
    if not (png_dir or gif_file):
        return
    total = sum(len(game.history) for game in result.games)
    if not total:
        click.echo("nothing to draw: the log holds no position")
        return
    for gi, game in enumerate(result.games, 1):
        for i, state in enumerate(game.history):
            if len(frames) == MAX_PICTURES:
                break
            frames.append((gi, i, render(profile, game.game, state, last=last_of(game, i))))
    if total > len(frames):
        click.echo(f"note: {total} positions in this log; the first {len(frames)} drawn")
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
