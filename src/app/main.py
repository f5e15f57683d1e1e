"""PyScript entry script (index.html: <script type="py" src="./src/app/main.py">).

Everything lives in app.dom (unpacked from static/build/app.zip); this file
only starts it, so the page's Python stays importable and testable.
"""

from app.dom import start

start()
