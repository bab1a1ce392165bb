/* Shared verifier helpers; see VerifyUtil.h. */
#include "VerifyUtil.h"
#include "xnnmlir/Tensor.h"

#include "Support/IR.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- messages --------------------------------------------------------- */

void xnnOpError(MlirOperation op, const char *fmt, ...) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  char stackBuf[1024];
  va_list ap;
  va_start(ap, fmt);
  int bodyLen = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (bodyLen < 0)
    bodyLen = 0;
  size_t need = name.length + 6 + (size_t)bodyLen + 1;
  char *buf = need <= sizeof(stackBuf) ? stackBuf : malloc(need);
  if (!buf) {
    mlirEmitError(mlirOperationGetLocation(op), "op verification failed");
    return;
  }
  int off = snprintf(buf, need, "'%.*s' op ", (int)name.length, name.data);
  if (off < 0)
    off = 0;
  va_start(ap, fmt);
  vsnprintf(buf + off, need - (size_t)off, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(op), buf);
  if (buf != stackBuf)
    free(buf);
}

typedef struct {
  char *buf;
  size_t n, len;
} StrSink;

static void sinkAppend(MlirStringRef s, void *ud) {
  StrSink *k = ud;
  if (k->n == 0)
    return;
  size_t room = k->n - 1 - k->len;
  size_t c = s.length < room ? s.length : room;
  memcpy(k->buf + k->len, s.data, c);
  k->len += c;
  k->buf[k->len] = '\0';
}

/* Empties `buf` and readies `k` to print into it; false (with `nullText` in
 * `buf`) when there is nothing to print. */
static bool beginPrint(char *buf, size_t n, bool isNull, const char *nullText, StrSink *k) {
  if (n == 0)
    return false;
  buf[0] = '\0';
  if (isNull)
    snprintf(buf, n, "%s", nullText);
  *k = (StrSink){buf, n, 0};
  return !isNull;
}

const char *xnnTypeStr(MlirType t, char *buf, size_t n) {
  StrSink k;
  if (beginPrint(buf, n, mlirTypeIsNull(t), "<<null type>>", &k))
    mlirTypePrint(t, sinkAppend, &k);
  return buf;
}

const char *xnnAttrStr(MlirAttribute a, char *buf, size_t n) {
  StrSink k;
  if (beginPrint(buf, n, mlirAttributeIsNull(a), "<<null attribute>>", &k))
    mlirAttributePrint(a, sinkAppend, &k);
  return buf;
}

const char *xnnShapeStr(const int64_t *dims, intptr_t rank, char *buf,
                        size_t n) {
  if (n == 0)
    return buf;
  buf[0] = '\0';
  if (rank == 0) {
    snprintf(buf, n, "scalar");
    return buf;
  }
  size_t len = 0;
  for (intptr_t i = 0; i < rank && len + 1 < n; ++i) {
    int w = snprintf(buf + len, n - len, "%s%lld", i ? "x" : "",
                     (long long)dims[i]);
    if (w < 0)
      break;
    len += (size_t)w;
  }
  return buf;
}

/* ---- element types ------------------------------------------------------ */

unsigned xnnElemKind(MlirType e) {
  if (mlirTypeIsNull(e))
    return 0;
  if (mlirTypeIsAF32(e))
    return XNN_ET_F32;
  if (mlirTypeIsAF16(e))
    return XNN_ET_F16;
  if (mlirTypeIsABF16(e))
    return XNN_ET_BF16;
  if (mlirTypeIsAInteger(e) && mlirIntegerTypeIsSignless(e)) {
    switch (mlirIntegerTypeGetWidth(e)) {
    case 64:
      return XNN_ET_I64;
    case 32:
      return XNN_ET_I32;
    case 8:
      return XNN_ET_I8;
    case 1:
      return XNN_ET_I1;
    default:
      return 0;
    }
  }
  return 0;
}

