"""Run the real board application on a computer: MicroPython unix port or CPython.

    micropython unixport/main.py --profile ref32 --dir STATE_DIR [--bots]
        [--bot-delay MS] [--exit-on-eof] [--hold-a]

Run from the repository root. The stand-in `machine`/`neopixel` modules beside this file play
the hardware; the serial link is this process's stdin/stdout (a pipe or a pseudo-terminal),
saves go to STATE_DIR. With --bots, bot seats move by themselves (after --bot-delay ms);
without it every move comes from the host (`move` commands). --exit-on-eof stops once stdin is
closed and no bot move is pending. Diagnostics go to stderr, never to stdout.
"""

import sys


def _setup_path():
    """This folder first (its `machine` and `neopixel`, before the Adafruit `neopixel` a
    computer may have), the repository root last (after MICROPYPATH: a compiled firmware there
    wins); returns the root."""
    here = __file__.replace("\\", "/")
    i = here.rfind("/")
    folder = here[:i] if i >= 0 else "."
    j = folder.rfind("/")
    root = folder[:j] if j >= 0 else ("." if folder != "." else "..")
    if folder in sys.path:
        sys.path.remove(folder)
    sys.path.insert(0, folder)
    if root not in sys.path:
        sys.path.append(root)
    return root


def parse_args(argv):
    opts = {"profile": "ref32", "dir": ".", "bots": False, "bot_delay": 300,
            "exit_on_eof": False, "hold_a": False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--profile", "--dir", "--bot-delay"):
            if i + 1 >= len(argv):
                raise ValueError(a + " needs a value")
            v = argv[i + 1]
            if a == "--bot-delay":  # ASCII digits on both runtimes (CPython's int() takes "٣")
                from shared_rules.canon import ascii_int

                v = ascii_int(v)
            opts[a[2:].replace("-", "_")] = v
            i += 2
            continue
        if a == "--bots":
            opts["bots"] = True
        elif a == "--exit-on-eof":
            opts["exit_on_eof"] = True
        elif a == "--hold-a":
            opts["hold_a"] = True
        elif a in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        else:
            raise ValueError("unknown argument: " + a)
        i += 1
    return opts


class Clock:
    """Real milliseconds on either runtime."""

    def __init__(self):
        import time

        self.time = time
        self.mp = hasattr(time, "ticks_ms")

    def ms(self):
        if self.mp:
            return self.time.ticks_ms()
        return int(self.time.monotonic() * 1000)

    def sleep_ms(self, ms):
        if self.mp:
            self.time.sleep_ms(ms)
        else:
            self.time.sleep(ms / 1000)


def main(argv):
    root = _setup_path()
    try:
        opts = parse_args(argv)
    except ValueError as exc:
        sys.stderr.write("unixport: " + str(exc) + "\n")
        return 2
    # The engine first: compiling its source needs most of a Pico-sized heap for a moment,
    # so it is compiled while the heap is still empty (on a Pico it is precompiled .mpy).
    __import__("shared_rules.tayu.rules")
    import machine

    from firmware import hw, profile
    from firmware.app import App
    from firmware.link import Link, StdinPort
    from firmware.store import Store

    p = profile.find(opts["profile"], (root + "/hardware/profiles", "."))
    if opts["hold_a"]:
        machine.PRESSED.add(p["pins"]["a"])
    board = hw.Rp2Hardware(p)
    board.relaunch = None  # no soft reset here (machine.soft_reset): every start is in place
    clock = Clock()
    board.ticks_ms = clock.ms
    board.sleep_ms = clock.sleep_ms
    port = StdinPort()
    app = App(p, board, link=Link(), port=port, store=Store(folder=opts["dir"]),
              bot_delay_ms=opts["bot_delay"])
    app.autobots = opts["bots"]
    app.boot()
    machine.PRESSED.clear()

    def done():
        return opts["exit_on_eof"] and port.closed and not app.link.commands and app.idle()

    try:
        app.run(until=done)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
