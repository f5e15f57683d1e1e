"""Adding a game is its folder and one line (issue 28), proven by adding one.

A temporary copy of the repository gets a sixth game, Tiny Cauldron
(``tests/support/tiny_game/``), exactly as docs/adding-a-game.md says: the
folder ``src/spieltisch/games/tiny/``, the line ``"tiny",`` in ``_BUILT``,
and the game's own test files. Nothing else in the copy is touched. Then
the build runs there as scripts/setup runs it (``tools/build.py``,
``tools/build_sw.py``; the copy has no node_modules, so no bytecode and no
runtime image: the quick build), and the tests check that the new game is

* on the pre-rendered hub in index.html (the build wrote it),
* in the service worker's precache list (app.zip, games.css and page.css
  with its files, each listed with its hash),
* in the wheel,
* collected by every per-game suite: each test module whose tests name
  every one of the five games names the sixth too,
* complete by ``python -m spieltisch check tiny`` (its CPython tests run),
  and that the check names a missing piece in words.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from support import registry

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "support" / "tiny_game"
GAME = "tiny"
# what a checkout holds (static/vendor and static/build are made by setup)
COPIED = ("src", "tests", "tools", "scripts", "bench", "docs", "README.md", "index.html", "embed.html", "pyscript.toml", "pyproject.toml",
          "sw.js", "package.json", "package-lock.json", "static/css", "static/js", "static/img",
          "static/manifest.webmanifest")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".ruff_cache")
HUB = re.compile(r"<!-- hub:start -->(.*?)<!-- hub:end -->", re.DOTALL)

pytestmark = pytest.mark.xdist_group("new_game")  # one copy, one build, on one worker


def run(cmd: list[str], root: Path, **kw) -> subprocess.CompletedProcess:
    # one process for the check's own pytest: the suite already uses both cores
    env = dict(os.environ, PYTHONPATH=str(root / "src"), PYTHONDONTWRITEBYTECODE="1", SPIELTISCH_WORKERS="0")
    return subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, timeout=900, **kw)


def add_the_line(registry_source: str, game_id: str) -> str:
    """``_BUILT`` with one more line, the new game last."""
    head, sep, tail = registry_source.partition("_BUILT: tuple[str, ...] = (\n")
    assert sep, "no _BUILT tuple in src/spieltisch/games/__init__.py"
    body, close, rest = tail.partition("\n)")
    return f'{head}{sep}{body}\n    "{game_id}",{close}{rest}'


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("new-game") / "repo"
    for rel in COPIED:
        src, dst = REPO / rel, root / rel
        if src.is_dir():
            shutil.copytree(src, dst, ignore=SKIP)
        elif src.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    # the game: its folder, its one line, its own tests
    shutil.copytree(FIXTURE / "game", root / "src" / "spieltisch" / "games" / GAME, ignore=SKIP)
    reg = root / "src" / "spieltisch" / "games" / "__init__.py"
    reg.write_text(add_the_line(reg.read_text(encoding="utf-8"), GAME), encoding="utf-8")
    shutil.copy2(FIXTURE / "tests" / "games_test_tiny.py", root / "tests" / "games" / f"test_{GAME}.py")
    shutil.copy2(FIXTURE / "tests" / "browser_test_app_tiny.py", root / "tests" / "browser" / f"test_app_{GAME}.py")
    shutil.copy2(FIXTURE / "tests" / "review_scenarios_tiny.py", root / "tests" / "review" / "scenarios" / f"{GAME}.py")
    # the build, as scripts/setup runs it; the service worker's list needs the vendored runtime
    built = run([sys.executable, "tools/build.py"], root)
    assert built.returncode == 0, built.stderr
    (root / "static" / "vendor").symlink_to(REPO / "static" / "vendor", target_is_directory=True)
    listed = run([sys.executable, "tools/build_sw.py"], root)
    assert listed.returncode == 0, listed.stderr
    return root


def test_the_line_is_one_line():
    source = (REPO / "src" / "spieltisch" / "games" / "__init__.py").read_text(encoding="utf-8")
    added = add_the_line(source, GAME)
    assert [line for line in added.splitlines() if line not in source.splitlines()] == [f'    "{GAME}",']


def test_it_is_on_the_prerendered_hub(copy):
    """The build wrote the hub's cards into index.html: the new game last, as
    registered, with its title and its links; nothing else in index.html changed."""
    new, old = (p.read_text(encoding="utf-8") for p in (copy / "index.html", REPO / "index.html"))
    cards = re.findall(r'data-game-card="([a-z_]+)"', HUB.search(new).group(1))
    assert cards == [*registry.GAME_IDS, GAME]
    block = HUB.search(new).group(1)
    assert "Tiny Cauldron" in block and f'href="#/new/{GAME}"' in block and f'href="#/rules/{GAME}"' in block
    assert HUB.sub("", new) == HUB.sub("", old)


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_it_is_in_the_service_workers_precache(copy):
    """The texts reach the browser in app.zip, the rules and board in the
    game's own part (game-<id>.zip), the styles in games.css and page.css; the
    service worker lists each with its hash."""
    build = copy / "static" / "build"
    listed = {f["url"]: f["sha256"] for f in json.loads((build / "precache.json").read_text())["files"]}
    for name in ("app.zip", "games.css", "page.css"):
        assert listed.get(f"static/build/{name}") == _sha(build / name), name
    assert f"/* ---- games/{GAME}/style.css ---- */" in (build / "games.css").read_text(encoding="utf-8")
    assert f".game-{GAME} .art" in (build / "page.css").read_text(encoding="utf-8")
    # what the hub shows in app.zip, the rest in the game's own part (docs/build.md, "The games' parts")
    part = f"game-{GAME}.zip"
    assert listed.get(f"static/build/{part}") == _sha(build / part)

    def folder_in(zip_name: str) -> set[str]:
        with zipfile.ZipFile(build / zip_name) as zf:
            names = set(zf.namelist())
        return {n.split(f"spieltisch/games/{GAME}/", 1)[1] for n in names if n.startswith(f"spieltisch/games/{GAME}/")}

    core, own = folder_in("app.zip"), folder_in(part)
    assert {"__init__.py", "texts.py"} <= core and not {"rules.py", "board.py"} & core
    assert {"rules.py", "board.py", "diagram.py", "clauses.py", "tryit.json"} <= own and not {"texts.py"} & own
    assert not {"rules.md", "blog.md", "style.css"} & (core | own)  # the docs stay out; the style is in games.css
    assert listed.get("index.html") == _sha(copy / "index.html")  # the hub with the new card, too


def test_it_is_in_the_wheel(copy):
    build = copy / "static" / "build"
    wheel = json.loads((build / "manifest.json").read_text())["wheel"]["file"]
    with zipfile.ZipFile(build / wheel) as zf:
        names = set(zf.namelist())
    for name in ("__init__.py", "rules.py", "board.py", "texts.py", "diagram.py", "clauses.py", "tryit.json"):
        assert f"spieltisch/games/{GAME}/{name}" in names, name
    assert not {f"spieltisch/games/{GAME}/{name}" for name in ("rules.md", "blog.md", "style.css")} & names
    assert f"static/build/{wheel}" in {f["url"] for f in json.loads((build / "precache.json").read_text())["files"]}


def _games_named(node_id: str, games: set[str]) -> set[str]:
    params = node_id.split("[", 1)[1].rstrip("]") if "[" in node_id else ""
    return set(re.split(r"[-:/,\[\] ]", params)) & games


def test_every_per_game_suite_collects_it(copy):
    """Collected in the copy: every test module whose tests name each of the
    five games by parameter names the new one too; and those are the
    suites about every game (controller, accessibility, keyboard-only,
    follow, resume, embed, blogging, texts, try-it, contract, layout, ...)."""
    proc = run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests"], copy)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    games = {*registry.GAME_IDS, GAME}
    per_module: dict[str, set[str]] = {}
    for line in proc.stdout.splitlines():
        if "::" in line:
            per_module.setdefault(line.split("::", 1)[0], set()).update(_games_named(line, games))
    suites = sorted(m for m, named in per_module.items() if set(registry.GAME_IDS) <= named)
    missed = [m for m in suites if GAME not in per_module[m]]
    assert not missed, f"per-game suites that did not pick up the new game: {missed}"
    for suite in ("tests/ui/test_controller.py", "tests/browser/test_a11y.py", "tests/browser/test_follow.py",
                  "tests/ui/test_follow.py", "tests/browser/test_resume.py", "tests/ui/test_position.py",
                  "tests/diagram/test_embed_snippets.py", "tests/ui/test_i18n.py", "tests/games/test_tryit.py",
                  "tests/core/test_contract.py", "tests/test_layout.py", "tests/browser/test_tryit_browser.py",
                  "tests/review/test_scenarios.py"):
        assert suite in suites, f"{suite} is not a per-game suite any more"
    assert f"tests/games/test_{GAME}.py" in per_module and f"tests/browser/test_app_{GAME}.py" in per_module


def test_the_check_finds_it_complete(copy):
    """``python -m spieltisch check tiny`` in the copy: every piece, the texts,
    the contract, and the game's own and generic CPython tests pass."""
    proc = run([sys.executable, "-m", "spieltisch", "check", GAME, "--no-browser"], copy)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-4000:]
    assert "pieces: ok" in out and "texts: ok" in out and "contract: ok" in out and f"{GAME}: complete" in out
    ran = re.search(r"tests: (\d+) for tiny", out)
    assert ran and int(ran.group(1)) >= 40, out[-2000:]
    assert re.search(r"\b(\d+) passed", out) and " failed" not in out


def test_the_check_names_a_missing_piece(copy, tmp_path):
    """Without its diagram.py the game is told what needs one, in words."""
    src = tmp_path / "src"
    shutil.copytree(copy / "src", src, ignore=SKIP)
    (src / "spieltisch" / "games" / GAME / "diagram.py").unlink()
    proc = run([sys.executable, "-m", "spieltisch", "check", GAME, "--no-tests"], tmp_path)
    assert proc.returncode == 1
    assert "no diagram.py: the share panel, replays and blogging need one" in proc.stdout, proc.stdout
