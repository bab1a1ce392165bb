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
/* Constants with more elements are not converted at compile time
 * (xnn-fold-constant-converts), and the partitioner says so. */
#define XNN_FOLD_CONSTANT_MAX_ELEMENTS ((int64_t)1 << 34)

typedef struct XnnElements {
  MlirType elem;   /* f32, f16, bf16, f64, i64, i32, i16, i8 */
  intptr_t rank;
  int64_t dims[XNN_ELEMENTS_MAX_RANK];
  bool splat;      /* data holds one element standing for all */
  int64_t count;   /* elements in data: 1 if splat */
  size_t elemSize; /* bytes per element */
  void *data;
  bool owned;        /* data is malloc'd here (else it is the attribute's own memory) */
  bool fromResource; /* read from a dense_resource: xnnElementsToAttr writes one back */
} XnnElements;

/* Reads `attr`; fails with a reason in `err` for unsupported or unavailable
 * payloads (e.g. an elided dense_resource blob). */
bool xnnElementsRead(MlirAttribute attr, XnnElements *out, char *err, size_t errSize);
/* Reads `attr` without copying its data: `out->data` is the attribute's own
 * memory (read only, valid as long as the attribute), unless a later convert
 * or permute gives it a buffer of its own. */
bool xnnElementsView(MlirAttribute attr, XnnElements *out, char *err, size_t errSize);
/* Frees what `e` owns. */
void xnnElementsFree(XnnElements *e);
/* The bytes of the blob behind dense_resource `attr`, which must hold exactly
 * `bytes` bytes (what its type needs); a malloc'd copy the caller frees. NULL
 * with a reason in `err` if the blob is elided, missing, malformed or of
 * another size. Every read of a blob goes through here: MLIR's typed getters
 * index blobs without a bound. */
void *xnnResourceBlobRead(MlirAttribute attr, size_t bytes, char *err, size_t errSize);
/* Reads an i1 elements attribute (dense, splat or a dense_resource blob of one
 * byte per element) of `count` elements as 0/1 bytes into `out`; false with a
 * reason in `err` otherwise. i1 is not an XnnElements type: MLIR packs it. */
bool xnnElementsReadBool(MlirAttribute attr, unsigned char *out, int64_t count, char *err, size_t errSize);
/* True for `dense_resource<__elided__>` (weights left out on purpose). */
bool xnnResourceIsElided(MlirAttribute attr);
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
/* A new dense_resource attribute of `type` whose blob is `data` (malloc'd,
 * `bytes` long), freed with the blob. */
MlirAttribute xnnResourceAttrAdopt(MlirType type, void *data, size_t bytes);
/* Builds the elements attribute holding `e`: dense, or, for data read from a
 * dense_resource, a new dense_resource blob that takes over `e`'s buffer (no
 * copy, no hashing of multi-gigabyte weights). */
MlirAttribute xnnElementsToAttr(XnnElements *e);

#endif
