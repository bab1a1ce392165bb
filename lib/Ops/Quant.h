/* The dynamically quantized linear of the edge q/dq ops (lib/Ops/Quant.c):
 * its match, shared by the capability checks and edge.linear's lowering. */
#ifndef XNNMLIR_LIB_OPS_QUANT_H
#define XNNMLIR_LIB_OPS_QUANT_H

#include "Ops/Capability.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

/* Group sizes XNNPACK's blockwise int4 filters take are multiples of this. */
#define XNN_QUANT_BLOCK_MULTIPLE 32

/* The filter kinds, in the order of their xnn tensor encodings. */
typedef enum XnnQuantKind { XNN_QUANT_QC8W, XNN_QUANT_QC4W, XNN_QUANT_QB4W } XnnQuantKind;

typedef struct XnnQuantLinear {
  MlirOperation choose, quantize, dequantize; /* the per-token chain */
  MlirOperation weightDq;                     /* dequantize_per_channel(_group) */
  MlirOperation view;                         /* a view between dequantize and linear, or null */
  MlirValue x;                                /* the f32 activation quantized */
  XnnQuantKind kind;
  int64_t blockSize; /* qbint4: the group size; else 0 */
} XnnQuantLinear;

/* True if edge.linear `linear` is dequantize_per_token(quantize_per_token(x))
 * times a dequantized constant filter XNNPACK has (Quant.c); else `why`. */
bool xnnQuantLinearMatch(MlirOperation linear, XnnQuantLinear *m, XnnReason *why);
/* True for an edge.view of a per-token dequantize (the tokens merged, K kept) read only
 * by matching linears: those lower through it, so its own lowering leaves it. */
bool xnnQuantViewIsAbsorbed(MlirOperation view);
/* Lowers a matched linear: convert to qdint8, quantized filter, fully connected. */
bool xnnLowerQuantLinear(XnnLowerCtx *L, MlirOperation op, const XnnQuantLinear *m);

#endif
