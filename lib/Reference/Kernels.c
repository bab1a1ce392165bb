/* The reference kernel table: one entry per edge op, name -> kernel. Adding
 * an op = one line here plus its kernel in the family file. */
#include "Kernels.h"

#include "Support/NameIndex.h"

#include <stdio.h>
#include <string.h>

/* X("full op name", kernel) */
#define XNN_REF_KERNEL_LIST(X)                                                 \
  /* constants and copies (Copy.c) */                                          \
  X("edge.constant", xnnRefConstant)                                           \
  X("edge.to_copy", xnnRefToCopy)                                              \
  X("edge.to_dim_order_copy", xnnRefToDimOrderCopy)                            \
  /* binary (Elementwise.c) */                                                 \
  X("edge.add", xnnRefAdd)                                                     \
  X("edge.sub", xnnRefSub)                                                     \
  X("edge.mul", xnnRefMul)                                                     \
  X("edge.div", xnnRefDiv)                                                     \
  X("edge.maximum", xnnRefMaximum)                                             \
  X("edge.minimum", xnnRefMinimum)                                             \
  X("edge.pow", xnnRefPow)                                                     \
  /* unary (Elementwise.c) */                                                  \
  X("edge.relu", xnnRefRelu)                                                   \
  X("edge.sigmoid", xnnRefSigmoid)                                             \
  X("edge.tanh", xnnRefTanh)                                                   \
  X("edge.rsqrt", xnnRefRsqrt)                                                 \
  X("edge.sqrt", xnnRefSqrt)                                                   \
  X("edge.neg", xnnRefNeg)                                                     \
  X("edge.abs", xnnRefAbs)                                                     \
  X("edge.exp", xnnRefExp)                                                     \
  X("edge.log", xnnRefLog)                                                     \
  X("edge.gelu", xnnRefGelu)                                                   \
  X("edge.hardtanh", xnnRefHardtanh)                                           \
  X("edge.silu", xnnRefSilu)                                                   \
  X("edge.hardswish", xnnRefHardswish)                                         \
  X("edge.hardsigmoid", xnnRefHardsigmoid)                                     \
  X("edge.leaky_relu", xnnRefLeakyRelu)                                        \
  X("edge.elu", xnnRefElu)                                                     \
  X("edge.clamp", xnnRefClamp)                                                 \
  X("edge.prelu", xnnRefPrelu)                                                 \
  X("edge.sin", xnnRefSin)                                                     \
  X("edge.cos", xnnRefCos)                                                     \
  X("edge.ceil", xnnRefCeil)                                                   \
  X("edge.floor", xnnRefFloor)                                                 \
  /* bitwise (Elementwise.c) */                                                \
  X("edge.bitwise_and", xnnRefBitwiseAnd)                                      \
  X("edge.bitwise_or", xnnRefBitwiseOr)                                        \
  X("edge.bitwise_xor", xnnRefBitwiseXor)                                      \
  X("edge.bitwise_not", xnnRefBitwiseNot)                                      \
  /* comparisons and selection (Elementwise.c) */                             \
  X("edge.eq", xnnRefEq)                                                       \
  X("edge.ne", xnnRefNe)                                                       \
  X("edge.lt", xnnRefLt)                                                       \
  X("edge.le", xnnRefLe)                                                       \
  X("edge.gt", xnnRefGt)                                                       \
  X("edge.ge", xnnRefGe)                                                       \
  X("edge.where", xnnRefWhere)                                                 \
  X("edge.masked_fill", xnnRefMaskedFill)                                      \
  /* reductions (Reduce.c) */                                                  \
  X("edge.mean", xnnRefMean)                                                   \
  X("edge.sum", xnnRefSum)                                                     \
  X("edge.amax", xnnRefAmax)                                                   \
  X("edge.argmax", xnnRefArgmax)                                               \
  X("edge.softmax", xnnRefSoftmax)                                             \
  /* linear algebra (Matmul.c) */                                              \
  X("edge.linear", xnnRefLinear)                                               \
  X("edge.mm", xnnRefMm)                                                       \
  X("edge.bmm", xnnRefBmm)                                                     \
  X("edge.sdpa", xnnRefSdpa)                                                   \
  X("edge.addmm", xnnRefAddmm)                                                 \
  /* convolution and pooling (Conv.c) */                                       \
  X("edge.conv2d", xnnRefConv2d)                                               \
  X("edge.conv3d", xnnRefConv3d)                                               \
  X("edge.max_pool2d", xnnRefMaxPool2d)                                        \
  X("edge.max_pool2d_indices", xnnRefMaxPool2dIndices)                        \
  X("edge.conv_transpose2d", xnnRefConvTranspose2d)                           \
  X("edge.upsample_nearest2d", xnnRefUpsampleNearest2d)                       \
  X("edge.upsample_bilinear2d", xnnRefUpsampleBilinear2d)                     \
  X("edge.upsample_bilinear2d_aa", xnnRefUpsampleBilinear2dAA)               \
  X("edge.avg_pool2d", xnnRefAvgPool2d)                                        \
  X("edge.adaptive_avg_pool2d", xnnRefAdaptiveAvgPool2d)                       \
  /* quantization (Quant.c) */                                                 \
  X("edge.choose_qparams_per_token_asymmetric", xnnRefChooseQparamsPerToken)  \
  X("edge.quantize_per_token", xnnRefQuantizePerToken)                        \
  X("edge.dequantize_per_token", xnnRefDequantizePerToken)                    \
  X("edge.quantize_per_tensor", xnnRefQuantizePerTensor)                      \
  X("edge.dequantize_per_tensor", xnnRefDequantizePerTensor)                  \
  X("edge.dequantize_per_channel", xnnRefDequantizePerChannel)                \
  X("edge.dequantize_per_channel_group", xnnRefDequantizePerChannelGroup)     \
  X("edge.embedding_byte", xnnRefEmbeddingByte)                                \
  X("edge.embedding_4bit", xnnRefEmbedding4bit)                                \
  X("edge.embedding_2bit", xnnRefEmbedding2bit)                                \
  /* normalisation (Norm.c) */                                                 \
  X("edge.batch_norm", xnnRefBatchNorm)                                        \
  X("edge.layer_norm", xnnRefLayerNorm)                                        \
  /* data movement (Shape.c) */                                                \
  X("edge.view", xnnRefView)                                                   \
  X("edge.permute", xnnRefPermute)                                             \
  X("edge.cat", xnnRefCat)                                                     \
  X("edge.slice", xnnRefSlice)                                                 \
  X("edge.embedding", xnnRefEmbedding)                                         \
  X("edge.index", xnnRefIndex)                                                 \
  X("edge.index_put", xnnRefIndexPut)                                          \
  /* unsqueeze / squeeze move the bytes as a view does */                      \
  X("edge.unsqueeze", xnnRefView)                                              \
  X("edge.squeeze", xnnRefView)                                                \
  X("edge.transpose", xnnRefTranspose)                                         \
  X("edge.expand", xnnRefExpand)                                               \
  X("edge.constant_pad_nd", xnnRefConstantPadNd)                               \
  X("edge.roll", xnnRefRoll)                                                   \
  X("edge.split", xnnRefSplit)

