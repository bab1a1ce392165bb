/* Shared helpers of the reference kernels: messages, f32/int64 views,
 * dtype conversion, strides, strided copies. */
#include "Kernels.h"

#include "Support/Float.h"
#include "Support/IR.h"
#include "xnnmlir/Diagnostics.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void xnnRefLocStr(MlirOperation op, char *buf, size_t n) {
  MlirStringRef file;
  unsigned line = 0, col = 0;
  if (!mlirOperationIsNull(op) &&
      xnnMlirLocationGetFilePos(mlirOperationGetLocation(op), &file, &line, &col))
    snprintf(buf, n, "%.*s:%u:%u", (int)(file.length > 400 ? 400 : file.length), file.data, line,
             col);
  else
    snprintf(buf, n, "<unknown location>");
}

static void vfail(MlirOperation op, char *err, size_t errSize, const char *fmt, va_list ap) {
  if (!err || !errSize)
    return;
  char loc[512], msg[768];
  xnnRefLocStr(op, loc, sizeof loc);
  vsnprintf(msg, sizeof msg, fmt, ap);
  MlirStringRef name = mlirOperationIsNull(op) ? mlirStringRefCreateFromCString("?")
                                               : mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(err, errSize, "%s: '%.*s' op %s", loc, (int)(name.length > 100 ? 100 : name.length),
           name.data, msg);
}

bool xnnRefFail(XnnRefCtx *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (c->sop) {
    if (c->err && c->errSize) {
      char msg[768];
      vsnprintf(msg, sizeof msg, fmt, ap);
      snprintf(c->err, c->errSize, "%s: '%s' op %s", c->sop->loc ? c->sop->loc : "<unknown location>",
               c->sop->name ? c->sop->name : "?", msg);
    }
  } else {
    vfail(c->op, c->err, c->errSize, fmt, ap);
  }
  va_end(ap);
  return false;
}

/* ---- attributes: from the MLIR op, or from an emitted op's table ---------- */
/* The emitted op's attribute `name` if it has kind `kind` (or, when `alt` is
 * not -1, kind `alt`), else NULL. */
static const XnnMlirOpAttr *staticAttr(const XnnRefCtx *c, const char *name, int kind, int alt) {
  for (size_t i = 0; i < c->sop->numAttrs; ++i) {
    const XnnMlirOpAttr *a = &c->sop->attrs[i];
    if (a->name && !strcmp(a->name, name))
      return (int)a->kind == kind || (int)a->kind == alt ? a : NULL;
  }
  return NULL;
}

bool xnnRefAttrI64(const XnnRefCtx *c, const char *name, int64_t *out) {
  if (!c->sop)
    return xnnAttrI64(c->op, name, out);
  const XnnMlirOpAttr *a = staticAttr(c, name, XNN_MLIR_ATTR_INT, -1);
  if (a)
    *out = a->i;
  return a != NULL;
}

bool xnnRefAttrF64(const XnnRefCtx *c, const char *name, double *out) {
  if (!c->sop)
    return xnnAttrF64(c->op, name, out);
  const XnnMlirOpAttr *a = staticAttr(c, name, XNN_MLIR_ATTR_FLOAT, XNN_MLIR_ATTR_INT);
  if (a)
    *out = a->kind == XNN_MLIR_ATTR_FLOAT ? a->f : (double)a->i;
  return a != NULL;
}

/* Booleans are integers in both forms (MLIR's i1, the table's INT). */
bool xnnRefAttrBool(const XnnRefCtx *c, const char *name, bool *out) {
  int64_t i;
  bool found = xnnRefAttrI64(c, name, &i);
  if (found)
    *out = i != 0;
  return found;
}

bool xnnRefAttrString(const XnnRefCtx *c, const char *name, MlirStringRef *out) {
  if (!c->sop)
    return xnnAttrString(c->op, name, out);
  const XnnMlirOpAttr *a = staticAttr(c, name, XNN_MLIR_ATTR_STRING, -1);
  if (a && a->s)
    *out = mlirStringRefCreateFromCString(a->s);
  return a && a->s;
}

bool xnnRefAttrI64Array(const XnnRefCtx *c, const char *name, int64_t *out, intptr_t cap, intptr_t *n) {
  if (!c->sop)
    return xnnAttrI64Array(c->op, name, out, cap, n);
  const XnnMlirOpAttr *a = staticAttr(c, name, XNN_MLIR_ATTR_I64_ARRAY, -1);
  if (!a)
    return false;
  *n = (intptr_t)a->n;
  for (intptr_t i = 0; i < *n && i < cap; ++i)
    out[i] = a->a[i];
  return true;
}

