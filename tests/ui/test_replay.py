"""Replays in the site (``#/replay/<code>``, ui/replay.py; docs/blogging.md,
*Replays*) through the controller, and the share panel's replay link and
embed code. The browser side (keys, ticks, the CSP) is
tests/browser/test_replay.py."""

from __future__ import annotations

import base64
import html
import random

import pytest

from spieltisch import diagram
from spieltisch.__main__ import main as cli_main
from spieltisch.core.match import Match, Seat
from spieltisch.core.rng import Rng
from spieltisch.diagram import embed
from spieltisch.games import GAMES
from spieltisch.ui import position, replay

from .helpers import Hooks, new_controller
from .test_share_diagram import SITE, _field, _sharing_controller

GAME_IDS = sorted(g for g in GAMES if g not in diagram.PENDING)


def _game(game_id: str, players: int, seed: int, seat_moves: int) -> Match:
    rnd = random.Random(seed)
    m = Match(GAMES[game_id], [Seat(f"P{i + 1}") for i in range(players)], seed=seed)
    made = 0
    while not m.is_over and made < seat_moves:
        m.play(rnd.choice(m.legal_texts(m.to_act)), m.to_act)
        made += 1
    return m


def _open(ctl, m: Match, seat: int, tail: str = "") -> set[str]:
    return ctl.handle("route", "#/replay/" + position.encode(m, seat) + tail)


def _shown(ctl) -> tuple[int, str, str]:
    """(step, the line as shown, the whole screen)."""
    page = ctl.render("screen")
    hooks = Hooks(page)
    (section,) = [a for t, a in hooks.elements if "data-replay" in a and t == "section"]
    start = page.index("data-replay-line")
    line = html.unescape(page[page.index(">", start) + 1: page.index("</p>", start)])
    line = line.replace("<span data-replay-step>", "").replace("</span>", "")
    return int(section["data-step"]), line, page


def _ticks(ctl) -> list[str]:
    return [e[2] for e in ctl.take_effects() if e[0] == "tick"]


def test_a_replay_link_steps_through_the_game_from_the_links_seat():
    m = _game("hexen_cocktail", 3, 5, 7)
    ctl = new_controller()
    assert _open(ctl, m, 1) >= {"screen"}
    assert ctl.screen == "replay" and ctl.hash == "#/replay/" + position.encode(m, 1)
    steps = embed.replay_steps(m, 1, steps=None)
    assert len(steps) == 8  # the start, then one step per seat move (with the chance after it)
    step, line, page = _shown(ctl)
    assert (step, line) == (0, "Step 0 of 7: The start of the game.")
    assert "As P2 saw it" in page
    for cmd, want in (("forward", 1), ("forward", 2), ("back", 1), ("last", 7), ("forward", 7),
                      ("first", 0), ("back", 0)):
        ctl.handle("ui", f"replay:{cmd}")
        step, line, page = _shown(ctl)
        assert step == want, cmd
        assert line == f"Step {want} of 7: {steps[want][2]}"
        # the diagram on screen is the command line's frame for that step, its <style> handed over apart
        frame = embed.replay_frames(m, 1, steps=None)[want][0]
        assert replay.split_style(frame)[0] in page
        assert "<style>" not in page
    # the arrow keys of the browser adapter
    for key, want in (("ArrowRight", 1), ("End", 7), ("ArrowLeft", 6), ("Home", 0)):
        ctl.replay_key(key)
        assert _shown(ctl)[0] == want
    assert ctl.replay_key("a") is None
    hooks = Hooks(ctl.render("screen"))
    disabled = {a["data-ui"] for a in hooks.tags("button") if a.get("aria-disabled") == "true"}
    assert disabled == {"replay:first", "replay:back"}  # aria-disabled: the focus can stay on them


def test_every_step_line_is_the_public_log_line_of_its_moves():
    m = _game("saboteur", 4, 8, 10)
    steps = embed.replay_steps(m, 2, steps=None)
    seat_moves = [(p, a) for p, a in m.log if p >= 0]
    assert len(steps) == len(seat_moves) + 1
    for (_state, _moves, line), (p, _a) in zip(steps[1:], seat_moves, strict=True):
        assert line.startswith(m.seats[p].name), line  # "P3 discards a card." -- never which card


