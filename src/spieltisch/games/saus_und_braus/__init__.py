"""Saus und Braus (Zoch 2018): spin Winnie, fly over a stack, open the right book."""

from .rules import GAME, SausState, SausUndBraus

__all__ = ["GAME", "SausState", "SausUndBraus"]
