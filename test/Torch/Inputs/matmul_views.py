"""Matmul operands through views and permutes (issue 45, item 11): the view
under a permute keeps or reorders the matrix the permute transposes."""
import torch


class MmViewPermute(torch.nn.Module):
    """mm(a, x.view(rows, cols).permute(1, 0)): with x [cols, rows] the view
    reorders x's matrix (3x5 read as 5x3)."""

    def __init__(self, rows, cols):
        super().__init__()
        self.rows, self.cols = rows, cols

    def forward(self, a, x):
        return torch.mm(a, torch.tanh(x).view(self.rows, self.cols).permute(1, 0))


class BmmViewPermute(torch.nn.Module):
    """bmm(a, x.view(shape).transpose(1, 2))."""

    def __init__(self, shape):
        super().__init__()
        self.shape = shape

    def forward(self, a, x):
        return torch.bmm(a, torch.tanh(x).view(self.shape).transpose(1, 2))


class BothOperands(torch.nn.Module):
    """Both operands view(permute(view(.))), and a bmm whose B view keeps its matrices."""

    def forward(self, y, x, z, c):
        a = y.view(4, 3).permute(1, 0).reshape(4, 3)
        b = x.view(3, 5).permute(1, 0).reshape(3, 5)
        kept = z.view(6, 5, 4).permute(0, 2, 1)
        return torch.mm(a, b), torch.bmm(c, kept)


def _inputs(dtype, *shapes):
    torch.manual_seed(0)
    return tuple(torch.randn(s).to(dtype) for s in shapes)


def mm_view_reorders():
    return MmViewPermute(5, 3), _inputs(torch.float32, (4, 3), (3, 5))


def mm_view_reorders_bf16():
    return MmViewPermute(5, 3), _inputs(torch.bfloat16, (4, 3), (3, 5))


def bmm_view_regroups():
    return BmmViewPermute((2, 5, 3)), _inputs(torch.float32, (2, 4, 3), (6, 5))


def bmm_view_regroups_bf16():
    return BmmViewPermute((2, 5, 3)), _inputs(torch.bfloat16, (2, 4, 3), (6, 5))


def both_operands():
    return BothOperands(), _inputs(torch.float32, (3, 4), (5, 3), (2, 3, 5, 4), (6, 2, 4))
