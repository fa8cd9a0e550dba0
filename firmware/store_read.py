"""Reading the board's save files (firmware/store.py): every candidate's envelope checked,
the newest whole and startable game taken, every damaged copy kept and said, the settings
read, an older firmware's files adopted. Code a board runs at its start (and at a resume);
it lets it go once a game has started (App.lean)."""

import hashlib
import json

from firmware.store import HEADER, MAGIC, MAX_SAVE, MAX_SETTINGS, SET_MAGIC, _hex16, _prefix

_OURS = ("game.", "settings.")  # the store's file names begin so (adopt)


def unpack(data, magic=MAGIC):
    """(generation, body start, body end) of a file's bytes; ValueError if it is damaged or
    incomplete. Nothing is decoded: a cheap look at every candidate."""
    if data.startswith(magic):
        nl = data.find(b"\n")
        digits = data[len(magic):nl]
        if nl < 0 or not digits or len(digits) > 10 or not digits.isdigit():
            raise ValueError("bad header")
        gen = int(digits)
        start, at = 0, nl + 1
    elif magic == MAGIC and data.startswith(HEADER):
        gen, start, at = 0, len(HEADER), len(HEADER)
    else:
        raise ValueError("no save header")
    end = data.rfind(b"\n#")
    if end < at:
        raise ValueError("truncated (no checksum)")
    h = hashlib.sha256()
    h.update(memoryview(data)[start:end])
    if _hex16(h).encode() != data[end + 2:].strip():
        raise ValueError("checksum mismatch (truncated or damaged)")
    return gen, at, end


def torn(data, magic=MAGIC):
    """True for what a power cut leaves of a file being written: a prefix of a good file (its
    header begun, its trailer not whole), no damage. A whole file whose checksum, header or
    size is wrong is damage, and is kept (salvage)."""
    n = len(data)
    if n <= len(magic):
        return magic[:n] == bytes(data)
    if not data.startswith(magic):
        return False
    end = data.rfind(b"\n#")
    if end < 0:
        return True
    tail = data[end + 2:]
    return len(tail) < 17 and not tail.endswith(b"\n")


def decode(data):
    """The record in a save file's bytes; ValueError if it is damaged."""
    data = bytes(data)
    gen, at, end = unpack(data)
    body = data[at:end]
    data = None
    from firmware import jsonstrict  # only when there is a save: a bare boot skips it

    try:
        jsonstrict.check(body, 4)  # read as commands are: deep nesting would need a big stack
        record = json.loads(body.decode())
    except MemoryError:
        raise  # no room now: the save itself may be fine, it is not set aside
    except Exception:
        raise ValueError("not a JSON save")
    if not isinstance(record, dict):
        raise ValueError("save is not an object")
    return record


def adopt(store, legacy):
    """Move the save files an older firmware kept in the folder `legacy` ("": the board's
    root) into this store's folder, once: gathered in a folder of their own (`.part`),
    which then takes the folder's name in one rename. A cut leaves each file in one place
    or the other and the folder not yet named: the next boot goes on from there. Once the
    folder is there, `legacy` is never looked at again."""
    folder = store.unmade
    fs = store.fs
    if folder is None:
        return
    if fs.exists(folder):
        store.unmade = None
        return
    try:
        there = fs.names(legacy)
    except OSError:
        return
    part = folder + ".part"
    mine = [name for name in there if name.startswith(_OURS)]
    if not mine and not fs.exists(part):
        return  # nothing to move: the folder is made at the first save
    src = _prefix(legacy)
    fs.make_folder(part)
    for name in mine:
        fs.rename(src + name, part + "/" + name)
    fs.rename(part, folder)
    store.unmade = None


def _scan(store, names, magic, limit):
    """([gen, path] of every valid candidate, [path, why, torn] of every other one: `torn`
    when it is what a cut left of a file being written, see torn()). Only the envelope is
    checked: nothing is decoded."""
    fs = store.fs
    good = []
    bad = []
    size = getattr(fs, "size", None)
    for p in names:
        if not fs.exists(p):
            continue
        data = None
        try:
            n = size(p) if size is not None else 0
            if n > limit:
                raise ValueError("too big (%d bytes, at most %d)" % (n, limit))
            data = fs.read(p)
            gen = unpack(data, magic)[0]
        except (OSError, ValueError) as exc:
            bad.append([p, str(exc), data is not None and torn(data, magic)])
            continue
        good.append([gen, p])
    data = None
    return good, bad


def _newest(slot, good):
    """Take the newest of the valid candidates out of `good` (the first listed on a tie),
    noting its generation in the slot."""
    best = 0
    for i in range(1, len(good)):
        if good[i][0] > good[best][0]:
            best = i
    g = good.pop(best)
    if g[0] > slot[2]:
        slot[2] = g[0]
    return g[1]


def read(store, path):
    """The record in a save file; ValueError if it is too big to read, or damaged."""
    size = getattr(store.fs, "size", None)
    if size is not None and size(path) > MAX_SAVE:
        raise ValueError("too big (%d bytes, at most %d)" % (size(path), MAX_SAVE))
    return decode(store.fs.read(path))


def load(store, decode_=True, check=None):
    """Returns (record or None, problem or None): the newest game among game.new, game.sav
    and game.old that is whole and, with `check` (a function raising ValueError for a
    record that cannot start), startable. Every other copy is kept as game.badN and named
    in `problem` (a record with a problem: recovered from an older copy), except a
    half-written game.new, no damage (a save the power cut before it was committed), left
    to the next save. `decode_=False`: only learn the newest file and generation (nothing
    decoded or moved). A MemoryError (no room to look now) leaves every file as it is."""
    slot = store.game
    good, bad = _scan(store, (store.new, store.path, store.old), MAGIC, MAX_SAVE)
    if slot[2] < 0:
        slot[2] = 0
    slot[3] = None
    if not decode_:
        if good:
            slot[3] = _newest(slot, good)
        return None, None
    cut = None
    for i in range(len(bad)):
        if bad[i][0] == store.new and bad[i][2]:
            cut = bad.pop(i)
            break
    rec = None
    while good:
        p = _newest(slot, good)
        try:
            rec = read(store, p)
            if check is not None:
                check(rec)
        except (OSError, ValueError) as exc:
            why = str(exc)
            if rec is not None:
                why = "cannot start (" + why + ")"
            bad.append([p, why])
            rec = None
            continue
        slot[3] = p
        break
    if cut is not None and rec is None and bad:
        bad.append(cut)  # nothing good is left: even a half-written file is kept
    store.damaged = len(bad)
    if not bad:
        return rec, None
    from firmware import salvage  # only when something is damaged

    return rec, salvage.report(store, bad, slot[3])


def load_settings(store):
    """The settings saved ({"brightness": n}), {} if none is readable."""
    slot = store.conf
    good, bad = _scan(store, (slot[1], slot[0]), SET_MAGIC, MAX_SETTINGS)
    if slot[2] < 0:
        slot[2] = 0
    while good:
        p = _newest(slot, good)
        out = {}
        try:
            data = store.fs.read(p)
            gen, at, end = unpack(data, SET_MAGIC)
            for line in data[at:end].split(b"\n"):
                if line:
                    k, v = line.split(b" ")
                    out[k.decode()] = int(v)
        except (OSError, ValueError):
            continue
        slot[3] = p
        return out
    return {}
