/* Internal: the per-op verify callbacks, named by each edge op's row in its
 * family's table (lib/Ops/<Family>.c) and by the xnn dialect's list in
 * lib/Ops/OpDefs.c. Each one emits located errors for every rule it finds
 * violated and returns false if any. Grouped by the file defining them. */
#ifndef XNNMLIR_LIB_OPS_OPVERIFIERS_H
#define XNNMLIR_LIB_OPS_OPVERIFIERS_H

#include <mlir-c/IR.h>
#include <stdbool.h>

/* Copy.c: edge constants and copies. */
bool xnnVerifyEdgeConstant(MlirOperation op);
bool xnnVerifyEdgeToCopy(MlirOperation op);
bool xnnVerifyEdgeToDimOrderCopy(MlirOperation op);

/* Elementwise.c: binary and unary ops, comparisons and selection. */
bool xnnVerifyEdgeAddSub(MlirOperation op);       /* + optional alpha */
bool xnnVerifyEdgeBinary(MlirOperation op);       /* mul, maximum, minimum, pow */
bool xnnVerifyEdgeBinaryFloat(MlirOperation op);  /* div */
bool xnnVerifyEdgeBinaryAll(MlirOperation op);    /* mul, maximum, minimum (also i1) */
bool xnnVerifyEdgeBitwise(MlirOperation op);      /* bitwise_and / or / xor */
bool xnnVerifyEdgeBitwiseNot(MlirOperation op);
bool xnnVerifyEdgePrelu(MlirOperation op);
bool xnnVerifyEdgeUnaryNumeric(MlirOperation op); /* relu, neg, abs */
bool xnnVerifyEdgeUnaryFloat(MlirOperation op);   /* sigmoid, tanh, rsqrt, ... */
bool xnnVerifyEdgeGelu(MlirOperation op);
bool xnnVerifyEdgeHardtanh(MlirOperation op);
bool xnnVerifyEdgeLeakyRelu(MlirOperation op);
bool xnnVerifyEdgeElu(MlirOperation op);
bool xnnVerifyEdgeClamp(MlirOperation op);
bool xnnVerifyEdgeCompare(MlirOperation op); /* eq, ne, lt, le, gt, ge -> i1 */
bool xnnVerifyEdgeWhere(MlirOperation op);
bool xnnVerifyEdgeMaskedFill(MlirOperation op);

/* Reduce.c: reductions and softmax. */
bool xnnVerifyEdgeMean(MlirOperation op);
bool xnnVerifyEdgeSum(MlirOperation op);
bool xnnVerifyEdgeAmax(MlirOperation op);   /* float; non-empty dims of nonzero size */
bool xnnVerifyEdgeArgmax(MlirOperation op); /* float x, i64 result */
bool xnnVerifyEdgeSoftmax(MlirOperation op);

/* Matmul.c: linear algebra and attention. */
bool xnnVerifyEdgeLinear(MlirOperation op);
bool xnnVerifyEdgeMm(MlirOperation op);
bool xnnVerifyEdgeBmm(MlirOperation op);
bool xnnVerifyEdgeSdpa(MlirOperation op);
bool xnnVerifyEdgeAddmm(MlirOperation op);

/* Conv.c: 2-D convolution and pooling (NCHW). */
bool xnnVerifyEdgeConv2d(MlirOperation op);
bool xnnVerifyEdgeConv3d(MlirOperation op);
bool xnnVerifyEdgeMaxPool2d(MlirOperation op);
bool xnnVerifyEdgeMaxPool2dIndices(MlirOperation op);
bool xnnVerifyEdgeConvTranspose2d(MlirOperation op);
bool xnnVerifyEdgeUpsampleNearest2d(MlirOperation op);
bool xnnVerifyEdgeUpsampleBilinear2d(MlirOperation op);
bool xnnVerifyEdgeAvgPool2d(MlirOperation op);
bool xnnVerifyEdgeAdaptiveAvgPool2d(MlirOperation op);

