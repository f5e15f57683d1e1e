"""The family table of stored records and its bounded reader (issue 27;
src/spieltisch/ui/records.py, static/js/records.js, docs/reliability.md).

The key families are found FROM THE CODE that writes them: every string
literal that names a ``spieltisch.…`` storage key in src/ and the page's
scripts must fall into a family, so a new family is covered (or this test
fails) as soon as it is written."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from spieltisch.core.safejson import JsonLimitError
from spieltisch.ui import records
from spieltisch.ui.saves import MemoryStorage

ROOT = Path(__file__).resolve().parents[2]
LITERAL = re.compile(r"""["'`](spieltisch\.[a-z_]+(?:\.[a-z_]+)*\.?)["'`]""")
FORMATTED = re.compile(r"""f["'](spieltisch\.[a-z_]+(?:\.[a-z_]+)*\.)\{""")  # f"spieltisch.x.{slot}"
WRITERS = ("src/spieltisch", "src/app", "static/js", "sw.js", "index.html", "embed.html")


def _is_module(name: str) -> bool:
    """A dotted name of code (a module, or a name in one), not a storage key.
    (A key family under a module's name, e.g. issue 31's
    ``spieltisch.review.<slot>.<seat>``, is found by its writer's ``f"..."``
    literal: ``spieltisch.review.`` followed by a brace is not skipped.)"""
    name = name.rstrip(".")
    for cand in (name, name.rsplit(".", 1)[0]):
        try:
            if cand.count(".") >= 1 and importlib.util.find_spec(cand) is not None:
                return True
        except (ImportError, ValueError):
            continue
    return False


def stored_keys_in_code() -> dict[str, str]:
    """{key or prefix: a file naming it} for every storage key literal in the code."""
    found: dict[str, str] = {}
    for top in WRITERS:
        path = ROOT / top
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.suffix in (".py", ".js", ".mjs"))
        for f in files:
            text = f.read_text(encoding="utf-8")
            for key in LITERAL.findall(text):
                if not _is_module(key) and not key.startswith("spieltisch.games."):
                    found.setdefault(key, str(f.relative_to(ROOT)))
            for key in FORMATTED.findall(text):
                if not key.startswith("spieltisch.games."):
                    found.setdefault(key, str(f.relative_to(ROOT)))
    return found


def test_every_key_the_code_writes_is_in_a_family():
    found = stored_keys_in_code()
    assert len(found) >= 5, found  # the scan must find the writers (saves, snapshots, settings, ...)
    for fam in ("spieltisch.save.", "spieltisch.snap.", "spieltisch.lang", "spieltisch.boot.attempts"):
        assert fam in found, f"the scan missed {fam}"
    unknown = {k: f for k, f in found.items()
               if records.family(k) is None and not any(x.key == k for x in records.FAMILIES)}
    assert not unknown, f"keys with no family in ui/records.py FAMILIES: {unknown}"


def test_the_table_is_well_formed_and_the_build_writes_it_for_the_page():
    assert records.FAMILIES
    for f in records.FAMILIES:
        assert f.kind in records.KINDS and f.type in records.TYPES and f.store in ("local", "session")
        assert f.max_chars > 0 and (f.max_depth > 0) == (f.type == "object")
    assert records.family("spieltisch.save.x").kind == "save"
    assert records.family("spieltisch.snap.x").kind == "derived"
    assert records.family("spieltisch.record").kind == "save"
    assert records.family("spieltisch.record.aside").kind == "save"  # an exact key wins over a prefix
    assert records.family("spieltisch.save.") is None and records.family("other") is None
    built = ROOT / "static" / "build" / "records.js"
    if built.is_file():  # tools/build.py has run (scripts/test builds first)
        line = next(x for x in built.read_text(encoding="utf-8").splitlines() if x.startswith("window.spieltischRecordFamilies"))
        assert json.loads(line.split("=", 1)[1].rstrip(";")) == records.table()


DEEP = '{"v":1,"label":' + "[" * 60_000 + "]" * 60_000 + "}"  # issue 27's probe: 120 kB, depth 60,000


