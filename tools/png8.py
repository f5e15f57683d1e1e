"""PNG in, a smaller palette PNG out: standard library only (zlib), for the
README's screenshots (tools/contact_sheet.py --readme).

A screenshot of the site is mostly flat colour: its 256 most frequent colours
are kept, every other colour (anti-aliased edges) takes the nearest of them.
A 300x650 phone screenshot goes from ~65-85 kB (Chromium's PNG) to ~20-30 kB,
a few seconds of CPU each.
"""

from __future__ import annotations

import struct
import zlib
from collections import Counter

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {2: 3, 6: 4}  # colour type -> bytes per pixel (RGB, RGBA; 8 bits)


def _chunks(data: bytes):
    if data[:8] != SIGNATURE:
        raise ValueError("not a PNG")
    i = 8
    while i < len(data):
        (n,) = struct.unpack(">I", data[i:i + 4])
        yield data[i + 4:i + 8], data[i + 8:i + 8 + n]
        i += 12 + n


def _unfilter(raw: bytes, width: int, height: int, bpp: int) -> list[bytes]:
    stride = width * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if kind == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif kind == 2:
            for x in range(stride):
                line[x] = (line[x] + prev[x]) & 255
        elif kind == 3:
            for x in range(stride):
                line[x] = (line[x] + ((line[x - bpp] if x >= bpp else 0) + prev[x]) // 2) & 255
        elif kind == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif kind != 0:
            raise ValueError(f"unknown PNG filter {kind}")
        rows.append(bytes(line))
        prev = line
    return rows


def read_rgb(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and the pixels (RGB, alpha dropped) of an 8-bit RGB or
    RGBA, non-interlaced PNG (what Chromium's screenshots are)."""
    header, idat = None, []
    for kind, body in _chunks(data):
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat.append(body)
    if header is None:
        raise ValueError("no IHDR")
    width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in _CHANNELS or interlace:
        raise ValueError(f"only 8-bit RGB/RGBA non-interlaced PNGs (got depth {depth}, type {colour})")
    bpp = _CHANNELS[colour]
    rows = _unfilter(zlib.decompress(b"".join(idat)), width, height, bpp)
    pixels = [tuple(line[x:x + 3]) for line in rows for x in range(0, width * bpp, bpp)]
    return width, height, pixels


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def palette_png(width: int, height: int, pixels: list[tuple[int, int, int]], colours: int = 256) -> bytes:
    """An indexed PNG of at most ``colours`` colours: the most frequent ones,
    every other pixel the nearest of them (squared RGB distance)."""
    if len(pixels) != width * height:
        raise ValueError("pixels do not match the size")
    count = Counter(pixels)
    palette = [c for c, _n in count.most_common(colours)]
    index = {c: i for i, c in enumerate(palette)}
    for c in count:
        if c not in index:
            r, g, b = c
            index[c] = min(range(len(palette)), key=lambda i: (palette[i][0] - r) ** 2
                           + (palette[i][1] - g) ** 2 + (palette[i][2] - b) ** 2)
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        raw.extend(index[c] for c in pixels[y * width:(y + 1) * width])
    return (SIGNATURE + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
            + _chunk(b"PLTE", b"".join(bytes(c) for c in palette))
            + _chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + _chunk(b"IEND", b""))


def shrink(data: bytes, colours: int = 256) -> bytes:
    """A PNG's palette copy (the smaller of the two is for the caller to pick)."""
    return palette_png(*read_rgb(data), colours=colours)
