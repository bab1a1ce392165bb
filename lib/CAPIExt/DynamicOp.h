/* C entry point MLIR's C API lacks for IRDL-defined ops: replacing the
 * verifier IRDL derived for one op. IRDL binds one type per constraint
 * variable, also across a variadic operand's elements, so a list of operands
 * of pairwise different types (edge.cat, xnn.concatenate) cannot be typed in
 * IRDL; the op's verifier is then a C function. Implemented in a thin C++
 * shim (DynamicOp.cpp). */
#ifndef XNNMLIR_LIB_CAPIEXT_DYNAMICOP_H
#define XNNMLIR_LIB_CAPIEXT_DYNAMICOP_H

#include <mlir-c/IR.h>
#include <mlir-c/Support.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Verifies one operation; on failure emits a located error and returns failure. */
typedef MlirLogicalResult (*XnnMlirOpVerifyFn)(MlirOperation op);

/* Replaces the verifier of the IRDL-defined op `name` (e.g. "edge.cat") in
 * `ctx` by `verify`; false if no such op is registered in an IRDL dialect. */
bool xnnMlirDynamicOpSetVerifier(MlirContext ctx, MlirStringRef name, XnnMlirOpVerifyFn verify);

#ifdef __cplusplus
}
#endif
#endif
