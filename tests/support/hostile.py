"""Hostile inputs for the untrusted paths (issue 11): hypothesis strategies for
saves, import files and position links, built from real saves of every
registered game so that each field is attacked in a save that is otherwise
valid.

    from support.hostile import save_texts, link_codes, base_saves
"""

from __future__ import annotations

import base64
import json
import re
import zlib

from hypothesis import strategies as st

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES

# The issue's save that killed Pyodide on every visit (10 kB, 5000 levels).
ISSUE_SAVE = ('{"format":"spieltisch-save","version":1,"game":"hexen_cocktail","rules_version":1,"seats":'
              + "[" * 5000 + "]" * 5000 + "}")
ISSUE_IMPORT = "[" * 6000 + "]" * 6000


def base_save(game_id: str, moves: int = 8, seed: int = 5) -> dict:
    """A real mid-game save (format 2) of a registered game."""
    game = GAMES[game_id]
    n = min(max(game.info.min_players, 2), game.info.max_players)
    m = Match(game, [Seat(f"P{i}") for i in range(n)], seed=seed)
    for _ in range(moves):
        if m.is_over:
            break
        m.play(m.legal_texts()[0])
    return m.to_save({"created": 1, "updated": 2, "revision": 3})


def base_saves() -> dict[str, dict]:
    return {gid: base_save(gid) for gid in sorted(GAMES)}


def pack_link(payload, prefix: str = "2.") -> str:
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


# ---- JSON values of every kind --------------------------------------------------------
huge_ints = st.one_of(st.integers(min_value=2**53, max_value=10**38), st.integers(max_value=-(2**53), min_value=-(10**38)))
leaves = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-5, max_value=5), huge_ints,
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from(["", "human", "bot", "easy", "hard", "spieltisch-save", "hexen_cocktail", "x" * 300]),
)
json_values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=10)


def _nested(depth: int, as_dict: bool):
    value: object = 1
    for _ in range(depth):
        value = {"a": value} if as_dict else [value]
    return value


deep_values = st.builds(_nested, st.integers(min_value=60, max_value=200), st.booleans())
field_values = st.one_of(json_values, deep_values, huge_ints)


def _paths(save: dict) -> list[tuple]:
    """Every field of a save, nested ones included (seats, log entries, meta)."""
    out: list[tuple] = []

    def walk(value, path):
        out.append(path)
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, (*path, k))
        elif isinstance(value, list):
            for i, v in enumerate(value[:3]):
                walk(v, (*path, i))
            if len(value) > 3:
                walk(value[-1], (*path, len(value) - 1))

    walk(save, ())
    return [p for p in out if p]


def replace_at(data, path: tuple, value, delete: bool = False):
    data = json.loads(json.dumps(data))
    target = data
    for key in path[:-1]:
        target = target[key]
    if delete:
        if isinstance(target, dict):
            target.pop(path[-1], None)
        else:
            del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@st.composite
def mutated_saves(draw, saves: dict[str, dict]):
    """A real save with one field replaced by a value of any kind (or removed)."""
    save = saves[draw(st.sampled_from(sorted(saves)))]
    path = draw(st.sampled_from(_paths(save)))
    delete = draw(st.booleans()) and draw(st.booleans())
    return replace_at(save, path, None if delete else draw(field_values), delete)


@st.composite
def truncated(draw, saves: dict[str, dict]):
    text = json.dumps(saves[draw(st.sampled_from(sorted(saves)))])
    return text[: draw(st.integers(min_value=0, max_value=len(text) - 1))]


@st.composite
def with_long_number(draw, saves: dict[str, dict]):
    """A real save whose seed (or another number) has thousands of digits."""
    text = json.dumps(saves[draw(st.sampled_from(sorted(saves)))])
    digits = "9" * draw(st.integers(min_value=20, max_value=6000))
    key = draw(st.sampled_from(["seed", "length", "rules_version", "created"]))
    return re.sub(rf'("{key}": )-?[0-9]+', lambda m: m.group(1) + digits, text, count=1)


deep_texts = st.builds(
    lambda n, opener, wrap: (ISSUE_SAVE.split('"seats":')[0] + '"seats":' if wrap else "")
    + opener * n + {"[": "]", '{"a":': "}"}[opener] * n + ("}" if wrap else ""),
    st.integers(min_value=65, max_value=12000), st.sampled_from(["[", '{"a":']), st.booleans())


def save_texts(saves: dict[str, dict]):
    """Text (or bytes) as it could sit in storage or in an imported file."""
    return st.one_of(
        mutated_saves(saves).map(json.dumps),
        truncated(saves),
        with_long_number(saves),
        deep_texts,
        st.binary(max_size=3000),
        st.text(max_size=300),
        st.just(ISSUE_SAVE), st.just(ISSUE_IMPORT),
    )


@st.composite
def link_payloads(draw, saves: dict[str, dict]):
    """A position-link payload with one field attacked."""
    gid = draw(st.sampled_from(sorted(saves)))
    save = saves[gid]
    payload = {"g": gid, "r": save["rules_version"], "s": [[s["name"], s["kind"], s["level"]] for s in save["seats"]],
               "o": save["options"], "seed": save["seed"], "log": save["log"], "n": save["length"],
               "h": save["state_hash"], "me": 0}
    path = draw(st.sampled_from(_paths(payload)))
    return replace_at(payload, path, draw(field_values))


def link_codes(saves: dict[str, dict]):
    return st.one_of(
        link_payloads(saves).map(pack_link),
        link_payloads(saves).map(lambda p: pack_link(p, "1.")),
        deep_texts.map(lambda t: pack_link(t.encode())),
        st.binary(max_size=2000).map(pack_link),
        st.binary(max_size=500).map(lambda b: "2." + base64.urlsafe_b64encode(b).decode()),
        st.text(max_size=200),
        st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.", max_size=300),
    )
