"""Per game: a game with one clearly bad move, and one with a move that was
right by what the seat knew but went wrong by what it could not know.

``BAD[game_id]()`` and ``UNLUCKY[game_id]()`` return ``(match, seat,
log_index)``: the game, the seat to review and the place of the move in
the log. Each is found by rules facts -- this card explodes, this dead end
closes the tunnel next to the gold, this lay would win -- never by the
review's numbers; bots play the rest (seeded). A new game needs an entry
here (tests/review/test_scenarios.py fails without one).
"""

from __future__ import annotations

from spieltisch.core import CHANCE
from spieltisch.games import GAMES

from .helpers import Builder


def _name(a) -> str:
    return type(a).__name__


class NotFound(AssertionError):
    pass


# ---- Hexen Cocktail ----------------------------------------------------------------------------


def _hexen_hunt(seed_range, want):
    g = GAMES["hexen_cocktail"]
    for seed in seed_range:
        b = Builder(g, 2, seed)
        while not b.match.is_over:
            b.resolve()
            s = b.state
            if b.match.to_act == 0 and s.phase == "play" and not s.in_bonus and len(s.hands[0]) >= 4:
                found = want(g, s)
                if found is not None:
                    k = b.play(found)
                    return b, k
            b.bot_move()
    raise NotFound("no position found")


def _hexen_split(g, s):
    """(safe plays, exploding plays) of seat 0 (hexen.test)."""
    plays = [a for a in g.legal_actions(s) if _name(a) == "Play"]
    boom = [a for a in plays if g.explodes(s.potions[a.row], s.rows[a.row], a.card)]
    return [a for a in plays if a not in boom], boom


def hexen_bad():
    """hexen.test / hexen.explosion: seat 1 puts a card that explodes a potion
    worth 8 or more while a safe play exists and potions are left (so the
    explosion ends nothing): it only takes the potion's penalty."""

    def want(g, s):
        safe, boom = _hexen_split(g, s)
        big = [a for a in boom if int(s.potions[a.row][1:]) >= 8]
        if safe and big and s.potion_pool:
            return max(big, key=lambda a: (int(s.potions[a.row][1:]), str(a)))
        return None

    b, k = _hexen_hunt(range(1, 40), want)
    return b.finish(), 0, k


def hexen_unlucky():
    """The seat plays safely (hexen.test) and has other safe plays too; then the
    other witch, with cards the seat could not see (hexen.hidden), plays so
    that at the seat's next turn every card it holds explodes."""
    g = GAMES["hexen_cocktail"]
    for seed in range(1, 80):
        b = Builder(g, 2, seed)
        candidate = None
        while not b.match.is_over:
            b.resolve()
            s = b.state
            if b.match.to_act == 0 and s.phase == "play" and not s.in_bonus:
                safe, boom = _hexen_split(g, s)
                if candidate is not None:
                    if not safe and boom:
                        return b.finish(), 0, candidate
                    candidate = None
                if len(safe) >= 2:
                    b.bot_move()  # the normal bot's safe play
                    if g.explodes(*_last_play(b.match, g)):
                        continue
                    candidate = len(b.match.log) - 1
                    continue
            b.bot_move()
    raise NotFound("no unlucky safe play found")


def _last_play(match, g):
    state = g.new_state(len(match.seats), match.options)
    for _player, text in match.log[:-1]:
        state = g.apply_unchecked(state, g.parse_action(text))
    a = g.parse_action(match.log[-1][1])
    return state.potions[a.row], state.rows[a.row], a.card


# ---- Saboteur ----------------------------------------------------------------------------------

# Round 1: seats 1 and 2 dig a straight tunnel from the start to (6, 0); the
# third seat only discards (nobody sees what: it may be the saboteur, and it
# is); the gold is the middle goal at (8, 0), which seat 1 may look at.
_SAB_HANDS = {0: ["MAP", "NESW", "EW", "EW", "NESW", "EWx"], 1: ["NEW", "NEW", "EW", "RL", "RC", "RLP"],
              2: ["RCP", "RP", "RP", "RL", "RC", "RCL"]}


def _path(card, x, y, rot=0):
    return lambda a: _name(a) == "Path" and a.card == card and (a.x, a.y) == (x, y) and a.rot == rot


def _discard(card):
    return lambda a: _name(a) == "Discard" and a.card == card


