"""index.html: paints before Python, in English from the catalogue; no
inline script, handler or style; no other host; the hub cards as built."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from spieltisch.games import GAMES
from spieltisch.i18n import t
from spieltisch.ui.boards import has_board

ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "index.html"


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[list] = []  # [tag, attrs, text parts]
        self.i18n: list[tuple[str, dict, str]] = []
        self.elements: list[tuple[str, dict]] = []
        self.script_bodies: list[str] = []
        self._in_script = False

    VOID = frozenset({"meta", "link", "img", "input", "br", "hr", "source"})

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a))
        if tag in self.VOID:
            return
        self.stack.append([tag, a, []])
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        while self.stack:
            t_, a, parts = self.stack.pop()
            text = "".join(parts)
            if self.stack:
                self.stack[-1][2].append(text)
            if t_ == "script":
                self.script_bodies.append(text)
                self._in_script = False
            if "data-i18n" in a:
                self.i18n.append((a["data-i18n"], a, text))
            if t_ == tag:
                break

    def handle_data(self, data):
        if self.stack:
            self.stack[-1][2].append(data)


def parse() -> Page:
    p = Page()
    p.feed(INDEX.read_text(encoding="utf-8"))
    p.close()
    return p


def _args(a: dict) -> dict:
    raw = a.get("data-i18n-args")
    return dict(part.partition("=")[::2] for part in raw.split(";")) if raw else {}


def test_i18n_texts_equal_the_english_catalogue():
    page = parse()
    assert len(page.i18n) >= 20
    for key, a, text in page.i18n:
        assert " ".join(text.split()) == t("en", key, **_args(a)), key


def test_no_inline_script_handlers_or_styles():
    page = parse()
    for tag, a in page.elements:
        assert not any(name.startswith("on") for name in a), (tag, a)
        assert "style" not in a, (tag, a)
        if tag == "script":
            assert a.get("src"), "inline script"
    assert all(not body.strip() for body in page.script_bodies)
    assert "<style" not in INDEX.read_text()


def test_no_other_host():
    html = INDEX.read_text()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", html)
    for css in (ROOT / "static" / "css").glob("*.css"):
        assert "//" not in re.sub(r"/\*.*?\*/", "", css.read_text(), flags=re.DOTALL).replace("://", "")


def test_required_shell_pieces():
    page = parse()
    tags = page.elements
    # one stylesheet and one resume script, both made by tools/build.py
    assert [a["href"] for t_, a in tags if t_ == "link" and a.get("rel") == "stylesheet"] == ["static/build/page.css"]
    scripts = [a for t_, a in tags if t_ == "script"]
    assert {"type": "module", "src": "static/js/boot.js"} in scripts
    assert {"type": "module", "src": "static/vendor/pyscript/core.js"} in scripts
    py = [a for a in scripts if a.get("type") == "py"]
    assert len(py) == 1 and py[0]["src"] == "./src/app/main.py"
    # inline (no fetch); the interpreter module is the local Pyodide started
    # early, and it is the first module the page runs, before PyScript's core
    assert json.loads(py[0]["config"])["interpreter"] == "./static/js/runtime.mjs"
    modules = [a["src"] for a in scripts if a.get("type") == "module"]
    assert modules[0] == "static/js/runtime.mjs", modules
    assert modules.index("static/js/runtime.mjs") < modules.index("static/vendor/pyscript/core.js")
    assert {"src": "static/build/resume.js"} in scripts
    # the runtime's big files are not preloaded: they held connections and
    # main-thread time the first paint and PyScript's start needed
    preloads = [a["href"] for t_, a in tags if t_ == "link" and a.get("rel") in ("preload", "modulepreload")]
    assert not [h for h in preloads if h.endswith((".wasm", ".zip", "-lock.json", ".py"))], preloads
    ids = {a.get("id") for _, a in tags}
    assert {"app", "status", "boot", "boot-progress", "import-file"} <= ids
    status = next(a for _, a in tags if a.get("id") == "status")
    assert status.get("aria-live") == "polite"


def test_hub_cards_in_registry_order():
    """index.html's pre-rendered hub lists the registry's games, in its
    order, every one built (the build writes the block, tools/build.py)."""
    page = parse()
    cards = [(a["data-game-card"], a) for _, a in page.elements if "data-game-card" in a]
    assert GAMES, "the registry (_BUILT in src/spieltisch/games/__init__.py) names no game"
    assert [c for c, _ in cards] == list(GAMES), (
        "index.html's pre-rendered hub does not list the registry's games in its order: run python3 tools/build.py")
    for gid, a in cards:
        assert has_board(gid) and "data-coming-soon" not in a, gid


def test_coming_soon_cards_do_not_navigate():
    html = INDEX.read_text()
    for gid in GAMES:
        m = re.search(rf'<li[^>]*data-game-card="{gid}".*?</li>', html, re.DOTALL)
        assert m, gid
        block = m.group(0)
        if "data-coming-soon" in block:
            assert "<a " not in block and "<button" not in block and "data-ui" not in block, gid
        else:
            assert f'href="#/new/{gid}"' in block


def test_hub_block_is_generated_from_the_renders():
    """index.html's pre-rendered hub equals tools/render_hub.py's output (the
    build writes it: scripts/setup, scripts/serve and scripts/test run the build)."""
    import subprocess
    import sys
    from pathlib import Path

    tool = Path(__file__).resolve().parents[2] / "tools" / "render_hub.py"
    proc = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
