"""elide.py IN.mlir: IN with every zero-splat constant of more than 64
elements written as dense_resource<__elided__>, as mlir-opt
--mlir-elide-elementsattrs-if-larger prints weights."""
import re
import sys


def elide(m):
    n = 1
    for d in m.group(2).split("x")[:-1]:
        n *= int(d)
    return "dense_resource<__elided__> : tensor<%s>" % m.group(2) if n > 64 else m.group(0)


text = open(sys.argv[1]).read()
sys.stdout.write(re.sub(r"dense<(0\.0+e\+00|0\.0)> : tensor<([0-9x]+x(?:f32|bf16|f16))>", elide, text))
