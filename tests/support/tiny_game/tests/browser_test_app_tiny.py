"""Tiny Cauldron in headless Chromium: a whole game against a bot by clicks.
In the repository this file is fixture data (tests/support/tiny_game/);
tests/test_new_game.py copies it to tests/browser/test_app_tiny.py in the
copy it adds the game to, where it is collected (playing it needs that
copy's full build)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support.play import play_to_end, start_game


@pytest.fixture(scope="module")
def page(browser, site_url):
    p = sb.boot_page(browser, site_url)
    yield p
    sb.close_page(p)


def test_full_game_against_a_bot_by_clicks(page):
    """tiny.win: the game reaches its end by clicks on the add buttons."""
    start_game(page, [("Ann", "human", None), ("Bo", "bot", "easy")], seed="7", game_id="tiny")
    play_to_end(page)
    expect(page.locator("[data-gameover]")).to_be_attached()
