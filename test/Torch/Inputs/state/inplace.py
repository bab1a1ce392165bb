"""Modules that write buffers in place, in every form PyTorch users write:
each must import with the buffer as state (SPEC 5.1) and give PyTorch's
results over several calls with inputs other than the example, or be refused
with an error naming the op. CASES maps a name to (factory, inputs for step s);
ERRORS maps a name to (factory, the error's text)."""
import torch
import torch.nn as nn


class Minimal(nn.Module):  # issue 28's minimal case
    def __init__(self):
        super().__init__()
        self.register_buffer("k_cache", torch.zeros(1, 8, 4))
        self.proj = nn.Linear(4, 4, bias=False)

    def forward(self, x, pos):
        k = self.proj(x)
        self.k_cache[:, pos] = k
        return torch.softmax(torch.matmul(k, self.k_cache.transpose(1, 2)), -1)


class Counter(nn.Module):  # counts calls: x * 1, x * 2, ... in PyTorch
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(1))

    def forward(self, x):
        self.count += 1
        return x * self.count


class IndexPut(nn.Module):  # index_put_ directly, repeated and negative indices, accumulate
    def __init__(self):
        super().__init__()
        self.register_buffer("a", torch.zeros(6, 3))
        self.register_buffer("b", torch.zeros(6, 3))

    def forward(self, x, idx):
        self.a.index_put_((idx,), x)
        self.b.index_put_((idx,), x, accumulate=True)
        return self.a + 2 * self.b


class IndexCopy(nn.Module):  # HuggingFace's StaticCache form
    def __init__(self):
        super().__init__()
        self.register_buffer("cache", torch.zeros(1, 2, 8, 3))

    def forward(self, k, pos):
        self.cache.index_copy_(2, pos, k)
        return self.cache.sum(2)


class SliceAssign(nn.Module):  # slice assignment, copy_ into views, strided and transposed views
    def __init__(self):
        super().__init__()
        self.register_buffer("buf", torch.zeros(4, 6))
        self.register_buffer("scale", torch.arange(6.0))

    def forward(self, x):
        self.buf[1:3, 2:5] = x
        self.buf[0].add_(1)
        self.buf.t()[5].mul_(2)
        self.buf[:, ::2].copy_(self.buf[:, 1::2] * 0.5)
        row = self.buf[3]          # a view read after a later write sees it
        self.buf[3, :3] = -x[0]
        return self.buf * self.scale, row.clone()


class Rolling(nn.Module):  # a window shifted each call: slices of the old value written back
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.zeros(5, 2))

    def forward(self, x):
        self.win[:-1] = self.win[1:].clone()
        self.win[-1] = x
        return self.win.mean(0)


class Rebind(nn.Module):  # the buffer assigned anew instead of written
    def __init__(self):
        super().__init__()
        self.register_buffer("acc", torch.zeros(3))

    def forward(self, x):
        self.acc = self.acc * 0.5 + x
        return self.acc + 1


class MaskedFill(nn.Module):  # masked_fill_ and where with a stateful mask
    def __init__(self):
        super().__init__()
        self.register_buffer("seen", torch.zeros(8, dtype=torch.bool))
        self.register_buffer("vals", torch.zeros(8))

    def forward(self, x, pos):
        self.seen[pos] = True
        self.vals.masked_fill_(self.seen, 0.0)
        self.vals.add_(x)
        return torch.where(self.seen, self.vals, torch.full_like(self.vals, -1.0))


class Shared(nn.Module):  # two submodules share one buffer: one state
    def __init__(self):
        super().__init__()
        buf = torch.zeros(4)
        self.a = nn.Module()
        self.b = nn.Module()
        self.a.register_buffer("s", buf)
        self.b.register_buffer("s", buf)

    def forward(self, x):
        self.a.s.add_(x)
        return self.b.s * 2


