/*===-- xnnmlir/PortableOps.h - the reference kernels, from C ------*- C -*-===*\
 *
 * The portable (reference) kernels of xnn-run's interpreter, callable
 * without MLIR: an op is its name, a location string for messages and a
 * table of its attributes. C emitted by `xnn-translate --xnn-to-c --program`
 * calls these for every op left outside delegates, so a compiled program
 * computes exactly what xnn-run computes (the same kernel code, in
 * libXnnMlir: link with `pkg-config --libs xnnmlir`). Needs no MLIR header.
 *
 * The kernel table is the interpreter's own (lib/Reference/Kernels.c): every
 * edge op xnn-run runs has a kernel here, by construction.
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_PORTABLEOPS_H
#define XNNMLIR_PORTABLEOPS_H

#include "xnnmlir/TensorTypes.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An attribute, as the kernels read it: an integer (also booleans, as MLIR's
 * i1 value), a float, a string or an array of i64. */
typedef enum XnnMlirOpAttrKind {
  XNN_MLIR_ATTR_INT,
  XNN_MLIR_ATTR_FLOAT,
  XNN_MLIR_ATTR_STRING,
  XNN_MLIR_ATTR_I64_ARRAY,
} XnnMlirOpAttrKind;

typedef struct XnnMlirOpAttr {
  const char *name;
  XnnMlirOpAttrKind kind;
  int64_t i;        /* INT */
  double f;         /* FLOAT */
  const char *s;    /* STRING (NUL-terminated) */
  const int64_t *a; /* I64_ARRAY */
  size_t n;         /* I64_ARRAY: element count */
} XnnMlirOpAttr;

/* One op: what the kernel reads besides its tensors. */
typedef struct XnnMlirPortableOp {
  const char *name; /* full op name, "edge.embedding" */
  const char *loc;  /* "<file>:<line>:<col>" for messages */
  const XnnMlirOpAttr *attrs;
  size_t numAttrs;
} XnnMlirPortableOp;

typedef struct XnnMlirPortableKernel XnnMlirPortableKernel; /* opaque */

/* An emitted program's argument or result: element type and last dimension
 * (1 for rank 0), in <name>_input_type[] / <name>_output_type[]. */
typedef struct XnnMlirProgramType {
  XnnMlirDType dtype;
  int64_t lastDim;
} XnnMlirProgramType;

/* The kernel of op `name`, or NULL if the interpreter has none. */
const XnnMlirPortableKernel *xnnMlirPortableKernelFind(const char *name);
/* Number of kernels and the op name of kernel i (listings, tests). */
size_t xnnMlirPortableKernelCount(void);
const char *xnnMlirPortableKernelName(size_t i);

/* Runs `op` with kernel `k` on `in` (dtypes and shapes as the op's operand
 * types: not checked here) into `out` (caller's buffers with the result
 * types' shapes). Results are zeroed first, as the interpreter allocates
 * them, except a result whose buffer is an operand's: edge.index_put with
 * out[0].data == in[0].data updates that tensor in place. False with
 * "<loc>: '<op>' op <message>" in err on a data-dependent error (an
 * embedding index out of range, ...). */
bool xnnMlirPortableOpRun(const XnnMlirPortableKernel *k, const XnnMlirPortableOp *op,
                          const XnnMlirTensor *in, size_t numIn, XnnMlirTensor *out, size_t numOut,
                          char *err, size_t errSize);

#ifdef __cplusplus
}
#endif
#endif
