#!/usr/bin/env python3
"""Draws Minimax Arcade's icons as PNG files, with the standard library only.

    python3 tools/make_icons.py OUTPUT_DIR BACKGROUND

writes into OUTPUT_DIR, on the page's BACKGROUND (#rrggbb: the build passes
the app's, src/app/board/palette.h's kBackgroundRgb):

    icon-32.png             the favicon
    favicon.ico             the same, where a browser asks for it unbidden
                            (an ICO holding that PNG: a missing one is a
                            404 in the console)
    icon-192.png            the web app manifest's icons, and the loading
    icon-512.png            screen's (index.html shows icon-192 at 64 CSS px)
    icon-maskable-512.png   the manifest's maskable icon: the whole square is
                            drawn, the mark inside the safe zone (the middle
                            circle of 80% of the size), for launchers that cut
                            their own shape
    apple-touch-icon.png    180x180, opaque (iOS rounds the corners itself)

The mark: a Connect Four board in the app's accent blue (#4c7dff), three by
three holes, a red and a yellow disc dropped in. The regular icons are the
board as a rounded square on a transparent background; the maskable and the
Apple icon are the board filling the square.

How it draws: every shape is a signed distance function in a unit square
(negative inside), its colour a function of the point. A pixel far from a
shape's edge (more than about a pixel) is wholly inside or outside; a pixel
on an edge is supersampled on a 4x4 grid, which antialiases the edges. Shapes
are composited front to back with premultiplied alpha. The output is the
same bytes on every run (no time stamps), so the build's content hash of the
site only changes when the drawing does.
"""

import math
import os
import re
import struct
import sys
import zlib

# The app's colours. The page's background, (r, g, b), comes from the
# command line (main() sets it).
background = None
BOARD_TOP = (0x5f, 0x8c, 0xff)  # the accent #4c7dff, lit from above ...
BOARD_BOTTOM = (0x38, 0x64, 0xeb)  # ... and shaded below
HOLE_DARK = (0x0b, 0x0f, 0x17)
HOLE_LIGHT = (0x1d, 0x24, 0x33)
RED = (0xeb, 0x3f, 0x3a)
YELLOW = (0xfa, 0xc8, 0x2e)

SUPERSAMPLE = 4  # per axis, on edges


def mix(a, b, t):
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def rounded_square(cx, cy, half, radius):
    """The signed distance to a square of half side `half` with round corners."""

    def sdf(x, y):
        qx = abs(x - cx) - half + radius
        qy = abs(y - cy) - half + radius
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - radius

    return sdf, (cx - half, cy - half, cx + half, cy + half)


def circle(cx, cy, r):
    def sdf(x, y):
        return math.hypot(x - cx, y - cy) - r

    return sdf, (cx - r, cy - r, cx + r, cy + r)


class Canvas:
    """A square image of premultiplied RGBA floats (0..255, alpha 0..1)."""

    def __init__(self, size, background=None):
        self.size = size
        n = size * size
        if background:
            self.rgb = [list(background) for _ in range(n)]
            self.alpha = [1.0] * n
        else:
            self.rgb = [[0.0, 0.0, 0.0] for _ in range(n)]
            self.alpha = [0.0] * n

    def fill(self, shape, colour):
        """Composites `shape` (sdf, bounds) over the image, `colour(x, y)`
        giving the RGB of a point (unit coordinates) inside it."""
        sdf, (left, top, right, bottom) = shape
        size = self.size
        pixel = 1.0 / size
        edge = 0.75 * pixel  # beyond this a pixel's centre decides for all of it
        x0 = max(0, int(left * size) - 1)
        x1 = min(size, int(math.ceil(right * size)) + 1)
        y0 = max(0, int(top * size) - 1)
        y1 = min(size, int(math.ceil(bottom * size)) + 1)
        step = pixel / SUPERSAMPLE
        offsets = [(i + 0.5) * step - 0.5 * pixel for i in range(SUPERSAMPLE)]
        samples = SUPERSAMPLE * SUPERSAMPLE
        for py in range(y0, y1):
            y = (py + 0.5) * pixel
            for px in range(x0, x1):
                x = (px + 0.5) * pixel
                d = sdf(x, y)
                if d > edge:
                    continue
                if d < -edge:
                    coverage = 1.0
                else:
                    inside = 0
                    for oy in offsets:
                        for ox in offsets:
                            if sdf(x + ox, y + oy) < 0.0:
                                inside += 1
                    if inside == 0:
                        continue
                    coverage = inside / samples
                r, g, b = colour(x, y)
                at = py * size + px
                keep = 1.0 - coverage
                old = self.rgb[at]
                self.rgb[at] = [r * coverage + old[0] * keep, g * coverage + old[1] * keep,
                                b * coverage + old[2] * keep]
                self.alpha[at] = coverage + self.alpha[at] * keep

    def rgba_rows(self):
        """The image as straight (not premultiplied) 8-bit RGBA rows."""
        rows = []
        size = self.size
        for py in range(size):
            row = bytearray(4 * size)
            for px in range(size):
                at = py * size + px
                a = self.alpha[at]
                if a > 0.0:
                    r, g, b = (min(255, max(0, round(c / a))) for c in self.rgb[at])
                else:
                    r = g = b = 0
                row[4 * px:4 * px + 4] = bytes((r, g, b, min(255, max(0, round(a * 255)))))
            rows.append(bytes(row))
        return rows


