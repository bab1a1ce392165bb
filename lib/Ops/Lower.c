/* Lowering of edge ops to xnn ops: the framework, then one function per op
 * family, named by the capability table. */
#include "Ops/Lower.h"

#include "Ops/Capability.h"
#include "Support/Elements.h"
#include "Support/IR.h"
#include "CAPIExt/BytecodeFile.h"
#include "CAPIExt/ResourceBlob.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Attribute names and string values come from string literals and the
 * capability table: cache their uniqued forms by pointer, so each op does not
 * pay a locked context lookup per attribute. */
enum { LOWER_CACHE_SLOTS = 64 };
typedef struct LowerCacheEntry {
  const char *key;
  MlirAttribute attr;
  MlirIdentifier ident;
} LowerCacheEntry;

struct XnnLowerCtx {
  MlirContext ctx;
  bool failed;
  bool bf16InF32; /* relaxed bf16: every bf16 op computes in f32 */
  LowerCacheEntry strAttrs[LOWER_CACHE_SLOTS], idents[LOWER_CACHE_SLOTS];
};

static LowerCacheEntry *lowerCacheSlot(LowerCacheEntry *table, const char *key) {
  size_t h = ((uintptr_t)key >> 3) & (LOWER_CACHE_SLOTS - 1);
  return &table[h];
}

static MlirAttribute lowerStrAttr(XnnLowerCtx *L, const char *s) {
  LowerCacheEntry *e = lowerCacheSlot(L->strAttrs, s);
  if (e->key != s) {
    e->key = s;
    e->attr = xnnStrAttr(L->ctx, s);
  }
  return e->attr;
}

static MlirNamedAttribute lowerNamed(XnnLowerCtx *L, const char *name, MlirAttribute attr) {
  LowerCacheEntry *e = lowerCacheSlot(L->idents, name);
  if (e->key != name) {
    e->key = name;
    e->ident = mlirIdentifierGet(L->ctx, mlirStringRefCreateFromCString(name));
  }
  return mlirNamedAttributeGet(e->ident, attr);
}

static const int64_t kToNHWC[4] = {0, 2, 3, 1}; /* physical dim i = logical dim kToNHWC[i] */
static const int64_t kToNCHW[4] = {0, 3, 1, 2};

MlirContext xnnLowerContext(XnnLowerCtx *L) { return L->ctx; }

bool xnnLowerFail(XnnLowerCtx *L, MlirOperation op, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  char full[1200];
  MlirStringRef name = xnnOpName(op);
  snprintf(full, sizeof(full), "'%.*s' op cannot be lowered to XNNPACK: %s", (int)name.length,
           name.data, msg);
  mlirEmitError(mlirOperationGetLocation(op), full);
  L->failed = true;
  return false;
}

static bool layoutIsNHWC(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) &&
         xnnStrRefEquals(mlirStringAttrGetValue(a), "NHWC");
}

bool xnnLowerIsNHWC(MlirOperation op) { return layoutIsNHWC(xnnOpAttr(op, "xnn.layout")); }

/* Values produced by lowered ops carry the tag of the edge op they replaced. */
static bool valueIsNHWC(MlirValue v) {
  MlirOperation def = xnnDefiningOp(v);
  return !mlirOperationIsNull(def) && xnnValueRank(v) == 4 && xnnLowerIsNHWC(def);
}

bool xnnLowerOperandIsNHWC(MlirOperation op, intptr_t idx) {
  return valueIsNHWC(mlirOperationGetOperand(op, idx));
}

intptr_t xnnLowerOperandLogicalShape(MlirOperation op, intptr_t idx, int64_t *dims) {
  int64_t d[XNN_IR_MAX_RANK];
  intptr_t rank = xnnValueShape(mlirOperationGetOperand(op, idx), d);
  /* Only a lowered (xnn) value has the physical shape; a tagged edge value,
   * a constant among them, still has its logical type. */
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, idx));
  bool nhwc = rank == 4 && xnnLowerOperandIsNHWC(op, idx) && xnnOpHasPrefix(def, "xnn.");
  for (intptr_t i = 0; i < rank && i < XNN_IR_MAX_RANK; ++i)
    dims[i] = d[nhwc ? kToNCHW[i] : i];
  return rank;
}

bool xnnLowerOperandIsConstant(MlirOperation op, intptr_t idx) {
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, idx));
  return !mlirOperationIsNull(def) && xnnOpIs(def, "edge.constant");
}

MlirType xnnLowerComputeElem(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType t = xnnValueElemType(mlirOperationGetResult(op, 0));
  unsigned mask = mlirTypeIsAF32(t) ? XNN_CAP_F32 : mlirTypeIsAF16(t) ? XNN_CAP_F16
                  : mlirTypeIsABF16(t) ? XNN_CAP_BF16 : 0;
  if (mask == XNN_CAP_BF16 && L->bf16InF32)
    return mlirF32TypeGet(L->ctx);
  return (cap->native & mask) ? t : mlirF32TypeGet(L->ctx);
}

static MlirType physicalType(MlirType logical, bool nhwc, MlirType elem) {
  XnnTypeInfo t = xnnTypeInfo(logical);
  if (!(nhwc && t.rank == 4) && t.rankedTensor && mlirTypeEqual(t.elem, elem) &&
      mlirAttributeIsNull(mlirRankedTensorTypeGetEncoding(logical)))
    return logical; /* already the physical type: skip the uniquer */
  int64_t dims[XNN_IR_MAX_RANK];
  for (intptr_t i = 0; i < t.rank && i < XNN_IR_MAX_RANK; ++i)
    dims[i] = t.dims[nhwc && t.rank == 4 ? kToNHWC[i] : i];
  return xnnTensorType(dims, t.rank, elem);
}

MlirType xnnLowerResultType(MlirOperation op, intptr_t idx, MlirType elem) {
  MlirValue r = mlirOperationGetResult(op, idx);
  return physicalType(mlirValueGetType(r), valueIsNHWC(r), elem);
}

MlirValue xnnLowerEmit(XnnLowerCtx *L, MlirOperation op, const char *name, intptr_t nOperands,
                       const MlirValue *operands, MlirType resultType, intptr_t nAttrs,
                       const MlirNamedAttribute *attrs) {
  (void)L;
  MlirOperation x = xnnBuildOp(name, mlirOperationGetLocation(op), nOperands, operands, 1,
                               &resultType, nAttrs, attrs);
  xnnInsertBefore(op, x);
  return mlirOperationGetResult(x, 0);
}

MlirValue xnnLowerConvert(XnnLowerCtx *L, MlirOperation op, MlirValue v, MlirType elem) {
  MlirType from = xnnValueElemType(v);
  if (mlirTypeEqual(from, elem))
    return v;
  MlirType f32 = mlirF32TypeGet(L->ctx);
  /* f16 <-> bf16 is two converts through f32: exact widening, then one RNE rounding. */
  if (!mlirTypeIsAF32(from) && !mlirTypeIsAF32(elem))
    v = xnnLowerConvert(L, op, v, f32);
  MlirValue out = xnnLowerEmit(L, op, "xnn.convert", 1, &v,
                               xnnTensorWithElem(mlirValueGetType(v), elem), 0, NULL);
  /* Keep the layout tag on the value's producer so consumers see it. */
  if (valueIsNHWC(v))
    xnnOpSetAttr(mlirOpResultGetOwner(out), "xnn.layout", lowerStrAttr(L, "NHWC"));
  return out;
}

/* An elided constant (dense_resource<__elided__>, structure only) stays
 * elided: the lowered constant has the type the data would have (`elem`,
 * permuted by `perm`), so every pass runs and the output says where the data
 * would be. */
static MlirValue lowerElidedConstant(XnnLowerCtx *L, MlirOperation op, MlirAttribute elided, XnnTypeInfo vt, MlirType elem,
                                     const int64_t *perm, bool nhwc) {
  int64_t dims[XNN_IR_MAX_RANK];
  for (intptr_t i = 0; i < vt.rank; ++i)
    dims[i] = perm ? vt.dims[perm[i]] : vt.dims[i];
  MlirType type = mlirRankedTensorTypeGet(vt.rank, dims, elem, mlirAttributeGetNull());
  MlirAttribute value = xnnMlirDenseResourceWithType(elided, type);
  if (mlirAttributeIsNull(value)) {
    xnnLowerFail(L, op, "cannot build an elided constant of the lowered type");
    return (MlirValue){NULL};
  }
  MlirNamedAttribute attr = lowerNamed(L, "value", value);
  MlirValue out = xnnLowerEmit(L, op, "xnn.constant", 0, NULL, type, 1, &attr);
  if (nhwc)
    xnnOpSetAttr(mlirOpResultGetOwner(out), "xnn.layout", lowerStrAttr(L, "NHWC"));
  return out;
}

MlirValue xnnLowerConstantOperand(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirType elem,
                                  const int64_t *perm) {
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, idx));
  XnnElements e;
  char err[256];
  MlirAttribute value = xnnOpAttr(def, "value");
  XnnTypeInfo vt = xnnTypeInfo(mlirAttributeGetType(value));
  bool nhwc = !perm && vt.rank == 4 && xnnLowerIsNHWC(def);
  if (!xnnConstantHasPayload(def)) {
    if (mlirAttributeIsADenseResourceElements(value) && xnnResourceIsElided(value))
      return lowerElidedConstant(L, op, value, vt, elem, perm ? perm : nhwc ? kToNHWC : NULL, nhwc);
    xnnLowerFail(L, op, "operand #%zd: constant payload missing (dense_resource without a blob)",
                 (ssize_t)idx);
    return (MlirValue){NULL};
  }
  /* Data already in the wanted dtype and layout is the payload as it is, a
   * dense_resource blob included (never copied when not transformed). */
  bool asIs = !perm && !nhwc && mlirTypeEqual(vt.elem, elem) &&
              (mlirAttributeIsADenseElements(value) || mlirAttributeIsADenseResourceElements(value));
  /* A bf16/f16 blob wanted in f32 is widened when the tensor is defined
   * (xnn.constant allows it): the IR and the weights file keep the small
   * dtype, and no pass materialises gigabytes of widened weights. */
  bool widened = !asIs && !perm && !nhwc && mlirAttributeIsADenseResourceElements(value) &&
                 mlirTypeIsAF32(elem) && (mlirTypeIsABF16(vt.elem) || mlirTypeIsAF16(vt.elem));
  if ((asIs || widened) && mlirAttributeIsADenseResourceElements(value)) { /* the blob must fit its type */
    if (!xnnElementsView(value, &e, err, sizeof(err))) {
      xnnLowerFail(L, op, "operand #%zd: %s", (ssize_t)idx, err);
      return (MlirValue){NULL};
    }
    xnnElementsFree(&e);
  }
  if (widened) {
    MlirNamedAttribute attr = lowerNamed(L, "value", value);
    return xnnLowerEmit(L, op, "xnn.constant", 0, NULL, xnnTensorType(vt.dims, vt.rank, elem), 1, &attr);
  }
  if (!asIs) {
    if (!xnnElementsView(value, &e, err, sizeof(err))) {
      xnnLowerFail(L, op, "operand #%zd: %s", (ssize_t)idx, err);
      return (MlirValue){NULL};
    }
    const void *source = e.data;
    size_t sourceBytes = (size_t)e.count * e.elemSize;
    if (!xnnElementsConvert(&e, elem)) {
      xnnElementsFree(&e);
      xnnLowerFail(L, op, "operand #%zd: unsupported constant conversion", (ssize_t)idx);
      return (MlirValue){NULL};
    }
    if (perm)
      xnnElementsPermute(&e, perm);
    else if (nhwc)
      xnnElementsPermute(&e, kToNHWC);
    /* The source's pages of a mapped bytecode input are not needed again. */
    if (e.fromResource && e.data != source)
      xnnMlirReleaseMappedBytes(source, sourceBytes);
    value = xnnElementsToAttr(&e);
    xnnElementsFree(&e);
  }
  MlirNamedAttribute attr = lowerNamed(L, "value", value);
  MlirValue out = xnnLowerEmit(L, op, "xnn.constant", 0, NULL, mlirAttributeGetType(value), 1, &attr);
  if (nhwc)
    xnnOpSetAttr(mlirOpResultGetOwner(out), "xnn.layout", lowerStrAttr(L, "NHWC"));
  return out;
}

