"""Loads and checks a hardware profile (JSON): the only way the firmware knows its board.

On the Pico the chosen profile is flashed as `/profile.json`; on a computer profiles are read
from `hardware/profiles/NAME.json` (`folders()`: the one place that says where).
"""

import json

from micropython import const

_PROFILE_DIRS = const(("hardware/profiles", "."))
_REQUIRED = const(("name", "kind", "width", "height", "led_count", "pins", "power"))
_BUTTONS = const(("up", "down", "left", "right", "a", "b"))


class ProfileError(ValueError):
    pass


def check(profile):
    """Raise ProfileError naming the first missing or inconsistent field."""
    for key in _REQUIRED:
        if key not in profile:
            raise ProfileError("profile lacks '" + key + "'")
    if profile["kind"] == "matrix":
        if profile["width"] * profile["height"] != profile["led_count"]:
            raise ProfileError("matrix width*height must equal led_count")
        wiring = profile.get("wiring")
        if not wiring:
            raise ProfileError("matrix profile lacks 'wiring'")
        if wiring["panel_width"] * wiring.get("tiles_x", 1) != profile["width"] or (
            wiring["panel_height"] * wiring.get("tiles_y", 1) != profile["height"]
        ):
            raise ProfileError("panel size times tiling must equal the matrix size")
    pins = profile["pins"]
    if "data" not in pins:
        raise ProfileError("profile pins lack 'data'")
    chained = False
    if profile.get("buttons") is not None:  # only then is firmware.seats loaded (boot time)
        from firmware import seats

        try:
            seats.check(profile)
        except ValueError as exc:
            raise ProfileError(str(exc))
        chained = seats.chain(profile) is not None
    for b in _BUTTONS:
        if b not in pins and not profile.get("seat_buttons") and not chained:
            raise ProfileError("profile pins lack button '" + b + "'")
    if profile.get("lanes"):
        _check_lanes(profile)
    power = profile["power"]
    for key in ("budget_ma", "ma_per_channel", "idle_ma_per_led"):
        if key not in power:
            raise ProfileError("profile power lacks '" + key + "'")
    return profile


_MAX_LANES = const(8)  # an RP2040's PIO state machines (two blocks of four); a lane takes one each


def _check_lanes(profile):
    """`lanes`: several data pins, each feeding panels of a matrix (firmware/ledmap.py): a list
    of {"pin": gpio, "panels": [panel, ...]}, every panel fed once, the first lane on
    pins.data (what a one-wire tool reads)."""
    lanes = profile["lanes"]
    if profile["kind"] != "matrix" or not isinstance(lanes, list):
        raise ProfileError("lanes are a list, on a matrix profile")
    if len(lanes) > _MAX_LANES:
        raise ProfileError("at most %d lanes (one PIO state machine each)" % _MAX_LANES)
    pins = []
    for lane in lanes:
        if not isinstance(lane, dict) or not isinstance(lane.get("pin"), int) or not lane.get(
                "panels"):
            raise ProfileError("a lane is {\"pin\": gpio, \"panels\": [panel, ...]}")
        if lane["pin"] in pins:
            raise ProfileError("two lanes on GP%d" % lane["pin"])
        pins.append(lane["pin"])
    if pins[0] != profile["pins"]["data"]:
        raise ProfileError("the first lane's pin must be pins.data")
    chain = profile.get("buttons")
    if len(lanes) > 4 and chain and chain.get("wiring", "parallel") != "parallel":
        raise ProfileError("a button chain takes PIO1's first state machine: at most 4 lanes")
    from firmware import ledmap

    try:
        ledmap.panel_starts(profile)
    except ValueError as exc:
        raise ProfileError(str(exc))


def load(path):
    with open(path) as f:
        text = f.read()  # one read: MicroPython's json.load(stream) reads a byte at a time
        try:
            profile = json.loads(text)
        except ValueError as exc:
            raise ProfileError("profile " + path + " is not valid JSON: " + str(exc))
    return check(profile)


def folders():
    """Where profiles are looked for: _PROFILE_DIRS (relative to the working folder), then the
    repository's own hardware/profiles when this runs from a checkout (host tools run from any
    folder). A profile's side files are in subfolders of these (tactik/NAME.json)."""
    here = __file__.replace("\\", "/") if "__file__" in globals() else ""
    i = here.rfind("/firmware/")
    if i < 0:
        return _PROFILE_DIRS
    return _PROFILE_DIRS + (here[:i] + "/hardware/profiles",)


def find(name, dirs=None):
    """Load profile NAME from the first directory holding NAME.json (default: folders())."""
    for d in folders() if dirs is None else dirs:
        path = d + "/" + name + ".json"
        try:
            return load(path)
        except OSError:
            continue
    raise ProfileError("no profile named '" + name + "'")