def _sab_build(gold_at: int, first, final, hands=None):
    g = GAMES["saboteur"]
    roles = "DDS"
    plan = {k: list(v) for k, v in (hands or _SAB_HANDS).items()}
    last = 1  # the round scripted (the earlier ones, if any, are played by the bots)

    def chance(state, outcomes):
        if state.round != last:
            return None
        who = (state.start + state.dealt) % state.n
        if state.phase == "goals":
            return next(a for a, _ in outcomes if a.goals[gold_at] == "GOLD")
        if state.phase == "roles":
            return next(a for a, _ in outcomes if a.role == roles[who])
        if state.phase == "deal" and plan.get(who):
            want = plan[who].pop(0)
            return next(a for a, _ in outcomes if a.card == want)
        return None

    b = Builder(g, 3, seed=5, chance=chance)
    while not b.match.is_over and b.state.round < last:
        b.bot_move()
        b.resolve()
    queues = {0: [first, _path("NESW", 2, 0), _path("EW", 4, 0), _path("EW", 6, 0)],
              1: [_path("NEW", 1, 0), _path("NEW", 3, 0), _path("EW", 5, 0), _discard("RL")],
              2: [_discard("RCP"), _discard("RP"), _discard("RP"), _discard("RL")]}
    while True:
        b.resolve()
        seat = b.match.to_act
        if seat == 0 and not queues[0]:
            break
        action = b.pick(queues[seat].pop(0))
        if action is None:
            raise NotFound(f"the scripted move of seat {seat + 1} is not legal")
        b.play(action)
    move = b.pick(final)
    if move is None:
        raise NotFound("the scenario's move is not legal")
    return b, b.play(move)


def saboteur_bad():
    """sab.deadend / sab.gold: a gold-digger who has seen the gold (sab.map)
    could reach it now with a cross, and instead closes the only opening
    next to it with a dead end (the saboteur then may well win the round)."""
    b, k = _sab_build(1, lambda a: _name(a) == "Map" and a.goal == 1, _path("EWx", 7, 0))
    return b.finish(), 0, k


def saboteur_unlucky():
    """sab.goal: a gold-digger who has seen no goal reaches the middle one with
    a cross -- the best it can do -- and it is stone (the gold lies above)."""
    hands = {**_SAB_HANDS, 0: ["BL", "NESW", "EW", "EW", "NESW", "EWx"]}
    b, k = _sab_build(0, _discard("BL"), _path("NESW", 7, 0), hands)
    return b.finish(), 0, k


# ---- Brauzeit (solo: the expected final points) ---------------------------------------------------


def _brau_finishes(g, s, a) -> bool:
    after = g.apply_unchecked(s, a)
    return g.finished(after, 0) > g.finished(s, 0)


def brauzeit_bad():
    """brau.pair / brau.end: on one of the last rolls a pair would finish a
    potion worth 7 or more, and the brewer passes (brau.pass) instead."""
    g = GAMES["brauzeit"]
    for seed in range(20, 100):  # any start finds one; with the rules of 2026-12 this one is quick (seed 24)
        b = Builder(g, 1, seed)
        while not b.match.is_over:
            b.resolve()
            if b.match.is_over:
                break
            s = b.state
            if s.rolls_left == 0 and s.phase == "pick":
                acts = g.legal_actions(s)
                passes = [a for a in acts if _name(a) == "Pass"]
                big = [a for a in acts if _name(a) in ("Take", "Wizard") and _brau_finishes(g, s, a)
                       and g.points(g.apply_unchecked(s, a), 0) - g.points(s, 0) >= 7]
                if passes and big:
                    k = b.play(passes[0])
                    return b.finish(), 0, k
            b.bot_move()
    raise NotFound("no late finishing pair found")


def brauzeit_unlucky():
    """brau.pair / brau.dice: the brewer finishes a potion (the clear choice),
    and the dice of the next rolls are the worst for it."""
    g = GAMES["brauzeit"]
    for seed in range(1, 60):
        bad_luck = {"on": False, "rolls": 0}

        def chance(state, outcomes, bad_luck=bad_luck):
            if not bad_luck["on"] or bad_luck["rolls"] > 12:
                return None
            bad_luck["rolls"] += 1
            return min((a for a, _ in outcomes),
                       key=lambda a: (g.expected_score(g.apply_unchecked(state, a), 0), str(a)))

        b = Builder(g, 1, seed, chance=chance)
        while not b.match.is_over:
            b.resolve()
            s = b.state
            if 10 <= s.rolls_left <= 30 and s.phase == "pick":
                fin = [a for a in g.legal_actions(s) if _name(a) in ("Take", "Wizard") and _brau_finishes(g, s, a)]
                if fin:
                    k = b.play(max(fin, key=lambda a: (g.points(g.apply_unchecked(s, a), 0), str(a))))
                    bad_luck["on"] = True
                    return b.finish(), 0, k
            b.bot_move()
    raise NotFound("no finishing pair found")


# ---- Potions Brew ---------------------------------------------------------------------------------


def _potions_game(seed):
    return Builder(GAMES["potions_brew"], 2, seed, humans=(0, 1))


