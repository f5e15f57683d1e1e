"""Tiny Cauldron: add one to three drops; fill the cauldron to exactly 15."""

# the rules are imported when first asked for (PEP 562), as the built games do
_EXPORTS = ("GAME", "TinyCauldron", "TinyState")


def __getattr__(name: str):
    if name in _EXPORTS:
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "TinyCauldron", "TinyState"]
