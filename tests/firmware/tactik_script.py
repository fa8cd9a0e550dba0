"""Drives a Tac-Tik game on a simulated board with button presses (tests, benchmarks and the
host tool): the real App, the sim hardware backend and a virtual clock."""


from firmware import buttons as btn
from firmware import profile as prof
from firmware.app import App
from firmware.store import RealFS, Store, pieces
from firmware.store_read import decode
from unixport.simhw import SimHardware

NAMES = btn.NAMES  # up down left right a b


class Events:
    """A stand-in serial link that keeps the last KEEP events the app sent (a Pico-sized heap
    cannot hold a whole game's worth) and counts them all."""

    KEEP = 8

    def __init__(self):
        self.lines = []
        self.counts = {}
        self.errors = []  # the first error lines (a failing test says what went wrong)

    def send(self, ev, fields=None):
        self.counts[ev] = self.counts.get(ev, 0) + 1
        self.lines.append((ev, dict(fields) if fields else {}))
        if ev == "error" and len(self.errors) < 3:
            self.errors.append(self.lines[-1][1])
        if len(self.lines) > self.KEEP:
            self.lines.pop(0)

    def error(self, code, msg, cmd=None):
        self.send("error", {"code": code, "msg": msg, "cmd": cmd})

    def pop(self):
        return None

    def feed(self, data):
        pass


class MemStore:
    """Save/resume in memory (the real Store's interface). It keeps what flash would hold: the
    save file's bytes (nothing decoded on a save, as flash holds no record objects); `record`
    and load() decode them back."""

    CHUNK = 256

    def __init__(self):
        self.data = None
        self.saves = 0

    def save(self, record):
        self.data = None  # the old file goes first, as on flash
        data = []
        buf = b""
        for b in pieces(record):  # the file in blocks of some CHUNK bytes, as flash holds it
            buf += b
            if len(buf) >= self.CHUNK:
                data.append(buf)
                buf = b""
        data.append(buf)
        self.data = data
        self.saves += 1

    @property
    def record(self):
        if self.data is None:
            return None
        return decode(b"".join(self.data))

    def clear(self):
        self.data = None

    def load(self, check=None):
        rec = self.record
        if rec is not None and check is not None:
            check(rec)
        return rec, None

    def set_aside(self):
        self.data = None


class _QuickFS(RealFS):
    """The real filesystem without the waits for the disk (CPython's fsync, and the MicroPython
    unix port's flush, which fsyncs): a board's littlefs commits a file when it is closed, and
    a test's thousands of saves need not wait for a computer's disk (they were a third of the
    random-press tests' time, and more on a busy machine)."""

    def write(self, path, parts):
        with self.open(path, "wb") as f:
            for data in parts:
                f.write(data)

    def sync_dir(self, path):
        pass


class FileStore(Store):
    """The real Store in a fresh folder of the computer's temp space (CPython or the unix
    port): a long test game's save stays off the small heap, as on a board's flash, and goes
    through the real save code. `record` and `saves` as MemStore. The folder is made at the
    first save (a test module imported but not run leaves nothing) and close() removes it."""

    def __init__(self):
        import binascii
        import os

        # a computer's temp folder; on a board (`lanterne test --device`) beside the tests
        base = (os.getenv("TMPDIR") or "/tmp") if hasattr(os, "getenv") else "."
        self.folder = "%s/lanterne-board-%s" % (base, binascii.hexlify(os.urandom(6)).decode())
        Store.__init__(self, fs=_QuickFS(), folder=self.folder)
        self.saves = 0

    def made(self):
        """The folder, made before the first file goes in it."""
        if not self.fs.exists(self.folder):
            import os

            os.mkdir(self.folder)

    def save(self, record):
        if not self.saves:
            self.made()
        Store.save(self, record)
        self.saves += 1

    def save_settings(self, settings):
        self.made()
        Store.save_settings(self, settings)

    @property
    def record(self):
        return self.load()[0]

    def close(self):
        import os

        if self.fs.exists(self.folder):
            for name in os.listdir(self.folder):  # the save, its bad files, the settings
                os.remove(self.folder + "/" + name)
            os.rmdir(self.folder)
        self.saves = 0  # a board that goes on makes the folder again at its next save


