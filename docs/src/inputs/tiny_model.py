"""A tiny PyTorch model for the xnn-import-torch manual (FILE.py:FACTORY)."""
import torch


class Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 3)

    def forward(self, x):
        return torch.nn.functional.gelu(self.fc(x))


class Softplus(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.softplus(x)


def make():
    torch.manual_seed(0)
    return Tiny(), (torch.rand(2, 4),)


def make_unsupported():
    return Softplus(), (torch.rand(2, 4),)
