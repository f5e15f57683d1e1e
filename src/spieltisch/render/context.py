"""What a render needs besides the view: language, seat names, which action
texts are legal for the seat being shown, and UI-only selection state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import t
from .html import esc


@dataclass(frozen=True)
class Ctx:
    lang: str
    game_id: str
    names: tuple[str, ...]
    bots: tuple[bool, ...] = ()
    viewer: int | None = None  # the seat whose private view is shown
    legal: frozenset[str] = frozenset()  # legal action texts for the viewer
    selected: str | None = None  # a UI selection (e.g. a hand card)
    curtain: bool = False  # the hot-seat curtain is up
    log: tuple[tuple[str, dict], ...] = field(default=())  # described log, oldest first

    def tr(self, key: str, **params: Any) -> str:
        """Translated plain text (escape before output!)."""
        return t(self.lang, key, **params)

    def h(self, key: str, **params: Any) -> str:
        """Translated and escaped: safe to put into HTML."""
        return esc(t(self.lang, key, **params))

    def name(self, seat: Any) -> str:
        try:
            return self.names[int(seat)]
        except (ValueError, TypeError, IndexError):
            return str(seat)

    def target(self, text: str) -> dict[str, str]:
        """data-action if ``text`` is legal for the viewer, else data-illegal."""
        if text in self.legal:
            return {"data-action": text}
        return {"data-illegal": text}
