"""`lanterne sim --pico` says in one line what is missing instead of failing further on."""

import os
import subprocess
import sys


def _sim_pico(*args, path=None):
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = path
    return subprocess.run([sys.executable, "-m", "lanterne", "sim", "--pico", *args],
                          capture_output=True, text=True, env=env, timeout=60)


def test_without_node_one_line_names_it(tmp_path):
    r = _sim_pico(path=str(tmp_path))  # a PATH with neither node nor npm
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()  # the firmware and boot ROM too, where not found
    assert len(lines) == 1 and lines[0].startswith("Error: lanterne sim --pico: missing: node; npm")


def test_a_firmware_image_that_is_not_there_is_named(tmp_path):
    r = _sim_pico(str(tmp_path / "nope.uf2"))
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "nope.uf2" in lines[0] and "missing" in lines[0], lines


def test_pico_takes_only_the_profile_and_zoom():
    r = _sim_pico("--game", "tayu")
    assert r.returncode == 2 and "takes only --profile and --zoom" in r.stderr
