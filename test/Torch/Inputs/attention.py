"""attention.py BIN_DIR WORK_DIR SRC_DIR: F.scaled_dot_product_attention under
torch 2 (test/Torch/sdpa-torch2.test) through xnn-import-torch's import_module,
run by xnn-run as imported (the reference kernels) and after xnn-opt
--xnn-delegate, each compared with torch 2's eager output (the oracle).

Cases: every mask kind and flag the importer maps (make_fx traces them to
aten._scaled_dot_product_flash_attention_for_cpu, or, with enable_gqa, to the
math path ending in aten._safe_softmax), and the same through torch.export
(its default IR keeps aten.scaled_dot_product_attention.default). Masks
include a fully masked row: torch 2.6 gives zeros there, not NaN. One line per
case: '<case>/<front>: segments S, portable P, err ref E / xnn E'. Refusals
(dropout_p > 0, logsumexp read) print their error. Exits 1 on any failure."""
import os
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F

BIN, WORK, SRC = sys.argv[1:4]
sys.path.insert(0, os.path.join(SRC, "utils"))
import xnn_import_torch as xit  # noqa: E402

os.makedirs(WORK, exist_ok=True)
failures = []
g = torch.Generator().manual_seed(0)
L, S, E, EV = 3, 5, 8, 6

BOOL = torch.rand(L, S, generator=g) > 0.4
BOOL[1] = False  # a fully masked row
BOOL[0, 0] = True
FLOAT = torch.randn(L, S, generator=g)
FLOAT[2] = float("-inf")  # a fully masked row
FLOAT[0, 3] = float("-inf")


class Attn(torch.nn.Module):
    def __init__(self, attn_mask=None, **kw):
        super().__init__()
        self.register_buffer("mask", attn_mask)
        self.kw = kw

    def forward(self, q, k, v):
        return F.scaled_dot_product_attention(q, k, v, attn_mask=self.mask, **self.kw)


class FlashDirect(torch.nn.Module):
    """The CPU op called directly: is_causal together with a mask (F.sdpa refuses the pair)."""

    def __init__(self, read_lse=False):
        super().__init__()
        self.read_lse = read_lse
        self.register_buffer("mask", FLOAT)

    def forward(self, q, k, v):
        out, lse = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu(q, k, v, 0.0, True, attn_mask=self.mask)
        return (out, lse) if self.read_lse else out


def qkv(hq=4, hkv=4, ev=E):
    """q, k, v; torch 2.6's CPU flash kernel needs v's head size equal to q's and k's (else the math path)."""
    return [torch.randn(2, h, n, e, generator=g) for h, n, e in ((hq, L, E), (hkv, S, E), (hkv, S, ev))]


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("%s failed:\n%s" % (cmd[0], r.stderr))
    return r.stderr


def err(got, want):
    same = (got == want) | (torch.isnan(got) & torch.isnan(want))
    d = torch.where(same, torch.zeros_like(got), (got - want).abs())
    return float(torch.where(torch.isnan(d), torch.full_like(d, float("inf")), d).max())


def check(name, module, inputs, tol):
    module = module.eval()
    with torch.no_grad():
        want = module(*inputs)
    fronts = [("trace", module)]
    if hasattr(torch, "export"):
        fronts.append(("export", torch.export.export(module, tuple(inputs))))
    for front, m in fronts:
        tag = "%s/%s" % (name, front)
        text, _ = xit.import_module(m, inputs)
        ops = sorted({line.split('"edge.')[1].split('"')[0] for line in text.splitlines() if '"edge.' in line})
        src, dele = os.path.join(WORK, tag.replace("/", "_") + ".mlir"), os.path.join(WORK, tag.replace("/", "_") + ".d.mlir")
        with open(src, "w") as f:
            f.write(text)
        ins = []
        for i, x in enumerate(inputs):
            ins.append(os.path.join(WORK, "%s_in%d.npy" % (tag.replace("/", "_"), i)))
            np.save(ins[-1], x.float().numpy() if x.dtype == torch.float32 else x.numpy())
        stats = run([os.path.join(BIN, "xnn-opt"), src, "--xnn-delegate", "--xnn-stats", "-o", dele])
        count = {l.split(":")[1].strip(): int(l.split(":")[2]) for l in stats.splitlines()
                 if l.startswith(("xnn-stats: delegate segments:", "xnn-stats: portable ops:"))}
        errs = []
        for kind, mod in (("ref", src), ("xnn", dele)):
            out = os.path.join(WORK, tag.replace("/", "_") + "." + kind)
            run([os.path.join(BIN, "xnn-run"), mod, "--input", ",".join(ins), "--output-dir", out])
            got = torch.from_numpy(np.load(os.path.join(out, "output_0.npy")))
            errs.append(err(got, want) if got.shape == want.shape else float("inf"))
        print("%s: segments %d, portable %d, err ref %.2g / xnn %.2g, ops %s" % (
            tag, count["delegate segments"], count["portable ops"], errs[0], errs[1], " ".join(ops)))
        if not max(errs) <= tol:
            failures.append("%s: error %r > %g" % (tag, errs, tol))


def refused(name, module, inputs):
    try:
        xit.import_module(module.eval(), inputs)
    except xit.ImportError_ as e:
        print("%s: refused: %s" % (name, e))
        return
    failures.append("%s: imported" % name)


TOL = 2e-6  # f32: the kernels' summation order differs from torch's (f32 accumulation throughout)
check("plain", Attn(), qkv(), TOL)
check("causal", Attn(is_causal=True), qkv(), TOL)
check("scale", Attn(scale=0.3), qkv(), TOL)
check("bool_mask", Attn(attn_mask=BOOL), qkv(), TOL)
check("float_mask", Attn(attn_mask=FLOAT), qkv(), TOL)
check("plain_ev6", Attn(), qkv(ev=EV), TOL)
check("bool_mask_ev6", Attn(attn_mask=BOOL), qkv(ev=EV), TOL)
check("gqa", Attn(enable_gqa=True), qkv(4, 2), TOL)
check("gqa_bool_mask", Attn(enable_gqa=True, attn_mask=BOOL), qkv(4, 2), TOL)
check("gqa_float_mask_scale", Attn(enable_gqa=True, attn_mask=FLOAT, scale=0.5), qkv(6, 2, EV), TOL)
check("causal_and_mask", FlashDirect(), qkv(), TOL)
refused("dropout", Attn(dropout_p=0.1), qkv())
refused("logsumexp", FlashDirect(read_lse=True), qkv())
if failures:
    print("FAILURES:\n  " + "\n  ".join(failures))
    sys.exit(1)
print("all sdpa cases agree with torch")
