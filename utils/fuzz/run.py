#!/usr/bin/python3
"""Differential fuzzer for the xnnmlir pipeline (issue 13).

For each seed: generate a valid edge graph (gen.py), then
  verify      xnn-opt graph.mlir                      (the input verifies)
  delegate    xnn-opt --xnn-delegate                  (succeeds)
  reverify    xnn-opt delegated.mlir                  (its output verifies)
  nofold      xnn-opt --xnn-delegate=fold-dtype-converts=false
  run-ref     xnn-run graph.mlir                      (reference interpreter)
  run-deleg   xnn-run delegated.mlir                  (XNNPACK), compared with run-ref
  run-nofold  xnn-run nofold.mlir, compared with run-ref
  c-emit      on every --c-every'th seed: xnn-translate --xnn-to-c, cc, run every
              delegate, bit-exact against xnn-run --func=<delegate> on the same inputs
  c-program   on the same seeds: xnn-translate --xnn-to-c --program, cc with
              examples/run_program.c and libXnnMlir, the whole @forward (portable
              ops through the interpreter's kernels) bit-exact against run-deleg
  c-state     on the same seeds: @forward with two xnn.state buffers (one updated
              from result 0, one passed on from the other: a swap), delegated,
              emitted with --program, 3 steps in place and with copies, bit-exact
              against xnn-run --steps 3
A failure is classified by stage, kind (error / crash / timeout / mismatch) and
its first message line with numbers and types masked; --minimize reduces the first
seed of each class to a small repro with the same class.

  python3 utils/fuzz/run.py --seeds 0:200 --build build
  python3 utils/fuzz/run.py --seeds 0: --hours 4 --out /tmp/fuzz-long   # long mode
"""

import argparse
import concurrent.futures
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import npy  # noqa: E402
from graph import FLOAT_TYPES  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# torch.testing.assert_close defaults (rtol, atol) per dtype, for ONE op.
TORCH_TOLERANCE = {"f32": (1.3e-6, 1e-5), "f16": (1e-3, 1e-5), "bf16": (1.6e-2, 1e-5)}
# Precision order: an output is judged by the least precise float dtype in its cone.
PRECISION_RANK = {"f32": 0, "f16": 1, "bf16": 2}
# Ops that move or copy data exactly: they add no rounding step to a cone's depth.
EXACT_OPS = {"constant", "view", "permute", "cat", "slice", "embedding", "relu", "neg", "abs", "maximum",
             "minimum", "hardtanh", "clamp", "unsqueeze", "squeeze", "transpose", "expand", "constant_pad_nd",
             "roll"}
STAGE_TIMEOUT = 60
# (stage, cone dtype) -> worst passing-or-failing |a-b| / allowed seen, for --error-stats.
ERROR_STATS = {}


class Failure(Exception):
    def __init__(self, stage, kind, message, detail=""):
        super().__init__("%s %s: %s" % (stage, kind, message))
        self.stage, self.kind, self.message, self.detail = stage, kind, message, detail

    @property
    def key(self):
        return "%s | %s | %s" % (self.stage, self.kind, normalize(self.message))


def normalize(message):
    """Mask what varies between instances of one defect: locations, numbers, types, names."""
    m = re.sub(r"^\S*?:\d+:\d+:\s*", "", message)
    m = re.sub(r"tensor<[^>]*>", "tensor<T>", m)
    # One layout-conflict class whichever op meets the shared constant.
    m = re.sub(r"^error: '[\w.]+' needs operand #\d+ in N[CHW]{3} layout, but it is an edge.constant already used in "
               r"N[CHW]{3} layout", "error: 'OP' needs operand in layout A, but it is an edge.constant already used in "
               "layout B", m)
    m = re.sub(r"@[\w.$]+", "@F", m)
    m = re.sub(r"%[\w.#]+", "%V", m)
    m = re.sub(r"'[^']*\.mlir'", "'FILE'", m)
    m = re.sub(r"/\S+", "PATH", m)
    m = re.sub(r"(?<![\w.])[-+]?\d+(\.\d+)?(e[-+]?\d+)?", "N", m)
    return m.strip()[:160]


