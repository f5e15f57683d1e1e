"""The games' parts (docs/build.md, "The games' parts"): app.zip holds the
core and what the hub shows of every game; each registered game's own part
is static/build/game-<id>.zip. Every module of the site is in exactly one of
the page's zips, the core imports nothing of a game's own part when it is
imported (found by scanning the code, not from a list), and the hub's numbers
of a game are its rules' own."""

from __future__ import annotations

import ast
import json
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"
BUILD = REPO / "static" / "build"
sys.path.insert(0, str(REPO / "tools"))

import build  # noqa: E402  (tools/build.py)

from spieltisch import games  # noqa: E402
from spieltisch.games import GAMES, HUB_FILES, HUB_MODULES  # noqa: E402


def registered() -> list[str]:
    ids = list(GAMES)
    assert ids, "the registry lists no game: every check below would pass on nothing"
    return ids


def built() -> dict:
    manifest = json.loads((BUILD / "manifest.json").read_text())
    if manifest.get("inputs") != build.inputs_digest():
        pytest.fail("static/build is stale: run python3 tools/build.py")
    return manifest


def modules_in(zip_path: Path) -> list[str]:
    """Dotted module names of a zip's .py/.pyc entries (PyScript's bytecode aside)."""
    out = []
    with zipfile.ZipFile(zip_path) as zf:
        for name in zf.namelist():
            if name.startswith("pyscript/") or not name.endswith((".py", ".pyc")):
                continue
            dotted = name.rsplit(".", 1)[0].replace("/", ".")
            out.append(dotted.removesuffix(".__init__"))
    return out


def site_modules() -> list[str]:
    """Every module of src/spieltisch and src/app the page's zips carry: all
    but the ones the build leaves out on purpose (the command-line tools)."""
    _, not_on_page = build.review_modules()
    worker, _ = build.review_modules()
    left_out = set(build.APP_ZIP_SKIP_PATHS) | (not_on_page - worker)
    names = []
    for pkg in ("spieltisch", "app"):
        for path in sorted((SRC / pkg).rglob("*.py")):
            rel = path.relative_to(SRC).as_posix()
            if "__pycache__" in rel or rel in left_out:
                continue
            names.append(rel[:-3].replace("/", ".").removesuffix(".__init__"))
    return names


def test_every_module_is_in_exactly_one_zip():
    manifest = built()
    ids = registered()
    assert [g["file"] for g in manifest["game_zips"]] == [f"game-{g}.zip" for g in ids]
    zips = ["app.zip", "review.zip", *(f"game-{g}.zip" for g in ids)]
    where: dict[str, list[str]] = {}
    for z in zips:
        for mod in modules_in(BUILD / z):
            where.setdefault(mod, []).append(z)
    expected = site_modules()
    assert len(expected) > 100
    missing = [m for m in expected if m not in where]
    twice = {m: zs for m, zs in where.items() if len(zs) > 1}
    extra = sorted(set(where) - set(expected))
    assert not missing, f"in no zip: {missing[:5]}"
    assert not twice, f"in more than one zip: {dict(list(twice.items())[:5])}"
    assert not extra, f"in a zip but not a module of the site: {extra[:5]}"
    for gid in ids:
        for mod in HUB_MODULES:
            name = f"spieltisch.games.{gid}" + ("" if mod == "__init__" else f".{mod}")
            assert where.get(name) == ["app.zip"], (name, where.get(name))
        own = [m for m, zs in where.items() if zs == [f"game-{gid}.zip"]]
        assert f"spieltisch.games.{gid}.rules" in own and f"spieltisch.games.{gid}.board" in own, own
        assert all(m.startswith(f"spieltisch.games.{gid}.") for m in own), own


def test_each_part_has_its_marker_and_files_and_app_zip_the_hubs():
    built()
    for gid in registered():
        with zipfile.ZipFile(BUILD / f"game-{gid}.zip") as zf:
            names = zf.namelist()
        assert f"spieltisch/games/{gid}/{build.PART_MARKER}" in names
        assert all(n.startswith(f"spieltisch/games/{gid}/") for n in names), names
        assert f"spieltisch/games/{gid}/tryit.json" in names  # data files go with their game
        with zipfile.ZipFile(BUILD / "app.zip") as zf:
            core = zf.namelist()
        for file in HUB_FILES:
            assert f"spieltisch/games/{gid}/{file}" in core
        assert not any(n.startswith(f"spieltisch/games/{gid}/") and n.endswith(".json") for n in core)


