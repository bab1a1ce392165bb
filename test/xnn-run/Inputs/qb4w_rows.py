"""qb4w_rows.py BIN_DIR WORK_DIR GEN_MLP M...: for each row count M, the MLP
of Inputs/gen_quant_mlp.py (64 -> 96 with a bias, silu, 96 -> 32) over M rows,
quantized 8da4w in groups of 32 (xnn-quantize-weights{bits=4 group-size=32})
and delegated: prints how many of its linears became a delegated qbint4 fully
connected, how many ops stayed portable, the rows each fully connected runs
(the lowering pads counts the linked XNNPACK gets wrong) and whether xnn-run
on XNNPACK agrees with the same quantized module on the reference kernels
(--compare, atol 1e-5, rtol 1e-3: the per-row scales differ by an f32 ulp
between XNNPACK's rule and PyTorch's, docs/src/quantized-xnnpack-probe.md (a)).
Stdlib only."""
import os
import re
import subprocess
import sys

binary, work, gen = sys.argv[1:4]
os.makedirs(work, exist_ok=True)


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        raise SystemExit("command failed (%d): %s\n%s%s" % (r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r


for m in map(int, sys.argv[4:]):
    src, q, d = (os.path.join(work, "mlp%d.%s.mlir" % (m, t)) for t in ("f32", "q", "d"))
    with open(src, "w") as f:
        f.write(run([sys.executable, gen, str(m), "f32"]).stdout)
    run([os.path.join(binary, "xnn-opt"), src, "-p", "builtin.module(xnn-quantize-weights{bits=4 group-size=32})",
         "-o", q])
    stats = run([os.path.join(binary, "xnn-opt"), q, "--xnn-delegate", "--xnn-stats", "-o", d]).stderr
    portable = int(re.search(r"portable ops: (\d+)", stats).group(1))
    text = open(d).read()
    fcs = re.findall(r'"xnn.fully_connected"\(.*\) : \(tensor<(\d+)x\d+xi8, "qdint8">, tensor<\d+x\d+xi8, "qbint4">',
                     text)
    cmp = run([os.path.join(binary, "xnn-run"), d, "--compare", q, "--seed", "7", "--atol", "1e-5", "--rtol", "1e-3"])
    ok = re.search(r"^output 0: f32\[%d, 32\] max_abs=(\S+) .* ok$" % m, cmp.stdout, re.M)
    print("M=%d: qbint4 fully connected %d of 2 linears, portable ops %d, rows %s, vs reference %s" % (
        m, len(fcs), portable, ",".join(fcs), "ok (max_abs %s)" % ok.group(1) if ok else "DIFFER\n" + cmp.stdout))