def first_error_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    for l in lines:
        if "error" in l.lower() or "abort" in l.lower() or "assert" in l.lower():
            return l.strip()
    return lines[0].strip() if lines else "(no output)"


def run_tool(stage, cmd, timeout=STAGE_TIMEOUT, cwd=None):
    """Runs one tool; exit 1 with a message is a clean error, anything else non-zero a crash."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        raise Failure(stage, "timeout", "no exit within %d s" % timeout, " ".join(cmd))
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode < 0:
        try:
            name = signal.Signals(-p.returncode).name
        except ValueError:
            name = "signal %d" % -p.returncode
        raise Failure(stage, "crash", "%s: %s" % (name, first_error_line(err) if err.strip() else "(no message)"),
                      err[-4000:])
    if p.returncode == 1:
        raise Failure(stage, "error", first_error_line(err or out), (err or out)[-4000:])
    if p.returncode != 0:
        raise Failure(stage, "crash", "exit %d: %s" % (p.returncode, first_error_line(err or out)),
                      (err or out)[-4000:])
    return out


class Tools:
    def __init__(self, build):
        b = os.path.abspath(build)
        self.opt = os.path.join(b, "bin", "xnn-opt")
        self.run = os.path.join(b, "bin", "xnn-run")
        self.translate = os.path.join(b, "bin", "xnn-translate")
        flags = os.path.join(b, "share", "xnnmlir", "xnnpack.flags")
        self.xnnpack_flags = open(flags).read().split() if os.path.exists(flags) else None
        self.cc = os.environ.get("CC", "cc")
        self.lib = os.path.join(b, "lib")
        self.include = os.path.join(HERE, "..", "..", "include")
        for t in (self.opt, self.run, self.translate):
            if not os.path.exists(t):
                sys.exit("run.py: %s is missing: build the project first" % t)


# --- tolerance -------------------------------------------------------------------
def cone_info(g):
    """Per value id: (least precise float dtype in its cone, rounding depth)."""
    info = {}
    for a in g.args:
        info[a.id] = (a.dtype if a.is_float else None, 0)
    for op in g.ops:
        v = op.result
        worst, depth = (v.dtype if v.is_float else None), 0
        for o in op.operands:
            d, k = info[o.id]
            if d is not None and (worst is None or PRECISION_RANK[d] > PRECISION_RANK[worst]):
                worst = d
            depth = max(depth, k)
        if op.name == "constant":
            info[v.id] = (v.dtype if v.is_float else None, 0)
            continue
        if op.name not in EXACT_OPS and not (op.name in ("to_copy", "to_dim_order_copy")
                                             and op.operands[0].dtype == v.dtype):
            depth += 1
        info[v.id] = (worst, depth)
    return info


def tolerance(dtype, depth, ref_scale):
    """torch.testing's per-dtype tolerance, scaled by the rounding steps on the longest path
    (errors of a chain add up) and by the output's magnitude for atol (cancellation)."""
    rtol, atol = TORCH_TOLERANCE[dtype]
    n = max(1, depth)
    return rtol * n, atol * n + rtol * n * max(1.0, ref_scale)


