"""Boot and resume, the parts that run only when a save is there: report what the store found
(it counts a copy only once its record can start its game: the menu offers RESUME only for
such a save, and every other copy is kept as game.badN), set aside what the board cannot use,
resume. Imported by App.boot() only when the store found a
save (or a problem), and by App.resume(): a board without a save does not load it.
"""


def looked(app, rec, problem, failed):
    """At boot, after store.load(): `rec` the record read (or None), `problem` what the store
    had to say, `failed` the exception load() raised (or None). Sets app.saved and reports."""
    kept = False
    if failed is not None:
        if isinstance(failed, MemoryError):  # no room at this moment: RESUME tries again
            problem, kept = "no room to read the save now", True
        elif isinstance(failed, OSError):
            problem = "save unreadable: " + str(failed)
        else:  # last resort: whatever the save holds, the board boots
            problem = "save unreadable: " + type(failed).__name__
            set_aside(app)
    if problem and rec is not None:  # a damaged file set aside, a good copy taken
        app.emit("error", {"code": "save_recovered", "msg": problem})
        app.message("SAVE RECOVERED", 0xFFA000)
    elif problem:
        app.emit("error", {"code": "save_bad", "msg": problem})
        lost = getattr(app.store, "damaged", 0) > 1  # no good copy among several
        app.message("SAVE LOST" if lost else "SAVE BAD", 0xFF2000)
    app.saved = True if (rec is not None or kept) else None


def _secret(value):
    """A save's secret (None: a save from before secrets, which gets a fresh one)."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 0xFFFFFFFF:
        raise ValueError("bad secret")
    return value


def resume(app, fresh=False, clean=False):
    """Resume the newest saved copy that replays; a copy that does not (a move refused, a
    hostile save) is set aside and said, and the next older copy is tried. False (and a
    message) when none is left. `fresh`: the copy is a game not yet begun (a relaunch's: its
    `new` event is a new game's); `clean`: App.start_game's."""
    tries = 3  # game.new, game.sav, game.old: each copy once
    while True:
        try:
            rec = app.saved
            if not isinstance(rec, dict):  # True: the record is on flash (not kept in RAM)
                rec, problem = app.store.load(check=app.startable)
                if rec is None:
                    raise ValueError(problem or "no saved game")
            app.start_game(rec["game"], rec["options"], rec["seed"], rec.get("moves", []),
                           resumed=not fresh, secret=_secret(rec.get("secret")), clean=clean)
            if tries < 3:
                app.message("SAVE RECOVERED", 0xFFA000)
            return True
        except MemoryError:
            raise  # no room now: the save is kept, step() reports it
        except Exception as exc:  # a damaged or hostile save: set aside, never a crash
            why = str(exc) if isinstance(exc, (ValueError, KeyError, TypeError, OSError)) \
                else type(exc).__name__ + ": " + str(exc)
            from_flash = not isinstance(app.saved, dict)
            why = why[:120] + set_aside(app)
            app.emit("error", {"code": "save_bad", "msg": "cannot resume: " + why})
            tries -= 1
            if not (from_flash and tries > 0 and copy_left(app)):
                app.message("SAVE BAD", 0xFF2000)
                app.saved = None
                app.to_menu()
                return False


def copy_left(app):
    """True while another copy of the game is on flash to try."""
    try:
        return app.store.has_copy()
    except (OSError, AttributeError):
        return False


def set_aside(app):
    """Keep a save the board cannot use as a bad file (store.set_aside) when the flash
    allows it; returns how to say which copy and where it went (" in game.new (kept as
    game.bad1)") or ""."""
    current = getattr(app.store, "current", None)
    src = current() if current is not None else None
    src = " in " + src[src.rfind("/") + 1:] if src else ""
    try:
        name = app.store.set_aside()
    except OSError:
        app.errors += 1
        return src + " (could not be set aside)"
    if isinstance(name, str):
        return src + " (kept as " + name[name.rfind("/") + 1:] + ")"
    return ""
