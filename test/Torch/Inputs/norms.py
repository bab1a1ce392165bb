"""Batch norm (not after a convolution, and after one whose result has a
second user, so neither folds), layer norm, adaptive average pooling (to 1x1,
to a dividing size and to one that does not divide) and addmm with alpha and
beta, for xnn-import-torch's FILE.py:FACTORY form (test/Torch/norm-ops.test)."""
import torch


class Norms(torch.nn.Module):
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(3)
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn0 = torch.nn.BatchNorm2d(3)
        self.bn1 = torch.nn.BatchNorm2d(8)
        for bn in (self.bn0, self.bn1):
            c = bn.num_features
            bn.running_mean.copy_(torch.randn(c, generator=g))
            bn.running_var.copy_(torch.rand(c, generator=g) * 2 + 0.1)
            bn.weight.data.copy_(torch.randn(c, generator=g))
            bn.bias.data.copy_(torch.randn(c, generator=g))
        self.ln = torch.nn.LayerNorm([12], eps=1e-4)
        self.ln.weight.data.copy_(torch.randn(12, generator=g))
        self.ln.bias.data.copy_(torch.randn(12, generator=g))
        self.w = torch.nn.Parameter(torch.randn(3 * 4 * 6, 10, generator=g) * 0.1)  # [K, N]
        self.b = torch.nn.Parameter(torch.randn(10, generator=g))

    def forward(self, x):
        # Each op reads the input itself (no upstream summation-order error
        # amplified by a normalisation), except bn1 after the convolution.
        y = self.bn0(x)
        z = self.ln(x)
        p1 = torch.nn.functional.adaptive_avg_pool2d(x, (1, 1))
        p2 = torch.nn.functional.adaptive_avg_pool2d(x, (4, 6))
        p3 = torch.nn.functional.adaptive_avg_pool2d(x, (5, 7))
        out = torch.addmm(self.b, torch.flatten(p2, 1), self.w, beta=0.5, alpha=2.0)
        c = self.conv(x)
        u = self.bn1(c) + c  # the conv result has a second user: no fold
        return out, y, z, p1, p3, u


def make():
    torch.manual_seed(0)
    return Norms().eval(), (torch.rand(2, 3, 8, 12) * 2 - 1,)