const char *xnnElemMaskStr(unsigned mask, char *buf, size_t n) {
  static const struct {
    unsigned bit;
    const char *name;
  } names[] = {{XNN_ET_F32, "f32"}, {XNN_ET_F16, "f16"},
               {XNN_ET_BF16, "bf16"}, {XNN_ET_I64, "i64"},
               {XNN_ET_I32, "i32"}, {XNN_ET_I1, "i1"},
               {XNN_ET_I8, "i8"}};
  if (n == 0)
    return buf;
  buf[0] = '\0';
  size_t len = 0;
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i) {
    if (!(mask & names[i].bit))
      continue;
    int w = snprintf(buf + len, n - len, "%s%s", len ? ", " : "",
                     names[i].name);
    if (w < 0 || (size_t)w >= n - len)
      break;
    len += (size_t)w;
  }
  return buf;
}

/* ---- counts and tensors --------------------------------------------------- */

bool xnnCheckNumOperands(MlirOperation op, intptr_t min, intptr_t max) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n >= min && (max < 0 || n <= max))
    return true;
  if (max < 0)
    xnnOpError(op, "expects at least %lld operands, got %lld", (long long)min,
               (long long)n);
  else if (min == max)
    xnnOpError(op, "expects %lld operands, got %lld", (long long)min,
               (long long)n);
  else
    xnnOpError(op, "expects %lld to %lld operands, got %lld", (long long)min,
               (long long)max, (long long)n);
  return false;
}

bool xnnCheckNumResults(MlirOperation op, intptr_t n) {
  intptr_t got = mlirOperationGetNumResults(op);
  if (got == n)
    return true;
  xnnOpError(op, "expects %lld results, got %lld", (long long)n,
             (long long)got);
  return false;
}

bool xnnReadOperands(MlirOperation op, const XnnOperandSpec *specs, intptr_t n, unsigned resultMask,
                     XnnTensor *ts) {
  if (!xnnCheckNumOperands(op, n, n) || !xnnCheckNumResults(op, 1))
    return false;
  bool ok = true;
  for (intptr_t i = 0; i < n; ++i)
    ok = xnnOperandTensor(op, i, specs[i].name, specs[i].mask, XNN_VERIFY_MAX_RANK, &ts[i]) && ok;
  return xnnResultTensor(op, 0, resultMask, XNN_VERIFY_MAX_RANK, &ts[n]) && ok;
}

/* What is wrong with a tensor type, if anything; the message is only built
 * when something is (verification runs on every op of large graphs). */
typedef enum {
  TENSOR_OK,
  TENSOR_NOT_RANKED,
  TENSOR_NOT_STATIC,
  TENSOR_RANK,
  TENSOR_ELEM,
  TENSOR_TOO_LARGE
} TensorFault;

static size_t elemKindBytes(unsigned kind) {
  switch (kind) {
  case XNN_ET_F32: case XNN_ET_I32: return 4;
  case XNN_ET_F16: case XNN_ET_BF16: return 2;
  case XNN_ET_I64: return 8;
  default: return 1;
  }
}

static TensorFault tensorFault(MlirType t, unsigned mask, intptr_t maxRank,
                               XnnTensor *out) {
  memset(out, 0, sizeof(*out));
  out->type = t;
  if (mlirTypeIsNull(t))
    return TENSOR_NOT_RANKED;
  XnnTypeInfo info = xnnTypeInfo(t);
  if (!info.rankedTensor)
    return TENSOR_NOT_RANKED;
  if (!info.staticShape)
    return TENSOR_NOT_STATIC;
  intptr_t rank = info.rank;
  if (rank > maxRank || rank > XNN_VERIFY_MAX_RANK)
    return TENSOR_RANK;
  out->rank = rank;
  for (intptr_t i = 0; i < rank; ++i)
    out->dims[i] = i < XNN_IR_MAX_RANK ? info.dims[i] : mlirShapedTypeGetDimSize(t, i);
  out->elem = info.elem;
  out->kind = xnnElemKind(out->elem);
  if (!(out->kind & mask))
    return TENSOR_ELEM;
  /* No buffer of the type could exist, and every later size computation
   * (passes, emitter, runtimes) would overflow: reject it here, by name. */
  size_t bytes;
  if (!xnnMlirShapeNumBytes(rank, out->dims, elemKindBytes(out->kind), &bytes))
    return TENSOR_TOO_LARGE;
  return TENSOR_OK;
}

