"""Power cuts at every step of two and three consecutive saves, and a second cut at every step of
what follows the reboot (load, the next save): the real Store and RealFS on a filesystem model
that drops what had not reached the medium (fs_model.py: littlefs, FAT, POSIX with folder
syncs). The game loaded is always the newest committed one or the one being saved, never an
older one, never none; a plain cut is never reported as damage (both runtimes)."""

import sys

import fs_model as fm

from firmware import store, store_read

FLAVOURS = ("lfs", "fat", "posix")
_MP = sys.implementation.name == "micropython"


def rec(i):
    return {"game": "tayu", "options": {"players": 2}, "seed": 1, "moves": ["m%d" % i]}


def open_store(model):
    return store.Store(fs=store.RealFS(model, model.file), folder="")


def variants(flavour, few=False):
    """(keep, torn) after a cut: POSIX may have put some unsynced folder changes and part of
    unsynced data on the disk; littlefs and FAT lose exactly what was not committed."""
    if flavour != "posix":
        return ((0, False),)
    if few:
        return ((0, False), (9, True))
    return ((0, False), (1, False), (2, True), (9, False), (9, True))


def saves(model, st, records, cut):
    """Save `records` one after the other with the power cut before step `cut` (-1: none).
    Returns (committed, trying): the last record whose save returned, the one being saved."""
    model.cut_at = cut
    committed = trying = None
    try:
        for r in records:
            trying = r
            st.save(r)
            committed, trying = r, None
    except fm.PowerCut:
        pass
    return committed, trying


def steps_of(flavour, records, files=None):
    m = fm.Model(flavour, files)
    saves(m, open_store(m), records, -1)
    return m.steps


def check(loaded, problem, committed, trying, where):
    assert problem is None, (where, problem)
    assert loaded == committed or (trying is not None and loaded == trying), (where, loaded)


def test_a_complete_save_is_synced_before_it_replaces_the_last_one():
    m = fm.Model("posix")
    open_store(m).save(rec(1))
    log = m.log
    rename = log.index("rename game.new game.sav")
    assert "fsync" in log[:rename] and log.index("close") < rename  # the data first
    assert "fsync" in log[rename:]  # then the folder: the new name is on the disk
    m.reboot()
    assert open_store(m).load() == (rec(1), None)
    assert sorted(m.files()) == ["game.sav"]


def test_a_cut_at_every_step_of_two_and_three_saves():
    for flavour in FLAVOURS:
        for count in (2, 3):
            records = [rec(i) for i in range(count)]
            total = steps_of(flavour, records)
            outcomes = {}
            for cut in range(1, total + 2):
                for keep, torn in variants(flavour):
                    m = fm.Model(flavour)
                    committed, trying = saves(m, open_store(m), records, cut)
                    m.reboot(keep, torn)
                    loaded, problem = open_store(m).load()
                    check(loaded, problem, committed, trying, (flavour, cut, keep, torn))
                    key = "none" if loaded is None else loaded["moves"][0]
                    outcomes[key] = outcomes.get(key, 0) + 1
            # every stage was reached: no game yet, each save, the last one
            assert len(outcomes) == count + 1, (flavour, outcomes)


def test_a_second_cut_at_every_step_after_the_reboot():
    """The double cut of issue 19: a cut leaves the newest game in game.new only; the board
    resumes it; the next save is cut too. The game after that is the resumed one or the next,
    and a third save after a third boot still keeps the newest."""
    for flavour in FLAVOURS:
        base = [rec(0), rec(1)]
        first_total = steps_of(flavour, base)
        second = [rec(2), rec(3)]
        runs = 0
        for cut1 in range(1, first_total + 2):
            for keep1, torn1 in variants(flavour, few=True):
                probe = fm.Model(flavour)
                saves(probe, open_store(probe), base, cut1)
                probe.reboot(keep1, torn1)
                files = probe.files()
                st = open_store(probe)
                resumed, problem = st.load()
                assert problem is None
                total2 = probe.steps + steps_of(flavour, second, files)
                for cut2 in range(1, total2 + 2):
                    for keep2, torn2 in variants(flavour, few=True):
                        m = fm.Model(flavour, files)
                        m.cut_at = cut2
                        st = open_store(m)
                        try:
                            loaded, problem = st.load()  # the boot after the first cut
                            assert loaded == resumed and problem is None
                        except fm.PowerCut:
                            loaded = None
                        if not m.dead:
                            committed, trying = saves(m, st, second, cut2)
                        else:
                            committed, trying = resumed, None
                        if committed is None:
                            committed = resumed
                        m.reboot(keep2, torn2)
                        where = (flavour, cut1, keep1, torn1, cut2, keep2, torn2)
                        st = open_store(m)
                        loaded, problem = st.load()
                        check(loaded, problem, committed, trying, where)
                        st.save(rec(4))  # and the third boot saves on
                        m.reboot()
                        assert open_store(m).load() == (rec(4), None), where
                        runs += 1
        assert runs > 100


