"""A small decoder head with the ops of SPEC 3.1.1 real segmentation and
detection models use: a transposed convolution (stride 2, padding 1,
output_padding 1, groups 2), nearest and bilinear upsampling, and a mask made
by comparisons that masked_fill and where apply (FILE.py:FACTORY form)."""
import torch
import torch.nn.functional as F


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.up = torch.nn.ConvTranspose2d(8, 6, 3, stride=2, padding=1, output_padding=1, groups=2)
        self.mix = torch.nn.Conv2d(6, 4, 1)

    def forward(self, x):
        y = F.relu(self.conv(x))
        y = self.up(y)                                        # [1, 6, 2H, 2W]
        near = F.interpolate(y, scale_factor=2, mode="nearest")
        bil = F.interpolate(y, size=(4 * x.shape[2], 4 * x.shape[3]), mode="bilinear", align_corners=False)
        z = self.mix(near + bil)
        mask = z > 0.25
        z = z.masked_fill(mask, float("-inf"))
        z = torch.where(z == float("-inf"), torch.zeros_like(z), z) + torch.ge(z, 0.0).float()
        return torch.softmax(z.flatten(2), -1)


def make():
    torch.manual_seed(0)
    return Head().eval(), [torch.rand(1, 3, 6, 5) * 2 - 1]


def scaled():
    """A bilinear upsample by 1.5 (3 -> 4) with the scale factor ATen uses
    instead of the sizes (1 / 1.5 != 3 / 4): not an edge op."""
    class M(torch.nn.Module):
        def forward(self, x):
            return F.interpolate(x, scale_factor=1.5, mode="bilinear", align_corners=False)
    return M().eval(), [torch.rand(1, 2, 3, 3)]