bool xnnRefFailAt(MlirOperation op, char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfail(op, err, errSize, fmt, ap);
  va_end(ap);
  return false;
}

bool xnnRefIsFloat(XnnMlirDType d) {
  return d == XNN_MLIR_F32 || d == XNN_MLIR_F16 || d == XNN_MLIR_BF16;
}

static size_t numel(const XnnMlirTensor *t) { return (size_t)xnnMlirTensorNumElements(t); }

/* ---- views: a tensor's data as f32 or int64 --------------------------------
 * The data itself when it has that dtype, else a widened copy (in) or a
 * zeroed buffer converted back on commit (out); each buffer has one spare
 * element, so that an empty tensor's is not NULL. */
typedef void (*WidenFn)(const XnnMlirTensor *t, void *dst);

static const void *viewIn(XnnRefCtx *c, const XnnMlirTensor *t, XnnMlirDType as, size_t elemSize,
                          WidenFn widen, void **scratch) {
  *scratch = NULL;
  if (t->dtype == as)
    return t->data;
  void *buf = malloc(numel(t) * elemSize + elemSize);
  if (!buf) {
    xnnRefFail(c, "out of memory");
    return NULL;
  }
  widen(t, buf);
  *scratch = buf;
  return buf;
}

static void *viewOut(XnnRefCtx *c, XnnMlirTensor *t, XnnMlirDType as, size_t elemSize) {
  if (t->dtype == as)
    return t->data;
  void *buf = calloc(numel(t) + 1, elemSize);
  if (!buf)
    xnnRefFail(c, "out of memory");
  return buf;
}

static void viewCommit(XnnMlirTensor *t, void *buf, XnnMlirDType as) {
  if (!buf || buf == t->data)
    return;
  XnnMlirTensor src = *t;
  src.dtype = as;
  src.data = buf;
  xnnRefConvert(&src, t);
  free(buf);
}

/* ---- f32 views --------------------------------------------------------- */
static void widenToF32(const XnnMlirTensor *t, void *out) {
  float *dst = out;
  size_t n = numel(t);
  const unsigned char *p = t->data;
  switch (t->dtype) {
  case XNN_MLIR_F32: memcpy(dst, p, n * 4); break;
  case XNN_MLIR_F16:
    for (size_t i = 0; i < n; ++i) { uint16_t h; memcpy(&h, p + 2 * i, 2); dst[i] = xnnF16ToF32(h); }
    break;
  case XNN_MLIR_BF16:
    for (size_t i = 0; i < n; ++i) { uint16_t h; memcpy(&h, p + 2 * i, 2); dst[i] = xnnBF16ToF32(h); }
    break;
  case XNN_MLIR_I64:
    for (size_t i = 0; i < n; ++i) { int64_t v; memcpy(&v, p + 8 * i, 8); dst[i] = (float)v; }
    break;
  case XNN_MLIR_I32:
    for (size_t i = 0; i < n; ++i) { int32_t v; memcpy(&v, p + 4 * i, 4); dst[i] = (float)v; }
    break;
  case XNN_MLIR_I1:
    for (size_t i = 0; i < n; ++i) dst[i] = p[i] ? 1.0f : 0.0f;
    break;
  case XNN_MLIR_I8:
    for (size_t i = 0; i < n; ++i) dst[i] = (float)(signed char)p[i];
    break;
  case XNN_MLIR_DTYPE_INVALID: break;
  }
}

const float *xnnRefF32In(XnnRefCtx *c, const XnnMlirTensor *t, float **scratch) {
  void *buf = NULL;
  const float *v = viewIn(c, t, XNN_MLIR_F32, sizeof(float), widenToF32, &buf);
  *scratch = buf;
  return v;
}

float *xnnRefF32Out(XnnRefCtx *c, XnnMlirTensor *t) { return viewOut(c, t, XNN_MLIR_F32, sizeof(float)); }

int64_t xnnRefIndexAt(const XnnMlirTensor *t, int64_t i) {
  if (t->dtype == XNN_MLIR_I64) {
    int64_t v;
    memcpy(&v, (const unsigned char *)t->data + 8 * (size_t)i, 8);
    return v;
  }
  int32_t v;
  memcpy(&v, (const unsigned char *)t->data + 4 * (size_t)i, 4);
  return v;
}