def potions_brew_bad():
    """potions.win: a witch can lay the card that brews her to 45 points and
    wins at once -- and passes (potions.lay)."""
    g = GAMES["potions_brew"]
    for seed in range(1, 40):
        b = _potions_game(seed)
        while not b.match.is_over:
            b.resolve()
            if b.match.is_over:
                break
            s = b.state
            seat = b.match.to_act
            acts = g.legal_actions(s)
            passes = [a for a in acts if _name(a) == "Pass"]
            if passes:
                wins = [a for a in acts if _name(a) in ("Lay", "Move") and _wins(g, s, a, seat)]
                if wins:
                    k = b.play(passes[0])
                    return b.finish(), seat, k
            b.bot_move()
    raise NotFound("no winning lay found")


def _wins(g, s, a, seat) -> bool:
    after = g.apply_unchecked(s, a)
    out = g.outcome(after) if g.current_player(after) is None else None
    return out is not None and out.winners == (seat,)


def potions_brew_unlucky():
    """potions.brew: a witch brews (the clear choice); then the draws and
    the blind picks go the worst way for her (potions.draw, potions.blind)."""
    g = GAMES["potions_brew"]
    for seed in range(1, 40):
        luck = {"seat": None, "events": 0}

        def chance(state, outcomes, luck=luck):
            if luck["seat"] is None or luck["events"] > 6:
                return None
            luck["events"] += 1
            return min((a for a, _ in outcomes),
                       key=lambda a: (g.heuristic(g.apply_unchecked(state, a), luck["seat"]), str(a)))

        b = Builder(g, 2, seed, humans=(0, 1), chance=chance)
        while not b.match.is_over:
            b.resolve()
            s = b.state
            seat = b.match.to_act
            if seat is not None and seat != CHANCE and len(b.match.log) > 60:
                brews = [a for a in g.legal_actions(s) if _name(a) == "Lay"
                         and g.apply_unchecked(s, a).scores[seat] > s.scores[seat]
                         and g.current_player(g.apply_unchecked(s, a)) is not None]
                if brews:
                    k = b.play(brews[0])
                    luck["seat"] = seat
                    return b.finish(max_moves=40), seat, k
            b.bot_move()
    raise NotFound("no brew found")


# ---- Saus und Braus -------------------------------------------------------------------------------


def _saus():
    from spieltisch.games.saus_und_braus import rules

    return rules


def saus_und_braus_bad():
    """saus.book / saus.memory: Winnie flew over an ingredient whose book the
    whole table saw open (the record), and the player opens a book it saw
    showing something else."""
    g = GAMES["saus_und_braus"]
    rules = _saus()
    for seed in range(1, 60):
        b = Builder(g, 2, seed, humans=(0, 1))
        while not b.match.is_over:
            b.resolve()
            if b.match.is_over:
                break
            s = b.state
            seat = b.match.to_act
            if s.phase == "guess" and not rules.is_special(g.top(s)):
                known = rules.known_books(s.record)
                kind = g.top(s)
                right = [x for x, k in known.items() if k == kind]
                wrong = [x for x, k in known.items() if k != kind]
                if right and wrong and len(s.cauldrons[seat]) >= 2:
                    move = next(a for a in g.legal_actions(s) if _name(a) == "Open" and a.slots == (min(wrong),))
                    k = b.play(move)
                    return b.finish(), seat, k
            b.bot_move()
    raise NotFound("no known book found")


def saus_und_braus_unlucky():
    """saus.book: no book of the ingredient has been seen, the player opens one
    it knows nothing of -- as good as any -- and it is wrong (saus.wrong)."""
    g = GAMES["saus_und_braus"]
    rules = _saus()
    for seed in range(1, 60):
        b = Builder(g, 2, seed, humans=(0, 1))
        while not b.match.is_over:
            b.resolve()
            if b.match.is_over:
                break
            s = b.state
            seat = b.match.to_act
            if s.phase == "guess" and not rules.is_special(g.top(s)) and s.turns >= 4:
                known = rules.known_books(s.record)
                kind = g.top(s)
                if kind not in known.values():
                    wrong = [a for a in g.legal_actions(s) if _name(a) == "Open" and a.slots[0] not in known
                             and s.books[a.slots[0]] != kind]
                    if wrong:
                        k = b.play(wrong[0])
                        return b.finish(), seat, k
            b.bot_move()
    raise NotFound("no unknown book found")


BAD = {"hexen_cocktail": hexen_bad, "saboteur": saboteur_bad, "brauzeit": brauzeit_bad,
       "potions_brew": potions_brew_bad, "saus_und_braus": saus_und_braus_bad}
UNLUCKY = {"hexen_cocktail": hexen_unlucky, "saboteur": saboteur_unlucky, "brauzeit": brauzeit_unlucky,
           "potions_brew": potions_brew_unlucky, "saus_und_braus": saus_und_braus_unlucky}
