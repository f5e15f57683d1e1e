"""Is a game complete? ``python -m spieltisch check <id>`` (docs/adding-a-game.md).

    python -m spieltisch check ID [--no-browser] [--no-tests]

1. **Pieces**: every part of the game's folder and its own tests; each
   missing one is named with what needs it ("no diagram.py: the share panel,
   replays and blogging need one").
2. **Texts**: everything the rules can say has its EN and DE text: refusal
   codes, rule ids (the clause ids of the game's ``rules.md``, the prefixes
   taken from there), log lines and end reasons. They are found in the
   rules' source by the conventions T1-T4 of docs/adding-a-game.md
   ("What the rules say"), and then in seeded random games, which also
   meet what the source builds at run time (Saus und Braus's
   ``now-<step>`` refusals). A broken convention is named as such.
3. **The contract** (``spieltisch.core.contract.check_game``) at the least,
   a middle and the most players.
4. **Tests** (from a checkout): the game's own test files and every generic
   suite's tests for this game -- each test whose parameters name the game
   -- run by pytest; the browser's too unless ``--no-browser`` (after the
   build, which they need).

The functions besides :func:`main` are what the test suite runs too
(tests/ui/test_i18n.py, tests/test_layout.py, tests/test_registry.py), so
the command and the suite never disagree. Layer 5 (docs/README.md): it
reads the catalogue, the boards and the try-it data.

Why this size (~420 lines): the four steps read the same folder and speak
in the same words (the piece and what needs it, the fix); split up, each
part would only be read together with the others.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from . import games as registry
from .core.contract import check_game
from .core.errors import IllegalActionError
from .core.game import CHANCE
from .core.rng import Rng, mix_seed
from .i18n import LANGS, has

BOARD_FUNCTIONS = ("board", "hand", "seat_info", "prompt", "param", "final")
RULES_SIDE_SKIP = ("board.py", "texts.py", "diagram.py")  # the rest of a folder's .py is its rules side

# A folder's pieces: file -> what needs it (the words a missing piece is named with).
PIECES = {
    "__init__.py": "the registry imports GAME from it (the rules object, docs/engine.md)",
    "rules.py": "the rules: every other piece is built on them (docs/engine.md)",
    "board.py": "the play screen draws the game with it (docs/ui.md, \"Adding a game's board\")",
    "texts.py": "the hub card, the rules panel, refusals and log lines need their EN and DE texts",
    "diagram.py": "the share panel, replays and blogging need one (docs/blogging.md, \"For game authors\")",
    "style.css": "the board's look and the hub card's art (bundled into static/build/games.css)",
    "clauses.py": "\"Try it\" and the guided first game say with it which rule a move brings (docs/tryit.md)",
    "tryit.json": "every clause of rules.md needs a \"Try it\" position or a reason (docs/tryit.md)",
    "rules.md": "the rules as built: the clause ids that refusals, the rules panel and the tests name",
    "blog.md": "the worked example for rules bloggers (docs/blogging.md)",
    "cover.svg": "the hub tile's cover drawing, drawn by the project (docs/ui.md, \"Art conventions\")",
}
OWN_TESTS = {
    "tests/games/test_{id}.py": "one scenario test per rule clause, the clause id in its name or docstring",
    "tests/browser/test_app_{id}.py": "a whole game against bots by clicks in the real page",
}


def repo_root() -> Path | None:
    """The checkout this package runs from (None for an installed wheel)."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "tests").is_dir() and (root / "pyproject.toml").is_file() else None


# ---- 1. pieces ----------------------------------------------------------------------------