void xnnRefF32Commit(XnnMlirTensor *t, float *buf) { viewCommit(t, buf, XNN_MLIR_F32); }

/* ---- int64 views ------------------------------------------------------- */
static void widenToI64(const XnnMlirTensor *t, void *out) {
  int64_t *dst = out;
  size_t n = numel(t);
  const unsigned char *p = t->data;
  switch (t->dtype) {
  case XNN_MLIR_I64: memcpy(dst, p, n * 8); break;
  case XNN_MLIR_I32:
    for (size_t i = 0; i < n; ++i) { int32_t v; memcpy(&v, p + 4 * i, 4); dst[i] = v; }
    break;
  case XNN_MLIR_I1:
    for (size_t i = 0; i < n; ++i) dst[i] = p[i] != 0;
    break;
  case XNN_MLIR_I8:
    for (size_t i = 0; i < n; ++i) dst[i] = (signed char)p[i];
    break;
  default:
    for (size_t i = 0; i < n; ++i) dst[i] = xnnRefTruncToI64(xnnMlirTensorGetF32(t, (int64_t)i));
    break;
  }
}

const int64_t *xnnRefI64In(XnnRefCtx *c, const XnnMlirTensor *t, int64_t **scratch) {
  void *buf = NULL;
  const int64_t *v = viewIn(c, t, XNN_MLIR_I64, sizeof(int64_t), widenToI64, &buf);
  *scratch = buf;
  return v;
}

int64_t *xnnRefI64Out(XnnRefCtx *c, XnnMlirTensor *t) { return viewOut(c, t, XNN_MLIR_I64, sizeof(int64_t)); }

void xnnRefI64Commit(XnnMlirTensor *t, int64_t *buf) { viewCommit(t, buf, XNN_MLIR_I64); }

/* ---- conversion -------------------------------------------------------- */
int64_t xnnRefTruncToI64(double v) {
  if (isnan(v))
    return 0;
  if (v >= 9.2233720368547758e18)
    return INT64_MAX;
  if (v <= -9.2233720368547758e18)
    return INT64_MIN;
  return (int64_t)v;
}

static bool isIntDType(XnnMlirDType d) {
  return d == XNN_MLIR_I64 || d == XNN_MLIR_I32 || d == XNN_MLIR_I1 || d == XNN_MLIR_I8;
}

