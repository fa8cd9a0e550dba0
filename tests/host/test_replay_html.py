"""`lanterne replay LOG --html PAGE`: one self-contained page (pictures as data URIs, script
inline) to scrub through a game; opened in a real headless browser (the system's chromium and
chromedriver, driven by selenium) where one is installed, stepped with the keys and read."""

import base64
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lanterne.cli import main
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    """A Tac-Tik game of four bots, its first few dozen moves, as `sim --events` prints it."""
    folder = tmp_path_factory.mktemp("html")
    proc = subprocess.run(
        [sys.executable, "-m", "lanterne", "sim", "--game", "tactik", "--players", "4",
         "--humans", "0", "--bot-delay", "0", "--seed", "3", "--keys", "wait:4000", "--events"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    events = [json.loads(ln) for ln in proc.stdout.splitlines() if ln.startswith("{")]
    assert sum(e["ev"] == "move" for e in events) >= 20
    return folder, events


def write(folder, events, name):
    path = folder / name
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def diverging(folder, events):
    """The same log with move 12's digest altered and move 14's text an attempt at markup."""
    events = json.loads(json.dumps(events))
    for e in events:
        if e["ev"] == "move" and e["n"] == 12:
            e["digest"] = "0123456789abcdef"
        if e["ev"] == "move" and e["n"] == 14:
            e["move"] = "</script><script>alert(1)</script>"
    return write(folder, events, "diverging.jsonl")


def page(path, out, *more):
    res = CliRunner().invoke(main, ["replay", str(path), "--html", str(out), *more])
    return res, out.read_text(encoding="utf-8")


def data_of(text):
    raw = re.search(r'<script type="application/json" id="data">(.*?)</script>', text, re.S)
    return json.loads(raw.group(1))


def image_of(uri):
    assert uri.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))).convert("RGB")


def test_the_page_holds_every_position_drawn_as_the_png_option_draws_it(tmp_path, log):
    folder, events = log
    path = write(folder, events, "game.jsonl")
    moves = [e for e in events if e["ev"] == "move"]
    res, text = page(path, tmp_path / "game.html", "--png", str(tmp_path / "png"))
    assert res.exit_code == 0, res.output
    assert f"page of {len(moves) + 1} position(s)" in res.output
    data = data_of(text)
    frames = data["frames"]
    assert len(frames) == len(moves) + 1 and frames[0]["words"] == "start of the game"
    for f, m in zip(frames[1:], moves):
        assert f["move"] == m["move"] and f["seat"] == m["player"]
        colour = ("red", "blue", "yellow", "green")[m["player"]]  # the move in words
        assert f["words"].startswith(f"move {m['n']}: {colour} "), f["words"]
    for i in (0, 1, 7, len(frames) - 1):
        png = Image.open(tmp_path / "png" / f"game1-{i:03d}.png").convert("RGB")
        assert ImageChops.difference(png, image_of(data["pictures"][frames[i]["picture"]])) \
            .getbbox() is None, i
    # self-contained: nothing to fetch, no address anywhere
    assert "http://" not in text and "https://" not in text
    assert not re.search(r'\b(src|href)="(?!data:)', text)
    assert "default-src 'none'" in text  # and the page says so to the browser


def test_the_divergence_is_marked_and_a_move_text_stays_text(tmp_path, log):
    folder, events = log
    res, text = page(diverging(folder, events), tmp_path / "d.html")
    assert res.exit_code == 1  # the check's verdict stands; the page is written all the same
    frames = data_of(text)["frames"]
    assert len(frames) == 12  # the start and moves 1-11: move 12 is where the log diverges
    assert frames[-1]["divergence"].startswith("move 12: state digest after")
    assert [f for f in frames if f["divergence"]] == frames[-1:]
    assert frames[-1]["diverging_move"] == 12 and frames[-1]["n"] == 11
    assert 'id="divergence"' in text and "DIVERGENCE in tactik" in text
    assert "<script>alert" not in text


