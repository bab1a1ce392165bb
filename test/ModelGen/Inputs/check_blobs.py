"""check_blobs.py FILE [--max S] [--scale KEY=S]... [--stats]

Decodes every dense_resource<KEY> : tensor<...> constant of an MLIR text file
(gen_models.py --weights random, or xnn-opt's printing of it) from the file's
dialect_resources section and checks: a blob exists for every key but
__elided__; its alignment header is the element size; it holds exactly the
bytes the type needs; every value is finite; |v| < S for --max S and for the
keys given --scale; and for a --scale key of 1000 or more values that the
values spread like uniform(-S, S): mean |v| / S in [0.4, 0.6], max |v| / S
above 0.9, and the fraction of negative values within 5 standard deviations
of 1/2 (0.5 +- 2.5 / sqrt(count)).  Prints `blobs: N, values: M,
all finite` and exits 0, or prints the failures and exits 1.  --stats adds a
line per blob."""
import array
import math
import re
import struct
import sys

ESIZE = {"f32": 4, "f16": 2, "bf16": 2}


def decode(raw, dt):
    if dt == "f32":
        a = array.array("f")
        a.frombytes(raw)
    elif dt == "f16":
        return list(struct.unpack("<%de" % (len(raw) // 2), raw))
    else:
        wide = bytearray(len(raw) * 2)
        wide[2::4] = raw[0::2]
        wide[3::4] = raw[1::2]
        a = array.array("f")
        a.frombytes(bytes(wide))
    if sys.byteorder != "little":
        a.byteswap()
    return a.tolist()


def main(argv):
    path, bound, scales, stats = None, None, {}, False
    i = 0
    while i < len(argv):
        if argv[i] == "--max":
            bound = float(argv[i + 1])
            i += 2
        elif argv[i] == "--scale":
            k, _, v = argv[i + 1].partition("=")
            scales[k] = float(v)
            i += 2
        elif argv[i] == "--stats":
            stats = True
            i += 1
        else:
            path = argv[i]
            i += 1
    text = open(path).read()
    body, sep, res = text.partition("{-#")
    blobs = dict(re.findall(r'^\s*([A-Za-z0-9_.$-]+): "0x([0-9A-Fa-f]*)"', res, re.M)) if sep else {}
    uses = re.findall(r"dense_resource<([^>]+)> : tensor<([0-9x]*?)x?(f32|f16|bf16)>", body)
    errors = []
    seen = set()
    nvals = 0
    for key, shape, dt in uses:
        if key == "__elided__" or key in seen:
            continue
        seen.add(key)
        if key not in blobs:
            errors.append("%s: no blob" % key)
            continue
        raw = bytes.fromhex(blobs[key])
        n = 1
        for d in filter(None, shape.split("x")):
            n *= int(d)
        align = struct.unpack("<I", raw[:4])[0]
        if align != ESIZE[dt]:
            errors.append("%s: alignment %d, element size %d" % (key, align, ESIZE[dt]))
        if len(raw) - 4 != n * ESIZE[dt]:
            errors.append("%s: %d bytes, the type needs %d" % (key, len(raw) - 4, n * ESIZE[dt]))
            continue
        vals = decode(raw[4:], dt)
        nvals += len(vals)
        bad = [v for v in vals if not math.isfinite(v)]
        if bad:
            errors.append("%s: %d non-finite values" % (key, len(bad)))
            continue
        mx = max(abs(v) for v in vals)
        mean = sum(abs(v) for v in vals) / n
        neg = sum(1 for v in vals if v < 0) / n
        if bound is not None and mx >= bound:
            errors.append("%s: max |v| %r >= --max %r" % (key, mx, bound))
        s = scales.get(key)
        if s is not None:
            if mx >= s:
                errors.append("%s: max |v| %r >= scale %r" % (key, mx, s))
            if n >= 1000 and not (0.4 <= mean / s <= 0.6 and mx / s > 0.9
                                  and abs(neg - 0.5) <= 2.5 / math.sqrt(n)):
                errors.append("%s: not spread like uniform(-%r, %r): mean |v|/scale %.3f, max %.3f, "
                              "negative %.3f" % (key, s, s, mean / s, mx / s, neg))
        if stats:
            print("%s %s n=%d max=%.6g mean=%.6g negative=%.3f" % (key, dt, n, mx, mean, neg))
    for k in scales:
        if k not in seen:
            errors.append("%s: no such dense_resource constant" % k)
    if errors:
        print("\n".join(errors))
        return 1
    print("blobs: %d, values: %d, all finite" % (len(seen), nvals))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