def test_the_site_and_the_command_line_draw_the_same_replay_frames(capsys):
    m = _game("potions_brew", 3, 9, 9)
    code = position.encode(m, 0)
    site = [f for f, _ in embed.replay_frames(m, 0, steps=None)]
    assert cli_main(["embed", code, "--site", "/", "--replay", "3", "--no-script"]) == 0
    out = capsys.readouterr().out
    frames = [base64.b64decode(a["data-frame"].split(",", 1)[1]).decode("utf-8")
              for a in Hooks(out).tags("li")]
    assert frames == site[-4:]  # the last three moves and the position before them, byte for byte


def test_autoplay_ticks_to_the_last_step_and_stops():
    m = _game("brauzeit", 2, 3, 5)
    ctl = new_controller()
    _open(ctl, m, 0, "/auto")
    ticks = _ticks(ctl)
    assert ticks == [f"replay:tick:{ctl.replay.gen}"]
    assert ctl.replay.playing and 'data-running' in ctl.render("screen")
    seen = [0]
    while ticks:
        assert ctl.handle("ui", ticks[0]) == {"screen"}
        seen.append(_shown(ctl)[0])
        ticks = _ticks(ctl)
    assert seen == list(range(ctl.replay.last + 1))
    assert not ctl.replay.playing and "data-running" not in ctl.render("screen")
    # Play at the end starts from the first step; a step or a pause makes a pending tick stale
    ctl.handle("ui", "replay:toggle")
    (tick,) = _ticks(ctl)
    assert _shown(ctl)[0] == 0
    ctl.handle("ui", "replay:forward")
    assert ctl.handle("ui", tick) == set() and _shown(ctl)[0] == 1
    ctl.handle("ui", "replay:toggle")
    (tick,) = _ticks(ctl)
    ctl.handle("ui", "replay:toggle")  # pause
    assert ctl.handle("ui", tick) == set() and _shown(ctl)[0] == 1
    # leaving the replay: a tick still in the air does nothing
    ctl.handle("ui", "replay:toggle")
    (tick,) = _ticks(ctl)
    ctl.handle("route", "#/")
    assert ctl.handle("ui", tick) == set() and ctl.screen == "hub"


def test_under_reduced_motion_a_replay_does_not_play_by_itself():
    m = _game("brauzeit", 2, 3, 5)
    ctl = new_controller()
    ctl.reduced_motion = True
    _open(ctl, m, 0, "/auto")
    assert _ticks(ctl) == [] and not ctl.replay.playing and _shown(ctl)[0] == 0
    ctl.handle("ui", "replay:toggle")  # Play still works
    assert len(_ticks(ctl)) == 1 and ctl.replay.playing


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_replay_screen_depends_only_on_the_seats_view_at_every_step(game_id):
    """Every seat, every step: resample what the seat cannot see
    (``determinize``) and the screen is the same, byte for byte."""
    game = GAMES[game_id]
    rng = Rng(17)
    m = _game(game_id, min(3, game.info.max_players), 21, 12)
    resampled = 0
    for seat in range(len(m.seats)):
        rp, _ = replay.open_replay(position.encode(m, seat), GAMES, "en")
        for k in range(len(rp.steps)):
            rp.at = k
            real = replay.screen(rp, "en")
            state, moves, line = rp.steps[k]
            other = game.determinize(game.view(state, seat), seat, rng)
            if game.state_hash(other) != game.state_hash(state):
                resampled += 1
            rp.steps[k] = (other, moves, line)
            assert replay.screen(rp, "en") == real, (game_id, seat, k)
            rp.steps[k] = (state, moves, line)
    if not game.info.perfect_information:
        assert resampled > 5  # hidden parts really differed


@pytest.mark.parametrize("tail", ["2.eNqrVkrLz1eyUsrJT0nNzFOqBQA", "3.abc", "", "CODE/fast", "CODE/auto/x",
                                  "CODE_CUT"])
