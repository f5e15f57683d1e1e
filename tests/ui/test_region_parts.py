"""Regions in parts (render/parts.py): a re-render replaces only what changed."""

from spieltisch.render.parts import first_tag_patch, part, patch_plan, split


def test_split_empties_the_parts_and_keeps_their_html():
    html = '<div a="1"><svg>' + part("x", "<b>1</b>") + "<i/>" + part("y", "") + "</svg></div>"
    first, rest, parts = split(html)
    assert first == '<div a="1">'
    assert parts == {"x": ('<g data-part="x">', "<b>1</b>"), "y": ('<g data-part="y">', "")}
    assert "<b>1</b>" not in rest and 'data-part="x"' not in rest and "<!--/x--></g>" in rest


def test_a_changed_part_alone_is_replaced():
    old = "<div><svg>" + part("x", "<b>1</b>") + part("y", "<c/>") + "</svg></div>"
    new = "<div><svg>" + part("x", "<b>2</b>") + part("y", "<c/>") + "</svg></div>"
    assert patch_plan(old, new) == (None, {"x": {"html": "<b>2</b>"}})


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


def test_a_part_changed_only_in_its_first_elements_attributes_gets_those_set():
    """A field that became a choice keeps its drawing: only its attributes change."""
    body = '<circle r="4"/><text>2</text></g>'
    old = "<div><svg>" + part("f", '<g class="f" role="img">' + body) + "</svg></div>"
    new = "<div><svg>" + part("f", '<g class="f is-choice" data-action="fly:AB" tabindex="0">' + body) + "</svg></div>"
    assert patch_plan(old, new) == (None, {"f": {"first": {"class": "f is-choice", "data-action": "fly:AB", "tabindex": "0"}}})


def test_a_part_whose_drawing_changed_is_replaced_whole():
    old = "<svg>" + part("f", '<g class="f"><circle r="4"/></g>') + "</svg>"
    new = "<svg>" + part("f", '<g class="f is-top"><circle r="5"/></g>') + "</svg>"
    assert patch_plan(old, new) == (None, {"f": {"html": '<g class="f is-top"><circle r="5"/></g>'}})


def test_first_tag_patch_only_for_the_same_element():
    assert first_tag_patch('<g a="1"><b/></g>', '<g a="2"><b/></g>') == {"a": "2"}
    assert first_tag_patch('<line x="1"/>', '<line x="2" y="&quot;3&quot;"/>') == {"x": "2", "y": '"3"'}
    assert first_tag_patch('<g a="1"><b/></g>', '<p a="1"><b/></g>') is None  # another element
    assert first_tag_patch('<g a="1"/>', '<g a="1">') is None  # self-closing or not
    assert first_tag_patch("", '<g a="1">') is None  # an empty part gets HTML
    assert first_tag_patch('<g a="1">', "text") is None
    assert first_tag_patch("<!--x--><g>", "<!--y--><g>") is None  # a comment is not an element


def test_a_parts_own_attributes_are_set_and_its_inside_left_alone():
    """A seat that became the active one: the wrapper's attributes change, not what it holds."""
    old = "<ul>" + part("s1", "<b>Ann</b>", "li", ' class="seat"') + part("s2", "<b>Bo</b>", "li", ' class="seat is-active"') + "</ul>"
    new = "<ul>" + part("s1", "<b>Ann</b>", "li", ' class="seat is-active"') + part("s2", "<b>Bo</b>", "li", ' class="seat"') + "</ul>"
    assert patch_plan(old, new) == (None, {"s1": {"attrs": {"class": "seat is-active", "data-part": "s1"}},
                                           "s2": {"attrs": {"class": "seat", "data-part": "s2"}}})
    both = "<ul>" + part("s1", "<b>Ann 3</b>", "li", ' class="seat"') + part("s2", "<b>Bo</b>", "li", ' class="seat is-active"') + "</ul>"
    assert patch_plan(old, both) == (None, {"s1": {"html": "<b>Ann 3</b>"}})
    # another wrapper element, or the parts in another order: the region whole
    assert patch_plan(old, "<ul>" + part("s1", "<b>Ann</b>", "ol") + part("s2", "<b>Bo</b>", "li") + "</ul>") is None
    assert patch_plan(old, "<ul>" + part("s2", "<b>Bo</b>", "li", ' class="seat is-active"')
                      + part("s1", "<b>Ann</b>", "li", ' class="seat"') + "</ul>") is None


def test_a_gone_part_alone_is_removed():
    """A card played from a hand keyed by card: the parts left keep their
    order and the skeleton is the same but for the gone part's place."""
    cards = {k: part(k, f"<i>{k}</i>", "button", ' class="c"') for k in ("a", "b", "c")}
    old = '<div><p>' + cards["a"] + cards["b"] + cards["c"] + "</p>" + part("pass", "P", "button") + "</div>"
    new = '<div><p>' + cards["a"] + cards["c"] + "</p>" + part("pass", "P", "button") + "</div>"
    assert patch_plan(old, new) == (None, {"b": {"remove": True}})
    both = new.replace("<i>c</i>", "<i>C</i>")
    assert patch_plan(old, both) == (None, {"b": {"remove": True}, "c": {"html": "<i>C</i>"}})
    # a new part, the parts in another order, or more than a part's place gone: whole
    assert patch_plan(new, old) is None
    assert patch_plan(old, '<div><p>' + cards["c"] + cards["a"] + "</p>" + part("pass", "P", "button") + "</div>") is None
    assert patch_plan(old, '<div><p>' + cards["a"] + cards["c"] + "</p><b/>" + part("pass", "P", "button") + "</div>") is None
