"""An xnn-import-torch factory (SPEC `benchmarks/folded_torchvision.py:model`):
the torchvision model named by $XNN_TV_MODEL, built as `torchvision:<name>`
is (seeded random weights, randomised batch norm statistics), with every
batch norm that reads a convolution's output folded into that convolution in
f32 (torch.nn.utils.fusion.fuse_conv_bn_eval, as ExecuTorch's export does);
input 1x3xRxR with R = $XNN_TV_RESOLUTION (default 96). Imported with
--dtype bf16 it is the folded model cast to bf16, PyTorch's semantics kept.
"""
import os
import sys

import torch
from torch.nn.utils.fusion import fuse_conv_bn_eval

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "utils"))
import xnn_import_torch as imp  # noqa: E402


def fold_batch_norms(module, inputs):
    """Folds each BatchNorm2d whose input is exactly a Conv2d's output (found by
    running the model once with hooks: no tracing, so any control flow works)."""
    producer, pairs = {}, []
    names = {m: n for n, m in module.named_modules()}

    def conv_hook(m, args, out):
        producer[id(out)] = m

    def bn_hook(m, args):
        conv = producer.get(id(args[0]))
        if conv is not None:
            pairs.append((conv, m))

    handles = [m.register_forward_hook(conv_hook) for m in module.modules() if isinstance(m, torch.nn.Conv2d)]
    handles += [m.register_forward_pre_hook(bn_hook) for m in module.modules()
                if isinstance(m, torch.nn.BatchNorm2d)]
    with torch.no_grad():
        module(*inputs)
    for h in handles:
        h.remove()
    for conv, bn in pairs:
        fused = fuse_conv_bn_eval(conv, bn)
        for m, replacement in ((conv, fused), (bn, torch.nn.Identity())):
            parent_name, _, attr = names[m].rpartition(".")
            setattr(module.get_submodule(parent_name) if parent_name else module, attr, replacement)
    return module


def model():
    name = os.environ["XNN_TV_MODEL"]
    r = int(os.environ.get("XNN_TV_RESOLUTION", "96"))
    module, inputs = imp.load_spec("torchvision:" + name, [(1, 3, r, r)], 0)
    return fold_batch_norms(module.eval(), inputs), inputs
