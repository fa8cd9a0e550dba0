"""The host's commands (docs/protocol.md): one line from the serial link, as App.handle()
receives it. Imported at the first line the host sends (a board nobody talks to never loads
it); the game commands go to the mode (`move`, `state`, `undo`: firmware/gamemode.py).
"""

from firmware import games
from shared_rules.registry import forget


def handle(app, msg):
    """One host command; errors become error lines and change nothing."""
    if app.mode is not None:
        app.mode.settle()  # the host hears of a move before the reply to its next command
    if isinstance(msg, tuple):  # an input error found by the link, in arrival order
        app.link.error(msg[0], msg[1])
        return
    cmd = msg.get("cmd")
    try:
        if cmd == "hello":
            app.hello()
        elif cmd == "new":  # start_game checks every field before anything changes
            app.start_game(msg.get("game", games.default()), msg.get("options", {}),
                           msg.get("seed", 0), msg.get("moves", []), secret=_secret(msg),
                           clean=msg.get("clean") is True)
        elif cmd == "brightness":
            from firmware import field_checks  # only here: boot does not load it

            value = field_checks.integer("value", msg.get("value"), 0, 255)
            app.emit("brightness", {"value": app.set_brightness(value)})
        elif cmd == "resume":
            _resume(app, msg.get("clean") is True)
        elif cmd == "stats":
            _stats(app, msg)
        elif cmd == "menu":
            app.to_menu()
            app.emit("menu", None)
        elif cmd in ("move", "state", "undo"):
            _game_command(app, msg, cmd)
        else:
            app.link.error("unknown_cmd", "unknown command: " + str(cmd)[:40], cmd)
    except (ValueError, KeyError, TypeError) as exc:
        # a move that does not parse or is not legal; a `move` that is not a text: bad_arg
        code = "illegal" if cmd == "move" and isinstance(msg.get("move"), str) else "bad_arg"
        if app.link is not None:
            app.link.error(code, str(exc), cmd)
    except MemoryError:
        raise  # step() reports it as `memory` and carries on
    except Exception as exc:  # last resort: a bug must not stop the board
        app.survived(exc, cmd)


def _secret(msg):
    """A `new`'s `secret` (an integer 0..2**32-1: the bots' secret fixed, for tests), or None
    (a fresh one from the board's random source)."""
    if "secret" not in msg:
        return None
    from firmware import field_checks

    return field_checks.integer("secret", msg.get("secret"), 0, 0xFFFFFFFF)


def _game_command(app, msg, cmd):
    """`move`, `state`, `undo`: the mode's; a `state` with no room for its whole reply gets a
    short one."""
    try:
        reply = app.mode.command(msg)
        if reply is not None:
            app.emit(reply.pop("ev"), reply)
    except MemoryError:
        if cmd != "state":
            raise
        reply = None
        short_state(app)


def short_state(app):
    """A `state` reply of a few fields, when the heap has no room for the whole one (a long
    game on a fragmented heap): the board still says where it is, and `short` says why the
    rest is missing (the host asks again, or reads the moves from its log)."""
    import gc

    gc.collect()
    mode = app.mode
    reply = {"mode": mode.name, "short": "no room for the whole state now"}
    if hasattr(mode, "state"):
        st = mode.state
        reply["game"] = mode.name
        reply["n"] = mode.count
        reply["to_move"] = st.current_player
        reply["over"] = st.is_over()
        reply["digest"] = mode.digest()  # None when even that finds no room
    app.emit("state", reply)

def _resume(app, clean):
    """The host's `resume`: the saved game, or why not (`clean`: as `new`'s)."""
    if app.saved is None:
        raise ValueError("no saved game")
    if not app.resume(clean):
        raise ValueError("saved game could not be resumed")


def _stats(app, msg):
    """The host's `stats`: the board's figures (and `reset` them, or turn the interrupt
    probe on or off)."""
    from firmware import field_checks

    reset = field_checks.flag("reset", msg.get("reset", False))  # not 1, "x", null
    probe = field_checks.flag("probe", msg.get("probe"), none_ok=True)
    if reset:
        app.stats.clear()
        if hasattr(app.buttons, "times"):  # a board with seats: its reading figures too
            app.buttons.clear()
    if probe is not None and hasattr(app.hw, "probe"):
        app.hw.probe(probe)  # the interrupt probe (the rp2 backend's)
    from firmware.stats_reply import report

    app.emit("stats", report(app.stats, app.version, app.hw, app.buttons))
    forget("firmware.stats_reply")  # asked now and then: its code goes back to the heap
