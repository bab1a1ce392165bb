"""The module as MLIR text: the signature (state arguments and results marked
xnn.state), the body's lines, the blobs in a dialect_resources section.

Written streaming (issue 45 item 15): the ops' lines, then each blob
hex-encoded from its tensor's memory a chunk at a time, so that the text of a
model with gigabytes of weights is never held in memory (two hex digits a
byte: building it whole took 4.75x the weights at its peak)."""
import io
import struct

from ..mlir import mlir_string
from ..tensors import blob_buffer

# Bytes of a blob hex-encoded per write (the text of one chunk is twice this, twice over with upper()).
HEX_CHUNK = 1 << 22


def blob_hex_chunks(t, align):
    """The blob of tensor `t` as MLIR writes it ("0x" not included): its alignment as a
    little-endian u32, then its element bytes, in upper-case hex, a chunk at a time."""
    yield struct.pack("<I", align).hex().upper()
    data = blob_buffer(t)
    mv = memoryview(data).cast("B") if len(data) else memoryview(b"")
    for off in range(0, len(mv), HEX_CHUNK):
        yield mv[off:off + HEX_CHUNK].hex().upper()


def write_text(f, func_name, w, args, state_args, results, header=""):
    """Writes the MLIR text of a module holding func @func_name with body writer
    `w`'s lines to `f` (a text file, or a binary one: UTF-8), after `header`."""
    put = f.write if hasattr(f, "encoding") else (lambda s: f.write(s.encode("utf-8")))
    sig = ", ".join(["%s: %s" % (a.name, a.type) for a, _ in args] +
                    ["%s: %s {xnn.state = %s}" % (a.name, a.type, mlir_string(b)) for a, b in state_args])
    rtypes = ", ".join(r.type + (" {xnn.state = %s}" % mlir_string(b) if b else "") for r, b in results)
    put(header + "module {\n")
    put("  func.func @%s(%s) -> (%s) {\n" % (func_name, sig, rtypes))
    for line in w.lines:
        put(line + "\n")
    put("    return %s : %s\n" % (", ".join(r.name for r, _ in results), ", ".join(r.type for r, _ in results)))
    put("  }\n}\n")
    if w.resources:
        put("{-#\n  dialect_resources: {\n    builtin: {\n")
        for i, (name, t, align) in enumerate(w.resources):
            put('      %s: "0x' % name)
            for chunk in blob_hex_chunks(t, align):
                put(chunk)
            put('"%s\n' % ("," if i + 1 < len(w.resources) else ""))
        put("    }\n  }\n#-}\n")


def module_text(func_name, w, args, state_args, results):
    """The MLIR text of write_text as one string (the Python API's text)."""
    s = io.StringIO()
    write_text(s, func_name, w, args, state_args, results)
    return s.getvalue()
