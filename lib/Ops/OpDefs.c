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

/* The xnn dialect's ops and their verifiers. */
static const XnnOpDef xnnDialectDefs[] = {
    {"xnn.constant", xnnVerifyXnnConstant},
    {"xnn.convert", xnnVerifyXnnConvert},
    {"xnn.static_transpose", xnnVerifyXnnStaticTranspose},
    {"xnn.binary", xnnVerifyXnnBinary},
    {"xnn.unary", xnnVerifyXnnUnary},
    {"xnn.fully_connected", xnnVerifyXnnFullyConnected},
    {"xnn.convolution_2d", xnnVerifyXnnConvolution2d},
    {"xnn.max_pooling_2d", xnnVerifyXnnMaxPooling2d},
    {"xnn.average_pooling_2d", xnnVerifyXnnAveragePooling2d},
    {"xnn.static_reduce", xnnVerifyXnnStaticReduce},
    {"xnn.static_reshape", xnnVerifyXnnStaticReshape},
    {"xnn.concatenate", xnnVerifyXnnConcatenate},
    {"xnn.static_slice", xnnVerifyXnnStaticSlice},
    {"xnn.softmax", xnnVerifyXnnSoftmax},
    {"xnn.batch_matrix_multiply", xnnVerifyXnnBatchMatrixMultiply},
    {"xnn.copy", xnnVerifyXnnCopy},
    {"xnn.static_constant_pad", xnnVerifyXnnStaticConstantPad},
    {"xnn.deconvolution_2d", xnnVerifyXnnDeconvolution2d},
    {"xnn.static_resize_bilinear_2d", xnnVerifyXnnStaticResizeBilinear2d},
};

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
