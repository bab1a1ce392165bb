/* Internal interface of the reference (portable) kernels, lib/Reference/.
 *
 * One kernel per edge op, listed once in the table of Kernels.c (op name ->
 * kernel); the kernels live in one file per op family (Copy.c, Elementwise.c,
 * Reduce.c, Matmul.c, Conv.c, Norm.c, Shape.c). The interpreter (Interpreter.c)
 * verifies an op (xnnMlirVerifyOp) and checks that its operand tensors match
 * the operand types before it calls the kernel, and it allocates the results
 * from the result types (zero-filled). Kernels may therefore rely on every
 * shape rule of the verifier; they still never read or write out of bounds
 * for data-dependent reasons (embedding indices are checked).
 *
 * Numerics (SPEC 3.1): f16/bf16 are storage types; every float op widens its
 * operands exactly to f32, computes in f32 and rounds once to the storage
 * type with RNE (Support/Float.h). Dot products (linear, mm, bmm, conv2d,
 * sdpa, avg_pool2d windows) accumulate in f32, in ascending index order;
 * mean / sum and the softmax denominators accumulate in double. Integer ops
 * work on int64 with two's-complement wrap-around, then narrow. */
#ifndef XNNMLIR_LIB_REFERENCE_KERNELS_H
#define XNNMLIR_LIB_REFERENCE_KERNELS_H

#include "xnnmlir/PortableOps.h"
#include "xnnmlir/Tensor.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct XnnRefCtx {
  MlirOperation op; /* the op being run (for attributes and messages) */
  char *err;
  size_t errSize;
  /* Set instead of `op` when the op comes from C emitted by xnn-translate
   * --program (xnnMlirPortableOpRun): its name, location and attributes. */
  const XnnMlirPortableOp *sop;
} XnnRefCtx;

/* The op's attributes, from `op` (Support/IR.h's xnnAttr*) or from `sop`
 * with the same conversions: I64 takes integers (booleans as MLIR's i1
 * value), F64 floats and integers, Bool integers (!= 0). False if absent. */
bool xnnRefAttrI64(const XnnRefCtx *c, const char *name, int64_t *out);
bool xnnRefAttrF64(const XnnRefCtx *c, const char *name, double *out);
bool xnnRefAttrBool(const XnnRefCtx *c, const char *name, bool *out);
bool xnnRefAttrString(const XnnRefCtx *c, const char *name, MlirStringRef *out);
bool xnnRefAttrI64Array(const XnnRefCtx *c, const char *name, int64_t *out, intptr_t cap, intptr_t *n);

/* Runs one op: `in` are the operands (types checked), `out` the results
 * (allocated from the result types, zero-filled). False after xnnRefFail. */
typedef bool (*XnnRefKernelFn)(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn,
                               XnnMlirTensor *out, size_t nOut);

typedef struct XnnRefKernel {
  const char *name; /* full op name, e.g. "edge.add" */
  XnnRefKernelFn run;
} XnnRefKernel;

/* The kernel of op `name`, or NULL. */
const XnnRefKernel *xnnRefKernelLookup(MlirStringRef name);
/* All kernels (for tests / listings). */
const XnnRefKernel *xnnRefKernelAll(size_t *count);

/* Writes "<file>:<line>:<col>: '<op name>' op <message>" into c->err and
 * returns false. */