def _import_time_imports(tree: ast.Module, module: str, is_package: bool) -> list[tuple[str, int]]:
    """The modules a module imports when it is imported: its body, class
    bodies and top-level if/try blocks, not function bodies (those run later,
    when the game's part is fetched first: app/parts.py)."""
    found = []
    package = module if is_package else module.rpartition(".")[0]

    def visit(nodes):
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(node, ast.Import):
                found.extend((a.name, node.lineno) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    head = ".".join(base + ([node.module] if node.module else []))
                else:
                    head = node.module or ""
                found.append((head, node.lineno))
                found.extend((f"{head}.{a.name}", node.lineno) for a in node.names)  # a submodule, maybe
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    visit(inner)

    visit(tree.body)
    return found


def _own_part_module(name: str) -> str | None:
    """The game whose own part holds module ``name``, or None."""
    bits = name.split(".")
    if len(bits) >= 4 and bits[:2] == ["spieltisch", "games"] and bits[2] in GAMES and bits[3] not in HUB_MODULES:
        path = SRC.joinpath(*bits[:4])
        if path.with_suffix(".py").is_file() or (path / "__init__.py").is_file():
            return bits[2]
    return None


def test_the_core_imports_nothing_of_a_games_own_part():
    """What app.zip holds, imported, never imports a module of a game's own
    part (which may not be there yet): the registry, the catalogue, the hub and
    each game's package and texts reach the rules only when asked for."""
    built()
    registered()
    core = [m for m in modules_in(BUILD / "app.zip")]
    assert any(m.endswith(".texts") for m in core)
    bad = []
    for mod in core:
        path = SRC.joinpath(*mod.split("."))
        is_package = (path / "__init__.py").is_file()
        file = path / "__init__.py" if is_package else path.with_suffix(".py")
        tree = ast.parse(file.read_text(encoding="utf-8"))
        for name, line in _import_time_imports(tree, mod, is_package):
            if _own_part_module(name):
                bad.append(f"{file.relative_to(REPO)}:{line} imports {name}")
    assert not bad, bad


def test_the_scan_finds_an_import_of_a_games_rules():
    """The check above is not blind: a hub module importing the rules at
    import time is caught, one importing them inside a function is not."""
    gid = registered()[0]
    caught = ast.parse("from . import rules\nfrom .texts import EN\ndef f():\n    from . import board\n")
    names = [n for n, _ in _import_time_imports(caught, f"spieltisch.games.{gid}", True)]
    assert [n for n in names if _own_part_module(n)] == [f"spieltisch.games.{gid}.rules"]


def test_the_hubs_numbers_are_the_rules_own():
    for gid in registered():
        info = GAMES[gid].info
        assert games.card(gid) == (info.min_players, info.max_players, info.play_minutes), gid


def _all_imports(tree: ast.Module, module: str, is_package: bool) -> set[str]:
    """Every module name an import anywhere in the module (functions too) names."""
    package = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                head = ".".join(base[: len(base) - (node.level - 1)] + ([node.module] if node.module else []))
            else:
                head = node.module or ""
            found |= {head} | {f"{head}.{a.name}" for a in node.names}
    return found


def test_the_page_never_imports_what_its_zips_leave_out():
    """The command-line tools (tools/build.py APP_ZIP_SKIP_PATHS: the checker,
    its contract, the command line, the arena) are in the wheel only: no
    module of the page's zips imports them, even inside a function."""
    built()
    ids = registered()
    left_out = {p[:-3].replace("/", ".").removesuffix(".__init__") for p in build.APP_ZIP_SKIP_PATHS}
    assert "spieltisch.check" in left_out
    page = set(modules_in(BUILD / "app.zip"))
    for gid in ids:
        page |= set(modules_in(BUILD / f"game-{gid}.zip"))
    bad = []
    for mod in sorted(page):
        path = SRC.joinpath(*mod.split("."))
        is_package = (path / "__init__.py").is_file()
        file = path / "__init__.py" if is_package else path.with_suffix(".py")
        hits = _all_imports(ast.parse(file.read_text(encoding="utf-8")), mod, is_package) & left_out
        bad += [f"{mod} imports {h}" for h in sorted(hits)]
    assert not bad, bad
    assert left_out.isdisjoint(page)