MlirValue xnnLowerOperand(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirType elem) {
  if (xnnLowerOperandIsConstant(op, idx))
    return xnnLowerConstantOperand(L, op, idx, elem, NULL);
  return xnnLowerConvert(L, op, mlirOperationGetOperand(op, idx), elem);
}

void xnnLowerReplace(XnnLowerCtx *L, MlirOperation op, MlirValue v) { xnnLowerReplaceResult(L, op, 0, v); }

void xnnLowerReplaceResult(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirValue v) {
  MlirValue old = mlirOperationGetResult(op, idx);
  MlirType elem = xnnValueElemType(old);
  bool nhwc = xnnLowerIsNHWC(op) && xnnValueRank(old) == 4;
  MlirOperation def = xnnDefiningOp(v);
  if (!mlirOperationIsNull(def)) {
    if (nhwc)
      xnnOpSetAttr(def, "xnn.layout", lowerStrAttr(L, "NHWC"));
    else
      xnnOpRemoveAttr(def, "xnn.layout");
  }
  v = xnnLowerConvert(L, op, v, elem);
  mlirValueReplaceAllUsesOfWith(old, v);
}

int64_t xnnLowerAxis(MlirOperation op, intptr_t operand, int64_t axis) {
  MlirValue v = mlirOperationGetOperand(op, operand);
  intptr_t rank = xnnValueRank(v);
  if (axis < 0)
    axis += rank;
  if (rank == 4 && valueIsNHWC(v) && axis >= 0 && axis < 4)
    return kToNCHW[axis]; /* logical axis a sits at physical position kToNCHW[a] */
  return axis;
}

static const char *nodeKind(const XnnCapability *cap) {
  const char *dot = strchr(cap->node, '.');
  return dot ? dot + 1 : cap->node;
}

/* ---- elementwise -------------------------------------------------------- */

bool xnnLowerBinary(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue ins[2] = {xnnLowerOperand(L, op, 0, elem), xnnLowerOperand(L, op, 1, elem)};
  if (mlirValueIsNull(ins[0]) || mlirValueIsNull(ins[1]))
    return false;
  MlirNamedAttribute kind = lowerNamed(L, "kind", lowerStrAttr(L, nodeKind(cap)));
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.binary", 2, ins, xnnLowerResultType(op, 0, elem), 1, &kind));
  return true;
}

static MlirValue scalar(XnnLowerCtx *L, MlirOperation op, MlirValue like, float v);
static MlirValue binaryOf(XnnLowerCtx *L, MlirOperation op, const char *kind, MlirValue a, MlirValue b);

/* x clamped to [lo, hi] (lo <= hi; infinite = unbounded). XNNPACK fuses a
 * clamp into a preceding convolution, pooling or clamp node, whose operator
 * then refuses or miscomputes a range that does not hold 0 strictly below its
 * maximum, or whose minimum is -0 (xnn-probe --check-capabilities, fuzz seed
 * 7249: [-1, 0] after a conv gave 0s): such a range is clamped with binary
 * maximum/minimum, which never fuse (an infinite side needs no node). */
static MlirValue clampOf(XnnLowerCtx *L, MlirOperation op, MlirValue x, MlirType type, double lo, double hi) {
  if (!(hi > 0.0 && (lo < 0.0 || (lo == 0.0 && !signbit(lo))))) {
    MlirValue v = x;
    if (!(isinf(lo) && lo < 0.0))
      v = binaryOf(L, op, "maximum", v, scalar(L, op, x, (float)lo));
    if (!(isinf(hi) && hi > 0.0) || mlirValueEqual(v, x))
      v = binaryOf(L, op, "minimum", v, scalar(L, op, x, (float)hi));
    return v;
  }
  MlirNamedAttribute attrs[3] = {lowerNamed(L, "kind", lowerStrAttr(L, "clamp")),
                                 lowerNamed(L, "min", xnnF64Attr(L->ctx, lo)),
                                 lowerNamed(L, "max", xnnF64Attr(L->ctx, hi))};
  return xnnLowerEmit(L, op, "xnn.unary", 1, &x, type, 3, attrs);
}

/* The range an edge clamp-like op clamps to: relu [0, inf), hardtanh
 * [min_val, max_val], clamp [min, max] with an absent side unbounded, a NaN
 * one too when it is the only bound (ATen's std::max(x, NaN) is x; two bounds
 * with a NaN stay portable: checkClamp) and, when min > max, [max, max]
 * (ATen's min(max(x, min), max) is max for every non-NaN x). */
static void clampRange(MlirOperation op, double *lo, double *hi) {
  *lo = 0.0, *hi = INFINITY;
  if (xnnOpIs(op, "edge.hardtanh")) {
    xnnAttrF64(op, "min_val", lo);
    xnnAttrF64(op, "max_val", hi);
  } else if (xnnOpIs(op, "edge.clamp")) {
    *lo = -INFINITY;
    if (!xnnAttrF64(op, "min", lo) || isnan(*lo))
      *lo = -INFINITY;
    if (!xnnAttrF64(op, "max", hi) || isnan(*hi))
      *hi = INFINITY;
    if (*lo > *hi)
      *lo = *hi;
  }
}

bool xnnLowerUnary(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  MlirType type = xnnLowerResultType(op, 0, elem);
  const char *kind = nodeKind(cap);
  if (!strcmp(kind, "clamp")) {
    double lo, hi;
    clampRange(op, &lo, &hi);
    xnnLowerReplace(L, op, clampOf(L, op, in, type, lo, hi));
    return true;
  }
  MlirNamedAttribute attrs[2];
  intptr_t n = 0;
  attrs[n++] = lowerNamed(L, "kind", lowerStrAttr(L, kind));
  /* ATen's defaults written out: the xnn op states its parameter. */
  double param;
  if (!strcmp(kind, "leaky_relu")) {
    if (!xnnAttrF64(op, "negative_slope", &param))
      param = 0.01;
    attrs[n++] = lowerNamed(L, "negative_slope", xnnF64Attr(L->ctx, param));
  } else if (!strcmp(kind, "elu")) {
    if (!xnnAttrF64(op, "alpha", &param))
      param = 1.0;
    attrs[n++] = lowerNamed(L, "alpha", xnnF64Attr(L->ctx, param));
  }
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.unary", 1, &in, type, n, attrs));
  return true;
}

/* An xnn.constant of f32 data `v` (`count` elements; splat if count is 1 and
 * the shape holds more) of shape dims/rank, converted to `elem`. */
static MlirValue f32Constant(XnnLowerCtx *L, MlirOperation op, const float *v, int64_t count,
                             const int64_t *dims, intptr_t rank, MlirType elem) {
  XnnElements e;
  memset(&e, 0, sizeof(e));
  e.elem = mlirF32TypeGet(L->ctx);
  e.rank = rank, e.count = count, e.elemSize = 4;
  memcpy(e.dims, dims, sizeof(int64_t) * (size_t)rank);
  int64_t total = 1;
  for (intptr_t i = 0; i < rank; ++i)
    total *= dims[i];
  e.splat = count == 1 && total != 1;
  if (!(e.data = malloc(4 * (size_t)count)))
    abort();
  memcpy(e.data, v, 4 * (size_t)count);
  xnnElementsConvert(&e, elem);
  MlirAttribute value = xnnElementsToAttr(&e);
  xnnElementsFree(&e);
  MlirNamedAttribute attr = lowerNamed(L, "value", value);
  return xnnLowerEmit(L, op, "xnn.constant", 0, NULL, mlirAttributeGetType(value), 1, &attr);
}

/* A one-element constant that broadcasts against `like` without growing it:
 * rank 0 for a rank-0 value (a [1] would make the result rank 1). */
static MlirValue scalar(XnnLowerCtx *L, MlirOperation op, MlirValue like, float v) {
  int64_t one = 1;
  return f32Constant(L, op, &v, 1, &one, xnnValueRank(like) > 0 ? 1 : 0, xnnValueElemType(like));
}

/* The data of constant operand `idx`, widened to f32 (exact for f16/bf16).
 * An elided payload gives true with e->data NULL and *elided set to it; a
 * missing or unreadable one is a located error (false). */
static bool constantF32(XnnLowerCtx *L, MlirOperation op, intptr_t idx, XnnElements *e,
                        MlirAttribute *elided) {
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, idx));
  MlirAttribute value = xnnOpAttr(def, "value");
  char err[256];
  memset(e, 0, sizeof *e);
  if (!xnnConstantHasPayload(def)) {
    if (mlirAttributeIsADenseResourceElements(value) && xnnResourceIsElided(value)) {
      *elided = value;
      return true;
    }
    return xnnLowerFail(L, op, "operand #%zd: constant payload missing (dense_resource without a blob)",
                        (ssize_t)idx);
  }
  if (!xnnElementsRead(value, e, err, sizeof err))
    return xnnLowerFail(L, op, "operand #%zd: %s", (ssize_t)idx, err);
  if (!xnnElementsConvert(e, mlirF32TypeGet(L->ctx))) {
    xnnElementsFree(e);
    return xnnLowerFail(L, op, "operand #%zd: unsupported constant conversion", (ssize_t)idx);
  }
  return true;
}

static float elementF32(const XnnElements *e, int64_t i) { return ((const float *)e->data)[e->splat ? 0 : i]; }

/* A compile-time result of shape dims/rank: `v` (f32, count elements), or,
 * when an input was elided, an elided constant of that type (structure only). */
static MlirValue foldedConstant(XnnLowerCtx *L, MlirOperation op, const float *v, int64_t count,
                                const int64_t *dims, intptr_t rank, MlirAttribute elided) {
  MlirType f32 = mlirF32TypeGet(L->ctx);
  if (mlirAttributeIsNull(elided))
    return f32Constant(L, op, v, count, dims, rank, f32);
  XnnTypeInfo t = {.rankedTensor = true, .staticShape = true, .rank = rank, .elem = f32};
  memcpy(t.dims, dims, sizeof(int64_t) * (size_t)rank);
  return lowerElidedConstant(L, op, elided, t, f32, NULL, false);
}