def missing_pieces(game_id: str, root: Path | None = None) -> list[str]:
    """What the game lacks, each in words: the piece and what needs it."""
    from .diagram import PENDING
    from .ui import covers, tryit

    if game_id not in registry.GAMES:
        folder = Path(registry.__file__).resolve().parent / game_id
        out = [f"{game_id} is not in the registry: add the line \"{game_id}\", to _BUILT in "
               f"src/spieltisch/games/__init__.py (the hub, the catalogue and every generic test follow it)"]
        if not folder.is_dir():
            return [*out, f"no folder src/spieltisch/games/{game_id}/: a game is one folder (docs/adding-a-game.md)"]
        return out + [f"no {name}: {why}" for name, why in PIECES.items() if not (folder / name).is_file()]
    folder = registry.folder(game_id)
    out = []
    for name, why in PIECES.items():
        if name == "diagram.py" and game_id in PENDING:
            continue
        if not (folder / name).is_file():
            out.append(f"no {name}: {why}")
    try:
        game = registry.GAMES[game_id]
    except Exception as err:
        return [*out, f"__init__.py: GAME does not load ({type(err).__name__}: {err}): {PIECES['__init__.py']}"]
    if game.info.id != game_id:
        out.append(f"rules.py: the game's info.id is {game.info.id!r}: it must be the folder's name, {game_id!r}")
    if (folder / "board.py").is_file():
        board = registry.part(game_id, "board")
        lacking = [fn for fn in BOARD_FUNCTIONS if not callable(getattr(board, fn, None))]
        if lacking:
            out.append(f"board.py has no {', '.join(lacking)}(): {PIECES['board.py']} (API: src/spieltisch/ui/boards.py)")
        if not getattr(board, "RULE_IDS", None):
            out.append("board.py has no RULE_IDS: the rules panel lists its sections from it")
    if (folder / "texts.py").is_file():
        texts = registry.part(game_id, "texts")
        tables = {lang: getattr(texts, lang.upper(), None) for lang in LANGS}
        for lang, table in tables.items():
            if not isinstance(table, dict):
                out.append(f"texts.py has no {lang.upper()} dict: {PIECES['texts.py']}")
            elif not (table.get(f"game.{game_id}.title") and table.get(f"game.{game_id}.blurb")):
                out.append(f"texts.py {lang.upper()} has no game.{game_id}.title and .blurb: the hub card shows them")
        if all(isinstance(t, dict) for t in tables.values()) and len({frozenset(t) for t in tables.values()}) > 1:
            keys = set.union(*(set(t) for t in tables.values())) - set.intersection(*(set(t) for t in tables.values()))
            out.append(f"texts.py: EN and DE do not have the same keys ({sorted(keys)[:4]}): every text in both")
    if (folder / "diagram.py").is_file() and game_id not in PENDING:
        diagram = registry.part(game_id, "diagram")
        if not (callable(getattr(diagram, "figure", None)) and isinstance(getattr(diagram, "CSS", None), str)):
            out.append(f"diagram.py has no figure() and CSS: {PIECES['diagram.py']}")
    css = folder / "style.css"
    if css.is_file() and f".game-{game_id} .art" not in css.read_text(encoding="utf-8"):
        out.append(f"style.css has no .game-{game_id} .art: the hub card's picture")
    clauses: list[str] = []
    if (folder / "rules.md").is_file():
        clauses = tryit.clause_ids((folder / "rules.md").read_text(encoding="utf-8"))
        if not clauses:
            out.append("rules.md defines no clause id (**[<prefix>.<clause>]**): refusals, the rules panel, "
                       "\"Try it\" and the tests name its clauses")
    if (folder / "clauses.py").is_file():
        mod = tryit.clauses_module(game_id)
        if mod is None or not callable(getattr(mod, "clauses", None)):
            out.append(f"clauses.py has no clauses(before, player, action, after): {PIECES['clauses.py']}")
    if (folder / "tryit.json").is_file() and clauses:
        try:
            gaps = [c for c in clauses if not tryit.entry(game_id, c)
                    or not ("position" in tryit.entry(game_id, c) or "reason" in tryit.entry(game_id, c))]
        except (ValueError, tryit.TryItError) as err:
            out.append(f"tryit.json does not load ({err}): {PIECES['tryit.json']}")
        else:
            if gaps:
                out.append(f"tryit.json has no position and no reason for {gaps[:5]}"
                           f"{' …' if len(gaps) > 5 else ''}: run python3 tools/find_tryit.py --game {game_id}")
    cover = covers.source(game_id)
    if cover is not None:
        out += [f"cover.svg: {p}: {PIECES['cover.svg']}" for p in covers.problems(cover)]
    blog = folder / "blog.md"
    if blog.is_file():
        text = blog.read_text(encoding="utf-8")
        lacking = [w for w in ("python -m spieltisch diagram", "Marks:", "Moves:") if w not in text]
        if lacking:
            out.append(f"blog.md has no {lacking}: {PIECES['blog.md']}")
    if root is not None:
        out += _missing_tests(game_id, root, clauses)
    return out


