"""The message catalogue: every user-visible text of the site, in EN and DE.

    from spieltisch.i18n import t
    t("de", "hub.players", min=2, max=8)   # -> "2–8 Spieler"

Templates use ``str.format`` placeholders. An unknown key comes back as the key
itself (visible, never a crash); a missing placeholder stays as ``{name}``.
Templates are trusted plain text: the renderer escapes the *result*, so a
player's name passed as a parameter is never interpreted as HTML.
"""

from __future__ import annotations

import string

from ..games import GAMES, part
from .de import MESSAGES as _SITE_DE
from .en import MESSAGES as _SITE_EN

# One catalogue: the site's texts plus each game's ``texts.py`` (same keys in
# every language; a game's texts may not redefine a site key). The catalogue
# sits above the games' rules and texts and below their boards (docs/README.md).
_GAME_MODULES = tuple(part(game_id, "texts") for game_id in GAMES)


def _merge(site: dict[str, str], lang: str) -> dict[str, str]:
    merged = dict(site)
    for mod in _GAME_MODULES:
        part = getattr(mod, lang.upper())
        clash = set(part) & set(site)
        if clash:
            raise RuntimeError(f"{mod.__name__} redefines site keys: {sorted(clash)[:3]}")
        merged.update(part)
    return merged


EN = _merge(_SITE_EN, "en")
DE = _merge(_SITE_DE, "de")
LANGS: tuple[str, ...] = ("en", "de")
DEFAULT_LANG = "en"
CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "de": DE}

_FORMATTER = string.Formatter()


class _Keep(dict):
    """format_map helper: an unknown placeholder stays visible."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def pick_lang(*candidates: object) -> str:
    """The first supported language among ``candidates`` (e.g. a saved
    preference, then ``navigator.language`` such as ``"de-AT"``)."""
    for cand in candidates:
        if isinstance(cand, str) and cand:
            base = cand.strip().lower().replace("_", "-").split("-")[0]
            if base in CATALOGUES:
                return base
    return DEFAULT_LANG


def has(key: str, lang: str = DEFAULT_LANG) -> bool:
    return key in CATALOGUES.get(lang, EN)


def t(lang: str, key: str, **params: object) -> str:
    """Translate ``key`` into ``lang`` with ``params``; never raises."""
    cat = CATALOGUES.get(lang, EN)
    template = cat.get(key)
    if template is None:
        template = EN.get(key)
    if template is None:
        return key
    if not params and "{" not in template:
        return template
    try:
        return template.format_map(_Keep(params))
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        return template


def placeholders(template: str) -> frozenset[str]:
    """The placeholder names a template uses (for the completeness test)."""
    names = set()
    for _, field, _, _ in _FORMATTER.parse(template):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return frozenset(names)


__all__ = ["CATALOGUES", "DEFAULT_LANG", "LANGS", "has", "pick_lang", "placeholders", "t"]


def possessive(lang: str, name: str) -> str:
    """``name`` as the owner of something: "Anna's" (en), "Annas" or, after
    an s sound, "Hans’" (de: the genitive's apostrophe)."""
    if lang == "de":
        return name + ("’" if name.lower().endswith(("s", "ß", "x", "z", "ce")) else "s")
    return name + "'s"
