"""The runtime boots under a Content-Security-Policy that allows only 'self'.

Bare Pyodide needs only 'wasm-unsafe-eval'; PyScript 0.7.31 also evaluates
strings as JavaScript, so it needs 'unsafe-eval' (documented in docs/build.md).
"""

from support.browser import check_page, wait_ready

BASE = (
    "default-src 'self'; connect-src 'self'; worker-src 'self' blob:; style-src 'self'"
)
PYODIDE_CSP = BASE + "; script-src 'self' 'wasm-unsafe-eval'"
PYSCRIPT_CSP = BASE + "; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'"


def test_bare_pyodide_under_strict_csp(site_with_csp, new_page):
    page = new_page()
    page.goto(site_with_csp(PYODIDE_CSP) + "tests/pages/bare.html")
    assert wait_ready(page)["python"] == "3.14"
    check_page(page, console_errors=True)


def test_pyscript_files_under_csp(site_with_csp, new_page):
    page = new_page()
    page.goto(site_with_csp(PYSCRIPT_CSP) + "tests/pages/pyscript_files.html")
    assert wait_ready(page)["version"]
    check_page(page, console_errors=True)