/* A binary node of `a` and `b`; its type is their broadcast shape, a's dtype. */
static MlirValue binaryOf(XnnLowerCtx *L, MlirOperation op, const char *kind, MlirValue a, MlirValue b) {
  MlirValue ins[2] = {a, b};
  MlirNamedAttribute k = lowerNamed(L, "kind", lowerStrAttr(L, kind));
  MlirType ta = mlirValueGetType(a), tb = mlirValueGetType(b);
  intptr_t ra = mlirShapedTypeGetRank(ta), rb = mlirShapedTypeGetRank(tb), r = ra > rb ? ra : rb;
  int64_t dims[XNN_IR_MAX_RANK];
  for (intptr_t i = 0; i < r; ++i) {
    int64_t da = i < r - ra ? 1 : mlirShapedTypeGetDimSize(ta, i - (r - ra));
    int64_t db = i < r - rb ? 1 : mlirShapedTypeGetDimSize(tb, i - (r - rb));
    dims[i] = da == 1 ? db : da;
  }
  MlirType t = mlirRankedTensorTypeGet(r, dims, mlirShapedTypeGetElementType(ta), mlirAttributeGetNull());
  return xnnLowerEmit(L, op, "xnn.binary", 2, ins, t, 1, &k);
}

static MlirValue unaryOf(XnnLowerCtx *L, MlirOperation op, const char *kind, MlirValue a) {
  MlirNamedAttribute k = lowerNamed(L, "kind", lowerStrAttr(L, kind));
  return xnnLowerEmit(L, op, "xnn.unary", 1, &a, mlirValueGetType(a), 1, &k);
}

/* rsqrt as ATen computes it on CPU, 1 / sqrt(x), in f32: XNNPACK's f32
 * reciprocal_square_root returns NaN at +-0 (ATen: +-inf); its f16 node gets
 * those right (xnn-probe --check-capabilities, unary special values). */
static MlirValue rsqrtOf(XnnLowerCtx *L, MlirOperation op, MlirValue x) {
  if (!mlirTypeIsAF32(xnnValueElemType(x)))
    return unaryOf(L, op, "reciprocal_square_root", x);
  return binaryOf(L, op, "divide", scalar(L, op, x, 1.0f), unaryOf(L, op, "square_root", x));
}

bool xnnLowerRsqrt(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirValue x = xnnLowerOperand(L, op, 0, xnnLowerComputeElem(L, op, cap));
  if (mlirValueIsNull(x))
    return false;
  xnnLowerReplace(L, op, rsqrtOf(L, op, x));
  return true;
}

/* gelu(approximate="tanh") has no XNNPACK node: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))),
 * computed in f32 and rounded once, as PyTorch's kernel does. */
bool xnnLowerGelu(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirStringRef approx;
  if (!xnnAttrString(op, "approximate", &approx) || !xnnStrRefEquals(approx, "tanh"))
    return xnnLowerUnary(L, op, cap);
  MlirType f32 = mlirF32TypeGet(L->ctx);
  MlirValue x = xnnLowerOperand(L, op, 0, f32);
  if (mlirValueIsNull(x))
    return false;
  MlirValue x3 = binaryOf(L, op, "multiply", binaryOf(L, op, "multiply", x, x), x);
  MlirValue inner = binaryOf(L, op, "add", x, binaryOf(L, op, "multiply", x3, scalar(L, op, x, 0.044715f)));
  MlirValue t = unaryOf(L, op, "tanh", binaryOf(L, op, "multiply", inner, scalar(L, op, x, 0.7978845608028654f)));
  MlirValue half = binaryOf(L, op, "multiply", x, scalar(L, op, x, 0.5f));
  xnnLowerReplace(L, op, binaryOf(L, op, "multiply", half, binaryOf(L, op, "add", t, scalar(L, op, x, 1.0f))));
  return true;
}

/* silu = x * sigmoid(x) (ATen: x / (1 + exp(-x)), within an ulp in f32), in
 * the dtype edge.sigmoid computes in. */
bool xnnLowerSilu(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirValue x = xnnLowerOperand(L, op, 0, xnnLowerComputeElem(L, op, cap));
  if (mlirValueIsNull(x))
    return false;
  xnnLowerReplace(L, op, binaryOf(L, op, "multiply", x, unaryOf(L, op, "sigmoid", x)));
  return true;
}

/* hardsigmoid as ATen computes it, min(max(x + 3, 0), 6) / 6: three correctly
 * rounded steps, so f32 results are ATen's bit for bit ([0, 6] is a clamp
 * XNNPACK may fuse into the add). */
bool xnnLowerHardsigmoid(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirValue x = xnnLowerOperand(L, op, 0, xnnLowerComputeElem(L, op, cap));
  if (mlirValueIsNull(x))
    return false;
  MlirValue a = binaryOf(L, op, "add", x, scalar(L, op, x, 3.0f));
  MlirValue c = clampOf(L, op, a, mlirValueGetType(a), 0.0, 6.0);
  xnnLowerReplace(L, op, binaryOf(L, op, "divide", c, scalar(L, op, x, 6.0f)));
  return true;
}

/* pow (pow.Tensor_Tensor: std::pow per element) with a constant exponent the
 * capability check admits (2, 1, 0.5, -0.5): x*x, x, sqrt and 1/sqrt, in the
 * dtypes and with the nodes edge.sqrt and edge.rsqrt use. */
bool xnnLowerPow(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  double e = xnnPowConstantExponent(op);
  const XnnCapability *as = e == 0.5    ? xnnCapabilityLookup(mlirStringRefCreateFromCString("edge.sqrt"))
                            : e == -0.5 ? xnnCapabilityLookup(mlirStringRefCreateFromCString("edge.rsqrt"))
                                        : cap;
  MlirType elem = xnnLowerComputeElem(L, op, as);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  /* pow(-0, +-0.5) is +0 / +inf where sqrt / rsqrt give -0 / -inf: x + 0
   * turns -0 into +0 and leaves every other x as it is. */
  MlirValue z = e == 0.5 || e == -0.5 ? binaryOf(L, op, "add", in, scalar(L, op, in, 0.0f)) : in;
  MlirValue r = e == 2.0 ? unaryOf(L, op, "square", in)
                : e == 0.5 ? unaryOf(L, op, "square_root", z)
                : e == -0.5 ? rsqrtOf(L, op, z)
                            : in;
  MlirType out = xnnLowerResultType(op, 0, elem);
  /* A one-element exponent may still raise the rank ([] ** [1] is [1]). */
  if (!mlirTypeEqual(mlirValueGetType(r), out))
    r = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &r, out, 0, NULL);
  else if (mlirValueEqual(r, in))
    r = xnnLowerEmit(L, op, "xnn.copy", 1, &r, out, 0, NULL);
  xnnLowerReplace(L, op, r);
  return true;
}

/* ---- reductions --------------------------------------------------------- */

bool xnnLowerReduce(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t dims[XNN_IR_MAX_RANK], axes[XNN_IR_MAX_RANK];
  intptr_t n = 0, rank = xnnValueRank(mlirOperationGetOperand(op, 0));
  if (rank == 0) { /* ATen reduces a 0-d tensor over dim 0, -1 or all: itself */
    xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &in, xnnLowerResultType(op, 0, elem), 0, NULL));
    return true;
  }
  xnnAttrI64Array(op, "dims", dims, XNN_IR_MAX_RANK, &n);
  if (n == 0) /* empty dims: reduce everything */
    for (n = 0; n < rank; ++n)
      dims[n] = n;
  for (intptr_t i = 0; i < n; ++i)
    axes[i] = xnnLowerAxis(op, 0, dims[i]);
  /* XNNPACK wants ascending axes. */
  for (intptr_t i = 1; i < n; ++i)
    for (intptr_t j = i; j > 0 && axes[j - 1] > axes[j]; --j) {
      int64_t t = axes[j];
      axes[j] = axes[j - 1], axes[j - 1] = t;
    }
  bool keep = false;
  xnnAttrBool(op, "keepdim", &keep);
  MlirNamedAttribute attrs[3] = {
      lowerNamed(L, "kind", lowerStrAttr(L, nodeKind(cap))),
      lowerNamed(L, "axes", xnnI64ArrayAttr(L->ctx, axes, n)),
      lowerNamed(L, "keep_dims", mlirBoolAttrGet(L->ctx, keep)),
  };
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_reduce", 1, &in, xnnLowerResultType(op, 0, elem), 3, attrs));
  return true;
}

bool xnnLowerSoftmax(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  int64_t dim = -1;
  xnnAttrI64(op, "dim", &dim);
  intptr_t rank = xnnValueRank(mlirOperationGetOperand(op, 0));
  if (xnnLowerAxis(op, 0, dim) != rank - 1)
    return xnnLowerFail(L, op, "softmax axis is not the innermost physical dimension");
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.softmax", 1, &in, xnnLowerResultType(op, 0, elem), 0, NULL));
  return true;
}

/* ---- linear algebra ----------------------------------------------------- */

/* linear(x, w[out,in], b): fully connected with a static filter; a dynamic
 * filter is taken by XNNPACK in f32 only. */
bool xnnLowerLinear(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  bool dynamicWeights = !xnnLowerOperandIsConstant(op, 1);
  MlirType elem = dynamicWeights ? mlirF32TypeGet(L->ctx) : xnnLowerComputeElem(L, op, cap);
  MlirValue ins[3];
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    if (mlirValueIsNull(ins[i] = xnnLowerOperand(L, op, i, elem)))
      return false;
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.fully_connected", n, ins, xnnLowerResultType(op, 0, elem), 0, NULL));
  return true;
}

/* ins[0] @ ins[1] of type `out` as a batch matmul (rank >= 3 as it is). */
static MlirValue matmulOf(XnnLowerCtx *L, MlirOperation op, MlirValue ins[2], MlirType out) {
  if (xnnValueRank(ins[0]) >= 3)
    return xnnLowerEmit(L, op, "xnn.batch_matrix_multiply", 2, ins, out, 0, NULL);
  /* XNNPACK's batch matmul wants a batch dim: [M,K] x [K,N] as [1,M,K] x [1,K,N]. */
  MlirType elem = mlirShapedTypeGetElementType(out);
  for (int i = 0; i < 2; ++i) {
    int64_t d[3] = {1, 0, 0};
    xnnValueShape(ins[i], d + 1);
    ins[i] = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &ins[i], xnnTensorType(d, 3, elem), 0, NULL);
  }
  int64_t d[3] = {1, mlirShapedTypeGetDimSize(out, 0), mlirShapedTypeGetDimSize(out, 1)};
  MlirValue r = xnnLowerEmit(L, op, "xnn.batch_matrix_multiply", 2, ins, xnnTensorType(d, 3, elem), 0, NULL);
  return xnnLowerEmit(L, op, "xnn.static_reshape", 1, &r, out, 0, NULL);
}

/* mm(a, b[K,N]): a static b is a fully connected filter stored [N,K]; a dynamic one a batch matmul. */
bool xnnLowerMatmul(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  if (xnnOpIs(op, "edge.mm") && xnnLowerOperandIsConstant(op, 1)) {
    static const int64_t transpose[2] = {1, 0};
    MlirValue ins[2] = {xnnLowerOperand(L, op, 0, elem), xnnLowerConstantOperand(L, op, 1, elem, transpose)};
    if (mlirValueIsNull(ins[0]) || mlirValueIsNull(ins[1]))
      return false;
    xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.fully_connected", 2, ins, xnnLowerResultType(op, 0, elem), 0, NULL));
    return true;
  }
  MlirValue ins[2] = {xnnLowerOperand(L, op, 0, elem), xnnLowerOperand(L, op, 1, elem)};
  if (mlirValueIsNull(ins[0]) || mlirValueIsNull(ins[1]))
    return false;
  xnnLowerReplace(L, op, matmulOf(L, op, ins, xnnLowerResultType(op, 0, elem)));
  return true;
}

