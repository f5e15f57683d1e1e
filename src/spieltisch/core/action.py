"""The text form of a plain action, shared by every game's actions.

Most actions are a tag and a few fields, written ``tag:field:field`` (e.g.
``repair:R1:2:P``). ``@action_text("repair")`` on a dataclass gives it that
``__str__``, so a game declares only the fields; actions whose text differs
(1-based numbers, optional parts) keep their own ``__str__``.
"""

from __future__ import annotations

import dataclasses


def action_text(tag: str):
    """Class decorator for a dataclass action: ``str(a)`` is ``tag`` and the
    fields in declaration order, joined by ``:`` (the canonical text)."""

    def decorate(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
        fmt = tag + ":{}" * len(names)

        def __str__(self) -> str:
            return fmt.format(*[getattr(self, n) for n in names])

        __str__.__qualname__ = f"{cls.__qualname__}.__str__"
        cls.__str__ = __str__
        return cls

    return decorate
