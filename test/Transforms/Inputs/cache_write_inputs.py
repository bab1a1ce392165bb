"""Inputs for move-cache-writes-exact.test: positions (negative, repeated) and
caches / values holding signed zeros, -inf, subnormals and ordinary values.
Usage: cache_write_inputs.py DIR"""
import os
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(7)
special = np.array([0.0, -0.0, -np.inf, np.inf, 1e-40, -1e-40, 3.5, -2.25, 1e30], dtype=np.float32)


def values(shape):
    a = rng.standard_normal(shape).astype(np.float32)
    flat = a.reshape(-1)
    flat[rng.integers(0, flat.size, flat.size // 2)] = special[rng.integers(0, special.size, flat.size // 2)]
    return a


def bf16_bits(a):
    return (a.view(np.uint32) >> 16).astype(np.uint16)  # truncation: any bf16 value will do


for name, pos in (("d5", [5]), ("dneg", [-3]), ("d0", [0]), ("d7", [7])):
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    np.save(os.path.join(d, "pos.npy"), np.array(pos, dtype=np.int64))
    np.save(os.path.join(d, "k.npy"), values((1, 2, 1, 4)))
    np.save(os.path.join(d, "cache.npy"), values((1, 2, 8, 4)))
for name, pos in (("p", [2, 3, 4]), ("prep", [6, -2, 1])):
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    np.save(os.path.join(d, "pos.npy"), np.array(pos, dtype=np.int32))
    np.save(os.path.join(d, "k.npy"), bf16_bits(values((1, 1, 3, 4))))
    np.save(os.path.join(d, "cache.npy"), bf16_bits(values((1, 2, 8, 4))))