/* ATen's softmax of a row whose scores are all -inf is zeros (_safe_softmax),
 * XNNPACK's is NaN: with a mask that can hide a whole row, the scores `t` go
 * through this guard. kept = 1 / (1 + (max(t, -FLT_MAX) - t)) is 1 where t is
 * finite, 0 where -inf, NaN where NaN; its row sum counts the kept scores.
 * Rows keeping none get their scores lifted to -0 (max(t, rowAny * -FLT_MAX * 2),
 * which is -inf, a no-op, for every other row), so the softmax is finite and
 * `*rowScale` (0 or 1) zeroes it; `*rowNaN` (0, or NaN for a row with a NaN
 * score, which XNNPACK's maximum would drop) is added to the output. */
static MlirValue guardMaskedRows(XnnLowerCtx *L, MlirOperation op, MlirValue t, MlirValue *rowScale,
                                 MlirValue *rowNaN) {
  int64_t dims[XNN_IR_MAX_RANK];
  intptr_t r = xnnValueShape(t, dims);
  MlirValue lifted = binaryOf(L, op, "maximum", t, scalar(L, op, t, -FLT_MAX));
  MlirValue d = binaryOf(L, op, "subtract", lifted, t);
  MlirValue kept = binaryOf(L, op, "divide", scalar(L, op, t, 1.0f), binaryOf(L, op, "add", d, scalar(L, op, t, 1.0f)));
  int64_t axis = r - 1;
  MlirNamedAttribute attrs[3] = {
      lowerNamed(L, "kind", lowerStrAttr(L, "sum")),
      lowerNamed(L, "axes", xnnI64ArrayAttr(L->ctx, &axis, 1)),
      lowerNamed(L, "keep_dims", mlirBoolAttrGet(L->ctx, true)),
  };
  dims[r - 1] = 1;
  MlirValue count = xnnLowerEmit(L, op, "xnn.static_reduce", 1, &kept, xnnTensorType(dims, r, xnnValueElemType(t)), 3, attrs);
  *rowNaN = binaryOf(L, op, "multiply", count, scalar(L, op, count, 0.0f));
  *rowScale = binaryOf(L, op, "minimum", count, scalar(L, op, count, 1.0f));
  MlirValue floor = binaryOf(L, op, "multiply", binaryOf(L, op, "multiply", *rowScale, scalar(L, op, count, -FLT_MAX)),
                             scalar(L, op, count, 2.0f));
  return binaryOf(L, op, "maximum", t, floor);
}

/* Constant boolean mask operand `idx` as ATen applies it: an additive f32
 * mask, 0 where true (attend) and -inf where false; elided stays elided. */
static MlirValue boolMaskConstant(XnnLowerCtx *L, MlirOperation op, intptr_t idx) {
  int64_t dims[XNN_IR_MAX_RANK], count = 1;
  intptr_t rank = xnnValueShape(mlirOperationGetOperand(op, idx), dims);
  for (intptr_t i = 0; i < rank; ++i)
    count *= dims[i];
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, idx));
  MlirAttribute value = xnnOpAttr(def, "value");
  if (!xnnConstantHasPayload(def)) {
    if (mlirAttributeIsADenseResourceElements(value) && xnnResourceIsElided(value))
      return foldedConstant(L, op, NULL, 0, dims, rank, value);
    xnnLowerFail(L, op, "operand #%zd: constant payload missing (dense_resource without a blob)", (ssize_t)idx);
    return (MlirValue){NULL};
  }
  unsigned char *bits = malloc((size_t)count + 1);
  float *v = malloc(sizeof(float) * (size_t)count + 1);
  char err[256];
  if (!bits || !v)
    abort();
  MlirValue out = {NULL};
  if (xnnElementsReadBool(value, bits, count, err, sizeof err)) {
    for (int64_t i = 0; i < count; ++i)
      v[i] = bits[i] ? 0.0f : -INFINITY;
    out = f32Constant(L, op, v, count, dims, rank, mlirF32TypeGet(L->ctx));
  } else {
    xnnLowerFail(L, op, "operand #%zd: %s", (ssize_t)idx, err);
  }
  free(bits);
  free(v);
  return out;
}

/* sdpa (checkSdpa: no mask, is_causal, a float mask or a constant boolean one; rank >= 3), in f32 as
 * the reference kernel: scores = (q . k^T) * scale, causal positions s > l at
 * -inf (an added constant: -inf + finite = -inf) or the mask added, softmax
 * over s (fully masked rows zeros, guardMaskedRows), then . v; rounded once to
 * the result dtype. */
bool xnnLowerSdpa(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  (void)cap;
  MlirType f32 = mlirF32TypeGet(L->ctx);
  MlirValue q = xnnLowerOperand(L, op, 0, f32), k = xnnLowerOperand(L, op, 1, f32),
            v = xnnLowerOperand(L, op, 2, f32);
  if (mlirValueIsNull(q) || mlirValueIsNull(k) || mlirValueIsNull(v))
    return false;
  int64_t qd[XNN_IR_MAX_RANK], kd[XNN_IR_MAX_RANK], vd[XNN_IR_MAX_RANK];
  intptr_t r = xnnValueShape(q, qd);
  xnnValueShape(k, kd);
  xnnValueShape(v, vd);
  int64_t Lq = qd[r - 2], E = qd[r - 1], S = kd[r - 2];
  double scale = E > 0 ? 1.0 / sqrt((double)E) : 1.0;
  xnnAttrF64(op, "scale", &scale);
  bool causal = false;
  xnnAttrBool(op, "is_causal", &causal);
  int64_t sd[XNN_IR_MAX_RANK];
  memcpy(sd, qd, sizeof(int64_t) * (size_t)r);
  sd[r - 1] = S;
  MlirNamedAttribute tb = lowerNamed(L, "transpose_b", mlirBoolAttrGet(L->ctx, true));
  MlirValue qk[2] = {q, k};
  MlirValue s = xnnLowerEmit(L, op, "xnn.batch_matrix_multiply", 2, qk, xnnTensorType(sd, r, f32), 1, &tb);
  s = binaryOf(L, op, "multiply", s, scalar(L, op, s, (float)scale));
  if (causal) {
    float *m = malloc(sizeof(float) * (size_t)(Lq * S));
    if (!m)
      abort();
    for (int64_t l = 0; l < Lq; ++l)
      for (int64_t j = 0; j < S; ++j)
        m[l * S + j] = j > l ? -INFINITY : 0.0f;
    int64_t md[XNN_IR_MAX_RANK];
    for (intptr_t i = 0; i < r; ++i)
      md[i] = i < r - 2 ? 1 : sd[i];
    s = binaryOf(L, op, "add", s, f32Constant(L, op, m, Lq * S, md, r, f32));
    free(m);
  }
  MlirValue rowScale = {NULL}, rowNaN = {NULL};
  if (mlirOperationGetNumOperands(op) == 4) {
    MlirValue mask = mlirTypeIsAFloat(xnnValueElemType(mlirOperationGetOperand(op, 3)))
                         ? xnnLowerOperand(L, op, 3, f32)
                         : boolMaskConstant(L, op, 3);
    if (mlirValueIsNull(mask))
      return false;
    s = guardMaskedRows(L, op, binaryOf(L, op, "add", s, mask), &rowScale, &rowNaN);
  }
  MlirValue p = xnnLowerEmit(L, op, "xnn.softmax", 1, &s, mlirValueGetType(s), 0, NULL);
  if (!mlirValueIsNull(rowScale))
    p = binaryOf(L, op, "multiply", p, rowScale);
  MlirValue pv[2] = {p, v};
  int64_t od[XNN_IR_MAX_RANK];
  memcpy(od, qd, sizeof(int64_t) * (size_t)r);
  od[r - 1] = vd[r - 1];
  MlirValue out = xnnLowerEmit(L, op, "xnn.batch_matrix_multiply", 2, pv, xnnTensorType(od, r, f32), 0, NULL);
  if (!mlirValueIsNull(rowNaN))
    out = binaryOf(L, op, "add", out, rowNaN);
  xnnLowerReplace(L, op, out);
  return true;
}

/* Constant operand `idx` in f32 with every element v replaced by
 * fl(factor * v) (ATen's gemm scales in f32 too), dims permuted by `perm`
 * (NULL: none) and then viewed as dims/rank. With `exactOnly`, a product that
 * is not exact (an overflow or an underflow of a power-of-two factor) gives a
 * null value and no error: the caller scales at run time instead. An elided
 * payload stays elided under the final type. */
static MlirValue scaledConstant(XnnLowerCtx *L, MlirOperation op, intptr_t idx, float factor,
                                const int64_t *perm, const int64_t *dims, intptr_t rank, bool exactOnly) {
  XnnElements e;
  MlirAttribute elided = {NULL};
  if (!constantF32(L, op, idx, &e, &elided))
    return (MlirValue){NULL};
  if (!mlirAttributeIsNull(elided))
    return foldedConstant(L, op, NULL, 0, dims, rank, elided);
  float *v = e.data;
  bool exact = true;
  for (int64_t i = 0; i < e.count; ++i) {
    float p = factor * v[i];
    exact = exact && (isnan(v[i]) || (isfinite(p) == isfinite(v[i]) && p / factor == v[i]));
    v[i] = p;
  }
  MlirValue out = {NULL};
  if (exact || !exactOnly) {
    if (perm) /* moves the data to a new buffer */
      xnnElementsPermute(&e, perm);
    out = f32Constant(L, op, e.data, e.count, dims, rank, mlirF32TypeGet(L->ctx));
  }
  xnnElementsFree(&e);
  return out;
}

/* addmm = beta * bias + alpha * (a @ b), in f32 for every dtype (the pinned
 * XNNPACK's f16 GEMMs miscompute, bf16 has none), rounded once. A constant b
 * is a fully connected filter (transposed at compile time); alpha folds into
 * it when it is a power of two and every product is exact, else it is a
 * multiply after the GEMM. A constant bias is scaled by beta at compile time
 * (fl(beta * bias), the reference's own f32 product) and, when [N] or
 * [1, N] with alpha folded, is the fully connected bias; beta = 0 drops the
 * bias, NaNs included, as ATen. A dynamic b is a batch matmul. */
