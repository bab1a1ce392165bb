/* The op table: one XnnOpDef per edge / xnn op (lib/Dialect/{edge,xnn}.irdl.mlir). */
#include "OpDefs.h"
#include "OpVerifiers.h"

#include "Support/NameIndex.h"

/* X(identifier, "full op name", verify callback) */
#define XNN_OP_LIST(X)                                                         \
  /* edge: constants and copies */                                             \
  X(edge_constant, "edge.constant", xnnVerifyEdgeConstant)                     \
  X(edge_to_copy, "edge.to_copy", xnnVerifyEdgeToCopy)                         \
  X(edge_to_dim_order_copy, "edge.to_dim_order_copy",                          \
    xnnVerifyEdgeToDimOrderCopy)                                               \
  /* edge: binary */                                                           \
  X(edge_add, "edge.add", xnnVerifyEdgeAddSub)                                 \
  X(edge_sub, "edge.sub", xnnVerifyEdgeAddSub)                                 \
  X(edge_mul, "edge.mul", xnnVerifyEdgeBinary)                                 \
  X(edge_div, "edge.div", xnnVerifyEdgeBinaryFloat)                            \
  X(edge_maximum, "edge.maximum", xnnVerifyEdgeBinary)                         \
  X(edge_minimum, "edge.minimum", xnnVerifyEdgeBinary)                         \
  X(edge_pow, "edge.pow", xnnVerifyEdgeBinary)                                 \
  /* edge: unary */                                                            \
  X(edge_relu, "edge.relu", xnnVerifyEdgeUnaryNumeric)                         \
  X(edge_sigmoid, "edge.sigmoid", xnnVerifyEdgeUnaryFloat)                     \
  X(edge_tanh, "edge.tanh", xnnVerifyEdgeUnaryFloat)                           \
  X(edge_rsqrt, "edge.rsqrt", xnnVerifyEdgeUnaryFloat)                         \
  X(edge_sqrt, "edge.sqrt", xnnVerifyEdgeUnaryFloat)                           \
  X(edge_neg, "edge.neg", xnnVerifyEdgeUnaryNumeric)                           \
  X(edge_abs, "edge.abs", xnnVerifyEdgeUnaryNumeric)                           \
  X(edge_exp, "edge.exp", xnnVerifyEdgeUnaryFloat)                             \
  X(edge_log, "edge.log", xnnVerifyEdgeUnaryFloat)                             \
  X(edge_gelu, "edge.gelu", xnnVerifyEdgeGelu)                                 \
  X(edge_hardtanh, "edge.hardtanh", xnnVerifyEdgeHardtanh)                     \
  X(edge_silu, "edge.silu", xnnVerifyEdgeUnaryFloat)                           \
  X(edge_hardswish, "edge.hardswish", xnnVerifyEdgeUnaryFloat)                 \
  X(edge_hardsigmoid, "edge.hardsigmoid", xnnVerifyEdgeUnaryFloat)             \
  X(edge_leaky_relu, "edge.leaky_relu", xnnVerifyEdgeLeakyRelu)                \
  X(edge_elu, "edge.elu", xnnVerifyEdgeElu)                                    \
  X(edge_clamp, "edge.clamp", xnnVerifyEdgeClamp)                              \
  /* edge: comparisons and selection */                                        \
  X(edge_eq, "edge.eq", xnnVerifyEdgeCompare)                                  \
  X(edge_ne, "edge.ne", xnnVerifyEdgeCompare)                                  \
  X(edge_lt, "edge.lt", xnnVerifyEdgeCompare)                                  \
  X(edge_le, "edge.le", xnnVerifyEdgeCompare)                                  \
  X(edge_gt, "edge.gt", xnnVerifyEdgeCompare)                                  \
  X(edge_ge, "edge.ge", xnnVerifyEdgeCompare)                                  \
  X(edge_where, "edge.where", xnnVerifyEdgeWhere)                              \
  X(edge_masked_fill, "edge.masked_fill", xnnVerifyEdgeMaskedFill)             \
  /* edge: reductions */                                                       \
  X(edge_mean, "edge.mean", xnnVerifyEdgeMean)                                 \
  X(edge_sum, "edge.sum", xnnVerifyEdgeSum)                                    \
  X(edge_softmax, "edge.softmax", xnnVerifyEdgeSoftmax)                        \
  /* edge: linear algebra */                                                   \
  X(edge_linear, "edge.linear", xnnVerifyEdgeLinear)                           \
  X(edge_mm, "edge.mm", xnnVerifyEdgeMm)                                       \
  X(edge_bmm, "edge.bmm", xnnVerifyEdgeBmm)                                    \
  X(edge_sdpa, "edge.sdpa", xnnVerifyEdgeSdpa)                                 \
  X(edge_addmm, "edge.addmm", xnnVerifyEdgeAddmm)                              \
  /* edge: convolution and pooling */                                          \
  X(edge_conv2d, "edge.conv2d", xnnVerifyEdgeConv2d)                           \
  X(edge_max_pool2d, "edge.max_pool2d", xnnVerifyEdgeMaxPool2d)                \
  X(edge_conv_transpose2d, "edge.conv_transpose2d",                           \
    xnnVerifyEdgeConvTranspose2d)                                              \
  X(edge_upsample_nearest2d, "edge.upsample_nearest2d",                       \
    xnnVerifyEdgeUpsampleNearest2d)                                            \
  X(edge_upsample_bilinear2d, "edge.upsample_bilinear2d",                     \
    xnnVerifyEdgeUpsampleBilinear2d)                                           \
  X(edge_avg_pool2d, "edge.avg_pool2d", xnnVerifyEdgeAvgPool2d)                \
  X(edge_adaptive_avg_pool2d, "edge.adaptive_avg_pool2d",                      \
    xnnVerifyEdgeAdaptiveAvgPool2d)                                            \
  /* edge: normalisation */                                                    \
  X(edge_batch_norm, "edge.batch_norm", xnnVerifyEdgeBatchNorm)                \
  X(edge_layer_norm, "edge.layer_norm", xnnVerifyEdgeLayerNorm)                \
  /* edge: data movement */                                                    \
  X(edge_view, "edge.view", xnnVerifyEdgeView)                                 \
  X(edge_permute, "edge.permute", xnnVerifyEdgePermute)                        \
  X(edge_cat, "edge.cat", xnnVerifyEdgeCat)                                    \
  X(edge_slice, "edge.slice", xnnVerifyEdgeSlice)                              \
  X(edge_embedding, "edge.embedding", xnnVerifyEdgeEmbedding)                  \
  X(edge_unsqueeze, "edge.unsqueeze", xnnVerifyEdgeUnsqueeze)                  \
  X(edge_squeeze, "edge.squeeze", xnnVerifyEdgeSqueeze)                        \
  X(edge_transpose, "edge.transpose", xnnVerifyEdgeTranspose)                  \
  X(edge_expand, "edge.expand", xnnVerifyEdgeExpand)                           \
  X(edge_constant_pad_nd, "edge.constant_pad_nd", xnnVerifyEdgeConstantPadNd)  \
  X(edge_roll, "edge.roll", xnnVerifyEdgeRoll)                                 \
  X(edge_split, "edge.split", xnnVerifyEdgeSplit)                              \
  /* xnn */                                                                    \
  X(xnn_constant, "xnn.constant", xnnVerifyXnnConstant)                        \
  X(xnn_convert, "xnn.convert", xnnVerifyXnnConvert)                           \
  X(xnn_static_transpose, "xnn.static_transpose",                              \
    xnnVerifyXnnStaticTranspose)                                               \
  X(xnn_binary, "xnn.binary", xnnVerifyXnnBinary)                              \
  X(xnn_unary, "xnn.unary", xnnVerifyXnnUnary)                                 \
  X(xnn_fully_connected, "xnn.fully_connected", xnnVerifyXnnFullyConnected)    \
  X(xnn_convolution_2d, "xnn.convolution_2d", xnnVerifyXnnConvolution2d)       \
  X(xnn_max_pooling_2d, "xnn.max_pooling_2d", xnnVerifyXnnMaxPooling2d)        \
  X(xnn_average_pooling_2d, "xnn.average_pooling_2d",                          \
    xnnVerifyXnnAveragePooling2d)                                              \
  X(xnn_static_reduce, "xnn.static_reduce", xnnVerifyXnnStaticReduce)          \
  X(xnn_static_reshape, "xnn.static_reshape", xnnVerifyXnnStaticReshape)       \
  X(xnn_concatenate, "xnn.concatenate", xnnVerifyXnnConcatenate)               \
  X(xnn_static_slice, "xnn.static_slice", xnnVerifyXnnStaticSlice)             \
  X(xnn_softmax, "xnn.softmax", xnnVerifyXnnSoftmax)                           \
  X(xnn_batch_matrix_multiply, "xnn.batch_matrix_multiply",                    \
    xnnVerifyXnnBatchMatrixMultiply)                                           \
  X(xnn_copy, "xnn.copy", xnnVerifyXnnCopy)                                    \
  X(xnn_static_constant_pad, "xnn.static_constant_pad",                        \
    xnnVerifyXnnStaticConstantPad)                                             \
  X(xnn_deconvolution_2d, "xnn.deconvolution_2d", xnnVerifyXnnDeconvolution2d) \
  X(xnn_static_resize_bilinear_2d, "xnn.static_resize_bilinear_2d",           \
    xnnVerifyXnnStaticResizeBilinear2d)

#define XNN_DEF(id, opName, fn) {opName, fn},
static const XnnOpDef kAllDefs[] = {XNN_OP_LIST(XNN_DEF)};
#undef XNN_DEF

enum { kNumDefs = sizeof(kAllDefs) / sizeof(kAllDefs[0]) };

static XnnNameIndex defIndex = XNN_NAME_INDEX_INIT(kAllDefs, kNumDefs, XnnOpDef, name);

const XnnOpDef *xnnOpDefLookup(MlirStringRef name) { return xnnNameIndexFind(&defIndex, name); }

const XnnOpDef *xnnOpDefAll(size_t *count) {
  if (count)
    *count = kNumDefs;
  return kAllDefs;
}
