"""`lanterne sim --pico` says in one line what is missing instead of failing further on.

These tests need no emulator: each one points `$LANTERNE_PICO_HARNESS` at a folder of its own
(a stand-in harness, or none), so they give the same answer on a plain clone of the repository,
where there is no `../shared/pico`, as beside one."""

import os
import subprocess
import sys
from pathlib import Path

from lanterne import emulator

ROOT = Path(__file__).resolve().parents[2]


def _sim_pico(*args, path=None, harness=None):
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = path
    if harness is not None:
        env[emulator.HARNESS_ENV] = str(harness)
    return subprocess.run([sys.executable, "-m", "lanterne", "sim", "--pico", *args],
                          capture_output=True, text=True, env=env, timeout=60, cwd=ROOT)


def _stand_in_harness(folder):
    """A folder the tools take for the harness (its server script and firmware image)."""
    folder.mkdir()
    (folder / "serve.mjs").write_text("// stand-in\n")
    (folder / emulator.UF2_NAME).write_bytes(b"")
    return folder


def test_without_node_one_line_names_it(tmp_path):
    harness = _stand_in_harness(tmp_path / "harness")
    r = _sim_pico(path=str(tmp_path), harness=harness)  # a PATH with neither node nor npm
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()  # the firmware and boot ROM too, where not found
    assert len(lines) == 1 and lines[0].startswith("Error: lanterne sim --pico: missing: node; npm")


def test_a_firmware_image_that_is_not_there_is_named(tmp_path):
    harness = _stand_in_harness(tmp_path / "harness")
    r = _sim_pico(str(tmp_path / "nope.uf2"), harness=harness)
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "nope.uf2" in lines[0] and "missing" in lines[0], lines


def test_pico_takes_only_the_profile_and_zoom():
    r = _sim_pico("--game", "tayu")
    assert r.returncode == 2 and "takes only --profile and --zoom" in r.stderr
