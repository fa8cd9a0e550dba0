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
    assert len(made) == SCRIPT.read_text().count("--snapshot "), made  # one picture a line
    for name in made:
        committed = Image.open(ROOT / "docs" / "img" / name).convert("RGB")
        fresh = Image.open(tmp_path / name).convert("RGB")
        assert committed.size == fresh.size, name
        box = ImageChops.difference(committed, fresh).getbbox()
        assert box is None, f"docs/img/{name} is not what pictures.sh draws now (differs in {box})"
    # and every picture in docs/img is made by the script (none left behind, none hand-made)
    assert made == sorted(p.name for p in (ROOT / "docs" / "img").glob("*.png"))


def _tactik_commands():
    """The Tac-Tik picture commands of pictures.sh whose bots play (a card just played):
    picture name -> sim arguments (no snapshot)."""
    import shlex

    text = SCRIPT.read_text().replace("\\\n", " ")
    out = {}
    for line in text.splitlines():
        if line.startswith("lanterne sim") and "--game tactik" in line and "--humans 0" in line:
            args = shlex.split(line)[2:]
            at = args.index("--snapshot")
            name = Path(args[at + 1]).name
            out[name] = args[:at] + args[at + 2:]
    return out


def test_the_tactik_captions_say_the_card_the_picture_shows():
    """Each Tac-Tik picture's caption (README, docs/tactik-board.md) names the colour and card
    of the last move of the game its command plays (the card lies in the middle then)."""
    import json
    import re

    from shared_rules.tactik import rules as tactik

    commands = _tactik_commands()
    assert sorted(commands) == ["sim-tactik-4p.png", "sim-tactik-6p.png"]
    docs = {p: (ROOT / p).read_text() for p in ("README.md", "docs/tactik-board.md")}
    for name, args in commands.items():
        proc = subprocess.run([sys.executable, "-m", "lanterne", "sim", *args, "--events"],
                              cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
        events = [json.loads(ln) for ln in proc.stdout.splitlines() if ln.startswith("{")]
        new = [e for e in events if e["ev"] == "new"][-1]
        last = [e for e in events if e["ev"] == "move"][-1]
        players = new["options"]["players"]
        colour = tactik.replay({"players": players, "physical_cards": False}, 0, ()) \
            .seat_colours(last["player"])[0]
        card = last["move"].split()[0]
        article = "an" if card in ("8", "11", "18") else "a"
        said = f"{colour} has just played {article} {card} (move {last['n']})"
        for path, text in docs.items():
            captions = re.findall(r"!\[([^\]]*)\]\((?:docs/)?img/" + re.escape(name) + r"\)",
                                  text)
            assert captions, (path, name)
            for caption in captions:
                assert caption.endswith(said), (path, name, caption, said)


def test_the_tayu_caption_says_the_numbers_the_picture_shows():
    """The README's caption of the Ta Yü picture reads each coast's count, both scores and the
    tiles left of the game its command plays (the numbers the panel shows by their leads)."""
    import json
    import re
    import shlex

    from shared_rules.tayu import rules as tayu

    text = SCRIPT.read_text()
    keys = " ".join(["a:long a wait:1000"] * 23)
    assert 'for i in $(seq 23); do K="$K a:long a wait:1000"; done' in text
    line = [ln for ln in text.splitlines() if "sim-tayu.png" in ln][0]
    args = shlex.split(line.replace('"$K"', shlex.quote(keys)))[2:]
    args = args[:args.index("--snapshot")]
    proc = subprocess.run([sys.executable, "-m", "lanterne", "sim", *args, "--events"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    events = [json.loads(ln) for ln in proc.stdout.splitlines() if ln.startswith("{")]
    new = [e for e in events if e["ev"] == "new"][-1]
    options = {k: v for k, v in new["options"].items() if k != "bots"}
    st = tayu.replay(options, new["seed"], [e["move"] for e in events if e["ev"] == "move"])
    cc = st.coast_counts()
    ns, ew = st.scores()
    readme = " ".join((ROOT / "README.md").read_text().split())
    caption = readme[readme.index("(docs/img/sim-tayu.png)"):]
    caption = caption[:caption.index("*", caption.index("*") + 1)]
    for said in (f"over the north count ({cc['N']},", f"under the south count ({cc['S']})",
                 f"({cc['W']} at the left, {cc['E']} at the right)",
                 f"north × south ({cc['N']} × {cc['S']})",
                 f"east × west ({cc['E']} × {cc['W']} = {ew})", f"tiles left ({st.tiles_left()})"):
        assert said in caption, (said, caption)
    assert ns == cc["N"] * cc["S"] and re.search(r"north-south \(you, pink\) to move", caption)