class Session:
    """One simulated board (the real App on the sim backend). Create it before a game module is
    imported, as the board does at boot: its frame buffers then sit low on a fresh heap."""

    def __init__(self, profile="ref32", bot_delay_ms=300, store=None):
        p = prof.find(profile) if isinstance(profile, str) else profile
        self.hw = SimHardware(p)
        self.link = Events()
        self.store = store or MemStore()
        self.app = App(p, self.hw, link=self.link, store=self.store, bot_delay_ms=bot_delay_ms)
        self.app.real_cards = False  # a simulated board: "auto" cards are dealt
        self.app.autobots = True

    def start(self, players=4, seed=0, bots=(), cards="deal", moves=(), **flags):
        """Start a Tac-Tik game as the menu or the host would (options as in the save)."""
        options = {"players": players, "bots": list(bots), "cards": cards}
        for k in flags:
            options[k] = flags[k]
        self.link.lines = []
        self.link.counts = {}
        self.store.saves = 0
        self.app.errors = 0  # what the board survived, counted per game
        try:
            self.app.start_game("tactik", options, seed, list(moves))
        except MemoryError:
            # No room for two games at once (the failed start left the old one standing): let
            # the old game go, as leaving it for the menu does on the board, and start again.
            self.app.to_menu()
            self.app.start_game("tactik", options, seed, list(moves))
        self.app.step()
        return self

    @property
    def mode(self):
        return self.app.mode

    def set_position(self, state):
        """Play on from a hand-built engine state (tactik.from_positions: puzzles, demos,
        tests): no seed and moves lead to it, so such a game is not saved (its undo replays
        from that state). Test-side: the board never builds a position."""
        m = self.app.mode
        m.state = state
        m.keep_person_moves(0)  # no move of it is anyone's to take back
        m.frames = []
        m.scene.nplayed = 0
        m._reset_choice()
        m.card_i = 0
        m._refresh()
        self.app.redraw()

    @property
    def state(self):
        return self.app.mode.state

    def wait(self, ms):
        """Let the board run for ms milliseconds (10 ms a loop pass)."""
        for _ in range(ms // 10):
            self.hw.now += 10
            self.app.step()

    def press(self, name, long=False):
        """Press and release one button (a long press holds it past LONG_MS)."""
        bit = 1 << NAMES.index(name)
        self.hw.mask = bit
        self.wait(btn.LONG_MS + 50 if long else 60)
        self.hw.mask = 0
        self.wait(40)

    def keys(self, script):
        """Run a space-separated script: up down left right a b, a:long, wait:MS."""
        for word in script.split():
            if word.startswith("wait:"):
                self.wait(int(word[5:]))
            elif word.endswith(":long"):
                self.press(word[:-5], True)
            else:
                self.press(word)

    def settle(self):
        """Run until no animation is pending and, on a person's turn, its choices are shown
        (no name of its own for that: this helper's names are interned in every test that
        imports it, the other games' too)."""
        for _ in range(500):
            if not self.mode.frames and (self.mode.bot_turn() or self.app.idle()):
                return
            self.wait(50)

    def events(self, ev):
        return [f for e, f in self.link.lines if e == ev]


def play_turn(s, limit=60):
    """Play the human seat's turn with buttons only, as a person in a hurry would: take the
    first card that has a use (or that may be discarded), then A through its first choices.
    Returns the number of presses."""
    s.settle()  # (its cards show first: it looks before it presses)
    m = s.mode
    seat = s.state.current_player
    n_moves = m.count
    presses = 0
    while m.count == n_moves and not s.state.is_over() and presses < limit:
        if m.level == 0 and s.state.phase == "play" and not m.uses and m.discard is None:
            s.press("down")
        else:
            s.press("a")
        presses += 1
    if m.count == n_moves and not s.state.is_over():
        raise ValueError("seat %d could not play with the buttons" % seat)
    return presses
