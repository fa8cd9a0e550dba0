"""The README's and docs' pictures are what `lanterne sim --snapshot` draws today: every one of
docs/img/pictures.sh is made again and compared pixel for pixel with the committed file."""

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "img" / "pictures.sh"


def test_every_documentation_picture_is_what_its_command_draws(tmp_path):
    env = dict(os.environ, OUT=str(tmp_path),
               PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    subprocess.run(["sh", str(SCRIPT)], cwd=ROOT, env=env, check=True, capture_output=True,
                   timeout=600)
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(made) == 9, made
    for name in made:
        committed = Image.open(ROOT / "docs" / "img" / name).convert("RGB")
        fresh = Image.open(tmp_path / name).convert("RGB")
        assert committed.size == fresh.size, name
        box = ImageChops.difference(committed, fresh).getbbox()
        assert box is None, f"docs/img/{name} is not what pictures.sh draws now (differs in {box})"
    # and every picture in docs/img is made by the script (none left behind, none hand-made)
    assert made == sorted(p.name for p in (ROOT / "docs" / "img").glob("*.png"))
