/* C entry points MLIR's C API lacks for dense_resource blobs: the bytes and
 * their size, and the resource key. Implemented in a thin C++ shim
 * (ResourceBlob.cpp); everything that uses them is C. */
#ifndef XNNMLIR_LIB_CAPIEXT_RESOURCEBLOB_H
#define XNNMLIR_LIB_CAPIEXT_RESOURCEBLOB_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The blob behind dense_resource `attr`, in place (owned by the context):
 * true with its bytes and size, false if `attr` is not a dense_resource or its
 * key has no blob (elided, or missing from the dialect_resources section). */
bool xnnMlirDenseResourceGetBlob(MlirAttribute attr, const void **data, size_t *size);
/* The resource key of dense_resource `attr` ("__elided__" for MLIR's elided
 * form); an empty string for any other attribute. */
MlirStringRef xnnMlirDenseResourceGetKey(MlirAttribute attr);
/* dense_resource `attr`'s resource (same key, same blob or none) as an
 * attribute of shaped `type`; null if either is not what it should be. Keeps
 * an elided constant elided under the type its data would have. */
MlirAttribute xnnMlirDenseResourceWithType(MlirAttribute attr, MlirType type);

#ifdef __cplusplus
}
#endif
#endif
