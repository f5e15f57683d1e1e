"""The generic contract check every registered game must pass.

Plain Python (no pytest) so the same checks run on CPython in the test suite
and inside Pyodide under Node. Each function raises ``AssertionError`` with a
message naming the game, seed and step.
"""

from __future__ import annotations

import json

from .errors import BadActionText, IllegalActionError, Illegal
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
    for state, seat in visited[:: max(1, len(visited) // 25)]:
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
    stats = {"games": 0, "actions": 0, "states": 0, "hidden_resampled": 0}
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
    if not game.info.perfect_information:
        assert stats["hidden_resampled"] > 0, (
            f"{game.info.id}: determinize never changed any hidden information")
    return stats
