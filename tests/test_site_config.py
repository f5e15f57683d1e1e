"""Static checks of the site's runtime configuration and vendored files.

Cheap guards for the things that would otherwise only show up in a browser:
PyScript falling back to its CDN interpreter, an empty ``packages`` list
pulling in micropip, a lock file whose hashes do not match the vendored
micropip/packaging wheels.
"""

import hashlib
import json
import re
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PYODIDE = REPO / "static" / "vendor" / "pyodide"


def local_path(ref: str) -> Path:
    assert "://" not in ref, f"{ref!r} is not a local path"
    return REPO / ref.removeprefix("./").removeprefix("/")


def test_pyscript_toml_uses_vendored_runtime():
    config = tomllib.loads((REPO / "pyscript.toml").read_text())
    # Without `interpreter` PyScript imports Pyodide from its CDN.
    assert "interpreter" in config
    assert local_path(config["interpreter"]).is_file()
    # `packages = []` still makes PyScript load micropip; omit it instead.
    if "packages" in config:
        assert config["packages"], "empty `packages` loads micropip for nothing"
        for pkg in config["packages"]:
            assert "://" not in pkg
    for source in config.get("files", {}):
        assert local_path(source).is_file(), source


def test_shells_inline_the_same_config():
    """index.html and embed.html carry PyScript's config inline (no fetch of
    pyscript.toml, no TOML parser before the runtime starts; issue 15): the
    same interpreter and [files] as pyscript.toml, which stays for other pages."""
    toml = tomllib.loads((REPO / "pyscript.toml").read_text())
    for page in ("index.html", "embed.html"):
        text = (REPO / page).read_text(encoding="utf-8")
        found = re.findall(r"""<script type="py" src="\./src/app/main\.py" config='([^']+)'></script>""", text)
        assert len(found) == 1, page
        inline = json.loads(found[0])
        assert inline["interpreter"] == toml["interpreter"] and inline["files"] == toml["files"], page
        assert all(p.startswith("!") and p != "!error" for p in inline.get("plugins", [])), page


@pytest.mark.parametrize("name", ["micropip", "packaging"])
def test_lock_file_matches_vendored_wheels(name):
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    entry = lock["packages"][name]
    wheel = PYODIDE / entry["file_name"]
    assert wheel.is_file()
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]


def test_build_manifest_matches_outputs():
    build = REPO / "static" / "build"
    manifest = json.loads((build / "manifest.json").read_text())
    for key in ("wheel", "app_zip"):
        item = manifest[key]
        data = (build / item["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == item["sha256"]
    assert (
        manifest["wheel"]["file"]
        == f"spieltisch-{manifest['version']}-py3-none-any.whl"
    )


def test_interpreter_module_is_the_local_pyodide():
    """static/js/runtime.mjs (PyScript's `interpreter`) imports nothing but the
    vendored pyodide.mjs, from no other host, and hands PyScript the instance
    it started (issue 15: the runtime's start overlaps PyScript's)."""
    config = tomllib.loads((REPO / "pyscript.toml").read_text())
    module = local_path(config["interpreter"])
    text = module.read_text(encoding="utf-8")
    imports = re.findall(r"""^import .* from "([^"]+)";""", text, re.MULTILINE)
    assert imports == ["../vendor/pyodide/pyodide.mjs"]
    assert (module.parent / imports[0]).resolve() == (PYODIDE / "pyodide.mjs").resolve()
    assert "://" not in text.replace("import.meta.url", "")
    assert "export async function loadPyodide" in text and "export { version }" in text
