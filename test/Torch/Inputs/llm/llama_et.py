"""ExecuTorch's examples/models/llama transformer, written afresh from its
sources (model_args, rope, norm, attention, llama_transformer) in the static
KV cache configuration it exports for XNNPACK (use_kv_cache, no dynamic
shape): rope tables precomputed as buffers and read at input_pos, the causal
mask a buffer read at input_pos, the cache written in place with
`k_cache[:, :, input_pos] = k`, grouped-query attention through
repeat_interleave and scaled_dot_product_attention with the float mask, and
the logits of the last token only. forward(tokens [1, S] i64,
input_pos [S] i64) -> logits [1, vocab].

Config by environment: LLAMA_CONFIG=tiny|1b, LLAMA_LAYERS and LLAMA_VOCAB
(override the config's), LLAMA_MAX_LEN, LLAMA_SEQ, LLAMA_START, LLAMA_SEED."""
import math
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIGS = {
    "tiny": dict(vocab=256, dim=64, layers=3, heads=4, kv_heads=2, hidden=160, theta=10000.0),
    "1b": dict(vocab=128256, dim=2048, layers=16, heads=32, kv_heads=8, hidden=8192, theta=500000.0),
}


def sdpa(q, k, v, mask):
    """F.scaled_dot_product_attention with an additive float mask (torch < 2.0 lacks it)."""
    f = getattr(F, "scaled_dot_product_attention", None)
    if f is not None:
        return f(q, k, v, attn_mask=mask, dropout_p=0.0)
    w = torch.matmul(q, k.transpose(-2, -1)) * (1.0 / math.sqrt(q.shape[-1])) + mask
    return torch.matmul(torch.softmax(w, dim=-1), v)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        out = x.float()
        out = (out * torch.rsqrt((out * out).mean(-1, keepdim=True) + self.eps)).type_as(x)
        return out * self.weight.type_as(x)


def rope_tables(dim, end, theta):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: dim // 2].float() / dim))
    freqs = torch.outer(torch.arange(end), freqs).float()
    return torch.cos(freqs), torch.sin(freqs)


def apply_rotary_emb(xq, xk, cos, sin):
    """Pairs (x[2i], x[2i+1]) rotated: the real form of the complex product."""
    q_r, q_i = xq.float().reshape(xq.shape[:-1] + (-1, 2)).unbind(-1)
    k_r, k_i = xk.float().reshape(xk.shape[:-1] + (-1, 2)).unbind(-1)
    shape = [d if i in (1, q_r.dim() - 1) else 1 for i, d in enumerate(q_r.shape)]
    cos, sin = cos.view(shape), sin.view(shape)
    q = torch.stack([q_r * cos - q_i * sin, q_r * sin + q_i * cos], dim=-1).flatten(3)
    k = torch.stack([k_r * cos - k_i * sin, k_r * sin + k_i * cos], dim=-1).flatten(3)
    return q.type_as(xq), k.type_as(xk)


class KVCache(nn.Module):
    def __init__(self, kv_heads, max_len, head_dim):
        super().__init__()
        shape = (1, kv_heads, max_len, head_dim)
        self.register_buffer("k_cache", torch.zeros(shape))
        self.register_buffer("v_cache", torch.zeros(shape))

    def update(self, input_pos, k, v):
        k_out, v_out = self.k_cache, self.v_cache
        k_out[:, :, input_pos] = k
        v_out[:, :, input_pos] = v
        return k_out, v_out


