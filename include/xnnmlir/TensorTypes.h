/*===-- xnnmlir/TensorTypes.h - host tensor types (no MLIR) -------*- C -*-===*\
 *
 * The host tensor struct of Tensor.h without its MLIR-typed functions, so
 * C emitted by xnn-translate --xnn-to-c --program (and its callers) can name
 * tensors without MLIR's headers (PortableOps.h).
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_TENSORTYPES_H
#define XNNMLIR_TENSORTYPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define XNN_MLIR_TENSOR_MAX_RANK 8
/* Largest host tensor xnnMlirTensorCreate allocates (1 TiB). */
#define XNN_MLIR_TENSOR_MAX_BYTES ((size_t)1 << 40)

typedef enum XnnMlirDType {
  XNN_MLIR_F32,
  XNN_MLIR_F16,
  XNN_MLIR_BF16,
  XNN_MLIR_I64,
  XNN_MLIR_I32,
  XNN_MLIR_I1, /* one byte per element, 0 or 1 */
  XNN_MLIR_I8, /* quantized values (edge q/dq ops) */
  XNN_MLIR_DTYPE_INVALID,
} XnnMlirDType;

typedef struct XnnMlirTensor {
  XnnMlirDType dtype;
  int64_t rank;
  int64_t dims[XNN_MLIR_TENSOR_MAX_RANK];
  void *data; /* owned: free with xnnMlirTensorDestroy */
} XnnMlirTensor;

#ifdef __cplusplus
}
#endif
#endif
