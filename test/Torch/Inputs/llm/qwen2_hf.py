"""A Llama-family decoder as HuggingFace's modeling_qwen2.py and
modeling_phi3.py write it, written afresh: RMSNorm in f32 then the cast
before the weight, rope from inv_freq at run time (cos / sin of
inv_freq @ positions, rotate_half), grouped-query attention through
repeat_kv (expand, reshape), scores softmaxed in f32 and cast back, a gated
SiLU MLP, an untied LM head over the last token. The static KV cache is
written in place as StaticCache's fallback does (k_out[:, :, cache_position]
= k), and the causal mask is built as _prepare_4d_causal_attention_mask_with_
cache_position builds it: a full finfo.min matrix, triu for a prompt, times
(arange(target) > cache_position). Qwen2's attention has biased q/k/v
projections; with QWEN_FUSED=1 the layers are Phi-3's instead: one qkv_proj
sliced into q, k and v, and one gate_up_proj chunked in two.
forward(input_ids [1, S] i64, cache_position [S] i64) -> logits [1, 1, vocab].

Config by environment (factories take no arguments): QWEN_CONFIG=tiny|0.5b
(Qwen2-0.5B's widths, its LM head untied here), QWEN_LAYERS and QWEN_VOCAB
(override the config's), QWEN_FUSED, QWEN_MAX_LEN, QWEN_SEQ (tokens per call), QWEN_START, QWEN_SEED."""
import math
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIGS = {
    "tiny": dict(vocab=256, hidden=64, layers=3, heads=4, kv_heads=2, inter=128, theta=1000000.0),
    "0.5b": dict(vocab=151936, hidden=896, layers=24, heads=14, kv_heads=2, inter=4864, theta=1000000.0),
}


def config_of(name=None):
    c = dict(CONFIGS[name or os.environ.get("QWEN_CONFIG", "tiny")])
    c["fused"] = os.environ.get("QWEN_FUSED", "0") == "1"
    for key, var in (("layers", "QWEN_LAYERS"), ("vocab", "QWEN_VOCAB")):
        if os.environ.get(var):
            c[key] = int(os.environ[var])
    return c


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, h):
        dtype = h.dtype
        h = h.to(torch.float32)
        h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * h.to(dtype)  # the cast before the weight, as Llama and Qwen2 do


class Rotary(nn.Module):
    def __init__(self, dim, base):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, x, position_ids):
        inv = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        freqs = (inv @ position_ids[:, None, :].float()).transpose(1, 2)
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos().to(x.dtype), emb.sin().to(x.dtype)


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def repeat_kv(h, n_rep):
    b, kv, s, d = h.shape
    if n_rep == 1:
        return h
    return h[:, :, None, :, :].expand(b, kv, n_rep, s, d).reshape(b, kv * n_rep, s, d)


class Attention(nn.Module):
    def __init__(self, c, max_len):
        super().__init__()
        self.heads, self.kv_heads = c["heads"], c["kv_heads"]
        self.head_dim = c["hidden"] // c["heads"]
        self.fused = c["fused"]
        if self.fused:  # Phi-3
            self.qkv_proj = nn.Linear(c["hidden"], (self.heads + 2 * self.kv_heads) * self.head_dim, bias=False)
        else:  # Qwen2: biased q, k, v
            self.q_proj = nn.Linear(c["hidden"], self.heads * self.head_dim, bias=True)
            self.k_proj = nn.Linear(c["hidden"], self.kv_heads * self.head_dim, bias=True)
            self.v_proj = nn.Linear(c["hidden"], self.kv_heads * self.head_dim, bias=True)
        self.o_proj = nn.Linear(self.heads * self.head_dim, c["hidden"], bias=False)
        shape = (1, self.kv_heads, max_len, self.head_dim)
        self.register_buffer("key_cache", torch.zeros(shape))
        self.register_buffer("value_cache", torch.zeros(shape))

    def forward(self, x, cos, sin, mask, cache_position):
        b, s, _ = x.shape
        if self.fused:
            qkv = self.qkv_proj(x)
            q_end, k_end = self.heads * self.head_dim, (self.heads + self.kv_heads) * self.head_dim
            q, k, v = qkv[..., :q_end], qkv[..., q_end:k_end], qkv[..., k_end:]
        else:
            q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        q = q.view(b, s, -1, self.head_dim).transpose(1, 2)
        k = k.view(b, s, -1, self.head_dim).transpose(1, 2)
        v = v.view(b, s, -1, self.head_dim).transpose(1, 2)
        cos, sin = cos.unsqueeze(1), sin.unsqueeze(1)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k_out, v_out = self.key_cache, self.value_cache
        k_out[:, :, cache_position] = k
        v_out[:, :, cache_position] = v
        n_rep = self.heads // self.kv_heads
        k, v = repeat_kv(k_out, n_rep), repeat_kv(v_out, n_rep)
        w = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(self.head_dim)
        w = w + mask[:, :, :, : k.shape[-2]]
        w = F.softmax(w, dim=-1, dtype=torch.float32).to(q.dtype)
        out = torch.matmul(w, v).transpose(1, 2).contiguous().reshape(b, s, -1)
        return self.o_proj(out)


class MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.fused = c["fused"]
        if self.fused:  # Phi-3
            self.gate_up_proj = nn.Linear(c["hidden"], 2 * c["inter"], bias=False)
        else:
            self.gate_proj = nn.Linear(c["hidden"], c["inter"], bias=False)
            self.up_proj = nn.Linear(c["hidden"], c["inter"], bias=False)
        self.down_proj = nn.Linear(c["inter"], c["hidden"], bias=False)

    def forward(self, x):
        if self.fused:
            gate, up = self.gate_up_proj(x).chunk(2, dim=-1)
            return self.down_proj(up * F.silu(gate))
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self, c, max_len):
        super().__init__()
        self.self_attn = Attention(c, max_len)
        self.mlp = MLP(c)
        self.input_layernorm = RMSNorm(c["hidden"])
        self.post_attention_layernorm = RMSNorm(c["hidden"])

    def forward(self, h, cos, sin, mask, cache_position):
        h = h + self.self_attn(self.input_layernorm(h), cos, sin, mask, cache_position)
        return h + self.mlp(self.post_attention_layernorm(h))


class Decoder(nn.Module):
    def __init__(self, c, max_len):
        super().__init__()
        self.embed_tokens = nn.Embedding(c["vocab"], c["hidden"])
        self.layers = nn.ModuleList(Layer(c, max_len) for _ in range(c["layers"]))
        self.norm = RMSNorm(c["hidden"])
        self.rotary_emb = Rotary(c["hidden"] // c["heads"], c["theta"])
        self.lm_head = nn.Linear(c["hidden"], c["vocab"], bias=False)
        self.max_len = max_len

    def causal_mask(self, seq, dtype, cache_position):
        mask = torch.full((seq, self.max_len), fill_value=torch.finfo(dtype).min, dtype=dtype)
        if seq != 1:
            mask = torch.triu(mask, diagonal=1)
        mask *= torch.arange(self.max_len) > cache_position.reshape(-1, 1)
        return mask[None, None, :, :]

    def forward(self, input_ids, cache_position):
        h = self.embed_tokens(input_ids)
        cos, sin = self.rotary_emb(h, cache_position.unsqueeze(0))
        mask = self.causal_mask(input_ids.shape[1], h.dtype, cache_position)
        for layer in self.layers:
            h = layer(h, cos, sin, mask, cache_position)
        return self.lm_head(self.norm(h)[:, -1:, :])  # logits_to_keep=1


def build(config=None, max_len=None, seed=None):
    c = config_of(config)
    max_len = int(max_len or os.environ.get("QWEN_MAX_LEN", 32))
    g = torch.Generator().manual_seed(int(seed if seed is not None else os.environ.get("QWEN_SEED", 0)))
    m = Decoder(c, max_len)
    with torch.no_grad():
        for name, p in m.named_parameters():
            if name.endswith("norm.weight"):
                p.copy_(1.0 + torch.randn(p.shape, generator=g) * 0.1)
            elif name.endswith("bias"):
                p.copy_(torch.randn(p.shape, generator=g) * 0.1)
            else:
                p.copy_(torch.randn(p.shape, generator=g) / math.sqrt(p.shape[-1]))
    return m.eval()


def inputs(seq, start=0, seed=1, vocab=None):
    g = torch.Generator().manual_seed(seed)
    vocab = vocab or config_of()["vocab"]
    return torch.randint(0, vocab, (1, seq), generator=g), torch.arange(start, start + seq)


def make():
    """A call of QWEN_SEQ tokens (default 1) at position QWEN_START (default 0)."""
    return build(), inputs(int(os.environ.get("QWEN_SEQ", 1)), int(os.environ.get("QWEN_START", 0)))


def prefill():
    return build(), inputs(8, 0)


def decode():
    return build(), inputs(1, 8)
