#!/usr/bin/env python3
"""Runs the app without a display and checks the frame it drew.

    app_frame_check.py APP FRAME.ppm

Runs `APP --frames 3 --screenshot FRAME.ppm` with SDL's offscreen driver
(Mesa renders, no display needed), then reads the PPM back. Passes when the
frame is the app's theme around its windows: the top-left corner pixel is the
background (palette.h's kBackgroundRgb, read from the source: the clear
colour and the top bar's), and the panel's colour (palette::kSurface) covers at least 1% of the
frame. (Where the panel is is left to the app's layout.)
"""
import os
import re
import subprocess
import sys

PALETTE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "app", "board", "palette.h")
PANEL = (0.110, 0.133, 0.188)  # theme.h: palette::kSurface


def to_byte(value):
    return round(value * 255)


def app_background():
    """The app's background (r, g, b), from its one definition."""
    with open(PALETTE, encoding="utf-8") as f:
        found = re.search(r"kBackgroundRgb = 0x([0-9a-fA-F]{6});", f.read())
    if not found:
        raise ValueError(f"{PALETTE}: no kBackgroundRgb")
    return tuple(int(found.group(1)[i:i + 2], 16) for i in (0, 2, 4))


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields = data.split(maxsplit=4)
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not an 8-bit binary PPM")
    width, height = int(fields[1]), int(fields[2])
    pixels = fields[4]
    if len(pixels) != width * height * 3:
        raise ValueError(f"{path}: {len(pixels)} bytes of pixels for {width}x{height}")
    return width, height, pixels


def close(a, b, tolerance=2):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def main():
    app, frame = sys.argv[1], sys.argv[2]
    if os.path.exists(frame):
        os.remove(frame)
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen")
    run = subprocess.run([app, "--frames", "3", "--screenshot", frame], env=env,
                         capture_output=True, text=True, timeout=60)
    print(run.stdout + run.stderr, end="")
    if run.returncode != 0:
        sys.exit(f"FAIL: {app} exited with {run.returncode}")

    width, height, pixels = read_ppm(frame)

    def pixel(x, y):
        i = (y * width + x) * 3
        return tuple(pixels[i:i + 3])

    clear = app_background()
    window_bg = tuple(to_byte(c) for c in PANEL)
    corner = pixel(0, 0)
    # Every other pixel of every other row is plenty.
    samples = [pixel(x, y) for y in range(0, height, 2) for x in range(0, width, 2)]
    background = sum(close(p, window_bg) for p in samples)
    print(f"{width}x{height}, corner {corner} (clear colour {clear}), "
          f"{background}/{len(samples)} sampled pixels are the panel's colour {window_bg}")
    if not close(corner, clear):
        sys.exit("FAIL: the corner is not the clear colour")
    if background < len(samples) // 100:
        sys.exit("FAIL: no panel in the frame")
    print("PASS")


if __name__ == "__main__":
    main()
