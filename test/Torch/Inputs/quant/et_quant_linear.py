"""et_quant_linear.py BIN_DIR WORK_DIR SRC_DIR: the quantized linear tests of
ExecuTorch's backends/xnnpack/test/ops/test_linear.py, written afresh: the
same modules and shapes, quantized the way its flows quantize them. Dynamic:
symmetric weights (int8 per channel in [-127, 127], int4 per channel or per
group in [-8, 7]) and int8 per-token asymmetric activations. Static (its
test_qc8_linear, test_qs8_linear, test_qs8_linear_fused_relu): int8 weights
in [-127, 127] per channel or per tensor, activations and outputs quantized
per tensor in [-128, 127] with parameters calibrated on the sample input
(min / max; ExecuTorch's quantizer observes a histogram: the parameters
differ, the graph does not), the bias left f32. All as quantized_decomposed
calls (quant_models.py defines the library). Each goes through
xnn-import-torch, xnn-opt --xnn-delegate and xnn-run; checked as the test
checks: one delegate, no mm / addmm / linear left portable (nor any q/dq op),
outputs within the test's tolerance of eager (static: atol 1e-3 plus one
output quantum, its qtol). Also: a group size XNNPACK lacks stays portable and
computes eager's result on the reference kernels. Exits 1 on any failure."""
import os
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F

