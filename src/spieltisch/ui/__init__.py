"""Pure render functions (view -> HTML/SVG text) and the app controller.

Nothing here imports ``js``/``pyscript``/``pyodide``; the browser adapter is
``src/app``. Renders receive only ``game.view(state, seat)`` (or the
spectator view), never a state.
"""