static bool reportTensorFault(MlirOperation op, TensorFault fault,
                              const char *what, unsigned mask,
                              intptr_t maxRank, const XnnTensor *t) {
  char tb[256], mb[64], eb[64];
  if (maxRank > XNN_VERIFY_MAX_RANK)
    maxRank = XNN_VERIFY_MAX_RANK;
  switch (fault) {
  case TENSOR_OK:
    return true;
  case TENSOR_NOT_RANKED:
    xnnOpError(op, "%s must be a ranked tensor, got '%s'", what,
               xnnTypeStr(t->type, tb, sizeof tb));
    break;
  case TENSOR_NOT_STATIC:
    xnnOpError(op, "%s must have a static shape, got '%s'", what,
               xnnTypeStr(t->type, tb, sizeof tb));
    break;
  case TENSOR_RANK:
    xnnOpError(op, "%s has rank %lld, more than the supported %lld: '%s'",
               what, (long long)mlirShapedTypeGetRank(t->type),
               (long long)maxRank, xnnTypeStr(t->type, tb, sizeof tb));
    break;
  case TENSOR_ELEM:
    xnnOpError(op, "%s has element type '%s', expected one of %s: '%s'", what,
               xnnTypeStr(t->elem, eb, sizeof eb),
               xnnElemMaskStr(mask, mb, sizeof mb),
               xnnTypeStr(t->type, tb, sizeof tb));
    break;
  case TENSOR_TOO_LARGE: {
    char sb[256];
    xnnOpError(op, "%s type '%s' is too large: %s elements of %zu bytes overflow a 64-bit "
               "size", what, xnnTypeStr(t->type, tb, sizeof tb),
               xnnShapeStr(t->dims, t->rank, sb, sizeof sb), elemKindBytes(t->kind));
    break;
  }
  }
  return false;
}

bool xnnCheckTensor(MlirOperation op, MlirType t, const char *what,
                    unsigned mask, intptr_t maxRank, XnnTensor *out) {
  TensorFault f = tensorFault(t, mask, maxRank, out);
  return f == TENSOR_OK || reportTensorFault(op, f, what, mask, maxRank, out);
}

bool xnnOperandTensor(MlirOperation op, intptr_t idx, const char *name,
                      unsigned mask, intptr_t maxRank, XnnTensor *out) {
  char what[96];
  if (idx >= mlirOperationGetNumOperands(op)) {
    memset(out, 0, sizeof(*out));
    snprintf(what, sizeof what, "operand #%lld ('%s')", (long long)idx, name);
    xnnOpError(op, "%s is missing", what);
    return false;
  }
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, idx));
  TensorFault f = tensorFault(t, mask, maxRank, out);
  if (f == TENSOR_OK)
    return true;
  snprintf(what, sizeof what, "operand #%lld ('%s')", (long long)idx, name);
  return reportTensorFault(op, f, what, mask, maxRank, out);
}

bool xnnResultTensor(MlirOperation op, intptr_t idx, unsigned mask,
                     intptr_t maxRank, XnnTensor *out) {
  char what[48];
  intptr_t n = mlirOperationGetNumResults(op);
  if (idx < n) {
    TensorFault f = tensorFault(mlirValueGetType(mlirOperationGetResult(op, idx)),
                                mask, maxRank, out);
    if (f == TENSOR_OK)
      return true;
    if (n == 1 && idx == 0)
      snprintf(what, sizeof what, "result");
    else
      snprintf(what, sizeof what, "result #%lld", (long long)idx);
    return reportTensorFault(op, f, what, mask, maxRank, out);
  }
  memset(out, 0, sizeof(*out));
  snprintf(what, sizeof what, "result #%lld", (long long)idx);
  xnnOpError(op, "%s is missing", what);
  return false;
}

