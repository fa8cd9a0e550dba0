"""`lanterne flash` on the emulated Pico: real mpremote over its serial pty, then the hello line."""

import json

from conftest import lanterne
from lanterne.device import Board
from lanterne.flash import probe_board

from shared_rules import registry


def test_fresh_flash_copies_every_file_and_the_board_says_hello(flashed):
    out = flashed.first_flash.stdout
    assert "rp2 on " + flashed.port in out
    copied = [w for w in out.split("\n") if w.startswith("copied ")]
    files = [w for w in out.split("\n") if w.startswith("rp2 on ")][0].split(", ")[1]
    assert copied and copied[0].split()[1] == files.split()[0], out  # all of them
    assert "is up on " + flashed.port in out and "profile ref32" in out
    assert "games: " + ", ".join(registry.names()) in out


def test_the_code_is_one_bundle_and_the_flash_keeps_room(flashed):
    """The compiled modules in /lanterne.bundle, no folder of small files; with both word sets
    the file system keeps at least 100 KB free (issue 30), so a flash after a change fits."""
    with Board(flashed.port) as board:
        _word, _platform, free, sizes = probe_board(board)
    assert sizes["lanterne.bundle"] > 100_000 and "boot.py" in sizes
    assert not [p for p in sizes if p.startswith("firmware/") or p.endswith(".mpy") and "/" in p]
    assert sizes["shared_rules/dictionary/data/words.bin"] > 100_000
    assert free >= 100 * 1024, free


def test_second_flash_copies_nothing_and_the_board_is_up_again(flashed):
    r = lanterne("flash", "--port", flashed.port)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "copied 0 changed file(s)" in r.stdout, r.stdout
    assert "is up on " + flashed.port in r.stdout


def test_hello_on_the_serial_link_names_firmware_profile_and_games(flashed):
    r = lanterne("send", "--port", flashed.port, "hello")
    assert r.returncode == 0, r.stdout + r.stderr
    hello = json.loads(r.stdout)
    assert hello["ev"] == "hello" and hello["profile"] == "ref32"
    assert (hello["width"], hello["height"]) == (32, 32)
    assert hello["games"] == list(registry.names())


def test_send_stats_reads_the_boards_own_heap_and_timings(flashed):
    r = lanterne("send", "--port", flashed.port, "stats")
    assert r.returncode == 0, r.stdout + r.stderr
    st = json.loads(r.stdout)
    assert st["ev"] == "stats" and st["fw"]
    # a Pico's heap: about 240 KB in all, most of it free at the menu
    assert 100_000 < st["mem_free"] < 250_000 and 0 < st["mem_alloc"] < 150_000
    assert st["uptime_ms"] > 0 and st["loop_us"]["worst"] > 0
