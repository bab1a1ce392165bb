/* The capability table: one entry per edge op saying what the pinned XNNPACK
 * can take (element types, ranks, attribute values, constant operands) and
 * which XNNPACK node it lowers to. The partitioner asks it; the capability
 * test (test/XNNPACK/capabilities.test) checks it against the linked library. */
#ifndef XNNMLIR_LIB_OPS_CAPABILITY_H
#define XNNMLIR_LIB_OPS_CAPABILITY_H

#include "Ops/Lower.h"

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

typedef bool (*XnnCapCheckFn)(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why);

typedef struct XnnCapability {
  const char *op;   /* edge op name */
  const char *node; /* XNNPACK node kind it lowers to, as xnn-probe names it */
  unsigned native;  /* element types the node runs natively; other floats run in f32
                       between converts inside the delegate */
  XnnCapCheckFn check; /* op-specific constraints; NULL = none */
  XnnLowerFn lower;    /* builds the xnn ops (lib/Ops/Lower.c); NULL = never delegated */
  unsigned miscomputes; /* types the library accepts but computes wrongly (so run in f32);
                           found by test/Emit/{bf16,f16}-ops.test, not by defining a subgraph */
} XnnCapability;

/* Window of edge.max_pool2d / edge.avg_pool2d with ATen's defaults filled in
 * (stride = kernel when absent; dilation 1 for avg_pool2d). */
typedef struct XnnPoolParams {
  int64_t kernel[2], stride[2], padding[2], dilation[2];
} XnnPoolParams;
XnnPoolParams xnnPoolParams(MlirOperation op);
/* True for a 1x1 window, unit stride, no padding: the pool copies its input. */
bool xnnPoolIsIdentity(const XnnPoolParams *p);

/* The exponent of edge.pow `op` if it is a constant splat, else NAN. */
double xnnPowConstantExponent(MlirOperation op);
/* True if `op` can be delegated; otherwise fills `why`. */
bool xnnCapabilityCheck(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why);
/* The entry for `opName`, or NULL (not delegable at all). */
const XnnCapability *xnnCapabilityLookup(MlirStringRef opName);
/* All entries, for listing and the capability test. */
const XnnCapability *xnnCapabilityTable(size_t *count);

#endif
