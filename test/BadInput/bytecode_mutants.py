#!/usr/bin/env python3
"""Corrupted MLIR bytecode (issue 45 item 10): mutants of a valid .mlirbc.

Parses the top-level structure of a valid file (magic, version, producer,
sections: id | aligned << 7, length varint, [alignment varint, 0xCB padding],
data; mlir/docs/BytecodeFormat.md) and, for every section kind present,
writes mutants a reader must refuse without crashing:
  len-huge       the section's length is 2^64 - 1 (9-byte varint)
  len-past-end   the length is one more than the bytes left in the file
  len-short      the length one byte short (the data re-framed, so the next
                 section's header is read from inside this one)
  cut            the file cut in the middle of the section's data
  v<i>-<kind>    the i-th varint of the section's data (read in sequence from
                 its start: the counts and lengths the reader trusts) replaced
                 by a huge value, 2^32 + its value (what a 32-bit truncation
                 reads as the value), or one more; the file re-framed
  flip<k>        seeded random byte changes inside the section
Every mutant is a different file; the name says which section and what.
The attribute/type section's data (each entry's dialect-defined encoding) is
left alone: the check before MLIR's reader does not decode it (MLIR 22's
reader recurses without end on an entry that refers to itself).

  bytecode_mutants.py good.mlirbc OUTDIR        writes OUTDIR/<name>.mlirbc
  bytecode_mutants.py good.mlirbc OUTDIR --run BINDIR
      also runs xnn-opt (file and stdin), xnn-run and xnn-translate on each:
      exit 1 with a located error first ("<file>: error: malformed MLIR
      bytecode at byte N (<section>): ..." from the check, "<file>: error:"
      from MLIR's reader, or an IR location), or exit 0 (a mutant can be
      valid bytecode; never a length or cut mutant); never a crash or hang; prints "ok NAME TOOL" or "FAIL NAME TOOL: why", then
      "bytecode mutants: N runs, F failed".
"""
import os
import random
import sys

SECTIONS = ["string", "dialect", "attr-type", "attr-type-offset", "ir", "resource", "resource-offset",
            "dialect-versions", "properties"]


def read_varint(b, p):
    """(value, next position) of the PrefixVarInt at b[p], or None past the end."""
    if p >= len(b):
        return None
    first = b[p]
    if first == 0:
        if p + 9 > len(b):
            return None
        return int.from_bytes(b[p + 1:p + 9], "little"), p + 9
    n = (first & -first).bit_length()  # bytes used: trailing zeros + 1
    if p + n > len(b):
        return None
    v = int.from_bytes(b[p:p + n], "little") >> n
    return v, p + n


def varint(v):
    for n in range(1, 9):
        if v < 1 << (7 * n):
            return ((v << n) | (1 << (n - 1))).to_bytes(n, "little")
    return b"\x00" + v.to_bytes(8, "little")


def parse(b):
    """(header bytes, [(id, aligned, alignment, data)]) of a valid file."""
    assert b[:4] == b"ML\xefR", "not MLIR bytecode"
    _, p = read_varint(b, 4)
    p = b.index(b"\x00", p) + 1
    header, sections = b[:p], []
    while p < len(b):
        sid = b[p]
        length, p = read_varint(b, p + 1)
        alignment = 1
        if sid & 0x80:
            alignment, p = read_varint(b, p)
            while p % alignment:
                p += 1
        sections.append((sid & 0x7F, bool(sid & 0x80), alignment, b[p:p + length]))
        p += length
    return header, sections


def frame(header, sections, length_of=None):
    """The file of `sections`; length_of(i, data) may give a section another length field."""
    out = bytearray(header)
    for i, (sid, aligned, alignment, data) in enumerate(sections):
        out.append(sid | (0x80 if aligned else 0))
        length = len(data) if length_of is None else length_of(i, data)
        out += length if isinstance(length, bytes) else varint(length)
        if aligned:
            out += varint(alignment)
            while len(out) % alignment:
                out.append(0xCB)
        out += data
    return bytes(out)