bool xnnCheckSameElem(MlirOperation op, const XnnTensor *a, const char *whatA,
                      const XnnTensor *b, const char *whatB) {
  if (mlirTypeEqual(a->elem, b->elem))
    return true;
  char ea[64], eb[64];
  xnnOpError(op, "%s element type '%s' must match %s element type '%s'",
             whatB, xnnTypeStr(b->elem, eb, sizeof eb), whatA,
             xnnTypeStr(a->elem, ea, sizeof ea));
  return false;
}

bool xnnCheckSameTypeNamed(MlirOperation op, const XnnTensor *x, const char *whatX, const XnnTensor *res,
                           const char *whatRes) {
  if (mlirTypeEqual(x->type, res->type))
    return true;
  char tx[256], tr[256];
  xnnOpError(op, "%s type '%s' must equal the %s type '%s'", whatRes, xnnTypeStr(res->type, tr, sizeof tr), whatX,
             xnnTypeStr(x->type, tx, sizeof tx));
  return false;
}

bool xnnCheckSameType(MlirOperation op, const XnnTensor *x, const XnnTensor *res) {
  return xnnCheckSameTypeNamed(op, x, "operand", res, "result");
}

bool xnnCheckConcatOperands(MlirOperation op, const XnnTensor *first, int64_t d, const XnnTensor *res,
                            const XnnConcatNaming *naming, unsigned mask, intptr_t maxRank) {
  int64_t shape[XNN_VERIFY_MAX_RANK];
  memcpy(shape, first->dims, sizeof(int64_t) * (size_t)first->rank);
  bool of = false;
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i) {
    XnnTensor t;
    char nm[32], what[32];
    if (naming->numbered)
      snprintf(nm, sizeof nm, "%s%lld", naming->operand, (long long)(i + 1));
    else
      snprintf(nm, sizeof nm, "%s", naming->operand);
    if (!xnnOperandTensor(op, i, nm, mask, maxRank, &t))
      return false;
    snprintf(what, sizeof what, "operand #%lld", (long long)i);
    if (!xnnCheckSameElem(op, first, naming->first, &t, what))
      return false;
    if (t.rank != first->rank) {
      xnnOpError(op, "operand #%lld has rank %lld, %s has rank %lld", (long long)i, (long long)t.rank,
                 naming->first, (long long)first->rank);
      return false;
    }
    for (intptr_t j = 0; j < t.rank; ++j) {
      if (j != d && t.dims[j] != first->dims[j]) {
        xnnOpError(op, "operand #%lld dim %lld is %lld, expected %lld (only %s %lld may differ)", (long long)i,
                   (long long)j, (long long)t.dims[j], (long long)first->dims[j], naming->dim, (long long)d);
        return false;
      }
    }
    shape[d] = xnnAdd(shape[d], t.dims[d], &of);
  }
  if (of) {
    xnnOpError(op, "concatenated size overflows int64");
    return false;
  }
  return xnnCheckResultShape(op, res, shape, first->rank, "concatenated");
}

MlirAttribute xnnConstantValue(MlirOperation op, unsigned mask, intptr_t maxRank, XnnTensor *res) {
  if (!xnnCheckNumOperands(op, 0, 0) || !xnnCheckNumResults(op, 1) ||
      !xnnResultTensor(op, 0, mask, maxRank, res))
    return (MlirAttribute){NULL};
  MlirAttribute v = xnnGetAttr(op, "value");
  if (mlirAttributeIsNull(v))
    xnnOpError(op, "requires attribute 'value' (dense or dense_resource "
                   "elements)");
  return v;
}

bool xnnCheckResultShape(MlirOperation op, const XnnTensor *res,
                         const int64_t *expected, intptr_t rank,
                         const char *rule) {
  bool same = res->rank == rank;
  for (intptr_t i = 0; same && i < rank; ++i)
    same = res->dims[i] == expected[i];
  if (same)
    return true;
  char eb[256], gb[256];
  xnnOpError(op, "result shape %s does not match the %s shape %s",
             xnnShapeStr(res->dims, res->rank, gb, sizeof gb), rule,
             xnnShapeStr(expected, rank, eb, sizeof eb));
  return false;
}

/* ---- attributes ----------------------------------------------------------- */

