"""Print the interpreter and package versions (runs inside Pyodide)."""

import json
import sys

import spieltisch

print(
    json.dumps(
        {
            "python": list(sys.version_info[:2]),
            "platform": sys.platform,
            "spieltisch": spieltisch.__version__,
            "file": spieltisch.__file__,
            "argv": sys.argv[1:],
        }
    )
)
