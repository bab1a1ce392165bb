"""kv_where_decoder.py BIN_DIR WORK_DIR SRC_DIR: quantize, then delegate, a
decode step whose quantized linears sit on both sides of a portable op
(issue 45, item 6).

The decoder (two layers of a Gemma 3-like block, written afresh): the KV
cache is written by torch.where(onehot_mask, k, cache) (an i1 select: stays
portable, so the layer's later ops are in a later delegate than its q/k/v
projections) and the attention output reaches o_proj through transpose ->
view. Each quantization (xnn-quantize-weights bits=8, bits=4, bits=4
group-size=32) then xnn-delegate must exit 0 with every linear a delegated
qd8 fully connected (as many `qdint8` converts as linears, no q/dq op
portable), and compute, on XNNPACK and on the reference kernels alike,
eager's step within the quantization's error.

`shared`: ExecuTorch-style quantized_decomposed calls where ONE weight
dequantize feeds two linears, one before and one after the portable where
(two delegates): each gets the filter, both delegated quantized.

Prints one line per case; exits 1 on any failure."""
import os
import re
import subprocess
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

BIN, WORK, SRC = sys.argv[1:4] if len(sys.argv) > 3 else (None, None, None)
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import quant_models  # noqa: E402,F401  (defines torch.ops.quantized_decomposed where torch lacks it)