def test_a_malformed_replay_link_gets_a_clear_message_and_nothing_breaks(tail):
    code = position.encode(_game("hexen_cocktail", 2, 4, 3), 0)
    tail = tail.replace("CODE_CUT", code[:-7]).replace("CODE", code)
    ctl = new_controller()
    ctl.handle("route", "#/replay/" + tail)
    page = ctl.render("screen")
    assert ctl.screen == "replay" and "data-replay-error" in page
    assert "This replay link cannot be opened: " in html.unescape(page)
    assert ctl.handle("ui", "replay:forward") == set()  # no replay to step
    ctl.set_lang("de")
    assert "Dieser Wiederholungslink lässt sich nicht öffnen: " in html.unescape(ctl.render("screen"))
    ctl.handle("route", "#/replay/" + code)  # the page keeps working
    assert "data-replay-error" not in ctl.render("screen") and ctl.replay.last == 3


def test_a_replay_follows_the_language():
    m = _game("hexen_cocktail", 2, 4, 3)
    ctl = new_controller()
    _open(ctl, m, 0)
    ctl.handle("ui", "replay:last")
    ctl.set_lang("de")
    step, line, page = _shown(ctl)
    assert step == 3 and line == "Schritt 3 von 3: " + embed.replay_steps(m, 0, lang="de", steps=None)[3][2]
    assert "Wiederholung: Hexen Cocktail" in page and ">Weiter<" in page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_share_panel_offers_the_replay_link_and_embed_code(lang):
    ctl = _sharing_controller("saboteur", seats=[("Ann", "human", None), ("Bo", "bot", "easy"),
                                                 ("Cy", "bot", "easy")], moves=3)
    ctl.set_lang(lang)
    top = ctl.render("top")
    code = diagram.link_code(_field(top, "data-share-url"))
    link = _field(top, "data-share-replay-url")
    assert link == f"{SITE}#/replay/{code}"
    snippet = _field(top, "data-share-replay-embed")
    (fig,) = Hooks(snippet).tags("figure")
    assert fig["data-spieltisch-play"] == f"{SITE}embed.html#/replay/{code}"
    assert fig["data-label"] == {"en": "Watch the replay", "de": "Wiederholung ansehen"}[lang]
    (a,) = Hooks(snippet).tags("a")
    assert a["href"] == link  # without JavaScript: a plain link to the replay
    labels = {"en": ("Share replay (link)", "Copy replay embed code"),
              "de": ("Wiederholung teilen (Link)", "Code für die eingebettete Wiederholung kopieren")}[lang]
    text = html.unescape(top)
    assert all(label in text for label in labels)
    # the link opens: from the game's start to now, as Ann saw it
    reader = new_controller()
    reader.handle("route", link[len(SITE):])
    assert reader.replay.seat == 0 and reader.replay.last == sum(1 for p, _ in ctl.match.log if p >= 0)
    state = reader.replay.steps[-1][0]
    assert ctl.match.game.state_hash(state) == ctl.match.game.state_hash(ctl.match.state)


def test_a_finished_games_replay_offers_its_review_from_the_links_seat():
    """Issue 31: "Review this game … from a replay link". The finished game is
    kept as a new saved game (the review is kept beside a save) and reviewed
    from the link's seat; a replay of an unfinished game offers no review."""
    from spieltisch.ui.saves import SAVE_PREFIX

    ctl = new_controller()
    unfinished = _game("hexen_cocktail", 2, 3, 4)
    _open(ctl, unfinished, 0)
    assert 'data-ui="replay:review"' not in ctl.render("screen")
    assert ctl.handle("ui", "replay:review") == set()

    done = _game("hexen_cocktail", 2, 3, 10_000)
    assert done.is_over
    before = set(ctl.storage.keys())
    _open(ctl, done, 1)
    assert 'data-ui="replay:review"' in ctl.render("screen")
    ctl.handle("ui", "replay:review")
    assert ctl.route == "review" and ctl.review["seat"] == 1
    (key,) = [k for k in set(ctl.storage.keys()) - before if k.startswith(SAVE_PREFIX)]
    assert ctl.review["slot"] == key[len(SAVE_PREFIX):]
    kept = Match.from_save(ctl.storage.get(key), GAMES)
    assert kept.is_over and kept.log == done.log
    assert ctl.review["state"] in ("running", "done")
