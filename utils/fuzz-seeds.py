#!/usr/bin/env python3
"""Writes the seed corpora of the libFuzzer targets (fuzz/):
  pipeline: every *.mlir under test/ and examples/, split at `// -----` lines
            (each chunk is one input, as xnn-opt --split-input-file reads it),
            plus the `.mlir` sections of split-file tests;
  npy:      .npy files of every dtype and format version the reader knows,
            and a few broken ones.
Usage: fuzz-seeds.py SRC_DIR OUT_DIR (writes OUT_DIR/pipeline, OUT_DIR/npy)."""
import hashlib
import os
import struct
import sys

src, out = sys.argv[1], sys.argv[2]
MAX = 64 * 1024  # larger inputs only slow the fuzzer down


def put(kind, data):
    if len(data) > MAX or not data.strip():
        return
    d = os.path.join(out, kind)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


for top in ("test", "examples"):
    for root, _, files in os.walk(os.path.join(src, top)):
        for name in sorted(files):
            path = os.path.join(root, name)
            text = open(path, "rb").read()
            if name.endswith(".mlir"):
                chunk = []
                for line in text.split(b"\n"):
                    if line.strip() == b"// -----":
                        put("pipeline", b"\n".join(chunk))
                        chunk = []
                    else:
                        chunk.append(line)
                put("pipeline", b"\n".join(chunk))
            elif name.endswith(".test") and b"split-file" in text:
                # `//--- name.mlir` sections (llvm split-file syntax).
                section, body = None, []
                for line in text.split(b"\n") + [b"//--- end"]:
                    if line.startswith(b"//--- "):
                        if section and section.endswith(b".mlir"):
                            put("pipeline", b"\n".join(body))
                        section, body = line[6:].strip(), []
                    elif section:
                        body.append(line)


def npy(descr, shape, payload, version=1, fortran=False):
    header = ("{'descr': '%s', 'fortran_order': %s, 'shape': (%s), }" % (
        descr, "True" if fortran else "False",
        "".join("%d, " % s for s in shape) if len(shape) != 1 else "%d," % shape[0])).encode()
    lenbytes = 2 if version == 1 else 4
    pad = (64 - (10 + len(header) + 1 + (lenbytes - 2)) % 64) % 64
    header += b" " * pad + b"\n"
    length = struct.pack("<H" if version == 1 else "<I", len(header))
    return b"\x93NUMPY" + bytes([version, 0]) + length + header + payload


for v in (1, 2, 3):
    put("npy", npy("<f4", [2, 3], struct.pack("<6f", *range(6)), v))
put("npy", npy("<f2", [4], b"\x00\x3c" * 4))
put("npy", npy("<u2", [1, 2, 2], b"\x80\x3f" * 4))
put("npy", npy("<i8", [3], struct.pack("<3q", 1, -2, 3)))
put("npy", npy("<i4", [], struct.pack("<i", 7)))
put("npy", npy("|b1", [5], b"\x00\x01\x02\x00\x01"))
put("npy", npy("<f4", [0, 4], b""))
put("npy", npy("<f4", [2, 2], b"\x00" * 16, fortran=True))
put("npy", npy("<f4", [1000000], b"\x00" * 16))  # truncated
put("npy", npy(">f4", [1], b"\x00" * 4))
