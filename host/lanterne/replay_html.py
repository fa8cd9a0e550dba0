"""`lanterne replay LOG --html PAGE`: one self-contained page to scrub through a checked log.

Every position is drawn as the panel showed it (lanterne.render_state.render, the renderer of
`--png`) and inlined as a PNG data URI; the script and the style are inline too, so the page
opens offline, from a mail or a USB stick. A slider, the arrow keys (Home/End: first/last) and
the list of moves go back and forth; each position says which move led to it and who made it
(its game's formatter, lanterne.words); the log's first divergence is marked on the slider, in the
list (its own line, numbered as the move that diverges: the last position shown is the one
before it) and in a banner that jumps to it. The board stays in view at any window size: it is
sized to the window's height, sticks to the top, and the move list scrolls by itself (never the
page).

Everything the log says reaches the page as JSON data, read by the script into text nodes
(never as markup): a move text cannot inject anything.
"""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path

from lanterne.replay_view import positions


def png_data_uri(canvas, scale: int) -> str:
    from lanterne.picture import canvas_to_image

    buf = io.BytesIO()
    canvas_to_image(canvas, scale=scale).save(buf, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def page_data(result, profile, scale: int = 8) -> dict:
    """What the page shows, as plain JSON-able data (also what tests read)."""
    from lanterne.render_state import render

    frames = []
    images = {}  # the same picture once (a pass, an undo back to a position seen before)
    pictures = []
    for pos in positions(result):
        uri = png_data_uri(render(profile, pos.game, pos.state, last=pos.last()), scale)
        if uri not in images:
            images[uri] = len(pictures)
            pictures.append(uri)
        frames.append({
            "game": pos.game_no, "title": pos.title, "n": pos.n, "total": pos.total,
            "move": pos.move, "seat": pos.seat, "words": pos.words(), "label": pos.label(),
            "picture": images[uri], "divergence": pos.divergence,
            "diverging_move": pos.diverging_move,
        })
    return {"profile": profile.get("name"), "frames": frames, "pictures": pictures}


def _script_json(data) -> str:
    """JSON safe inside a <script> element (no '</script>', no '<!--' from a log's text)."""
    return (json.dumps(data, ensure_ascii=True, separators=(",", ":"))
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


STYLE = """
body { background: #15161a; color: #ddd; font: 15px/1.4 system-ui, sans-serif; margin: 1.2em; }
h1 { font-size: 1.2em; margin: 0 0 .4em; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
#verdict .ok { color: #7c7; } #verdict .bad { color: #f66; }
#divergence { background: #511; border: 1px solid #c33; padding: .5em .8em; margin: .6em 0;
  cursor: pointer; }
#main { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
#board { image-rendering: pixelated; border: 1px solid #333; display: block;
  width: min(90vw, 416px, 62vh); }
#left { max-width: 560px; position: sticky; top: 0; }
#controls { display: flex; gap: .6em; align-items: center; margin: .6em 0; }
#slider { width: min(60vw, 520px); }
#where { font-weight: 600; } #move { font-family: ui-monospace, monospace; min-height: 1.4em; }
#next-divergence { color: #f66; min-height: 1.4em; }
#moves { max-height: 70vh; overflow: auto; position: relative; margin: 0; padding: 0 .5em 0 2.5em;
  font-family: ui-monospace, monospace; font-size: 13px; }
#moves li { cursor: pointer; } #moves li.current { background: #334; color: #fff; }
#moves li.game { list-style: none; margin-left: -2em; font-weight: 600; color: #aaa; }
#moves li.diverges { color: #f66; }
button { background: #2a2c33; color: #ddd; border: 1px solid #444; padding: .2em .7em; }
.help { color: #888; font-size: .9em; }
"""

SCRIPT = """
(function () {
  var data = JSON.parse(document.getElementById("data").textContent);
  var frames = data.frames, pictures = data.pictures;
  var slider = document.getElementById("slider");
  var board = document.getElementById("board");
  var list = document.getElementById("moves");
  var items = [];
  var divergenceAt = -1;
  slider.max = frames.length - 1;
  frames.forEach(function (f, i) {
    if (f.n === 0) {
      var head = document.createElement("li");
      head.className = "game";
      head.textContent = "game " + f.game + ": " + f.title;
      list.appendChild(head);
    }
    var li = document.createElement("li");
    li.value = f.n;
    li.textContent = f.n === 0 ? "start" : f.words.replace(/^move \\d+: /, "");
    li.addEventListener("click", function () { show(i); });
    list.appendChild(li);
    items.push(li);
    if (f.divergence) {  // the move the log diverges on: after the last position it reached
      divergenceAt = i;
      var bad = document.createElement("li");
      bad.className = "diverges";
      if (f.diverging_move) bad.value = f.diverging_move;
      bad.textContent = "diverges: " + f.divergence.replace(/^move \\d+: /, "");
      bad.title = "the host's rules stop here; click: the last position before it";
      bad.addEventListener("click", function () { show(i); });
      list.appendChild(bad);
    }
  });
  function keepInList(li) {
    // scroll the list alone (scrollIntoView would scroll the page and the board out of view)
    var top = li.offsetTop, bottom = top + li.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight)
      list.scrollTop = bottom - list.clientHeight;
  }
  function keepBoardInView() {
    var r = board.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 ||
        r.right > window.innerWidth) board.scrollIntoView({block: "nearest", inline: "nearest"});
  }
  var current = -1;
  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i));
    var f = frames[i];
    if (current >= 0) items[current].classList.remove("current");
    current = i;
    items[i].classList.add("current");
    keepInList(items[i]);
    board.src = pictures[f.picture];
    slider.value = i;
    document.getElementById("where").textContent =
      "game " + f.game + " (" + f.title + "), position " + (i + 1) + " of " + frames.length +
      (f.n === 0 ? ": start" : ": after move " + f.n + " of " + f.total);
    document.getElementById("move").textContent = f.words;
    document.getElementById("next-divergence").textContent =
      f.divergence ? "The log's next line diverges: " + f.divergence : "";
    document.body.dataset.position = i;
    keepBoardInView();
  }
  slider.addEventListener("input", function () { show(+slider.value); });
  document.getElementById("back").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.addEventListener("keydown", function (e) {
    var to = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0,
              End: frames.length - 1}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  var banner = document.getElementById("divergence");
  if (divergenceAt >= 0) {
    banner.addEventListener("click", function () { show(divergenceAt); });
    var marks = document.getElementById("marks");
    var opt = document.createElement("option");
    opt.value = divergenceAt;
    marks.appendChild(opt);
  }
  board.addEventListener("load", keepBoardInView);
  window.addEventListener("resize", keepBoardInView);
  show(0);
})();
"""


def render_page(result, profile, source_name: str, scale: int = 8) -> str:
    from lanterne.rebuild import summary

    data = page_data(result, profile, scale)
    lines = [("ok", "OK " + summary(g)) for g in result.games
             if g is not result.divergence_game]
    banner = ""
    if result.divergence is not None:
        where = f" (log line {result.line_no})" if result.line_no else ""
        title = result.divergence_game.title() if result.divergence_game else "log"
        text = f"DIVERGENCE in {title}{where}: {result.divergence}"
        banner = (f'<div id="divergence" title="show the last position before it">'
                  f"{html.escape(text)} (click: go there)</div>")
    verdict = "".join(f'<div class="{cls}">{html.escape(t)}</div>' for cls, t in lines)
    board_name = html.escape(str(data["profile"]))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>{html.escape(source_name)}: replay</title>
<style>{STYLE}</style></head>
<body>
<h1 title="{html.escape(source_name)}">{html.escape(source_name)}</h1>
<div id="verdict">{verdict}</div>
{banner}
<div id="main">
<div id="left">
<img id="board" alt="the board at this position">
<div id="controls">
<button id="back" title="previous position (left arrow)">&#9664;</button>
<input id="slider" type="range" min="0" max="0" value="0" list="marks">
<datalist id="marks"></datalist>
<button id="next" title="next position (right arrow)">&#9654;</button>
</div>
<div id="where"></div>
<div id="move"></div>
<div id="next-divergence"></div>
<p class="help">Left and right arrows: one move back or on; Home and End: first and last;
or drag the slider, or click a move in the list. Drawn as the panel ({board_name}) shows
each position.</p>
</div>
<ol id="moves"></ol>
</div>
<script type="application/json" id="data">{_script_json(data)}</script>
<script>{SCRIPT}</script>
</body></html>
"""


def write_html(result, profile, path, source_name: str, scale: int = 8) -> int:
    """Write the page; returns the number of positions in it."""
    text = render_page(result, profile, source_name, scale)
    Path(path).write_text(text, encoding="utf-8")
    return sum(len(g.history) for g in result.games)