/* The names the running op verifier asked for (see xnnAttrLogBegin). */
static _Thread_local struct {
  bool active;
  size_t n;
  const char *names[XNN_ATTR_LOG_MAX];
} attrLog;

void xnnAttrLogBegin(void) {
  attrLog.active = true;
  attrLog.n = 0;
}

size_t xnnAttrLogEnd(const char *const **names) {
  attrLog.active = false;
  *names = attrLog.names;
  return attrLog.n;
}

MlirAttribute xnnGetAttr(MlirOperation op, const char *name) {
  if (attrLog.active && attrLog.n < XNN_ATTR_LOG_MAX) {
    bool seen = false;
    for (size_t i = 0; i < attrLog.n && !seen; ++i)
      seen = !strcmp(attrLog.names[i], name);
    if (!seen)
      attrLog.names[attrLog.n++] = name;
  }
  /* IRDL ops keep all attributes in the discardable dictionary; the
   * inherent-attribute APIs abort on them. */
  return mlirOperationGetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString(name));
}

static XnnAttrStatus missing(MlirOperation op, const char *name,
                             bool required, const char *kind) {
  if (!required)
    return XNN_ATTR_ABSENT;
  xnnOpError(op, "requires attribute '%s' (%s)", name, kind);
  return XNN_ATTR_BAD;
}

static XnnAttrStatus wrongKind(MlirOperation op, const char *name,
                               const char *kind, MlirAttribute a) {
  char ab[256];
  xnnOpError(op, "attribute '%s' must be %s, got %s", name, kind,
             xnnAttrStr(a, ab, sizeof ab));
  return XNN_ATTR_BAD;
}

/* Attribute `name` of `op` into *a if isKind(*a): XNN_ATTR_OK; otherwise
 * XNN_ATTR_ABSENT (optional and missing) or XNN_ATTR_BAD, reported as not
 * being `kind`. */
static XnnAttrStatus lookUp(MlirOperation op, const char *name, bool required,
                            const char *kind, bool (*isKind)(MlirAttribute),
                            MlirAttribute *a) {
  *a = xnnGetAttr(op, name);
  if (mlirAttributeIsNull(*a))
    return missing(op, name, required, kind);
  if (!isKind(*a))
    return wrongKind(op, name, kind, *a);
  return XNN_ATTR_OK;
}

static bool isI64Attr(MlirAttribute a) {
  if (!mlirAttributeIsAInteger(a))
    return false;
  MlirType t = mlirAttributeGetType(a);
  return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 64 &&
         !mlirIntegerTypeIsUnsigned(t);
}

static bool isF64Attr(MlirAttribute a) {
  return mlirAttributeIsAFloat(a) && mlirTypeIsAF64(mlirAttributeGetType(a));
}

XnnAttrStatus xnnGetI64(MlirOperation op, const char *name, bool required,
                        int64_t *out) {
  MlirAttribute a;
  XnnAttrStatus st = lookUp(op, name, required,
                            "a 64-bit integer, e.g. 1 : i64", isI64Attr, &a);
  if (st != XNN_ATTR_OK)
    return st;
  MlirType t = mlirAttributeGetType(a);
  *out = mlirIntegerTypeIsSigned(t) ? mlirIntegerAttrGetValueSInt(a)
                                    : mlirIntegerAttrGetValueInt(a);
  return XNN_ATTR_OK;
}

XnnAttrStatus xnnGetF64(MlirOperation op, const char *name, bool required,
                        double *out) {
  MlirAttribute a;
  XnnAttrStatus st = lookUp(op, name, required,
                            "a 64-bit float, e.g. 1.0 : f64", isF64Attr, &a);
  if (st == XNN_ATTR_OK)
    *out = mlirFloatAttrGetValueDouble(a);
  return st;
}

XnnAttrStatus xnnGetBool(MlirOperation op, const char *name, bool required,
                         bool *out) {
  MlirAttribute a;
  XnnAttrStatus st = lookUp(op, name, required, "a bool (true or false)",
                            mlirAttributeIsABool, &a);
  if (st == XNN_ATTR_OK)
    *out = mlirBoolAttrGetValue(a);
  return st;
}

