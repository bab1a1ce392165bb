/* madvise (huge pages for multi-megabyte weight buffers) is not POSIX. */
#define _DEFAULT_SOURCE
#include "Support/Elements.h"

#include "CAPIExt/ResourceBlob.h"
#include "Support/Float.h"
#include "Support/Strings.h"
#include "xnnmlir/Tensor.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <math.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum Kind { K_F32, K_F16, K_BF16, K_F64, K_I64, K_I32, K_I16, K_I8, K_NONE } Kind;

static Kind kindOf(MlirType t) {
  if (mlirTypeIsAF32(t))
    return K_F32;
  if (mlirTypeIsAF16(t))
    return K_F16;
  if (mlirTypeIsABF16(t))
    return K_BF16;
  if (mlirTypeIsAF64(t))
    return K_F64;
  if (mlirTypeIsAInteger(t)) {
    switch (mlirIntegerTypeGetWidth(t)) {
    case 64:
      return K_I64;
    case 32:
      return K_I32;
    case 16:
      return K_I16;
    case 8:
      return K_I8;
    }
  }
  return K_NONE;
}

static size_t sizeOf(Kind k) {
  static const size_t sizes[] = {4, 2, 2, 8, 8, 4, 2, 1, 0};
  return sizes[k];
}

static bool isFloatKind(Kind k) { return k <= K_F64; }

/* "tensor<...> is too large: its element count or byte size overflows 64 bits". */
static void xnnElementsTooLarge(MlirType type, char *err, size_t errSize) {
  XnnStrBuf t = {0};
  mlirTypePrint(type, xnnStrBufCallback, &t);
  snprintf(err, errSize, "constant of type '%s' is too large: its element count or byte size "
           "overflows 64 bits", t.data ? t.data : "?");
  xnnStrBufFree(&t);
}

/*===--- dense_resource blobs ---------------------------------------------===*
 * MLIR's C API reads a blob only through typed getters that index it without a
 * bound; the CAPIExt shim gives the blob's bytes and real size, so every read
 * is checked against what the type needs here, once. */

static void attrText(MlirAttribute attr, XnnStrBuf *text) {
  mlirAttributePrint(attr, xnnStrBufCallback, text);
}

bool xnnResourceIsElided(MlirAttribute attr) {
  return xnnStrRefEquals(xnnMlirDenseResourceGetKey(attr), "__elided__");
}

/* The blob of `attr` in place if it holds exactly `bytes`; else NULL with a reason. */
static const void *resourceBlobView(MlirAttribute attr, size_t bytes, char *err, size_t errSize) {
  const void *data = NULL;
  size_t size = 0;
  bool has = xnnMlirDenseResourceGetBlob(attr, &data, &size);
  if (has && size == bytes)
    return data ? data : "";
  XnnStrBuf text = {0};
  attrText(attr, &text);
  const char *what = text.data ? text.data : "dense_resource";
  if (xnnResourceIsElided(attr))
    snprintf(err, errSize, "constant payload is elided (%s)", what);
  else if (!has)
    snprintf(err, errSize, "constant %s has no blob: the key is missing from the "
             "dialect_resources section", what);
  else
    snprintf(err, errSize, "constant %s: the blob holds %zu bytes, the type needs %zu", what, size,
             bytes);
  xnnStrBufFree(&text);
  return NULL;
}

void *xnnResourceBlobRead(MlirAttribute attr, size_t bytes, char *err, size_t errSize) {
  const void *data = resourceBlobView(attr, bytes, err, errSize);
  if (!data)
    return NULL;
  void *out = malloc(bytes ? bytes : 1);
  if (!out)
    abort();
  memcpy(out, data, bytes);
  return out;
}

