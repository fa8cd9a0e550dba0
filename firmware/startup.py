"""Boot and resume, the parts that run only when a save is there: check the save the store
read (the menu offers RESUME only for one that can start its game), report a damaged one, set
aside what the board cannot use, resume. Imported by App.boot() only when the store found a
save (or a problem), and by App.resume(): a board without a save does not load it.
"""

from firmware import games


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
    if rec is not None:
        try:  # the menu offers RESUME only for a save whose fields can start its game
            games.check(rec.get("game"), rec.get("options"), rec.get("seed"),
                        rec.get("moves", []))
            why = games.unplayable(app.profile, rec.get("game"))
            if why:
                raise ValueError(why)
        except ValueError as exc:
            problem = "unusable save: " + str(exc) + set_aside(app)
            rec = None
        except MemoryError:  # no room to look now: the save stays for RESUME
            rec, kept = None, True
    if problem and rec is not None:  # a damaged file set aside, a good copy taken
        app.emit("error", {"code": "save_recovered", "msg": problem})
        app.message("SAVE RECOVERED", 0xFFA000)
    elif problem:
        app.emit("error", {"code": "save_bad", "msg": problem})
        lost = getattr(app.store, "damaged", 0) > 1  # no good copy among several
        app.message("SAVE LOST" if lost else "SAVE BAD", 0xFF2000)
    app.saved = True if (rec is not None or kept) else None


def resume(app):
    """Resume the saved game; False (and a message) if it cannot be replayed."""
    try:
        rec = app.saved
        if not isinstance(rec, dict):  # True: the record is on flash (not kept in RAM)
            rec, problem = app.store.load()
            if rec is None:
                raise ValueError(problem or "no saved game")
        app.start_game(rec["game"], rec["options"], rec["seed"], rec.get("moves", []),
                       resumed=True)
        return True
    except MemoryError:
        raise  # no room now: the save is kept, step() reports it
    except Exception as exc:  # a damaged or hostile save: set aside, never a crash
        why = str(exc) if isinstance(exc, (ValueError, KeyError, TypeError, OSError)) \
            else type(exc).__name__ + ": " + str(exc)
        why = why[:120] + set_aside(app)
        app.emit("error", {"code": "save_bad", "msg": "cannot resume: " + why})
        app.message("SAVE BAD", 0xFF2000)
        app.saved = None
        app.to_menu()
        return False


def set_aside(app):
    """Keep a save the board cannot use as a bad file (store.set_aside) when the flash
    allows it; returns how to say where it went (" (kept as game.bad1)") or ""."""
    try:
        name = app.store.set_aside()
    except OSError:
        app.errors += 1
        return " (could not be set aside)"
    if isinstance(name, str):
        return " (kept as " + name[name.rfind("/") + 1:] + ")"
    return ""