@pytest.mark.parametrize(("text", "code"), [
    (DEEP, "too-deep"),
    ('{"v":1,"label":"' + "x" * 500_000 + '"}', "too-big"),
    ('{"v":1,"label":"\ud800"}', "bad-text"),  # a lone surrogate, raw
    ('{"v":1,"label":"\\ud800x"}', "bad-text"),  # ... and as an escape
    ('{"v":1,"label":"\\udc00"}', "bad-text"),
    ('{"v":1,"label":"ab', "not-json"),  # truncated
    ("[1,2]", "wrong-type"),
    ('"just text"', "wrong-type"),
    ('{"n":' + "9" * 100 + "}", "big-number"),
])
def test_a_bad_snapshot_is_refused_before_parsing_and_dropped_alone(text, code):
    assert records.problem("spieltisch.snap.a", text) == code
    store = MemoryStorage({"spieltisch.snap.a": text, "spieltisch.save.a": '{"keep": 1}'})
    assert records.load(store, "spieltisch.snap.a") is None
    assert "spieltisch.snap.a" not in store.data  # dropped: made again from its save
    assert store.data["spieltisch.save.a"] == '{"keep": 1}'


def test_a_pair_of_surrogates_is_fine_and_a_bad_save_is_never_dropped():
    assert records.problem("spieltisch.snap.a", '{"x":"\\ud83d\\ude00 \U0001f600"}') is None
    store = MemoryStorage({"spieltisch.save.a": DEEP})
    assert records.load(store, "spieltisch.save.a") is None
    assert records.text(store, "spieltisch.save.a") == DEEP  # the save's screen says what is wrong
    assert store.data["spieltisch.save.a"] == DEEP
    with pytest.raises(JsonLimitError):
        records.value("spieltisch.save.a", DEEP)


def test_bad_settings_read_as_absent_and_stay():
    store = MemoryStorage({"spieltisch.lang": "x" * 100, "spieltisch.boot.attempts": "[[1]]",
                           "spieltisch.botspeed": "fa\ud800st"})
    for key in store.data.copy():
        assert records.text(store, key) is None
    assert len(store.data) == 3
    assert records.load(MemoryStorage({"spieltisch.boot.attempts": "2"}), "spieltisch.boot.attempts") == 2


def test_the_snapshot_reader_and_the_hub_survive_the_probe():
    from spieltisch.ui import snapshot
    from ui.helpers import make_save, new_controller

    slot, save = make_save("hexen_cocktail")
    store = MemoryStorage({f"spieltisch.save.{slot}": save, f"spieltisch.snap.{slot}": DEEP})
    assert snapshot.read(store, slot) is None
    assert f"spieltisch.snap.{slot}" not in store.data and store.data[f"spieltisch.save.{slot}"] == save
    store.data[f"spieltisch.snap.{slot}"] = DEEP
    ctl = new_controller(store)
    ctl.navigate("#/")
    assert f'data-save="{slot}"' in ctl.render("screen")
    ctl.navigate(f"#/play/{slot}")
    assert ctl.route == "play" and ctl.match is not None
    assert store.data[f"spieltisch.save.{slot}"] == save
    assert f"spieltisch.snap.{slot}" not in store.data


def test_every_json_reader_refuses_lone_surrogates_saves_imports_and_the_record():
    """core/safejson.parse (saves, imports, links, the record of games) refuses
    text that is not valid UTF-16, as the family reader does."""
    from spieltisch.core.safejson import parse
    from spieltisch.review import record

    for text in ('{"a":"\\ud800"}', '{"a":"\ud800"}', '{"a":"\\udfff x"}'):
        with pytest.raises(JsonLimitError) as err:
            parse(text, max_chars=100)
        assert err.value.code == "bad-text"
    assert parse('{"a":"\\ud83d\\ude00"}', max_chars=100) == {"a": "\U0001f600"}
    rec, notes = record.load_stored(MemoryStorage({record.RECORD_KEY: '{"format":"spieltisch-record","x":"\\ud800"}'}))
    assert notes and rec.entries == []