#define XNN_REF_ENTRY(name, fn) {name, fn},
static const XnnRefKernel kKernels[] = {XNN_REF_KERNEL_LIST(XNN_REF_ENTRY)};
#undef XNN_REF_ENTRY

enum { kNumKernels = sizeof(kKernels) / sizeof(kKernels[0]) };

static XnnNameIndex kernelIndex = XNN_NAME_INDEX_INIT(kKernels, kNumKernels, XnnRefKernel, name);

const XnnRefKernel *xnnRefKernelLookup(MlirStringRef name) { return xnnNameIndexFind(&kernelIndex, name); }

const XnnRefKernel *xnnRefKernelAll(size_t *count) {
  if (count)
    *count = kNumKernels;
  return kKernels;
}

/* ---- xnnmlir/PortableOps.h: the same table, for emitted C ------------------ */
const XnnMlirPortableKernel *xnnMlirPortableKernelFind(const char *name) {
  return name ? (const XnnMlirPortableKernel *)xnnRefKernelLookup(mlirStringRefCreateFromCString(name)) : NULL;
}

size_t xnnMlirPortableKernelCount(void) { return kNumKernels; }

const char *xnnMlirPortableKernelName(size_t i) { return i < kNumKernels ? kKernels[i].name : NULL; }

bool xnnMlirPortableOpRun(const XnnMlirPortableKernel *k, const XnnMlirPortableOp *op,
                          const XnnMlirTensor *in, size_t numIn, XnnMlirTensor *out, size_t numOut,
                          char *err, size_t errSize) {
  const XnnRefKernel *kernel = (const XnnRefKernel *)k;
  if (!kernel || !op) {
    if (err && errSize)
      snprintf(err, errSize, "%s: '%s' op has no portable kernel", op && op->loc ? op->loc : "<unknown location>",
               op && op->name ? op->name : "?");
    return false;
  }
  /* Results start zeroed, as the interpreter allocates them; a result that is
   * an operand's buffer (an in-place state update) keeps its contents. */
  for (size_t i = 0; i < numOut; ++i) {
    bool aliased = false;
    for (size_t j = 0; j < numIn && !aliased; ++j)
      aliased = out[i].data == in[j].data;
    size_t bytes = xnnMlirTensorNumBytes(&out[i]);
    if (!aliased && bytes)
      memset(out[i].data, 0, bytes);
  }
  XnnRefCtx c = {{NULL}, err, errSize, op};
  return kernel->run(&c, in, numIn, out, numOut);
}
