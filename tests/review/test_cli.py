"""``python -m spieltisch review SAVE.json [--seat N] [-o chart.svg]``: the
engine's numbers as a table, the chart as a file, plain errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from spieltisch.__main__ import main
from spieltisch.review import review, settings_for
from spieltisch.review.chart import chart_svg

SRC = Path(__file__).resolve().parents[2] / "src"


def test_the_table_has_the_engines_numbers(hexen_game, tmp_path, capsys):
    save = tmp_path / "game.json"
    save.write_text(hexen_game.to_save_text(), encoding="utf-8")
    svg = tmp_path / "chart.svg"
    assert main(["review", str(save), "--seat", "1", "-o", str(svg), "--playouts", "8"]) == 0
    out = capsys.readouterr().out.splitlines()
    res = review(hexen_game, 0, settings_for("hexen_cocktail", playouts=8))
    lines = [ln for ln in out[2:] if ln[:4].strip().isdigit() and len(ln.split()) >= 5][: res["total"]]
    assert len(lines) == res["total"]
    for ln, r in zip(lines, res["decisions"]):
        cells = ln.split()
        assert cells[2] == r["played"]
        assert float(cells[3]) == round(r["value_played"] * 100, 1)
        assert float(cells[4]) == round(r["value_best"] * 100, 1)
        assert float(cells[5]) == round(r["drop"] * 100, 1)
    assert svg.read_text(encoding="utf-8") == chart_svg(res, "en", name=hexen_game.seats[0].name)


def test_json_output_is_the_result(hexen_game, tmp_path, capsys):
    save = tmp_path / "game.json"
    save.write_text(hexen_game.to_save_text(), encoding="utf-8")
    assert main(["review", str(save), "--seat", "2", "--playouts", "6", "--seed", "3", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got == review(hexen_game, 1, settings_for("hexen_cocktail", playouts=6, seed=3))


def test_bad_input_is_a_one_line_message(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "spieltisch-save"', encoding="utf-8")
    for args in ([str(bad)], [str(bad), "--seat", "9"]):
        p = subprocess.run([sys.executable, "-m", "spieltisch", "review", *args], capture_output=True, text=True,
                           env={"PYTHONPATH": str(SRC)}, timeout=60)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


def test_a_seat_that_is_not_there(hexen_game, tmp_path, capsys):
    save = tmp_path / "game.json"
    save.write_text(hexen_game.to_save_text(), encoding="utf-8")
    assert main(["review", str(save), "--seat", "3"]) == 2
    assert "seat 3" in capsys.readouterr().err
