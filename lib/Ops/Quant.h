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
/* Lowers a matched linear: convert to qdint8, quantized filter, fully connected. */
bool xnnLowerQuantLinear(XnnLowerCtx *L, MlirOperation op, const XnnQuantLinear *m);

/* The statically quantized linear (ExecuTorch's qs8 linear): per-tensor
 * quantized input, int8 weights per channel or per tensor, f32 bias, an
 * optional relu, and a per-tensor quantize of the output. */
typedef struct XnnStaticLinear {
  MlirOperation dqIn;     /* dequantize_per_tensor of the input */
  MlirValue xq;           /* its operand: the quantized input */
  MlirOperation viewIn;   /* a view between dqIn and the linear, or null */
  MlirOperation weightDq; /* dequantize_per_channel or dequantize_per_tensor of a constant */
  MlirOperation qOut;     /* quantize_per_tensor that ends the output chain */
  bool relu;              /* a relu in the output chain */
} XnnStaticLinear;

/* True if edge.linear `linear` is a statically quantized linear XNNPACK's
 * qs8-qc8w fully connected computes; else `why`. Holds while it is lowered. */
bool xnnStaticLinearMatch(MlirOperation linear, XnnStaticLinear *m, XnnReason *why);
/* Lowers a matched static linear: qint8 in, qcint8 filter, qcint32 bias, qint8 out. */
bool xnnLowerStaticLinear(XnnLowerCtx *L, MlirOperation op, const XnnStaticLinear *m);

#endif
