/* Constant payloads as plain buffers: read an elements attribute (dense,
 * splat or dense_resource), convert its element type bit-exactly, permute its
 * dims, and build an attribute back. Splats stay one element throughout, so
 * structure-only models with multi-gigabyte splat weights cost nothing. */
#ifndef XNNMLIR_LIB_SUPPORT_ELEMENTS_H
#define XNNMLIR_LIB_SUPPORT_ELEMENTS_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define XNN_ELEMENTS_MAX_RANK 8

typedef struct XnnElements {
  MlirType elem;   /* f32, f16, bf16, f64, i64, i32, i16, i8 */
  intptr_t rank;
  int64_t dims[XNN_ELEMENTS_MAX_RANK];
  bool splat;      /* data holds one element standing for all */
  int64_t count;   /* elements in data: 1 if splat */
  size_t elemSize; /* bytes per element */
  void *data;
} XnnElements;

/* Reads `attr`; fails with a reason in `err` for unsupported or unavailable
 * payloads (e.g. an elided dense_resource blob). */
bool xnnElementsRead(MlirAttribute attr, XnnElements *out, char *err, size_t errSize);
void xnnElementsFree(XnnElements *e);
/* False if constant op `op` holds a dense_resource with no blob (missing or
 * elided): MLIR's C accessors would read garbage. Dense values: true. */
bool xnnConstantHasPayload(MlirOperation op);
/* Converts to `elem` (float <-> float with RNE narrowing, int <-> float with
 * truncation toward zero, as PyTorch's to()). False if unsupported. */
bool xnnElementsConvert(XnnElements *e, MlirType elem);
/* Permutes dims: new dims[i] = old dims[perm[i]] (data moved accordingly). */
void xnnElementsPermute(XnnElements *e, const int64_t *perm);
/* Replaces the shape without moving data (a reshape); the count must match. */
void xnnElementsReshape(XnnElements *e, const int64_t *dims, intptr_t rank);
/* Builds the dense elements attribute holding `e`. */
MlirAttribute xnnElementsToAttr(const XnnElements *e);

#endif