bool xnnLowerAddmm(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  double beta = 1.0, alpha = 1.0;
  xnnAttrF64(op, "beta", &beta);
  xnnAttrF64(op, "alpha", &alpha);
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirType out = xnnLowerResultType(op, 0, elem);
  int64_t N = mlirShapedTypeGetDimSize(out, 1);
  MlirValue a = xnnLowerOperand(L, op, 1, elem);
  if (mlirValueIsNull(a))
    return false;
  /* The bias term, at its own shape (or [N] when it can be the FC bias). */
  MlirValue bias = {NULL};
  int64_t cdims[XNN_IR_MAX_RANK];
  intptr_t crank = xnnValueShape(mlirOperationGetOperand(op, 0), cdims);
  bool rowBias = (crank == 1 && cdims[0] == N) || (crank == 2 && cdims[0] == 1 && cdims[1] == N);
  bool biasConst = xnnLowerOperandIsConstant(op, 0);
  if (beta != 0.0) {
    if (biasConst)
      bias = scaledConstant(L, op, 0, (float)beta, NULL, rowBias ? &N : cdims, rowBias ? 1 : crank, false);
    else if (!mlirValueIsNull(bias = xnnLowerOperand(L, op, 0, elem)) && beta != 1.0)
      bias = binaryOf(L, op, "multiply", bias, scalar(L, op, bias, (float)beta));
    if (mlirValueIsNull(bias))
      return false;
  }
  MlirValue prod;
  bool alphaDone = alpha == 1.0;
  if (xnnLowerOperandIsConstant(op, 2)) {
    static const int64_t transpose[2] = {1, 0};
    int64_t fdims[2] = {N, mlirShapedTypeGetDimSize(mlirValueGetType(a), 1)};
    int expo;
    MlirValue filter = {NULL};
    if (!alphaDone && frexp(alpha, &expo) == 0.5 && (double)(float)alpha == alpha) {
      filter = scaledConstant(L, op, 2, (float)alpha, transpose, fdims, 2, true);
      if (L->failed)
        return false;
      alphaDone = !mlirValueIsNull(filter);
    }
    if (mlirValueIsNull(filter) && mlirValueIsNull(filter = xnnLowerConstantOperand(L, op, 2, elem, transpose)))
      return false;
    bool fcBias = alphaDone && biasConst && rowBias && !mlirValueIsNull(bias);
    MlirValue ins[3] = {a, filter, bias};
    prod = xnnLowerEmit(L, op, "xnn.fully_connected", fcBias ? 3 : 2, ins, out, 0, NULL);
    if (fcBias)
      bias = (MlirValue){NULL};
  } else {
    MlirValue ins[2] = {a, xnnLowerOperand(L, op, 2, elem)};
    if (mlirValueIsNull(ins[1]))
      return false;
    prod = matmulOf(L, op, ins, out);
  }
  if (!alphaDone)
    prod = binaryOf(L, op, "multiply", prod, scalar(L, op, prod, (float)alpha));
  if (!mlirValueIsNull(bias))
    prod = binaryOf(L, op, "add", prod, bias);
  xnnLowerReplace(L, op, prod);
  return true;
}

/* ---- convolution and pooling -------------------------------------------- */

/* An input with one element has no layout (the tagger leaves it untagged:
 * both layouts are the same bytes), so it passes as NHWC (fuzz seed 31985). */
static bool requireNHWC(XnnLowerCtx *L, MlirOperation op) {
  bool inputNHWC = xnnLowerOperandIsNHWC(op, 0) || xnnValueNumElements(mlirOperationGetOperand(op, 0)) == 1;
  if (!inputNHWC || !xnnLowerIsNHWC(op))
    return xnnLowerFail(L, op, "input and result must be tagged NHWC (run xnn-tag-channels-last first)");
  return true;
}

/* XNNPACK padding order (top, right, bottom, left) from ATen's symmetric (h, w). */
static MlirAttribute pair4(XnnLowerCtx *L, const int64_t *p) {
  int64_t v[4] = {p[0], p[1], p[0], p[1]};
  return xnnI64ArrayAttr(L->ctx, v, 4);
}

bool xnnLowerConv(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (!requireNHWC(L, op))
    return false;
  MlirType elem = xnnLowerComputeElem(L, op, cap), f32 = mlirF32TypeGet(L->ctx);
  int64_t stride[2] = {1, 1}, padding[2] = {0, 0}, dilation[2] = {1, 1}, groups = 1, w[4];
  intptr_t n;
  xnnAttrI64Array(op, "stride", stride, 2, &n);
  xnnAttrI64Array(op, "padding", padding, 2, &n);
  xnnAttrI64Array(op, "dilation", dilation, 2, &n);
  xnnAttrI64(op, "groups", &groups);
  xnnValueShape(mlirOperationGetOperand(op, 1), w); /* [O, I/g, KH, KW] */
  /* XNNPACK's f16 convolution takes f32 static weights; OIHW -> OHWI. */
  MlirValue ins[3] = {xnnLowerOperand(L, op, 0, elem), xnnLowerConstantOperand(L, op, 1, f32, kToNHWC)};
  intptr_t numIns = 2;
  if (mlirOperationGetNumOperands(op) > 2)
    ins[numIns++] = xnnLowerConstantOperand(L, op, 2, f32, NULL);
  for (intptr_t i = 0; i < numIns; ++i)
    if (mlirValueIsNull(ins[i]))
      return false;
  int64_t kernel[2] = {w[2], w[3]};
  MlirNamedAttribute attrs[7] = {
      lowerNamed(L, "padding", pair4(L, padding)),
      lowerNamed(L, "kernel", xnnI64ArrayAttr(L->ctx, kernel, 2)),
      lowerNamed(L, "subsampling", xnnI64ArrayAttr(L->ctx, stride, 2)),
      lowerNamed(L, "dilation", xnnI64ArrayAttr(L->ctx, dilation, 2)),
      lowerNamed(L, "groups", xnnI64Attr(L->ctx, groups)),
      lowerNamed(L, "group_input_channels", xnnI64Attr(L->ctx, w[1])),
      lowerNamed(L, "group_output_channels", xnnI64Attr(L->ctx, w[0] / (groups ? groups : 1))),
  };
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.convolution_2d", numIns, ins, xnnLowerResultType(op, 0, elem), 7, attrs));
  return true;
}

/* The conv_transpose2d filter as XNNPACK's deconvolution takes it, in f32
 * (its f16 node takes f32 static weights): ATen's [Cin, Cout/G, KH, KW] is
 * [G, Cin/G, Cout/G, KH, KW] row-major, permuted to [G, Cout/G, KH, KW, Cin/G]
 * = [Cout, KH, KW, Cin/G], once at compile time. */
static MlirValue deconvFilter(XnnLowerCtx *L, MlirOperation op, int64_t groups) {
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, 1));
  MlirAttribute value = xnnOpAttr(def, "value");
  MlirType f32 = mlirF32TypeGet(L->ctx);
  int64_t w[4];
  xnnValueShape(mlirOperationGetOperand(op, 1), w);
  int64_t cinG = w[0] / groups, split[5] = {groups, cinG, w[1], w[2], w[3]};
  int64_t dims[4] = {groups * w[1], w[2], w[3], cinG};
  static const int64_t perm[5] = {0, 2, 3, 4, 1};
  if (!xnnConstantHasPayload(def)) {
    if (mlirAttributeIsADenseResourceElements(value) && xnnResourceIsElided(value))
      return lowerElidedConstant(L, op, value, xnnTypeInfo(xnnTensorType(dims, 4, f32)), f32, NULL, false);
    xnnLowerFail(L, op, "operand #1: constant payload missing (dense_resource without a blob)");
    return (MlirValue){NULL};
  }
  XnnElements e;
  char err[256];
  if (!xnnElementsView(value, &e, err, sizeof(err))) {
    xnnLowerFail(L, op, "operand #1: %s", err);
    return (MlirValue){NULL};
  }
  if (!xnnElementsConvert(&e, f32)) {
    xnnElementsFree(&e);
    xnnLowerFail(L, op, "operand #1: unsupported constant conversion");
    return (MlirValue){NULL};
  }
  xnnElementsReshape(&e, split, 5);
  xnnElementsPermute(&e, perm);
  xnnElementsReshape(&e, dims, 4);
  value = xnnElementsToAttr(&e);
  xnnElementsFree(&e);
  MlirNamedAttribute attr = lowerNamed(L, "value", value);
  return xnnLowerEmit(L, op, "xnn.constant", 0, NULL, mlirAttributeGetType(value), 1, &attr);
}

/* conv_transpose2d -> deconvolution_2d (NHWC). XNNPACK's output size is
 * upsampling * (IH - 1) + adjustment + dilation * (KH - 1) + 1 - top - bottom
 * over the same full (uncropped) output as ATen's, whose rows [p, p + OH)
 * ATen keeps: top = p, and output_padding first cancels bottom padding
 * (bottom = p - op), only the rest is XNNPACK's adjustment (rows past the
 * full output: bias only, as in ATen), which it requires below the stride
 * (checked by the capability table). */
bool xnnLowerConvTranspose(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (!requireNHWC(L, op))
    return false;
  MlirType elem = xnnLowerComputeElem(L, op, cap), f32 = mlirF32TypeGet(L->ctx);
  int64_t stride[2] = {1, 1}, padding[2] = {0, 0}, outPad[2] = {0, 0}, dilation[2] = {1, 1}, groups = 1, w[4];
  intptr_t n;
  xnnAttrI64Array(op, "stride", stride, 2, &n);
  xnnAttrI64Array(op, "padding", padding, 2, &n);
  xnnAttrI64Array(op, "output_padding", outPad, 2, &n);
  xnnAttrI64Array(op, "dilation", dilation, 2, &n);
  xnnAttrI64(op, "groups", &groups);
  if (groups < 1)
    groups = 1;
  xnnValueShape(mlirOperationGetOperand(op, 1), w); /* [Cin, Cout/G, KH, KW] */
  MlirValue ins[3] = {xnnLowerOperand(L, op, 0, elem), deconvFilter(L, op, groups)};
  intptr_t numIns = 2;
  if (mlirOperationGetNumOperands(op) > 2)
    ins[numIns++] = xnnLowerConstantOperand(L, op, 2, f32, NULL);
  for (intptr_t i = 0; i < numIns; ++i)
    if (mlirValueIsNull(ins[i]))
      return false;
  int64_t kernel[2] = {w[2], w[3]}, adjust[2], pad4[4] = {padding[0], padding[1], padding[0], padding[1]};
  for (int i = 0; i < 2; ++i) {
    int64_t cancel = outPad[i] < padding[i] ? outPad[i] : padding[i];
    pad4[i == 0 ? 2 : 1] -= cancel; /* bottom, right */
    adjust[i] = outPad[i] - cancel;
  }
  MlirNamedAttribute attrs[8] = {
      lowerNamed(L, "padding", xnnI64ArrayAttr(L->ctx, pad4, 4)),
      lowerNamed(L, "adjustment", xnnI64ArrayAttr(L->ctx, adjust, 2)),
      lowerNamed(L, "kernel", xnnI64ArrayAttr(L->ctx, kernel, 2)),
      lowerNamed(L, "upsampling", xnnI64ArrayAttr(L->ctx, stride, 2)),
      lowerNamed(L, "dilation", xnnI64ArrayAttr(L->ctx, dilation, 2)),
      lowerNamed(L, "groups", xnnI64Attr(L->ctx, groups)),
      lowerNamed(L, "group_input_channels", xnnI64Attr(L->ctx, w[0] / groups)),
      lowerNamed(L, "group_output_channels", xnnI64Attr(L->ctx, w[1])),
  };
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.deconvolution_2d", numIns, ins, xnnLowerResultType(op, 0, elem), 8, attrs));
  return true;
}

/* upsample_bilinear2d -> static_resize_bilinear_2d (NHWC): without flags
 * XNNPACK samples at half-pixel centres clamped to the input, ATen's
 * align_corners=False; XNN_FLAG_ALIGN_CORNERS is ATen's align_corners=True
 * (checked against torch: test/Torch/ops-vs-torch.test). */
