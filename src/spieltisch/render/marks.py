"""The last-move mark a board puts on the element a seat's last move
touched (issue 14; docs/ui.md, "Following the table"): an outline class, a
seat badge with the initials, and the same in words for screen readers,
never colour alone. ``ctx.last`` holds (seat, action text), newest first."""

from __future__ import annotations

from .context import Ctx
from .html import esc


def last_seats(ctx: Ctx, hit) -> list[int]:
    """The seats whose last move ``hit(text)`` says touched an element."""
    out = []
    for seat, text in ctx.last:
        try:
            if hit(text):
                out.append(seat)
        except (ValueError, TypeError, AttributeError):
            continue
    return out


def last_class(ctx: Ctx, seats: list[int]) -> str:
    """" is-last" (and " is-fresh" for the newest move: its short animation)."""
    if not seats:
        return ""
    fresh = bool(ctx.last) and ctx.last[0][0] in seats
    return " is-last" + (" is-fresh" if fresh else "")


def last_badge(ctx: Ctx, seats: list[int]) -> str:
    """The seats' initials (seen) and "last move: Ann" (read)."""
    if not seats:
        return ""
    names = [ctx.name(s) for s in seats]
    initials = " ".join((n.strip()[:1] or "?").upper() for n in names)
    return (f'<span class="last-badge" aria-hidden="true">{esc(initials)}</span>'
            f'<span class="visually-hidden"> {ctx.h("follow.last", names=", ".join(names))}</span>')
