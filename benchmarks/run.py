#!/usr/bin/env python3
"""xnnmlir benchmarks: delegate structure, compile time and scaling, runtime.

Python 3 standard library only.  Prints figures and ratios; never asserts a
timing (the exit status is 0 unless the script itself cannot run: missing
xnn-opt, bad options).  Writes benchmarks/results.md and
benchmarks/results.json unless --no-write.

Sections
  1. structure  fold-dtype-converts on/off x dtype on gemma3 (full 1b config,
                weights elided) and the CNNs: delegate segments, delegated-op
                fraction, portable dtype / float converts (xnn-opt --xnn-stats).
  2. compile    the whole xnn-delegate pipeline vs two floors on the same file:
                stock mlir-opt --irdl-file (parse, verify, print) and xnn-opt
                with no passes; scaling on the scaler model 10^3..10^6 ops
                (time per op, peak RSS per op, per-pass split from --mlir-timing).
  3. runtime    if build/bin/xnn-run exists: reference-only vs delegated
                latency on small random-weight models, bf16 vs f32 delegated.

See benchmarks/README.md for the commands.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
GEN = os.path.join(SRC, "utils", "gen_models.py")

# ExecuTorch's published figures for gemma-3-1b bf16 (SPEC section 1).
ET_REF = {"model": "gemma-3-1b bf16, custom_sdpa + KV-cache export",
          "segments_off": 446, "segments_on": 211,
          "portable_dtype_converts_off": 364, "portable_dtype_converts_on": 46}

# (model, dtypes the generator offers for it, extra generator args)
STRUCTURE_MODELS = [
    ("gemma3", ["f32", "bf16", "f16"], []),
    ("mobilenetv2", ["f32", "bf16", "f16"], []),
    ("resnet", ["f32", "bf16", "f16"], []),
    ("mixed-cnn", ["f32", "bf16", "f16"], []),
]
GEN_DTYPES = {"gemma3": {"f32", "bf16", "f16"}, "mobilenetv2": {"f32", "f16"},
              "resnet": {"f32", "f16"}, "mixed-cnn": {"f16"}}
COMPILE_MODELS = [("gemma3", "bf16"), ("mobilenetv2", "f32"), ("resnet", "f32"),
                  ("mixed-cnn", "f16")]

# Small runnable models with random weights (each under the generator's
# 2M-parameter default cap).
RUNTIME_MODELS = [
    ("gemma3-small", "gemma3", ["--layers", "2", "--hidden", "128", "--heads", "2",
                                "--kv-heads", "1", "--head-dim", "64", "--mlp", "256",
                                "--vocab", "1024", "--seq", "8"], ["f32", "bf16", "f16"]),
    ("mobilenetv2-64", "mobilenetv2", ["--resolution", "64", "--width-mult", "0.5",
                                       "--classes", "100"], ["f32", "f16"]),
    ("resnet18-64", "resnet", ["--resolution", "64", "--width-mult", "0.25",
                               "--classes", "100"], ["f32", "f16"]),
    ("mixed-cnn-64", "mixed-cnn", ["--resolution", "64", "--width-mult", "0.5",
                                   "--classes", "100"], ["f16"]),
]


def log(msg=""):
    print(msg, flush=True)


class Bench:
    def __init__(self, args):
        self.args = args
        self.build = os.path.abspath(args.build_dir)
        self.xnn_opt = os.path.join(self.build, "bin", "xnn-opt")
        self.xnn_run = os.path.join(self.build, "bin", "xnn-run")
        self.irdl = os.path.join(self.build, "share", "xnnmlir", "xnnmlir.irdl.mlir")
        self.mlir_opt = args.mlir_opt or find_mlir_opt()
        self.work = tempfile.mkdtemp(prefix="xnnmlir-bench-")
        self.md = []          # markdown lines for results.md
        self.results = {}     # raw numbers for results.json

    # ---------------------------------------------------------------- helpers
    def out(self, line=""):
        """Print a line and keep it for results.md."""
        log(line)
        self.md.append(line)

    def gen(self, name, model, args):
        path = os.path.join(self.work, name + ".mlir")
        if not os.path.exists(path):
            r = subprocess.run([sys.executable, GEN, model] + args + ["-o", path],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if r.returncode != 0:
                raise RuntimeError("gen_models.py %s %s failed: %s"
                                   % (model, " ".join(args), r.stderr.strip()[-500:]))
        return path

    def run_timed(self, cmd, timeout=None):
        """Run cmd once; return (wall seconds, peak RSS in KiB, rc, stderr tail).

        Peak RSS is the child's own ru_maxrss from os.wait4 (not the maximum
        over all children), wall time is time.perf_counter around spawn+wait.
        """
        errpath = os.path.join(self.work, "stderr.txt")
        with open(errpath, "wb") as err:
            t0 = time.perf_counter()
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
            _, status, ru = os.wait4(p.pid, 0)
            t1 = time.perf_counter()
            p.returncode = rc = os.waitstatus_to_exitcode(status)  # reaped: keep Popen from waiting
        with open(errpath, "rb") as f:
            tail = f.read()[-2000:].decode("utf-8", "replace")
        return t1 - t0, ru.ru_maxrss, rc, tail

    def median_of(self, cmd, n):
        times, rss, err = [], [], None
        for _ in range(n):
            t, m, rc, tail = self.run_timed(cmd)
            if rc != 0:
                err = "exit %d: %s" % (rc, tail.strip()[-400:])
                break
            times.append(t)
            rss.append(m)
        if err:
            return {"error": err, "cmd": cmd}
        return {"median_s": statistics.median(times), "min_s": min(times),
                "runs_s": times, "peak_rss_kib": max(rss), "n": n, "cmd": cmd}

    def stats(self, model_path, passes):
        cmd = [self.xnn_opt, model_path] + passes + ["--xnn-stats=json", "-o", os.devnull]
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            return {"error": "exit %d: %s" % (r.returncode, r.stderr.strip()[-400:])}
        for line in reversed(r.stderr.splitlines()):
            line = line.strip()
            if line.startswith("{"):
                try:
                    d = json.loads(line)
                except ValueError:
                    continue
                d.pop("portable", None)
                return d
        return {"error": "no JSON stats on stderr"}

    # -------------------------------------------------------------- section 1
    def structure(self):
        self.out("## 1. Delegate structure")
        self.out("")
        self.out("`xnn-opt MODEL --xnn-delegate=fold-dtype-converts=X --xnn-stats=json -o /dev/null`; "
                 "gemma3 = full gemma-3-1b config (26 layers), CNNs at 224x224, weights elided. "
                 "`delegated` counts non-constant edge/xnn ops inside delegate functions after the "
                 "whole pipeline (lowered xnn ops, including inserted converts/transposes); "
                 "`deleg@part` is the same count right after `xnn-partition` "
                 "(`--xnn-fold-constant-converts --xnn-partition=fold-dtype-converts=X`), i.e. edge ops "
                 "as the partitioner grouped them. fraction = delegated / (delegated + portable).")
        self.out("")
        hdr = ("| model | dtype | fold | segments | delegated | portable | fraction "
               "| deleg@part | fraction@part | portable dtype cvt | portable float cvt |")
        self.out(hdr)
        self.out("|" + "---|" * 11)
        rows = []
        for model, dtypes, extra in STRUCTURE_MODELS:
            for dtype in dtypes:
                for fold in ("on", "off"):
                    row = {"model": model, "dtype": dtype, "fold": fold}
                    if dtype not in GEN_DTYPES[model]:
                        row["na"] = "generator has no %s %s" % (dtype, model)
                        rows.append(row)
                        self.out("| %s | %s | %s | n/a | | | | | | | |" % (model, dtype, fold))
                        continue
                    path = self.gen("%s_%s_elided" % (model, dtype), model,
                                    ["--dtype", dtype] + extra)
                    flag = "true" if fold == "on" else "false"
                    full = self.stats(path, ["--xnn-delegate=fold-dtype-converts=" + flag])
                    part = self.stats(path, ["--xnn-fold-constant-converts",
                                             "--xnn-partition=fold-dtype-converts=" + flag])
                    row["pipeline"], row["partition"] = full, part
                    rows.append(row)
                    if "error" in full:
                        self.out("| %s | %s | %s | FAILED: %s | | | | | | | |"
                                 % (model, dtype, fold, full["error"][:120].replace("|", "/")))
                        continue
                    d, p = full["delegated_ops"], full["portable_ops"]
                    frac = d / (d + p) if d + p else 0.0
                    if "error" in part:
                        dp, fp = "err", "err"
                    else:
                        dpn, ppn = part["delegated_ops"], part["portable_ops"]
                        dp = str(dpn)
                        fp = "%.2f%%" % (100.0 * dpn / (dpn + ppn)) if dpn + ppn else "-"
                    row["fraction"] = frac
                    self.out("| %s | %s | %s | %d | %d | %d | %.2f%% | %s | %s | %d | %d |"
                             % (model, dtype, fold, full["delegate_segments"], d, p, 100.0 * frac,
                                dp, fp, full["portable_dtype_converts"],
                                full["portable_float_converts"]))
        self.results["structure"] = rows
        self.out("")
        self.out("n/a: the generator offers mobilenetv2/resnet in f32 and f16 only and mixed-cnn "
                 "in f16 only (f16 backbone + f32 head); no bf16 CNN exists in the corpus.")
        self.out("")
        # ExecuTorch reference beside ours.
        ours = {r["fold"]: r["pipeline"] for r in rows
                if r["model"] == "gemma3" and r["dtype"] == "bf16" and "pipeline" in r}
        self.out("Reference (ExecuTorch, %s) vs ours (gemma3 bf16, eager attention):" % ET_REF["model"])
        self.out("")
        self.out("| figure | ExecuTorch off -> on | xnnmlir off -> on |")
        self.out("|---|---|---|")

        def pair(key):
            try:
                return "%d -> %d" % (ours["off"][key], ours["on"][key])
            except (KeyError, TypeError):
                return "n/a"
        self.out("| gemma-3-1b bf16 delegate segments | %d -> %d | %s |"
                 % (ET_REF["segments_off"], ET_REF["segments_on"], pair("delegate_segments")))
        self.out("| gemma-3-1b bf16 portable dtype converts | %d -> %d | %s |"
                 % (ET_REF["portable_dtype_converts_off"], ET_REF["portable_dtype_converts_on"],
                    pair("portable_dtype_converts")))
        self.out("")
        self.out("The op mixes differ: ExecuTorch's export uses `llama.custom_sdpa` and a KV cache "
                 "(custom ops that stay portable and cut every layer), int64 position ids and "
                 "mask/cache-index casts (the 46 surviving converts), and its MeanDimConfig only "
                 "delegates 4-D means over [2,3], so every RMSNorm's last-axis mean stays portable. "
                 "Our generator exports HF eager attention for one prefill step without KV cache "
                 "(softmax between to_copy f32 / to_copy bf16: 2 extra activation converts per layer, "
                 "366 activation converts in all), const-propagates RoPE tables and position ids, and "
                 "our partitioner delegates last-axis mean; with fold-dtype-converts=false the 366 "
                 "converts are the only cuts (+ the embedding gather). See utils/gen_models.py "
                 "(module docstring, `gemma3 --help`).")
        self.out("")

    # -------------------------------------------------------------- section 2
    def compile_time(self):
        a = self.args
        reps = a.repeats
        self.out("## 2. Compile time")
        self.out("")
        self.out("Wall time of the whole process, median of %d runs each, measured in the same run "
                 "(interleaved per model). pipeline = `xnn-opt IN --xnn-delegate -o OUT`; "
                 "floor A = `mlir-opt --irdl-file=%s IN -o OUT` (stock MLIR: parse, verify, print); "
                 "floor B = `xnn-opt IN -o OUT` (no passes: parse, IRDL + C verifier, print)."
                 % (reps, os.path.relpath(self.irdl, SRC) if self.irdl.startswith(SRC) else self.irdl))
        self.out("")
        have_mlir_opt = self.mlir_opt and os.path.exists(self.mlir_opt)
        self.out("| model | ops | pipeline s | floor A mlir-opt s | floor B xnn-opt s "
                 "| pipeline / A | pipeline / B | pipeline RSS MiB | A RSS MiB |")
        self.out("|" + "---|" * 9)
        outp = os.path.join(self.work, "out.mlir")
        res = []
        for model, dtype in COMPILE_MODELS:
            path = self.gen("%s_%s_elided" % (model, dtype), model, ["--dtype", dtype])
            row = self.measure_triplet(path, outp, reps, have_mlir_opt)
            row.update(model=model, dtype=dtype, ops=count_ops(path))
            res.append(row)
            self.out(self.triplet_line("%s %s" % (model, dtype), row))
        self.results["compile"] = res
        self.out("")

        # Scaling on the scaler model.
        sizes = [10 ** 3, 10 ** 4] if a.quick else [10 ** 3, 10 ** 4, 10 ** 5, 10 ** 6]
        self.out("### Scaling (scaler model)")
        self.out("")
        self.out("`gen_models.py scaler --ops N` (linear, silu, bf16 tanh between converts, residual "
                 "add; means, i64 side chains). Repeats: %d below 10^6, %d at 10^6. ops = every op "
                 "in the input (constants included). Time per op and peak RSS per op are the whole "
                 "process (parse + passes + print)." % (reps, a.repeats_big))
        self.out("")
        self.out("| N (target) | ops | pipeline s | floor A s | floor B s | pipeline us/op "
                 "| floor A us/op | pipeline / A | pipeline KiB/op | floor A KiB/op | passes s (split, no verifier) |")
        self.out("|" + "---|" * 11)
        scal = []
        for n in sizes:
            path = self.gen("scaler_%d" % n, "scaler", ["--ops", str(n)])
            ops = count_ops(path)
            row = self.measure_triplet(path, outp, a.repeats_big if n >= 10 ** 6 else reps,
                                       have_mlir_opt)
            row.update(target=n, ops=ops, passes=self.pass_split(path))
            scal.append(row)
            self.out(self.scaling_line(row))
        self.results["scaling"] = scal
        self.out("")
        self.flatness(scal)
        self.out("")
        self.out("Per-pass split (`xnn-opt IN --xnn-fold-constant-converts --xnn-partition "
                 "--xnn-tag-channels-last --xnn-remove-redundant-copies --xnn-lower "
                 "--verify-each=false --mlir-timing`, one run, seconds; no verifier between the "
                 "passes, so each column is the pass alone; Parse is xnn-opt's parse phase):")
        self.out("")
        names = []
        for r in scal:
            for k in (r.get("passes") or {}):
                if k not in names:
                    names.append(k)
        if names:
            self.out("| ops | " + " | ".join(names) + " |")
            self.out("|" + "---|" * (len(names) + 1))
            for r in scal:
                p = r.get("passes") or {}
                self.out("| %d | " % r["ops"] + " | ".join(
                    ("%.4f" % p[k]) if k in p else "-" for k in names) + " |")
        self.out("")

    def measure_triplet(self, path, outp, reps, have_mlir_opt):
        cmds = {"pipeline": [self.xnn_opt, path, "--xnn-delegate", "-o", outp],
                "floorB": [self.xnn_opt, path, "-o", outp]}
        if have_mlir_opt:
            cmds["floorA"] = [self.mlir_opt, "--irdl-file=" + self.irdl, path, "-o", outp]
        # Interleave: one run of each per round, so drift hits all three alike.
        samples = {k: [] for k in cmds}
        rss = {k: 0 for k in cmds}
        errors = {}
        for _ in range(reps):
            for k, cmd in cmds.items():
                if k in errors:
                    continue
                t, m, rc, tail = self.run_timed(cmd)
                if rc != 0:
                    errors[k] = "exit %d: %s" % (rc, tail.strip()[-300:])
                    continue
                samples[k].append(t)
                rss[k] = max(rss[k], m)
        row = {}
        for k, cmd in cmds.items():
            if k in errors:
                row[k] = {"error": errors[k], "cmd": cmd}
            else:
                row[k] = {"median_s": statistics.median(samples[k]), "min_s": min(samples[k]),
                          "runs_s": samples[k], "peak_rss_kib": rss[k], "n": reps, "cmd": cmd}
        if "floorA" not in row:
            row["floorA"] = {"error": "mlir-opt not found"}
        return row

    @staticmethod
    def med(row, k):
        v = row.get(k, {})
        return v.get("median_s")

    def triplet_line(self, label, row):
        p, a, b = self.med(row, "pipeline"), self.med(row, "floorA"), self.med(row, "floorB")
        f = lambda v: "%.3f" % v if v is not None else "err"
        ratio = lambda x, y: "%.2f" % (x / y) if x is not None and y else "-"
        mib = lambda k: ("%.0f" % (row[k]["peak_rss_kib"] / 1024.0)
                         if "peak_rss_kib" in row.get(k, {}) else "-")
        return "| %s | %d | %s | %s | %s | %s | %s | %s | %s |" % (
            label, row["ops"], f(p), f(a), f(b), ratio(p, a), ratio(p, b), mib("pipeline"), mib("floorA"))

    def scaling_line(self, r):
        p, a, b = self.med(r, "pipeline"), self.med(r, "floorA"), self.med(r, "floorB")
        n = r["ops"]
        f = lambda v: "%.3f" % v if v is not None else "err"
        us = lambda v: "%.2f" % (v * 1e6 / n) if v is not None else "-"
        kib = lambda k: ("%.3f" % (r[k]["peak_rss_kib"] / n) if "peak_rss_kib" in r.get(k, {}) else "-")
        ps = r.get("passes") or {}
        tot = ps.get("Total")
        return "| 10^%d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            len(str(r["target"])) - 1, n, f(p), f(a), f(b), us(p), us(a),
            "%.2f" % (p / a) if p is not None and a else "-", kib("pipeline"), kib("floorA"),
            "%.3f" % tot if tot is not None else "-")

    def pass_split(self, path):
        cmd = [self.xnn_opt, path, "--xnn-fold-constant-converts", "--xnn-partition",
               "--xnn-tag-channels-last", "--xnn-remove-redundant-copies", "--xnn-lower",
               "--verify-each=false", "--mlir-timing", "-o", os.devnull]
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            return None
        out = {}
        for line in r.stderr.splitlines():
            m = re.match(r"\s*([0-9.]+)\s+\(\s*[0-9.]+%\)\s+(\S+)\s*$", line)
            if m and m.group(2) != "Rest":
                out[m.group(2)] = float(m.group(1))
        return out

    def flatness(self, scal):
        by = {r["target"]: r for r in scal}
        self.results["flatness"] = {}
        for base in (10 ** 4, 10 ** 3):
            if 10 ** 6 in by and base in by:
                break
        else:
            base = None
        top = 10 ** 6 if 10 ** 6 in by else max(by) if by else None
        if base is None or top is None or top == base:
            base = min(by) if by else None
        if base is None or top is None or base == top:
            self.out("Per-op flatness: not enough sizes measured.")
            return
        lines = []
        for k, label in (("pipeline", "pipeline"), ("floorA", "floor A (mlir-opt)"),
                         ("floorB", "floor B (xnn-opt, no passes)")):
            t1, t0 = self.med(by[top], k), self.med(by[base], k)
            if t1 is None or t0 is None:
                continue
            ratio = (t1 / by[top]["ops"]) / (t0 / by[base]["ops"])
            self.results["flatness"][k] = ratio
            lines.append("%s %.2f" % (label, ratio))
        pt1 = (by[top].get("passes") or {}).get("Total")
        pt0 = (by[base].get("passes") or {}).get("Total")
        if pt1 and pt0:
            r = (pt1 / by[top]["ops"]) / (pt0 / by[base]["ops"])
            self.results["flatness"]["passes_only"] = r
            lines.append("passes only (per-pass split Total, no verifier) %.2f" % r)
        ratio = self.results["flatness"].get("pipeline")
        floor = self.results["flatness"].get("floorA")
        # floor A (stock mlir-opt: parse, verify, print) is linear; its apparent per-op growth
        # between sizes measured minutes apart is the machine's speed drift, so the pipeline's
        # growth relative to it is the drift-free figure.
        rel = ratio / floor if ratio is not None and floor else None
        if rel is not None:
            self.results["flatness"]["pipeline_vs_floorA"] = rel
            lines.append("pipeline relative to floor A %.2f" % rel)
        if ratio is not None and ratio < 1.5:
            verdict = "flat (within 1.5x)"
        elif rel is not None and rel < 1.5:
            verdict = ("flat relative to floor A (within 1.5x; the raw growth tracks floor A's, "
                       "i.e. the machine slowed down between sizes)")
        elif ratio is not None:
            verdict = "NOT flat: per-op cost grows with size"
        else:
            verdict = "unknown"
        self.out("Per-op time ratio, %s ops vs %s ops: %s. Pipeline per-op cost: %s."
                 % (fmt_pow(top), fmt_pow(base), "; ".join(lines), verdict))

    # -------------------------------------------------------------- section 3
    def runtime(self):
        self.out("## 3. Runtime")
        self.out("")
        if not (os.path.isfile(self.xnn_run) and os.access(self.xnn_run, os.X_OK)):
            self.out("skipped: xnn-run not built (%s)" % os.path.relpath(self.xnn_run, SRC)
                     if self.xnn_run.startswith(SRC) else "skipped: xnn-run not built")
            self.results["runtime"] = {"skipped": "xnn-run not built"}
            self.out("")
            return
        try:
            self.runtime_inner()
        except Exception as e:  # defensive: never let this section kill the report
            self.out("runtime section aborted: %s: %s" % (type(e).__name__, e))
            self.results.setdefault("runtime", {})["aborted"] = str(e)
        self.out("")

    def runtime_inner(self):
        reps = self.args.runtime_repeats
        try:
            h = subprocess.run([self.xnn_run, "--help"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError) as e:
            h = ""
            self.out("xnn-run --help failed: %s" % e)
        flags = set(re.findall(r"--[A-Za-z][A-Za-z0-9_-]*", h))
        info = {"help_flags": sorted(flags)}
        self.results["runtime"] = info

        def pick(cands):
            for c in cands:
                if c in flags:
                    return c
            return None

        def with_value(flag, value):
            # "--flag=<n>" in the help -> --flag=value, else two arguments.
            if re.search(re.escape(flag) + r"=", h):
                return [flag + "=" + str(value)]
            return [flag, str(value)]

        rep_flag = pick(["--repeat", "--repeats", "--iterations", "--iters", "--runs",
                         "--bench", "--benchmark", "--num-runs", "-n"])
        warm_flag = pick(["--warmup", "--warm-up", "--warmups"])
        seed_flag = pick(["--seed"])
        time_flag = pick(["--time", "--timing", "--latency", "--print-time", "--report-time"])
        ref_flag = pick(["--reference-only", "--reference", "--no-delegate", "--portable-only",
                         "--no-xnnpack"])
        info.update(repeat_flag=rep_flag, warmup_flag=warm_flag, seed_flag=seed_flag,
                    time_flag=time_flag, reference_flag=ref_flag)
        self.out("xnn-run flags used (from its --help): repeat=%s warmup=%s seed=%s time=%s. "
                 "reference-only = the undelegated edge module (every op through the reference "
                 "kernels); delegated = the same module after `xnn-opt --xnn-delegate`." %
                 (rep_flag, warm_flag, seed_flag, time_flag))
        inner = bool(rep_flag)
        self.out("Latency source: %s." % (
            "xnn-run's own in-process report, median of %d (--%s)" % (reps, rep_flag.lstrip("-"))
            if inner else "NO in-process repeat flag found: median wall time of %d whole "
            "processes (includes parse, XNNPACK setup)" % reps))
        self.out("")
        self.out("| model | dtype | reference ms | delegated ms | ref / deleg | note |")
        self.out("|---|---|---|---|---|---|")
        rows = []
        for name, model, gargs, dtypes in RUNTIME_MODELS:
            for dtype in dtypes:
                row = {"model": name, "dtype": dtype}
                rows.append(row)
                try:
                    src = self.gen("%s_%s_random" % (name, dtype), model,
                                   gargs + ["--dtype", dtype, "--weights", "random"])
                except RuntimeError as e:
                    row["error"] = str(e)
                    self.out("| %s | %s | | | | gen failed |" % (name, dtype))
                    continue
                dele = src[:-5] + "_delegated.mlir"
                r = subprocess.run([self.xnn_opt, src, "--xnn-delegate", "-o", dele],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                if r.returncode != 0:
                    row["error"] = r.stderr[-300:]
                    self.out("| %s | %s | | | | xnn-delegate failed |" % (name, dtype))
                    continue
                extra = []
                if seed_flag:
                    extra += with_value(seed_flag, 0)
                if warm_flag:
                    extra += with_value(warm_flag, 1)
                if time_flag:
                    extra += [time_flag]
                for kind, path in (("reference", src), ("delegated", dele)):
                    row[kind] = self.latency(path, extra, rep_flag, with_value, reps, inner)
                ref, dl = row["reference"].get("ms"), row["delegated"].get("ms")
                note = "; ".join(x for x in (row["reference"].get("error"),
                                             row["delegated"].get("error")) if x)[:100]
                self.out("| %s | %s | %s | %s | %s | %s |" % (
                    name, dtype, "%.3f" % ref if ref is not None else "-",
                    "%.3f" % dl if dl is not None else "-",
                    "%.2f" % (ref / dl) if ref and dl else "-", note.replace("|", "/")))
        info["rows"] = rows
        # bf16 vs f32 delegated.
        self.out("")
        g = {r["dtype"]: r for r in rows if r["model"] == "gemma3-small"}
        try:
            b, f = g["bf16"]["delegated"]["ms"], g["f32"]["delegated"]["ms"]
            self.out("gemma3-small delegated latency bf16 / f32: %.2f (%.3f ms / %.3f ms)" % (b / f, b, f))
            info["bf16_over_f32_delegated"] = b / f
        except (KeyError, TypeError, ZeroDivisionError):
            self.out("gemma3-small delegated latency bf16 / f32: n/a")

    def latency(self, path, extra, rep_flag, with_value, reps, inner):
        if inner:
            cmd = [self.xnn_run, path] + extra + with_value(rep_flag, reps)
            try:
                r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, timeout=600)
            except subprocess.TimeoutExpired:
                return {"error": "timeout", "cmd": cmd}
            if r.returncode != 0:
                return {"error": "exit %d: %s" % (r.returncode, r.stdout.strip()[-200:]), "cmd": cmd}
            ms = parse_latency_ms(r.stdout)
            res = {"cmd": cmd, "output_tail": r.stdout[-600:]}
            if ms is not None:
                res["ms"] = ms
                res["source"] = "xnn-run report"
                return res
            # The tool ran but printed no latency we can read: fall back below.
            res["note"] = "no latency in output; process wall time used"
        else:
            res = {}
        cmd = [self.xnn_run, path] + extra
        m = self.median_of(cmd, reps)
        if "error" in m:
            res["error"] = m["error"]
            return res
        res.update(ms=m["median_s"] * 1e3, source="process wall time", runs_s=m["runs_s"], cmd=cmd)
        return res

    # ------------------------------------------------------------------ main
    def header(self):
        commit = git(["rev-parse", "--short", "HEAD"]) or "?"
        branch = git(["rev-parse", "--abbrev-ref", "HEAD"]) or "?"
        cpu = "?"
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    if line.startswith("model name"):
                        cpu = line.split(":", 1)[1].strip()
                        break
        except OSError:
            pass
        env = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
               "commit": commit, "branch": branch, "cpu": cpu, "cores": os.cpu_count(),
               "python": platform.python_version(), "quick": self.args.quick,
               "xnn_opt": self.xnn_opt, "mlir_opt": self.mlir_opt}
        self.results["env"] = env
        self.out("# xnnmlir benchmark results")
        self.out("")
        self.out("Generated by `python3 benchmarks/run.py%s` on %s, commit %s (%s), %s, %s cores. "
                 "Figures only: nothing here is asserted." % (
                     " --quick" if self.args.quick else "", env["date"], commit, branch, cpu,
                     env["cores"]))
        self.out("")

    def main(self):
        t0 = time.perf_counter()
        self.header()
        sections = self.args.sections.split(",")
        try:
            if "structure" in sections:
                self.structure()
            if "compile" in sections:
                self.compile_time()
            if "runtime" in sections:
                self.runtime()
        finally:
            if not self.args.keep:
                shutil.rmtree(self.work, ignore_errors=True)
            else:
                log("models kept in %s" % self.work)
        total = time.perf_counter() - t0
        self.results["total_runtime_s"] = total
        self.out("Benchmark script runtime: %.0f s." % total)
        if not self.args.no_write:
            md = os.path.join(self.args.out_dir, "results.md")
            js = os.path.join(self.args.out_dir, "results.json")
            with open(md, "w") as f:
                f.write("\n".join(self.md) + "\n")
            with open(js, "w") as f:
                json.dump(self.results, f, indent=1, sort_keys=True)
                f.write("\n")
            log("wrote %s and %s" % (md, js))


def fmt_pow(n):
    s = str(n)
    return "10^%d" % (len(s) - 1) if s.strip("0") == "1" else s


def count_ops(path):
    """Ops in a generic-form module: every quoted dialect op name (edge.*, xnn.*)."""
    n = 0
    pat = re.compile(r'"(?:edge|xnn)\.[a-z_0-9]+"\(')
    with open(path) as f:
        for line in f:
            n += len(pat.findall(line))
    return n


def parse_latency_ms(text):
    """Find a latency figure in xnn-run's output; prefer 'median'. Returns ms or None."""
    unit = {"ns": 1e-6, "us": 1e-3, "\u00b5s": 1e-3, "ms": 1.0, "s": 1e3}
    # JSON first.
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                d = json.loads(line)
            except ValueError:
                continue
            for key in sorted(d, key=lambda k: ("median" not in k.lower(), k)):
                kl = key.lower()
                if any(w in kl for w in ("median", "latency", "time")) and isinstance(d[key], (int, float)):
                    for u, s in (("_ns", 1e-6), ("_us", 1e-3), ("_ms", 1.0), ("_s", 1e3)):
                        if kl.endswith(u):
                            return d[key] * s
                    return float(d[key])
    pat = re.compile(r"(median|latency|mean|avg|average|time)[^0-9\n]*?([0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)"
                     r"\s*(ns|us|\u00b5s|ms|s)\b", re.I)
    best = None
    for line in text.splitlines():
        m = pat.search(line)
        if m:
            v = float(m.group(2)) * unit[m.group(3).lower() if m.group(3) != "\u00b5s" else "\u00b5s"]
            if m.group(1).lower() == "median":
                return v
            if best is None:
                best = v
    return best


