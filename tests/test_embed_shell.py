"""embed.html is index.html without the site header and hub: the same
stylesheets, scripts, preloads, boot texts and offline note (a game's board
needs its stylesheet in both). A cheap guard against the two shells drifting."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REFS = re.compile(r'<(?:link|script)\b[^>]*?(?:href|src)="([^"]+)"')


def refs(name: str) -> set[str]:
    return set(REFS.findall((REPO / name).read_text(encoding="utf-8")))


def block(name: str, start: str, end: str) -> str:
    text = (REPO / name).read_text(encoding="utf-8")
    i = text.index(start)
    return text[i:text.index(end, i)]


def test_embed_loads_everything_the_site_loads():
    site, embed = refs("index.html"), refs("embed.html")
    site -= {"static/manifest.webmanifest", "static/img/icon-192.png"}  # installing is the site's
    assert site <= embed, f"missing in embed.html: {sorted(site - embed)}"
    assert "static/js/embed.js" in embed


def test_embed_has_the_same_boot_and_offline_blocks():
    for start, end in (('<div id="boot"', "</div>"), ('<div id="offline-note"', "</div>"),
                       ('<div id="safe-mode"', '<div id="safe-note"'), ('<div id="safe-note"', "</div>")):
        assert block("embed.html", start, end) == block("index.html", start, end)
    text = (REPO / "embed.html").read_text(encoding="utf-8")
    assert "site-head" not in text and "<html lang=\"en\" data-embed>" in text
    assert 'id="open-site"' in text and "<script>" not in text and " style=" not in text