class Attention(nn.Module):
    def __init__(self, c, max_len):
        super().__init__()
        self.heads, self.kv_heads = c["heads"], c["kv_heads"]
        self.head_dim = c["dim"] // c["heads"]
        self.n_rep = self.heads // self.kv_heads
        self.wq = nn.Linear(c["dim"], self.heads * self.head_dim, bias=False)
        self.wk = nn.Linear(c["dim"], self.kv_heads * self.head_dim, bias=False)
        self.wv = nn.Linear(c["dim"], self.kv_heads * self.head_dim, bias=False)
        self.wo = nn.Linear(self.heads * self.head_dim, c["dim"], bias=False)
        self.kv_cache = KVCache(self.kv_heads, max_len, self.head_dim)
        mask = torch.triu(torch.full((max_len, max_len), float("-inf")), diagonal=1)
        self.register_buffer("mask", mask, persistent=False)

    def forward(self, x, cos, sin, input_pos):
        b, s, _ = x.shape
        q = self.wq(x).view(b, s, self.heads, self.head_dim)
        k = self.wk(x).view(b, s, self.kv_heads, self.head_dim)
        v = self.wv(x).view(b, s, self.kv_heads, self.head_dim)
        q, k = apply_rotary_emb(q, k, cos, sin)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        mask = self.mask[input_pos]
        k, v = self.kv_cache.update(input_pos, k, v)
        k = k.repeat_interleave(self.n_rep, dim=1)
        v = v.repeat_interleave(self.n_rep, dim=1)
        y = sdpa(q, k, v, mask)
        return self.wo(y.transpose(1, 2).reshape(b, s, -1))


class FeedForward(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.w1 = nn.Linear(c["dim"], c["hidden"], bias=False)
        self.w2 = nn.Linear(c["hidden"], c["dim"], bias=False)
        self.w3 = nn.Linear(c["dim"], c["hidden"], bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class Block(nn.Module):
    def __init__(self, c, max_len):
        super().__init__()
        self.attention = Attention(c, max_len)
        self.feed_forward = FeedForward(c)
        self.attention_norm = RMSNorm(c["dim"])
        self.ffn_norm = RMSNorm(c["dim"])

    def forward(self, x, cos, sin, input_pos):
        h = x + self.attention(self.attention_norm(x), cos, sin, input_pos)
        return h + self.feed_forward(self.ffn_norm(h))


class Transformer(nn.Module):
    def __init__(self, c, max_len):
        super().__init__()
        self.tok_embeddings = nn.Embedding(c["vocab"], c["dim"])
        self.layers = nn.ModuleList(Block(c, max_len) for _ in range(c["layers"]))
        self.norm = RMSNorm(c["dim"])
        self.output = nn.Linear(c["dim"], c["vocab"], bias=False)
        cos, sin = rope_tables(c["dim"] // c["heads"], max_len, c["theta"])
        self.register_buffer("freqs_cos", cos, persistent=False)
        self.register_buffer("freqs_sin", sin, persistent=False)

    def forward(self, tokens, input_pos):
        h = self.tok_embeddings(tokens)
        cos, sin = self.freqs_cos[input_pos], self.freqs_sin[input_pos]
        for layer in self.layers:
            h = layer(h, cos, sin, input_pos)
        h = h[:, -1, :]  # only the last token's logits
        return self.output(self.norm(h))


def config_of(name=None):
    """The named config (LLAMA_CONFIG), with LLAMA_LAYERS and LLAMA_VOCAB applied."""
    c = dict(CONFIGS[name or os.environ.get("LLAMA_CONFIG", "tiny")])
    for key, var in (("layers", "LLAMA_LAYERS"), ("vocab", "LLAMA_VOCAB")):
        if os.environ.get(var):
            c[key] = int(os.environ[var])
    return c


def build(config=None, max_len=None, seed=None):
    c = config_of(config)
    max_len = int(max_len or os.environ.get("LLAMA_MAX_LEN", 32))
    g = torch.Generator().manual_seed(int(seed if seed is not None else os.environ.get("LLAMA_SEED", 0)))
    m = Transformer(c, max_len)
    with torch.no_grad():
        for name, p in m.named_parameters():
            if name.endswith("norm.weight"):
                p.copy_(1.0 + torch.randn(p.shape, generator=g) * 0.1)
            else:
                p.copy_(torch.randn(p.shape, generator=g) / math.sqrt(p.shape[-1]))
    return m.eval()


def inputs(seq, start=0, seed=1, vocab=None):
    g = torch.Generator().manual_seed(seed)
    vocab = vocab or config_of()["vocab"]
    return torch.randint(0, vocab, (1, seq), generator=g), torch.arange(start, start + seq)


def make():
    seq = int(os.environ.get("LLAMA_SEQ", 1))
    return build(), inputs(seq, int(os.environ.get("LLAMA_START", 0)))


def prefill():
    return build(), inputs(8, 0)


def decode():
    return build(), inputs(1, 8)
