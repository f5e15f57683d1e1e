"""Errors that carry a reason a player can read."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Illegal:
    """Why an action is not allowed.

    ``code`` is stable and machine-readable, ``rule`` is the section id of the
    game's rules page that forbids the action, ``message`` is a plain English
    sentence (the UI translates through the catalogue key
    ``<game>.illegal.<code>`` with ``params``).
    """

    code: str
    rule: str
    message: str
    params: tuple[tuple[str, str], ...] = field(default=())

    def params_dict(self) -> dict[str, str]:
        return dict(self.params)


class IllegalActionError(ValueError):
    """Raised by checked entry points; carries the :class:`Illegal` reason."""

    def __init__(self, illegal: Illegal, action: str = ""):
        self.illegal = illegal
        self.action = action
        where = f" ({action})" if action else ""
        super().__init__(f"{illegal.message}{where} [rule {illegal.rule}]")


class BadActionText(IllegalActionError):
    """An action string that does not parse at all."""


class SaveError(ValueError):
    """A save that cannot be loaded. ``code`` says why, in a stable word."""

    def __init__(self, code: str, message: str):
        self.code = code
        super().__init__(message)
