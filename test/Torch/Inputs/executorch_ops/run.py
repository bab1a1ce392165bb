"""run.py BIN_DIR WORK_DIR [--subset ci|all] [--front trace|export|export-decomposed]
          [--filter REGEX] [--verbose]

Runs the ExecuTorch XNNPACK op-test corpus (cases.py, written afresh from
pytorch/executorch backends/xnnpack/test/ops/test_*.py) through this project:
for each case, xnn_import_torch.import_module -> xnn-opt --xnn-delegate
--xnn-stats=json -> xnn-run on the saved inputs -> the outputs against
PyTorch eager with the upstream test's torch.allclose(atol, rtol) (equal_nan),
and the delegate count (segments) against the one ExecuTorch asserts.

--front says what is imported: `trace` (default) the nn.Module itself (the
importer's trace front); `export` the ExportedProgram of
torch.export.export(module, inputs, strict=True), as ExecuTorch's
Tester.export makes it (torch.export's default IR); `export-decomposed` that
program's run_decompositions() (core ATen, what ExecuTorch's to_edge takes).
The export fronts need torch 2.

What happens decides each case's class (nothing is assumed):
  pass     imported, delegated as ExecuTorch asserts (or as a stated
           difference in cases.py says), every output within tolerance
  xfail    refused (import or xnn-opt error) and listed in cases.KNOWN_REFUSALS
           (or the front's entry of cases.KNOWN_REFUSALS_BY_FRONT) with the
           reason (which missing op or form it waits on)
  XPASS    listed in KNOWN_REFUSALS but now passes: remove it from the list
  FAIL     anything else: an unlisted refusal, a listed case that fails
           other than by refusal, a wrong result, another delegate count
  skip     cases.py says why (f16 without an eager reference, training mode
           that PyTorch 1.13 cannot trace, ...), or torch.export cannot export
           the module and cases.EXPORT_FAILS says why (an unlisted export
           failure is a FAIL); quantized tests are listed by name in
           cases.QUANTIZED and never run

f16 cases: eager runs the module in f16 where torch 1.13 has the CPU kernels;
where it has not (RuntimeError "... not implemented for 'Half'"), the
reference is the module and inputs in f32, rounded to f16 (ref "f32->f16" in
the table), compared with the case's own (f16) tolerance.

Prints one row per case, then the counts per class and per upstream file;
exits 1 if any case is FAIL or XPASS.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
import zlib

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "utils"))
import cases as C  # noqa: E402
import xnn_import_torch as xit  # noqa: E402

DT = {"f32": torch.float32, "f16": torch.float16}
FRONTS = ("trace", "export", "export-decomposed")


def exported(module, inputs, front):
    """What the importer takes for `front`: the module itself, or its
    ExportedProgram as ExecuTorch's Tester.export makes it (strict), in
    torch.export's default IR or decomposed to core ATen (to_edge's input)."""
    if front == "trace":
        return module
    # Every case's forward is one of a few code objects (cases.Fn): without a reset dynamo's
    # per-code cache fills up and refuses (RecompileLimitExceeded) after 8 cases.
    torch._dynamo.reset()
    ep = torch.export.export(module, tuple(inputs), strict=True)
    return ep.run_decompositions() if front == "export-decomposed" else ep


def from_npy(path):
    a = np.load(path)
    if a.dtype == np.uint16:  # bf16 raw bits
        return torch.from_numpy(a.astype(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a.copy())


def materialise(case):
    """(module, inputs) of a case in its dtype, seeded by the case's name."""
    torch.manual_seed(zlib.crc32(case.name.encode()))
    module = case.make()
    inputs = tuple(case.inputs())
    dt = DT[case.dtype]
    if case.dtype != "f32" and case.convert:
        module = module.to(dt)
        inputs = tuple(x.to(dt) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs)
    return module, inputs


def eager(case, module, inputs):
    """(outputs, how): PyTorch's outputs, or for f16 without the CPU kernels
    the f32 module's rounded to f16."""
    with torch.no_grad():
        try:
            return xit.flatten_tensors(module(*inputs)), "eager"
        except RuntimeError as e:
            if case.dtype != "f16" or "Half" not in str(e):
                raise
    m32 = module.float()
    i32 = tuple(x.float() if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs)
    with torch.no_grad():
        outs = xit.flatten_tensors(m32(*i32))
    module.half()
    return [o.half() if o.is_floating_point() else o for o in outs], "f32->f16"


def refused_text(e):
    s = str(e).strip().splitlines()
    s = [l for l in s if "error" in l] or s or ["?"]
    return re.sub(r"\s+", " ", s[0])[:200]