def own_test_files(game_id: str, root: Path) -> list[Path]:
    """The game's own tests: ``test_<id>.py``, ``test_<id>_<what>.py``, ``test_app_<id>.py``."""
    name = re.compile(rf"test_(app_)?{re.escape(game_id)}(_[a-z0-9]+)?\.py")
    return sorted(p for p in (root / "tests").rglob("test_*.py") if name.fullmatch(p.name))


def _missing_tests(game_id: str, root: Path, clauses: list[str]) -> list[str]:
    out = [f"no {rel.format(id=game_id)}: {why}" for rel, why in OWN_TESTS.items()
           if not (root / rel.format(id=game_id)).is_file()]
    text = "".join(p.read_text(encoding="utf-8") for p in own_test_files(game_id, root))
    unnamed = [c for c in clauses if c not in text]
    if unnamed and text:
        out.append(f"no test names the clauses {unnamed[:5]}{' …' if len(unnamed) > 5 else ''}: each rule gets "
                   f"a scenario test with its clause id in the name or docstring (tests/games/test_{game_id}.py)")
    return out


# ---- 2. texts -----------------------------------------------------------------------------


def rules_sources(game_id: str) -> dict[str, str]:
    """The rules side of the folder (every .py but board, texts, diagram): name -> source."""
    folder = registry.folder(game_id)
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")) if p.name not in RULES_SIDE_SKIP}


def _call_name(node: ast.Call) -> str | None:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def said(game_id: str, sources: dict[str, str], prefixes: Iterable[str]) -> dict:
    """What the rules' source says, by conventions T1-T4 (docs/adding-a-game.md):
    ``codes``, ``rules`` (rule ids), ``log`` and ``end`` keys, and ``broken``:
    each place a convention is broken, as "file:line: what (Tn)"."""
    prefixes = set(prefixes)
    rule_id = re.compile(rf"^(?:{'|'.join(re.escape(p) for p in sorted(prefixes))})(?:\.[a-z0-9_]+)+$")
    log, end = f"{game_id}.log.", f"{game_id}.end."
    whole = re.compile(rf"^{re.escape(game_id)}\.(?:log|end)\.[a-z0-9_]*[a-z0-9]$")  # not a head like "x.log.right_"
    found: dict = {"codes": set(), "rules": set(), "log": set(), "end": set(), "built": [], "broken": []}
    for name, source in sources.items():
        tree = ast.parse(source, name)
        # Illegal(code, ...) inside the helper ``_illegal`` passes the helper's arguments on
        in_helper = {id(n) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name == "_illegal"
                     for n in ast.walk(fn)}
        for node in ast.walk(tree):
            where = f"{name}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Call) and _call_name(node) in ("Illegal", "_illegal") and node.args:
                code = node.args[0]
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    found["codes"].add(code.value)
                elif id(node) not in in_helper:
                    found["built"].append(f"{where}: the refusal code {ast.unparse(code)} is built at run time "
                                          "(T1: checked only where random games reach it)")
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if text.startswith((log, end)):  # first: a game whose clause prefix is its id
                    if whole.match(text):
                        found["log" if text.startswith(log) else "end"].add(text)
                elif rule_id.match(text):
                    found["rules"].add(text)
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.right, ast.Constant):
                left = node.left
                if isinstance(left, ast.Name) and _assigned(tree, left.id) == log and isinstance(node.right.value, str):
                    found["log"].add(log + node.right.value)
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                head = str(node.values[0].value)
                if head.startswith((log, end)):
                    what = "a log key" if head.startswith(log) else "an end reason"
                    found["built"].append(f"{where}: {what} built at run time, {ast.unparse(node)} "
                                          f"(T{3 if what == 'a log key' else 4}: checked only where random games reach it)")
                elif head.endswith(".") and (head[:-1] in prefixes or rule_id.match(head[:-1])):
                    found["broken"].append(f"{where}: a rule id built from parts, {ast.unparse(node)} "
                                           "(T2: write each rule id whole, e.g. \"x.clause\")")
    return found


