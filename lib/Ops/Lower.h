/* Lowering edge ops inside delegate functions to xnn ops. Each op's row in
 * its family's table (lib/Ops/<Family>.c) names its lowering function, defined
 * in the same file; they build xnn ops through this small API (lib/Ops/Lower.c,
 * helpers in LowerUtil.h). Values carry physical shapes (NHWC for values
 * tagged xnn.layout = "NHWC"). */
#ifndef XNNMLIR_LIB_OPS_LOWER_H
#define XNNMLIR_LIB_OPS_LOWER_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

struct XnnCapability;
typedef struct XnnLowerCtx XnnLowerCtx;

/* Lowers `op` (operands already lowered); replaces its results. */
typedef bool (*XnnLowerFn)(XnnLowerCtx *L, MlirOperation op, const struct XnnCapability *cap);

/* Element type the op computes in: its result type if the node runs it
 * natively, else f32 (PyTorch's compute-in-f32, round-once semantics). */
MlirType xnnLowerComputeElem(XnnLowerCtx *L, MlirOperation op, const struct XnnCapability *cap);
/* True if the op's result is tagged NHWC (its physical shape is permuted). */
bool xnnLowerIsNHWC(MlirOperation op);
/* True if operand `idx` is a value held in NHWC. */
bool xnnLowerOperandIsNHWC(MlirOperation op, intptr_t idx);
/* The logical (NCHW-order) shape of operand `idx`, also once it is a lowered
 * NHWC value (capability checks run again during the lowering); its rank. */
intptr_t xnnLowerOperandLogicalShape(MlirOperation op, intptr_t idx, int64_t *dims);
/* Operand `idx` as a physical value of element type `elem`: a constant
 * becomes an xnn.constant (converted at compile time), a dynamic value gets
 * an xnn.convert if its type differs. */
MlirValue xnnLowerOperand(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirType elem);
/* Constant operand `idx` as an xnn.constant of `elem`, dims permuted by
 * `perm` (NULL: as stored, NHWC-permuted if tagged). Null value on failure. */
MlirValue xnnLowerConstantOperand(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirType elem,
                                  const int64_t *perm);
/* True if operand `idx` is defined by an edge.constant. */
bool xnnLowerOperandIsConstant(MlirOperation op, intptr_t idx);
/* Physical type of result `idx` with element type `elem`. */
MlirType xnnLowerResultType(MlirOperation op, intptr_t idx, MlirType elem);
/* Builds an xnn op before `op` with one result of `resultType`. */
MlirValue xnnLowerEmit(XnnLowerCtx *L, MlirOperation op, const char *name, intptr_t nOperands,
                       const MlirValue *operands, MlirType resultType, intptr_t nAttrs,
                       const MlirNamedAttribute *attrs);
/* Converts `v` to element type `elem` (xnn.convert; f16 <-> bf16 via f32). */
MlirValue xnnLowerConvert(XnnLowerCtx *L, MlirOperation op, MlirValue v, MlirType elem);
/* Replaces result 0 of `op` by `v`, converted to the result's element type;
 * true, so that a lowering can end with `return xnnLowerReplace(...)`. */
bool xnnLowerReplace(XnnLowerCtx *L, MlirOperation op, MlirValue v);
/* The same for result `idx` of a multi-result op. */
void xnnLowerReplaceResult(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirValue v);
/* Normalises a (possibly negative) logical axis and maps it to the physical one. */
int64_t xnnLowerAxis(MlirOperation op, intptr_t operand, int64_t axis);
/* Emits a located error and marks the lowering failed; returns false. */
bool xnnLowerFail(XnnLowerCtx *L, MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
MlirContext xnnLowerContext(XnnLowerCtx *L);

/* Entry point (LowerDelegate.c): lowers every edge op of delegate function `func`; with
 * `bf16InF32` (relaxed bf16) every bf16 op computes in f32, also those
 * XNNPACK runs natively in bf16, so values stay f32 between ops. */
bool xnnLowerDelegate(MlirOperation func, bool bf16InF32);

#endif
