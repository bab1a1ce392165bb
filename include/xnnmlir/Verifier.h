/*===-- xnnmlir/Verifier.h - edge / xnn IR verifier ---------------*- C -*-===*\
|*                                                                            *|
|* The project's own verifier for the `edge` and `xnn` dialects and for       *|
|* delegate functions. IRDL (lib/Dialect/{edge,xnn}.irdl.mlir) checks        *|
|* operand counts, tensor base types and required attributes; this verifier *|
|* checks the rest: element types, static shapes, shape rules, optional     *|
|* attributes and the delegate representation of SPEC section 3.3.          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef XNNMLIR_VERIFIER_H
#define XNNMLIR_VERIFIER_H

#include <mlir-c/IR.h>
#include <mlir-c/Support.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Verifies `root` and every operation nested in it (`root` included).
 *
 * Checks every `edge.*` and `xnn.*` op against its rules (ranked static
 * tensors, allowed element types, attribute kinds and values, result shapes
 * such as PyTorch broadcasting, convolution / pooling output sizes, ...) and
 * every delegate function (`func.func` carrying the unit attribute
 * `xnn.delegate`): it must be private, have a body, and contain only
 * `edge.*` / `xnn.*` ops and `func.return`; `xnn.*` ops outside a delegate
 * function are errors.
 *
 * Every violation is emitted as a located error diagnostic on the offending
 * op ("'edge.add' op ..."), through the context's diagnostic handlers; the
 * walk continues past failures so all violations are reported. Never crashes
 * on malformed IR (missing or wrongly kinded attributes, wrong operand
 * counts, non-tensor types).
 *
 * Returns success if no violation was found, failure otherwise. */
MlirLogicalResult xnnMlirVerify(MlirOperation root);

/** Verifies the single operation `op` against the rules of its `edge.*` /
 * `xnn.*` op definition, without looking at nested operations or at the
 * delegate context. Emits located errors like xnnMlirVerify. Operations of
 * other dialects succeed; unknown `edge.*` / `xnn.*` names fail. */
MlirLogicalResult xnnMlirVerifyOp(MlirOperation op);

/** Returns true if `op` is a delegate function: a `func.func` carrying the
 * `xnn.delegate` attribute (of any kind; xnnMlirVerify rejects non-unit
 * values). */
bool xnnMlirIsDelegateFunc(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif /* XNNMLIR_VERIFIER_H */
