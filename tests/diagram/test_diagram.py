"""Position diagrams (spieltisch.diagram, games/<id>/diagram.py, python -m
spieltisch diagram): valid self-contained SVG, deterministic, the same from
the library, a decoded link and the command line, and drawn from one seat's
view only. Every test covers every registered game."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import xml.dom.minidom
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from spieltisch import diagram
from spieltisch.__main__ import main as cli_main
from spieltisch.core.match import Match, Seat
from spieltisch.core.rng import Rng
from spieltisch.games import GAMES, part
from spieltisch.ui import position

SVG_NS = "{http://www.w3.org/2000/svg}"
SRC = Path(__file__).resolve().parents[2] / "src"
GAME_IDS = sorted(g for g in GAMES if g not in diagram.PENDING)  # every game with a drawing


def _players(game_id: str, k: int = 0) -> int:
    info = GAMES[game_id].info
    choices = sorted({info.min_players, min(info.max_players, info.min_players + 1), min(info.max_players, 4)})
    return choices[k % len(choices)]


def positions(game_id: str, count: int, seed: int = 1):
    """``count`` matches at random moments of random games (a seat to act)."""
    rnd = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        n = _players(game_id, k)
        m = Match(GAMES[game_id], [Seat(f"Seat{i + 1}") for i in range(n)], seed=rnd.randrange(10**6))
        stop = rnd.randrange(3, 90)
        while not m.is_over and len(m.log) < stop:
            m.play(rnd.choice(m.legal_texts(m.to_act)), m.to_act)
        if not m.is_over:
            out.append(m)
        k += 1
    return out


def parse(svg: str) -> ET.Element:
    xml.dom.minidom.parseString(svg.encode("utf-8"))  # a second, independent parser
    return ET.fromstring(svg)


# ---- every game has one -------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_list_of_games_without_a_diagram_is_exact(game_id):
    """Every registered game has games/<id>/diagram.py, except those named in
    diagram.PENDING (which have none, and say so plainly)."""
    has = (SRC / "spieltisch" / "games" / game_id / "diagram.py").is_file()
    assert has == (game_id not in diagram.PENDING) == diagram.has_drawing(game_id)
    if not has:
        m = Match(GAMES[game_id], [Seat(f"S{i}") for i in range(GAMES[game_id].info.min_players)], seed=1)
        with pytest.raises(diagram.DiagramError) as err:
            diagram.render(m, 0)
        assert err.value.code == "game"
    assert set(GAMES) >= diagram.PENDING


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_registered_game_has_a_diagram_module(game_id):
    mod = part(game_id, "diagram")
    assert callable(mod.figure) and mod.CSS.strip()
    assert (SRC / "spieltisch" / "games" / game_id / "diagram.py").is_file()


# ---- valid, self-contained SVG ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_diagrams_are_valid_self_contained_svg(game_id):
    for m in positions(game_id, 4):
        for seat in range(len(m.seats)):
            svg = diagram.render(m, seat, caption="A caption & <b>not markup</b>")
            root = parse(svg)
            assert root.tag == f"{SVG_NS}svg"
            w, h = float(root.get("width")), float(root.get("height"))
            assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}" and w == 480 and h > 100
            tags = [el.tag.replace(SVG_NS, "") for el in root.iter()]
            assert tags.count("style") == 1 and root[1].tag == f"{SVG_NS}style"
            assert not {"script", "foreignObject", "image", "use", "a", "iframe"} & set(tags)
            for el in root.iter():
                for name, value in el.attrib.items():
                    assert not name.lower().startswith("on"), name
                    assert "href" not in name and name != "id", name
                    assert "url(" not in value and "http" not in value, (name, value)
            style = root[1].text
            assert "url(" not in style and "@import" not in style
            assert "<b>" not in svg and "&lt;b&gt;not markup" in svg
            assert root.find(f"{SVG_NS}title").text.startswith(GAMES[game_id].info.title)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_position_gives_the_same_bytes(game_id):
    """Deterministic; and the live match (the site's share panel) and the
    decoded link (the command line) draw the same file."""
    for m in positions(game_id, 3, seed=7):
        seat = m.to_act
        first = diagram.render(m, seat, lang="de", caption="x")
        assert first == diagram.render(m, seat, lang="de", caption="x")
        decoded, me = position.decode(position.encode(m, seat), GAMES)
        assert me == seat
        assert diagram.render(decoded, me, lang="de", caption="x") == first
        assert diagram.from_text(position.encode(m, seat), lang="de", caption="x") == first


# ---- one seat's view only --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_diagram_depends_only_on_the_seats_view(game_id):
    """Resample everything the seat cannot see (``determinize``, e.g. the other
    hands and roles): the diagram is byte for byte the same. A diagram that drew
    anything hidden from the seat would change with the resampled cards."""
    game = GAMES[game_id]
    rng = Rng(99)
    resampled = 0
    for m in positions(game_id, 12, seed=3):
        names = [s.name for s in m.seats]
        moves = diagram.moves_made(m.log)
        for seat in range(len(m.seats)):
            view = game.view(m.state, seat)
            other = game.determinize(view, seat, rng)
            if game.state_hash(other) != game.state_hash(m.state):
                resampled += 1
            legal = m.legal_texts(seat)
            move = legal[len(legal) // 2] if legal else None
            a = diagram.render_state(game, m.state, seat, names=names, moves=moves, move=move)
            b = diagram.render_state(game, other, seat, names=names, moves=moves, move=move)
            assert a == b, (game_id, seat, len(m.log))
    if not game.info.perfect_information:
        assert resampled > 10  # the check has teeth: hidden parts really differed


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_only_the_seats_own_cards_and_role_are_drawn(game_id):
    """Compared with the state, as the board tests check the DOM: the hand
    cards drawn (``data-card``) are exactly the seat's own hand, a role
    (``data-role``) only the seat's own."""
    game = GAMES[game_id]
    for m in positions(game_id, 10, seed=11):
        for seat in range(len(m.seats)):
            root = parse(diagram.render(m, seat))
            full = game.view(m.state, seat)
            cards = sorted(el.get("data-card") for el in root.iter() if el.get("data-card") is not None)
            assert cards == sorted(str(c) for c in full.get("hand") or [])  # card ids may be numbers
            roles = {el.get("data-role") for el in root.iter() if el.get("data-role") is not None}
            assert roles <= {full.get("role")}
            state_hands = getattr(m.state, "hands", None)
            if state_hands is not None:
                assert cards == sorted(str(c) for c in state_hands[seat])
            state_roles = getattr(m.state, "roles", None)
            if state_roles is not None and roles:
                assert roles == {state_roles[seat]}


def test_saboteur_goal_marks_only_for_the_seats_own_peeks():
    """sab.hidden: a goal card the seat looked at carries its mark; goals that
    only others looked at do not."""
    seen_any = 0
    for m in positions("saboteur", 30, seed=5):
        s = m.state
        for seat in range(len(m.seats)):
            svg = diagram.render(m, seat)
            assert svg.count('class="seen ') == len(s.peeks[seat])
            seen_any += len(s.peeks[seat])
    assert seen_any


# ---- moves, marks, bad input -----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_move_can_be_marked(game_id):
    for m in positions(game_id, 3, seed=13):
        seat = m.to_act
        plain = diagram.render(m, seat)
        for text in m.legal_texts(seat)[:40]:
            svg = diagram.render(m, seat, move=text)
            root = parse(svg)
            classes = " ".join(el.get("class") or "" for el in root.iter())
            assert "dg-mark" in classes or "dg-badge" in classes, text
            assert svg != plain


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_the_seat_cannot_play_is_refused_with_the_rule(game_id):
    m = next(m for m in positions(game_id, 4, seed=17) if len(m.seats) > 1)
    seat = m.to_act
    other = (seat + 1) % len(m.seats)
    legal = m.legal_texts(seat)
    with pytest.raises(diagram.DiagramError) as err:
        diagram.render(m, other, move=legal[0])  # another seat's move could show its cards
    assert err.value.code == "move" and "[" in str(err.value)
    with pytest.raises(diagram.DiagramError) as err:
        diagram.render(m, seat, move="no such move")
    assert err.value.code == "move"


def test_marks_ring_places_and_unknown_marks_are_refused():
    m = positions("hexen_cocktail", 1)[0]
    seat = m.to_act
    card = m.game.view(m.state, seat)["hand"][0]
    svg = diagram.render(m, seat, marks=("row:2", f"hand:{card}"))
    assert svg.count('class="dg-mark"') == 2
    with pytest.raises(diagram.DiagramError) as err:
        diagram.render(m, seat, marks=("row:9",))
    assert err.value.code == "mark"
    sab = positions("saboteur", 1)[0]
    assert diagram.render(sab, sab.to_act, marks=("1,0",)).count('class="dg-mark"') == 1
    with pytest.raises(diagram.DiagramError):
        diagram.render(sab, sab.to_act, marks=("here",))
    bz = positions("brauzeit", 1)[0]
    assert diagram.render(bz, bz.to_act, marks=("c:3", "q:1")).count('class="dg-mark"') == 2
    with pytest.raises(diagram.DiagramError):
        diagram.render(bz, bz.to_act, marks=("c:7",))


def test_bad_sources_seats_and_languages_are_refused():
    with pytest.raises(diagram.DiagramError) as err:
        diagram.from_text("https://example.org/#/position/1.AAAA")
    assert err.value.code == "position"
    with pytest.raises(diagram.DiagramError) as err:
        diagram.from_text("not a link and not a save")
    assert err.value.code == "position"
    m = positions("hexen_cocktail", 1)[0]
    for seat in (-1, len(m.seats), True):
        with pytest.raises(diagram.DiagramError) as err:
            diagram.render(m, seat)
        assert err.value.code == "seat"
    with pytest.raises(diagram.DiagramError):
        diagram.render(m, 0, lang="fr")


def test_hostile_names_are_escaped():
    m = Match(GAMES["saboteur"], [Seat('<img src=x onerror="alert(1)">'), Seat("B&B"), Seat("C")], seed=3)
    svg = diagram.render(m, 0)
    root = parse(svg)
    assert not [el for el in root.iter() if el.tag.endswith("img")]
    assert "B&amp;B" in svg


def test_a_save_is_read_too():
    m = positions("saboteur", 1, seed=23)[0]
    m.seats[0] = Seat(m.seats[0].name, "bot", "easy")
    svg = diagram.from_text(diagram.save_text(m))
    assert 'data-seat="2"' in svg  # the first human seat
    assert diagram.from_text(diagram.save_text(m), seat=2) == diagram.render(m, 2)


def test_link_code_finds_the_code_in_every_link_form():
    code = position.encode(positions("brauzeit", 1)[0], 0)
    for text in (code, f"https://x.org/#/position/{code}", f"https://x.org/embed.html#/position/{code}",
                 f"  https://x.org/sub/#/position/{code}/puzzle/abc \n"):
        assert diagram.link_code(text) == code
    assert diagram.link_code('{"format": "spieltisch-save"}') is None


# ---- the command line ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_command_line_writes_the_librarys_bytes(game_id, tmp_path):
    m = positions(game_id, 1, seed=29)[0]
    seat = m.to_act
    link = f"https://example.org/#/position/{position.encode(m, seat)}"
    move = m.legal_texts(seat)[0]
    out = tmp_path / "fig.svg"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.run([sys.executable, "-m", "spieltisch", "diagram", link, "-o", str(out),
                           "--seat", str(seat + 1), "--move", move, "--caption", "Zug für Zug", "--lang", "de"],
                          check=False, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    expected = diagram.render(m, seat, lang="de", move=move, caption="Zug für Zug")
    assert out.read_bytes() == expected.encode("utf-8")
    parse(out.read_text(encoding="utf-8"))


def test_the_command_line_reads_save_files_and_reports_bad_input(tmp_path, capsys):
    m = positions("hexen_cocktail", 1, seed=31)[0]
    save = tmp_path / "game.json"
    save.write_text(diagram.save_text(m), encoding="utf-8")
    out = tmp_path / "a.svg"
    assert cli_main(["diagram", str(save), "-o", str(out), "--seat", "2", "--mark", "row:1"]) == 0
    assert out.read_text(encoding="utf-8") == diagram.render(m, 1, marks=("row:1",))
    assert cli_main(["diagram", str(save), "--seat", "9"]) == 2
    assert "seat must be" in capsys.readouterr().err
    assert cli_main(["diagram", "1.garbage"]) == 2
    assert "cannot be opened" in capsys.readouterr().err



def test_potions_brew_gathered_cards_are_face_down_unless_the_seat_may_look():
    """potions.hidden / potions.blind: the cards being gathered show their
    ingredient sides only to the witch who may look at them (basic rule,
    Mandrake); to everyone else, and in a blind pick to all, face down."""
    game = GAMES["potions_brew"]
    seen = hidden = 0
    for m in positions("potions_brew", 40, seed=41):
        for seat in range(len(m.seats)):
            view = game.view(m.state, seat)
            svg = diagram.render(m, seat)
            backs = svg.count('class="pb-back"')
            if not view["drawn"]:
                assert backs == 0
            elif view["drawn_seen"]:
                assert backs == 0 and game.sees_drawn(m.state, seat)
                seen += 1
            else:
                assert backs == len(view["drawn"])
                hidden += 1
    assert seen and hidden


def test_saus_und_braus_draws_no_closed_book_and_not_the_record():
    """saus.memory: with every closed book's picture changed and the record of
    earlier openings dropped, the diagram is the same bytes."""
    from dataclasses import replace

    game = GAMES["saus_und_braus"]
    checked = 0
    for m in positions("saus_und_braus", 12, seed=43):
        s = m.state
        closed = [i for i in range(len(s.books)) if i not in s.opened]
        kinds = [s.books[i] for i in closed]
        turned = kinds[1:] + kinds[:1]
        books = list(s.books)
        for i, k in zip(closed, turned):
            books[i] = k
        other = replace(s, books=tuple(books), record=())
        names = [x.name for x in m.seats]
        for seat in range(len(m.seats)):
            a = diagram.render_state(game, s, seat, names=names, moves=0)
            b = diagram.render_state(game, other, seat, names=names, moves=0)
            assert a == b
            checked += 1
        if s.record and books != list(s.books):
            checked += 100
    assert checked > 100