D, HEADS, KV_HEADS, HEAD_DIM, FFN, MAX_LEN, LAYERS = 64, 2, 1, 32, 128, 8, 2


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(d) * 0.1)

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * (1.0 + self.weight)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1, self.norm2 = RMSNorm(D), RMSNorm(D)
        self.q_proj = nn.Linear(D, HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(D, KV_HEADS * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(D, KV_HEADS * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD_DIM, D, bias=False)
        self.gate_proj = nn.Linear(D, FFN, bias=False)
        self.up_proj = nn.Linear(D, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, D, bias=False)
        self.register_buffer("k_cache", torch.zeros(1, KV_HEADS, MAX_LEN, HEAD_DIM))
        self.register_buffer("v_cache", torch.zeros(1, KV_HEADS, MAX_LEN, HEAD_DIM))

    def forward(self, x, onehot, mask):
        b, s, _ = x.shape
        h = self.norm1(x)
        q = self.q_proj(h).view(b, s, HEADS, HEAD_DIM).transpose(1, 2)
        k = self.k_proj(h).view(b, s, KV_HEADS, HEAD_DIM).transpose(1, 2)
        v = self.v_proj(h).view(b, s, KV_HEADS, HEAD_DIM).transpose(1, 2)
        sel = onehot.view(1, 1, MAX_LEN, 1)
        kc = torch.where(sel, k, self.k_cache)
        vc = torch.where(sel, v, self.v_cache)
        self.k_cache.copy_(kc)
        self.v_cache.copy_(vc)
        rep = HEADS // KV_HEADS
        kr = kc.repeat_interleave(rep, dim=1)
        vr = vc.repeat_interleave(rep, dim=1)
        att = torch.softmax(q @ kr.transpose(2, 3) * HEAD_DIM ** -0.5 + mask, dim=-1) @ vr
        x = x + self.o_proj(att.transpose(1, 2).reshape(b, s, HEADS * HEAD_DIM))
        h = self.norm2(x)
        return x + self.down_proj(F.gelu(self.gate_proj(h), approximate="tanh") * self.up_proj(h))


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.norm = RMSNorm(D)

    def forward(self, x, onehot, mask):
        for layer in self.layers:
            x = layer(x, onehot, mask)
        return self.norm(x)


def decode():
    """One decode step at position 5 over caches already holding 5 positions."""
    torch.manual_seed(0)
    m = Decoder().eval()
    for layer in m.layers:
        layer.k_cache[:, :, :5].normal_()
        layer.v_cache[:, :, :5].normal_()
    pos = 5
    onehot = torch.arange(MAX_LEN) == pos
    mask = torch.where(torch.arange(MAX_LEN) <= pos, 0.0, float("-inf")).view(1, 1, 1, MAX_LEN)
    return m, (torch.randn(1, 1, D), onehot, mask)


Q = torch.ops.quantized_decomposed


def qdq_tokens(x):
    s, zp = Q.choose_qparams_per_token_asymmetric(x, torch.int8)
    return Q.dequantize_per_token(Q.quantize_per_token(x, s, zp, -128, 127, torch.int8), s, zp, -128, 127,
                                  torch.int8, torch.float32)


class SharedWeight(nn.Module):
    """One int8 weight dequantized once, read by a linear before the portable
    where and by one after it."""

    def __init__(self):
        super().__init__()
        w = torch.randn(D, D) * 0.2
        s = w.abs().amax(dim=1) / 127.0
        self.register_buffer("wq", torch.clamp(torch.round(w / s[:, None]), -127, 127).to(torch.int8))
        self.register_buffer("ws", s)
        self.register_buffer("cache", torch.zeros(1, MAX_LEN, D))

    def forward(self, x, onehot):
        w = Q.dequantize_per_channel(self.wq, self.ws, None, 0, -127, 127, torch.int8)
        y = F.linear(qdq_tokens(x), w)
        c = torch.where(onehot.view(1, MAX_LEN, 1), y, self.cache)
        self.cache.copy_(c)
        return F.linear(qdq_tokens(c.sum(dim=1, keepdim=True)), w)


def shared():
    torch.manual_seed(1)
    onehot = torch.arange(MAX_LEN) == 2
    return SharedWeight().eval(), (torch.randn(1, 1, D), onehot)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def check(name, factory, pipelines, linears, bounds):
    """Imports factory's module (eager's step saved), lowers it with each
    pipeline and checks the delegates and the outputs."""
    work = os.path.join(WORK, name)
    os.makedirs(work, exist_ok=True)
    src, io = os.path.join(work, "model.mlir"), os.path.join(work, "io")
    rc, out = run([sys.executable, os.path.join(SRC, "utils", "xnn-import-torch"), "%s:%s" % (__file__, factory),
                   "-o", src, "--save-io", io])
    if rc:
        return ["%s: import failed: %s" % (name, out[-400:])]
    n_in = len([f for f in os.listdir(io) if f.startswith("input_")])
    n_out = len([f for f in os.listdir(io) if f.startswith("output_")])
    ins = ",".join(os.path.join(io, "input_%d.npy" % i) for i in range(n_in))
    fails = []
    for tag, quant in pipelines:
        q, d = os.path.join(work, tag + ".q.mlir"), os.path.join(work, tag + ".d.mlir")
        if quant:
            rc, out = run([os.path.join(BIN, "xnn-opt"), src, "-p", "builtin.module(%s)" % quant, "-o", q])
            if rc:
                fails.append("%s %s: xnn-quantize-weights failed: %s" % (name, tag, out[-400:]))
                continue
        else:
            q = src
        rc, out = run([os.path.join(BIN, "xnn-opt"), q, "--xnn-delegate", "--xnn-stats", "-o", d])
        if rc:
            line = [ln for ln in out.splitlines() if "error" in ln][:1]
            print("%s %s: xnn-delegate exit %d: %s" % (name, tag, rc, line[0] if line else out[-300:]))
            fails.append("%s %s: xnn-delegate exit %d" % (name, tag, rc))
            continue
        segs = int(re.search(r"delegate segments: (\d+)", out).group(1))
        portable = sorted(set(re.findall(r"xnn-stats:   (edge\.\w+): \d+ delegated, [1-9]\d* portable", out)))
        text = open(d).read()
        fcs = len(re.findall(r'"xnn.convert"\([^)]*\) : \([^)]*\) -> tensor<[0-9x]*xi8, "qdint8">', text))
        worst = []
        for kind, mod in (("xnn", d), ("ref", q)):
            od = os.path.join(work, tag + "." + kind)
            rc, out = run([os.path.join(BIN, "xnn-run"), mod, "--input", ins, "--output-dir", od])
            if rc:
                fails.append("%s %s %s: xnn-run failed: %s" % (name, tag, kind, out[-300:]))
                continue
            # The largest error relative to the largest eager magnitude, over every output.
            rel = 0.0
            for i in range(n_out):
                got = np.load(os.path.join(od, "output_%d.npy" % i)).astype(np.float64)
                want = np.load(os.path.join(io, "output_%d.npy" % i)).astype(np.float64)
                rel = max(rel, np.abs(got - want).max() / np.abs(want).max())
            worst.append(rel)
            if rel > bounds[tag]:
                fails.append("%s %s %s: error %.3g of max|eager|, bound %g" % (name, tag, kind, rel, bounds[tag]))
        print("%s %s: exit 0, segments %d, qd8 fully connected %d of %d linears, portable %s, "
              "error / max|eager|: delegated %.2g, reference %.2g" % (
                  name, tag, segs, fcs, linears, ",".join(portable) or "none", *(worst + [-1, -1])[:2]))
        if fcs != linears:
            fails.append("%s %s: %d qd8 fully connected, %d linears" % (name, tag, fcs, linears))
        if any("quant" in p or "choose" in p for p in portable):
            fails.append("%s %s: quantization ops portable: %s" % (name, tag, portable))
    return fails


if __name__ == "__main__":
    QW = "xnn-quantize-weights{%s}"
    failures = check("decoder", "decode",
                     [("8da8w", QW % "bits=8"), ("8da4w-channel", QW % "bits=4"),
                      ("8da4w-group32", QW % "bits=4 group-size=32")],
                     7 * LAYERS, {"8da8w": 0.02, "8da4w-channel": 0.15, "8da4w-group32": 0.1})
    failures += check("shared", "shared", [("int8", None)], 2, {"int8": 0.02})
    for f in failures:
        print("FAIL:", f)
    print("%d failures" % len(failures))
    sys.exit(1 if failures else 0)
