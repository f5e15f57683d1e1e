"""The page never imports the review engine (docs/review.md, "In the
browser"): it draws a kept result -- the words, the chart, the table, what
was hidden, "Try the better move" -- with ``review.result`` and
``review.replay``; ``engine``, ``search``, ``moments`` and ``job`` run in the
worker only, from static/build/review.zip, and the command line is the
wheel's. Checked in a fresh interpreter that imports every module the
runtime image holds and shows a kept review on the controller."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from spieltisch import review
from spieltisch.review.engine import Review
from spieltisch.review.result import settings_for
from spieltisch.ui.controller import SAVE_PREFIX
from spieltisch.ui.review_control import review_key

SRC = Path(__file__).resolve().parents[2] / "src"

PAGE = """
import json, sys
sys.path.insert(0, {src!r})
from app import image
for name in image.site_modules():   # every module of the image: the page's Python
    __import__(name)
from spieltisch.ui.controller import Controller, MemoryStorage
data = json.loads(sys.stdin.read())
ctl = Controller(MemoryStorage(data["storage"]), browser_lang="en")
ctl.review_overrides = {{"playouts": 8}}
ctl.navigate("#/review/s1/0")
assert ctl.review["state"] == "done", ctl.review["state"]
assert not [e for e in ctl.take_effects() if e[0] == "review-start"]
html = ctl.render("screen")
ctl.handle("ui", "review-hidden")
html += ctl.render("screen")
ctl.handle("ui", "review-try:" + str(data["try"]))
print(json.dumps({{"route": ctl.route, "chart": "data-review-chart" in html, "table": "<table" in html,
                  "hidden": "data-review-hidden-panel" in html,
                  "loaded": sorted(m for m in sys.modules if m.startswith("spieltisch.review."))}}))
"""


def test_the_page_shows_a_kept_review_without_ever_importing_the_engine(hexen_game):
    result = Review(hexen_game, 0, settings_for("hexen_cocktail", playouts=8)).run()
    n = next(d["n"] for d in result["decisions"] if d["best"] != d["played"])
    storage = {SAVE_PREFIX + "s1": hexen_game.to_save_text({}), review_key("s1", 0): json.dumps(result)}
    out = subprocess.run([sys.executable, "-c", PAGE.format(src=str(SRC))], capture_output=True, text=True,
                         input=json.dumps({"storage": storage, "try": n}), timeout=300)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["chart"] and seen["table"] and seen["hidden"] and seen["route"] == "play"
    loaded = {m.rsplit(".", 1)[1] for m in seen["loaded"]}
    assert {"result", "replay", "words", "chart"} <= loaded  # the page's half was used
    assert not loaded & set(review.NOT_ON_PAGE), loaded


def test_the_image_leaves_out_exactly_the_modules_the_page_never_imports():
    sys.path.insert(0, str(SRC))
    from app import image

    assert review.WORKER_MODULES and set(review.WORKER_MODULES) < set(review.NOT_ON_PAGE)
    skipped = {m.rsplit(".", 1)[1] for m in image.SKIP if m.startswith("spieltisch.review.")}
    assert skipped == set(review.NOT_ON_PAGE)