def compare_outputs(stage, g, ref_dir, got_dir):
    info = cone_info(g)
    for i, r in enumerate(g.results):
        rd, rshape, rp = npy.read_npy(os.path.join(ref_dir, "output_%d.npy" % i))
        gd, gshape, gp = npy.read_npy(os.path.join(got_dir, "output_%d.npy" % i))
        if rshape != gshape or rd != gd:
            raise Failure(stage, "mismatch", "output has dtype/shape %s%s, reference %s%s" % (gd, gshape, rd, rshape))
        if rp == gp:
            continue
        is_bf16 = r.dtype == "bf16"
        ref = npy.decode(rd, rp, is_bf16)
        got = npy.decode(gd, gp, is_bf16)
        if not r.is_float:
            bad = sum(1 for a, b in zip(got, ref) if a != b)
            raise Failure(stage, "mismatch", "%s output differs in %d of %d elements" % (r.dtype, bad, len(ref)))
        worst_dtype, depth = info[r.id]
        finite = [abs(x) for x in ref if math.isfinite(x)]
        rtol, atol = tolerance(worst_dtype or r.dtype, depth, max(finite) if finite else 1.0)
        bad, worst = 0, None
        for k, (a, b) in enumerate(zip(got, ref)):
            if math.isnan(b) or math.isnan(a):
                ok = math.isnan(a) and math.isnan(b)
            elif math.isinf(b) or math.isinf(a):
                ok = a == b
            else:
                allowed = atol + rtol * abs(b)
                ok = abs(a - b) <= allowed
                ratio = abs(a - b) / allowed
                key = (stage, worst_dtype or r.dtype)
                if ratio > ERROR_STATS.get(key, (0.0,))[0]:
                    ERROR_STATS[key] = (ratio, abs(a - b), b, depth)
            if not ok:
                bad += 1
                err = abs(a - b) if not (math.isnan(a) or math.isnan(b)) else float("inf")
                if worst is None or err > worst[0]:
                    worst = (err, k, a, b)
        if bad:
            nan_kind = "NaN" if any(math.isnan(x) for x in got + ref) else "value"
            raise Failure(stage, "mismatch",
                          "%s mismatch in a %s output of %s (cone %s, depth %d)" % (
                              nan_kind, r.dtype, r.producer.name if r.producer else "an argument", worst_dtype, depth),
                          "output %d: %d of %d elements beyond rtol=%.3g atol=%.3g; worst at flat index %d: "
                          "got %r, reference %r" % (i, bad, len(ref), rtol, atol, worst[1], worst[2], worst[3]))


# --- one seed --------------------------------------------------------------------
def delegate_names(mlir_text):
    return re.findall(r"func\.func private @(\w+)\([^\n]*attributes \{[^\n]*xnn\.delegate", mlir_text)


