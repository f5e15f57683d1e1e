"""Spieltisch: tabletop games with pure-Python rules engines.

The package is standard-library only and never imports the browser; the
browser adapter lives in ``src/app``.
"""

__version__ = "0.1.0"