def run_case(case, bin_dir, work, front="trace"):
    """A dict describing what happened (the class is decided by classify)."""
    r = {"name": case.name, "file": case.file, "dtype": case.dtype, "segments": None, "expected": case.delegates,
         "err": None, "ref": "", "stage": "", "detail": ""}
    d = os.path.join(work, case.name)
    os.makedirs(d, exist_ok=True)
    module, inputs = materialise(case)
    if case.train:
        module.train()
    else:
        module.eval()
    try:
        want, how = eager(case, module, inputs)
    except RuntimeError as e:
        r.update(stage="eager", detail="PyTorch eager fails: " + refused_text(e))
        return r
    r["ref"] = how
    try:
        program = exported(module, inputs, front)
    except Exception as e:  # torch.export's own limits (dynamo's Unsupported, UserError, ...)
        r.update(stage="export", detail="%s: %s" % (type(e).__name__, refused_text(e)))
        return r
    # Import (the module's mode is the case's; import_module may set eval).
    try:
        text, _ = xit.import_module(program, list(inputs))
    except Exception as e:  # ImportError_ and any crash: the message decides
        if isinstance(e, RuntimeError) and case.dtype == "f16" and "for 'Half'" in str(e):
            # The importer evaluates the graph on the inputs (shapes, constant
            # folding) with torch's kernels, which torch 1.13 lacks for f16 on CPU.
            r.update(stage="f16-kernel", detail="torch %s has no CPU f16 kernel the importer's evaluation needs (%s)"
                     % (torch.__version__, refused_text(e)))
            return r
        r.update(stage="import", detail="%s: %s" % (type(e).__name__, refused_text(e)))
        return r
    src = os.path.join(d, "model.mlir")
    with open(src, "w") as f:
        f.write(text)
    # int8/uint8/int16 inputs are imported as i32 arguments (they import only when every use converts them).
    xit.save_io(d, [x.to(torch.int32) if x.dtype in xit.NARROW_INTS else x for x in inputs], want)
    dele = os.path.join(d, "delegated.mlir")
    p = subprocess.run([os.path.join(bin_dir, "xnn-opt"), src, "--xnn-delegate", "--xnn-stats=json", "-o", dele],
                       capture_output=True, text=True)
    if p.returncode != 0:
        r.update(stage="xnn-opt", detail=refused_text(p.stderr))
        return r
    # --xnn-stats=json: one JSON object on stderr (schema_version 2: delegate_segments, op_types
    # {op: {delegated, portable}}, portable [{op, loc, reason}], ...).
    stats = json.loads(p.stderr[p.stderr.index("{"):p.stderr.rindex("}") + 1])
    r["segments"] = int(stats["delegate_segments"])
    r["portable"] = sorted(op for op, k in stats["op_types"].items() if k.get("portable", 0))
    r["reasons"] = sorted({"%s: %s" % (q["op"], q["reason"]) for q in stats.get("portable", [])})
    ins = [os.path.join(d, "input_%d.npy" % i) for i in range(len(inputs))]
    outdir = os.path.join(d, "out")
    p = subprocess.run([os.path.join(bin_dir, "xnn-run"), dele, "--output-dir", outdir] +
                       (["--input", ",".join(ins)] if ins else []), capture_output=True, text=True)
    if p.returncode != 0:
        r.update(stage="xnn-run", detail=refused_text(p.stderr))
        return r
    errs, ok = [], True
    for i, w in enumerate(want):
        got = from_npy(os.path.join(outdir, "output_%d.npy" % i))
        if w.dtype == torch.bool:
            got = got.to(torch.bool)
        if tuple(got.shape) != tuple(w.shape):
            r.update(stage="compare", detail="output %d shape %s, eager %s" % (i, tuple(got.shape), tuple(w.shape)))
            return r
        if not w.is_floating_point():
            same = torch.equal(got.to(w.dtype), w)
            errs.append(0.0 if same else float("inf"))
            ok &= same
            continue
        g, e = got.to(w.dtype), w
        atol, rtol = case.tol(w) if case.tol else (case.atol, case.rtol)
        close = torch.allclose(g.float(), e.float(), atol=atol, rtol=rtol, equal_nan=True)
        diff = (g.float() - e.float()).abs()
        diff = torch.where(torch.isnan(g.float()) & torch.isnan(e.float()), torch.zeros_like(diff), diff)
        errs.append(diff.max().item() if diff.numel() else 0.0)
        ok &= close
    r["err"] = max(errs) if errs else 0.0
    r["stage"] = "done" if ok else "compare"
    if not ok:
        r["detail"] = "max |xnn - eager| %.3g beyond the tolerance" % r["err"]
    return r


