"""A power cut at every write of every save, for every registered game (issue 28's fault
suite, both runtimes): a game played by the board's own bots from the host's `new`, the power
cut before each step the flash takes (memfs.MemFS: a write is two steps, a rename or a removal
one), then a reboot and RESUME. The game resumed is the last one the host heard of or the one
whose save the cut interrupted, never an older one; a cut is never reported as damage."""

from memfs import MemFS, PowerCut
from tactik_script import Session

from firmware import games
from firmware.store import Store

MOVES = 8  # moves played after the start: their saves are where the power is cut
SEED = 11
ONE_PROCESS_PER_GAME = True  # read by tests/test_shared_on_micropython.py


def board(fs):
    """A board (a light harness: any one game fits beside it on a Pico-sized heap) booted on
    what `fs` holds."""
    s = Session(bot_delay_ms=10, store=Store(fs=fs, folder=""))
    s.link.KEEP = 4
    s.app.boot()
    return s


def events(s, name):
    return [f for ev, f in s.link.lines if ev == name]


def options(game):
    players = games.spec(game).DEFAULT_PLAYERS
    return {"players": players, "bots": list(range(players))}  # the board plays every seat


def play(game, fs):
    """Start `game` as the host does and let its bots play MOVES moves on `fs`; returns the
    digests announced (index n: after n moves; 0: the start, from a `state` reply), and
    whether the power was cut."""
    s = board(fs)
    said = []
    try:
        s.app.handle({"cmd": "new", "game": game, "seed": SEED, "options": options(game)})
        if events(s, "new"):
            s.app.handle({"cmd": "state"})
            said.append(events(s, "state")[-1]["digest"])
        while len(said) and len(said) <= MOVES:
            s.wait(20)
            for f in events(s, "move"):
                if f["n"] == len(said):
                    said.append(f["digest"])
    except PowerCut:
        return said, True
    return said, False


def resumed_digest(fs):
    """Reboot on what the flash holds and resume: the digest of the game resumed (None if no
    game was saved), and how many error lines the board sent."""
    s = board(fs)
    if not s.app.saved:
        return None, s.link.counts.get("error", 0)
    s.app.handle({"cmd": "resume"})
    s.app.handle({"cmd": "state"})
    state = events(s, "state")[-1]
    assert state.get("game") is not None, s.link.lines
    return state["digest"], s.link.counts.get("error", 0)


def cut_everywhere(game):
    """The test of one game: a cut before every step its flash takes."""

    def test():
        fs = MemFS()
        reference, cut = play(game, fs)
        assert not cut and len(reference) == MOVES + 1, (game, len(reference))
        steps = fs.steps
        assert steps >= 2 * (MOVES + 1)  # a write a save at least
        for k in range(steps):
            fs = MemFS()
            fs.cut_after = k
            said, cut = play(game, fs)
            assert cut, (game, k)
            fs.cut_after = -1
            got, errors = resumed_digest(fs)
            assert not errors, (game, k, errors)
            assert said == reference[:len(said)], (game, k)
            if got is None:  # nothing saved yet: the host heard of no game either
                assert not said, (game, k)
                continue
            # the last move the host heard of, or the one whose save the cut interrupted
            assert got in reference[max(0, len(said) - 1):len(said) + 1], (game, k, len(said))
            assert reference.index(got) >= len(said) - 1

    return test


# one test per registered game (test_power_cuts_tayu, ...): a new game is covered as it is
for _name in games.names():
    globals()["test_power_cuts_" + _name] = cut_everywhere(_name)
