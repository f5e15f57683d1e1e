"""Runs inside Pyodide (and on CPython): hostile saves, import files and
position links through the app's hardened paths (issue 11). Prints, as JSON,
each input's outcome (``ok`` or the refusal's code; ``crash:...`` for anything
else) and, last, whether a valid save still loads afterwards -- the issue's
10 kB nested save used to kill Pyodide for good.

    python hostile_inputs.py <base64(zlib(JSON [[kind, text or {"b64": bytes}], ...]))>
"""

import base64
import json
import sys
import zlib

from spieltisch.core.errors import SaveError
from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES
from spieltisch.ui import position
from spieltisch.ui.controller import Controller, MemoryStorage


def outcome(kind: str, data) -> str:
    try:
        if kind == "save":
            Match.from_save(data, GAMES)
        elif kind == "link":
            position.decode(data, GAMES)
        else:
            storage = MemoryStorage()
            ctl = Controller(storage, seed_source=lambda: 1)
            ctl.navigate("#/")
            ctl.handle("file", data)
            return "ok" if storage.data else "refused:" + ctl.status_text[:60]
    except (SaveError, position.PositionError) as err:
        return f"refused:{err.code}"
    except BaseException as err:
        return f"crash:{err.__class__.__name__}"
    return "ok"


def main() -> None:
    samples = json.loads(zlib.decompress(base64.b64decode(sys.argv[1])))
    results = []
    for kind, data in samples:
        if isinstance(data, dict):
            data = base64.b64decode(data["b64"])
        results.append(outcome(kind, data))
    m = Match(GAMES["hexen_cocktail"], [Seat("A"), Seat("B")], seed=8)
    m.play(m.legal_texts()[0])
    alive = Match.from_save(m.to_save_text(), GAMES).state == m.state
    print(json.dumps({"platform": sys.platform, "results": results, "alive": alive}))


main()
