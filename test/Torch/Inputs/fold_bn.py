"""Convolutions followed by inference batch norms that the importer folds into
the convolution (test/Torch/fold-conv-bn.test): a Conv2d with a bias, one
without and a non-affine norm, a Conv1d; each norm's statistics randomised.
make() is the module; make_export() / make_export_decomposed() the same module
as a torch.export program in its default and core ATen IR (torch 2)."""
import torch


class ConvBn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(5)
        self.conv1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn1 = torch.nn.BatchNorm2d(8)
        self.conv2 = torch.nn.Conv2d(8, 6, 3, stride=2, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(6, affine=False)
        self.conv3 = torch.nn.Conv1d(4, 5, 3)
        self.bn3 = torch.nn.BatchNorm1d(5)
        for bn in (self.bn1, self.bn2, self.bn3):
            c = bn.num_features
            bn.running_mean.copy_(torch.randn(c, generator=g))
            bn.running_var.copy_(torch.rand(c, generator=g) * 2 + 0.1)
            if bn.affine:
                bn.weight.data.copy_(torch.randn(c, generator=g))
                bn.bias.data.copy_(torch.randn(c, generator=g))

    def forward(self, x, s):
        y = torch.relu(self.bn1(self.conv1(x)))
        return self.bn2(self.conv2(y)), self.bn3(self.conv3(s))


def make():
    torch.manual_seed(0)
    return ConvBn().eval(), (torch.rand(1, 3, 10, 10) * 2 - 1, torch.randn(2, 4, 9))


def make_export():
    module, inputs = make()
    with torch.no_grad():
        return torch.export.export(module, inputs), inputs


def make_export_decomposed():
    ep, inputs = make_export()
    return ep.run_decompositions(), inputs