def classify(case, r, front="trace"):
    known = C.known_refusals(front).get(case.name)
    refused = r["stage"] in ("import", "xnn-opt")
    if r["stage"] == "eager":
        return "FAIL", r["detail"]
    if r["stage"] == "export":
        why = C.EXPORT_FAILS.get(case.name)
        if why:
            return "skip", "torch.export cannot export it: %s (%s)" % (why, r["detail"])
        return "FAIL", "torch.export fails, not listed in cases.EXPORT_FAILS: %s" % r["detail"]
    if r["stage"] == "f16-kernel":
        return "skip", r["detail"]
    if r["stage"] == "done":
        seg_same = case.delegates is None or r["segments"] == case.delegates
        port_same = case.portable is None or set(r["portable"]) == set(case.portable)
        dnote = C.delegate_note(case, front)
        if (seg_same and port_same) or dnote is not None:
            if known:
                return "XPASS", "passes now: remove it from KNOWN_REFUSALS (%s)" % known
            note = "" if seg_same and port_same else "differs: " + dnote
            if r["portable"] or case.portable:
                note += "%sportable here %s, ExecuTorch %s" % ("; " if note else "", r["portable"],
                                                               "-" if case.portable is None else case.portable)
            return "pass", note
        if known and case.name in C.KNOWN_WRONG:
            return "xfail", "%s (segments %s)" % (known, r["segments"])
        return "FAIL", "segments %s, portable %s; ExecuTorch asserts %s, portable %s (%s)" % (
            r["segments"], r["portable"], "-" if case.delegates is None else case.delegates,
            "-" if case.portable is None else case.portable, "; ".join(r["reasons"]) or "no portable op")
    if known and (refused or case.name in C.KNOWN_WRONG):
        return "xfail", "%s (%s: %s)" % (known, r["stage"], r["detail"])
    return "FAIL", "%s: %s" % (r["stage"], r["detail"])


