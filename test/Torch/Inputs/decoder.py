"""A small Gemma-like decoder block (RMSNorm with 1 + w, rotary-free causal
attention with an additive mask, GELU-tanh gated MLP), for xnn-import-torch's
FILE.py:FACTORY form."""
import torch


class RMSNorm(torch.nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(d) * 0.1)

    def forward(self, x):
        v = x.pow(2).mean(-1, keepdim=True)
        return x * torch.rsqrt(v + 1e-6) * (1.0 + self.weight)


class Block(torch.nn.Module):
    def __init__(self, d=64, heads=4, mlp=128, seq=8):
        super().__init__()
        self.heads, self.hd = heads, d // heads
        self.norm1, self.norm2 = RMSNorm(d), RMSNorm(d)
        self.qkv = torch.nn.Linear(d, 3 * d, bias=False)
        self.o = torch.nn.Linear(d, d, bias=False)
        self.gate = torch.nn.Linear(d, mlp, bias=False)
        self.up = torch.nn.Linear(d, mlp, bias=False)
        self.down = torch.nn.Linear(mlp, d, bias=False)
        self.register_buffer("mask", torch.triu(torch.full((seq, seq), float("-inf")), 1))

    def forward(self, x):
        b, s, d = x.shape
        h = self.norm1(x)
        q, k, v = self.qkv(h).split(d, dim=-1)
        q = q.view(b, s, self.heads, self.hd).transpose(1, 2)
        k = k.view(b, s, self.heads, self.hd).transpose(1, 2)
        v = v.view(b, s, self.heads, self.hd).transpose(1, 2)
        att = torch.matmul(q, k.transpose(-2, -1)) / (self.hd ** 0.5) + self.mask
        y = torch.matmul(torch.softmax(att, dim=-1), v).transpose(1, 2).reshape(b, s, d)
        x = x + self.o(y)
        h = self.norm2(x)
        return x + self.down(torch.nn.functional.gelu(self.gate(h), approximate="tanh") * self.up(h))


def make():
    return Block().eval(), [torch.rand(1, 8, 64) * 2 - 1]


def unsupported():
    class M(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Softplus())

        def forward(self, x):
            return self.inner(x)
    return M().eval(), [torch.rand(2, 4)]
