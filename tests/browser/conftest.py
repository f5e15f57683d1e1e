"""Shared fixtures of the browser tests."""

from __future__ import annotations

import pytest
from support import browser as sb


@pytest.fixture(scope="module")
def page(browser, site_url):
    """One page for the module (Pyodide boots once). A module that needs
    other page options (locale, reduced motion, touch) defines its own."""
    p = sb.boot_page(browser, site_url)
    yield p
    sb.close_page(p)
