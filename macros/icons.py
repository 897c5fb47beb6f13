"""The app's icons (web app manifest, macros/pwa.py), drawn at build from one source as PNG.

One source: :data:`MARK`, a letter "A" made of three strokes in a unit square, white on the
palette's primary colour (``overrides/assets/aula/aula.css``, ``--md-primary-fg-color``). Each size is
rasterized here (edges smoothed over one pixel by their distance) and written as an RGBA PNG with zlib, so
no image tool is needed; the maskable icon keeps the mark inside the central 60 % (the safe zone is
the central circle of 80 %). Results are kept in the build cache by the source's hash
(``~/.cache/aula/icon-<hash>.png``, macros/stdlib.py).

Example: ``png(192, maskable=False)`` -> the bytes of a 192 x 192 PNG.
"""

from __future__ import annotations

import hashlib
import math
import os
import struct
import zlib

from macros.stdlib import CACHE

__all__ = ["ICONS", "png", "MARK", "BACKGROUND"]

BACKGROUND = (0x00, 0x69, 0x5C)  # --md-primary-fg-color
INK = (0xFF, 0xFF, 0xFF)
# strokes (x0, y0, x1, y1) in the unit square, and their half-width
MARK = ((0.18, 0.86, 0.5, 0.14), (0.5, 0.14, 0.82, 0.86), (0.31, 0.6, 0.69, 0.6))
HALF_WIDTH = 0.075
# file name under the site -> (size in px, maskable)
ICONS = {
    "assets/aula/icons/icon-192.png": (192, False),
    "assets/aula/icons/icon-512.png": (512, False),
    "assets/aula/icons/icon-maskable-512.png": (512, True),
}


def _distance(px: float, py: float, seg: tuple[float, float, float, float]) -> float:
    x0, y0, x1, y1 = seg
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - x0 - t * dx, py - y0 - t * dy)


def _pixels(size: int, maskable: bool) -> bytes:
    scale = 0.6 if maskable else 0.8  # the mark's share of the icon
    offset = (1 - scale) / 2
    unit = scale * size  # pixels per unit of the mark
    rows = []
    for y in range(size):
        row = bytearray([0])  # PNG filter type 0 per row
        v = ((y + 0.5) / size - offset) / scale
        for x in range(size):
            u = ((x + 0.5) / size - offset) / scale
            d = min(_distance(u, v, seg) for seg in MARK)
            a = max(0.0, min(1.0, (HALF_WIDTH - d) * unit + 0.5))  # the edge smoothed over one pixel
            row += bytes(round(b * (1 - a) + i * a) for b, i in zip(BACKGROUND, INK)) + b"\xff"
        rows.append(bytes(row))
    return b"".join(rows)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _encode(size: int, raw: bytes) -> bytes:
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b""))


def png(size: int, maskable: bool) -> bytes:
    """The icon at ``size`` px, from the cache when this source drew it before."""
    key = hashlib.sha256(repr((MARK, HALF_WIDTH, BACKGROUND, INK, size, maskable)).encode()
                         + _pixels.__code__.co_code).hexdigest()[:16]
    cached = CACHE / f"icon-{key}.png"
    if cached.exists():
        return cached.read_bytes()
    data = _encode(size, _pixels(size, maskable))
    CACHE.mkdir(parents=True, exist_ok=True)
    part = cached.with_suffix(f".{os.getpid()}.part")
    part.write_bytes(data)
    part.replace(cached)
    return data