XnnAttrStatus xnnGetString(MlirOperation op, const char *name, bool required,
                           MlirStringRef *out) {
  MlirAttribute a;
  XnnAttrStatus st =
      lookUp(op, name, required, "a string", mlirAttributeIsAString, &a);
  if (st == XNN_ATTR_OK)
    *out = mlirStringAttrGetValue(a);
  return st;
}

static bool strRefEq(MlirStringRef s, const char *c) {
  size_t n = strlen(c);
  return s.length == n && (n == 0 || memcmp(s.data, c, n) == 0);
}

XnnAttrStatus xnnGetEnum(MlirOperation op, const char *name, bool required,
                         const char *const *allowed, MlirStringRef *out) {
  XnnAttrStatus st = xnnGetString(op, name, required, out);
  if (st != XNN_ATTR_OK)
    return st;
  for (const char *const *p = allowed; *p; ++p)
    if (strRefEq(*out, *p))
      return XNN_ATTR_OK;
  char list[1024];
  size_t len = 0;
  list[0] = '\0';
  for (const char *const *p = allowed; *p && len + 1 < sizeof list; ++p) {
    int w = snprintf(list + len, sizeof list - len, "%s\"%s\"",
                     p == allowed ? "" : ", ", *p);
    if (w < 0)
      break;
    len += (size_t)w;
  }
  xnnOpError(op, "attribute '%s' has invalid value \"%.*s\", expected one of %s",
             name, (int)(out->length > 200 ? 200 : out->length), out->data,
             list);
  return XNN_ATTR_BAD;
}

XnnAttrStatus xnnGetI64Array(MlirOperation op, const char *name,
                             bool required, intptr_t size, int64_t *out,
                             intptr_t cap, intptr_t *count) {
  char kind[64];
  if (size >= 0)
    snprintf(kind, sizeof kind, "array<i64> of %lld elements",
             (long long)size);
  else
    snprintf(kind, sizeof kind, "array<i64>");
  MlirAttribute a;
  XnnAttrStatus st =
      lookUp(op, name, required, kind, mlirAttributeIsADenseI64Array, &a);
  if (st != XNN_ATTR_OK)
    return st;
  intptr_t n = mlirDenseArrayGetNumElements(a);
  if (size >= 0 && n != size) {
    char ab[256];
    xnnOpError(op, "attribute '%s' must have %lld elements, got %lld: %s",
               name, (long long)size, (long long)n,
               xnnAttrStr(a, ab, sizeof ab));
    return XNN_ATTR_BAD;
  }
  if (n > cap) {
    xnnOpError(op, "attribute '%s' has %lld elements, more than %lld", name,
               (long long)n, (long long)cap);
    return XNN_ATTR_BAD;
  }
  for (intptr_t i = 0; i < n; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  if (count)
    *count = n;
  return XNN_ATTR_OK;
}

bool xnnCheckArrayRange(MlirOperation op, const char *name, const int64_t *v,
                        intptr_t n, int64_t lo, int64_t hi) {
  for (intptr_t i = 0; i < n; ++i) {
    if (v[i] < lo || v[i] > hi) {
      if (hi == INT64_MAX)
        xnnOpError(op, "attribute '%s' element #%lld is %lld, must be >= %lld",
                   name, (long long)i, (long long)v[i], (long long)lo);
      else
        xnnOpError(op,
                   "attribute '%s' element #%lld is %lld, must be in [%lld, "
                   "%lld]",
                   name, (long long)i, (long long)v[i], (long long)lo,
                   (long long)hi);
      return false;
    }
  }
  return true;
}

/* ---- dims ----------------------------------------------------------------- */

bool xnnNormDim(MlirOperation op, const char *attr, int64_t d, intptr_t r,
                int64_t *out) {
  if (d >= -(int64_t)r && d < (int64_t)r) {
    *out = d < 0 ? d + r : d;
    return true;
  }
  if (r == 0)
    xnnOpError(op, "%s %lld is out of range for a rank-0 tensor", attr,
               (long long)d);
  else
    xnnOpError(op, "%s %lld is out of range [%lld, %lld] for rank %lld", attr,
               (long long)d, (long long)-r, (long long)(r - 1), (long long)r);
  return false;
}

bool xnnCheckPermutation(MlirOperation op, const char *attr, const int64_t *v,
                         intptr_t n, intptr_t r, bool allowNegative,
                         int64_t *perm) {
  if (n != r) {
    xnnOpError(op, "attribute '%s' has %lld entries, expected %lld (the rank)",
               attr, (long long)n, (long long)r);
    return false;
  }
  bool seen[XNN_VERIFY_MAX_RANK] = {false};
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d = v[i];
    if (!allowNegative && d < 0) {
      xnnOpError(op, "attribute '%s' entry %lld must be non-negative", attr,
                 (long long)d);
      return false;
    }
    if (!(d >= -(int64_t)r && d < (int64_t)r)) {
      xnnOpError(op, "attribute '%s' is not a permutation: entry %lld is out "
                 "of range for rank %lld", attr, (long long)d, (long long)r);
      return false;
    }
    int64_t nd = d < 0 ? d + r : d;
    if (seen[nd]) {
      xnnOpError(op, "attribute '%s' is not a permutation: dimension %lld "
                 "appears twice", attr, (long long)nd);
      return false;
    }
    seen[nd] = true;
    perm[i] = nd;
  }
  return true;
}

