/* The verifier registry: one XnnOpDef per edge / xnn op
 * (lib/Dialect/{edge,xnn}.irdl.mlir). Edge ops come from their family's rows
 * of the op table (Capability.h); the xnn dialect's ops, which have no
 * family, are listed here. */
#include "OpDefs.h"
#include "Ops/Capability.h"
#include "OpVerifiers.h"

#include "Support/NameIndex.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The xnn dialect's ops: X(identifier, "full op name", verify callback) */
#define XNN_DIALECT_OP_LIST(X)                                                 \
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
  X(xnn_static_resize_bilinear_2d, "xnn.static_resize_bilinear_2d",            \
    xnnVerifyXnnStaticResizeBilinear2d)

#define XNN_DEF(id, opName, fn) {opName, fn},
static const XnnOpDef xnnDialectDefs[] = {XNN_DIALECT_OP_LIST(XNN_DEF)};
#undef XNN_DEF

enum { MAX_DEFS = 250 };
static XnnOpDef allDefs[MAX_DEFS];
static size_t numDefs;
static pthread_once_t defsOnce = PTHREAD_ONCE_INIT;
static XnnNameIndex defIndex = XNN_NAME_INDEX_INIT(allDefs, 0, XnnOpDef, name);

static void addDef(const char *name, XnnOpVerifyFn verify) {
  if (numDefs == MAX_DEFS) {
    fprintf(stderr, "xnnmlir: more than %d op definitions\n", MAX_DEFS);
    abort();
  }
  allDefs[numDefs++] = (XnnOpDef){name, verify};
}

/* Edge ops from every family (in table order), then the xnn dialect. */
static void buildDefs(void) {
  size_t numFamilies = 0;
  const XnnOpFamily *const *families = xnnOpFamilies(&numFamilies);
  for (size_t f = 0; f < numFamilies; ++f)
    for (size_t i = 0; i < families[f]->count; ++i)
      addDef(families[f]->ops[i].op, families[f]->ops[i].verify);
  for (size_t i = 0; i < sizeof(xnnDialectDefs) / sizeof(xnnDialectDefs[0]); ++i)
    addDef(xnnDialectDefs[i].name, xnnDialectDefs[i].verify);
  defIndex.count = numDefs;
}

const XnnOpDef *xnnOpDefLookup(MlirStringRef name) {
  pthread_once(&defsOnce, buildDefs);
  return xnnNameIndexFind(&defIndex, name);
}

const XnnOpDef *xnnOpDefAll(size_t *count) {
  pthread_once(&defsOnce, buildDefs);
  if (count)
    *count = numDefs;
  return allDefs;
}
