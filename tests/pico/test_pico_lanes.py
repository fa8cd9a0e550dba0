"""LED lanes on the emulated Pico (issue 34): the reference build wired in four lanes (ref32x4:
each panel on its own data pin, one PIO state machine and DMA channel each, started together)
and the 48 x 48 board in five (panel48x5: four lanes of two panels, one of one). The emulator
decodes every lane's pin on its own; each lane's pixels must equal the simulator's LED bytes for
that lane, frame after frame, from the boot menu into a game.

The board is the session's one, its flash saved and started again wired in lanes (only the
profile is copied), then put back as it was for the tests after these (as test_pico_seats)."""

import pico_helpers as ph
import pytest
from conftest import ROOT, lanterne
from lanterne import emulator

from firmware import ledmap

PROFILES = ("ref32x4", "panel48x5")


@pytest.fixture(scope="module", params=PROFILES)
def lanes_board(flashed, tmp_path_factory, request):
    from firmware import profile as fprofile

    name = request.param
    folder = tmp_path_factory.mktemp("lanes")
    image = folder / "fs.img"
    flashed.ctl.call(save_flash=str(image))
    flashed.stop()
    prof = fprofile.find(name, (str(ROOT / "hardware" / "profiles"),))
    board = emulator.EmulatedPico(prof, build=emulator.prepare(), workdir=folder / "board",
                                  fs_image=str(image))
    try:
        board.start()
        r = lanterne("flash", "--port", board.port, "--profile", name)
        assert r.returncode == 0, r.stdout + r.stderr
        board.lanes = ledmap.lanes(prof)
        board.profile_name = name
        yield board
    finally:
        board.stop()
        flashed.fs_image = str(image)  # the session's board, back as it was
        flashed.start()


def same_lanes(board, mirror, events):
    """The board's settled frame, lane by lane, is the simulator's."""
    mirror.settle()
    ph.settled_frame(board)
    info = board.frame_info()
    assert info["lanes"] == [count for _, _, count in board.lanes], info["lanes"]
    want = mirror.frame()
    for k, (pin, first, count) in enumerate(board.lanes):
        got = info["frame"][first:first + count]
        n, where = ph.differing(got, want[first:first + count])
        assert n == 0, (f"lane {k + 1} (GP{pin}): {n} LEDs differ from the simulator, first "
                        f"{where}; the board's last lines: {events.lines[-6:]}")


def test_every_lane_shows_its_part_of_the_simulator_frame(lanes_board):
    events = ph.Events(lanes_board.port)
    mirror = ph.Mirror(lanes_board.profile_name)
    try:
        ph.same_menu(lanes_board, events, mirror)
        same_lanes(lanes_board, mirror, events)  # the boot menu: text on every panel
        # START (above RESUME), start, NEW? yes: Ta Yü against the bot
        new = ph.start_from_menu(lanes_board, events, mirror, ["up", "a", "a"])
        assert new["game"] == "tayu"
        same_lanes(lanes_board, mirror, events)
        n0 = lanes_board.frame_info()["n"]
        for name in ("left", "down", "down", "right", "up"):
            ph.tap(lanes_board, name)
            mirror.tap(name)
            same_lanes(lanes_board, mirror, events)
        # every whole frame went out on all the lanes at once (a frame cut short for a press
        # is short on every lane)
        frames = lanes_board.frames_since(n0)
        counts = [count for _, _, count in lanes_board.lanes]
        assert frames and all(len(f["lanes"]) == len(counts) for f in frames)
        assert any(f["lanes"] == counts for f in frames)
        assert events.of("error") == []
    finally:
        events.close()
        mirror.close()