bool xnnBroadcastShapes(const XnnTensor *a, const XnnTensor *b, int64_t *out,
                        intptr_t *rank) {
  intptr_t r = a->rank > b->rank ? a->rank : b->rank;
  for (intptr_t i = 0; i < r; ++i) {
    intptr_t ia = i - (r - a->rank), ib = i - (r - b->rank);
    int64_t da = ia >= 0 ? a->dims[ia] : 1;
    int64_t db = ib >= 0 ? b->dims[ib] : 1;
    if (da == db || db == 1)
      out[i] = da;
    else if (da == 1)
      out[i] = db;
    else
      return false;
  }
  *rank = r;
  return true;
}

bool xnnBroadcastsTo(const int64_t *from, intptr_t fromRank, const int64_t *to,
                     intptr_t toRank) {
  if (fromRank > toRank)
    return false;
  for (intptr_t i = 0; i < fromRank; ++i) {
    int64_t f = from[fromRank - 1 - i], t = to[toRank - 1 - i];
    if (f != t && f != 1)
      return false;
  }
  return true;
}

int64_t xnnAdd(int64_t a, int64_t b, bool *overflow) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) {
    *overflow = true;
    return 0;
  }
  return r;
}

int64_t xnnMul(int64_t a, int64_t b, bool *overflow) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) {
    *overflow = true;
    return 0;
  }
  return r;
}

int64_t xnnNumElements(const XnnTensor *t, bool *overflow) {
  int64_t n = 1;
  for (intptr_t i = 0; i < t->rank; ++i)
    n = xnnMul(n, t->dims[i], overflow);
  return n;
}

static int64_t floorDiv(int64_t a, int64_t b) { /* b > 0 */
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

bool xnnWindowOutSize(int64_t in, int64_t padBegin, int64_t padTotal,
                      int64_t kernel, int64_t stride, int64_t dilation,
                      bool ceilMode, int64_t *out) {
  bool of = false;
  int64_t eff = xnnAdd(xnnMul(dilation, kernel - 1, &of), 1, &of);
  int64_t span = xnnAdd(xnnAdd(in, padTotal, &of), -eff, &of);
  if (of || stride <= 0)
    return false;
  if (span < 0)
    return false;
  int64_t q = ceilMode ? floorDiv(xnnAdd(span, stride - 1, &of), stride)
                       : floorDiv(span, stride);
  int64_t o = xnnAdd(q, 1, &of);
  if (ceilMode && o > 1) {
    /* ATen: the last pooling window must start inside the image. */
    int64_t lastStart = xnnMul(o - 1, stride, &of);
    if (!of && lastStart >= xnnAdd(in, padBegin, &of))
      --o;
  }
  if (of || o < 1)
    return false;
  *out = o;
  return true;
}
