"""The module as MLIR text: the signature (state arguments and results marked
xnn.state), the body's lines, the blobs in a dialect_resources section."""
from ..mlir import mlir_string


def module_text(func_name, w, args, state_args, results):
    """MLIR text of a module holding func @func_name with body writer `w`'s lines."""
    lines = ["module {"]
    sig = ", ".join(["%s: %s" % (a.name, a.type) for a, _ in args] +
                    ["%s: %s {xnn.state = %s}" % (a.name, a.type, mlir_string(b)) for a, b in state_args])
    rtypes = ", ".join(r.type + (" {xnn.state = %s}" % mlir_string(b) if b else "") for r, b in results)
    lines.append("  func.func @%s(%s) -> (%s) {" % (func_name, sig, rtypes))
    lines += w.lines
    lines.append("    return %s : %s" % (", ".join(r.name for r, _ in results),
                                         ", ".join(r.type for r, _ in results)))
    lines.append("  }")
    lines.append("}")
    if w.resources:
        lines.append("{-#")
        lines.append("  dialect_resources: {")
        lines.append("    builtin: {")
        for i, (name, blob) in enumerate(w.resources):
            lines.append('      %s: "0x%s"%s' % (name, blob.hex().upper(), "," if i + 1 < len(w.resources) else ""))
        lines.append("    }")
        lines.append("  }")
        lines.append("#-}")
    return "\n".join(lines) + "\n"
