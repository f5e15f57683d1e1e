# Runs under PyScript: import the package however it was delivered and
# report on <body data-*> for the browser tests and the benchmark.
import sys

from pyscript import document, window

import spieltisch

body = document.body
body.dataset.python = ".".join(map(str, sys.version_info[:2]))
body.dataset.version = spieltisch.__version__
body.dataset.source = spieltisch.__file__
body.dataset.readyMs = str(window.performance.now())
body.dataset.ready = "1"
