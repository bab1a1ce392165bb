"""A biased nn.Linear(64, 96) (imported as edge.addmm), for
xnn-quantize-weights: one row (decode: qb4w delegates it) and [2, 3, 64]
(a view to [6, 64] around the addmm). Seeded; check_linear_bias.py rebuilds
the same module to read its weights."""
import torch


def module():
    torch.manual_seed(0)
    return torch.nn.Linear(64, 96, bias=True).eval()


def one_row():
    torch.manual_seed(1)
    return module(), (torch.randn(1, 64),)


def rows():
    torch.manual_seed(2)
    return module(), (torch.randn(2, 3, 64) * 2,)
