"""The house rules of the code (docs/README.md): a game is one folder, the
layers only import downward, and there are no import cycles.

Layers, lowest first (a module may import its own layer and those below):

0. ``spieltisch.core`` (and the package root)
1. a game's rules side (``games/<id>/*`` but ``board``/``texts``), its
   ``texts`` (data, imports nothing), the registry ``spieltisch.games``;
   ``spieltisch.ai`` (bots: the contract alone); ``spieltisch.review``'s
   engine and record; ``spieltisch.net`` (host and device sessions, docs/multiplayer.md)
2. ``spieltisch.i18n`` (the catalogue: site texts + each game's texts)
3. ``spieltisch.render`` (shared render helpers)
4. ``games/<id>/board`` (a game's renderer) and ``games/<id>/diagram`` (its
   position diagram, docs/blogging.md)
5. ``spieltisch.ui`` (screens, controller parts), ``spieltisch.diagram`` (a
   position as one SVG), ``spieltisch.__main__`` (the command line),
   ``spieltisch.check`` (is a game complete?), ``spieltisch.review``'s words,
   chart, links and command (docs/review.md)
6. ``app`` (the browser adapter)

and besides: a game never imports another game; a game's rules side never
imports its board, its texts, the catalogue or the renderers.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support import registry

from spieltisch import check

SRC = Path(__file__).resolve().parents[1] / "src"


def _module_name(path: Path) -> str:
    rel = path.relative_to(SRC).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(mod: str, is_pkg: bool, node: ast.ImportFrom) -> list[str]:
    if node.level == 0:
        base = node.module or ""
    else:
        pkg = mod.split(".") if is_pkg else mod.split(".")[:-1]
        pkg = pkg[: len(pkg) - (node.level - 1)]
        base = ".".join(pkg + ([node.module] if node.module else []))
    # "from pkg import name" may name a submodule: keep both candidates
    return [base] + [f"{base}.{a.name}" for a in node.names]


def _graph() -> dict[str, set[str]]:
    modules = {}
    for path in sorted(SRC.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        modules[_module_name(path)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                cands = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                cands = _resolve(name, path.name == "__init__.py", node)
            else:
                continue
            for c in cands:
                if c in modules and c != name:
                    deps.add(c)
        graph[name] = deps
    return graph


GRAPH = _graph()


def _layer(mod: str) -> int:
    parts = mod.split(".")
    if parts[0] == "app":
        return 6
    if len(parts) == 1 or parts[1] == "core":
        return 0
    top = parts[1]
    if top == "review":  # docs/review.md: the engine and the record with the rules, words/chart/links/cli with the UI
        return 5 if len(parts) > 2 and parts[2] in ("words", "chart", "links", "cli") else 1
    if top == "games":
        if len(parts) >= 4 and parts[3] in ("board", "diagram"):
            return 4
        return 1
    return {"ai": 1, "net": 1, "i18n": 2, "render": 3, "ui": 5, "diagram": 5, "__main__": 5, "check": 5}.get(top, 99)


def _game(mod: str) -> str | None:
    parts = mod.split(".")
    return parts[2] if len(parts) >= 3 and parts[:2] == ["spieltisch", "games"] else None


def test_every_module_has_a_layer():
    assert not [m for m in GRAPH if _layer(m) == 99]


def test_imports_only_run_downward():
    upward = [(m, d) for m, deps in GRAPH.items() for d in deps if _layer(d) > _layer(m)]
    assert not upward


def test_a_game_imports_no_other_game():
    bad = [(m, d) for m, deps in GRAPH.items() for d in deps
           if _game(m) and _game(d) and _game(m) != _game(d)]
    assert not bad


def test_rules_side_imports_neither_board_texts_catalogue_nor_render():
    bad = []
    for m, deps in GRAPH.items():
        gid = _game(m)
        if gid is None or m.rsplit(".", 1)[-1] in ("board", "diagram", "texts"):
            continue
        for d in deps:
            tail = d.rsplit(".", 1)[-1]
            if d.startswith(("spieltisch.i18n", "spieltisch.render", "spieltisch.ui", "app")) or (
                _game(d) == gid and tail in ("board", "diagram", "texts")
            ):
                bad.append((m, d))
    assert not bad


def test_texts_import_nothing_of_ours():
    for m, deps in GRAPH.items():
        if m.endswith(".texts"):
            assert not deps, (m, deps)


def test_no_import_cycles():
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(GRAPH[m]):
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(GRAPH):
        if m not in state:
            visit(m)
    assert not cycles


def test_the_checker_sees_an_upward_import():
    """The layer map is not vacuous: a known downward edge is there, and an
    upward one would be flagged."""
    assert "spieltisch.render.context" in GRAPH["spieltisch.games.saboteur.board"]
    assert _layer("spieltisch.ui.controller") > _layer("spieltisch.games.saboteur.board")
    assert _layer("spieltisch.games.saboteur.rules") < _layer("spieltisch.render.html")


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_a_registered_game_has_all_its_parts(game_id):
    """Everything ``python -m spieltisch check`` asks of a game's folder and
    its own tests (spieltisch.check.missing_pieces): each missing piece is
    named with what needs it."""
    missing = check.missing_pieces(game_id, check.repo_root())
    assert not missing, f"{game_id}:\n" + "\n".join(f"  - {m}" for m in missing)


def test_the_parts_check_names_what_is_missing(tmp_path, monkeypatch):
    """The check above can fail: a game whose folder lacks diagram.py and
    blog.md is told so in words (issue 28's example)."""
    import shutil

    from spieltisch import games

    copy = tmp_path / "hexen_cocktail"
    shutil.copytree(games.folder("hexen_cocktail"), copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "diagram.py").unlink()
    (copy / "blog.md").unlink()
    monkeypatch.setattr(games, "folder", lambda game_id: copy)
    missing = check.missing_pieces("hexen_cocktail")
    want = "no diagram.py: the share panel, replays and blogging need one (docs/blogging.md, \"For game authors\")"
    assert want in missing
    assert any(m.startswith("no blog.md: the worked example for rules bloggers") for m in missing)
    assert check.missing_pieces("no_such_game")[0].startswith("no_such_game is not in the registry: add the line")