def git(args):
    try:
        return subprocess.run(["git", "-C", SRC] + args, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True).stdout.strip()
    except OSError:
        return None


def find_mlir_opt():
    for c in ("/usr/lib/llvm-22/bin/mlir-opt", shutil.which("mlir-opt-22"), shutil.which("mlir-opt")):
        if c and os.path.exists(c):
            return c
    return None


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=os.path.join(SRC, "build"),
                    help="CMake build directory holding bin/xnn-opt (default: SRC/build)")
    ap.add_argument("--mlir-opt", default=None, help="stock mlir-opt (default /usr/lib/llvm-22/bin/mlir-opt)")
    ap.add_argument("--quick", action="store_true",
                    help="CI-sized run: scaler 10^3 and 10^4 only, 3 repeats, runtime N=3")
    ap.add_argument("--no-write", action="store_true", help="print only; do not write results.md/json")
    ap.add_argument("--out-dir", default=HERE, help="where results.md / results.json go (default benchmarks/)")
    ap.add_argument("--sections", default="structure,compile,runtime",
                    help="comma-separated subset of structure,compile,runtime")
    ap.add_argument("--repeats", type=int, default=None, help="timed runs per command (default 9, quick 3)")
    ap.add_argument("--repeats-big", type=int, default=3, help="timed runs per command at 10^6 ops (default 3)")
    ap.add_argument("--runtime-repeats", type=int, default=None, help="latency samples (default 20, quick 3)")
    ap.add_argument("--keep", action="store_true", help="keep the generated models (path printed)")
    a = ap.parse_args(argv)
    if a.repeats is None:
        a.repeats = 3 if a.quick else 9
    if a.runtime_repeats is None:
        a.runtime_repeats = 3 if a.quick else 20
    if a.repeats < 1 or a.repeats_big < 1 or a.runtime_repeats < 1:
        ap.error("repeats must be >= 1")
    return a


def main(argv=None):
    a = parse_args(sys.argv[1:] if argv is None else argv)
    b = Bench(a)
    if not os.path.exists(b.xnn_opt):
        print("error: %s not found (build first, or pass --build-dir)" % b.xnn_opt, file=sys.stderr)
        return 1
    b.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