/* Norm.c: inference batch norm and layer norm. */
bool xnnVerifyEdgeBatchNorm(MlirOperation op);
bool xnnVerifyEdgeLayerNorm(MlirOperation op);

/* Quant.c: quantize / dequantize (quantized_decomposed.*). */
bool xnnVerifyEdgeChooseQparamsPerToken(MlirOperation op);
bool xnnVerifyEdgeQuantizePerToken(MlirOperation op);
bool xnnVerifyEdgeDequantizePerToken(MlirOperation op);
bool xnnVerifyEdgeQuantizePerTensor(MlirOperation op);
bool xnnVerifyEdgeDequantizePerTensor(MlirOperation op);
bool xnnVerifyEdgeDequantizePerChannel(MlirOperation op);
bool xnnVerifyEdgeDequantizePerChannelGroup(MlirOperation op);
bool xnnVerifyEdgeEmbeddingByte(MlirOperation op);
bool xnnVerifyEdgeEmbedding4bit(MlirOperation op);
bool xnnVerifyEdgeEmbedding2bit(MlirOperation op);

/* Shape.c: data movement. */
bool xnnVerifyEdgeView(MlirOperation op);
bool xnnVerifyEdgePermute(MlirOperation op);
bool xnnVerifyEdgeCat(MlirOperation op);
bool xnnVerifyEdgeSlice(MlirOperation op);
bool xnnVerifyEdgeEmbedding(MlirOperation op);
bool xnnVerifyEdgeIndex(MlirOperation op);
bool xnnVerifyEdgeIndexPut(MlirOperation op);
bool xnnVerifyEdgeUnsqueeze(MlirOperation op);
bool xnnVerifyEdgeSqueeze(MlirOperation op);
bool xnnVerifyEdgeTranspose(MlirOperation op);
bool xnnVerifyEdgeExpand(MlirOperation op);
bool xnnVerifyEdgeConstantPadNd(MlirOperation op);
bool xnnVerifyEdgeRoll(MlirOperation op);
/* Most pieces edge.split takes. */
#define XNN_VERIFY_MAX_SPLIT 256
bool xnnVerifyEdgeSplit(MlirOperation op);
/* squeeze's result shape (op may be null: no diagnostics); -1 on error. */
intptr_t xnnSqueezeShape(MlirOperation op, const int64_t *dims, intptr_t rank,
                         bool haveList, const int64_t *list, intptr_t n,
                         int64_t *out);

/* Xnn.c: the xnn dialect. */
bool xnnVerifyXnnConstant(MlirOperation op);
bool xnnVerifyXnnConvert(MlirOperation op);
bool xnnVerifyXnnStaticTranspose(MlirOperation op);
bool xnnVerifyXnnBinary(MlirOperation op);
bool xnnVerifyXnnUnary(MlirOperation op);
bool xnnVerifyXnnFullyConnected(MlirOperation op);
bool xnnVerifyXnnConvolution2d(MlirOperation op);
bool xnnVerifyXnnMaxPooling2d(MlirOperation op);
bool xnnVerifyXnnAveragePooling2d(MlirOperation op);
bool xnnVerifyXnnStaticReduce(MlirOperation op);
bool xnnVerifyXnnStaticReshape(MlirOperation op);
bool xnnVerifyXnnConcatenate(MlirOperation op);
bool xnnVerifyXnnStaticSlice(MlirOperation op);
bool xnnVerifyXnnSoftmax(MlirOperation op);
bool xnnVerifyXnnBatchMatrixMultiply(MlirOperation op);
bool xnnVerifyXnnCopy(MlirOperation op);
bool xnnVerifyXnnStaticConstantPad(MlirOperation op);
bool xnnVerifyXnnDeconvolution2d(MlirOperation op);
bool xnnVerifyXnnStaticResizeBilinear2d(MlirOperation op);

#endif
