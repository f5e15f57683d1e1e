"""Player names: what a person sees as one character stays whole.

A *grapheme cluster* is what a reader counts as one character: ``é`` written
as ``e`` + a combining accent, ``🧙‍♀️`` (mage, zero-width joiner, female sign,
variation selector), a flag (two regional indicators), a Hangul syllable from
jamo. Names are cut by clusters, never inside one (UAX #29, the parts that
matter for names: extend and spacing marks, joiners, emoji modifiers and tags,
regional-indicator pairs, Hangul syllable sequences). The standard library has
no segmentation, and ``unicodedata`` differs between CPython 3.11 and
Pyodide's 3.14 only in characters assigned since; those are kept as they are.
"""

from __future__ import annotations

import unicodedata

ZWNJ, ZWJ = "\u200c", "\u200d"
NAME_MAX = 32  # clusters
NAME_MAX_CODEPOINTS = 96  # all clusters together
CLUSTER_MAX_CODEPOINTS = 16  # a longer one (a stack of marks) is cut to its first 16

# Invisible format characters that belong to a cluster; every other format
# character (bidi overrides, zero-width space, BOM ...) is dropped.
_KEEP_FORMAT = frozenset({ZWNJ, ZWJ})


def _is_tag(ch: str) -> bool:  # emoji tag sequences (subdivision flags)
    return "\U000e0020" <= ch <= "\U000e007f"


def _is_extend(ch: str) -> bool:
    return (unicodedata.category(ch) in ("Mn", "Me", "Mc") or ch in _KEEP_FORMAT
            or "\U0001f3fb" <= ch <= "\U0001f3ff" or _is_tag(ch))


def _is_ri(ch: str) -> bool:
    return "\U0001f1e6" <= ch <= "\U0001f1ff"


def _hangul(ch: str) -> str:
    o = ord(ch)
    if 0x1100 <= o <= 0x115F or 0xA960 <= o <= 0xA97C:
        return "L"
    if 0x1160 <= o <= 0x11A7 or 0xD7B0 <= o <= 0xD7C6:
        return "V"
    if 0x11A8 <= o <= 0x11FF or 0xD7CB <= o <= 0xD7FB:
        return "T"
    if 0xAC00 <= o <= 0xD7A3:
        return "LV" if (o - 0xAC00) % 28 == 0 else "LVT"
    return ""


_HANGUL_JOIN = {"L": {"L", "V", "LV", "LVT"}, "LV": {"V", "T"}, "V": {"V", "T"}, "LVT": {"T"}, "T": {"T"}}


def graphemes(text: str) -> list[str]:
    """``text`` split into grapheme clusters (no recursion, linear)."""
    out: list[str] = []
    cur = ""
    ri_run = 0  # regional indicators in the current cluster
    for ch in text:
        if cur:
            prev = cur[-1]
            joins = (
                _is_extend(ch)
                or (prev == ZWJ and not ch.isspace())
                or (_is_ri(ch) and _is_ri(prev) and ri_run == 1)
                or _hangul(ch) in _HANGUL_JOIN.get(_hangul(prev), ())
            )
            if joins:
                cur += ch
                ri_run += _is_ri(ch)
                continue
            out.append(cur)
        cur = ch
        ri_run = 1 if _is_ri(ch) else 0
    if cur:
        out.append(cur)
    return out


def _drop(ch: str) -> bool:
    """Control, surrogate and format characters (but the joiners) go."""
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Cs"):
        return True
    return cat == "Cf" and ch not in _KEEP_FORMAT and not _is_tag(ch)


def tidy(raw: str) -> str:
    """Control, bidi and other invisible characters dropped (the joiners
    kept), one space between words, no joiner in front."""
    return " ".join("".join(ch for ch in raw if not _drop(ch)).split()).lstrip(ZWJ + ZWNJ)


def _trim_cluster(cluster: str) -> str:
    cluster = cluster[:CLUSTER_MAX_CODEPOINTS]
    return cluster.rstrip(ZWJ + ZWNJ)


def clean_name(raw: object, seat: int) -> str:
    """A player name safe to store: text, no control or bidi characters, one
    space between words, at most NAME_MAX whole clusters (and
    NAME_MAX_CODEPOINTS code points); never empty.

    Escaping for HTML is the renderer's job; this only keeps names sane.
    """
    if not isinstance(raw, str):
        raw = ""
    text = tidy(raw[: NAME_MAX_CODEPOINTS * 8])  # nothing longer can survive the cut below
    kept: list[str] = []
    used = 0
    for cluster in graphemes(text):
        cluster = _trim_cluster(cluster)
        if len(kept) >= NAME_MAX or used + len(cluster) > NAME_MAX_CODEPOINTS:
            break
        kept.append(cluster)
        used += len(cluster)
    name = "".join(kept).strip()
    return name or f"Player {seat + 1}"
