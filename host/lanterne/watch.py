"""`lanterne watch`: a live mirror of the board in the terminal, rebuilt from its event stream.

On connecting it asks the board for `hello` (its profile) and `state` (the game so far), then
follows `new`/`move`/`undo`/`end` events, checking each digest with shared_rules and drawing the
position with the firmware's own renderer, as the panel shows it.
"""

import sys

import click

from lanterne import words
from lanterne.device import choose_port, port_option
from lanterne.rebuild import TRACEBACK, Divergence, Game
from lanterne.stream import BoardLink
from lanterne.untrusted import BadInput, printable, sequence, shown


class Mirror:
    """What the watcher knows: the board's profile, the game rebuilt so far, a status line."""

    def __init__(self, profile_loader):
        self.load = profile_loader
        self.profile = None
        self.profile_name = None
        self.game = None
        self.status = "connecting"
        self.checked = 0
        self.diverged = None
        self.junk = 0          # lines from the board that were not events (shown, skipped)
        self.tracebacks = 0    # tracebacks among them
        self.restarts = 0      # the board restarted (a hello with seq 0 during a game)
        self.in_traceback = False

    def on_junk(self, text):
        """A line from the board that is no event (garbage, a traceback, a huge number): counted
        and shown on the status line; the game goes on."""
        if text.startswith(TRACEBACK):
            self.tracebacks += 1
            self.in_traceback = True
            self.status = "the board printed a Traceback"
        elif self.in_traceback and text.startswith((" ", "\t")):
            pass  # its frames
        elif self.in_traceback:  # the exception's own line ends it
            self.in_traceback = False
            self.status = "the board printed a Traceback: " + shown(text, 120)
        else:
            self.junk += 1
            self.status = f"skipped a line that is not a board event: {shown(text, 80)}"

    def on_event(self, obj):  # noqa: C901 - one branch an event
        """Update from one board event; returns True when the picture changed."""
        ev = obj.get("ev")
        self.in_traceback = False
        if ev == "hello":
            name = obj.get("profile") or "ref32"
            if not isinstance(name, str) or len(name) > 40:
                name = "ref32"
            if name != self.profile_name:
                try:
                    self.profile = self.load(name)  # one of the project's profiles only
                except ValueError:
                    self.profile = self.load("ref32")
                self.profile_name = name
            if sequence(obj) == 0 and self.game is not None:  # it booted during the game
                self.restarts += 1
                self.status = "the board restarted (its game is saved: resume brings it back)"
                return True
            return False
        if ev == "state":
            if obj.get("game") and obj.get("seed") is not None:
                self._start({"game": obj["game"], "options": obj.get("options") or {},
                             "seed": obj["seed"], "moves": obj.get("moves") or []})
                if self.game is not None and isinstance(obj.get("digest"), str) and \
                        obj["digest"] != self.game.state.digest():
                    self.diverged = Divergence(len(self.game.moves), "state digest",
                                               obj["digest"], self.game.state.digest())
            else:
                self.game = None
                self.status = f"board in {shown(obj.get('mode', '?'), 20)}"
            return True
        if ev == "new":
            self._start(obj)
            return True
        if ev == "menu":
            self.game = None
            self.status = "board at the menu"
            return True
        if ev == "relaunch":  # a game of another kind, from a clean heap: a boot comes next
            self.game = None
            self.status = (f"the board restarts to start {shown(obj.get('game'), 20)} "
                           "from a clean heap")
            return True
        if ev in ("move", "undo", "end") and self.game is not None:
            try:
                text = self.game.event(obj)
            except Divergence as d:
                self.diverged = d
                self.status = f"DIVERGENCE {d}"
                return True
            except BadInput as exc:  # an event with fields of the wrong type: shown, skipped
                self.status = f"board sent a bad {shown(ev, 20)} event: {exc}"
                return True
            if ev == "move" and obj.get("digest"):
                self.checked += 1
            said = words.after_event(self.game, obj, text or ev)  # the move in words
            self.status = said + f"   [{self.checked} digests match]"
            return True
        if ev == "error":
            self.status = (f"board error {shown(obj.get('code'), 30)}: "
                           f"{shown(obj.get('msg'), 120)}")
            return True
        return False

    def _start(self, new_event):
        """A game from a `new` event or a `state` reply (with the moves played so far)."""
        try:
            self.game = Game(new_event)
        except Divergence as d:  # its moves do not replay on the host
            self.game, self.diverged = None, d
            self.status = f"DIVERGENCE {d}"
            return
        except ValueError as exc:  # a game or options the host's rules do not know
            self.game = None
            self.diverged = Divergence(0, "game start", "options the engine accepts", str(exc))
            self.status = f"DIVERGENCE {self.diverged}"
            return
        self.diverged = None
        self.status = words.new_game(self.game.game, self.game.options, self.game.seed,
                                     len(self.game.moves), new_event.get("resumed") is True)

    def frame_lines(self, ascii_art=False, zoom=1):
        """The picture of the current position as text lines (empty when no game), each LED
        `zoom` columns wide in colour."""
        if self.game is None or self.profile is None:
            return []
        from lanterne.render_state import last_of, render
        from lanterne.term import canvas_lines, canvas_text

        game = self.game
        canvas = render(self.profile, game.game, game.state,
                        last=last_of(game, len(game.history) - 1))
        return canvas_text(canvas).splitlines() if ascii_art else canvas_lines(canvas, zoom=zoom)