def test_the_probes_double_cut_no_longer_brings_back_an_older_game():
    """Cut between the renames of the old scheme's state: game.new (newest) + game.old, no
    game.sav. The next save is cut while it writes: the game resumed stays."""
    newest = store.encode(rec(21), 21)
    older = store.encode(rec(20), 20)
    for flavour in FLAVOURS:
        total = 0
        m = fm.Model(flavour, {"game.new": newest, "game.old": older})
        st = open_store(m)
        assert st.load() == (rec(21), None)
        st.save(rec(22))
        total = m.steps
        for cut in range(1, total + 1):
            m = fm.Model(flavour, {"game.new": newest, "game.old": older})
            st = open_store(m)
            st.load()
            committed, trying = saves(m, st, [rec(22)], cut)
            m.reboot()
            loaded, problem = open_store(m).load()
            check(loaded, problem, committed or rec(21), trying, (flavour, cut))


def test_the_old_format_is_read_and_replaced():
    old = store.HEADER + store.encode(rec(7))[len(b"LANTERNE-SAVE 3 1\n"):]
    body = old[len(store.HEADER):old.rfind(b"\n#")]
    import binascii
    import hashlib

    h = hashlib.sha256()
    h.update(body)
    old = store.HEADER + body + b"\n#" + binascii.hexlify(h.digest())[:16] + b"\n"
    m = fm.Model("lfs", {"game.sav": old, "game.old": old})
    st = open_store(m)
    assert st.load() == (rec(7), None)
    st.save(rec(8))
    assert sorted(m.files()) == ["game.sav"]
    assert open_store(m).load() == (rec(8), None)


def test_settings_survive_a_cut_at_every_step():
    for flavour in FLAVOURS:
        probe = fm.Model(flavour)
        st = open_store(probe)
        st.save_settings({"brightness": 40})
        st.save_settings({"brightness": 96})
        total = probe.steps
        for cut in range(1, total + 2):
            for keep, torn in variants(flavour):
                m = fm.Model(flavour)
                m.cut_at = cut
                st = open_store(m)
                done = []
                try:
                    for b in (40, 96):
                        st.save_settings({"brightness": b})
                        done.append(b)
                except fm.PowerCut:
                    pass
                m.reboot(keep, torn)
                got = open_store(m).load_settings().get("brightness")
                allowed = [done[-1]] if done else [None]
                if len(done) < 2:
                    allowed.append((40, 96)[len(done)])
                assert got in allowed, (flavour, cut, keep, torn, got, done)


def test_a_cut_at_every_step_of_a_recovery_and_the_save_after_it():
    """A damaged game.sav beside a good game.new, three bad files kept already: the boot sets the
    damaged file aside (dropping the oldest bad file to make room) and says so, the next save
    promotes the good copy and writes on. A cut at any step of that: the good game or the next
    one comes back, the damaged bytes are never lost, only the oldest bad file may go."""
    damaged = store.encode(rec(9), 9)[:-6] + b"00000\n"
    good = store.encode(rec(8), 8)
    olds = {"game.bad1": b"bad one", "game.bad2": b"bad two", "game.bad3": b"bad three"}
    for flavour in FLAVOURS:
        files = dict(olds)
        files["game.sav"] = damaged
        files["game.new"] = good
        probe = fm.Model(flavour, files)
        st = open_store(probe)
        loaded, problem = st.load()
        assert loaded == rec(8) and problem.endswith("recovered the game from game.new")
        assert "kept as game.bad3" in problem
        st.save(rec(10))
        total = probe.steps
        left = probe.files()
        assert store_read.decode(left.pop("game.sav")) == rec(10)
        assert sorted(left.values()) == sorted([b"bad two", b"bad three", damaged])
        for cut in range(1, total + 2):
            for keep, torn in variants(flavour, few=True):
                m = fm.Model(flavour, files)
                m.cut_at = cut
                st = open_store(m)
                committed = rec(8)
                trying = None
                try:
                    st.load()
                    trying = rec(10)
                    st.save(rec(10))
                    committed, trying = rec(10), None
                except fm.PowerCut:
                    pass
                m.reboot(keep, torn)
                loaded, problem = open_store(m).load()
                where = (flavour, cut, keep, torn)
                assert loaded in (committed, trying), where
                if problem is not None:  # the cut came before the damaged file was set aside
                    assert "recovered the game from game.new" in problem, where
                left = list(m.files().values())
                assert damaged in left, where  # never lost
                assert b"bad two" in left and b"bad three" in left, where
