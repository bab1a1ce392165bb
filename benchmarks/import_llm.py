#!/usr/bin/python3
"""Importing an LLM at full size (issue 31): xnn-import-torch to MLIR bytecode,
then xnn-opt --xnn-delegate --emit-bytecode on it, for the Gemma 3 decoder
(test/Torch/Inputs/llm/gemma3_hf.py, HuggingFace's form) at gemma-3-1b's shape
(vocab 262144, hidden 1152, 26 layers; benchmarks/llm_structure.py builds the
same), one decode step (1 token at position 8, KV cache of --max-len). Prints
for each step its wall time and peak RSS (os.wait4 of the child), against the
weights' bytes and against `cp` of a file of that size in the same run, and the
interpreter's baseline: a process that imports torch and builds the model, and
nothing else; and two floors no importer running PyTorch goes below: starting
the interpreter with torch, and write(2) of a resident buffer of the file's
size (on a VM that faults each page a process hands the kernel, this is several
times cp, which copies page cache to page cache inside the kernel). Prints
figures only; never asserts.

Usage: /usr/bin/python3 benchmarks/import_llm.py [--dtype bf16|f32|both]
       [--small] [--layers N] [--max-len 1024] [--build-dir build] [--workdir DIR] [--keep] [--text]

--text writes MLIR text (-o model.mlir) instead of bytecode, and xnn-opt reads
that text (issue 45 item 15: the text form's cost at this size).

--small is a quick 2-layer run (the embedding table, 302M parameters, stays).
The model is built as gemma3_hf.build builds it, except that its parameters
are created uninitialised, converted to the target dtype (untouched pages:
no copy) and filled in place (normal_ drawn in f32, 64 MB at a time), so
that building costs neither an f32 copy nor a temporary of a whole tensor:
the baseline is the model, not the way the test file randomises it.

As the SPEC of xnn-import-torch this file is a factory: import_llm.py:make
builds the model from IMPORT_LLM_DTYPE, IMPORT_LLM_LAYERS, IMPORT_LLM_MAX_LEN.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PY = "/usr/bin/python3"


def make():
    """(Gemma 3 at gemma-3-1b's shape, one decode step's inputs)."""
    import math
    import torch
    sys.path.insert(0, os.path.join(ROOT, "test", "Torch", "Inputs", "llm"))
    import gemma3_hf as g
    dtype = {"f32": torch.float32, "bf16": torch.bfloat16}[os.environ.get("IMPORT_LLM_DTYPE", "bf16")]
    c = dict(g.CONFIGS["1b"], layers=int(os.environ.get("IMPORT_LLM_LAYERS", 26)))
    max_len = int(os.environ.get("IMPORT_LLM_MAX_LEN", 1024))
    init = torch.nn.init
    saved = {k: getattr(init, k) for k in ("kaiming_uniform_", "uniform_", "normal_", "zeros_", "ones_")}
    try:
        for k in saved:  # nn.Linear / nn.Embedding initialise in their constructors: skipped (filled below)
            setattr(init, k, lambda t, *a, **kw: t)
        m = g.Gemma3(c, max_len)
    finally:
        for k, f in saved.items():
            setattr(init, k, f)
    m = m.to(dtype)  # parameters never written yet: their f32 pages were never touched
    gen = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for name, p in m.named_parameters():
            std = 0.1 if name.endswith("norm.weight") else 1.0 / math.sqrt(p.shape[-1])
            flat = p.view(-1)
            for i in range(0, flat.numel(), 1 << 24):  # drawn in f32 (bf16's normal_ is slower), 64 MB at a time
                piece = flat[i:i + (1 << 24)]
                piece.copy_(torch.empty(piece.numel()).normal_(0.0, std, generator=gen))
    return m.eval(), g.inputs(1, 8, vocab=c["vocab"])


# The floor of any writer running in a PyTorch process: a resident buffer of the
# file's size written with write(2), timed inside the child (allocation excluded).
WRITE_FLOOR = r"""
import os, sys, time, torch
n, path = int(sys.argv[1]), sys.argv[2]
x = torch.empty(n, dtype=torch.uint8)
x.fill_(1)
mv = memoryview(x.numpy())
t0 = time.time()
with open(path, "wb") as f:
    for i in range(0, n, 64 << 20):
        f.write(mv[i:i + (64 << 20)])