def _assigned(tree: ast.AST, name: str) -> str | None:
    """The string literal ``name`` is assigned somewhere in the module, if any."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return node.value.value
    return None


def text_problems(game_id: str, *, sources: dict[str, str] | None = None, doc: str | None = None,
                  rule_ids: Iterable[str] | None = None, known: Callable[[str, str], bool] = has) -> list[str]:
    """Rule ids and texts as the source says them (T1-T4); each problem names
    the game, the piece and the fix. Arguments default to the game's own files
    (a test passes a broken copy)."""
    from .ui import tryit

    sources = rules_sources(game_id) if sources is None else sources
    doc = tryit.rules_doc(game_id).read_text(encoding="utf-8") if doc is None else doc
    clauses = tryit.clause_ids(doc)
    if not clauses:
        return [f"{game_id}: rules.md defines no clause id. Fix: mark each clause **[<prefix>.<clause>]**"]
    rule_ids = set(registry.part(game_id, "board").RULE_IDS if rule_ids is None else rule_ids)
    found = said(game_id, sources, sorted({c.split(".")[0] for c in clauses}))
    out = [f"{game_id}: {b}. Fix: docs/adding-a-game.md, \"What the rules say\"" for b in found["broken"]]
    if not found["codes"]:
        out.append(f"{game_id}: no refusal code found in the rules. Fix: refuse with Illegal(\"<code>\", \"<rule id>\", "
                   "message) or a helper _illegal(\"<code>\", ...) (T1)")
    for rid in sorted(found["rules"] - set(clauses)):
        out.append(f"{game_id}: the rules use the rule id {rid!r}, which rules.md does not define. "
                   f"Fix: add a **[{rid}]** clause to rules.md, or correct the id")
    for rid in sorted(set(clauses) - rule_ids):
        out.append(f"{game_id}: rules.md's clause {rid!r} is not in board.py's RULE_IDS. Fix: add it there "
                   "(the rules panel's sections)")
    for rid in sorted(rule_ids - set(clauses) - {"core.chance"}):
        out.append(f"{game_id}: board.py's RULE_IDS has {rid!r}, which rules.md does not define. "
                   f"Fix: add a **[{rid}]** clause to rules.md, or take it out of RULE_IDS")
    wanted = [(f"rules.{rid}.{part}", f"the rules panel's section {rid}") for rid in sorted(rule_ids)
              for part in ("title", "body")]
    wanted += [(f"{game_id}.illegal.{code}", f"the refusal {code!r}") for code in sorted(found["codes"])
               if not known(f"core.illegal.{code}", "en")]  # the match's own texts serve a game too (ui/play.py)
    wanted += [(key, "a log line") for key in sorted(found["log"])]
    wanted += [(key, "an end reason") for key in sorted(found["end"])]
    out += _missing_texts(game_id, wanted, known)
    return out


def _missing_texts(game_id: str, wanted: Iterable[tuple[str, str]], known: Callable[[str, str], bool]) -> list[str]:
    out = []
    for key, what in wanted:
        langs = [lang for lang in LANGS if not known(key, lang)]
        if langs:
            out.append(f"{game_id}: no text {key!r} ({what}) in {', '.join(langs).upper()}. "
                       f"Fix: add it to games/{game_id}/texts.py, EN and DE")
    return out


def sampled_text_problems(game_id: str, *, games: int = 3, known: Callable[[str, str], bool] = has) -> list[str]:
    """Seeded random games at the least and the most players: every log line
    (for every viewer), refusal (actions legal elsewhere, tried here, and by
    a seat out of turn) and end reason met has its text; refusals name a
    rule id of the board's RULE_IDS. What the source builds at run time is
    checked here."""
    game = registry.GAMES[game_id]
    rule_ids = set(registry.part(game_id, "board").RULE_IDS)
    wanted: dict[str, str] = {}
    bad_rules: set[tuple[str, str]] = set()
    info = game.info
    for players in sorted({info.min_players, info.max_players}):
        for seed in range(games):
            rng = Rng(mix_seed(seed, "check-texts", game_id))
            s = game.new_state(players, None)
            pool: list = []
            for _step in range(info.max_length + 1):
                p = game.current_player(s)
                if p is None:
                    break
                if p == CHANCE:
                    outs = game.chance_outcomes(s)
                    a = outs[rng.below(len(outs))][0]
                else:
                    acts = game.legal_actions(s, p)
                    pool = (pool + acts[:3])[-40:]
                    tries = [(q, b) for b in pool[-12:] for q in (p, (p + 1) % players)]
                    for q, b in tries:
                        why = game.check(s, q, b)
                        if why is not None:
                            if not known(f"core.illegal.{why.code}", "en"):
                                wanted[f"{game_id}.illegal.{why.code}"] = f"the refusal {why.code!r} (e.g. {b})"
                            if why.rule not in rule_ids:
                                bad_rules.add((why.rule, why.code))
                    a = acts[rng.below(len(acts))]
                    for viewer in (None, *range(players)):
                        line = game.describe(s, p, a, viewer)
                        if line is not None:
                            wanted[line[0]] = "a log line"
                s = game.apply_unchecked(s, a)
            if game.current_player(s) is None:
                wanted[game.outcome(s).reason] = "an end reason"
    out = [f"{game_id}: a refusal {code!r} names the rule {rule!r}, not in board.py's RULE_IDS. Fix: name a clause "
           "of rules.md (and list it in RULE_IDS)" for rule, code in sorted(bad_rules)]
    out += _missing_texts(game_id, sorted(wanted.items()), known)
    return out


# ---- 3. the contract ----------------------------------------------------------------------


def contract_problems(game_id: str, seeds: Iterable[int] = range(3)) -> list[str]:
    info = registry.GAMES[game_id].info
    out = []
    for n in sorted({info.min_players, (info.min_players + info.max_players) // 2, info.max_players}):
        try:
            check_game(registry.GAMES[game_id], n, seeds=seeds)
        except (AssertionError, IllegalActionError) as err:
            out.append(f"{game_id}: the engine contract fails at {n} players: {err}. Fix: docs/engine.md")
    return out


# ---- 4. tests -----------------------------------------------------------------------------


def test_ids(game_id: str, root: Path, *, browser: bool = True) -> list[str]:
    """pytest node ids for this game: its own test files, and each test of a
    generic suite whose parameters name the game (``test_x[<id>]``,
    ``[<id>-3]``, ``[<id>:<clause>]``)."""
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests"],
                          cwd=root, capture_output=True, text=True)
    own = {p.relative_to(root).as_posix() for p in own_test_files(game_id, root)}
    ids = []
    for line in proc.stdout.splitlines():
        if "::" not in line:
            continue
        path = line.split("::", 1)[0]
        params = line.split("[", 1)[1].rstrip("]") if "[" in line else ""
        ours = path in own or game_id in re.split(r"[-:/,\[\] ]", params)
        if ours and (browser or not path.startswith("tests/browser/")):
            ids.append(line)
    return ids


def run_tests(ids: list[str], root: Path, *, browser: bool) -> int:
    if browser and any(i.startswith("tests/browser/") for i in ids):
        for tool in ("build.py", "build_sw.py"):  # the browser tests serve the built site
            subprocess.run([sys.executable, str(root / "tools" / tool)], cwd=root, check=True)
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    workers = os.environ.get("SPIELTISCH_WORKERS", "2")  # as scripts/test: 0 runs them in one process
    if workers != "0" and importlib.util.find_spec("xdist") is not None:
        cmd += ["-n", workers, "--dist", "loadgroup"]  # the browser's tests on one worker (tests/conftest.py)
    return subprocess.run(cmd + ids, cwd=root).returncode


def main(game_id: str, *, browser: bool = True, tests: bool = True) -> int:
    root = repo_root()
    print(f"spieltisch check {game_id}")
    problems: list[str] = []
    steps = [("pieces", lambda: missing_pieces(game_id, root)),
             ("texts", lambda: text_problems(game_id) + sampled_text_problems(game_id)),
             ("contract", lambda: contract_problems(game_id))]
    for name, step in steps:
        if name != "pieces" and game_id not in registry.GAMES:
            return 1
        try:
            found = step()
        except Exception as err:
            found = [f"{game_id}: the {name} check crashed: {type(err).__name__}: {err}"]
        _report(name, found)
        problems += found
    code = 0
    if tests and root is None:
        print("tests: not a checkout (no tests/ beside src/): skipped")
    elif tests:
        ids = test_ids(game_id, root, browser=browser)
        print(f"tests: {len(ids)} for {game_id} ({'with' if browser else 'without'} the browser's)")
        code = run_tests(ids, root, browser=browser) if ids else 1
        if not ids:
            problems.append(f"{game_id}: no test collected for it. Fix: tests/games/test_{game_id}.py")
    if problems or code:
        print(f"{game_id}: not complete: {len(problems)} problem(s) above" + (", tests failed" if code else ""))
        return 1
    print(f"{game_id}: complete")
    return 0


def _report(step: str, problems: list[str]) -> None:
    print(f"{step}: {'ok' if not problems else f'{len(problems)} problem(s)'}", *(f"  - {p}" for p in problems),
          sep="\n")
