"""Functions named after the C headers' identifiers (program-names.test).

Reads the preprocessed headers an emitted unit includes (cc -E, then cc -E
-dM appended) on stdin and writes a module with one function per stem N such
that N followed by a suffix the emitter gives a program's identifiers (N_t,
N_create, ...) is an identifier of those headers, leaving out the prefixes
the emitter reserves anyway. Prints the count on stderr's first line."""
import re
import sys

SUFFIXES = ["_program", "_t", "_create", "_run", "_destroy", "_num_inputs", "_num_outputs", "_input_bytes",
            "_output_bytes", "_input_type", "_output_type", "_input_state", "_output_state", "_state_output"]
RESERVED = ("xnn_", "XNN_", "xnnmlir", "xnnMlir", "XnnMlir", "pthread", "__")

text = sys.stdin.read()
text = "\n".join(line for line in text.splitlines() if not line.startswith("# "))
names = set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", text))
stems = set()
for n in names:
    for s in SUFFIXES:
        if n.endswith(s) and len(n) > len(s):
            stem = n[: -len(s)]
            if not stem.startswith(RESERVED) and not re.match(r"_[A-Z]", stem):
                stems.add(stem)
print(len(stems), file=sys.stderr)
print("module {")
for stem in sorted(stems):
    print('  func.func @%s(%%x: tensor<2xf32>) -> tensor<2xf32> {' % stem)
    print('    %0 = "edge.neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>')
    print('    return %0 : tensor<2xf32>')
    print('  }')
print("}")
