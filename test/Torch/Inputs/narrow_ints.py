"""Modules whose inputs are int8 / uint8 / int16 (edge has no such element type)."""
import torch


class ToFloatLinear(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(3, 3)

    def forward(self, x):
        return self.linear(x.to(torch.float, memory_format=torch.channels_last))


class ToLong(torch.nn.Module):
    def forward(self, x):
        return x.to(torch.int64) * 3


class AddsInInt16(torch.nn.Module):
    def forward(self, x):
        return (x + x).to(torch.float)


def int16_linear():
    torch.manual_seed(0)
    return ToFloatLinear().eval(), (torch.randint(-32768, 32767, (1, 3, 3, 3), dtype=torch.int16),)


def uint8_linear():
    torch.manual_seed(0)
    return ToFloatLinear().eval(), (torch.randint(0, 256, (1, 3, 3, 3), dtype=torch.uint8),)


def int8_to_long():
    torch.manual_seed(0)
    return ToLong(), (torch.randint(-128, 128, (2, 5), dtype=torch.int8),)


def int16_add():
    # 30000 + 30000 wraps in int16: computing in i32 would be wrong, so this is refused.
    return AddsInInt16(), (torch.full((4,), 30000, dtype=torch.int16),)
