"""check_linear_bias.py GOT.npy INPUT.npy EAGER.npy BITS GROUP: the quantized
nn.Linear's output (GOT) against PyTorch eager (EAGER) within the
quantization error bound, derived from the rules (not from this project's
code): per-token int8 activations, |x^ - x| <= sx (one step: rounding and the
zero point's), sx = (max(x, 0) - min(x, 0)) / 255 per row; symmetric weights,
torchao's scale s = max|w| / 7.5 (int4) or / 127.5 (int8) per output channel
or group, |w^ - w| <= s / 2, plus 8 * s * 2^-8 for bf16 group scales, so

    |y^ - y| <= sum_k |x^_k - x_k| |w_k| + |x_k| |w^_k - w_k| + |x^_k - x_k| |w^_k - w_k|  (+ f32 rounding).

Prints the worst error as a fraction of its bound; exits 1 above 1."""
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(__file__))
from linear_bias import module  # noqa: E402

got, x, want = (np.load(p).astype(np.float64) for p in sys.argv[1:4])
bits, group = int(sys.argv[4]), int(sys.argv[5])
m = module()
w = m.weight.detach().double().numpy()  # [N, K]
n, k = w.shape
g = group or k
x2 = x.reshape(-1, k)
sx = (np.maximum(x2.max(1), 0) - np.minimum(x2.min(1), 0)) / 255  # [rows]
amax = np.abs(w).reshape(n, k // g, g).max(2)
s = np.repeat(amax / (7.5 if bits == 4 else 127.5), g, axis=1)  # [N, K]
dw = s / 2 + (8 * s * 2.0 ** -8 if group else 0)
dx = np.repeat(sx[:, None], k, axis=1)  # [rows, K]
bound = dx @ np.abs(w).T + np.abs(x2) @ dw.T + dx @ dw.T
y = want.reshape(-1, n)
bound += 1e-6 * (np.abs(x2) @ np.abs(w).T + np.abs(m.bias.detach().numpy())[None, :]) + 1e-6
err = np.abs(got.reshape(-1, n) - y)
ratio = (err / bound).max()
print("quantized linear vs eager: %d outputs, max |error| %.3g (%.2g of max|y|), worst error / bound %.2f" %
      (err.size, err.max(), err.max() / np.abs(y).max(), ratio))
sys.exit(0 if ratio <= 1 else 1)
