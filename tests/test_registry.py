"""One registry (issue 28): no test module keeps a list of games of its own.

A suite about every game takes its games from ``support.registry.GAME_IDS``
(the registry, ``_BUILT``), and what it needs to know about one game is in
that game's ``testing.toml``. A fixed list of game ids in a test module --
two or more ids in one list, tuple, set or dict literal -- is how a new game
silently got no accessibility scan and no keyboard-only test; this test
fails on one. A test file about one game naming that game is fine.
"""

from __future__ import annotations

import ast
from pathlib import Path

from support import registry

TESTS = Path(__file__).resolve().parent


def game_lists(source: str, ids, name: str = "<test>") -> list[str]:
    """Each literal list/tuple/set/dict in ``source`` holding two or more of
    ``ids`` as strings: "file:line: [ids]"."""
    out = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        else:
            continue
        named = sorted({e.value for e in items if isinstance(e, ast.Constant) and e.value in ids})
        if len(named) >= 2:
            out.append(f"{name}:{node.lineno}: {named}")
    return out


def test_no_test_module_names_a_list_of_games():
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        found += game_lists(path.read_text(encoding="utf-8"), set(registry.GAME_IDS),
                            path.relative_to(TESTS.parent).as_posix())
    assert not found, ("test modules name fixed lists of games:\n  " + "\n  ".join(found)
                       + "\nFix: take the games from support.registry.GAME_IDS (the registry); per-game seats, "
                       "seeds or picks go into games/<id>/testing.toml (docs/adding-a-game.md)")


def test_the_scan_finds_a_list_of_games():
    """The scan above can fail: a list, a parametrize tuple and a dict of
    per-game data are found; one game named alone is not."""
    a, b = registry.GAME_IDS[0], registry.GAME_IDS[-1]
    source = (f"GAMES = [{a!r}, {b!r}]\n"
              f"@pytest.mark.parametrize('g', ({a!r}, {b!r}))\ndef test_x(g): pass\n"
              f"SEATS = {{{a!r}: 3, {b!r}: 2}}\n"
              f"ONE = [{a!r}, 'other']\n")
    found = game_lists(source, set(registry.GAME_IDS))
    assert sorted(f.split(":")[1] for f in found) == ["1", "2", "4"], found
    assert len(registry.GAME_IDS) >= 2


def test_testing_data_keys_are_known():
    """Every game's testing.toml loads and uses only keys the suites read."""
    for game_id in registry.GAME_IDS:
        registry.data(game_id)
        registry.seats(game_id)
