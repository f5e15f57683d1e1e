"""A region's DOM, compared part by part (render/parts.py): the elements with
their attributes as sets and the text, whatever order patched attributes
were set in."""

from __future__ import annotations

from html.parser import HTMLParser


def canonical(markup: str) -> list:
    out: list = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):
            out.append((tag, sorted(attrs)))

        def handle_endtag(self, tag):
            out.append(("/", tag))

        def handle_data(self, data):
            if data.strip():
                out.append(("text", data.strip()))

        def handle_comment(self, data):
            out.append(("comment", data))  # a part's end mark

    P(convert_charrefs=True).feed(markup)
    return out
