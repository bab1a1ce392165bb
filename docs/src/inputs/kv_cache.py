import torch


class Cache(torch.nn.Module):
    """A key cache written in place at the given position (issue 28's minimal case)."""

    def __init__(self):
        super().__init__()
        self.register_buffer("k_cache", torch.zeros(1, 8, 4))
        self.proj = torch.nn.Linear(4, 4, bias=False)

    def forward(self, x, pos):  # x [1, 1, 4], pos [1] (i64)
        k = self.proj(x)
        self.k_cache[:, pos] = k
        return torch.softmax(torch.matmul(k, self.k_cache.transpose(1, 2)), -1)


def make():
    torch.manual_seed(0)
    return Cache().eval(), (torch.randn(1, 1, 4), torch.tensor([3]))
