"""Models for import-bytecode*.test (issue 31): what the importer writes as text
and as bytecode must parse to the same module."""
import torch
import torch.nn as nn


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 8, 3, stride=2, groups=2)
        self.bn2 = nn.BatchNorm2d(8)
        self.fc = nn.Linear(8 * 3 * 3, 10)

    def forward(self, x):
        y = torch.relu(self.bn(self.conv(x)))
        y = torch.nn.functional.max_pool2d(y, 2)
        y = self.bn2(self.conv2(y))
        return self.fc(y.flatten(1))


def cnn():
    torch.manual_seed(0)
    m = CNN()
    g = torch.Generator().manual_seed(1)
    for bn in (m.bn, m.bn2):
        with torch.no_grad():
            bn.running_mean.copy_(torch.rand(8, generator=g) * 0.2 - 0.1)
            bn.running_var.copy_(torch.rand(8, generator=g) + 0.5)
    return m.eval(), (torch.rand(1, 3, 14, 14, generator=g) * 2 - 1,)


class Inner(nn.Module):
    """f16 and bf16 weights (blobs with 2-byte alignment) and small inline ones."""

    def __init__(self):
        super().__init__()
        self.h = nn.Parameter(torch.rand(8, 16).half())  # CPU has no f16 matmul: elementwise
        self.b = nn.Linear(16, 16).to(torch.bfloat16)
        self.small = nn.Parameter(torch.linspace(-1, 1, 16).to(torch.bfloat16))

    def forward(self, x):
        y = (x.half() * self.h + self.h).float()
        z = (self.b(x.to(torch.bfloat16)) * self.small).float()
        return y + z


class Consts(nn.Module):
    """Constants of every element type: i1 and i64 blobs, a splat blob, a 0-element
    constant, f64 attributes; a submodule whose name is not ASCII and holds a quote."""

    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(3)
        self.register_buffer("mask", torch.rand(8, 16, generator=g) > 0.5)        # i1 blob
        self.register_buffer("idx", torch.randint(0, 16, (80,), generator=g))     # i64 blob
        self.register_buffer("few", torch.tensor([3, 1, 2]))                      # i64 inline
        self.register_buffer("splat", torch.full((8, 16), 0.5))                    # splat blob
        self.register_buffer("empty", torch.zeros(8, 0))                          # 0 elements
        self.add_module('blöck "q"', Inner())

    def forward(self, x):
        y = torch.where(self.mask, x, x * 2.5e-3) + self.splat
        y = getattr(self, 'blöck "q"')(y)
        y = torch.cat([y, self.empty], dim=1)
        return y[:, self.idx].sum(1, keepdim=True) + y[:, self.few]


def consts():
    torch.manual_seed(0)
    return Consts().eval(), (torch.rand(8, 16, generator=torch.Generator().manual_seed(4)) * 2 - 1,)


def broken():
    """Fails mid-import (an op the importer does not map): nothing may be written."""
    class Broken(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.rand(128, 4))

        def forward(self, x):
            return torch.fft.fft(x @ self.w.t()).real
    return Broken().eval(), (torch.rand(2, 4),)