BIN, WORK, SRC = sys.argv[1:4]
sys.path.insert(0, os.path.join(SRC, "utils"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xnn_import_torch as xit  # noqa: E402
import quant_models  # noqa: E402  (defines torch.ops.quantized_decomposed where torch lacks it)

Q = torch.ops.quantized_decomposed
os.makedirs(WORK, exist_ok=True)
torch.manual_seed(0)
failures = []


class QLinear(torch.nn.Module):
    """torch.nn.Linear quantized as ExecuTorch's dynamic flows do."""

    def __init__(self, lin, qmin, qmax, group=0):
        super().__init__()
        w = lin.weight.detach()
        n, k = w.shape
        g = group or k
        wg = w.reshape(n, k // g, g)
        scale = (wg.abs().amax(dim=-1) / ((qmax - qmin) / 2)).clamp(min=torch.finfo(torch.float32).eps)
        q = torch.clamp(torch.round(wg / scale.unsqueeze(-1)), qmin, qmax).to(torch.int8).reshape(n, k)
        self.register_buffer("wq", q)
        self.register_buffer("ws", scale if group else scale.reshape(n))
        self.qmin, self.qmax, self.group = qmin, qmax, group
        self.bias = None if lin.bias is None else torch.nn.Parameter(lin.bias.detach().clone())

    def forward(self, x):
        s, zp = Q.choose_qparams_per_token_asymmetric(x, torch.int8)
        xd = Q.dequantize_per_token(Q.quantize_per_token(x, s, zp, -128, 127, torch.int8), s, zp, -128, 127,
                                    torch.int8, torch.float32)
        if self.group:
            w = Q.dequantize_per_channel_group(self.wq, self.ws, None, self.qmin, self.qmax, torch.int8,
                                               self.group, torch.float32)
        else:
            w = Q.dequantize_per_channel(self.wq, self.ws, None, 0, self.qmin, self.qmax, torch.int8)
        return F.linear(xd, w, self.bias)


class SharedDQChain(torch.nn.Module):
    """Two linears reading one input: one quantize chain per linear in the
    export, both delegated."""

    def __init__(self, k, n, bias):
        super().__init__()
        self.a = QLinear(torch.nn.Linear(k, n, bias=bias), -127, 127)
        self.b = QLinear(torch.nn.Linear(k, n, bias=bias), -127, 127)

    def forward(self, x):
        return self.a(x) + self.b(x)


def qparams(t):
    """Per-tensor affine int8 parameters covering t (and 0), as a min / max observer."""
    lo, hi = min(t.min().item(), 0.0), max(t.max().item(), 0.0)
    scale = (hi - lo) / 255.0 or 1.0
    return scale, int(max(-128, min(127, -128 - round(lo / scale))))


class StaticQLinear(torch.nn.Module):
    """torch.nn.Linear (+ relu) quantized statically as ExecuTorch's XNNPACK
    quantizer does: q/dq of the input and of the output per tensor, the weight
    dequantized per channel or per tensor, the bias f32."""

    def __init__(self, lin, per_channel, relu, calib):
        super().__init__()
        w = lin.weight.detach()
        if per_channel:
            s = (w.abs().amax(dim=1) / 127.0).clamp(min=torch.finfo(torch.float32).eps)
            self.register_buffer("wq", torch.clamp(torch.round(w / s[:, None]), -127, 127).to(torch.int8))
            self.register_buffer("ws", s)
        else:
            s = max(w.abs().max().item() / 127.0, torch.finfo(torch.float32).eps)
            self.register_buffer("wq", torch.clamp(torch.round(w / s), -127, 127).to(torch.int8))
            self.ws = s
        self.per_channel, self.relu = per_channel, relu
        self.bias = None if lin.bias is None else torch.nn.Parameter(lin.bias.detach().clone())
        self.inp = qparams(calib)
        with torch.no_grad():
            y = F.linear(calib, w, self.bias)
        self.outp = qparams(F.relu(y) if relu else y)

    def forward(self, x):
        s, zp = self.inp
        xd = Q.dequantize_per_tensor(Q.quantize_per_tensor(x, s, zp, -128, 127, torch.int8), s, zp, -128, 127,
                                     torch.int8)
        if self.per_channel:
            w = Q.dequantize_per_channel(self.wq, self.ws, None, 0, -127, 127, torch.int8)
        else:
            w = Q.dequantize_per_tensor(self.wq, self.ws, 0, -127, 127, torch.int8)
        y = F.linear(xd, w, self.bias)
        if self.relu:
            y = F.relu(y)
        s, zp = self.outp
        return Q.dequantize_per_tensor(Q.quantize_per_tensor(y, s, zp, -128, 127, torch.int8), s, zp, -128, 127,
                                       torch.int8)


def stats(path, out):
    r = subprocess.run([os.path.join(BIN, "xnn-opt"), path, "--xnn-delegate", "--xnn-stats", "-o", out],
                       capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("xnn-opt failed on %s:\n%s" % (path, r.stderr))
    get = lambda label: int([l.rsplit(":", 1)[1] for l in r.stderr.splitlines()
                             if l.startswith("xnn-stats: " + label + ":")][0])
    portable = [l.split(":")[1].strip() for l in r.stderr.splitlines()
                if l.startswith("xnn-stats:   edge.") and not l.rstrip().endswith(" 0 portable (100.0%)")]
    return get("delegate segments"), portable


def run(name, module, inputs, segments=1, atol=5e-2, rtol=0.0, portable_ok=()):
    module = module.eval()
    text, _ = xit.import_module(module, inputs)
    src, dele = os.path.join(WORK, name + ".mlir"), os.path.join(WORK, name + ".delegated.mlir")
    with open(src, "w") as f:
        f.write(text)
    with torch.no_grad():
        want = module(*inputs)
    ins = []
    for i, a in enumerate(inputs):
        ins.append(os.path.join(WORK, "%s_in%d.npy" % (name, i)))
        np.save(ins[-1], a.numpy())
    segs, portable = stats(src, dele)
    worst = {}
    for tag, mod in (("ref", src), ("xnn", dele)):
        out = os.path.join(WORK, name + "." + tag)
        r = subprocess.run([os.path.join(BIN, "xnn-run"), mod, "--input", ",".join(ins), "--output-dir", out],
                           capture_output=True, text=True)
        if r.returncode:
            failures.append("%s %s: xnn-run failed: %s" % (name, tag, r.stderr.strip()[-300:]))
            continue
        got = torch.from_numpy(np.load(os.path.join(out, "output_0.npy")))
        worst[tag] = (got - want).abs().max().item()
        if not torch.allclose(got, want, atol=atol, rtol=rtol):
            failures.append("%s %s: max diff %.3g (atol %g)" % (name, tag, worst[tag], atol))
    bad = [p for p in portable if p.split(":")[0] not in portable_ok]
    print("%s: segments %d, portable %s, max diff ref %.3g, delegated %.3g" % (
        name, segs, ",".join(p.split(":")[0] for p in portable) or "none", worst.get("ref", -1),
        worst.get("xnn", -1)))
    if segs != segments:
        failures.append("%s: %d segments, expected %d" % (name, segs, segments))
    if bad:
        failures.append("%s: portable %s" % (name, bad))


# _test_qd8_per_channel_linear (q[dp]8-f32-qc8w): BaseLinear(in_size 8, 13 -> 17), rank-3 input.
for bias in (False, True):
    run("qd8_f32_qc8w_bias%d" % bias, QLinear(torch.nn.Linear(13, 17, bias=bias), -127, 127),
        (torch.randn(1, 8, 13),))
# test_qd8_f32_per_channel_shared_dq_chain: 13 -> 17 twice on one [1, 2, 13] input.
for bias in (False, True):
    run("shared_dq_chain_bias%d" % bias, SharedDQChain(13, 17, bias), (torch.randn(1, 2, 13),))
# _test_qd8_per_channel_4w_linear (q[dp]8-f32-qc4w): batch 2, in {2, 63}, out {1, 127}, atol 5e-2.
for bias in (False, True):
    for k in (2, 63):
        for n in (1, 127):
            run("qd8_f32_qc4w_k%d_n%d_bias%d" % (k, n, bias),
                QLinear(torch.nn.Linear(k, n, bias=bias), -8, 7), (torch.randn(1, 2, k),))
# _test_qd8_per_token_weight_per_channel_group_int4 (q[dp]8-f32-qb4w): (M, K, block, N), input
# ranks 2 and 3, atol 5e-3 (rtol 5e-3 as its groupwise helper). The linked XNNPACK's qb4w GEMM
# is wrong on a last tile of 1-3 rows after others (M = 2, 17, 31 here): the lowering pads the
# rows (xnnQb4wSafeRows), so every row count is delegated as qb4w.
QDQ = ("edge.choose_qparams_per_token_asymmetric", "edge.quantize_per_token", "edge.dequantize_per_token",
       "edge.dequantize_per_channel_group")
for rank in (2, 3):
    for bias in (True, False):
        for m, k, bl, n in zip([1, 2, 17, 31], [32, 32, 64, 128], [32, 32, 32, 64], [2, 17, 92, 128]):
            x = torch.randn(m, k)
            for _ in range(rank - 2):
                x = x.unsqueeze(0)
            run("qd8_f32_qb4w_r%d_m%d_k%d_bl%d_n%d_bias%d" % (rank, m, k, bl, n, bias),
                QLinear(torch.nn.Linear(k, n, bias=bias), -8, 7, bl), (x,), atol=5e-3, rtol=5e-3)
# test_linear_qd8_per_token_groupwise_unsupported_groupsize: blocks XNNPACK lacks (60 channels in
# groups of 20) keep the quantize / dequantize ops portable (the linear runs delegated in f32).
run("qd8_f32_qb4w_group20", QLinear(torch.nn.Linear(60, 60, bias=True), -8, 7, 20), (torch.randn(1, 1, 60),),
    atol=1e-5, portable_ok=QDQ)

# Static (_test_linear with quant_type per_channel / per_tensor): in_sizes [3, 4, 4] x
# input_sizes [4, 37, 17] -> output_sizes [4, 17, 37], 1 or 2 batch dims, bias or not, and the
# relu-fused variant; atol 1e-3 plus one output quantum (qtol), rtol 1e-3.
for test, per_channel, relu in (("qc8_linear", True, False), ("qs8_linear", False, False),
                                ("qs8_linear_fused_relu", False, True)):
    for bias in (True, False):
        for batch_dims in (1, 2):
            for m, k, n in zip([3, 4, 4], [4, 37, 17], [4, 17, 37]):
                x = torch.randn([m] * batch_dims + [k])
                mod = StaticQLinear(torch.nn.Linear(k, n, bias=bias), per_channel, relu, x)
                run("%s_b%d_bias%d_m%d_k%d_n%d" % (test, batch_dims, bias, m, k, n), mod,
                    (torch.randn([m] * batch_dims + [k]),), atol=1e-3 + mod.outp[0], rtol=1e-3)

for f in failures:
    print("FAIL:", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
