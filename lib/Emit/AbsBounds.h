/* Bounds on |value| inside a lowered delegate, by interval arithmetic over its
 * ops in order: the f32 -> bf16 rounding helper takes its cheaper unscaled form
 * (3 passes instead of 5) where the input is known to stay within 2^111
 * (lib/Emit/Bf16Rounding.inc). A bound covers the f32 results XNNPACK computes
 * in any summation order (rounding errors included); INFINITY where none is
 * known (delegate inputs, elided data, ops without one). */
#ifndef XNNMLIR_LIB_EMIT_ABSBOUNDS_H
#define XNNMLIR_LIB_EMIT_ABSBOUNDS_H

#include "Support/PtrMap.h"

#include <mlir-c/IR.h>

typedef struct XnnAbsBounds {
  XnnPtrMap known; /* MlirValue -> bound (double bits) */
} XnnAbsBounds;

/* An empty analysis sized for about `expectedValues` values. */
void xnnAbsBoundsInit(XnnAbsBounds *b, size_t expectedValues);
void xnnAbsBoundsFree(XnnAbsBounds *b);
/* Records the bound of `op`'s result from its operands' bounds; ops are
 * visited in block order, so operands are known (or delegate inputs). */
void xnnAbsBoundsVisit(XnnAbsBounds *b, MlirOperation op);
/* The bound of `v`: recorded, or for a constant its largest |element| (read
 * once, when first asked), else INFINITY. */
double xnnAbsBoundsGet(XnnAbsBounds *b, MlirValue v);

#endif
