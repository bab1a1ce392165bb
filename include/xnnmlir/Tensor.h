/*===-- xnnmlir/Tensor.h - host tensors for the runtimes ----------*- C -*-===*\
 *
 * The plain buffers the reference interpreter, the in-process XNNPACK
 * runtime and xnn-run exchange: element type, static shape, row-major data
 * (logical NCHW order, as the edge dialect's shapes).
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_TENSOR_H
#define XNNMLIR_TENSOR_H

#include "xnnmlir/TensorTypes.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes per element of `dtype` (0 for invalid). */
size_t xnnMlirDTypeSize(XnnMlirDType dtype);
/* "f32", "bf16", ... */
const char *xnnMlirDTypeName(XnnMlirDType dtype);
/* The dtype of an MLIR element type; XNN_MLIR_DTYPE_INVALID if unsupported. */
XnnMlirDType xnnMlirDTypeFromType(MlirType elementType);
/* The one checked size computation: element count of a static shape and its
 * byte size at `elemSize` bytes per element. False on a negative dim or when
 * the count (int64) or the byte size (int64, so it also fits size_t and
 * ptrdiff_t) overflows. */
bool xnnMlirShapeNumElements(int64_t rank, const int64_t *dims, int64_t *count);
bool xnnMlirShapeNumBytes(int64_t rank, const int64_t *dims, size_t elemSize, size_t *bytes);
/* Largest tensor xnnMlirTensorCreate allocates: the host's physical memory,
 * at most XNN_MLIR_TENSOR_MAX_BYTES. */
size_t xnnMlirTensorMaxBytes(void);
/* Allocates a zero-filled tensor (64-byte aligned, with XNNPACK's 16 extra
 * bytes of readable padding). False if the shape is invalid or too large. */
bool xnnMlirTensorCreate(XnnMlirTensor *t, XnnMlirDType dtype, int64_t rank, const int64_t *dims);
/* Allocates a tensor with the shape and dtype of a ranked tensor type. */
bool xnnMlirTensorCreateFromType(XnnMlirTensor *t, MlirType tensorType);
void xnnMlirTensorDestroy(XnnMlirTensor *t);
int64_t xnnMlirTensorNumElements(const XnnMlirTensor *t);
size_t xnnMlirTensorNumBytes(const XnnMlirTensor *t);
/* Element i as float (integers converted), and stores from float (RNE for f16/bf16). */
float xnnMlirTensorGetF32(const XnnMlirTensor *t, int64_t i);
void xnnMlirTensorSetF32(XnnMlirTensor *t, int64_t i, float v);

#ifdef __cplusplus
}
#endif
#endif
