"""Regions in parts (render/parts.py): a re-render replaces only what changed."""

from spieltisch.render.parts import part, patch_plan, split


def test_split_empties_the_parts_and_keeps_their_html():
    html = '<div a="1"><svg>' + part("x", "<b>1</b>") + "<i/>" + part("y", "") + "</svg></div>"
    first, rest, parts = split(html)
    assert first == '<div a="1">'
    assert parts == {"x": "<b>1</b>", "y": ""}
    assert "<b>1</b>" not in rest and '<g data-part="x">' in rest


def test_a_changed_part_alone_is_replaced():
    old = "<div><svg>" + part("x", "<b>1</b>") + part("y", "<c/>") + "</svg></div>"
    new = "<div><svg>" + part("x", "<b>2</b>") + part("y", "<c/>") + "</svg></div>"
    assert patch_plan(old, new) == (None, {"x": "<b>2</b>"})


def test_first_tag_attributes_are_set_one_by_one():
    old = '<div class="b" data-board data-phase="spin">' + part("x", "1") + "</div>"
    new = '<div class="b" data-board data-phase="fly&amp;">' + part("x", "1") + "</div>"
    attrs, changed = patch_plan(old, new)
    assert attrs == {"class": "b", "data-board": "", "data-phase": "fly&"}
    assert changed == {}


def test_another_skeleton_replaces_the_whole_region():
    old = "<div><svg>" + part("x", "1") + "</svg></div>"
    assert patch_plan(old, "<div><svg>" + part("x", "1") + "<rect/></svg></div>") is None
    assert patch_plan(old, "<div><svg>" + part("z", "1") + "</svg></div>") is None
    assert patch_plan(old, "<p><svg>" + part("x", "1") + "</svg></p>") is None
    assert patch_plan("<div>no parts</div>", "<div>no parts either</div>") is None
