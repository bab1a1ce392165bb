"""Constant folding: what the walk evaluates at import time (ExecuTorch's
constant propagation: transposed weights, folded batch norms, index tables)
and writes as edge.constant, once per distinct tensor."""
import functools
import operator

from .aten import op_name
from .mlir import torch
from .tensors import tensor_ident
from .writers.body import RESOURCE_MIN_ELEMENTS

# ATen ops whose result does not depend on their tensor operands' values
# (only on shapes and dtypes): constants at import time.
VALUE_FREE = {"new_zeros", "new_ones", "new_full", "new_empty", "zeros_like", "ones_like", "full_like",
              "empty", "empty_like", "empty_strided",
              "zeros", "ones", "full", "arange", "scalar_tensor", "eye", "sym_size", "size"}


# quantized_decomposed ops (ExecuTorch's quantized exports): imported as the edge
# quantization ops, never folded into float constants.
QUANT_OPS = {"choose_qparams_per_token_asymmetric", "quantize_per_token", "dequantize_per_token",
             "quantize_per_tensor", "dequantize_per_tensor", "dequantize_per_channel",
             "dequantize_per_channel_group"}


# Ops never folded, though their operands are constants: random ones, dropout.
RANDOM = ("rand", "randn", "dropout", "native_dropout", "bernoulli", "rand_like", "randn_like", "randint", "normal",
          "uniform")


class Constants:
    """The Importer's constant values (a mixin: the walk's const, values,
    tensor_consts tables)."""

    def is_const(self, a):
        return isinstance(a, torch.fx.Node) and self.current(a)[0] == "const"

    def const_data(self, a):
        """The value of a constant node now."""
        kind, val = self.current(a)
        assert kind == "const"
        return val

    def const_tensor(self, t, hint):
        """edge.constant of tensor `t`, once per distinct tensor (tied weights share one)."""
        ident = tensor_ident(t) if isinstance(t, torch.Tensor) and t.numel() > RESOURCE_MIN_ELEMENTS else None
        if ident is not None and ident in self.tensor_consts:
            return self.tensor_consts[ident][0]
        v = self.w.constant(t, hint)
        if ident is not None:
            self.tensor_consts[ident] = (v, t)  # keeps t alive: its storage key stays unique
        return v

    def foldable(self, n):
        name, _ = op_name(n.target)
        return name not in RANDOM and name not in QUANT_OPS  # quantized weights stay quantized


def fold_conv_bn(gm):
    """Rewrites convolution -> batch norm (eval, constant parameters, the conv's
    only user) into one convolution with folded f64-computed weights, as
    torch.nn.utils.fuse_conv_bn_eval does. Works on f32 and f16 graphs."""
    import torch.fx as fx
    g = gm.graph
    changed = False
    for bn in list(g.nodes):
        if bn.op != "call_function" or op_name(bn.target)[0] not in ("native_batch_norm",
                                                                     "_native_batch_norm_legit_no_training"):
            continue
        conv = bn.args[0]
        if not isinstance(conv, fx.Node) or conv.op != "call_function" or op_name(conv.target)[0] != "convolution":
            continue
        if len(conv.users) != 1 or conv.args[6]:
            continue
        params = [conv.args[1], conv.args[2]] + list(bn.args[1:5])
        if not all(p is None or (isinstance(p, fx.Node) and p.op == "get_attr") for p in params):
            continue
        if len(bn.args) > 5 and bn.args[5] is True and op_name(bn.target)[0] == "native_batch_norm":
            continue
        def getattr_(p):  # a get_attr node's tensor (parameter or buffer, dotted path)
            return None if p is None else functools.reduce(getattr, p.target.split("."), gm)
        w, b = getattr_(conv.args[1]), getattr_(conv.args[2])
        gamma, beta, rm, rv = [getattr_(p) for p in bn.args[1:5]]
        if w.dtype not in (torch.float32, torch.float16):
            continue
        eps = bn.args[7] if op_name(bn.target)[0] == "native_batch_norm" else bn.args[6]
        f = torch.float64
        C = w.shape[0]
        scale = (gamma.to(f) if gamma is not None else torch.ones(C, dtype=f)) / torch.sqrt(rv.to(f) + eps)
        wf = (w.to(f) * scale.reshape([-1] + [1] * (w.dim() - 1))).to(w.dtype)  # Conv1d/2d/3d
        bf = ((b.to(f) if b is not None else torch.zeros(C, dtype=f)) - rm.to(f)) * scale + \
             (beta.to(f) if beta is not None else torch.zeros(C, dtype=f))
        bf = bf.to(w.dtype)
        base = "_xnn_folded_%s" % conv.name
        gm.register_buffer(base + "_w", wf)
        gm.register_buffer(base + "_b", bf)
        with g.inserting_before(conv):
            wn = g.get_attr(base + "_w")
            bn_ = g.get_attr(base + "_b")
        for k in ("xnn_path",):
            if k in conv.meta:
                wn.meta[k] = bn_.meta[k] = conv.meta[k]
        args = list(conv.args)
        args[1], args[2] = wn, bn_
        conv.args = tuple(args)
        # The batch norm's uses (getitem 0) take the convolution.
        for u in list(bn.users):
            if u.op == "call_function" and u.target is operator.getitem and u.args[1] == 0:
                u.replace_all_uses_with(conv)
        changed = True
    if changed:
        g.eliminate_dead_code()
        gm.recompile()
    return gm