print(time.time() - t0)
"""


def run_measured(cmd, env=None):
    """(wall s, peak RSS bytes, exit code, stdout, stderr): the child is reaped with os.wait4."""
    t0 = time.time()
    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe:
        p = subprocess.Popen(cmd, env=env, stdout=fo, stderr=fe)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        wall = time.time() - t0
        fo.seek(0)
        fe.seek(0)
        return wall, ru.ru_maxrss * 1024, p.returncode, fo.read().decode(), fe.read().decode()


def gb(n):
    return "%.2f GB" % (n / 1e9)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dtype", choices=["bf16", "f32", "both"], default="bf16")
    ap.add_argument("--small", action="store_true", help="2 layers (a quick run)")
    ap.add_argument("--layers", type=int, help="decoder layers (default 26, 2 with --small)")
    ap.add_argument("--max-len", type=int, default=1024, help="KV cache length (default 1024)")
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--workdir", help="where the files go (default: a temporary directory, removed)")
    ap.add_argument("--keep", action="store_true", help="keep the files")
    ap.add_argument("--text", action="store_true", help="import to MLIR text (.mlir) instead of bytecode")
    o = ap.parse_args()
    layers = o.layers or (2 if o.small else 26)
    work = o.workdir or tempfile.mkdtemp(prefix="import-llm-")
    os.makedirs(work, exist_ok=True)
    xnn_opt = os.path.join(o.build_dir, "bin", "xnn-opt")
    importer = os.path.join(ROOT, "utils", "xnn-import-torch")
    spec = "%s:make" % os.path.abspath(__file__)
    dtypes = ["bf16", "f32"] if o.dtype == "both" else [o.dtype]
    rows = []
    try:
        for dtype in dtypes:
            env = dict(os.environ, IMPORT_LLM_DTYPE=dtype, IMPORT_LLM_LAYERS=str(layers),
                       IMPORT_LLM_MAX_LEN=str(o.max_len), XNN_IMPORT_TIMING="1")
            # The interpreter's baseline: torch imported, the model built, its weights counted.
            probe = ("import sys; sys.path[:0] = [%r, %r]; import xnn_import_torch, import_llm; m, _ = import_llm.make(); "
                     "seen = {}; [seen.setdefault(t.storage().data_ptr(), t.storage().nbytes()) "
                     "for t in list(m.parameters()) + list(m.buffers())]; "
                     "print(sum(t.numel() * t.element_size() for t in m.parameters()), sum(seen.values()))"
                     % (os.path.join(ROOT, "utils"), HERE))
            w, rss, rc, out, err = run_measured([PY, "-c", probe], env)
            if rc:
                print("%s: baseline failed: %s" % (dtype, err.strip()[-2000:]))
                continue
            param_bytes, storage_bytes = (int(x) for x in out.split())
            base = (w, rss)
            print("%s, %d layers: parameters %s (distinct storages incl. buffers %s); baseline (torch + model) "
                  "%.1f s, peak RSS %s" % (dtype, layers, gb(param_bytes), gb(storage_bytes), w, gb(rss)))
            sys.stdout.flush()
            out_bc = os.path.join(work, "gemma3_1b_%s.%s" % (dtype, "mlir" if o.text else "mlirbc"))
            w, rss, rc, out, err = run_measured([PY, importer, spec, "-o", out_bc], env)
            if rc:
                print("%s: import failed (exit %d, %.1f s, peak RSS %s): %s" % (dtype, rc, w, gb(rss),
                                                                              err.strip()[-2000:]))
                continue
            phases = dict((line.split("timing: ")[1].rsplit(" ", 2)[0], float(line.rsplit(" ", 2)[1]))
                          for line in err.splitlines() if "timing: " in line)
            size = os.path.getsize(out_bc)
            imp = (w, rss, phases, size)
            print("  import -> " + ("text" if o.text else "bytecode") + ": %.1f s (model %.1f s, trace+walk %.1f s, write %.1f s), peak RSS %s, "
                  "file %s" % (w, phases.get("model", 0), phases.get("import", 0), phases.get("write", 0),
                               gb(rss), gb(size)))
            sys.stdout.flush()
            # cp of a weights-sized file (the bytecode itself: weights plus a few hundred KB), same disk.
            # GNU cp copies inside the kernel (copy_file_range); dd copies through a user buffer as the importer
            # writes from the tensors' memory. Medians of 3: this disk's write speed varies run to run.
            copy = os.path.join(work, "copy.bin")
            cps, dds = [], []
            for _ in range(3):
                cps.append(run_measured(["cp", out_bc, copy])[0])
                os.unlink(copy)
                dds.append(run_measured(["dd", "if=" + out_bc, "of=" + copy, "bs=8M", "status=none"])[0])
                os.unlink(copy)
            cp, dd = statistics.median(cps), statistics.median(dds)
            print("  cp of the %s file: %.1f s (median of %s); dd bs=8M: %.1f s (of %s)" % (
                gb(size), cp, ", ".join("%.1f" % x for x in cps), dd, ", ".join("%.1f" % x for x in dds)))
            # What no importer running PyTorch avoids: starting the interpreter with torch, and
            # writing the weights' bytes from the process's memory (write(2): through a user buffer).
            starts, floors = [], []
            for _ in range(3):
                starts.append(run_measured([PY, "-c", "import torch"])[0])
                fw = run_measured([PY, "-c", WRITE_FLOOR, str(size), copy])
                os.unlink(copy)
                floors.append(float(fw[3]) if fw[2] == 0 else float("nan"))
            start, floor = statistics.median(starts), statistics.median(floors)
            print("  floors: python + import torch %.1f s (of %s); write(2) of a resident %s buffer %.1f s (of %s)"
                  % (start, ", ".join("%.1f" % x for x in starts), gb(size), floor,
                     ", ".join("%.1f" % x for x in floors)))
            out_d = os.path.join(work, "gemma3_1b_%s_delegated.mlirbc" % dtype)
            w, rss, rc, out, err = run_measured([xnn_opt, out_bc, "--xnn-delegate", "--emit-bytecode", "-o", out_d])
            opt = (w, rss, rc, err.strip()[-500:])
            print("  xnn-opt --xnn-delegate --emit-bytecode: %.1f s, peak RSS %s%s" % (
                w, gb(rss), "" if rc == 0 else " FAILED: " + err.strip()[-500:]))
            if not o.keep:
                for f in (out_bc, out_d):
                    if os.path.exists(f):
                        os.unlink(f)
            rows.append((dtype, param_bytes, base, imp, (cp, dd, start, floor), opt))
            sys.stdout.flush()
    finally:
        if not o.workdir and not o.keep:
            shutil.rmtree(work, ignore_errors=True)
    print()
    print("| dtype | layers | weights | baseline s / peak RSS | import s (trace+walk s, write s) / peak RSS | "
          "import peak - baseline peak | (import - model) s / cp s (dd s) | floors: torch start, write(2) s "
          "| write / write(2) floor | xnn-opt --xnn-delegate s / peak RSS |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for dtype, pb, (bw, brss), (iw, irss, ph, size), (cp, dd, start, floor), (ow, orss, orc, _) in rows:
        work_s = iw - ph.get("model", 0)
        print("| %s | %d | %s | %.1f / %s | %.1f (%.1f, %.1f) / %s | %s = %.2fx weights | %.1f / %.1f = %.1fx "
              "(%.1f = %.1fx) | %.1f = %.1fx cp, %.1f = %.1fx cp | %.2fx | %s |" % (
                  dtype, layers, gb(pb), bw, gb(brss), iw, ph.get("import", 0), ph.get("write", 0), gb(irss),
                  gb(irss - brss), (irss - brss) / pb, work_s, cp, work_s / cp if cp else 0, dd,
                  work_s / dd if dd else 0, start, start / cp if cp else 0, floor, floor / cp if cp else 0,
                  ph.get("write", 0) / floor if floor else 0,
                  "%.1f / %s" % (ow, gb(orss)) if orc == 0 else "failed"))

if __name__ == "__main__":
    main()