def summary(rows, front):
    """The figures: cases, matched, refused by reason, wrong, skipped by reason, and
    delegation (segments, ops left outside) against what ExecuTorch asserts."""
    def count(items):
        d = {}
        for k in items:
            d[k] = d.get(k, 0) + 1
        return sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))

    def skip_class(note):
        if "f16 kernel" in note:
            return "f16: torch %s has no CPU f16 kernel for an op (the importer evaluates the graph)" % torch.__version__
        if note.startswith("torch.export cannot export"):
            return note[:note.rindex(" (")]
        return note
    ran = [(c, r) for c, cls, n, r in rows if cls != "skip"]
    matched = [(c, r) for c, r in ran if r.get("stage") == "done"]
    refused = [(c, r) for c, r in ran if r.get("stage") in ("import", "xnn-opt")]
    wrong = [(c, r) for c, r in ran if r.get("stage") == "compare"]
    other = [(c, r) for c, r in ran if r.get("stage") not in ("done", "import", "xnn-opt", "compare")]
    skipped = [(c, n) for c, cls, n, r in rows if cls == "skip"]
    nq = sum(len(v) for v in C.QUANTIZED.values())
    print()
    print("## figures (front %s, torch %s)" % (front, torch.__version__))
    print("- float cases: %d (%d f32, %d f16, %d other input dtypes); quantized upstream tests not run: %d"
          % (len(rows), sum(c.dtype == "f32" for c, *_ in rows), sum(c.dtype == "f16" for c, *_ in rows),
             sum(c.dtype not in ("f32", "f16") for c, *_ in rows), nq))
    print("- run: %d; matched eager within the upstream tolerance: %d; wrong: %d; refused: %d; other failures: %d"
          % (len(ran), len(matched), len(wrong), len(refused), len(other)))
    for c, r in wrong:
        print("  - wrong: %s: %s" % (c.name, r["detail"]))
    for c, r in other:
        print("  - failed at %s: %s: %s" % (r.get("stage"), c.name, r.get("detail")))
    print("- refused, by reason:")
    for k, n in count(C.known_refusals(front).get(c.name, "UNLISTED: %s: %s" % (r["stage"], r["detail"]))
                      for c, r in refused):
        print("  - %d: refused: %s" % (n, k))
    print("- skipped (%d), by reason:" % len(skipped))
    for k, n in count(skip_class(note) for c, note in skipped):
        print("  - %d: %s" % (n, k))
    seg = [(c, r) for c, r in matched if c.delegates is not None]
    seg_diff = [(c, r) for c, r in seg if r["segments"] != c.delegates]
    port = [(c, r) for c, r in matched if c.portable is not None]
    port_diff = [(c, r) for c, r in port if set(r["portable"]) != set(c.portable)]
    print("- delegate segments where ExecuTorch asserts a count: %d of %d matched cases; same count %d, different %d"
          % (len(seg), len(matched), len(seg) - len(seg_diff), len(seg_diff)))
    print("- ops left outside the delegate where ExecuTorch asserts them: %d cases; same %d, different %d"
          % (len(port), len(port) - len(port_diff), len(port_diff)))
    for c, r in sorted({c.name: (c, r) for c, r in seg_diff + port_diff}.values(), key=lambda cr: cr[0].name):
        print("  - %s: segments %s (ExecuTorch %s), portable %s (ExecuTorch %s): %s%s" % (
            c.name, r["segments"], "-" if c.delegates is None else c.delegates, r["portable"],
            "-" if c.portable is None else c.portable, C.delegate_note(c, front) or "NO REASON RECORDED",
            " [xnn-stats: %s]" % "; ".join(r["reasons"]) if r["reasons"] else ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin_dir")
    ap.add_argument("work")
    ap.add_argument("--subset", choices=["ci", "all"], default="all")
    ap.add_argument("--front", choices=FRONTS, default="trace",
                    help="import the module (trace) or its torch.export program (default IR or decomposed)")
    ap.add_argument("--filter", default=None, help="regex on case names")
    ap.add_argument("--verbose", action="store_true")
    o = ap.parse_args()
    os.makedirs(o.work, exist_ok=True)
    if o.front != "trace" and not hasattr(torch, "export"):
        sys.exit("run.py: --front %s needs torch 2 (torch.export); this is torch %s" % (o.front, torch.__version__))
    torch.set_num_threads(1)
    known = C.known_refusals(o.front)
    all_cases = C.cases()
    names = [c.name for c in all_cases]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        sys.exit("duplicate case names: %s" % dup)
    listed = set(C.KNOWN_REFUSALS) | set(C.EXPORT_FAILS)
    for table in list(C.KNOWN_REFUSALS_BY_FRONT.values()) + list(C.DELEGATE_NOTES_BY_FRONT.values()):
        listed |= set(table)
    stale = sorted(listed - set(names))
    if stale:
        sys.exit("cases.py lists cases that do not exist: %s" % stale)
    # The CI subset: the cases marked ci, and every known refusal (fast: refused at import), so that a
    # branch that makes one pass shows up as XPASS in CI.
    todo = [c for c in all_cases if (o.subset == "all" or c.ci or c.name in known)
            and (o.filter is None or re.search(o.filter, c.name))]
    if o.subset == "ci" and o.filter is None:
        # Every upstream file with a float case is in the CI subset at least once.
        missing = sorted({c.file for c in all_cases} - {c.file for c in todo})
        if missing:
            sys.exit("the CI subset has no case of %s: mark one ci=True in cases.py" % ", ".join(missing))
    rows, counts, per_file = [], {}, {}
    t0 = time.time()
    print("| case | upstream file | dtype | ref | segments (ExecuTorch) | max err | atol / rtol | class | note |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for c in todo:
        if c.skip:
            cls, note, r = "skip", c.skip, {"segments": None, "err": None, "ref": ""}
        else:
            t = time.time()
            r = run_case(c, o.bin_dir, o.work, o.front)
            cls, note = classify(c, r, o.front)
            if o.verbose:
                note += " [%.2fs]" % (time.time() - t)
        counts[cls] = counts.get(cls, 0) + 1
        pf = per_file.setdefault(c.file, {})
        pf[cls] = pf.get(cls, 0) + 1
        seg = "-" if r["segments"] is None else str(r["segments"])
        err = "-" if r["err"] is None else "%.3g" % r["err"]
        print("| %s | %s | %s | %s | %s (%s) | %s | %g / %g | %s | %s |" % (
            c.name, c.file, c.dtype, r["ref"] or "-", seg, "-" if c.delegates is None else c.delegates, err, c.atol, c.rtol, cls,
            note.replace("|", "/")))
        sys.stdout.flush()
        rows.append((c, cls, note, r))
    print()
    print("## per upstream file")
    print("| file | pass | xfail | FAIL | XPASS | skip | quantized (not run) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for f in sorted(set(list(per_file) + list(C.QUANTIZED))):
        pf = per_file.get(f, {})
        print("| %s | %d | %d | %d | %d | %d | %d |" % (f, pf.get("pass", 0), pf.get("xfail", 0), pf.get("FAIL", 0),
                                                        pf.get("XPASS", 0), pf.get("skip", 0),
                                                        len(C.QUANTIZED.get(f, ()))))
    print()
    summary(rows, o.front)
    fails = [(c, n) for c, cls, n, _ in rows if cls in ("FAIL", "XPASS")]
    for c, n in fails:
        print("FAILED: %s: %s" % (c.name, n))
    nq = sum(len(v) for v in C.QUANTIZED.values())
    print("%d passed, %d expected failures (known refusals), %d failed, %d unexpectedly passed, %d skipped; "
          "%d quantized upstream tests not run; %d cases in %.1f s" % (
              counts.get("pass", 0), counts.get("xfail", 0), counts.get("FAIL", 0), counts.get("XPASS", 0),
              counts.get("skip", 0), nq, len(todo), time.time() - t0))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
