"""A QR code's modules as a Y4M video file, for Chromium's fake camera
(``--use-file-for-fake-video-capture=FILE.y4m``): the YUV4MPEG2 header, then
frames of a Y plane (white paper, black modules) and U/V planes at 128 (no
colour), 4:2:0. Written by hand: the format is a text header and raw bytes."""

from __future__ import annotations

from pathlib import Path


def qr_frame(rows: list[str], width: int, height: int, module: int = 8, quiet: int = 4) -> bytes:
    """One Y plane: the code (rows of "0"/"1", dark = "1") scaled to `module`
    pixels a module, with `quiet` modules of white around it, centred."""
    n = len(rows)
    side = (n + 2 * quiet) * module
    if side > min(width, height):
        raise ValueError(f"a {n}-module code at {module} px does not fit {width}x{height}")
    left, top = (width - side) // 2 + quiet * module, (height - side) // 2 + quiet * module
    plane = bytearray(b"\xff" * (width * height))
    for y, row in enumerate(rows):
        line = bytearray(b"\xff" * width)
        for x, bit in enumerate(row):
            if bit == "1":
                at = left + x * module
                line[at:at + module] = b"\x00" * module
        for k in range(module):
            start = (top + y * module + k) * width
            plane[start:start + width] = line
    return bytes(plane)


def write_y4m(path: Path, y_plane: bytes, width: int, height: int, frames: int = 4, fps: int = 10) -> Path:
    if width % 2 or height % 2 or len(y_plane) != width * height:
        raise ValueError("4:2:0 needs even sides and a full Y plane")
    chroma = b"\x80" * ((width // 2) * (height // 2) * 2)
    with Path(path).open("wb") as f:
        f.write(f"YUV4MPEG2 W{width} H{height} F{fps}:1 Ip A1:1 C420jpeg\n".encode("ascii"))
        for _ in range(frames):
            f.write(b"FRAME\n")
            f.write(y_plane)
            f.write(chroma)
    return Path(path)


def write_qr_y4m(path: Path, rows: list[str], width: int = 640, height: int = 480, module: int = 8) -> Path:
    return write_y4m(path, qr_frame(rows, width, height, module), width, height)


def write_blank_y4m(path: Path, width: int = 640, height: int = 480) -> Path:
    return write_y4m(path, b"\xff" * (width * height), width, height)


def png_gray(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, Y plane) of a PNG as Playwright's screenshots write it
    (8 bits a channel, grey/RGB/RGBA, not interlaced): the five row filters
    undone, each pixel's luma (BT.601) kept. Standard library only."""
    import struct
    import zlib
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, idat, head = 8, [], None
    while at < len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + n]
        at += 12 + n
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = head
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"a PNG this reader does not take: depth {depth}, colour type {colour}")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    prev = bytearray(stride)
    out = bytearray()
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            out.append(px[0] if channels < 3 else (299 * px[0] + 587 * px[1] + 114 * px[2]) // 1000)
        prev = line
    return width, height, bytes(out)


def write_picture_y4m(path: Path, png: bytes, width: int = 640, height: int = 480) -> Path:
    """A screenshot (PNG) held up to the camera: grey, scaled up by the
    largest whole factor that fits, centred on white paper."""
    w, h, grey = png_gray(png)
    k = max(1, min(width // w, height // h))
    if w * k > width or h * k > height:
        raise ValueError(f"a {w}x{h} picture does not fit {width}x{height}")
    left, top = (width - w * k) // 2, (height - h * k) // 2
    plane = bytearray(b"\xff" * (width * height))
    for y in range(h):
        row = bytes(v for v in grey[y * w:(y + 1) * w] for _ in range(k))
        for j in range(k):
            start = (top + y * k + j) * width + left
            plane[start:start + w * k] = row
    return write_y4m(path, bytes(plane), width, height)
