"""The value of each move at one decision, from the seat's view alone.

    work = evaluate(game, view, seat, played, plan)   # a generator
    for _ in work: ...                                 # one unit of work per step
    ev = result of the generator (StopIteration.value): an Evaluation

Why not the hard bot's tree (docs/review.md, "The estimator"): an ISMCTS
root spends its visits on the moves it likes, so a bad move that was played
gets a handful of visits and a noisy value -- and the drop (best minus
played) is the number a review reports. Here every candidate is measured
the same way, and the played move to the end:

1. *Candidates*: every legal move where there are at most
   ``plan.candidates``; else the game's ``sensible_actions`` (the moves the
   bots consider) of the first 16 determinisations, in order of first
   appearance, plus the move played; if those are more than ``plan.candidates``, a
   one-step look (apply, chance, the game's estimate) keeps the best of
   them and the played move.
2. *Sequential halving* (Karnin, Koren & Somekh, "Almost Optimal Exploration
   in Multi-Armed Bandits", ICML 2013) on half the samples: in each of
   ceil(log2 k) rounds every surviving candidate gets the same number of
   new samples, then the better half goes on. The played move always goes
   on. The best one left is the best move found.
3. *A fresh measure* with the other half: the best move and the played
   move on new samples only, paired. The maximum of several noisy means is
   too high (the winner's curse); measured again, two moves that are
   equally good show a drop near 0 within its standard error, so a guess
   between equal books is not called a mistake. A drop of half the
   smallest mark or more is measured on ``REFINE`` times as many fresh
   samples, so that its class does not hang on the search seed.
4. *A sample* j of a candidate: determinisation j of the view (seeded from
   the decision's seed and j), the candidate applied, then a play-out with
   play-out seed j: chance by weight, every seat at random among its
   sensible moves, for ``plan.depth`` seat actions; then the terminal result
   or the game's own estimate. Sample j uses the same determinisation and
   the same play-out seed for every candidate (common random numbers), so
   the difference between two candidates is measured on the same deals and
   its standard error is small and known (``se``).

Everything is drawn from ``Rng`` seeds made of the plan's seed and the
view's canonical JSON: no wall clock, no hash order, so the same view gives
the same numbers on CPython and in Pyodide. Floats are added with
``math.fsum`` (correctly rounded everywhere): the built-in ``sum`` of floats
is compensated from Python 3.12 on, so CPython 3.11 and Pyodide's 3.14 gave
values that differed in the last bit (and, rounded, in the fourth decimal).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from importlib import import_module

from ..core.game import CHANCE, Game, canonical_json
from ..core.rng import Rng, mix_seed
from .result import ENGINE, MIN_Z

LOOK_DETS = 4  # determinisations of the one-step look that cuts too many candidates
CANDIDATE_DETS = 16  # determinisations whose sensible moves are candidates (Saboteur's depend on the roles drawn)
MIN_SHARED = 8  # the selection's paired samples a skip of the fresh measure needs at least
REFINE = 4  # a drop near or above the marks is measured on this many times the fresh samples
MAX_STEPS = 40  # seat actions in one play-out at most (a depth of -1 has no cap)


@dataclass(frozen=True)
class Plan:
    """How hard to look at one decision (from ``Settings``)."""

    seed: int
    playouts: int  # samples for the whole decision, over all candidates
    depth: int  # seat actions per play-out before the game's estimate (-1: to the end)
    candidates: int  # the most candidates measured (the played move included)
    mode: str  # "win": the seat's share of the win; "score": its final points
    low_wins: bool = False  # score mode: fewer points are better
    refine_at: float = float("inf")  # a drop at least this big gets REFINE times the fresh samples
    skip_below: float = 0.0  # a selection drop surely below this skips the fresh measure (0: never)


@dataclass
class Arm:
    action: object
    text: str
    samples: dict  # sample index -> value

    def mean(self) -> float:
        return math.fsum(self.samples.values()) / len(self.samples) if self.samples else float("nan")


@dataclass(frozen=True)
class Evaluation:
    """The numbers of one decision (values in the plan's mode)."""

    played: str
    best: str
    value_played: float
    value_best: float
    drop: float  # how much worse the played move is than the best (>= 0; points or chance)
    se: float  # standard error of the drop (paired samples)
    samples: int  # samples behind each of the two values
    options: tuple  # ((text, value, samples), ...) best first, the candidates measured most


def decision_seed(plan: Plan, game: Game, view: dict, seat: int) -> int:
    return mix_seed("spieltisch.review", ENGINE, plan.seed, game.info.id, seat, canonical_json(view))


def game_value(game: Game):
    """A game's own value for the review, if its folder has ``review.py``
    with ``value(state, seat)`` (Saboteur: consistent across a round's end);
    else its ``heuristic``."""
    cached = _VALUES.get(game.info.id)
    if cached is None:
        try:
            hook = import_module(f"spieltisch.games.{game.info.id}.review")
            cached = getattr(hook, "value", None) or game.heuristic  # the file may hold ``unseen`` alone
        except ModuleNotFoundError as err:
            if err.name != f"spieltisch.games.{game.info.id}.review":
                raise
            cached = game.heuristic
        _VALUES[game.info.id] = cached
    return cached


_VALUES: dict = {}


def _value(game: Game, state, seat: int, plan: Plan) -> float:
    if game.current_player(state) is None:
        out = game.outcome(state)
        return float(out.scores[seat]) if plan.mode == "score" else out.returns[seat]
    if plan.mode == "score":
        estimate = getattr(game, "expected_score", None)
        if estimate is None:
            raise ValueError("score mode needs play-outs to the end or the game's expected_score")
        return float(estimate(state, seat))
    return game_value(game)(state, seat)


class Streams:
    """The random numbers of one play-out: one stream for chance events and
    one for the seats' moves, each event taking exactly one number. Two
    play-outs with the same seed (the same sample of two candidates) then
    roll the same dice at their k-th chance event and take the same share
    of their pool at their k-th move, even when the candidates differ in how
    much chance or how many moves came first (synchronised common random
    numbers: the difference between the candidates is measured, not the
    luck)."""

    __slots__ = ("chance", "seats")

    def __init__(self, seed: int):
        self.chance = Rng(mix_seed(seed, "chance"))
        self.seats = Rng(mix_seed(seed, "seats"))

    @staticmethod
    def pick(rng: Rng, n: int) -> int:
        return (rng.next64() * n) >> 64  # one number per event (a bias below 2^-50)

    def weighted(self, weights) -> int:
        total = sum(weights)
        r = (self.chance.next64() * total) >> 64
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w
        return len(weights) - 1


def playout(game: Game, state, seat: int, streams: Streams, plan: Plan) -> float:
    """Chance by weight, seats at random among their sensible moves; then the
    value for ``seat``. Where it stops (``plan.depth``): 0 -- when another
    seat is to act (the move with its chance events and the seat's own
    follow-ups, e.g. the card taken after an explosion or the gold kept
    after reaching it); d >= 1 -- when the seat is to act for the d-th time
    after others have (in a one-seat game: after chance); -1 -- the end of
    the game (so does score mode without the game's ``expected_score``).
    At most ``MAX_STEPS`` seat actions otherwise."""
    apply = game.apply_unchecked
    depth = plan.depth
    if plan.mode == "score" and getattr(game, "expected_score", None) is None:
        depth = -1
    solo = game.num_players(state) == 1
    turns = 0
    moves = 0
    other = False  # have others (or, alone, chance) had their go since the seat's last turn?
    pick = streams.pick
    seats = streams.seats
    while True:
        player = game.current_player(state)
        if player is None:
            return _value(game, state, seat, plan)
        if player == CHANCE:
            outcomes = game.chance_outcomes(state)
            state = apply(state, outcomes[streams.weighted([w for _, w in outcomes])][0])
            other = other or solo
            continue
        if player != seat:
            if depth == 0:
                return _value(game, state, seat, plan)
            other = True
        elif other:
            turns += 1
            if 0 <= depth <= turns:
                return _value(game, state, seat, plan)
            other = False
        if moves >= MAX_STEPS and depth >= 0:
            return _value(game, state, seat, plan)
        pool = game.sensible_actions(state, player) or game.legal_actions(state)
        state = apply(state, pool[pick(seats, len(pool))])
        moves += 1


def _better(plan: Plan, a: float, b: float) -> bool:
    """Is value ``a`` better for the seat than ``b`` (by more than rounding noise)?"""
    if plan.mode == "score" and plan.low_wins:
        return a < b - 1e-9
    return a > b + 1e-9


def _rank(plan: Plan, arms: list[Arm]) -> list[Arm]:
    """Best first; equal values keep their order (legal order)."""
    sign = -1.0 if plan.mode == "score" and plan.low_wins else 1.0
    keyed = [(-sign * round(a.mean(), 9), i, a) for i, a in enumerate(arms)]
    keyed.sort(key=lambda x: (x[0], x[1]))
    return [a for _, _, a in keyed]


def evaluate(game: Game, view: dict, seat: int, played: str, plan: Plan):
    """A generator: yields after each unit of work (a few samples), returns an
    :class:`Evaluation`. Reads nothing but ``view`` (and the rules)."""
    base = decision_seed(plan, game, view, seat)
    dets: list = []

    def det(j: int):
        while len(dets) <= j:
            dets.append(game.determinize(view, seat, Rng(mix_seed(base, "det", len(dets)))))
        return dets[j]

    first = det(0)
    if game.current_player(first) != seat:
        raise ValueError(f"seat {seat} is not to act in this view")
    legal = game.legal_actions(first)
    by_text = {str(a): a for a in legal}
    if played not in by_text:
        raise ValueError(f"{played!r} is not a legal action of seat {seat} here")
    # 1. candidates: the sensible moves of the first determinisations, and the played move
    order: list[str] = []
    if len(legal) <= plan.candidates:  # few moves: every one (a game's pruning can miss one)
        order = [str(a) for a in legal]
    for j in range(min(CANDIDATE_DETS, max(1, plan.playouts // 4))):
        for a in game.sensible_actions(det(j), seat) or legal:
            t = str(a)
            if t in by_text and t not in order:
                order.append(t)
    if played not in order:
        order.append(played)
    if len(order) > plan.candidates:
        order = yield from _preselect(game, view, seat, played, order, by_text, det, base, plan)
    arms = [Arm(by_text[t], t, {}) for t in order]
    played_arm = next(a for a in arms if a.text == played)
    # 2. sequential halving on half the samples, the played move never dropped
    alive = list(arms)
    rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 1
    per_round = max(1, (plan.playouts // 2) // rounds)
    start = 0
    for r in range(rounds):
        n = max(2, per_round // len(alive))
        for arm in alive:
            for j in range(start, start + n):
                arm.samples[j] = _sample(game, det(j), arm.action, seat, base, j, plan)
            yield
        start += n
        if r == rounds - 1 or len(alive) <= 2:
            continue
        ranked = _rank(plan, alive)
        keep = ranked[: max(1, math.ceil(len(ranked) / 2))]
        if played_arm not in keep:
            keep.append(played_arm)
        alive = [a for a in arms if a in keep]  # legal order again
    best = _rank(plan, alive)[0]
    if not _better(plan, best.mean(), played_arm.mean()):
        best = played_arm
    measured = sorted(arms, key=lambda a: -len(a.samples))
    top = _rank(plan, [a for a in measured if len(a.samples) == len(measured[0].samples)])
    rest = _rank(plan, [a for a in measured if len(a.samples) != len(measured[0].samples)])
    options = tuple((a.text, a.mean(), len(a.samples)) for a in (top + rest)[:6])
    if best is played_arm:
        return Evaluation(played, played, played_arm.mean(), played_arm.mean(), 0.0, 0.0,
                          len(played_arm.samples), options)
    # 2b. a drop that even the selection's optimistic measure (the winner's
    # curse pushes it up) puts, with twice its error, below half the smallest
    # mark cannot be marked: it is reported from the selection's paired
    # samples and the fresh measure -- half the budget -- is not spent
    # (most decisions of a game; docs/review.md, "The estimator")
    shared = sorted(set(best.samples) & set(played_arm.samples))
    if len(shared) >= MIN_SHARED and plan.skip_below > 0:
        sign = -1.0 if plan.mode == "score" and plan.low_wins else 1.0
        diffs = [sign * (best.samples[j] - played_arm.samples[j]) for j in shared]
        mean = math.fsum(diffs) / len(diffs)
        se = _se(diffs)
        if mean + MIN_Z * se < plan.skip_below:
            n = len(shared)
            return Evaluation(played, best.text, math.fsum(played_arm.samples[j] for j in shared) / n,
                              math.fsum(best.samples[j] for j in shared) / n, max(0.0, mean), se, n, options)
    # 3. the other half: the best and the played move on fresh samples, so the
    # drop is not the winner's luck in the selection above (its maximum of noisy means)
    # A drop near the marks (half the smallest or more) gets more of them: the
    # class of a flagged move should not depend on the search seed.
    fresh = max(2, (plan.playouts - plan.playouts // 2) // 2)
    pair: tuple[list, list] = ([], [])
    sign = -1.0 if plan.mode == "score" and plan.low_wins else 1.0
    end = start + fresh
    j = start
    while j < end:
        d = det(j)
        pair[0].append(_sample(game, d, best.action, seat, base, j, plan))
        pair[1].append(_sample(game, d, played_arm.action, seat, base, j, plan))
        j += 1
        if j % 8 == 0:
            yield
        if j == start + fresh and end == j and sign * (math.fsum(pair[0]) - math.fsum(pair[1])) / fresh >= plan.refine_at:
            end = start + REFINE * fresh
    diffs = [sign * (b - p) for b, p in zip(*pair)]
    n = len(diffs)
    drop = max(0.0, math.fsum(diffs) / n)
    return Evaluation(played, best.text, math.fsum(pair[1]) / n, math.fsum(pair[0]) / n, drop, _se(diffs), n, options)


def _sample(game: Game, state, action, seat: int, base: int, j: int, plan: Plan) -> float:
    after = game.apply_unchecked(state, action)
    return playout(game, after, seat, Streams(mix_seed(base, "play", j)), plan)


def _se(diffs: list[float]) -> float:
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = math.fsum(diffs) / n
    var = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(var / n)


def _preselect(game, view, seat, played, order, by_text, det, base, plan: Plan):
    """Too many candidates: keep the best ``plan.candidates - 1`` by a
    one-step look (apply, chance, the game's estimate) on ``LOOK_DETS``
    determinisations, and the played move."""
    look = Plan(plan.seed, plan.playouts, 0, plan.candidates, plan.mode, plan.low_wins)
    scored = []
    for i, t in enumerate(order):
        vals = [playout(game, game.apply_unchecked(det(j), by_text[t]), seat,
                        Streams(mix_seed(base, "look", j)), look) for j in range(LOOK_DETS)]
        scored.append((math.fsum(vals) / LOOK_DETS, i, t))
        if i % 8 == 7:
            yield
    sign = -1.0 if plan.mode == "score" and plan.low_wins else 1.0
    scored.sort(key=lambda x: (-sign * round(x[0], 9), x[1]))
    keep = {t for _, _, t in scored[: plan.candidates - 1]}
    keep.add(played)
    return [t for t in order if t in keep]
