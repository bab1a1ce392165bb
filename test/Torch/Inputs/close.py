"""close.py GOT.npy WANT.npy RTOL ATOL: torch.testing.assert_close on two .npy
files (bf16 stored as raw <u2 bits on both sides: compared as bf16); prints
'close: N elements' or the mismatch and exits 1."""
import sys

import numpy as np
import torch


def load(path):
    a = np.load(path)
    t = torch.from_numpy(a.astype(np.int16) if a.dtype == np.uint16 else a)
    return t.view(torch.bfloat16) if a.dtype == np.uint16 else t


got, want = load(sys.argv[1]), load(sys.argv[2])
try:
    torch.testing.assert_close(got, want, rtol=float(sys.argv[3]), atol=float(sys.argv[4]))
except AssertionError as e:
    print("not close:", e)
    sys.exit(1)
print("close: %d elements, max |diff| %.3g" % (got.numel(), (got.float() - want.float()).abs().max().item()))
