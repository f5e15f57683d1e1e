# The README's "Use the rules in your own PyScript page" example (the
# micropip variant), plus test plumbing: ?site= is the Spieltisch site, and
# the result is reported on <body data-*> for tests/browser/test_wheel.py.
import json

import pyodide_js
from pyodide.http import pyfetch
from pyscript import document, window

site = str(window.URLSearchParams.new(window.location.search).get("site"))

# The wheel's current file name is in the site's static/build/manifest.json.
manifest = json.loads(await (await pyfetch(site + "static/build/manifest.json")).string())
await pyodide_js.loadPackage("micropip")  # from the blog's Pyodide lock file
import micropip  # noqa: E402

await micropip.install(site + "static/build/" + manifest["wheel"]["file"])

# ---- from here on: the rules in plain Python ----
import spieltisch  # noqa: E402
from spieltisch.ai import make_bot  # noqa: E402
from spieltisch.core import Match, Seat  # noqa: E402
from spieltisch.games import GAMES  # noqa: E402

game = GAMES["hexen_cocktail"]
m = Match(game, [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=7)
bot = make_bot("easy", seed=1)
lines = []
for _ in range(5):
    seat = m.to_act
    if m.seats[seat].is_bot:
        move = bot.choose(game, game.view(m.state, seat), seat)
    else:
        move = m.legal_texts()[0]
    m.play(move)
    lines.append(f"{m.seats[seat].name}: {move}")
document.getElementById("moves").textContent = "\n".join(lines)

body = document.body
body.dataset.version = spieltisch.__version__
body.dataset.source = spieltisch.__file__
body.dataset.moves = str(len([p for p, _ in m.log if p >= 0]))
body.dataset.ready = "1"
