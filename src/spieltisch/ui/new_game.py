"""The new-game form (``#/new/<game>``): the draft (seats, names, kinds,
bot levels, seed, options) as the player edits it, the seed text, and the
start of a match in a new save slot (also for "play again", an imported
save and a shared position).

``NewGameMixin`` is one part of ``Controller`` (controller.py); it uses the
controller's ``draft``, ``route``, ``route_arg``, ``games`` and ``seed_source``.
"""

from __future__ import annotations

from ..core.game import Game
from ..core.match import LEVELS, Match, Seat, clean_name
from ..core.rng import mix_seed
from . import screens, share
from .boards import has_board
from .saves import SAVE_PREFIX

BOT_NAMES = ("Ada", "Bruno", "Clara", "Dario", "Elif", "Finn", "Greta", "Hugo", "Ida", "Jonas")


class NewGameMixin:
    """The new-game screen, its form and starting a match."""

    # ---- new game -------------------------------------------------------------------------------
    def _render_new(self) -> str:
        game = self.games.get(self.route_arg)
        if game is None:
            if self.route_arg in self.catalogue:
                return screens.message_screen(self.lang, "new.not_ready",
                                              game=self.tr(f"game.{self.route_arg}.title"))
            return screens.message_screen(self.lang, "new.unknown_game")
        if not has_board(game.info.id):
            return screens.message_screen(self.lang, "new.not_ready", game=self.tr(f"game.{game.info.id}.title"))
        embed = "" if self.embed else share.embed_box(self.lang, self.site_url, game.info.id)
        return screens.new_game(self.lang, game.info, self.draft, LEVELS) + embed

    def _default_draft(self, game: Game) -> screens.Draft:
        info = game.info
        n = max(info.min_players, min(info.max_players, 3))
        maxp = info.max_players
        names = [self.tr("new.default_name", number=1)] + [BOT_NAMES[i % len(BOT_NAMES)] for i in range(1, maxp)]
        kinds = ["human"] + ["bot"] * (maxp - 1)
        levels = ["normal"] * maxp
        return screens.Draft(info.id, n, names, kinds, levels, "", dict(info.options))

    def _form(self, form: dict, changed: str) -> set[str]:
        if changed == "puzzle-question":  # the share panel's puzzle maker (ui/puzzles.py)
            self.puzzle_draft.question = str(form.get(changed, ""))[:200]
            self.puzzle_draft.open = True
            return {"top"}
        d = self.draft
        if d is None or self.route != "new":
            return set()
        game = self.games[d.game_id]
        info = game.info
        regions: set[str] = set()
        if isinstance(form.get("devices"), bool):  # "Players on their own devices" (issue 30); the
            on = form["devices"]  # checkbox's "input" event sends its value "on" whether ticked or not
            if on != d.devices:
                d.devices = on
                d.kinds = [k if on or k != "device" else "human" for k in d.kinds]
                regions.add("screen")
        if "seats" in form:
            try:
                n = int(str(form["seats"]))
            except ValueError:
                n = d.seats
            n = max(info.min_players, min(info.max_players, n))
            if n != d.seats:
                d.seats = n
                regions.add("screen")
        for i in range(info.max_players):
            if f"seat-{i}-name" in form:
                d.names[i] = str(form[f"seat-{i}-name"])[:64]
            if f"seat-{i}-kind" in form and form[f"seat-{i}-kind"] in (
                    ("human", "bot", "device") if d.devices else ("human", "bot")):
                if d.kinds[i] != form[f"seat-{i}-kind"]:
                    regions.add("screen")
                d.kinds[i] = form[f"seat-{i}-kind"]
            if f"seat-{i}-level" in form and form[f"seat-{i}-level"] in LEVELS:
                d.levels[i] = form[f"seat-{i}-level"]
        if "seed" in form:
            d.seed = str(form["seed"])[:40]
        for name, default in info.options:
            k = f"option-{name}"
            if k in form:
                v = form[k]
                if isinstance(default, bool):
                    d.options[name] = v in (True, "true", "on", "1")
                elif isinstance(default, int):
                    try:
                        d.options[name] = int(v)
                    except (TypeError, ValueError):
                        pass
                else:
                    d.options[name] = str(v)
        return regions

    def parse_seed(self, text: str) -> int:
        text = (text or "").strip()
        if not text:
            return self.seed_source() % (1 << 48)
        if text.isdigit():
            return int(text) % (1 << 53)
        return mix_seed("seed", text) % (1 << 48)

    def start(self) -> set[str]:
        d = self.draft
        if d is None or self.route != "new":
            return set()
        game = self.games[d.game_id]
        seats = []
        remote = [i for i in range(d.seats) if d.devices and d.kinds[i] == "device"]
        for i in range(d.seats):
            kind = "human" if i in remote else d.kinds[i]  # a seat on its own device is a human's (table_host.py)
            seats.append(Seat(clean_name(d.names[i], i), kind, d.levels[i] if kind == "bot" else None))
        try:
            match = Match(game, seats, d.options, self.parse_seed(d.seed))
        except ValueError as err:
            d.error = self.tr("new.failed", reason=str(err))
            return {"screen"}
        d.error = ""
        self._net_pending = remote or None
        try:
            return self._begin(match)
        finally:
            self._net_pending = None

    def _begin(self, match: Match) -> set[str]:
        self._leave_game()
        slot = self._new_slot()
        if not has_board(match.game.info.id):  # e.g. an imported save of a game not on screen yet
            try:
                self.storage.set(SAVE_PREFIX + slot, match.to_save_text(self._meta()))
            except Exception:
                self.set_status(self.tr("play.saving_failed"), kind="error")
            return self._go_play(slot)
        self.route, self.route_arg = "play", slot
        self.set_status("")
        self.save_failed = False
        self._open(match, slot)
        self.save_current()
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    def play_again(self) -> set[str]:
        m = self.match
        if m is None:
            return set()
        match = Match(m.game, list(m.seats), dict(m.options), self.parse_seed(""))
        return self._begin(match)
