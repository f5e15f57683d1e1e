"""Following the table (issue 14, docs/ui.md "Following the table"): log
lines and live-region texts built for the seat on screen carry nothing that
seat may not see; Saboteur's spaces in words; each seat's last move; the bot
speed setting and its step mode."""

from __future__ import annotations

import random

import pytest
from support import registry

from spieltisch.core.game import CHANCE
from spieltisch.games import GAMES
from spieltisch.games.saboteur.board import place_words
from spieltisch.i18n import t
from spieltisch.render.context import Ctx
from spieltisch.ui.boards import get_board, seat_secrets
from spieltisch.ui.follow import SPEED_KEY

from .helpers import MemoryStorage, human_move, new_controller, start_game

GAME_IDS = sorted(registry.GAME_IDS)
CURTAINED = [g for g in GAME_IDS if seat_secrets(GAMES[g])]  # hot seat needs the curtain


def _flat(value, out: set[str]) -> set[str]:
    if isinstance(value, dict):
        for v in value.values():
            _flat(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _flat(v, out)
    else:
        out.add(str(value))
    return out


def _pieces(name: str, value) -> set[str]:
    """The facts a log parameter states, as the views spell them."""
    if isinstance(value, (list, tuple)):
        return set().union(*(_pieces(name, v) for v in value)) if value else set()
    if name == "tool":  # Saboteur: tool letters, "PL" breaks two
        return set(str(value))
    if name == "at":  # Saboteur: the space "x,y", the same as x and y
        return set(str(value).split(","))
    return {str(value)}


def leaks(game, state, player: int, action, viewer: int | None) -> list[str]:
    """What the line for ``viewer`` states that ``viewer`` cannot see.

    The line for a spectator (viewer None) may only state facts found in the
    spectator's view before or after the move; a line built for a seat may
    differ from the spectator's line only in facts found in that seat's own
    view before or after the move (its drawn card, the goal card it peeked,
    the card given to it). Plain numbers and yes/no are counts and seats."""
    after = game.apply_unchecked(state, action)
    public = game.describe(state, player, action, None)
    line = game.describe(state, player, action, viewer) if viewer is not None else public
    if line is None:
        return []
    seen = _flat(game.view(state, viewer), set()) | _flat(game.view(after, viewer), set())
    out = []
    for name, value in line[1].items():
        if viewer is not None and public is not None and public[1].get(name) == value:
            continue  # what every seat reads (checked for the spectator)
        if (isinstance(value, (bool, int)) and viewer is None) or (name == "at" and viewer is None):
            continue
        if name == "rule" and game.info.id == "potions_brew":
            continue  # the witch's rule in force ("basic" when none): public by the rules
        if game.info.perfect_information:
            continue
        missing = _pieces(name, value) - (seen | set("".join(seen)) if name == "tool" else seen)
        if missing:
            out.append(f"{line[0]}:{name}={sorted(missing)}")
    return out


def random_history(game, players: int, seed: int, limit: int = 3000):
    """(state, player, action) of a random game to its end."""
    rng = random.Random(seed)
    s = game.new_state(players, None)
    for _ in range(limit):
        p = game.current_player(s)
        if p is None:
            return
        if p == CHANCE:
            outs = game.chance_outcomes(s)
            a = rng.choices([o for o, _ in outs], [w for _, w in outs])[0]
        else:
            a = rng.choice(game.legal_actions(s, p))
        yield s, p, a
        s = game.apply_unchecked(s, a)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_log_lines_for_every_seat_carry_only_what_it_may_see(game_id):
    """Random games, every seat and the spectator: no line gives hidden
    information (another seat's hand, a role, a goal card not peeked, a
    closed book's picture); private lines do reach the seat they are for."""
    game = GAMES[game_id]
    private = 0
    for players in sorted({game.info.min_players, min(game.info.max_players, 4)}):
        for seed in range(3):
            for s, p, a in random_history(game, players, seed):
                for viewer in (None, *range(players)):
                    found = leaks(game, s, p, a, viewer)
                    assert not found, registry.problem(
                        game_id, f"the log line of {a} (seed {seed}, {players} players) tells seat {viewer} "
                        f"what it may not see: {found}", "describe(state, player, action, viewer) gives each "
                        "viewer only its own view's facts")
                    if viewer is not None and game.describe(s, p, a, viewer) != game.describe(s, p, a, None):
                        private += 1
    if registry.get(game_id, "private_log_lines", False):  # testing.toml: some lines are for one seat
        assert private > 0, registry.problem(
            game_id, "no private log line (a drawn card, a peek) reached the seat it is for",
            "describe(state, player, action, viewer) gives that seat its own line, or drop private_log_lines")


def test_the_checker_finds_a_leak():
    """The check above can fail: the peeking seat's line shown to another
    seat names the goal card that seat never saw."""
    game = GAMES["saboteur"]
    found = []
    for s, p, a in random_history(game, 4, 1):
        if str(a).startswith("map"):
            other = (p + 1) % 4
            line = game.describe(s, p, a, p)  # the peeker's line ...
            seen = _flat(game.view(s, other), set()) | _flat(game.view(game.apply_unchecked(s, a), other), set())
            found.append(str(line[1]["card"]) in seen)  # ... to a seat that did not peek
    assert found and not all(found)


def test_saboteur_spaces_in_words():
    en = Ctx("en", "saboteur", ("Ann", "Bo", "Cy"))
    de = Ctx("de", "saboteur", ("Ann", "Bo", "Cy"))
    assert place_words(2, -2, en) == "2 spaces right of the start, 2 rows up"
    assert place_words(1, 0, en) == "1 space right of the start"
    assert place_words(0, 1, en) == "1 space below the start"
    assert place_words(-1, 3, de) == "1 Feld links vom Start, 3 Reihen tiefer"
    board = get_board("saboteur")
    text = t("en", "saboteur.log.path", **{k: board.param(k, v, en) for k, v in
                                           {"seat": 0, "card": "NESW", "at": "3,-1", "turned": False}.items()})
    assert "3 spaces right of the start, 1 row up" in text and "3,-1" not in text


def _expected(ctl, start: int) -> list[str]:
    """Log lines of entries ``start``.. as the seat on screen may read them."""
    m = ctl.match
    viewer = None if ctl.curtain_up else ctl.shown
    board = get_board(m.game.info.id)
    ctx = ctl.ctx()
    out = []
    for k in range(start, len(m.log)):
        player, text = m.log[k]
        line = m.game.describe(ctl.trail[k], player, m.game.parse_action(text), viewer)
        if line is not None:
            out.append(t(ctl.lang, line[0], **{n: board.param(n, v, ctx) for n, v in line[1].items()}))
    return out


@pytest.mark.parametrize("game_id", CURTAINED)
def test_live_text_speaks_bots_and_only_for_the_seat_on_screen(game_id):
    """Hot seat with a bot, in every game with seat secrets (a curtain
    between the humans): every new log line is said once (bots' too), as
    the seat on screen may read it; behind the curtain only what anyone may
    read; "your turn" for the seat whose turn it is."""
    ctl = new_controller()
    n = max(3, GAMES[game_id].info.min_players + 1)  # two humans and at least one bot
    seats = [("Ann", "human", None), ("Bo", "human", None)] + [(f"Bot{i}", "bot", "easy") for i in range(n - 2)]
    start_game(ctl, seats, seed=11, game_id=game_id)
    assert ctl.take_announcements() == []  # a game just opened says nothing
    rnd = random.Random(3)
    said_from = len(ctl.match.log)
    bot_lines = turns = curtained = 0
    for _ in range(400):
        if ctl.match.is_over:
            break
        before = len(ctl.match.log)
        if ctl.pause_key() is not None:  # a round's end: the humans see it first
            ctl.handle("ui", "ack")
        elif ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
        else:
            human_move(ctl, rnd)
        said = ctl.take_announcements()
        want = _expected(ctl, said_from)
        said_from = len(ctl.match.log)
        turn = t("en", "play.turn_you", name=ctl.ctx().name(ctl.shown)) if ctl.player_to_act() else None
        if turn is not None and said and said[-1] == turn:
            said = said[:-1]
            turns += 1
        if ctl.match.is_over and said and said[-1] == t("en", "over.heading"):
            said = said[:-1]
        assert said == want, (said, want)
        if ctl.curtain_up:
            curtained += 1
        if any(ctl.match.seats[p].is_bot for p, _ in ctl.match.log[before:]) and want:
            bot_lines += 1
    assert bot_lines > 0 and turns > 0 and curtained > 0


def test_the_peek_is_said_to_the_seat_that_peeked():
    """Saboteur, one human and bots: the human's map card says which goal
    card she saw, in the live text and in her log (saboteur.log.map_own)."""
    for seed in range(1, 60):
        ctl = new_controller()
        start_game(ctl, [("Ann", "human", None)] + [(f"B{i}", "bot", "easy") for i in range(3)],
                   seed=seed, game_id="saboteur")
        ctl.take_announcements()
        while ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
        ctl.take_announcements()
        peeks = [x for x in ctl.match.legal_texts(0) if x.startswith("map")]
        if not peeks:
            continue
        ctl.handle("action", peeks[0])
        said = ctl.take_announcements()
        goal = int(peeks[0].split(":")[-1]) + 1 if peeks[0].split(":")[-1].isdigit() else None
        assert any(x.startswith("You look at goal card") and ":" in x for x in said), said
        if goal is not None:
            assert any(f"goal card {goal}:" in x for x in said)
        log_text = " ".join(x for _, x in ctl.log_lines(ctl.ctx()))
        assert "You look at goal card" in log_text
        return
    pytest.fail("no seed gave the human a map card")


def test_last_moves_until_the_seat_acts_again():
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bo", "human", None), ("Cy", "human", None)])
    rnd = random.Random(1)
    for _ in range(12):
        human_move(ctl, rnd)
        last = ctl.last_moves()
        seats = [s for s, _ in last]
        runs = [s for k, s in enumerate(seats) if k == 0 or seats[k - 1] != s]
        assert ctl.match.to_act not in seats and len(runs) == len(set(runs))  # one run per seat
        for seat in set(seats):  # the seat's latest run of actions, newest first
            mine = [x for s, x in last if s == seat]
            assert mine[0] == next(x for p, x in reversed(ctl.match.log) if p == seat)
            assert all(x in [t for p, t in ctl.match.log if p == seat] for x in mine)
        assert ctl.ctx().last == last
    html = ctl.render("board")
    assert "is-last" in html and "last move:" in html


def test_bot_speed_is_remembered_and_step_waits_for_next_move():
    storage = MemoryStorage()
    ctl = new_controller(storage)
    assert ctl.bot_speed == "normal"
    start_game(ctl, [("Ann", "human", None), ("Bot", "bot", "easy")])
    assert 'data-speed' in ctl.render("top")
    ctl.handle("ui", "speed:step")
    assert storage.data[SPEED_KEY] == "step"
    assert new_controller(storage).bot_speed == "step"  # per device
    ctl.handle("ui", "speed:warp")
    assert ctl.bot_speed == "step"
    rnd = random.Random(2)
    while not ctl.bot_pending():
        human_move(ctl, rnd)
    assert not ctl.bot_may_move()
    assert 'data-ui="next-move"' in ctl.render("top")
    ctl.handle("ui", "next-move")
    assert ctl.bot_may_move()
    ctl.bot_moved()
    assert not ctl.bot_may_move()
    ctl.handle("ui", "speed:fast")
    assert ctl.bot_may_move() and ctl.bot_delay_s < new_controller(MemoryStorage()).bot_delay_s
    de = new_controller(storage)
    de.set_lang("de")
    start_game(de, [("Ann", "human", None), ("Bot", "bot", "easy")])
    assert "Zug für Zug" in de.render("top")