void xnnRefConvert(const XnnMlirTensor *src, XnnMlirTensor *dst) {
  size_t n = numel(src);
  const unsigned char *s = src->data;
  unsigned char *d = dst->data;
  XnnMlirDType from = src->dtype, to = dst->dtype;
  if (from == to) {
    memcpy(d, s, n * xnnMlirDTypeSize(from));
    return;
  }
  if (from == XNN_MLIR_F16 && to == XNN_MLIR_BF16) {
    for (size_t i = 0; i < n; ++i) { uint16_t h; memcpy(&h, s + 2 * i, 2); h = xnnF16ToBF16(h); memcpy(d + 2 * i, &h, 2); }
    return;
  }
  if (from == XNN_MLIR_BF16 && to == XNN_MLIR_F16) {
    for (size_t i = 0; i < n; ++i) { uint16_t h; memcpy(&h, s + 2 * i, 2); h = xnnBF16ToF16(h); memcpy(d + 2 * i, &h, 2); }
    return;
  }
  if (isIntDType(from)) {
    /* Integers through int64 (exact), then to the target. */
    for (size_t i = 0; i < n; ++i) {
      int64_t v;
      switch (from) {
      case XNN_MLIR_I64: memcpy(&v, s + 8 * i, 8); break;
      case XNN_MLIR_I32: { int32_t x; memcpy(&x, s + 4 * i, 4); v = x; break; }
      case XNN_MLIR_I8: v = (signed char)s[i]; break;
      default: v = s[i] != 0; break;
      }
      switch (to) {
      case XNN_MLIR_I64: memcpy(d + 8 * i, &v, 8); break;
      case XNN_MLIR_I32: { int32_t x = (int32_t)(uint32_t)(uint64_t)v; memcpy(d + 4 * i, &x, 4); break; }
      case XNN_MLIR_I1: d[i] = v != 0; break;
      case XNN_MLIR_I8: d[i] = (unsigned char)(uint64_t)v; break;
      case XNN_MLIR_F32: { float f = (float)v; memcpy(d + 4 * i, &f, 4); break; }
      case XNN_MLIR_F16: { uint16_t h = xnnF32ToF16((float)v); memcpy(d + 2 * i, &h, 2); break; }
      case XNN_MLIR_BF16: { uint16_t h = xnnF32ToBF16((float)v); memcpy(d + 2 * i, &h, 2); break; }
      case XNN_MLIR_DTYPE_INVALID: break;
      }
    }
    return;
  }
  /* Float source: widen exactly to f32 bits, then narrow / truncate. */
  for (size_t i = 0; i < n; ++i) {
    uint32_t bits;
    switch (from) {
    case XNN_MLIR_F32: memcpy(&bits, s + 4 * i, 4); break;
    case XNN_MLIR_F16: { uint16_t h; memcpy(&h, s + 2 * i, 2); bits = xnnF16ToF32Bits(h); break; }
    default: { uint16_t h; memcpy(&h, s + 2 * i, 2); bits = xnnBF16ToF32Bits(h); break; }
    }
    float f = xnnF32FromBits(bits);
    switch (to) {
    case XNN_MLIR_F32: memcpy(d + 4 * i, &bits, 4); break;
    case XNN_MLIR_F16: { uint16_t h = xnnF32BitsToF16(bits); memcpy(d + 2 * i, &h, 2); break; }
    case XNN_MLIR_BF16: { uint16_t h = xnnF32BitsToBF16(bits); memcpy(d + 2 * i, &h, 2); break; }
    case XNN_MLIR_I64: { int64_t v = xnnRefTruncToI64(f); memcpy(d + 8 * i, &v, 8); break; }
    case XNN_MLIR_I32: { int32_t v = (int32_t)(uint32_t)(uint64_t)xnnRefTruncToI64(f); memcpy(d + 4 * i, &v, 4); break; }
    case XNN_MLIR_I1: d[i] = f != 0.0f; break;
    case XNN_MLIR_I8: d[i] = (unsigned char)(uint64_t)xnnRefTruncToI64(f); break;
    case XNN_MLIR_DTYPE_INVALID: break;
    }
  }
}

/* ---- shapes -------------------------------------------------------------- */
void xnnRefStrides(const int64_t *dims, int64_t rank, int64_t *strides) {
  int64_t s = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    strides[i] = s;
    s *= dims[i];
  }
}

bool xnnRefNormDim(int64_t d, int64_t rank, int64_t *out) {
  int64_t r = rank == 0 ? 1 : rank;
  if (d < -r || d >= r)
    return false;
  *out = d < 0 ? d + r : d;
  return true;
}

#define STRIDED_LOOP(T)                                                                   \
  do {                                                                                    \
    const T *sp = (const T *)src->data;                                                   \
    T *dp = (T *)dst->data;                                                               \
    for (int64_t o = 0; o < outer; ++o) {                                                 \
      const T *row = sp + off;                                                            \
      for (int64_t j = 0; j < inner; ++j)                                                 \
        dp[j] = row[j * innerStride];                                                     \
      dp += inner;                                                                        \
      for (int64_t k = rank - 2; k >= 0; --k) {                                           \
        off += srcStrides[k];                                                             \
        if (++idx[k] < dst->dims[k])                                                      \
          break;                                                                          \
        off -= srcStrides[k] * dst->dims[k];                                              \
        idx[k] = 0;                                                                       \
      }                                                                                   \
    }                                                                                     \
  } while (0)

void xnnRefStridedCopy(const XnnMlirTensor *src, int64_t srcOffset, const int64_t *srcStrides,
                       XnnMlirTensor *dst) {
  int64_t rank = dst->rank, total = xnnMlirTensorNumElements(dst);
  if (total == 0)
    return;
  int64_t inner = rank ? dst->dims[rank - 1] : 1, innerStride = rank ? srcStrides[rank - 1] : 0;
  int64_t outer = total / inner, off = srcOffset;
  int64_t idx[XNN_MLIR_TENSOR_MAX_RANK] = {0};
  switch (xnnMlirDTypeSize(dst->dtype)) {
  case 1: STRIDED_LOOP(uint8_t); break;
  case 2: STRIDED_LOOP(uint16_t); break;
  case 4: STRIDED_LOOP(uint32_t); break;
  case 8: STRIDED_LOOP(uint64_t); break;
  default: break;
  }
}