bool xnnLowerResizeBilinear(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (!requireNHWC(L, op))
    return false;
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  bool align = false;
  xnnAttrBool(op, "align_corners", &align);
  MlirNamedAttribute attr = lowerNamed(L, "align_corners", mlirBoolAttrGet(L->ctx, align));
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_resize_bilinear_2d", 1, &in, xnnLowerResultType(op, 0, elem), 1, &attr));
  return true;
}

bool xnnLowerPool(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (!requireNHWC(L, op))
    return false;
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  XnnPoolParams p = xnnPoolParams(op);
  if (xnnPoolIsIdentity(&p)) { /* identity: XNNPACK takes no unit-stride 1x1 pooling */
    xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &in, xnnLowerResultType(op, 0, elem), 0, NULL));
    return true;
  }
  /* 1x1 max pooling is refused by XNNPACK; over one element it is the
   * average pooling, which takes strides. */
  bool isMax = xnnOpIs(op, "edge.max_pool2d") && !(p.kernel[0] == 1 && p.kernel[1] == 1);
  /* Padding top, right, bottom, left. PyTorch's output size (the result
   * type) can need more at the bottom and right: ceil_mode's last windows
   * overhang the input, and see only the elements inside it. */
  int64_t pad4[4] = {p.padding[0], p.padding[1], p.padding[0], p.padding[1]};
  int64_t inDims[4], outDims[4];
  /* H, W: dims 1, 2 of the lowered (NHWC) input, dims 2, 3 of the op's NCHW result. */
  xnnValueShape(in, inDims);
  xnnValueShape(mlirOperationGetResult(op, 0), outDims);
  for (int i = 0; i < 2; ++i) {
    int64_t need = (outDims[2 + i] - 1) * p.stride[i] + p.dilation[i] * (p.kernel[i] - 1) + 1;
    int64_t extra = need - (inDims[1 + i] + 2 * p.padding[i]);
    if (extra > 0)
      pad4[i == 0 ? 2 : 1] += extra;
  }
  bool padded = pad4[0] || pad4[1] || pad4[2] || pad4[3];
  /* Explicit padding, then pooling without: the pinned XNNPACK's dilated max
   * pooling miscomputes with implicit padding (xnn-probe --check-capabilities
   * finds the windows), so it pads with -inf as PyTorch's implicit padding
   * is; average pooling pads with zeros, which PyTorch counts
   * (count_include_pad) and XNNPACK's implicit padding would not. */
  if (padded && (!isMax || p.dilation[0] > 1 || p.dilation[1] > 1)) {
    int64_t pre[4] = {0, pad4[0], pad4[3], 0}, post[4] = {0, pad4[2], pad4[1], 0};
    MlirType inType = mlirValueGetType(in);
    int64_t dims[4];
    for (int i = 0; i < 4; ++i)
      dims[i] = mlirShapedTypeGetDimSize(inType, i) + pre[i] + post[i];
    MlirNamedAttribute padAttrs[3] = {
        lowerNamed(L, "pre_paddings", xnnI64ArrayAttr(L->ctx, pre, 4)),
        lowerNamed(L, "post_paddings", xnnI64ArrayAttr(L->ctx, post, 4)),
        lowerNamed(L, "padding_value", xnnF64Attr(L->ctx, isMax ? -INFINITY : 0.0)),
    };
    MlirType paddedType = mlirRankedTensorTypeGet(4, dims, mlirShapedTypeGetElementType(inType),
                                                  mlirAttributeGetNull());
    in = xnnLowerEmit(L, op, "xnn.static_constant_pad", 1, &in, paddedType, 3, padAttrs);
    pad4[0] = pad4[1] = pad4[2] = pad4[3] = 0;
  }
  MlirNamedAttribute attrs[4] = {
      lowerNamed(L, "padding", xnnI64ArrayAttr(L->ctx, pad4, 4)),
      lowerNamed(L, "pooling", xnnI64ArrayAttr(L->ctx, p.kernel, 2)),
      lowerNamed(L, "stride", xnnI64ArrayAttr(L->ctx, p.stride, 2)),
      lowerNamed(L, "dilation", xnnI64ArrayAttr(L->ctx, p.dilation, 2)),
  };
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, isMax ? "xnn.max_pooling_2d" : "xnn.average_pooling_2d", 1, &in,
                                      xnnLowerResultType(op, 0, elem), isMax ? 4 : 3, attrs));
  return true;
}

/* ---- normalisation ------------------------------------------------------ */

/* batch_norm (inference), in f32 as ATen computes every float dtype (opmath),
 * rounded once to the result type: y = x * scale + shift per channel, the
 * [C] vectors shaped to broadcast along x's physical channel axis (last in
 * NHWC: [C]; NCHW: [C, 1, ...]). Constant parameters fold at compile time:
 * scale = weight / sqrt(var + eps), shift = bias - mean * scale in f64, each
 * rounded once to f32 (ATen rounds each of its f32 steps: within an f32 ulp
 * of ATen's scale and shift). Otherwise ATen's own f32 steps run in the
 * delegate: invstd = 1 / sqrt(var + eps), alpha = invstd * weight,
 * beta = bias - mean * alpha. */
bool xnnLowerBatchNorm(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue x = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(x))
    return false;
  double eps = 0.0;
  xnnAttrF64(op, "eps", &eps);
  intptr_t rank = xnnValueRank(x);
  int64_t axis = xnnLowerAxis(op, 0, 1), C = mlirShapedTypeGetDimSize(mlirValueGetType(x), axis);
  int64_t bdims[XNN_IR_MAX_RANK];
  intptr_t brank = rank - axis;
  bdims[0] = C;
  for (intptr_t i = 1; i < brank; ++i)
    bdims[i] = 1;
  bool folded = true;
  for (intptr_t i = 1; i < 5; ++i)
    folded = folded && xnnLowerOperandIsConstant(op, i);
  MlirValue scale, shift;
  if (folded) {
    XnnElements p[4];
    MlirAttribute elided = {NULL};
    intptr_t got = 0;
    bool ok = true;
    for (; got < 4 && ok; ++got)
      ok = constantF32(L, op, got + 1, &p[got], &elided);
    float *sc = ok ? malloc(sizeof(float) * 2 * (size_t)C) : NULL;
    if (ok && !sc)
      abort();
    if (ok && mlirAttributeIsNull(elided))
      for (int64_t c = 0; c < C; ++c) {
        double s = elementF32(&p[0], c) / sqrt((double)elementF32(&p[3], c) + eps);
        sc[c] = (float)s;
        sc[C + c] = (float)(elementF32(&p[1], c) - elementF32(&p[2], c) * s);
      }
    if (ok) {
      scale = foldedConstant(L, op, sc, C, bdims, brank, elided);
      shift = foldedConstant(L, op, sc + C, C, bdims, brank, elided);
    }
    free(sc);
    for (intptr_t i = 0; i < got; ++i)
      xnnElementsFree(&p[i]);
    if (!ok || mlirValueIsNull(scale) || mlirValueIsNull(shift))
      return false;
  } else {
    MlirValue p[4];
    for (intptr_t i = 0; i < 4; ++i)
      if (mlirValueIsNull(p[i] = xnnLowerOperand(L, op, i + 1, elem)))
        return false;
    MlirValue invstd = rsqrtOf(L, op, binaryOf(L, op, "add", p[3], scalar(L, op, p[3], (float)eps)));
    scale = binaryOf(L, op, "multiply", invstd, p[0]);
    shift = binaryOf(L, op, "subtract", p[1], binaryOf(L, op, "multiply", p[2], scale));
    if (brank > 1) {
      MlirType bt = xnnTensorType(bdims, brank, elem);
      scale = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &scale, bt, 0, NULL);
      shift = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &shift, bt, 0, NULL);
    }
  }
  xnnLowerReplace(L, op, binaryOf(L, op, "add", binaryOf(L, op, "multiply", x, scale), shift));
  return true;
}

/* layer_norm over the last len(normalized_shape) dims (the tagger gives it an
 * NCHW operand): mean, x - mean, the mean of its square (biased variance),
 * 1 / sqrt(var + eps), the product, then weight and bias; in f32 for every
 * dtype, rounded once (16-bit nodes would round every step). */
bool xnnLowerLayerNorm(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (xnnLowerOperandIsNHWC(op, 0))
    return xnnLowerFail(L, op, "layer_norm of an NHWC value (run xnn-tag-channels-last: it normalises NCHW)");
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue x = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(x))
    return false;
  double eps = 0.0;
  int64_t ns[XNN_IR_MAX_RANK], axes[XNN_IR_MAX_RANK], red[XNN_IR_MAX_RANK];
  intptr_t k = 0, rank = xnnValueShape(x, red);
  xnnAttrF64(op, "eps", &eps);
  xnnAttrI64Array(op, "normalized_shape", ns, XNN_IR_MAX_RANK, &k);
  for (intptr_t i = 0; i < k; ++i) {
    axes[i] = rank - k + i;
    red[rank - k + i] = 1;
  }
  MlirNamedAttribute attrs[3] = {
      lowerNamed(L, "kind", lowerStrAttr(L, "mean")),
      lowerNamed(L, "axes", xnnI64ArrayAttr(L->ctx, axes, k)),
      lowerNamed(L, "keep_dims", mlirBoolAttrGet(L->ctx, true)),
  };
  MlirType redType = xnnTensorType(red, rank, elem);
  MlirValue mean = xnnLowerEmit(L, op, "xnn.static_reduce", 1, &x, redType, 3, attrs);
  MlirValue d = binaryOf(L, op, "subtract", x, mean);
  MlirValue sq = binaryOf(L, op, "multiply", d, d);
  MlirValue var = xnnLowerEmit(L, op, "xnn.static_reduce", 1, &sq, redType, 3, attrs);
  MlirValue y = binaryOf(L, op, "multiply", d, rsqrtOf(L, op, binaryOf(L, op, "add", var, scalar(L, op, var, (float)eps))));
  static const char *const affine[2] = {"multiply", "add"};
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue p = xnnLowerOperand(L, op, i, elem);
    if (mlirValueIsNull(p))
      return false;
    y = binaryOf(L, op, affine[i - 1], y, p);
  }
  xnnLowerReplace(L, op, y);
  return true;
}

/* adaptive_avg_pool2d (NHWC; sizes the capability check admits): the same
 * size is a copy, 1x1 the mean over H and W, sizes dividing the input an
 * average pooling with kernel = stride = in / out (the adaptive windows are
 * then exactly those). */
bool xnnLowerAdaptiveAvgPool2d(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (!requireNHWC(L, op))
    return false;
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t inDims[4], outDims[4]; /* NHWC, NCHW */
  xnnValueShape(in, inDims);
  xnnValueShape(mlirOperationGetResult(op, 0), outDims);
  MlirType out = xnnLowerResultType(op, 0, elem);
  if (inDims[1] == outDims[2] && inDims[2] == outDims[3]) {
    xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &in, out, 0, NULL));
    return true;
  }
  if (outDims[2] == 1 && outDims[3] == 1) {
    int64_t axes[2] = {1, 2};
    MlirNamedAttribute attrs[3] = {
        lowerNamed(L, "kind", lowerStrAttr(L, "mean")),
        lowerNamed(L, "axes", xnnI64ArrayAttr(L->ctx, axes, 2)),
        lowerNamed(L, "keep_dims", mlirBoolAttrGet(L->ctx, true)),
    };
    xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_reduce", 1, &in, out, 3, attrs));
    return true;
  }
  int64_t k[2] = {inDims[1] / outDims[2], inDims[2] / outDims[3]}, pad4[4] = {0, 0, 0, 0};
  MlirNamedAttribute attrs[3] = {
      lowerNamed(L, "padding", xnnI64ArrayAttr(L->ctx, pad4, 4)),
      lowerNamed(L, "pooling", xnnI64ArrayAttr(L->ctx, k, 2)),
      lowerNamed(L, "stride", xnnI64ArrayAttr(L->ctx, k, 2)),
  };
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.average_pooling_2d", 1, &in, out, 3, attrs));
  return true;
}

