"""Blog snippets (spieltisch.diagram.embed, ``python -m spieltisch embed``):
click-to-play figures, puzzle links, replays; and the example pages in
tests/pages/ are the generator's current output."""

from __future__ import annotations

import base64
import importlib.util
from html.parser import HTMLParser
from pathlib import Path

import pytest
from support import registry

from spieltisch import diagram
from spieltisch.__main__ import main as cli_main
from spieltisch.diagram import embed
from spieltisch.ui import position

from .test_diagram import parse, positions

PAGES = Path(__file__).resolve().parents[1] / "pages"


class Elements(HTMLParser):
    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str, dict]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.items.append((tag, dict(attrs)))

    def all(self, tag: str) -> list[dict]:
        return [a for t, a in self.items if t == tag]


def _svg_of(src: str) -> str:
    assert src.startswith("data:image/svg+xml;base64,")
    return base64.b64decode(src.split(",", 1)[1]).decode("utf-8")


def test_a_click_to_play_figure_links_to_its_position_and_carries_the_diagram():
    m = positions("saboteur", 1)[0]
    seat = m.to_act
    code = position.encode(m, seat)
    svg = diagram.render(m, seat)
    html = embed.play_snippet("https://example.org/st/", code, svg, lang="en", caption="Look <here>")
    el = Elements(html)
    (fig,) = el.all("figure")
    assert fig["data-spieltisch-play"] == f"https://example.org/st/embed.html#/position/{code}"
    assert el.all("a")[0]["href"] == f"https://example.org/st/#/position/{code}"
    assert _svg_of(el.all("img")[0]["src"]) == svg  # the very diagram
    assert el.all("script")[0]["src"] == "https://example.org/st/static/js/spieltisch-embed.js"
    assert "Look &lt;here&gt;" in html and "<here>" not in html
    assert "style=" not in html and "<style" not in html  # nothing for the blog's CSP to refuse


def test_puzzle_answers_round_trip_and_bad_payloads_are_refused():
    payload = embed.puzzle_payload(["play:R3:2", "play:B1:1", "play:R3:2"], "Which card?")
    assert embed.read_puzzle(payload) == (["play:B1:1", "play:R3:2"], "Which card?")
    assert embed.split_route(f"1.abc/puzzle/{payload}") == ("1.abc", payload)
    assert embed.split_route("1.abc") == ("1.abc", None)
    for bad in ("", "!!!", "e30", base64.urlsafe_b64encode(b'{"a":[1]}').decode(), "x" * 5000):
        with pytest.raises(embed.PuzzleError):
            embed.read_puzzle(bad)
    with pytest.raises(embed.PuzzleError):
        embed.puzzle_payload([])


def test_a_replay_has_a_frame_and_a_line_per_move_from_one_seats_view():
    m = positions("hexen_cocktail", 1, seed=41)[0]
    frames = embed.replay_frames(m, 1, steps=5)
    assert len(frames) == 6
    assert frames[-1][0] == diagram.render(m, 1)  # the last frame is now
    assert all(line for _, line in frames[1:])
    for svg, _ in frames:
        parse(svg)
        assert 'data-seat="2"' in svg
    html = embed.replay_snippet(m, 1, "/", steps=5, autoplay=True)
    items = Elements(html).all("li")
    assert [_svg_of(a["data-frame"]) for a in items] == [svg for svg, _ in frames]
    assert "data-autoplay" in html


def test_the_command_line_makes_the_same_snippets(tmp_path, capsys):
    m = positions("hexen_cocktail", 1, seed=43)[0]
    seat = m.to_act
    link = f"https://example.org/#/position/{position.encode(m, seat)}"
    answer = m.legal_texts(seat)[0]
    out = tmp_path / "p.html"
    assert cli_main(["embed", link, "--site", "https://example.org", "--puzzle", answer,
                     "--question", "Which one?", "-o", str(out)]) == 0
    route = position.encode(m, seat) + "/puzzle/" + embed.puzzle_payload([answer], "Which one?")
    expected = embed.play_snippet("https://example.org/", route, diagram.render(m, seat, caption="Which one?"),
                                  lang="en")
    assert out.read_text(encoding="utf-8") == expected + "\n"
    assert cli_main(["embed", link, "--site", "/", "--puzzle", "no-such-move"]) == 2
    assert "answer" in capsys.readouterr().err
    assert cli_main(["embed", link, "--site", "/", "--replay", "3", "--no-script"]) == 0
    assert "data-spieltisch-replay" in capsys.readouterr().out


def test_the_example_blog_pages_are_up_to_date():
    spec = importlib.util.spec_from_file_location("make_blog_pages", PAGES / "make_blog_pages.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for name, make in mod.PAGES.items():
        assert (PAGES / name).read_text(encoding="utf-8") == make(), (
            f"tests/pages/{name} is stale: run python3 tests/pages/make_blog_pages.py")


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_each_game_has_its_worked_example_for_bloggers(game_id):
    """games/<id>/blog.md: the game's worked example for rules bloggers (its
    diagram command, its marks and moves), beside its diagram.py (issue 17;
    issue 28: a game's documents sit in its folder)."""
    from spieltisch.games import folder
    from spieltisch.i18n import t

    path = folder(game_id) / "blog.md"
    fix = "write it as docs/blogging.md says (the other games' blog.md show the shape)"
    assert path.is_file(), registry.problem(game_id, "no blog.md (the worked example for bloggers)", fix)
    text = path.read_text(encoding="utf-8")
    title = t("en", f"game.{game_id}.title")
    assert text.startswith(f"# Worked example: {title}\n"), registry.problem(
        game_id, "blog.md does not start with its title line", f"begin it with '# Worked example: {title}'")
    for needed in ("python -m spieltisch diagram", "Marks:", "Moves:"):
        assert needed in text, registry.problem(game_id, f"blog.md has no {needed!r}", fix)


def test_the_blogging_doc_has_a_worked_example_for_the_replay():
    """docs/blogging.md: the replay's worked example (issue 17)."""
    doc = (PAGES.parents[1] / "docs" / "blogging.md").read_text(encoding="utf-8")
    sections = doc.split("\n### ")
    (replay,) = [s for s in sections if s.startswith("Worked example: a ") and "replay" in s.split("\n", 1)[0]]
    assert "#/replay/" in replay and "Watch the replay" in replay and "--replay" in replay
