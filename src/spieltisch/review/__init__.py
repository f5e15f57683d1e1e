"""After the game: where it turned, what was better (docs/review.md).

The engine (this package's ``engine``, ``search``, ``moments``, ``hidden``)
and the record on this device (``record``) sit on the rules' level: they use
the contract, the registry and nothing of the UI. The words (``words``), the
chart (``chart``), the position links (``links``) and the command line
(``cli``) sit with the UI, above the boards and the catalogue.

    from spieltisch.review import Review, Settings
    rv = Review.from_save(save_text, seat=0)
    while not rv.finished:
        rv.step(40)                 # a browser worker posts rv.progress() between steps
    result = rv.result()            # JSON-safe, kept with the save
"""

from .engine import (
    CLASSES,
    FORMAT,
    MIN_Z,
    THRESHOLDS,
    VERSION,
    Review,
    ReviewError,
    Settings,
    check_result,
    classify,
    mode_of,
    result_fits,
    review,
    settings_for,
)
from .moments import Decision, decisions, prefix
from .search import ENGINE

__all__ = [
    "CLASSES", "ENGINE", "FORMAT", "MIN_Z", "THRESHOLDS", "VERSION", "Decision", "Review", "ReviewError",
    "Settings", "check_result", "classify", "decisions", "mode_of", "prefix", "result_fits", "review",
    "settings_for",
]