@click.command(short_help="Show the board's game live in this terminal, checked.")
@port_option
@click.option("--ascii", "ascii_art", is_flag=True,
              help="draw with '#' and '.' instead of colour blocks (for plain terminals and logs)")
@click.option("--events", "max_events", type=click.IntRange(1), default=None,
              metavar="N", help="stop after N game events (default: until Ctrl-C)")
@click.option("--timeout", type=click.FloatRange(0), default=None, metavar="SECONDS",
              help="give up when the port has not appeared after this long (default: wait)")
def watch(port, ascii_art, max_events, timeout):
    """Show the game on the board live in this terminal, drawn as the panel shows it.

    It joins a game already in progress, then follows every move; each one is checked with
    this computer's copy of the rules (the position must match the board's), and the status
    line says how many matched; a DIVERGENCE is shown and makes the exit status 1. You may
    unplug the board and plug it back: the view reconnects and catches up. Stop with Ctrl-C.
    """
    from lanterne.replay import load_profile

    port = choose_port(port)
    mirror = Mirror(load_profile)
    tty = sys.stdout.isatty() and not ascii_art

    def status(kind, msg):
        mirror.status = msg
        click.echo(printable(msg))

    link = BoardLink(port, reconnect=True, on_status=status)
    connects = 0
    events = 0

    def show(frame=True):
        zoom = 1
        if tty and mirror.profile is not None:  # as large as the terminal allows
            from lanterne.term import terminal_zoom

            zoom = terminal_zoom((mirror.profile["width"], mirror.profile["height"]), reserve=2)
        lines = mirror.frame_lines(ascii_art, zoom) if frame or tty else []
        if tty:
            click.echo("\x1b[H\x1b[2J", nl=False)
        click.echo("\n".join(lines + [printable(mirror.status)]))

    try:  # Ctrl-C is how watching ends, waiting for the board too: exit 0, no "Aborted!"
        link.open(wait=timeout)  # a board not plugged in yet: wait for it
        while max_events is None or events < max_events:
            if link.connects != connects:
                connects = link.connects
                link.send({"cmd": "hello"})
                link.send({"cmd": "state"})
            line = link.readline(timeout=0.5)
            if line is None:
                continue
            if line.obj is None or not isinstance(line.obj.get("ev"), str):
                mirror.on_junk(line.text)
                show(frame=False)  # the status line only (a chattering port: no frame each)
                continue
            if mirror.on_event(line.obj):
                if line.ev in ("move", "undo", "end", "new"):
                    events += 1
                show()
    except KeyboardInterrupt:
        click.echo("stopped (Ctrl-C)")
    finally:
        link.close()
    if mirror.junk or mirror.tracebacks:
        click.echo(f"skipped: {mirror.junk} junk line(s), {mirror.tracebacks} traceback(s) "
                   "(not board events)")
    if mirror.diverged is not None:
        click.echo(printable(f"DIVERGENCE: {mirror.diverged}"))
        sys.exit(1)