/* ---- data movement ------------------------------------------------------ */

bool xnnLowerView(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (xnnLowerOperandIsNHWC(op, 0) || xnnLowerIsNHWC(op))
    return xnnLowerFail(L, op, "a view of an NHWC value (run xnn-tag-channels-last: views are NCHW)");
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_reshape", 1, &in, xnnLowerResultType(op, 0, elem), 0, NULL));
  return true;
}

bool xnnLowerPermute(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t dims[XNN_IR_MAX_RANK], perm[XNN_IR_MAX_RANK];
  intptr_t n = 0, rank = xnnValueRank(mlirOperationGetOperand(op, 0));
  if (rank == 0) { /* XNNPACK refuses a rank-0 transpose: a scalar's is a copy */
    xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &in, mlirValueGetType(in), 0, NULL));
    return true;
  }
  if (xnnOpIs(op, "edge.transpose")) { /* the permutation swapping dim0 and dim1 */
    int64_t d0 = 0, d1 = 0;
    xnnAttrI64(op, "dim0", &d0);
    xnnAttrI64(op, "dim1", &d1);
    for (intptr_t i = 0; i < rank; ++i)
      dims[i] = i;
    if (rank > 0) {
      d0 = d0 < 0 ? d0 + rank : d0;
      d1 = d1 < 0 ? d1 + rank : d1;
      dims[d0] = d1;
      dims[d1] = d0;
    }
  } else {
    xnnAttrI64Array(op, "dims", dims, XNN_IR_MAX_RANK, &n);
  }
  bool inNHWC = xnnLowerOperandIsNHWC(op, 0), outNHWC = xnnLowerIsNHWC(op) && rank == 4;
  for (intptr_t i = 0; i < rank; ++i) {
    /* physical out dim i = logical out dim o; logical out o = logical in p[o]; its physical position. */
    int64_t o = outNHWC ? kToNHWC[i] : i;
    int64_t p = dims[o] < 0 ? dims[o] + rank : dims[o];
    perm[i] = inNHWC ? kToNCHW[p] : p;
  }
  MlirNamedAttribute attr = lowerNamed(L, "perm", xnnI64ArrayAttr(L->ctx, perm, rank));
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_transpose", 1, &in, xnnLowerResultType(op, 0, elem), 1, &attr));
  return true;
}

bool xnnLowerCat(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  int64_t dim = 0;
  xnnAttrI64(op, "dim", &dim);
  /* The axis in the result's layout: an operand with one element may carry
   * another tag (the tagger leaves such layout-neutral values alone), and its
   * bytes are the same either way. */
  intptr_t rank = xnnValueRank(mlirOperationGetResult(op, 0));
  if (dim < 0)
    dim += rank;
  int64_t axis = rank == 4 && xnnLowerIsNHWC(op) && dim >= 0 && dim < 4 ? kToNCHW[dim] : dim;
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue acc = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(acc))
    return false;
  if (n == 1) {
    xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &acc, mlirValueGetType(acc), 0, NULL));
    return true;
  }
  /* XNNPACK concatenates 2..5 inputs: fold longer lists left to right. */
  for (intptr_t i = 1; i < n;) {
    MlirValue ins[5] = {acc};
    intptr_t k = 1;
    int64_t dims[XNN_IR_MAX_RANK];
    intptr_t rank = xnnValueShape(acc, dims);
    while (k < 5 && i < n) {
      if (mlirValueIsNull(ins[k] = xnnLowerOperand(L, op, i++, elem)))
        return false;
      int64_t d[XNN_IR_MAX_RANK];
      xnnValueShape(ins[k++], d);
      dims[axis] += d[axis];
    }
    MlirNamedAttribute attr = lowerNamed(L, "axis", xnnI64Attr(L->ctx, axis));
    acc = xnnLowerEmit(L, op, "xnn.concatenate", k, ins, xnnTensorType(dims, rank, elem), 1, &attr);
  }
  xnnLowerReplace(L, op, acc);
  return true;
}

bool xnnLowerSlice(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t dim = 0, start = 0, end = INT64_MAX, shape[XNN_IR_MAX_RANK], offsets[XNN_IR_MAX_RANK];
  xnnAttrI64(op, "dim", &dim);
  xnnAttrI64(op, "start", &start);
  xnnAttrI64(op, "end", &end);
  intptr_t rank = xnnValueShape(in, shape);
  int64_t axis = xnnLowerAxis(op, 0, dim), size = shape[axis];
  /* ATen: negative bounds count from the end, then clamp to [0, size]. */
  if (start < 0)
    start += size;
  if (end < 0)
    end += size;
  start = start < 0 ? 0 : start > size ? size : start;
  end = end < start ? start : end > size ? size : end;
  for (intptr_t i = 0; i < rank; ++i)
    offsets[i] = 0;
  offsets[axis] = start;
  shape[axis] = end - start;
  MlirNamedAttribute attrs[2] = {
      lowerNamed(L, "offsets", xnnI64ArrayAttr(L->ctx, offsets, rank)),
      lowerNamed(L, "sizes", xnnI64ArrayAttr(L->ctx, shape, rank)),
  };
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_slice", 1, &in, xnnTensorType(shape, rank, elem), 2, attrs));
  return true;
}

/* static_slice of `v` along `axis`: [start, start + len). */
static MlirValue sliceAlong(XnnLowerCtx *L, MlirOperation op, MlirValue v, int64_t axis, int64_t start,
                            int64_t len, MlirType elem) {
  int64_t shape[XNN_IR_MAX_RANK], offsets[XNN_IR_MAX_RANK] = {0};
  intptr_t rank = xnnValueShape(v, shape);
  offsets[axis] = start;
  shape[axis] = len;
  MlirNamedAttribute attrs[2] = {
      lowerNamed(L, "offsets", xnnI64ArrayAttr(L->ctx, offsets, rank)),
      lowerNamed(L, "sizes", xnnI64ArrayAttr(L->ctx, shape, rank)),
  };
  return xnnLowerEmit(L, op, "xnn.static_slice", 1, &v, xnnTensorType(shape, rank, elem), 2, attrs);
}

/* Concatenation of vs[0..n) along `axis` (XNNPACK takes 2..5 inputs: longer
 * lists fold left to right); n == 1 gives vs[0]. */
static MlirValue concatAlong(XnnLowerCtx *L, MlirOperation op, const MlirValue *vs, intptr_t n,
                             int64_t axis, MlirType elem) {
  MlirValue acc = vs[0];
  for (intptr_t i = 1; i < n;) {
    MlirValue ins[5] = {acc};
    intptr_t k = 1;
    int64_t dims[XNN_IR_MAX_RANK];
    intptr_t rank = xnnValueShape(acc, dims);
    while (k < 5 && i < n) {
      int64_t d[XNN_IR_MAX_RANK];
      xnnValueShape(ins[k++] = vs[i++], d);
      dims[axis] += d[axis];
    }
    MlirNamedAttribute attr = lowerNamed(L, "axis", xnnI64Attr(L->ctx, axis));
    acc = xnnLowerEmit(L, op, "xnn.concatenate", k, ins, xnnTensorType(dims, rank, elem), 1, &attr);
  }
  return acc;
}

/* `v` (size 1 along `axis`) repeated `times` times along it: doublings 1, 2,
 * 4, ... and the binary digits of `times`, O(log times) concatenations. */
static MlirValue repeatAlong(XnnLowerCtx *L, MlirOperation op, MlirValue v, int64_t axis, int64_t times,
                             MlirType elem) {
  MlirValue parts[64], p = v;
  intptr_t np = 0;
  for (int64_t rem = times; rem;) {
    if (rem & 1)
      parts[np++] = p;
    if ((rem >>= 1)) {
      MlirValue two[2] = {p, p};
      p = concatAlong(L, op, two, 2, axis, elem);
    }
  }
  return concatAlong(L, op, parts, np, axis, elem);
}

/* expand: the pinned XNNPACK has no broadcast node. Each expanded size-1
 * dim is repeated by concatenation (pure data movement: bit-exact for every
 * value, -0, NaN payloads and subnormals included, where x * 1 or x + -0
 * could flush subnormals): doublings 1, 2, 4, ... and the binary digits of
 * the target size, O(log n) nodes. New leading dims come first as a reshape
 * (NCHW operands only, as views). */
bool xnnLowerExpand(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t cur[XNN_IR_MAX_RANK], want[XNN_IR_MAX_RANK];
  intptr_t inRank = xnnValueShape(in, cur);
  MlirType rt = xnnLowerResultType(op, 0, elem);
  intptr_t rank = mlirShapedTypeGetRank(rt);
  for (intptr_t i = 0; i < rank; ++i)
    want[i] = mlirShapedTypeGetDimSize(rt, i);
  bool single = xnnValueNumElements(in) == 1;
  bool inNHWC = xnnLowerOperandIsNHWC(op, 0), outNHWC = xnnLowerIsNHWC(op);
  if (!single && (inNHWC != outNHWC || (inRank != rank && inNHWC)))
    return xnnLowerFail(L, op, "an expand between layouts (run xnn-tag-channels-last)");
  MlirValue v = in;
  if (inRank != rank) { /* one element: the same bytes in both layouts */
    int64_t d[XNN_IR_MAX_RANK];
    intptr_t lead = rank - inRank;
    for (intptr_t i = 0; i < rank; ++i)
      d[i] = single ? 1 : i < lead ? 1 : cur[i - lead];
    memcpy(cur, d, sizeof(int64_t) * (size_t)rank);
    v = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &v, xnnTensorType(cur, rank, elem), 0, NULL);
  }
  for (intptr_t axis = 0; axis < rank; ++axis) {
    if (cur[axis] == want[axis])
      continue;
    if (cur[axis] != 1)
      return xnnLowerFail(L, op, "dim %lld of size %lld does not expand to %lld", (long long)axis,
                          (long long)cur[axis], (long long)want[axis]);
    v = repeatAlong(L, op, v, axis, want[axis], elem);
    cur[axis] = want[axis];
  }
  if (mlirValueEqual(v, in))
    v = xnnLowerEmit(L, op, "xnn.copy", 1, &in, mlirValueGetType(in), 0, NULL);
  xnnLowerReplace(L, op, v);
  return true;
}

/* upsample_nearest2d with integer factors (the capability check admits only
 * those where ATen's nearest index is dst / factor): each element repeated,
 * pure data movement in either layout. H and W each get a size-1 axis after
 * them ([N, C, H, 1, W, 1] or NHWC [N, H, 1, W, 1, C]) that repeatAlong fills,
 * then a reshape merges them. */
