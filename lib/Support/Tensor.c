#include "xnnmlir/Tensor.h"

#include "Support/Float.h"

#include <mlir-c/BuiltinTypes.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

size_t xnnMlirDTypeSize(XnnMlirDType d) {
  static const size_t sizes[] = {4, 2, 2, 8, 4, 1, 1, 0};
  return d <= XNN_MLIR_DTYPE_INVALID ? sizes[d] : 0;
}

const char *xnnMlirDTypeName(XnnMlirDType d) {
  static const char *const names[] = {"f32", "f16", "bf16", "i64", "i32", "i1", "i8", "invalid"};
  return d <= XNN_MLIR_DTYPE_INVALID ? names[d] : "invalid";
}

XnnMlirDType xnnMlirDTypeFromType(MlirType t) {
  if (mlirTypeIsNull(t))
    return XNN_MLIR_DTYPE_INVALID;
  if (mlirTypeIsAF32(t))
    return XNN_MLIR_F32;
  if (mlirTypeIsAF16(t))
    return XNN_MLIR_F16;
  if (mlirTypeIsABF16(t))
    return XNN_MLIR_BF16;
  if (mlirTypeIsAInteger(t)) {
    switch (mlirIntegerTypeGetWidth(t)) {
    case 64:
      return XNN_MLIR_I64;
    case 32:
      return XNN_MLIR_I32;
    case 8:
      return XNN_MLIR_I8;
    case 1:
      return XNN_MLIR_I1;
    }
  }
  return XNN_MLIR_DTYPE_INVALID;
}

bool xnnMlirShapeNumElements(int64_t rank, const int64_t *dims, int64_t *count) {
  int64_t n = 1;
  for (int64_t i = 0; i < rank; ++i)
    if (dims[i] < 0 || __builtin_mul_overflow(n, dims[i], &n))
      return false;
  *count = n;
  return true;
}

bool xnnMlirShapeNumBytes(int64_t rank, const int64_t *dims, size_t elemSize, size_t *bytes) {
  int64_t n, b;
  if (!xnnMlirShapeNumElements(rank, dims, &n) || __builtin_mul_overflow(n, (int64_t)elemSize, &b))
    return false;
  *bytes = (size_t)b;
  return true;
}

size_t xnnMlirTensorMaxBytes(void) {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  size_t cap = XNN_MLIR_TENSOR_MAX_BYTES;
  if (pages > 0 && pageSize > 0 && (size_t)pages < cap / (size_t)pageSize)
    cap = (size_t)pages * (size_t)pageSize;
  return cap;
}

bool xnnMlirTensorCreate(XnnMlirTensor *t, XnnMlirDType dtype, int64_t rank, const int64_t *dims) {
  memset(t, 0, sizeof(*t));
  if (dtype >= XNN_MLIR_DTYPE_INVALID || rank < 0 || rank > XNN_MLIR_TENSOR_MAX_RANK)
    return false;
  size_t bytes;
  /* A tensor larger than the host's memory cannot be zero-filled (the
   * kernel kills the process), and sanitizer allocators abort on huge
   * requests instead of returning NULL: refuse those up front. */
  if (!xnnMlirShapeNumBytes(rank, dims, xnnMlirDTypeSize(dtype), &bytes) ||
      bytes > xnnMlirTensorMaxBytes())
    return false;
  for (int64_t i = 0; i < rank; ++i)
    t->dims[i] = dims[i];
  t->dtype = dtype;
  t->rank = rank;
  size_t padded = (bytes + 16 + 63) / 64 * 64; /* XNN_EXTRA_BYTES of readable slack */
  t->data = aligned_alloc(64, padded);
  if (!t->data)
    return false;
  memset(t->data, 0, padded);
  return true;
}

bool xnnMlirTensorCreateFromType(XnnMlirTensor *t, MlirType type) {
  memset(t, 0, sizeof(*t));
  if (!mlirTypeIsARankedTensor(type) || !mlirShapedTypeHasStaticShape(type))
    return false;
  int64_t rank = mlirShapedTypeGetRank(type), dims[XNN_MLIR_TENSOR_MAX_RANK];
  if (rank > XNN_MLIR_TENSOR_MAX_RANK)
    return false;
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = mlirShapedTypeGetDimSize(type, i);
  return xnnMlirTensorCreate(t, xnnMlirDTypeFromType(mlirShapedTypeGetElementType(type)), rank, dims);
}

void xnnMlirTensorDestroy(XnnMlirTensor *t) {
  free(t->data);
  t->data = NULL;
}

int64_t xnnMlirTensorNumElements(const XnnMlirTensor *t) {
  int64_t n = 1;
  for (int64_t i = 0; i < t->rank; ++i)
    n *= t->dims[i];
  return n;
}

size_t xnnMlirTensorNumBytes(const XnnMlirTensor *t) {
  return (size_t)xnnMlirTensorNumElements(t) * xnnMlirDTypeSize(t->dtype);
}

float xnnMlirTensorGetF32(const XnnMlirTensor *t, int64_t i) {
  const unsigned char *p = t->data;
  switch (t->dtype) {
  case XNN_MLIR_F32: { float v; memcpy(&v, p + 4 * i, 4); return v; }
  case XNN_MLIR_F16: { uint16_t v; memcpy(&v, p + 2 * i, 2); return xnnF16ToF32(v); }
  case XNN_MLIR_BF16: { uint16_t v; memcpy(&v, p + 2 * i, 2); return xnnBF16ToF32(v); }
  case XNN_MLIR_I64: { int64_t v; memcpy(&v, p + 8 * i, 8); return (float)v; }
  case XNN_MLIR_I32: { int32_t v; memcpy(&v, p + 4 * i, 4); return (float)v; }
  case XNN_MLIR_I1: return p[i] ? 1.0f : 0.0f;
  case XNN_MLIR_I8: return (float)(signed char)p[i];
  case XNN_MLIR_DTYPE_INVALID: break;
  }
  return 0.0f;
}

void xnnMlirTensorSetF32(XnnMlirTensor *t, int64_t i, float v) {
  unsigned char *p = t->data;
  switch (t->dtype) {
  case XNN_MLIR_F32: memcpy(p + 4 * i, &v, 4); break;
  case XNN_MLIR_F16: { uint16_t h = xnnF32ToF16(v); memcpy(p + 2 * i, &h, 2); break; }
  case XNN_MLIR_BF16: { uint16_t b = xnnF32ToBF16(v); memcpy(p + 2 * i, &b, 2); break; }
  case XNN_MLIR_I64: { int64_t x = (int64_t)v; memcpy(p + 8 * i, &x, 8); break; }
  case XNN_MLIR_I32: { int32_t x = (int32_t)v; memcpy(p + 4 * i, &x, 4); break; }
  case XNN_MLIR_I1: p[i] = v != 0.0f; break;
  case XNN_MLIR_I8: p[i] = (unsigned char)(signed char)v; break;
  case XNN_MLIR_DTYPE_INVALID: break;
  }
}