def browser(size="1100,900"):
    """A headless chromium through its chromedriver, or a skip saying what is missing."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.skip("no chromium/chromedriver on this machine (apt-get install chromium "
                    "chromium-driver)")
    os.environ.setdefault("SE_OFFLINE", "true")  # the system's driver: nothing to download
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=" + size):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(driver), options=options)


def test_a_browser_steps_back_and_forth_with_the_keys(tmp_path, log):
    folder, events = log
    res, text = page(diverging(folder, events), tmp_path / "scrub.html")
    data = data_of(text)
    frames, pictures = data["frames"], data["pictures"]
    drv = browser()
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        drv.get((tmp_path / "scrub.html").as_uri())

        def shown():
            return {"where": drv.find_element(By.ID, "where").text,
                    "move": drv.find_element(By.ID, "move").text,
                    "src": drv.find_element(By.ID, "board").get_attribute("src"),
                    "slider": drv.find_element(By.ID, "slider").get_attribute("value"),
                    "diverges": drv.find_element(By.ID, "next-divergence").text}

        def press(*keys):
            body = drv.find_element(By.TAG_NAME, "body")
            for k in keys:
                body.send_keys(k)

        now = shown()
        assert "position 1 of 12: start" in now["where"] and now["move"] == "start of the game"
        assert now["src"] == pictures[frames[0]["picture"]]
        press(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        now = shown()
        assert "position 4 of 12: after move 3 of 11" in now["where"], now
        assert now["move"] == frames[3]["words"] and now["slider"] == "3"
        assert now["src"] == pictures[frames[3]["picture"]]
        press(Keys.ARROW_LEFT)
        now = shown()
        assert now["move"] == frames[2]["words"] and now["src"] == pictures[frames[2]["picture"]]
        press(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)  # not before the start
        assert shown()["slider"] == "0"
        assert shown()["diverges"] == ""
        press(Keys.END)
        now = shown()
        assert now["move"] == frames[11]["words"]
        assert now["diverges"].startswith("The log's next line diverges: move 12")
        press(Keys.HOME)
        drv.find_element(By.ID, "divergence").click()  # the banner goes to the divergence
        assert shown()["slider"] == "11"
        drv.find_elements(By.CSS_SELECTOR, "#moves li:not(.game)")[5].click()  # the move list
        assert shown()["move"] == frames[5]["words"]
        # the divergence is marked on the move it names (12), not on the position before it
        marked = drv.find_elements(By.CSS_SELECTOR, "#moves li.diverges")
        assert len(marked) == 1 and marked[0].get_attribute("value") == "12"
        assert marked[0].text.startswith("diverges: state digest after")
        items = drv.find_elements(By.CSS_SELECTOR, "#moves li:not(.game)")
        assert items[-2].get_attribute("value") == "11"
        assert "diverges" not in (items[-2].get_attribute("class") or "")
        marked[0].click()
        assert shown()["slider"] == "11"
        errors = [e for e in drv.get_log("browser") if e.get("level") == "SEVERE"]
        assert errors == []
    finally:
        drv.quit()


def test_the_board_stays_in_view_at_two_window_sizes(tmp_path, log):
    """A long title (the log's file name) and a long list: End, Home and the arrows move the
    list, never the board out of the window, on a large and on a small window."""
    folder, events = log
    long_name = "a-very-long-name-for-a-game-log-recorded-at-a-club-evening-" * 3 + "x.jsonl"
    path = write(folder, events, long_name)
    page(path, tmp_path / "long.html")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    for size in ("1100,900", "480,420"):
        drv = browser(size)
        try:
            drv.get((tmp_path / "long.html").as_uri())
            body = drv.find_element(By.TAG_NAME, "body")

            def board_in_view(drv=drv):
                """Whether the board is whole in the window, polled for up to 3 s (its picture
                loads, and the page scrolls to it, a moment after the key); a pixel's
                fraction over the edge is the browser's rounding."""
                import time

                deadline = time.monotonic() + 3
                while True:
                    seen = drv.execute_script(
                        "var b = document.getElementById('board');"
                        "var r = b.getBoundingClientRect();"
                        "return [r.top >= -1, r.left >= -1, r.bottom <= window.innerHeight + 1,"
                        " r.right <= window.innerWidth + 1, b.complete && r.width > 50];")
                    if seen == [True] * 5 or time.monotonic() > deadline:
                        return seen
                    time.sleep(0.05)

            assert board_in_view() == [True] * 5, (size, drv.execute_script(
                "var r = document.getElementById('board').getBoundingClientRect();"
                "return [r.top, r.bottom, window.innerHeight, window.scrollY,"
                " document.body.scrollHeight];"))
            for key in (Keys.END, Keys.ARROW_LEFT, Keys.HOME, Keys.ARROW_RIGHT, Keys.END):
                body.send_keys(key)
                assert board_in_view() == [True] * 5, (size, key)
            # the list followed: the last move is in the list's own view
            last = drv.find_elements(By.CSS_SELECTOR, "#moves li:not(.game)")[-1]
            assert drv.execute_script(
                "var li = arguments[0], l = document.getElementById('moves');"
                "var a = li.getBoundingClientRect(), b = l.getBoundingClientRect();"
                "return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;", last), size
        finally:
            drv.quit()
