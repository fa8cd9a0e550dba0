"""Damaged save files kept and said (imported by firmware.store only when a file is damaged or a
save cannot be played): every damaged file becomes game.bad1..game.bad3, the oldest bad file
dropped to make room (never a save), and the problem names each file and where it went."""

MAX_BAD = 3  # damaged saves kept (game.bad1 oldest .. game.bad3 newest)


def name(path):
    return path[path.rfind("/") + 1:]


def bad_files(store):
    """The bad files kept, oldest first (the old format's game.bad, then game.bad1..)."""
    fs = store.fs
    out = []
    for p in [store.bad] + [store.base + "game.bad%d" % k for k in range(1, MAX_BAD + 1)]:
        if fs.exists(p):
            out.append(p)
    return out


def keep_bad(store, path):
    """Rename a damaged file to the next game.badN; at most MAX_BAD are kept, the oldest bad file
    going to make room. Returns the new name."""
    fs = store.fs
    kept = bad_files(store)
    while len(kept) >= MAX_BAD:
        fs.remove(kept.pop(0))
    for i in range(len(kept)):
        p = store.base + "game.bad%d" % (i + 1)
        if kept[i] != p:
            fs.rename(kept[i], p)
    p = store.base + "game.bad%d" % (len(kept) + 1)
    fs.rename(path, p)
    return p


def report(store, bad, recovered):
    """Keep every damaged file of `bad` ([path, why]) and say what happened: the problem line
    of the `save_recovered` (`recovered`: the good copy taken) or `save_bad` error."""
    notes = []
    for item in bad:
        p, why = item[0], item[1]
        try:
            kept = "kept as " + name(keep_bad(store, p))
        except OSError as exc:
            kept = "left in place (%s)" % exc
        notes.append("%s in %s (%s)" % (why, name(p), kept))
    problem = "save damaged: " + "; ".join(notes)
    if recovered is not None:
        return problem + "; recovered the game from " + name(recovered)
    if len(bad) > 1:
        return problem + "; no good copy left"
    return problem
