"""Constant folding: what the walk evaluates at import time (ExecuTorch's
constant propagation: transposed weights, folded batch norms, index tables)
and writes as edge.constant, once per distinct tensor."""
import copy
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


# Convolutions a batch norm folds into: the index of their `transposed`
# argument (None: never transposed), and the inference batch norms: the index
# of `training` (None: never), of eps, and whether the result is a tuple.
FOLD_CONVS = {"convolution": 6, "conv1d": None, "conv2d": None, "conv3d": None}
FOLD_BATCH_NORMS = {"native_batch_norm": (5, 7, True), "_native_batch_norm_legit_no_training": (None, 6, True),
                    "batch_norm": (5, 7, False)}


def fold_conv_bn(gm, constant=None):
    """Rewrites convolution -> batch norm (inference, constant parameters, the
    conv's only user) into one convolution with folded f64-computed weights, as
    torch.nn.utils.fuse_conv_bn_eval does, in every IR the fronts give (torch
    1.13 and 2 traces, torch.export's default and core ATen IR). `constant(node)`
    gives a placeholder's constant (tensor, name) (a parameter, an unwritten
    buffer) or None; get_attr nodes are constants. f32 and f16 graphs; the
    folded weights go on a copy of `gm`, which is returned, named in their
    blobs after the convolution's weight and bias (meta "xnn_const_name")."""
    import torch.fx as fx
    names = {}

    def value(p):
        if p is None:
            return None
        if isinstance(p, fx.Node) and p.op == "get_attr":
            names[p.name] = p.target
            return functools.reduce(getattr, p.target.split("."), gm)
        tn = constant(p) if constant is not None and isinstance(p, fx.Node) and p.op == "placeholder" else None
        if tn is None or not isinstance(tn[0], torch.Tensor):
            return False
        names[p.name] = tn[1]
        return tn[0]

    folds = []
    for bn in gm.graph.nodes:
        bn_op = op_name(bn.target)[0] if bn.op == "call_function" else None
        conv = bn.args[0] if bn_op in FOLD_BATCH_NORMS else None
        if not isinstance(conv, fx.Node) or conv.op != "call_function" or op_name(conv.target)[0] not in FOLD_CONVS:
            continue
        training, eps_at, _ = FOLD_BATCH_NORMS[bn_op]
        transposed_at = FOLD_CONVS[op_name(conv.target)[0]]
        if len(conv.users) != 1 or (transposed_at is not None and conv.args[transposed_at]) or \
                (training is not None and len(bn.args) > training and bn.args[training] is not False) or \
                len(bn.args) <= eps_at:
            continue
        tensors = [value(conv.args[1]), value(conv.args[2] if len(conv.args) > 2 else None)] + \
            [value(p) for p in bn.args[1:5]]
        if any(t is False for t in tensors) or tensors[0] is None or tensors[4] is None or tensors[5] is None or \
                tensors[0].dtype not in (torch.float32, torch.float16):
            continue
        folds.append((conv, bn, tensors, bn.args[eps_at]))
    if not folds:
        return gm
    gm = fx.GraphModule(gm, copy.deepcopy(gm.graph))  # the caller's module stays as it is
    nodes = {n.name: n for n in gm.graph.nodes}
    f = torch.float64
    for conv0, bn0, (w, b, gamma, beta, rm, rv), eps in folds:
        conv, bn = nodes[conv0.name], nodes[bn0.name]
        w_name = names[conv0.args[1].name]
        b_name = names[conv0.args[2].name] if b is not None else names[bn0.args[2].name] if beta is not None \
            else w_name + "_bias"
        C = w.shape[0]
        scale = (gamma.to(f) if gamma is not None else torch.ones(C, dtype=f)) / torch.sqrt(rv.to(f) + eps)
        wf = (w.to(f) * scale.reshape([-1] + [1] * (w.dim() - 1))).to(w.dtype)  # Conv1d/2d/3d
        bf = ((b.to(f) if b is not None else torch.zeros(C, dtype=f)) - rm.to(f)) * scale + \
             (beta.to(f) if beta is not None else torch.zeros(C, dtype=f))
        base = "_xnn_folded_%s" % conv.name
        gm.register_buffer(base + "_w", wf)
        gm.register_buffer(base + "_b", bf.to(w.dtype))
        with gm.graph.inserting_before(conv):
            wn = gm.graph.get_attr(base + "_w")
            bn_ = gm.graph.get_attr(base + "_b")
        for k in ("xnn_path",):
            if k in conv.meta:
                wn.meta[k] = bn_.meta[k] = conv.meta[k]
        wn.meta["xnn_const_name"], bn_.meta["xnn_const_name"] = w_name, b_name
        args = list(conv.args) + [None] * (3 - len(conv.args))
        args[1], args[2] = wn, bn_
        conv.args = tuple(args)
        if FOLD_BATCH_NORMS[op_name(bn.target)[0]][2]:  # a tuple: its uses (getitem 0) take the convolution
            for u in list(bn.users):
                if u.op == "call_function" and u.target is operator.getitem and u.args[1] == 0:
                    u.replace_all_uses_with(conv)
        else:
            bn.replace_all_uses_with(conv)
    gm.graph.eliminate_dead_code()
    gm.recompile()
    return gm