bool xnnRefFail(XnnRefCtx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Same, for an arbitrary op (the interpreter's own errors). */
bool xnnRefFailAt(MlirOperation op, char *err, size_t errSize, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* "<file>:<line>:<col>" of op's location ("<unknown location>" if none). */
void xnnRefLocStr(MlirOperation op, char *buf, size_t n);

/* The value of edge.constant `op` in place: on success `t` has the result's
 * dtype and shape and `t->data` is the attribute's own payload (a
 * dense_resource blob or a dense attribute's raw data), valid while the
 * attribute lives. Read only, never freed, and without XNNPACK's 16 bytes of
 * read slack. False (t untouched) when the value must be materialized as
 * xnnRefConstant does: splats, i1, payloads of another element size, empty
 * or misaligned data. `op` must have been verified. */
bool xnnRefConstantView(MlirOperation op, XnnMlirTensor *t);

/* ---- f32 / int64 views of tensors ------------------------------------- */
/* Operand as f32: the tensor's own data for f32, else a widened copy stored in
 * *scratch (free it). NULL (after xnnRefFail) on allocation failure. */
const float *xnnRefF32In(XnnRefCtx *c, const XnnMlirTensor *t, float **scratch);
/* Result buffer in f32: the result's own data for f32, else a zeroed scratch;
 * xnnRefF32Commit rounds the scratch (RNE) into the result and frees it. */
float *xnnRefF32Out(XnnRefCtx *c, XnnMlirTensor *t);

/* Element i of an index tensor (i64 or i32), as int64. */
int64_t xnnRefIndexAt(const XnnMlirTensor *t, int64_t i);
void xnnRefF32Commit(XnnMlirTensor *t, float *buf);
/* Same for integer tensors (i64, i32, i1) through int64. */
const int64_t *xnnRefI64In(XnnRefCtx *c, const XnnMlirTensor *t, int64_t **scratch);
int64_t *xnnRefI64Out(XnnRefCtx *c, XnnMlirTensor *t);
void xnnRefI64Commit(XnnMlirTensor *t, int64_t *buf);
bool xnnRefIsFloat(XnnMlirDType d);

/* Element-wise dtype conversion with PyTorch's .to() semantics (same element
 * count): float -> float exact widening / one RNE narrowing (bf16 <-> f16
 * through f32; f32 -> f32 keeps NaN payloads); float -> int truncates toward
 * zero (NaN -> 0, out of range saturates to int64, then wraps to i32, as the
 * constant folder does); int -> float rounds to nearest; int -> int wraps;
 * anything -> i1 is "!= 0" (NaN -> 1). */
void xnnRefConvert(const XnnMlirTensor *src, XnnMlirTensor *dst);
/* Float -> int64 as above. */
int64_t xnnRefTruncToI64(double v);

/* ---- shapes ---------------------------------------------------------- */
/* Row-major strides (in elements). */
void xnnRefStrides(const int64_t *dims, int64_t rank, int64_t *strides);
/* ATen dim wrapping: d in [-rank, rank) (rank 0 wraps as rank 1). */
bool xnnRefNormDim(int64_t d, int64_t rank, int64_t *out);
/* Copies `dst` (contiguous, dst->dims) from src data through element strides
 * `srcStrides` (one per dst dim) starting at element `srcOffset`. */
void xnnRefStridedCopy(const XnnMlirTensor *src, int64_t srcOffset, const int64_t *srcStrides,
                       XnnMlirTensor *dst);

/* ---- the kernels (one per op) ------------------------------------------ */
#define XNN_REF_DECL(fn) bool fn(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, \
                                 XnnMlirTensor *out, size_t nOut);
/* Copy.c */
XNN_REF_DECL(xnnRefConstant)
XNN_REF_DECL(xnnRefToCopy)
XNN_REF_DECL(xnnRefToDimOrderCopy)
/* Elementwise.c */
XNN_REF_DECL(xnnRefAdd)
XNN_REF_DECL(xnnRefSub)
XNN_REF_DECL(xnnRefMul)
XNN_REF_DECL(xnnRefDiv)
XNN_REF_DECL(xnnRefMaximum)
XNN_REF_DECL(xnnRefMinimum)
XNN_REF_DECL(xnnRefPow)
XNN_REF_DECL(xnnRefRelu)
XNN_REF_DECL(xnnRefSigmoid)
XNN_REF_DECL(xnnRefTanh)
XNN_REF_DECL(xnnRefRsqrt)
XNN_REF_DECL(xnnRefSqrt)
XNN_REF_DECL(xnnRefNeg)
XNN_REF_DECL(xnnRefAbs)
XNN_REF_DECL(xnnRefExp)
XNN_REF_DECL(xnnRefLog)
XNN_REF_DECL(xnnRefGelu)
XNN_REF_DECL(xnnRefHardtanh)
XNN_REF_DECL(xnnRefSilu)
XNN_REF_DECL(xnnRefHardswish)
XNN_REF_DECL(xnnRefHardsigmoid)
XNN_REF_DECL(xnnRefLeakyRelu)
XNN_REF_DECL(xnnRefElu)
XNN_REF_DECL(xnnRefClamp)
XNN_REF_DECL(xnnRefSin)
XNN_REF_DECL(xnnRefCos)
XNN_REF_DECL(xnnRefCeil)
XNN_REF_DECL(xnnRefFloor)
XNN_REF_DECL(xnnRefBitwiseAnd)
XNN_REF_DECL(xnnRefBitwiseOr)
XNN_REF_DECL(xnnRefBitwiseXor)
XNN_REF_DECL(xnnRefBitwiseNot)
XNN_REF_DECL(xnnRefEq)
XNN_REF_DECL(xnnRefNe)
XNN_REF_DECL(xnnRefLt)
XNN_REF_DECL(xnnRefLe)
XNN_REF_DECL(xnnRefGt)
XNN_REF_DECL(xnnRefGe)
XNN_REF_DECL(xnnRefWhere)
XNN_REF_DECL(xnnRefMaskedFill)
XNN_REF_DECL(xnnRefPrelu)
/* Reduce.c */
XNN_REF_DECL(xnnRefMean)
XNN_REF_DECL(xnnRefSum)
XNN_REF_DECL(xnnRefAmax)
XNN_REF_DECL(xnnRefArgmax)
XNN_REF_DECL(xnnRefSoftmax)
/* Matmul.c */
XNN_REF_DECL(xnnRefLinear)
XNN_REF_DECL(xnnRefMm)
XNN_REF_DECL(xnnRefBmm)
XNN_REF_DECL(xnnRefSdpa)
XNN_REF_DECL(xnnRefAddmm)
/* Conv.c */
XNN_REF_DECL(xnnRefConv2d)
XNN_REF_DECL(xnnRefConv3d)
XNN_REF_DECL(xnnRefMaxPool2d)
XNN_REF_DECL(xnnRefMaxPool2dIndices)
XNN_REF_DECL(xnnRefConvTranspose2d)
XNN_REF_DECL(xnnRefUpsampleNearest2d)
XNN_REF_DECL(xnnRefUpsampleBilinear2d)
XNN_REF_DECL(xnnRefUpsampleBilinear2dAA)
XNN_REF_DECL(xnnRefAvgPool2d)
XNN_REF_DECL(xnnRefAdaptiveAvgPool2d)
/* Quant.c */
XNN_REF_DECL(xnnRefChooseQparamsPerToken)
XNN_REF_DECL(xnnRefQuantizePerToken)
XNN_REF_DECL(xnnRefQuantizePerTensor)
XNN_REF_DECL(xnnRefDequantizePerTensor)
XNN_REF_DECL(xnnRefDequantizePerToken)
XNN_REF_DECL(xnnRefDequantizePerChannel)
XNN_REF_DECL(xnnRefDequantizePerChannelGroup)
XNN_REF_DECL(xnnRefEmbeddingByte)
XNN_REF_DECL(xnnRefEmbedding4bit)
XNN_REF_DECL(xnnRefEmbedding2bit)
/* Norm.c */
XNN_REF_DECL(xnnRefBatchNorm)
XNN_REF_DECL(xnnRefLayerNorm)
/* Shape.c */
XNN_REF_DECL(xnnRefView)
XNN_REF_DECL(xnnRefPermute)
XNN_REF_DECL(xnnRefCat)
XNN_REF_DECL(xnnRefSlice)
XNN_REF_DECL(xnnRefEmbedding)
XNN_REF_DECL(xnnRefIndex)
XNN_REF_DECL(xnnRefIndexPut)
XNN_REF_DECL(xnnRefTranspose)
XNN_REF_DECL(xnnRefExpand)
XNN_REF_DECL(xnnRefConstantPadNd)
XNN_REF_DECL(xnnRefRoll)
XNN_REF_DECL(xnnRefSplit)
#undef XNN_REF_DECL

/* ATen's nearest_idx (upsample_nearest2d with scales from the sizes): the
 * source index of output index `dst`. The lowering asks it too, to delegate
 * only the resizes it computes as exact repetition. */
int64_t xnnRefNearestIndex(int64_t dst, int64_t inSize, int64_t outSize);

#endif