def draw_board(canvas, cx, cy, half, rounded):
    """The board, a square of half side `half` around (cx, cy): as a rounded
    square of its own when `rounded`, else only its holes and discs (the
    caller has filled the square to the image's edges, for icons that the
    platform cuts to its own shape)."""
    if rounded:
        top, bottom = cy - half, cy + half
        canvas.fill(rounded_square(cx, cy, half, 0.24 * half * 2),
                    lambda x, y: mix(BOARD_TOP, BOARD_BOTTOM, (y - top) / (bottom - top)))
    # Three by three holes; the board keeps a rim as wide as a gap.
    pitch = 2 * half / 3.25
    hole = 0.37 * pitch
    disc = 0.83 * hole
    # Row 0 is the top. The discs: a game of Connect Four under way.
    discs = {(2, 0): RED, (2, 1): YELLOW, (2, 2): RED, (1, 1): RED, (1, 2): YELLOW}
    for row in range(3):
        for col in range(3):
            hx = cx + (col - 1) * pitch
            hy = cy + (row - 1) * pitch

            # A hole is darker at the top, in the rim's shadow.
            def hole_colour(x, y, hy=hy):
                return mix(HOLE_DARK, HOLE_LIGHT, 0.5 + (y - hy) / (2 * hole))

            canvas.fill(circle(hx, hy, hole), hole_colour)
            base = discs.get((row, col))
            if base is None:
                continue

            # A disc: lit from the top left, with a groove near its rim.
            def disc_colour(x, y, hx=hx, hy=hy, base=base):
                dx, dy = (x - hx) / disc, (y - hy) / disc
                r = math.hypot(dx, dy)
                light = math.hypot(dx + 0.35, dy + 0.45)
                c = mix(base, (255, 255, 255), 0.28 * max(0.0, 1.0 - light / 1.1))
                c = mix(c, (0, 0, 0), 0.12 * max(0.0, dy))
                groove = max(0.0, 1.0 - abs(r - 0.7) / 0.07)
                return mix(c, (0, 0, 0), 0.16 * groove)

            canvas.fill(circle(hx, hy, disc), disc_colour)


def regular_icon(size):
    """The rounded board on a transparent background, with a small margin."""
    canvas = Canvas(size)
    margin = 0.06 if size >= 64 else 0.03
    draw_board(canvas, 0.5, 0.5, 0.5 - margin, rounded=True)
    return canvas


def full_bleed_icon(size, board_half):
    """The board filling the square, its holes as on a board of half side
    `board_half`."""
    canvas = Canvas(size, background=background)
    canvas.fill(rounded_square(0.5, 0.5, 0.5, 0.0), lambda x, y: mix(BOARD_TOP, BOARD_BOTTOM, y))
    draw_board(canvas, 0.5, 0.5, board_half, rounded=False)
    return canvas


# A filtered byte's size as a signed number, for the filter heuristic.
_SIGNED_SIZE = bytes(v if v < 128 else 256 - v for v in range(256))


def png_bytes(canvas):
    """The canvas as an 8-bit RGBA PNG. Each row takes the filter (none, sub
    or up) with the smallest sum of absolute values, as libpng's heuristic."""
    rows = canvas.rgba_rows()
    previous = bytes(len(rows[0]))
    raw = bytearray()
    for row in rows:
        sub = bytes((row[i] - (row[i - 4] if i >= 4 else 0)) & 255 for i in range(len(row)))
        up = bytes((a - b) & 255 for a, b in zip(row, previous))
        filter_type, data = min(((0, row), (1, sub), (2, up)),
                                key=lambda f: sum(f[1].translate(_SIGNED_SIZE)))
        raw.append(filter_type)
        raw += data
        previous = row

    def chunk(kind, body):
        return (struct.pack('>I', len(body)) + kind + body +
                struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff))

    header = struct.pack('>IIBBBBB', canvas.size, canvas.size, 8, 6, 0, 0, 0)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) +
            chunk(b'IDAT', zlib.compress(bytes(raw), 9)) + chunk(b'IEND', b''))


ICONS = {
    'icon-32.png': lambda: regular_icon(32),
    'icon-192.png': lambda: regular_icon(192),
    'icon-512.png': lambda: regular_icon(512),
    # Safe zone: a circle of radius 0.4; the corner holes' far edges are at
    # about 0.37 from the middle.
    'icon-maskable-512.png': lambda: full_bleed_icon(512, 0.34),
    # iOS cuts a rounded square (a corner radius of about 22%): more room.
    'apple-touch-icon.png': lambda: full_bleed_icon(180, 0.36),
}


def ico_bytes(png, size):
    """An ICO file of one image, `png` (size x size), as Windows Vista and
    every browser read it: the directory, its one entry, then the PNG."""
    return (struct.pack('<HHH', 0, 1, 1) +
            struct.pack('<BBBBHHII', size, size, 0, 0, 1, 32, len(png), 6 + 16) + png)


def main(argv):
    if len(argv) != 3 or not re.fullmatch(r'#[0-9a-fA-F]{6}', argv[2]):
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    out_dir = argv[1]
    global background
    background = tuple(int(argv[2][i:i + 2], 16) for i in (1, 3, 5))
    os.makedirs(out_dir, exist_ok=True)
    for name, make in ICONS.items():
        data = png_bytes(make())
        # Written whole and renamed, so that a build never sees half a file.
        path = os.path.join(out_dir, name)
        with open(path + '.tmp', 'wb') as out:
            out.write(data)
        os.replace(path + '.tmp', path)
        if name == 'icon-32.png':
            ico = os.path.join(out_dir, 'favicon.ico')
            with open(ico + '.tmp', 'wb') as out:
                out.write(ico_bytes(data, 32))
            os.replace(ico + '.tmp', ico)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
