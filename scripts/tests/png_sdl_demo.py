#!/usr/bin/env python3
"""The SDL demo's screenshot is not blank: an 8-bit RGB PNG (CRCs checked) with at least 50
colours and at least 5% of its pixels (every 4th) drawn over the canvas colours.

    png_sdl_demo.py FILE.png
"""
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    assert zlib.crc32(kind + body) == struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0], "bad CRC"
    if kind == b"IHDR": w, h, depth, colour = struct.unpack(">IIBB", body[:10])
    if kind == b"IDAT": idat += body
    pos += 12 + n
assert (depth, colour) == (8, 2), "expected 8-bit RGB"
raw, stride = zlib.decompress(idat), w * 3 + 1
pixels = [raw[y * stride + 1 + x * 3:y * stride + 4 + x * 3] for y in range(0, h, 2) for x in range(0, w, 2)]
colours = len(set(pixels))
canvas = {bytes((244, 245, 247)), bytes((228, 231, 236))}
drawn = sum(p not in canvas for p in pixels) / len(pixels)
print(f"{sys.argv[1]}: {w} x {h}, {colours} colours, {drawn:.0%} drawn over the canvas (every 4th pixel)")
sys.exit(0 if colours >= 50 and drawn >= 0.05 else 1)
