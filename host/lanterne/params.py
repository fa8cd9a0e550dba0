"""Command-line values checked by click before a command runs, so a bad one is one clear line
(`Error: Invalid value for '--scale': …`), never a traceback half-way through."""

from __future__ import annotations

import os
from pathlib import Path

import click

SCALE = click.IntRange(1, 64)  # picture pixels per LED
IMAGE_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".gif": "GIF"}


class OutputFile(click.ParamType):
    """A file to write: its folder must exist and be writable, its suffix one of `suffixes`
    (the picture format follows the suffix). The value is the path as given."""

    name = "file"

    def __init__(self, suffixes):
        self.suffixes = tuple(suffixes)

    def convert(self, value, param, ctx):
        path = Path(value)
        if path.suffix.lower() not in self.suffixes:
            self.fail(f"{value}: the name must end in " + " or ".join(self.suffixes), param, ctx)
        folder = path.parent
        if path.is_dir():
            self.fail(f"{value} is a folder", param, ctx)
        if not folder.is_dir():
            self.fail(f"folder {folder} does not exist", param, ctx)
        if not os.access(folder, os.W_OK):
            self.fail(f"folder {folder} is not writable", param, ctx)
        return str(value)


class Folder(click.ParamType):
    """A folder to write into: made if missing; it must then be a writable folder."""

    name = "folder"

    def convert(self, value, param, ctx):
        path = Path(value)
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.fail(f"cannot make folder {value}: {exc.strerror or exc}", param, ctx)
        if not path.is_dir() or not os.access(path, os.W_OK | os.X_OK):
            self.fail(f"{value} is not a writable folder", param, ctx)
        return str(value)
