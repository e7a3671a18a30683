#!/usr/bin/env python3
"""Runs the app without a display and checks the frame it drew.

    app_frame_check.py APP FRAME.ppm

Runs `APP --frames 3 --screenshot FRAME.ppm` with SDL's offscreen driver
(Mesa renders, no display needed), then reads the PPM back. Passes when the
frame is the app's clear colour around Dear ImGui windows: the bottom-right
corner pixel is the clear colour (main.cpp's glClearColor), and a window's
background, ImGui's dark style WindowBg (0.06, 0.06, 0.06) at alpha 0.94 over
the clear colour, covers at least 1% of the frame. (Where the windows are is
left to the app's layout.)
"""
import os
import subprocess
import sys

CLEAR = (0.09, 0.11, 0.15)  # main.cpp's glClearColor
WINDOW_BG = (0.06, 0.06, 0.06, 0.94)  # ImGui's StyleColorsDark WindowBg


def to_byte(value):
    return round(value * 255)


def blend(top, alpha, bottom):
    return tuple(to_byte(t * alpha + b * (1 - alpha)) for t, b in zip(top, bottom))


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

    clear = tuple(to_byte(c) for c in CLEAR)
    window_bg = blend(WINDOW_BG[:3], WINDOW_BG[3], CLEAR)
    corner = pixel(width - 1, height - 1)
    # Every other pixel of every other row is plenty.
    samples = [pixel(x, y) for y in range(0, height, 2) for x in range(0, width, 2)]
    background = sum(close(p, window_bg) for p in samples)
    print(f"{width}x{height}, corner {corner} (clear colour {clear}), "
          f"{background}/{len(samples)} sampled pixels are window background {window_bg}")
    if not close(corner, clear):
        sys.exit("FAIL: the corner is not the clear colour")
    if background < len(samples) // 100:
        sys.exit("FAIL: no ImGui window in the frame")
    print("PASS")


if __name__ == "__main__":
    main()
