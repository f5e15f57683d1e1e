"""The generic contract check every registered game must pass.

Plain Python (no pytest) so the same checks run on CPython in the test suite
and inside Pyodide under Node. Each function raises ``AssertionError`` with a
message naming the game, seed and step.
"""

from __future__ import annotations

import json

from .errors import BadActionText, Illegal, IllegalActionError
from .game import CHANCE, Game
from .match import Match, Seat
from .rng import Rng, mix_seed

GARBAGE = ("", "   ", "xyzzy", "play", "play:::", "\x00", "<img src=x>", "take:Z9", "9" * 60)


def _seats(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def random_match(game: Game, players: int, seed: int, options: dict | None = None,
                 max_steps: int | None = None) -> tuple[Match, list]:
    """Play uniformly random legal actions to the end. Returns the match and
    the list of (state, to_act) visited at decision points."""
    m = Match(game, _seats(players), options, seed)
    rng = Rng(mix_seed(seed, "policy"))
    visited = []
    limit = max_steps or game.info.max_length
    while not m.is_over:
        assert len(m.log) <= game.info.max_length, (
            f"{game.info.id} seed {seed}: longer than max_length {game.info.max_length}")
        if max_steps is not None and len(m.log) >= limit:
            break
        seat = m.to_act
        acts = game.legal_actions(m.state)
        assert acts, f"{game.info.id} seed {seed}: seat {seat} to act but no legal action"
        visited.append((m.state, seat))
        m.play(rng.choice(acts), seat)
    return m, visited


def check_actions(game: Game, state, seat: int, n: int, where: str) -> None:
    acts = game.legal_actions(state)
    assert game.legal_actions(state, seat) == acts, f"{where}: legal_actions(state, seat) differs"
    assert len(set(acts)) == len(acts), f"{where}: duplicate legal actions"
    for a in acts:
        text = str(a)
        assert game.parse_action(text) == a, f"{where}: text round trip failed for {text!r}"
        assert game.check(state, seat, a) is None, f"{where}: legal {text} fails check"
        for other in range(n):
            if other != seat:
                why = game.check(state, other, a)
                _assert_reason(why, f"{where}: seat {other} playing {text} out of turn")
    for junk in GARBAGE:
        try:
            game.parse_action(junk)
        except BadActionText as err:
            _assert_reason(err.illegal, f"{where}: garbage {junk!r}")
        else:
            raise AssertionError(f"{where}: garbage {junk!r} parsed")


def _assert_reason(why: Illegal | None, where: str) -> None:
    assert isinstance(why, Illegal), f"{where}: not refused"
    assert why.code and why.rule and why.message, f"{where}: refusal without reason {why!r}"


def check_illegal_from_elsewhere(game: Game, visited: list, where: str) -> None:
    """Actions legal at one point, tried at another where they are not, must
    be refused with a reason by check() and by apply()."""
    pool = []
    for state, _seat in visited[:: max(1, len(visited) // 25)]:
        pool.extend(game.legal_actions(state)[:6])
    for state, seat in visited[:: max(1, len(visited) // 15)]:
        legal = set(game.legal_actions(state))
        for a in pool:
            if a in legal:
                continue
            why = game.check(state, seat, a)
            _assert_reason(why, f"{where}: {a} at a point where it is illegal")
            try:
                game.apply(state, seat, a)
            except IllegalActionError as err:
                assert err.illegal == why
            else:
                raise AssertionError(f"{where}: apply accepted illegal {a}")


def _snapshot(m: Match) -> tuple:
    return (m.state, list(m.log), list(m._undo_states), m._undo_base)


def _restore(m: Match, snap: tuple) -> None:
    m.state, log, undo, m._undo_base = snap
    m.log, m._undo_states = list(log), list(undo)


def check_play_anywhere(game: Game, players: int, seed: int, log: list, options: dict | None,
                        where: str, positions: int = 6, texts: int = 60) -> dict:
    """Every action text legal anywhere in the game (chance outcomes too),
    played through :meth:`Match.play` at other positions — by the seat to
    act, by another seat and by chance (-1) — either succeeds or raises
    :class:`IllegalActionError`, never another exception; after a refusal
    the match is unchanged (state, log, undo). Also: ``play(text, -1)``
    while a seat is to act is refused as ``not-chance``, and a legal text
    with whitespace around it is refused as :class:`BadActionText`."""
    rng = Rng(mix_seed(seed, "play-anywhere"))
    replay = Match(game, _seats(players), options, seed, auto_chance=False)
    pool: set[str] = set()
    points = []  # log indices where a seat is to act
    for k, (p, text) in enumerate(log):
        if replay.to_act is not None and replay.to_act != CHANCE:
            pool.update(str(a) for a in game.legal_actions(replay.state))
            points.append(k)
        else:
            pool.update(str(a) for a, _ in game.chance_outcomes(replay.state))
        if p == CHANCE:
            replay.play_chance(text)
        else:
            replay.play(text, p)
    texts_all = sorted(pool)
    if len(texts_all) > texts:
        rng.shuffle(texts_all)
        texts_all = sorted(texts_all[:texts])
    picks = sorted({points[rng.below(len(points))] for _ in range(positions)}) if points else []
    stats = {"plays": 0, "accepted": 0, "refused": 0}
    m = Match(game, _seats(players), options, seed, auto_chance=False)
    done = 0
    for k in picks:
        while done < k:
            p, text = log[done]
            m.play_chance(text) if p == CHANCE else m.play(text, p)
            done += 1
        m.auto_chance = True  # as in the app: chance is resolved after a seat's move
        snap = _snapshot(m)
        seat = m.to_act
        before_json = json.dumps(game.state_to_json(m.state), sort_keys=True)
        legal = [str(a) for a in game.legal_actions(m.state)]
        for text in texts_all:
            for who in (None, (seat + 1) % players, CHANCE):
                here = f"{where} at log {k}: play({text!r}, {who})"
                stats["plays"] += 1
                try:
                    m.play(text, who)
                except IllegalActionError as err:
                    _assert_reason(err.illegal, here)
                    assert m.state == snap[0] and m.log == snap[1] and m._undo_states == snap[2], (
                        f"{here}: refused but the match changed")
                    assert json.dumps(game.state_to_json(m.state), sort_keys=True) == before_json, (
                        f"{here}: refused but the state changed")
                    stats["refused"] += 1
                except Exception as err:  # the contract: nothing but IllegalActionError
                    raise AssertionError(f"{here}: raised {type(err).__name__}: {err}") from err
                else:
                    assert who != CHANCE, f"{here}: chance played a seat's move"
                    stats["accepted"] += 1
                    _restore(m, snap)
        if legal:
            try:
                m.play(legal[0], CHANCE)
            except IllegalActionError as err:
                assert err.illegal.code == "not-chance", f"{where} at log {k}: play(text, -1) said {err.illegal}"
            else:
                raise AssertionError(f"{where} at log {k}: chance played {legal[0]}")
            for padded in (f" {legal[0]}", f"{legal[0]} ", f"{legal[0]}\n"):
                try:
                    m.play(padded)
                except BadActionText:
                    pass
                except Exception as err:  # anything else breaks the contract
                    raise AssertionError(f"{where}: {padded!r} raised {type(err).__name__}: {err}") from err
                else:
                    raise AssertionError(f"{where}: whitespace-padded text {padded!r} was accepted")
                assert m.state == snap[0] and m.log == snap[1], f"{where}: {padded!r} changed the match"
        m.auto_chance = False
    return stats


def check_chance(game: Game, state, where: str) -> None:
    outs = game.chance_outcomes(state)
    assert outs, f"{where}: chance to act with no outcomes"
    acts = [a for a, _ in outs]
    assert len(set(acts)) == len(acts), f"{where}: duplicate chance outcomes"
    for a, w in outs:
        assert isinstance(w, int) and w > 0, f"{where}: bad weight {w!r} for {a}"
        assert game.parse_action(str(a)) == a, f"{where}: chance text round trip {a}"


def check_views(game: Game, state, n: int, rng: Rng, where: str) -> bool:
    """Views are JSON-safe and depend only on what the seat may know: the view
    of a determinisation made from a view equals that view. Returns whether a
    determinisation changed the hidden state (for imperfect-information games
    that must happen somewhere)."""
    changed = False
    truth = json.dumps(game.state_to_json(state), sort_keys=True)
    for seat in list(range(n)) + [None]:
        v = game.view(state, seat)
        text = json.dumps(v, sort_keys=True)
        assert json.loads(text) == v, f"{where}: view for {seat} is not JSON-safe"
        if seat is None:
            continue
        det = game.determinize(v, seat, rng)
        assert game.view(det, seat) == v, (
            f"{where}: seat {seat}'s view differs after determinisation: the view leaks "
            f"something the seat cannot know, or determinize ignores part of the view")
        if json.dumps(game.state_to_json(det), sort_keys=True) != truth:
            changed = True
        for a in game.legal_actions(det):
            assert game.check(det, game.current_player(det), a) is None
    return changed


def check_outcome(game: Game, state, n: int, where: str) -> None:
    out = game.outcome(state)
    assert out is not None, f"{where}: terminal without outcome"
    assert len(out.scores) == n, f"{where}: scores for {len(out.scores)} seats, not {n}"
    assert out.winners and set(out.winners) <= set(range(n)), f"{where}: winners {out.winners}"
    assert abs(sum(out.returns) - 1.0) < 1e-9, f"{where}: returns do not sum to 1"
    assert isinstance(out.reason, str) and out.reason, f"{where}: no reason"
    json.dumps(out.to_json())
    assert game.legal_actions(state) == [], f"{where}: legal actions after the end"


def check_game(game: Game, players: int, seeds, options: dict | None = None) -> dict:
    """Run every contract check for one player count. Returns counters."""
    stats = {"games": 0, "actions": 0, "states": 0, "hidden_resampled": 0, "plays_anywhere": 0}
    seeds = list(seeds)
    first_seed = seeds[0] if seeds else None
    for seed in seeds:
        where0 = f"{game.info.id} n={players} seed={seed}"
        m, visited = random_match(game, players, seed, options)
        stats["games"] += 1
        stats["actions"] += len(m.log)
        # replay: same seed + same policy = same game
        m2, _ = random_match(game, players, seed, options)
        assert m2.log == m.log, f"{where0}: same seed gave a different game"
        # JSON, save/load
        data = json.loads(json.dumps(m.to_save()))
        back = Match.from_save(data, {game.info.id: game})
        assert back.state == m.state, f"{where0}: save -> load changed the final state"
        check_outcome(game, m.state, players, where0)
        rng = Rng(mix_seed(seed, "views"))
        step = max(1, len(visited) // 12)
        for i, (state, seat) in enumerate(visited[::step]):
            where = f"{where0} point {i * step}"
            stats["states"] += 1
            assert game.state_from_json(json.loads(json.dumps(game.state_to_json(state)))) == state, (
                f"{where}: state JSON round trip")
            assert 0 <= seat < players, f"{where}: current_player {seat} is not a seat"
            check_actions(game, state, seat, players, where)
            if check_views(game, state, players, rng, where):
                stats["hidden_resampled"] += 1
        check_illegal_from_elsewhere(game, visited, where0)
        # mid-game save/load and chance outcomes along the log
        replay = Match(game, _seats(players), options, seed, auto_chance=False)
        cut = len(m.log) // 2
        for k, (p, text) in enumerate(m.log):
            if k == cut:
                mid = Match.from_save(replay.to_save(), {game.info.id: game})
                assert mid.log[:cut] == replay.log[:cut]
            if p == CHANCE:
                check_chance(game, replay.state, f"{where0} chance at {k}")
                replay.play_chance(text)
            else:
                replay.play(text, p)
        assert replay.state == m.state, f"{where0}: replaying the log gave another state"
        if seed == first_seed:  # Match.play refuses cleanly, anywhere (one seed: it is costly)
            got = check_play_anywhere(game, players, seed, m.log, options, where0)
            stats["plays_anywhere"] += got["plays"]
    if not game.info.perfect_information:
        assert stats["hidden_resampled"] > 0, (
            f"{game.info.id}: determinize never changed any hidden information")
    return stats
