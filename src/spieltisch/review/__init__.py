"""After the game: where it turned, what was better (docs/review.md).

The engine (this package's ``engine``, ``search``, ``moments``), the result
and its check (``result``), the replay (``replay``), what was hidden
(``hidden``) and the record on this device (``record``) sit on the rules'
level: they use the contract, the registry and nothing of the UI. The words
(``words``), the chart (``chart``), the position links (``links``) and the
command line (``cli``) sit with the UI, above the boards and the catalogue.

    from spieltisch.review import Review, Settings
    rv = Review.from_save(save_text, seat=0)
    while not rv.finished:
        rv.step(40)                 # a browser worker posts rv.progress() between steps
    result = rv.result()            # JSON-safe, kept with the save

The page imports this package but never the engine, which only the review's
worker loads (static/build/review.zip): ``Review``, ``review``, ``Decision``
and ``decisions`` are imported on first use.
"""

from .replay import prefix
from .result import (
    CLASSES,
    ENGINE,
    FORMAT,
    MIN_Z,
    THRESHOLDS,
    VERSION,
    ReviewError,
    Settings,
    check_result,
    classify,
    mode_of,
    result_fits,
    settings_for,
)

# Modules the page never imports (tests/test_startup_imports.py): the engine,
# which tools/build.py leaves out of app.zip and the runtime image and packs
# into static/build/review.zip for the worker, and the command line (the
# wheel's alone).
WORKER_MODULES = ("engine", "job", "moments", "search")
NOT_ON_PAGE = (*WORKER_MODULES, "cli")

_LAZY = {"Review": "engine", "review": "engine", "Decision": "moments", "decisions": "moments"}


def __getattr__(name: str):
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CLASSES", "ENGINE", "FORMAT", "MIN_Z", "NOT_ON_PAGE", "THRESHOLDS", "VERSION", "WORKER_MODULES", "Decision", "Review", "ReviewError",
    "Settings", "check_result", "classify", "decisions", "mode_of", "prefix", "result_fits", "review",
    "settings_for",
]
