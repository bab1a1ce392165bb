"""Tensors as the importer reads them: storage identity, bitwise equality,
element bytes (text blobs, .npy) and zero-copy buffers (bytecode blobs)."""
import sys

from .mlir import ImportError_, torch


def storage_key(t):
    """Identity of a tensor's storage (unique while the tensor lives). torch 2's
    untyped_storage() (t.storage() warns TypedStorage is deprecated there)."""
    return (t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage())._cdata


def same_values(a, b):
    """Bitwise-equal tensors (NaNs included)."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.is_floating_point():
        return torch.equal(a.view(torch.int16 if a.element_size() == 2 else
                                  torch.int32 if a.element_size() == 4 else torch.int64),
                           b.contiguous().view(torch.int16 if b.element_size() == 2 else
                                               torch.int32 if b.element_size() == 4 else torch.int64))
    return torch.equal(a, b)


def raw_bytes(t):
    """Little-endian element bytes of a tensor (bf16/f16 as 16-bit patterns)."""
    t = t.detach().contiguous().cpu()
    if t.dtype == torch.bfloat16:
        t = t.view(torch.int16)
    if t.dtype == torch.bool:
        t = t.to(torch.uint8)
    data = t.numpy().tobytes() if t.numel() else b""
    if sys.byteorder != "little":
        raise ImportError_("big-endian hosts are not supported")
    return data


def blob_buffer(t):
    """A tensor's element bytes as a buffer, without a copy where it is contiguous
    (bf16 as 16-bit patterns, bool as bytes)."""
    t = t.detach()
    if not t.is_contiguous():
        t = t.contiguous()
    if t.dtype == torch.bfloat16:
        t = t.view(torch.int16)
    elif t.dtype == torch.bool:
        t = t.view(torch.uint8)
    if sys.byteorder != "little":
        raise ImportError_("big-endian hosts are not supported")
    return t.numpy() if t.numel() else b""


def flatten_tensors(x):
    flat = []

    def walk(y):
        if isinstance(y, (list, tuple)):
            for z in y:
                walk(z)
        elif isinstance(y, torch.Tensor):
            flat.append(y)
    walk(x)
    return flat


def tensor_ident(t):
    """Identity of a tensor's elements (storage, offset, shape, strides, dtype): one constant or blob each."""
    return (storage_key(t), t.storage_offset(), tuple(t.shape), tuple(t.stride()), t.dtype)