bool xnnElementsReadBool(MlirAttribute attr, unsigned char *out, int64_t count, char *err, size_t errSize) {
  if (mlirAttributeIsADenseElements(attr)) {
    if (mlirDenseElementsAttrIsSplat(attr)) {
      memset(out, mlirDenseElementsAttrGetBoolSplatValue(attr) ? 1 : 0, (size_t)count);
      return true;
    }
    for (int64_t i = 0; i < count; ++i)
      out[i] = mlirDenseElementsAttrGetBoolValue(attr, (intptr_t)i) ? 1 : 0;
    return true;
  }
  if (mlirAttributeIsADenseResourceElements(attr)) {
    unsigned char *blob = xnnResourceBlobRead(attr, (size_t)count, err, errSize);
    if (!blob)
      return false;
    for (int64_t i = 0; i < count; ++i)
      out[i] = blob[i] ? 1 : 0;
    free(blob);
    return true;
  }
  snprintf(err, errSize, "attribute 'value' is not a dense or dense_resource elements attribute");
  return false;
}

static bool readElements(MlirAttribute attr, XnnElements *out, bool copy, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  MlirType type = mlirAttributeGetType(attr);
  if (!mlirTypeIsAShaped(type) || !mlirShapedTypeHasStaticShape(type)) {
    snprintf(err, errSize, "constant is not a statically shaped elements attribute");
    return false;
  }
  out->elem = mlirShapedTypeGetElementType(type);
  Kind k = kindOf(out->elem);
  if (k == K_NONE) {
    snprintf(err, errSize, "constant element type is not supported here");
    return false;
  }
  out->rank = mlirShapedTypeGetRank(type);
  if (out->rank > XNN_ELEMENTS_MAX_RANK) {
    snprintf(err, errSize, "constant rank %zd is too large", (ssize_t)out->rank);
    return false;
  }
  int64_t total = 1;
  for (intptr_t i = 0; i < out->rank; ++i)
    out->dims[i] = mlirShapedTypeGetDimSize(type, i);
  out->elemSize = sizeOf(k);
  if (!xnnMlirShapeNumElements(out->rank, out->dims, &total)) {
    xnnElementsTooLarge(type, err, errSize);
    return false;
  }
  if (mlirAttributeIsADenseElements(attr)) {
    out->splat = mlirDenseElementsAttrIsSplat(attr);
    out->count = out->splat ? 1 : total;
    const void *raw = mlirDenseElementsAttrGetRawData(attr);
    if (!copy) {
      out->data = (void *)raw;
      return true;
    }
    out->data = malloc((size_t)out->count * out->elemSize + 1);
    if (!out->data)
      abort();
    memcpy(out->data, raw, (size_t)out->count * out->elemSize);
    out->owned = true;
    return true;
  }
  if (mlirAttributeIsADenseResourceElements(attr)) {
    size_t bytes;
    if (!xnnMlirShapeNumBytes(out->rank, out->dims, out->elemSize, &bytes)) {
      xnnElementsTooLarge(type, err, errSize);
      return false;
    }
    out->fromResource = true;
    out->count = total;
    if (copy) {
      out->data = xnnResourceBlobRead(attr, bytes, err, errSize);
      out->owned = out->data != NULL;
      return out->owned;
    }
    out->data = (void *)resourceBlobView(attr, bytes, err, errSize);
    return out->data != NULL;
  }
  snprintf(err, errSize, "constant value is not a dense or dense_resource elements attribute");
  return false;
}

bool xnnElementsRead(MlirAttribute attr, XnnElements *out, char *err, size_t errSize) {
  return readElements(attr, out, true, err, errSize);
}

bool xnnElementsView(MlirAttribute attr, XnnElements *out, char *err, size_t errSize) {
  return readElements(attr, out, false, err, errSize);
}

void xnnElementsFree(XnnElements *e) {
  if (e->owned)
    free(e->data);
  e->data = NULL;
  e->owned = false;
}

/* A buffer of `bytes` (+1, never NULL) for converted or permuted data. Large
 * ones are 2 MiB aligned and ask for transparent huge pages: gigabytes of
 * weights then cost a page fault per 2 MiB instead of per 4 KiB, and copy
 * out faster. Freed with free(). */
