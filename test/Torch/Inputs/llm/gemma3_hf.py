"""A Gemma 3 text decoder written from HuggingFace's modeling_gemma3.py
(Gemma3RMSNorm with (1 + w) in f32, q/k norms, gelu-tanh gated MLP, sliding
window on 5 of every 6 layers, a rope base per layer kind, embedding scaled
by sqrt(hidden) and tied to the LM head), with a static KV cache written in
place as HuggingFace's StaticCache does (index_copy_ at cache_position) and
masks built as its masking utilities build them (integer position
arithmetic, & of boolean masks, then where(mask, 0, min) for eager
attention). forward(input_ids [1, S] i64, cache_position [S] i64) -> logits.

Config by environment (factories take no arguments): GEMMA_CONFIG=tiny|1b,
GEMMA_MAX_LEN, GEMMA_SEQ (tokens per call), GEMMA_SEED."""
import math
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIGS = {
    # name: vocab, hidden, layers, heads, kv_heads, head_dim, intermediate, sliding_window
    "tiny": dict(vocab=256, hidden=64, layers=6, heads=4, kv_heads=2, head_dim=16, inter=128, window=4),
    "1b": dict(vocab=262144, hidden=1152, layers=26, heads=4, kv_heads=1, head_dim=256, inter=6912, window=512),
}


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        out = x.float()
        out = out * torch.rsqrt(out.pow(2).mean(-1, keepdim=True) + self.eps)
        out = out * (1.0 + self.weight.float())  # (x * (1 + w)) then the cast, as Gemma 3 does
        return out.type_as(x)


class Rotary(nn.Module):
    def __init__(self, dim, base):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, x, position_ids):
        inv = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        pos = position_ids[:, None, :].float()
        freqs = (inv.float() @ pos.float()).transpose(1, 2)
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos().to(dtype=x.dtype), emb.sin().to(dtype=x.dtype)


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rope(q, k, cos, sin):
    cos, sin = cos.unsqueeze(1), sin.unsqueeze(1)
    return (q * cos) + (rotate_half(q) * sin), (k * cos) + (rotate_half(k) * sin)


def repeat_kv(h, n_rep):
    b, kvh, s, d = h.shape
    if n_rep == 1:
        return h
    return h[:, :, None, :, :].expand(b, kvh, n_rep, s, d).reshape(b, kvh * n_rep, s, d)


def attention_mask(cache_position, kv_len, window, dtype):
    """HuggingFace's causal (and sliding-window) mask for eager attention: [1, 1, S, kv_len]."""
    kv_idx = torch.arange(kv_len).view(1, -1)
    q_idx = cache_position.view(-1, 1)
    allowed = kv_idx <= q_idx
    if window is not None:
        allowed = allowed & (kv_idx > q_idx - window)
    min_value = torch.finfo(dtype).min
    return torch.where(allowed, torch.tensor(0.0, dtype=dtype), min_value)[None, None, :, :]


