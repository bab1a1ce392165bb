"""same_but_weights.py GENERATED EXAMPLE

GENERATED is gen_models.py --weights random output (parameters as
dense_resource<KEY> blobs in a dialect_resources section); EXAMPLE is the same
model written with its parameters inline (dense<"0x..."> hex, no resource
section), as the bundled examples were generated before the blobs; or the
identical file (an example regenerated since).  Exits 0 and prints `same but
weights: N lines, M parameters` if the files are identical or every line is
equal except that a parameter's dense_resource<KEY> stands where EXAMPLE has
dense<"0x..."> of the same byte size; else prints the first difference and
exits 1."""
import re
import sys

gen = open(sys.argv[1]).read()
ex = open(sys.argv[2]).read()
text, sep, res = gen.partition("\n{-#")
blobs = dict(re.findall(r'^\s*([A-Za-z0-9_.$-]+): "0x([0-9A-Fa-f]*)"', res, re.M)) if sep else {}
if gen == ex:
    print("same but weights: %d lines, %d parameters" % (
        len(text.rstrip("\n").split("\n")), len(set(re.findall(r"dense_resource<([A-Za-z0-9_]+)>", text)))))
    sys.exit(0)
if "{-#" in ex:
    sys.exit("%s: has a resource section" % sys.argv[2])
a = text.rstrip("\n").split("\n")
b = ex.rstrip("\n").split("\n")
if len(a) != len(b):
    sys.exit("line counts differ: %d and %d" % (len(a), len(b)))
params = 0
for i, (la, lb) in enumerate(zip(a, b), 1):
    if la == lb:
        continue
    ma = re.search(r"dense_resource<([A-Za-z0-9_]+)>", la)
    mb = re.search(r'dense<"0x([0-9A-F]+)">', lb)
    if (ma and mb and la[:ma.start()] == lb[:mb.start()] and la[ma.end():] == lb[mb.end():]
            and ma.group(1) in blobs and len(blobs[ma.group(1)]) - 8 == len(mb.group(1))):
        params += 1
        continue
    print("line %d differs:\n  %s\n  %s" % (i, la[:200], lb[:200]))
    sys.exit(1)
print("same but weights: %d lines, %d parameters" % (len(a), params))