def mutants(b, seed=45):
    header, sections = parse(b)
    rng = random.Random(seed)
    for i, (sid, aligned, alignment, data) in enumerate(sections):
        name = SECTIONS[sid] if sid < len(SECTIONS) else "section%d" % sid
        # The section's own length field.
        yield name + "-len-huge", frame(header, sections, lambda k, d: b"\x00" + b"\xff" * 8 if k == i else len(d))
        whole = frame(header, sections)
        after = len(frame(header, sections[:i + 1])) - len(data)  # where the data starts
        yield name + "-len-past-end", frame(header, sections,
                                            lambda k, d: len(whole) - after + 1 if k == i else len(d))
        if data:
            yield name + "-len-short", frame(header, sections, lambda k, d: len(d) - 1 if k == i else len(d))
            yield name + "-cut", whole[:after + len(data) // 2]
        if sid == 2:  # attribute/type encodings: the reader's (see above)
            continue
        # The varints the section starts with, in sequence.
        p = 0
        for v in range(8):
            r = read_varint(data, p)
            if r is None:
                break
            value, q = r
            for kind, new in (("huge", (1 << 62) + value), ("wrap32", (1 << 32) + value), ("plus1", value + 1)):
                mutated = list(sections)
                mutated[i] = (sid, aligned, alignment, data[:p] + varint(new) + data[q:])
                yield "%s-v%d-%s" % (name, v, kind), frame(header, mutated)
            p = q
        # Random byte changes.
        for k in range(3):
            if not data:
                break
            d = bytearray(data)
            for _ in range(1 + k):
                d[rng.randrange(len(d))] = rng.randrange(256)
            mutated = list(sections)
            mutated[i] = (sid, aligned, alignment, bytes(d))
            yield "%s-flip%d" % (name, k), frame(header, mutated)


def run(bindir, out, names):
    import re
    import subprocess
    failed = runs = 0
    for name in names:
        path = os.path.join(out, name + ".mlirbc")
        must_fail = "-len-" in name or name.endswith("-cut")
        tools = [("xnn-opt", [os.path.join(bindir, "xnn-opt"), path, "-o", "-"], None, path),
                 ("xnn-opt-stdin", [os.path.join(bindir, "xnn-opt"), "-", "-o", "-"], path, "<stdin>"),
                 ("xnn-run", [os.path.join(bindir, "xnn-run"), "--no-xnnpack", path], None, path),
                 ("xnn-translate", [os.path.join(bindir, "xnn-translate"), "--xnn-to-c", "--program", path, "-o",
                                    os.devnull], None, path)]
        for tool, cmd, stdin, shown in tools:
            runs += 1
            try:
                with open(stdin, "rb") if stdin else open(os.devnull, "rb") as fin:
                    r = subprocess.run(cmd, stdin=fin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
                rc, err = r.returncode, r.stderr.decode("utf-8", "replace")
            except subprocess.TimeoutExpired:
                rc, err = None, ""
            first = next((l for l in err.splitlines() if "error:" in l), "")
            why = None
            if rc == 0 and must_fail:
                why = "exit 0 on a mutant no reader can accept"
            elif rc not in (0, 1):
                why = "exit %s (a crash or a hang)" % rc
            elif rc == 1 and not (first.startswith(shown + ": error: ") or
                                  re.match(r"[^\s:][^:]*:\d+:\d+: error: ", first)):
                why = "error not located: %r" % first
            if why:
                failed += 1
                print("FAIL %s %s: %s" % (name, tool, why))
                for line in err.splitlines()[:6]:
                    print("  | " + line)
            else:
                print("ok %s %s" % (name, tool))
    print("bytecode mutants: %d runs, %d failed" % (runs, failed))
    return 1 if failed else 0


def main():
    src, out = sys.argv[1], sys.argv[2]
    with open(src, "rb") as f:
        b = f.read()
    header, sections = parse(b)
    assert frame(header, sections) == b, "re-framing the valid file must give it back"
    os.makedirs(out, exist_ok=True)
    seen = set()
    names = []
    for name, data in mutants(b):
        if data in seen or data == b:
            continue
        seen.add(data)
        with open(os.path.join(out, name + ".mlirbc"), "wb") as f:
            f.write(data)
        names.append(name)
    print("%d mutants of %d sections" % (len(names), len(sections)))
    if len(sys.argv) > 4 and sys.argv[3] == "--run":
        sys.stdout.flush()
        sys.exit(run(sys.argv[4], out, names))


if __name__ == "__main__":
    main()