class Attention(nn.Module):
    def __init__(self, c, sliding, max_len):
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = c["heads"], c["kv_heads"], c["head_dim"]
        self.scaling = c["head_dim"] ** -0.5  # query_pre_attn_scalar = head_dim
        self.sliding = sliding
        self.q_proj = nn.Linear(c["hidden"], self.heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(c["hidden"], self.kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(c["hidden"], self.kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(self.heads * self.head_dim, c["hidden"], bias=False)
        self.q_norm = RMSNorm(self.head_dim)
        self.k_norm = RMSNorm(self.head_dim)
        shape = (1, self.kv_heads, max_len, self.head_dim)
        self.register_buffer("k_cache", torch.zeros(shape))
        self.register_buffer("v_cache", torch.zeros(shape))

    def forward(self, h, cos, sin, mask, cache_position):
        b, s, _ = h.shape
        q = self.q_proj(h).view(b, s, -1, self.head_dim).transpose(1, 2)
        k = self.k_proj(h).view(b, s, -1, self.head_dim).transpose(1, 2)
        v = self.v_proj(h).view(b, s, -1, self.head_dim).transpose(1, 2)
        q, k = self.q_norm(q), self.k_norm(k)
        q, k = apply_rope(q, k, cos, sin)
        # StaticCache.update: written in place at cache_position.
        self.k_cache.index_copy_(2, cache_position, k)
        self.v_cache.index_copy_(2, cache_position, v)
        keys = repeat_kv(self.k_cache, self.heads // self.kv_heads)
        values = repeat_kv(self.v_cache, self.heads // self.kv_heads)
        w = torch.matmul(q, keys.transpose(2, 3)) * self.scaling
        w = w + mask[:, :, :, : keys.shape[-2]]
        w = F.softmax(w, dim=-1, dtype=torch.float32).to(q.dtype)
        out = torch.matmul(w, values).transpose(1, 2).contiguous().reshape(b, s, -1)
        return self.o_proj(out)


class MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.gate_proj = nn.Linear(c["hidden"], c["inter"], bias=False)
        self.up_proj = nn.Linear(c["hidden"], c["inter"], bias=False)
        self.down_proj = nn.Linear(c["inter"], c["hidden"], bias=False)

    def forward(self, x):
        return self.down_proj(F.gelu(self.gate_proj(x), approximate="tanh") * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self, c, sliding, max_len):
        super().__init__()
        self.sliding = sliding
        self.self_attn = Attention(c, sliding, max_len)
        self.mlp = MLP(c)
        self.input_layernorm = RMSNorm(c["hidden"])
        self.post_attention_layernorm = RMSNorm(c["hidden"])
        self.pre_feedforward_layernorm = RMSNorm(c["hidden"])
        self.post_feedforward_layernorm = RMSNorm(c["hidden"])

    def forward(self, h, rope, mask, cache_position):
        r = h
        h = self.input_layernorm(h)
        h = self.self_attn(h, rope[0], rope[1], mask, cache_position)
        h = r + self.post_attention_layernorm(h)
        r = h
        h = self.post_feedforward_layernorm(self.mlp(self.pre_feedforward_layernorm(h)))
        return r + h


class ScaledEmbedding(nn.Embedding):
    def __init__(self, n, d, scale):
        super().__init__(n, d)
        self.register_buffer("embed_scale", torch.tensor(scale), persistent=False)

    def forward(self, ids):
        return super().forward(ids) * self.embed_scale.to(self.weight.dtype)


class Gemma3(nn.Module):
    def __init__(self, c, max_len):
        super().__init__()
        self.c = c
        self.embed_tokens = ScaledEmbedding(c["vocab"], c["hidden"], c["hidden"] ** 0.5)
        # Layer i slides unless (i + 1) is a multiple of 6 (sliding_window_pattern 6).
        self.layers = nn.ModuleList(Layer(c, (i + 1) % 6 != 0, max_len) for i in range(c["layers"]))
        self.norm = RMSNorm(c["hidden"])
        self.rotary_emb = Rotary(c["head_dim"], 1_000_000.0)
        self.rotary_emb_local = Rotary(c["head_dim"], 10_000.0)
        self.lm_head = nn.Linear(c["hidden"], c["vocab"], bias=False)
        self.lm_head.weight = self.embed_tokens.weight  # tied
        self.max_len = max_len

    def forward(self, input_ids, cache_position):
        h = self.embed_tokens(input_ids)
        position_ids = cache_position.unsqueeze(0)
        rope_global = self.rotary_emb(h, position_ids)
        rope_local = self.rotary_emb_local(h, position_ids)
        full = attention_mask(cache_position, self.max_len, None, h.dtype)
        sliding = attention_mask(cache_position, self.max_len, self.c["window"], h.dtype)
        for layer in self.layers:
            if layer.sliding:
                h = layer(h, rope_local, sliding, cache_position)
            else:
                h = layer(h, rope_global, full, cache_position)
        return self.lm_head(self.norm(h))


def build(config=None, max_len=None, seed=None):
    c = CONFIGS[config or os.environ.get("GEMMA_CONFIG", "tiny")]
    max_len = int(max_len or os.environ.get("GEMMA_MAX_LEN", 32))
    g = torch.Generator().manual_seed(int(seed if seed is not None else os.environ.get("GEMMA_SEED", 0)))
    m = Gemma3(c, max_len)
    with torch.no_grad():
        for name, p in m.named_parameters():
            if name.endswith("norm.weight"):
                p.copy_(torch.randn(p.shape, generator=g) * 0.1)
            else:
                p.copy_(torch.randn(p.shape, generator=g) / math.sqrt(p.shape[-1]))
    return m.eval()


def inputs(seq, start=0, seed=1, vocab=None):
    g = torch.Generator().manual_seed(seed)
    vocab = vocab or CONFIGS[os.environ.get("GEMMA_CONFIG", "tiny")]["vocab"]
    return torch.randint(0, vocab, (1, seq), generator=g), torch.arange(start, start + seq)


def make():
    """A call of GEMMA_SEQ tokens (default 1) at position GEMMA_START (default 0)."""
    seq = int(os.environ.get("GEMMA_SEQ", 1))
    return build(), inputs(seq, int(os.environ.get("GEMMA_START", 0)))


def prefill():
    return build(), inputs(8, 0)


def decode():
    return build(), inputs(1, 8)