static void *elementsAlloc(size_t bytes) {
  enum { HUGE_PAGE = 2 << 20 };
  void *p;
  if (bytes >= 4 * (size_t)HUGE_PAGE) {
    size_t rounded = (bytes + 1 + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    if ((p = aligned_alloc(HUGE_PAGE, rounded)))
      (void)madvise(p, rounded, MADV_HUGEPAGE);
  } else {
    p = malloc(bytes + 1);
  }
  if (!p)
    abort();
  return p;
}

/* Replaces e's data with `data` (malloc'd), freeing what e owned. */
static void elementsAdopt(XnnElements *e, void *data) {
  if (e->owned)
    free(e->data);
  e->data = data;
  e->owned = true;
}

/* Element i as double (floats exactly; bf16/f16 widen exactly). */
static double loadAsDouble(const void *data, Kind k, int64_t i) {
  const unsigned char *p = (const unsigned char *)data;
  switch (k) {
  case K_F32: { float v; memcpy(&v, p + 4 * i, 4); return v; }
  case K_F64: { double v; memcpy(&v, p + 8 * i, 8); return v; }
  case K_F16: { uint16_t v; memcpy(&v, p + 2 * i, 2); return xnnF16ToF32(v); }
  case K_BF16: { uint16_t v; memcpy(&v, p + 2 * i, 2); return xnnBF16ToF32(v); }
  case K_I64: { int64_t v; memcpy(&v, p + 8 * i, 8); return (double)v; }
  case K_I32: { int32_t v; memcpy(&v, p + 4 * i, 4); return v; }
  case K_I16: { int16_t v; memcpy(&v, p + 2 * i, 2); return v; }
  case K_I8: { int8_t v; memcpy(&v, p + i, 1); return v; }
  case K_NONE: break;
  }
  return 0;
}

static int64_t truncToInt(double v) {
  if (isnan(v))
    return 0;
  if (v >= 9.2233720368547758e18)
    return INT64_MAX;
  if (v <= -9.2233720368547758e18)
    return INT64_MIN;
  return (int64_t)v;
}

static void storeFromDouble(void *data, Kind k, int64_t i, double v, Kind from, const void *src) {
  unsigned char *p = (unsigned char *)data;
  switch (k) {
  case K_F32: {
    /* f32 -> f32 must keep NaN payloads: copy when the source is f32. */
    float f = (float)v;
    if (from == K_F32)
      memcpy(&f, (const unsigned char *)src + 4 * i, 4);
    memcpy(p + 4 * i, &f, 4);
    break;
  }
  case K_F64: memcpy(p + 8 * i, &v, 8); break;
  case K_F16: {
    /* Narrow from f32 bits so NaN payloads and RNE follow Float.c exactly. */
    uint16_t h = from == K_BF16 ? xnnBF16ToF16(*(const uint16_t *)((const unsigned char *)src + 2 * i))
                                : xnnF32ToF16((float)v);
    memcpy(p + 2 * i, &h, 2);
    break;
  }
  case K_BF16: {
    uint16_t b = from == K_F16 ? xnnF16ToBF16(*(const uint16_t *)((const unsigned char *)src + 2 * i))
                               : xnnF32ToBF16((float)v);
    memcpy(p + 2 * i, &b, 2);
    break;
  }
  case K_I64: { int64_t x = truncToInt(v); memcpy(p + 8 * i, &x, 8); break; }
  case K_I32: { int32_t x = (int32_t)truncToInt(v); memcpy(p + 4 * i, &x, 4); break; }
  case K_I16: { int16_t x = (int16_t)truncToInt(v); memcpy(p + 2 * i, &x, 2); break; }
  case K_I8: { int8_t x = (int8_t)truncToInt(v); memcpy(p + i, &x, 1); break; }
  case K_NONE: break;
  }
}

bool xnnElementsConvert(XnnElements *e, MlirType elem) {
  Kind from = kindOf(e->elem), to = kindOf(elem);
  if (from == K_NONE || to == K_NONE)
    return false;
  if (from == to) {
    e->elem = elem;
    return true;
  }
  /* f64 -> f16/bf16 would round twice through (float); the edge dialect has no f64 tensors. */
  (void)isFloatKind;
  void *out = elementsAlloc((size_t)e->count * sizeOf(to));
  if (to == K_F32 && (from == K_BF16 || from == K_F16)) { /* exact widening: the weights' hot path */
    xnnWidenToF32Bits(e->data, (size_t)e->count, from == K_F16, out);
  } else {
    for (int64_t i = 0; i < e->count; ++i)
      storeFromDouble(out, to, i, loadAsDouble(e->data, from, i), from, e->data);
  }
  elementsAdopt(e, out);
  e->elem = elem;
  e->elemSize = sizeOf(to);
  return true;
}

void xnnElementsPermute(XnnElements *e, const int64_t *perm) {
  int64_t newDims[XNN_ELEMENTS_MAX_RANK];
  for (intptr_t i = 0; i < e->rank; ++i)
    newDims[i] = e->dims[perm[i]];
  if (!e->splat && e->count > 1) {
    int64_t oldStride[XNN_ELEMENTS_MAX_RANK], idx[XNN_ELEMENTS_MAX_RANK] = {0};
    int64_t s = 1;
    for (intptr_t i = e->rank - 1; i >= 0; --i)
      oldStride[i] = s, s *= e->dims[i];
    unsigned char *out = elementsAlloc((size_t)e->count * e->elemSize);
    /* Walk the output in row-major order; idx is the output multi-index. */
    for (int64_t o = 0; o < e->count; ++o) {
      int64_t src = 0;
      for (intptr_t i = 0; i < e->rank; ++i)
        src += idx[i] * oldStride[perm[i]];
      memcpy(out + (size_t)o * e->elemSize, (unsigned char *)e->data + (size_t)src * e->elemSize,
             e->elemSize);
      for (intptr_t i = e->rank - 1; i >= 0; --i) {
        if (++idx[i] < newDims[i])
          break;
        idx[i] = 0;
      }
    }
    elementsAdopt(e, out);
  }
  memcpy(e->dims, newDims, sizeof(newDims));
}

void xnnElementsReshape(XnnElements *e, const int64_t *dims, intptr_t rank) {
  e->rank = rank;
  for (intptr_t i = 0; i < rank; ++i)
    e->dims[i] = dims[i];
}

static void freeBlob(void *userData, const void *data, size_t size, size_t align) {
  (void)data, (void)size, (void)align;
  free(userData);
}

MlirAttribute xnnResourceAttrAdopt(MlirType type, void *data, size_t bytes) {
  /* MLIR makes the key unique (xnn_weight, xnn_weight_1, ...); malloc's
   * alignment (16) covers every element type. */
  return mlirUnmanagedDenseResourceElementsAttrGet(type, mlirStringRefCreateFromCString("xnn_weight"),
                                                   data, bytes, 16, false, freeBlob, data);
}

MlirAttribute xnnElementsToAttr(XnnElements *e) {
  MlirType type = mlirRankedTensorTypeGet(e->rank, e->dims, e->elem, mlirAttributeGetNull());
  if (e->fromResource && !e->splat && e->count > 1) {
    if (!e->owned) { /* the blob itself: same data under (maybe) another shape */
      void *copy = malloc((size_t)e->count * e->elemSize);
      if (!copy)
        abort();
      memcpy(copy, e->data, (size_t)e->count * e->elemSize);
      elementsAdopt(e, copy);
    }
    MlirAttribute attr = xnnResourceAttrAdopt(type, e->data, (size_t)e->count * e->elemSize);
    e->owned = false; /* the blob frees it */
    e->data = NULL;
    return attr;
  }
  /* A one-element buffer is taken as a splat by MLIR. */
  return mlirDenseElementsAttrRawBufferGet(type, (size_t)e->count * e->elemSize, e->data);
}

/* A dense_resource `value` has a blob only if the op prints a resource section. A key with no
 * `dialect_resources` entry parses, but MLIR's C accessors then dereference an
 * empty optional. A detached clone of the op prints as a top-level op, with a
 * file-metadata section ({-# ... #-}, resource strings elided) only when some
 * blob is referenced. */
bool xnnConstantHasPayload(MlirOperation op) {
  MlirAttribute v = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(v) || !mlirAttributeIsADenseResourceElements(v))
    return true;
  const void *data;
  size_t size;
  return xnnMlirDenseResourceGetBlob(v, &data, &size);
}

