"""torch.export programs for export-programs.test (torch 2): torchvision CNNs
and a minimal KV-cache decoder exported as ExecuTorch does (under no_grad),
in the default (training) IR or after run_decompositions(); factories
returning (ExportedProgram, inputs), save(DIR) writes each as DIR/<name>.pt2
with torch.export.save; and programs the importer must refuse cleanly."""
import math
import sys
import zipfile

import torch

SIZE = 64  # CNN input resolution: small, as torchvision.test


def randomised_cnn(name):
    import torchvision
    torch.manual_seed(0)
    m = getattr(torchvision.models, name)(weights=None)
    g = torch.Generator().manual_seed(0)
    with torch.no_grad():  # batch norm statistics not the identity
        for mod in m.modules():
            if isinstance(mod, torch.nn.BatchNorm2d):
                c = mod.num_features
                mod.running_mean.copy_(torch.rand(c, generator=g) * 0.2 - 0.1)
                mod.running_var.copy_(torch.rand(c, generator=g) * 0.5 + 0.75)
    return m.eval(), (torch.rand(1, 3, SIZE, SIZE, generator=g) * 2 - 1,)


def export(module, inputs, ir, dynamic_shapes=None):
    with torch.no_grad():
        ep = torch.export.export(module, tuple(inputs), dynamic_shapes=dynamic_shapes)
        if ir == "decomposed":
            ep = ep.run_decompositions()
    return ep, inputs


class KVDecoder(torch.nn.Module):
    """A minimal KV-cache decoder: embedding, one attention head whose keys and
    values are written into cache buffers at the call's positions (index_copy_),
    causal by position, a tied LM head."""

    def __init__(self, vocab=64, dim=16, max_len=32):
        super().__init__()
        g = torch.Generator().manual_seed(3)
        self.embed = torch.nn.Embedding(vocab, dim)
        self.q = torch.nn.Linear(dim, dim, bias=False)
        self.kv = torch.nn.Linear(dim, 2 * dim, bias=False)
        self.o = torch.nn.Linear(dim, dim, bias=False)
        with torch.no_grad():
            for p in self.parameters():
                p.copy_(torch.randn(p.shape, generator=g) / math.sqrt(dim))
        self.register_buffer("k_cache", torch.zeros(1, max_len, dim))
        self.register_buffer("v_cache", torch.zeros(1, max_len, dim))
        self.register_buffer("positions", torch.arange(max_len), persistent=False)
        self.vocab, self.dim = vocab, dim

    def forward(self, tokens, pos):
        x = self.embed(tokens)
        k, v = self.kv(x).split(self.dim, dim=-1)
        self.k_cache.index_copy_(1, pos, k)
        self.v_cache.index_copy_(1, pos, v)
        scores = self.q(x) @ self.k_cache.transpose(1, 2) / math.sqrt(self.dim)
        visible = self.positions[None, :] <= pos[:, None]
        scores = scores.masked_fill(~visible, float("-inf"))
        y = x + self.o(torch.softmax(scores, dim=-1) @ self.v_cache)
        return y @ self.embed.weight.t()


# generate.py's model interface (Inputs/llm/generate.py): build, inputs, prefill, decode.
def build():
    return KVDecoder().eval()


def inputs(seq, start=0, seed=1, vocab=64):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(0, vocab, (1, seq), generator=g), torch.arange(start, start + seq)


def prefill():
    return build(), inputs(8, 0)


def decode():
    return build(), inputs(1, 8)


def mobilenet_v2_default(): return export(*randomised_cnn("mobilenet_v2"), "default")
def mobilenet_v2_decomposed(): return export(*randomised_cnn("mobilenet_v2"), "decomposed")
def resnet18_default(): return export(*randomised_cnn("resnet18"), "default")
def resnet18_decomposed(): return export(*randomised_cnn("resnet18"), "decomposed")
def cache_default(): return export(*decode(), "default")
def cache_decomposed(): return export(*decode(), "decomposed")


class Cumsum(torch.nn.Module):
    def forward(self, x):
        return torch.cumsum(x, 1) * 2


class WithCumsum(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(4, 4), Cumsum())

    def forward(self, x):
        return self.body(x)


def unsupported_op():
    return export(WithCumsum().eval(), (torch.rand(2, 4),), "default")


def not_a_program():
    return "a string", (torch.rand(2, 4),)


def dynamic_batch():
    """A linear with a dynamic batch dim (torch.export.Dim)."""
    torch.manual_seed(0)
    batch = torch.export.Dim("batch", min=1, max=8)
    return export(torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU()).eval(), (torch.rand(2, 4),),
                  "default", dynamic_shapes=({0: batch},))


def save(directory, *names):
    for name in names:
        torch.export.save(globals()[name]()[0], "%s/%s.pt2" % (directory, name))


def foreign(path):
    """A zip archive that is not a torch.export program."""
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("archive/data.txt", "not a program\n")


if __name__ == "__main__":
    globals()[sys.argv[1]](*sys.argv[2:])