bool xnnLowerUpsampleNearest(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  bool single = xnnValueNumElements(in) == 1;
  bool nhwc = xnnLowerOperandIsNHWC(op, 0);
  if (!single && nhwc != xnnLowerIsNHWC(op))
    return xnnLowerFail(L, op, "an upsample between layouts (run xnn-tag-channels-last)");
  int64_t x[4], y[4], d[6];
  xnnLowerOperandLogicalShape(op, 0, x);
  xnnValueShape(mlirOperationGetResult(op, 0), y);
  int64_t fh = y[2] / x[2], fw = y[3] / x[3];
  int64_t hAxis = nhwc ? 1 : 2; /* H's axis; W's follows H and H's new axis */
  if (nhwc)
    d[0] = x[0], d[1] = x[2], d[2] = 1, d[3] = x[3], d[4] = 1, d[5] = x[1];
  else
    d[0] = x[0], d[1] = x[1], d[2] = x[2], d[3] = 1, d[4] = x[3], d[5] = 1;
  MlirValue v = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &in, xnnTensorType(d, 6, elem), 0, NULL);
  if (fh > 1)
    v = repeatAlong(L, op, v, hAxis + 1, fh, elem);
  if (fw > 1)
    v = repeatAlong(L, op, v, hAxis + 3, fw, elem);
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_reshape", 1, &v, xnnLowerResultType(op, 0, elem), 0, NULL));
  return true;
}

/* constant_pad_nd: negative pads crop first (a static slice), positive ones
 * pad (static_constant_pad, the value rounded to the type as ATen's fill).
 * Axes are physical (an NHWC operand pads its NHWC dims). */
bool xnnLowerConstantPadNd(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t pad[2 * XNN_IR_MAX_RANK], shape[XNN_IR_MAX_RANK], pre[XNN_IR_MAX_RANK] = {0},
                                                          post[XNN_IR_MAX_RANK] = {0},
                                                          offsets[XNN_IR_MAX_RANK] = {0};
  intptr_t n = 0, rank = xnnValueShape(in, shape);
  double value = 0.0;
  xnnAttrI64Array(op, "pad", pad, 2 * XNN_IR_MAX_RANK, &n);
  xnnAttrF64(op, "value", &value);
  for (intptr_t k = 0; k < n / 2; ++k) {
    int64_t axis = xnnLowerAxis(op, 0, rank - 1 - k);
    pre[axis] = pad[2 * k];
    post[axis] = pad[2 * k + 1];
  }
  bool crop = false, grow = false;
  for (intptr_t i = 0; i < rank; ++i) {
    crop |= pre[i] < 0 || post[i] < 0;
    grow |= pre[i] > 0 || post[i] > 0;
  }
  MlirValue v = in;
  if (crop) {
    for (intptr_t i = 0; i < rank; ++i) {
      offsets[i] = pre[i] < 0 ? -pre[i] : 0;
      shape[i] += (pre[i] < 0 ? pre[i] : 0) + (post[i] < 0 ? post[i] : 0);
      pre[i] = pre[i] < 0 ? 0 : pre[i];
      post[i] = post[i] < 0 ? 0 : post[i];
    }
    MlirNamedAttribute attrs[2] = {
        lowerNamed(L, "offsets", xnnI64ArrayAttr(L->ctx, offsets, rank)),
        lowerNamed(L, "sizes", xnnI64ArrayAttr(L->ctx, shape, rank)),
    };
    v = xnnLowerEmit(L, op, "xnn.static_slice", 1, &v, xnnTensorType(shape, rank, elem), 2, attrs);
  }
  if (grow) {
    for (intptr_t i = 0; i < rank; ++i)
      shape[i] += pre[i] + post[i];
    MlirNamedAttribute attrs[3] = {
        lowerNamed(L, "pre_paddings", xnnI64ArrayAttr(L->ctx, pre, rank)),
        lowerNamed(L, "post_paddings", xnnI64ArrayAttr(L->ctx, post, rank)),
        /* ATen fills with the value as a float (c10's Half / BFloat16 take one). */
        lowerNamed(L, "padding_value", xnnF64Attr(L->ctx, (double)(float)value)),
    };
    v = xnnLowerEmit(L, op, "xnn.static_constant_pad", 1, &v, xnnTensorType(shape, rank, elem), 3, attrs);
  }
  if (!crop && !grow)
    v = xnnLowerEmit(L, op, "xnn.copy", 1, &in, mlirValueGetType(in), 0, NULL);
  xnnLowerReplace(L, op, v);
  return true;
}

/* roll: per dim, the last `shift` elements then the others (two slices and a
 * concatenation); physical axes. */
bool xnnLowerRoll(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t shifts[XNN_IR_MAX_RANK], dims[XNN_IR_MAX_RANK], shape[XNN_IR_MAX_RANK];
  intptr_t ns = 0, nd = 0;
  xnnAttrI64Array(op, "shifts", shifts, XNN_IR_MAX_RANK, &ns);
  xnnAttrI64Array(op, "dims", dims, XNN_IR_MAX_RANK, &nd);
  xnnValueShape(in, shape);
  MlirValue v = in;
  for (intptr_t k = 0; k < nd; ++k) {
    int64_t axis = xnnLowerAxis(op, 0, dims[k]), size = shape[axis];
    int64_t s = size ? shifts[k] % size : 0;
    if (s < 0)
      s += size;
    if (s == 0)
      continue;
    MlirValue parts[2] = {sliceAlong(L, op, v, axis, size - s, s, elem),
                          sliceAlong(L, op, v, axis, 0, size - s, elem)};
    v = concatAlong(L, op, parts, 2, axis, elem);
  }
  if (mlirValueEqual(v, in))
    v = xnnLowerEmit(L, op, "xnn.copy", 1, &in, mlirValueGetType(in), 0, NULL);
  xnnLowerReplace(L, op, v);
  return true;
}

/* split: one static slice per piece (physical axis). */
bool xnnLowerSplit(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t dim = 0;
  xnnAttrI64(op, "dim", &dim);
  int64_t axis = xnnLowerAxis(op, 0, dim), shape[XNN_IR_MAX_RANK], at = 0;
  xnnValueShape(in, shape);
  for (intptr_t j = 0, n = mlirOperationGetNumResults(op); j < n; ++j) {
    int64_t len = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetResult(op, j)),
                                           dim < 0 ? dim + xnnValueRank(in) : dim);
    MlirValue v = len == shape[axis]
                      ? xnnLowerEmit(L, op, "xnn.copy", 1, &in, mlirValueGetType(in), 0, NULL)
                      : sliceAlong(L, op, in, axis, at, len, elem);
    xnnLowerReplaceResult(L, op, j, v);
    at += len;
  }
  return true;
}

/* Copies: a dtype change is a convert, a layout change a transpose, both are
 * both; a copy that changes nothing is an xnn.copy (it may be a delegate
 * output whose input is a delegate input, which XNNPACK cannot alias). */
bool xnnLowerCopy(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  (void)cap;
  MlirValue in = mlirOperationGetOperand(op, 0);
  MlirType to = xnnValueElemType(mlirOperationGetResult(op, 0));
  bool inNHWC = valueIsNHWC(in), outNHWC = xnnLowerIsNHWC(op) && xnnValueRank(in) == 4;
  MlirValue v = in;
  if (xnnLowerOperandIsConstant(op, 0) && (v = xnnLowerConstantOperand(L, op, 0, to, NULL)).ptr == NULL)
    return false;
  if (inNHWC != outNHWC) {
    /* The pinned XNNPACK accepts bf16 transposes but moves the data wrongly
     * (test/Emit/bf16-ops.test): transpose bf16 in f32, exactly. */
    MlirType elem = xnnValueElemType(v);
    if (mlirTypeIsABF16(elem))
      v = xnnLowerConvert(L, op, v, elem = mlirF32TypeGet(L->ctx));
    MlirNamedAttribute attr =
        lowerNamed(L, "perm", xnnI64ArrayAttr(L->ctx, outNHWC ? kToNHWC : kToNCHW, 4));
    v = xnnLowerEmit(L, op, "xnn.static_transpose", 1, &v, xnnLowerResultType(op, 0, elem), 1, &attr);
  }
  if (mlirTypeEqual(xnnValueElemType(v), to) && mlirValueEqual(v, in))
    v = xnnLowerEmit(L, op, "xnn.copy", 1, &v, mlirValueGetType(v), 0, NULL);
  xnnLowerReplace(L, op, v); /* converts to the result dtype */
  return true;
}

/* ---- the driver ---------------------------------------------------------- */

/* Ops whose results nobody uses compute nothing observable, and XNNPACK aborts
 * on chains of such nodes: the lowered delegate keeps only what reaches its
 * return (edge ops are pure). One backward sweep erases whole dead chains. */
static void eraseDeadOps(MlirBlock body) {
  size_t n = 0;
  MlirOperation *ops = xnnBlockOps(body, &n); /* the terminator last: never dead */
  for (size_t i = n; i-- > 0;)
    if (mlirOperationGetNumResults(ops[i]) > 0 && xnnOpIsDead(ops[i]))
      mlirOperationDestroy(ops[i]);
  free(ops);
}

bool xnnLowerDelegate(MlirOperation func, bool bf16InF32) {
  MlirBlock body = xnnFuncBody(func);
  if (mlirBlockIsNull(body))
    return true;
  XnnLowerCtx L;
  memset(&L, 0, sizeof L);
  L.ctx = mlirOperationGetContext(func);
  L.bf16InF32 = bf16InF32;
  /* Lowering inserts before the current op and erases only it (constants at
   * the end), so the next op, read first, stays valid. */
  MlirOperation *constants = NULL;
  size_t numConstants = 0, capConstants = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body), next; !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (!xnnOpHasPrefix(op, "edge."))
      continue;
    if (xnnOpIs(op, "edge.constant")) {
      /* Constants materialise per use, in the form each consumer needs. */
      if (numConstants == capConstants &&
          !(constants = realloc(constants, (capConstants = capConstants ? 2 * capConstants : 64) *
                                               sizeof(MlirOperation))))
        abort();
      constants[numConstants++] = op;
      continue;
    }
    const XnnCapability *cap = xnnCapabilityLookup(xnnOpName(op));
    XnnReason why;
    XnnPartitionConfig all = {.foldDtypeConverts = true, .insideDelegate = true};
    if (!cap || !cap->lower || !xnnCapabilityCheck(op, &all, &why)) {
      xnnLowerFail(&L, op, "%s", cap && cap->lower ? why.text : "no lowering");
      break;
    }
    if (!cap->lower(&L, op, cap) || L.failed)
      break;
    mlirOperationDestroy(op);
  }
  /* A constant the delegate returns as it is (a copy of a constant that the
   * pipeline reduced to the constant) has no consumer that lowers it. */
  MlirOperation ret = mlirBlockGetTerminator(body);
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(ret); !L.failed && i < n; ++i) {
    if (!xnnLowerOperandIsConstant(ret, i))
      continue;
    MlirValue c = xnnLowerConstantOperand(&L, ret, i, xnnValueElemType(mlirOperationGetOperand(ret, i)), NULL);
    if (!mlirValueIsNull(c))
      mlirOperationSetOperand(ret, i, c);
  }
  if (!L.failed)
    for (size_t i = 0; i < numConstants; ++i)
      if (xnnOpIsDead(constants[i]))
        mlirOperationDestroy(constants[i]);
  free(constants);
  if (!L.failed)
    eraseDeadOps(body);
  return !L.failed;
}
