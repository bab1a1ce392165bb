"""batch_norm, layer_norm, addmm and adaptive_avg_pool2d, one op per module:
the reference interpreter (the undelegated module) and the delegated module
against PyTorch itself (Debian's torch 1.13 under /usr/bin/python3), per
dtype; where torch 1.13 has no CPU kernel for a dtype, or rounds bf16 steps
in bf16, its f32 result rounded once is the oracle (as newer PyTorch
computes). Prints max |diff|, max relative diff and the share of bitwise-equal
elements. Usage: /usr/bin/python3 benchmarks/norm_vs_torch.py [BUILD_DIR]"""
import os, subprocess, sys, tempfile
import numpy as np
import torch
B = os.path.abspath(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "build", "bin"))
os.chdir(tempfile.mkdtemp(prefix="norm_vs_torch."))
torch.manual_seed(1)
def npy(t, path):
    a = t.view(torch.int16).numpy().view(np.uint16) if t.dtype == torch.bfloat16 else t.numpy()
    np.save(path, a)
def load(path):
    a = np.load(path)
    return torch.from_numpy(a.astype(np.int16)).view(torch.bfloat16) if a.dtype == np.uint16 else torch.from_numpy(a)
ty = {torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16"}
def T(shape, dt): return "tensor<%sx%s>" % ("x".join(map(str, shape)), ty[dt])
def run(name, body, args, want, delegate=False):
    shapes = ", ".join("%%a%d: %s" % (i, T(a.shape, a.dtype)) for i, a in enumerate(args))
    mlir = "func.func @forward(%s) -> %s {\n%s\n  return %%y : %s\n}\n" % (shapes, T(want.shape, want.dtype), body, T(want.shape, want.dtype))
    open("o.mlir", "w").write(mlir)
    f = "o.mlir"
    if delegate:
        subprocess.run([B + "/xnn-opt", "o.mlir", "--xnn-delegate", "-o", "od.mlir"], check=True); f = "od.mlir"
    for i, a in enumerate(args):
        npy(a, "in%d.npy" % i)
    ins = ["--input=" + ",".join("in%d.npy" % i for i in range(len(args)))]
    subprocess.run([B + "/xnn-run", f, "--output-dir", "oo"] + ins, check=True, stdout=subprocess.DEVNULL)
    got = load("oo/output_0.npy").float(); w = want.float()
    d = (got - w).abs()
    ulp = {torch.float32: 2**-23, torch.float16: 2**-10, torch.bfloat16: 2**-7}[want.dtype]
    rel = (d / w.abs().clamp_min(1e-30)).max().item()
    print("%-34s %s max|diff| %.3g  max rel %.3g  equal %.1f%%" % (name, "delegated" if delegate else "reference", d.max().item(), rel, 100.0 * (d == 0).float().mean().item()))
for dt in (torch.float32, torch.float16, torch.bfloat16):
    x = (torch.randn(2, 16, 7, 9) * 3 + 1).to(dt)
    w, b, m = [torch.randn(16).to(dt) for _ in range(3)]; v = (torch.rand(16) * 2 + 0.05).to(dt)
    try:
        y = torch.ops.aten.native_batch_norm(x, w, b, m, v, False, 0.1, 1e-5)[0]
    except RuntimeError:  # torch 1.13: no CPU f16 batch norm; newer torch computes in f32 and rounds once
        y = torch.ops.aten.native_batch_norm(*[t.float() for t in (x, w, b, m, v)], False, 0.1, 1e-5)[0].to(dt)
    body = '  %%y = "edge.batch_norm"(%%a0, %%a1, %%a2, %%a3, %%a4) {eps = 1.0e-5 : f64} : (%s, %s, %s, %s, %s) -> %s' % (T(x.shape, dt), *[T((16,), dt)]*4, T(x.shape, dt))
    for d in (False, True): run("batch_norm %s (dyn params)" % ty[dt], body, [x, w, b, m, v], y, d)
    x = (torch.randn(3, 5, 64) * 2 + 0.5).to(dt); w = torch.randn(64).to(dt); b = torch.randn(64).to(dt)
    try:
        y = torch.nn.functional.layer_norm(x, [64], w, b, 1e-5)
    except RuntimeError:
        y = torch.nn.functional.layer_norm(x.float(), [64], w.float(), b.float(), 1e-5).to(dt)
    body = '  %%y = "edge.layer_norm"(%%a0, %%a1, %%a2) {normalized_shape = array<i64: 64>, eps = 1.0e-5 : f64} : (%s, %s, %s) -> %s' % (T(x.shape, dt), T((64,), dt), T((64,), dt), T(x.shape, dt))
    for d in (False, True): run("layer_norm %s" % ty[dt], body, [x, w, b], y, d)
    c = torch.randn(1, 24).to(dt); a = torch.randn(13, 40).to(dt); bb = torch.randn(40, 24).to(dt)
    if dt != torch.float16:  # torch 1.13 has no CPU f16 addmm
        y = torch.addmm(c, a, bb, beta=0.5, alpha=2.0)
        body = '  %%y = "edge.addmm"(%%a0, %%a1, %%a2) {beta = 0.5 : f64, alpha = 2.0 : f64} : (%s, %s, %s) -> %s' % (T(c.shape, dt), T(a.shape, dt), T(bb.shape, dt), T(y.shape, dt))
        for d in (False, True): run("addmm %s (dyn b)" % ty[dt], body, [c, a, bb], y, d)
    x = torch.randn(2, 3, 11, 13).to(dt)
    for osz in ((1, 1), (5, 7), (11, 1), (4, 6)):
        try:
            y = torch.ops.aten._adaptive_avg_pool2d(x, list(osz))
        except RuntimeError as e:
            print("adaptive %s %s: torch: %s" % (ty[dt], osz, str(e)[:60])); continue
        body = '  %%y = "edge.adaptive_avg_pool2d"(%%a0) {output_size = array<i64: %d, %d>} : (%s) -> %s' % (osz[0], osz[1], T(x.shape, dt), T(y.shape, dt))
        run("adaptive %s 11x13->%dx%d" % (ty[dt], *osz), body, [x], y)
x = torch.randn(2, 3, 12, 8)
y = torch.ops.aten._adaptive_avg_pool2d(x, [4, 2]); body = '  %%y = "edge.adaptive_avg_pool2d"(%%a0) {output_size = array<i64: 4, 2>} : (%s) -> %s' % (T(x.shape, x.dtype), T(y.shape, y.dtype))
run("adaptive f32 12x8->4x2", body, [x], y); run("adaptive f32 12x8->4x2", body, [x], y, True)
print("bf16 against torch's f32 result rounded once to bf16:")
dt = torch.bfloat16
torch.manual_seed(2)
x = (torch.randn(3, 5, 64) * 2 + 0.5).to(dt); w = torch.randn(64).to(dt); b = torch.randn(64).to(dt)
y = torch.nn.functional.layer_norm(x.float(), [64], w.float(), b.float(), 1e-5).to(dt)
body = '  %%y = "edge.layer_norm"(%%a0, %%a1, %%a2) {normalized_shape = array<i64: 64>, eps = 1.0e-5 : f64} : (%s, %s, %s) -> %s' % (T(x.shape, dt), T((64,), dt), T((64,), dt), T(x.shape, dt))
for d in (False, True): run("layer_norm bf16 (torch f32 rounded)", body, [x, w, b], y, d)
c = torch.randn(1, 24).to(dt); a = torch.randn(13, 40).to(dt); bb = torch.randn(40, 24).to(dt)
y = torch.addmm(c.float(), a.float(), bb.float(), beta=0.5, alpha=2.0).to(dt)
body = '  %%y = "edge.addmm"(%%a0, %%a1, %%a2) {beta = 0.5 : f64, alpha = 2.0 : f64} : (%s, %s, %s) -> %s' % (T(c.shape, dt), T(a.shape, dt), T(bb.shape, dt), T(y.shape, dt))
for d in (False, True): run("addmm bf16 (torch f32 rounded)", body, [c, a, bb], y, d)