def check_c(tools, work, seed, deleg_path):
    text = open(deleg_path).read()
    if not delegate_names(text):
        return
    c_path = os.path.join(work, "model.c")
    run_tool("c-emit", [tools.translate, "--xnn-to-c", deleg_path, "-o", c_path])
    csrc = open(c_path).read()
    mapping = re.findall(r"==== xnn_delegate_(\d+) \(@(\w+)\)", csrc)
    if not mapping:
        raise Failure("c-emit", "error", "emitted C names no delegates")
    with open(os.path.join(work, "fuzz_delegates.inc"), "w") as f:
        for idx, _ in mapping:
            f.write("FUZZ_DELEGATE(%s)\n" % idx)
    exe = os.path.join(work, "harness")
    run_tool("c-compile", [tools.cc, "-std=c11", "-O1", "-w", "-I", work, c_path,
                           os.path.join(HERE, "run_all_delegates.c")] + tools.xnnpack_flags + ["-o", exe],
             timeout=180)
    dirs = []
    for idx, name in mapping:
        d = os.path.join(work, "c_io_%s" % idx)
        shutil.rmtree(d, ignore_errors=True)
        run_tool("c-xnn-run", [tools.run, deleg_path, "--func=" + name, "--seed=%d" % seed, "--output-dir", d])
        dirs.append(d)
    try:
        p = subprocess.run([exe] + dirs, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=STAGE_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Failure("c-run", "timeout", "no exit within %d s" % STAGE_TIMEOUT)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode < 0:
        raise Failure("c-run", "crash", "%s: %s" % (signal.Signals(-p.returncode).name, first_error_line(out)), out)
    if p.returncode == 2:
        raise Failure("c-run", "mismatch", "emitted C differs from in-process xnn-run", out)
    if p.returncode != 0:
        raise Failure("c-run", "error", first_error_line(out), out)


def check_program(tools, work, deleg_path, deleg_io, num_args):
    """The whole function as C (--program) against xnn-run's delegated run, byte for byte."""
    c_path = os.path.join(work, "program.c")
    run_tool("c-program", [tools.translate, "--xnn-to-c", "--program", "--inline-weights", deleg_path, "-o", c_path])
    exe = os.path.join(work, "program")
    run_tool("c-program", [tools.cc, "-std=c11", "-O1", "-w", "-I", tools.include, c_path,
                           os.path.join(HERE, "..", "..", "examples", "run_program.c")] + tools.xnnpack_flags +
             ["-L" + tools.lib, "-Wl,-rpath,%s:/usr/lib/llvm-22/lib" % tools.lib, "-lXnnMlir", "-o", exe],
             timeout=180)
    try:
        p = subprocess.run([exe, deleg_io, "--expect", deleg_io], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=STAGE_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Failure("c-program", "timeout", "no exit within %d s" % STAGE_TIMEOUT)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode < 0:
        raise Failure("c-program", "crash", "%s: %s" % (signal.Signals(-p.returncode).name, first_error_line(out)),
                      out)
    if "DIFFER" in out:
        raise Failure("c-program", "mismatch", "emitted program differs from xnn-run", out)
    if p.returncode != 0:
        raise Failure("c-program", "error", first_error_line(out), out)


def stateful_mlir(g):
    """@forward of g with two state buffers of its first result's type (issue 45):
    "a" takes result 0 plus "b", "b" takes the old "a" unchanged (state passed
    on under another name, so a swap every step), or None when result 0 has no
    add (i1). Text edit of g.to_mlir(): the signature and the return."""
    if not g.results or g.results[0].dtype == "i1":
        return None
    text = g.to_mlir()
    t = g.results[0].type
    rtypes = [r.type for r in g.results]
    params = ", ".join("%s: %s" % (g._name(a), a.type) for a in g.args)
    params += (", " if params else "") + '%%sa: %s {xnn.state = "a"}, %%sb: %s {xnn.state = "b"}' % (t, t)
    rsig = "(%s, %s {xnn.state = \"a\"}, %s {xnn.state = \"b\"})" % (", ".join(rtypes), t, t)
    rsig = rsig.replace('\\"', '"')
    lines = text.splitlines()
    head = next(i for i, l in enumerate(lines) if l.startswith("func.func @forward("))
    ret = next(i for i, l in enumerate(lines) if l.startswith("  return "))
    lines[head] = "func.func @forward(%s) -> %s {" % (params, rsig)
    names = ", ".join(g._name(r) for r in g.results)
    lines[ret:ret + 1] = ['  %%state_a = "edge.add"(%s, %%sb) : (%s, %s) -> %s' % (g._name(g.results[0]), t, t, t),
                          "  return %s, %%state_a, %%sa : %s, %s, %s" % (names, ", ".join(rtypes), t, t)]
    return "\n".join(lines) + "\n"


def check_program_state(tools, work, g, seed):
    """The stateful variant of @forward (stateful_mlir) as C (--program), 3 steps with the
    state updated in place and with copies, byte for byte against xnn-run --steps 3."""
    text = stateful_mlir(g)
    if text is None:
        return
    p = lambda name: os.path.join(work, name)
    with open(p("state.mlir"), "w") as f:
        f.write(text)
    run_tool("c-state", [tools.opt, p("state.mlir"), "--xnn-delegate", "-o", p("state-d.mlir")])
    shutil.rmtree(p("state-io"), ignore_errors=True)
    run_tool("c-state", [tools.run, p("state-d.mlir"), "--seed=%d" % seed, "--steps", "3", "--output-dir",
                         p("state-io")])
    c_path, exe = p("state.c"), p("state-program")
    run_tool("c-state", [tools.translate, "--xnn-to-c", "--program", "--inline-weights", p("state-d.mlir"), "-o",
                         c_path])
    run_tool("c-state", [tools.cc, "-std=c11", "-O1", "-w", "-I", tools.include, c_path,
                         os.path.join(HERE, "..", "..", "examples", "run_program.c")] + tools.xnnpack_flags +
             ["-L" + tools.lib, "-Wl,-rpath,%s:/usr/lib/llvm-22/lib" % tools.lib, "-lXnnMlir", "-o", exe],
             timeout=180)
    for extra in ([], ["--copy-state"]):
        try:
            r = subprocess.run([exe, p("state-io"), "--steps", "3", "--expect", p("state-io")] + extra,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=STAGE_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise Failure("c-state", "timeout", "no exit within %d s" % STAGE_TIMEOUT)
        out = r.stdout.decode("utf-8", "replace")
        if r.returncode < 0:
            raise Failure("c-state", "crash", "%s: %s" % (signal.Signals(-r.returncode).name, first_error_line(out)),
                          out)
        if "DIFFER" in out:
            raise Failure("c-state", "mismatch", "emitted stateful program differs from xnn-run --steps", out)
        if r.returncode != 0:
            raise Failure("c-state", "error", first_error_line(out), out)


STAGES = ["gen", "verify", "delegate", "reverify", "run-ref", "run-deleg", "compare-deleg", "nofold",
          "run-nofold", "compare-nofold", "c-emit", "c-compile", "c-xnn-run", "c-run", "c-program", "c-state"]


def check_graph(tools, g, seed, work, with_c, stop_stage=None):
    """Runs every stage on graph g; raises Failure at the first that fails."""
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, "graph.mlir")
    with open(src, "w") as f:
        f.write(g.to_mlir())
    p = lambda name: os.path.join(work, name)
    run_tool("verify", [tools.opt, src, "-o", p("verified.mlir")])
    run_tool("delegate", [tools.opt, src, "--xnn-delegate", "-o", p("delegated.mlir")])
    run_tool("reverify", [tools.opt, p("delegated.mlir"), "-o", p("reverified.mlir")])
    shutil.rmtree(p("ref"), ignore_errors=True)
    run_tool("run-ref", [tools.run, src, "--seed=%d" % seed, "--output-dir", p("ref")])
    inputs = ",".join(p("ref/input_%d.npy" % i) for i in range(len(g.args)))
    in_flag = ["--input=" + inputs] if g.args else []
    shutil.rmtree(p("deleg"), ignore_errors=True)
    run_tool("run-deleg", [tools.run, p("delegated.mlir")] + in_flag + ["--output-dir", p("deleg")])
    compare_outputs("compare-deleg", g, p("ref"), p("deleg"))
    if stop_stage in ("delegate", "reverify", "run-ref", "run-deleg", "compare-deleg"):
        return
    run_tool("nofold", [tools.opt, src, "--xnn-delegate=fold-dtype-converts=false", "-o", p("nofold.mlir")])
    shutil.rmtree(p("nofold"), ignore_errors=True)
    run_tool("run-nofold", [tools.run, p("nofold.mlir")] + in_flag + ["--output-dir", p("nofold")])
    compare_outputs("compare-nofold", g, p("ref"), p("nofold"))
    if with_c and tools.xnnpack_flags:
        check_c(tools, work, seed, p("delegated.mlir"))
        check_program(tools, work, p("delegated.mlir"), p("deleg"), len(g.args))
        check_program_state(tools, work, g, seed)


def check_seed(tools, seed, opts):
    work = os.path.join(opts.work_root, "seed%d" % seed)
    try:
        g = gen.generate(seed, opts.nan, opts.avoid, aten_extras=opts.aten_extras)
    except Exception as e:   # a generator bug is reported like any other failure
        return seed, None, Failure("gen", "crash", "%s: %s" % (type(e).__name__, e))
    with_c = opts.c_every > 0 and seed % opts.c_every == 0
    try:
        check_graph(tools, g, seed, work, with_c)
    except Failure as f:
        return seed, g, f
    except Exception as e:   # a fuzzer bug must not end a long run
        return seed, g, Failure("fuzzer", "crash", "%s: %s" % (type(e).__name__, e))
    if not opts.keep:
        shutil.rmtree(work, ignore_errors=True)
    return seed, g, None


# --- minimizer -------------------------------------------------------------------
def still_fails(tools, g, seed, key, work, with_c):
    try:
        check_graph(tools, g, seed, work, with_c)
    except Failure as f:
        return f.key == key
    return False


def minimize(tools, g, seed, failure, work, with_c, budget_s=240):
    """Greedy delta reduction: drop results, drop ops (their uses take an operand of the same
    type or a new argument), while the failure keeps its class."""
    key = failure.key
    deadline = time.time() + budget_s
    with_c = with_c and failure.stage.startswith("c-")
    best = g.clone()
    tries = 0

    def attempt(candidate):
        nonlocal best, tries
        tries += 1
        if still_fails(tools, candidate, seed, key, work, with_c):
            best = candidate
            return True
        return False

    progress = True
    while progress and time.time() < deadline:
        progress = False
        # 1. fewer results
        i = 0
        while len(best.results) > 1 and i < len(best.results) and time.time() < deadline:
            c = best.clone()
            del c.results[i]
            c.remove_args_unused()
            if attempt(c):
                progress = True
            else:
                i += 1
        # 2. all dead ops at once, then ops one by one from the end
        c = best.clone()
        c.remove_dead()
        if len(c.ops) < len(best.ops) and attempt(c):
            progress = True
        idx = len(best.ops) - 1
        while idx >= 0 and time.time() < deadline:
            if idx >= len(best.ops):
                idx = len(best.ops) - 1
                continue
            op = best.ops[idx]
            replaced = False
            for how in ("operand", "arg", "delete"):
                c = best.clone()
                cop = c.ops[idx]
                r = cop.result
                users = any(r in o.operands for o in c.ops) or r in c.results
                if how == "delete":
                    if users:
                        continue
                elif not users:
                    continue
                elif how == "operand":
                    same = [o for o in cop.operands if o.shape == r.shape and o.dtype == r.dtype]
                    if not same:
                        continue
                    c.replace_uses(r, same[0])
                else:
                    if op.name == "constant" and not r.is_float:
                        continue
                    c.replace_uses(r, c.add_arg(r.shape, r.dtype))
                del c.ops[idx]
                c.remove_args_unused()
                if attempt(c):
                    replaced = progress = True
                    break
            idx -= 1
    # Cosmetics: make the constants splats (short repros) and return the dead failing op.
    for k, op in enumerate(best.ops):
        if time.time() >= deadline:
            break
        if op.name == "constant" and op.payload and len(set(map(repr, op.payload))) > 1:
            c = best.clone()
            c.ops[k].payload = [op.payload[0]] * len(op.payload)
            attempt(c)
    if all(r.producer is None for r in best.results):
        used = {o.id for op in best.ops for o in op.operands}
        dead = [k for k, op in enumerate(best.ops) if op.result.id not in used and op.name != "constant"]
        if dead:
            c = best.clone()
            c.results = [c.ops[dead[-1]].result]
            c.remove_args_unused()
            attempt(c)
    return best, tries


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="0:100", help="A:B (B exclusive) or A: with --hours")
    ap.add_argument("--build", default="build", help="build directory with bin/xnn-opt etc.")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--c-every", type=int, default=10, help="check emitted C on every Nth seed (0: never)")
    ap.add_argument("--nan", action="store_true", help="generate NaN/Inf-producing cases")
    ap.add_argument("--aten-extras", action="store_true", help="generate ATen forms the verifier rejects today "
                    "(gen.py --help)")
    ap.add_argument("--avoid", default="", help="comma list of generator classes to avoid (gen.py --help)")
    ap.add_argument("--minimize", action="store_true", help="minimize the first seed of each failure class")
    ap.add_argument("--minimize-budget", type=float, default=240, help="seconds per class")
    ap.add_argument("--hours", type=float, default=0, help="long mode: stop after this many hours")
    ap.add_argument("--out", default=None, help="directory for repros and the summary (default: none)")
    ap.add_argument("--keep", action="store_true", help="keep the work directory of passing seeds")
    ap.add_argument("--error-stats", action="store_true",
                    help="print the worst |diff| / allowed ratio per stage and cone dtype")
    ap.add_argument("--quiet", action="store_true", help="print failures only at the end")
    ap.add_argument("--expect-fail", default=None,
                    help="CI: comma list of seeds that are known to fail; exit 0 iff exactly those fail")
    opts = ap.parse_args()
    opts.avoid = [a for a in opts.avoid.split(",") if a]
    for a in opts.avoid:
        if a not in gen.AVOIDABLE:
            ap.error("unknown class %r (known: %s)" % (a, ", ".join(sorted(gen.AVOIDABLE))))
    lo, _, hi = opts.seeds.partition(":")
    lo = int(lo)
    hi = int(hi) if hi else (1 << 62 if opts.hours else lo + 100)
    tools = Tools(opts.build)
    opts.work_root = tempfile.mkdtemp(prefix="xnn-fuzz-")
    if opts.out:
        os.makedirs(opts.out, exist_ok=True)
    deadline = time.time() + opts.hours * 3600 if opts.hours else None

    classes = {}     # key -> [seeds], first failure, graph
    ran = 0
    start = time.time()

    def record(seed, g, f):
        nonlocal ran
        ran += 1
        if f is None:
            return
        entry = classes.setdefault(f.key, {"seeds": [], "failure": f, "graph": g, "seed": seed})
        entry["seeds"].append(seed)
        if not opts.quiet:
            print("seed %d: FAIL [%s] %s%s" % (seed, f.stage, f.message, ("\n    " + f.detail.strip().splitlines()[-1])
                                               if f.kind == "mismatch" and f.detail else ""), flush=True)
        if opts.out and g is not None:
            with open(os.path.join(opts.out, "seed%d.mlir" % seed), "w") as fh:
                fh.write(g.to_mlir("seed %d: [%s] %s" % (seed, f.stage, f.message)))

    seeds = iter(range(lo, hi))
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        pending = set()
        while True:
            while len(pending) < max(1, opts.jobs) and (deadline is None or time.time() < deadline):
                s = next(seeds, None)
                if s is None:
                    break
                pending.add(pool.submit(check_seed, tools, s, opts))
            if not pending:
                break
            done, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                record(*fut.result())
            if opts.hours and not opts.quiet and ran % 500 == 0:
                print("... %d seeds, %d classes, %.0f s" % (ran, len(classes), time.time() - start), flush=True)

    elapsed = time.time() - start
    failing = sorted(s for e in classes.values() for s in e["seeds"])
    lines = ["%d seeds (%s) in %.0f s: %d failing, %d classes%s" % (
        ran, opts.seeds, elapsed, len(failing), len(classes),
        (" (avoiding: %s)" % ",".join(opts.avoid)) if opts.avoid else "")]
    for key, e in sorted(classes.items(), key=lambda kv: -len(kv[1]["seeds"])):
        lines.append("  %4d x %s   seeds: %s" % (len(e["seeds"]), key,
                                                   " ".join(map(str, e["seeds"][:40])) + (" ..." if len(e["seeds"]) > 40 else "")))
    print("\n".join(lines), flush=True)

    if opts.error_stats:
        for (stage, dt), (ratio, err, ref, depth) in sorted(ERROR_STATS.items()):
            print("  error/allowed: %s %s: worst %.3g (|diff| %.3g at reference %.6g, depth %d)" % (
                stage, dt, ratio, err, ref, depth))
    if opts.minimize:
        for key, e in classes.items():
            if e["graph"] is None:
                continue
            seed = e["seed"]
            work = os.path.join(opts.work_root, "min%d" % seed)
            g, tries = minimize(tools, e["graph"], seed, e["failure"], work, True, opts.minimize_budget)
            text = g.to_mlir("minimized from seed %d (%d tries): [%s] %s\nxnn-run seed: %d" % (
                seed, tries, e["failure"].stage, e["failure"].message, seed))
            print("\n==== %s\n%s" % (key, text), flush=True)
            if opts.out:
                with open(os.path.join(opts.out, "min-seed%d.mlir" % seed), "w") as fh:
                    fh.write(text)
    if opts.out:
        with open(os.path.join(opts.out, "summary.txt"), "w") as fh:
            fh.write("\n".join(lines) + "\n")
    if not opts.keep:
        shutil.rmtree(opts.work_root, ignore_errors=True)
    if opts.expect_fail is not None:
        expected = sorted(int(s) for s in opts.expect_fail.split(",") if s)
        if failing != expected:
            print("expected failing seeds %s, got %s" % (expected, failing))
            return 1
        print("failing seeds as expected")
        return 0
    return 1 if classes else 0


if __name__ == "__main__":
    sys.exit(main())
