"""Side effects a trace does not see (issue 45 items 13, 14): tensors changed
through .data, and Python attributes changed by forward. CASES must match
eager over several calls (run_steps.py); ERRORS must be refused with the
message given."""
import torch
from torch import nn


class BufData(nn.Module):  # a buffer assigned through .data: state
    def __init__(self):
        super().__init__()
        self.register_buffer("last", torch.zeros(3))

    def forward(self, x):
        out = self.last * 2 + x
        self.last.data = x.clone()
        return out


class BufDataExpr(nn.Module):  # an accumulator through .data, read after the write
    def __init__(self):
        super().__init__()
        self.register_buffer("acc", torch.zeros(2, 3))

    def forward(self, x):
        self.acc.data = self.acc.data * 0.5 + x
        return self.acc.sum(0)


class BufDataInplace(nn.Module):  # .data.copy_() and .data.add_() on buffers of a submodule
    def __init__(self):
        super().__init__()
        self.sub = nn.Module()
        self.sub.register_buffer("a", torch.zeros(3))
        self.sub.register_buffer("b", torch.ones(3))

    def forward(self, x):
        self.sub.a.data.copy_(self.sub.a + x)
        self.sub.b.data.add_(self.sub.a)
        return self.sub.a * self.sub.b


class ParamData(nn.Module):  # issue 45 item 13: a parameter halved through .data beside a buffer counter
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.register_buffer("n", torch.zeros(1))

    def forward(self, x):
        self.lin.weight.data = self.lin.weight.data * 0.5
        self.n.add_(1)
        return self.lin(x) + self.n


class ParamDataAdd(nn.Module):  # a parameter changed in place through .data
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(3))

    def forward(self, x):
        self.w.data.add_(1)
        return x * self.w


class BufDataShape(nn.Module):  # .data given another shape
    def __init__(self):
        super().__init__()
        self.register_buffer("b", torch.zeros(3))

    def forward(self, x):
        self.b.data = torch.cat([self.b, x])
        return x + 1


class BufSet(nn.Module):  # set_ rebinds the storage
    def __init__(self):
        super().__init__()
        self.register_buffer("b", torch.zeros(3))

    def forward(self, x):
        self.b.set_(x.clone())
        return x + 1


class ViewData(nn.Module):  # .data of a view: eager changes the view alone, not the buffer
    def __init__(self):
        super().__init__()
        self.register_buffer("c", torch.zeros(2, 3))

    def forward(self, x):
        row = self.c[1]
        row.data = x.clone()
        return self.c.sum(0) + row


class Decoder(nn.Module):  # issue 45 item 14: the write position in a Python int
    def __init__(self):
        super().__init__()
        self.register_buffer("cache", torch.zeros(2, 4))
        self.t = 0

    def forward(self, x):
        self.cache[:, self.t] = x
        self.t += 1
        return self.cache.sum(1)


class PyInt(nn.Module):
    def __init__(self):
        super().__init__()
        self.decoder = Decoder()

    def forward(self, x):
        return self.decoder(x)


class PyList(nn.Module):  # a Python list grown by forward
    def __init__(self):
        super().__init__()
        self.seen = []

    def forward(self, x):
        self.seen.append(len(self.seen))
        return x * len(self.seen)


class PyUnchanged(nn.Module):  # Python attributes assigned their own value: no side effect
    def __init__(self):
        super().__init__()
        self.scale = 2.0
        self.cfg = {"k": [1, 2]}

    def forward(self, x):
        self.scale = self.scale * 1
        self.cfg = {"k": [1, 2]}
        return x * self.scale


def f32(*shape):
    return lambda g: torch.rand(shape, generator=g) * 2 - 1


CASES = {
    "buf_data": (BufData, [f32(3)]),
    "buf_data_expr": (BufDataExpr, [f32(2, 3)]),
    "buf_data_inplace": (BufDataInplace, [f32(3)]),
    "py_unchanged": (PyUnchanged, [f32(3)]),
}

ERRORS = {
    "param_data": (ParamData, [f32(3)]),
    "param_data_add": (ParamDataAdd, [f32(3)]),
    "buf_data_shape": (BufDataShape, [f32(3)]),
    "buf_set": (BufSet, [f32(3)]),
    "view_data": (ViewData, [f32(3)]),
    "py_int": (PyInt, [f32(2)]),
    "py_list": (PyList, [f32(3)]),
}


def example(name):
    table = CASES if name in CASES else ERRORS
    cls, gens = table[name][:2]
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(1000)
    return cls(), tuple(f(g) for f in gens)


def factory(name):
    return lambda: example(name)


for _name in list(CASES) + list(ERRORS):
    globals()["make_" + _name] = factory(_name)
