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
