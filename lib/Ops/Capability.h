/* The op table: one row per edge op, in its family's file (lib/Ops/<Family>.c,
 * as XNNPACK's src/subgraph/ has a file per node kind), with all its per-op
 * facts: its verifier, what the pinned XNNPACK can take (element types, ranks,
 * attribute values, constant operands), which XNNPACK node it lowers to and
 * its lowering. The capability table is these rows; the partitioner asks it;
 * the capability test (test/XNNPACK/capabilities.test) checks it against the
 * linked library. */
#ifndef XNNMLIR_LIB_OPS_CAPABILITY_H
#define XNNMLIR_LIB_OPS_CAPABILITY_H

#include "Ops/Lower.h"
#include "Ops/OpDefs.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct XnnPartitionConfig {
  bool foldDtypeConverts; /* delegate f32<->f16/bf16 converts of activations */
  bool insideDelegate;    /* the lowering's re-check: an op already delegated whose
                             operand became a constant (a copy in between was
                             removed) is converted at compile time, not refused */
} XnnPartitionConfig;

/* Why an op stays portable (ExecuTorch's why()); empty when delegable. */
typedef struct XnnReason {
  char text[256];
} XnnReason;

/* Element-type masks of the table. */
enum { XNN_CAP_F32 = 1u, XNN_CAP_F16 = 2u, XNN_CAP_BF16 = 4u };
#define XNN_CAP_FLOATS (XNN_CAP_F32 | XNN_CAP_F16 | XNN_CAP_BF16)
#define XNN_CAP_FH (XNN_CAP_F32 | XNN_CAP_F16)
/* f16 GEMM-based nodes (fully_connected, batch_matrix_multiply, convolution)
 * return wrong data in the pinned XNNPACK on CPUs with AVX512-FP16 once there
 * are more than ~16 output channels (test/Emit/f16-ops.test, *_wide): they run
 * in f32, exactly as PyTorch accumulates, on every CPU. Its f16 square root
 * returns -0 for negatives and NaN for -0 and +inf (xnn-probe
 * --check-capabilities, unary special values): f16 sqrt runs in f32. Its f16
 * tanh and sigmoid are up to 4 f16 ulps off (every finite f16 input:
 * test/Correctness/f16-unary-all-values.test; fuzz seed 21332): they run in
 * f32 too, within one ulp as PyTorch computes them. */
/* bf16 arithmetic: the pinned XNNPACK's bf16 kernels compute in f32 and
 * truncate the result toward zero (PyTorch rounds to nearest even), so every
 * op that rounds runs in f32 (XNN_CAP_BF16 in its row's miscomputes) and its
 * result is converted with the RNE helper (lib/Emit/Bf16Rounding.inc); ops
 * that never round (copies, relu, neg, abs, maximum, minimum, reshape, slice)
 * stay native. */

typedef bool (*XnnCapCheckFn)(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why);

typedef struct XnnCapability {
  const char *op;       /* edge op name */
  XnnOpVerifyFn verify; /* what IRDL cannot check (OpDefs.h); NULL = nothing */
  const char *node; /* XNNPACK node kind it lowers to, as xnn-probe names it; "" = never
                       delegated; NULL = no capability entry at all (verifier only) */
  unsigned native;  /* element types the node runs natively; other floats run in f32
                       between converts inside the delegate */
  XnnCapCheckFn check; /* op-specific constraints; NULL = none */
  XnnLowerFn lower;    /* builds the xnn ops; NULL = never delegated */
  unsigned miscomputes; /* types the library accepts but computes wrongly (so run in f32);
                           found by test/Emit/{bf16,f16}-ops.test, not by defining a subgraph */
} XnnCapability;

/* One op family's rows (lib/Ops/<Family>.c). */
typedef struct XnnOpFamily {
  const XnnCapability *ops;
  size_t count;
  /* True if `op` is part of a pattern that one of this family's lowerings
   * lowers through (views, relus and quantizes around a quantized linear):
   * the lowering driver leaves it, and erases it once dead. NULL: none. */
  bool (*absorbs)(MlirOperation op);
} XnnOpFamily;
extern const XnnOpFamily xnnCopyFamily, xnnElementwiseFamily, xnnReduceFamily, xnnMatmulFamily,
    xnnConvFamily, xnnNormFamily, xnnShapeFamily, xnnQuantFamily;
/* Every family, in table order (Capability.c). */
const XnnOpFamily *const *xnnOpFamilies(size_t *count);

/* For the families' checks (CapUtil.c, a leaf below the families: it calls
 * none of them and they need nothing else of this file's table). Fills
 * `why`, returns false. */
bool xnnCapRefuse(XnnReason *why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* True if `v` is defined by an edge.constant. */
bool xnnCapIsConstant(MlirValue v);
/* `t` as MLIR prints it, into buf[n]. */
void xnnCapTypeName(MlirType t, char *buf, size_t n);

/* Window of edge.max_pool2d / edge.avg_pool2d with ATen's defaults filled in
 * (stride = kernel when absent; dilation 1 for avg_pool2d; avg_pool2d's
 * ceil_mode false, count_include_pad true, no divisor_override). Conv.c. */
typedef struct XnnPoolParams {
  int64_t kernel[2], stride[2], padding[2], dilation[2];
  bool ceilMode, countIncludePad;
  int64_t divisorOverride; /* 0: none */
} XnnPoolParams;
XnnPoolParams xnnPoolParams(MlirOperation op);
/* True for a 1x1 window, unit stride, no padding: the pool copies its input. */
bool xnnPoolIsIdentity(const XnnPoolParams *p);

/* The exponent of edge.pow `op` if it is a constant splat, else NAN. Elementwise.c. */
double xnnPowConstantExponent(MlirOperation op);
/* True if `op` can be delegated; otherwise fills `why`. */
bool xnnCapabilityCheck(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why);
/* The entry for `opName`, or NULL (not delegable at all). */
const XnnCapability *xnnCapabilityLookup(MlirStringRef opName);
/* All entries (the rows with a node), family by family, for listing and the
 * capability test. */
const XnnCapability *xnnCapabilityTable(size_t *count);

#endif
