#!/usr/bin/env python3
"""An 8-bit RGB or RGBA PNG is not blank: at least 50 colours, and no one colour covering more
than 85% of it (every 4th pixel, filters decoded).

    png_not_blank.py FILE.png
"""
import struct, sys, zlib
from collections import Counter
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR": w, h, depth, colour = struct.unpack(">IIBB", body[:10])
    if kind == b"IDAT": idat += body
    pos += 12 + n
assert depth == 8 and colour in (2, 6), "expected 8-bit RGB or RGBA"
bpp = 3 if colour == 2 else 4
raw, stride = zlib.decompress(idat), w * bpp + 1
rows, prev = [], bytearray(w * bpp)
for y in range(h):
    f, line = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line)); prev = line
pixels = Counter(rows[y][x * bpp:x * bpp + 3] for y in range(0, h, 2) for x in range(0, w, 2))
total = sum(pixels.values())
top = pixels.most_common(1)[0][1] / total
print(f"{sys.argv[1]}: {w} x {h}, {len(pixels)} colours, the commonest covers {top:.0%} (every 4th pixel)")
sys.exit(0 if len(pixels) >= 50 and top <= 0.85 else 1)
