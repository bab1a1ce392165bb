"""Renders an xnn-opt --xnn-graph HTML page with headless Chromium and checks
the screenshot is a drawn graph: stdlib only (the PNG is decoded with zlib).

usage: graph_screenshot.py CHROMIUM PAGE.html OUT.png [--min-colours N]

Checks: the PNG has the window's size, many distinct colours, every delegate
segment's colour (read from the page's data) fills a visible area, and the
portable red outline shows when the page has a portable op. Prints what it
measured (for FileCheck) and exits 1 on a failed check."""
import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

WIDTH, HEIGHT = 1200, 800
PORTABLE_RGB = (0xD0, 0x00, 0x00)


def render(chromium, page, png):
    """Screenshots the page; Chromium gets a throwaway HOME and profile, a
    timeout, and one retry (a headless start can fail under load)."""
    for attempt in range(2):
        scratch = tempfile.mkdtemp(prefix="xnn-graph-chromium-")
        try:
            env = dict(os.environ, HOME=scratch)
            cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                   "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                   "--hide-scrollbars", "--force-device-scale-factor=1", "--force-color-profile=srgb",
                   "--user-data-dir=" + os.path.join(scratch, "profile"),
                   "--screenshot=" + png, "--window-size=%d,%d" % (WIDTH, HEIGHT),
                   "file://" + os.path.abspath(page)]
            if os.path.exists(png):
                os.remove(png)
            try:
                run = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     timeout=120)
                log = run.stdout.decode(errors="replace")
            except subprocess.TimeoutExpired:
                log = "timed out after 120 s"
            if os.path.exists(png) and os.path.getsize(png) > 0:
                return
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    sys.exit("graph_screenshot.py: chromium wrote no screenshot (2 attempts); last output:\n" + log[-2000:])


def decode_png(path):
    """(width, height, rows of RGB tuples) of an 8-bit RGB/RGBA non-interlaced PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG %r" % (header,)
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        filt, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], (prev[i - channels] if i >= channels else 0)
            if filt == 1:
                line[i] = (line[i] + a) & 255
            elif filt == 2:
                line[i] = (line[i] + b) & 255
            elif filt == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def page_data(page):
    text = open(page, encoding="utf-8").read()
    start = text.index("const DATA = ") + len("const DATA = ")
    return json.loads(text[start:text.index(";\n// Node and group kinds", start)])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("chromium")
    ap.add_argument("page")
    ap.add_argument("png")
    ap.add_argument("--min-colours", type=int, default=50)
    args = ap.parse_args()
    data = page_data(args.page)
    render(args.chromium, args.page, args.png)
    width, height, rows = decode_png(args.png)
    counts = {}
    for row in rows:
        for px in row:
            counts[px] = counts.get(px, 0) + 1
    ok = (width, height) == (WIDTH, HEIGHT)
    print("size: %dx%d" % (width, height))
    ok &= len(counts) >= args.min_colours
    print("distinct colours: %s" % ("at least %d" % args.min_colours if len(counts) >= args.min_colours
                                    else "only %d" % len(counts)))
    for name, colour, _, _ in data["segments"]:
        rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        # The box (or the legend swatch alone, 12x10 pixels, if the box were missing).
        seen = counts.get(rgb, 0) >= 400
        ok &= seen
        print("segment %s %s: %s (%d px)" % (name, colour, "drawn" if seen else "missing", counts.get(rgb, 0)))
    if any(n[1] == 1 for n in data["nodes"]):
        seen = counts.get(PORTABLE_RGB, 0) >= 500  # more than the panel's swatches (about 200 px)
        ok &= seen
        print("portable outline: %s (%d px)" % ("drawn" if seen else "missing", counts.get(PORTABLE_RGB, 0)))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