class Scatter(nn.Module):  # scatter_ / scatter_add_ along a dim at run-time positions
    def __init__(self):
        super().__init__()
        self.register_buffer("c", torch.zeros(2, 5, 3))
        self.register_buffer("hits", torch.zeros(5))

    def forward(self, x, pos):
        idx = pos.view(1, -1, 1).expand(2, -1, 3)
        self.c.scatter_(1, idx, x)
        self.hits.scatter_add_(0, pos, torch.ones(pos.shape[0]))
        return self.c.sum(1), self.hits


class NarrowBf16(nn.Module):  # a bf16 buffer written through narrow, then scaled in place
    def __init__(self):
        super().__init__()
        self.register_buffer("c", torch.zeros(6, 2, dtype=torch.bfloat16))

    def forward(self, x):
        torch.narrow(self.c, 0, 2, 2).copy_(x)  # f32 into bf16: rounded as copy_ does
        self.c.mul_(0.5)
        return self.c.float().sum(0)


class DataAlias(nn.Module):  # written through .data
    def __init__(self):
        super().__init__()
        self.register_buffer("c", torch.zeros(4, 3))

    def forward(self, x):
        self.c.data[1] = x
        self.c[2] += x
        return self.c.sum(0)


def f32(*shape):
    return lambda g: torch.rand(shape, generator=g) * 2 - 1


def ints(hi, *shape):
    return lambda g: torch.randint(-hi, hi, shape, generator=g)


def positions(hi, n):
    return lambda g: torch.randperm(hi, generator=g)[:n]


CASES = {
    "minimal": (Minimal, [f32(1, 1, 4), positions(8, 1)]),
    "counter": (Counter, [f32(4)]),
    "index_put": (IndexPut, [f32(4, 3), ints(6, 4)]),
    "index_copy": (IndexCopy, [f32(1, 2, 2, 3), positions(8, 2)]),
    "slice_assign": (SliceAssign, [f32(2, 3)]),
    "rolling": (Rolling, [f32(2)]),
    "rebind": (Rebind, [f32(3)]),
    "masked_fill": (MaskedFill, [f32(8), positions(8, 1)]),
    "shared": (Shared, [f32(4)]),
    "scatter": (Scatter, [f32(2, 2, 3), positions(5, 2)]),
    "narrow_bf16": (NarrowBf16, [f32(2, 2)]),
    "data_alias": (DataAlias, [f32(3)]),
}


class InputWrite(nn.Module):
    def forward(self, x):
        x.add_(1)
        return x * 2


class ParamWrite(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(3), requires_grad=False)

    def forward(self, x):
        self.w.mul_(2)
        return x * self.w


class AttrWrite(nn.Module):
    def __init__(self):
        super().__init__()
        self.t = torch.zeros(3)  # a plain attribute, not a registered buffer

    def forward(self, x):
        self.t.add_(x)
        return self.t * 1


class Resize(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("b", torch.zeros(3))

    def forward(self, x):
        self.b.unsqueeze_(0)
        return x + 1


class ItemRead(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("c", torch.zeros(4, 3))

    def forward(self, x, pos):
        self.c[int(pos)] = x
        return self.c.sum(0)


ERRORS = {
    "item_read": (ItemRead, [f32(3), lambda g: torch.tensor(1)], "forward reads a tensor's value into Python"),
    "input_write": (InputWrite, [f32(3)], "writes in place to its input 0"),
    "param_write": (ParamWrite, [f32(3)], "writes in place to parameter 'w'"),
    "attr_write": (AttrWrite, [f32(3)], "not a registered buffer"),
    "resize": (Resize, [f32(3)], "changes a tensor's shape or storage in place"),
}


def example(name):
    table = CASES if name in CASES else ERRORS
    cls, gens = table[name][:2]
    g = torch.Generator().manual_seed(1000)
    return cls(), tuple(f(g) for f in gens)


def factory(name):
    return lambda: example(name)


for _name in list(CASES) + list(ERRORS):
    globals()["make_" + _name] = factory(_name)
