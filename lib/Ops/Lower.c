/* Lowering of edge ops to xnn ops: the framework (context, operands,
 * converts, replacement, emission) and the helpers several op families share
 * (LowerUtil.h). Each op's lowering lives in its family's file
 * (lib/Ops/<Family>.c), named by its row of the op table; the families call
 * this file and it calls none of them (the driver that walks a delegate and
 * asks the table is LowerDelegate.c). */
#include "Ops/Lower.h"
#include "Ops/LowerUtil.h"

#include "Ops/Capability.h"
#include "Support/Elements.h"
#include "Support/IR.h"
#include "CAPIExt/BytecodeFile.h"
#include "CAPIExt/ResourceBlob.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const int64_t xnnLowerToNHWC[4] = {0, 2, 3, 1}; /* physical dim i = logical dim xnnLowerToNHWC[i] */
const int64_t xnnLowerToNCHW[4] = {0, 3, 1, 2};

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
    dims[i] = d[nhwc ? xnnLowerToNCHW[i] : i];
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
    dims[i] = t.dims[nhwc && t.rank == 4 ? xnnLowerToNHWC[i] : i];
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
MlirValue xnnLowerElidedConstant(XnnLowerCtx *L, MlirOperation op, MlirAttribute elided, XnnTypeInfo vt,
                                 MlirType elem, const int64_t *perm, bool nhwc) {
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

/* The entry for `def` in form (elem, perm, nhwc), or NULL. */
static LowerConstant *findConstant(XnnLowerCtx *L, MlirOperation def, MlirType elem, const int64_t *perm,
                                   intptr_t rank, bool nhwc) {
  size_t at;
  if (!xnnPtrMapGet(&L->constantsByDef, def.ptr, &at))
    return NULL;
  for (; at; at = L->constants[at - 1].next) {
    LowerConstant *c = &L->constants[at - 1];
    if (c->elem == elem.ptr && c->nhwc == nhwc && c->permuted == (perm != NULL) &&
        (!perm || !memcmp(c->perm, perm, sizeof(int64_t) * (size_t)rank)))
      return c;
  }
  return NULL;
}

static void rememberConstant(XnnLowerCtx *L, MlirOperation def, MlirType elem, const int64_t *perm,
                             intptr_t rank, bool nhwc, MlirValue value) {
  if (mlirValueIsNull(value) || rank > XNN_ELEMENTS_MAX_RANK)
    return;
  if (L->numConstants == L->capConstants &&
      !(L->constants = realloc(L->constants, (L->capConstants = L->capConstants ? 2 * L->capConstants : 64) *
                                                 sizeof(LowerConstant))))
    abort();
  size_t prev = 0;
  xnnPtrMapGet(&L->constantsByDef, def.ptr, &prev);
  LowerConstant *c = &L->constants[L->numConstants++];
  memset(c, 0, sizeof(*c));
  c->def = def.ptr;
  c->elem = elem.ptr;
  c->permuted = perm != NULL;
  c->nhwc = nhwc;
  if (perm)
    memcpy(c->perm, perm, sizeof(int64_t) * (size_t)rank);
  c->value = value;
  c->next = prev;
  xnnPtrMapPut(&L->constantsByDef, def.ptr, L->numConstants);
  xnnPtrMapPut(&L->constantValues, value.ptr, 1);
}

static MlirValue materialiseConstant(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirType elem,
                                     const int64_t *perm, MlirOperation def, MlirAttribute value,
                                     XnnTypeInfo vt, bool nhwc);

/* Constants materialise once per delegate and form: the first consumer's
 * xnn.constant comes before every later consumer in the block (lowering goes
 * in block order and inserts before the op it lowers), so they share it. A
 * 260-layer model's rope tables were otherwise written out 260 times each. */
MlirValue xnnLowerConstantOperand(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirType elem,
                                  const int64_t *perm) {
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, idx));
  MlirAttribute value = xnnOpAttr(def, "value");
  XnnTypeInfo vt = xnnTypeInfo(mlirAttributeGetType(value));
  bool nhwc = !perm && vt.rank == 4 && xnnLowerIsNHWC(def);
  LowerConstant *known = findConstant(L, def, elem, perm, vt.rank, nhwc);
  if (known)
    return known->value;
  MlirValue out = materialiseConstant(L, op, idx, elem, perm, def, value, vt, nhwc);
  rememberConstant(L, def, elem, perm, vt.rank, nhwc, out);
  return out;
}

static MlirValue materialiseConstant(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirType elem,
                                     const int64_t *perm, MlirOperation def, MlirAttribute value,
                                     XnnTypeInfo vt, bool nhwc) {
  XnnElements e;
  char err[256];
  if (!xnnConstantHasPayload(def)) {
    if (mlirAttributeIsADenseResourceElements(value) && xnnResourceIsElided(value))
      return xnnLowerElidedConstant(L, op, value, vt, elem, perm ? perm : nhwc ? xnnLowerToNHWC : NULL, nhwc);
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
      xnnElementsPermute(&e, xnnLowerToNHWC);
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

bool xnnLowerReplace(XnnLowerCtx *L, MlirOperation op, MlirValue v) {
  xnnLowerReplaceResult(L, op, 0, v);
  return true;
}

void xnnLowerReplaceResult(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirValue v) {
  MlirValue old = mlirOperationGetResult(op, idx);
  MlirType elem = xnnValueElemType(old);
  bool nhwc = xnnLowerIsNHWC(op) && xnnValueRank(old) == 4;
  MlirOperation def = xnnDefiningOp(v);
  size_t shared;
  if (!mlirOperationIsNull(def) && xnnPtrMapGet(&L->constantValues, v.ptr, &shared)) {
    /* A materialised constant is shared by its consumers: the result gets a
     * copy of its own, which the layout tag below may change. */
    MlirOperation copy = mlirOperationClone(def);
    xnnInsertBefore(op, copy);
    v = mlirOperationGetResult(copy, 0);
    def = copy;
  }
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
    return xnnLowerToNCHW[axis]; /* logical axis a sits at physical position xnnLowerToNCHW[a] */
  return axis;
}

/* ---- helpers shared by several op families (LowerUtil.h) ---------------- */

/* An xnn.constant of f32 data `v` (`count` elements; splat if count is 1 and
 * the shape holds more) of shape dims/rank, converted to `elem`. */
MlirValue xnnLowerF32Constant(XnnLowerCtx *L, MlirOperation op, const float *v, int64_t count,
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
  e.owned = true; /* freed by xnnElementsConvert's replacement or xnnElementsFree */
  memcpy(e.data, v, 4 * (size_t)count);
  xnnElementsConvert(&e, elem);
  MlirAttribute value = xnnElementsToAttr(&e);
  xnnElementsFree(&e);
  MlirNamedAttribute attr = lowerNamed(L, "value", value);
  return xnnLowerEmit(L, op, "xnn.constant", 0, NULL, mlirAttributeGetType(value), 1, &attr);
}

/* A one-element constant that broadcasts against `like` without growing it:
 * rank 0 for a rank-0 value (a [1] would make the result rank 1). */
MlirValue xnnLowerScalar(XnnLowerCtx *L, MlirOperation op, MlirValue like, float v) {
  int64_t one = 1;
  return xnnLowerF32Constant(L, op, &v, 1, &one, xnnValueRank(like) > 0 ? 1 : 0, xnnValueElemType(like));
}

/* The data of constant operand `idx`, widened to f32 (exact for f16/bf16;
 * i1 as 0 and 1). An elided payload gives true with e->data NULL and *elided
 * set to it; a missing or unreadable one is a located error (false). */
/* The i1 payload `value` of operand `idx` as f32 0/1 elements in `e`. */
static bool readBoolAsF32(XnnLowerCtx *L, MlirOperation op, intptr_t idx, MlirAttribute value, XnnElements *e) {
  char err[256];
  e->elem = mlirF32TypeGet(L->ctx);
  e->rank = xnnValueShape(mlirOperationGetOperand(op, idx), e->dims);
  e->count = 1;
  for (intptr_t i = 0; i < e->rank; ++i)
    e->count *= e->dims[i];
  e->elemSize = 4;
  e->owned = true;
  unsigned char *bits = malloc((size_t)e->count + 1);
  if (!bits || !(e->data = malloc(4 * (size_t)e->count + 1)))
    abort();
  bool ok = xnnElementsReadBool(value, bits, e->count, err, sizeof err);
  for (int64_t i = 0; ok && i < e->count; ++i)
    ((float *)e->data)[i] = bits[i] ? 1.0f : 0.0f;
  free(bits);
  if (!ok) {
    xnnElementsFree(e);
    return xnnLowerFail(L, op, "operand #%zd: %s", (ssize_t)idx, err);
  }
  return true;
}

bool xnnLowerConstantF32(XnnLowerCtx *L, MlirOperation op, intptr_t idx, XnnElements *e,
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
  MlirType elem = xnnValueElemType(mlirOperationGetOperand(op, idx));
  if (mlirTypeIsAInteger(elem) && mlirIntegerTypeGetWidth(elem) == 1) /* packed by MLIR: not an XnnElements type */
    return readBoolAsF32(L, op, idx, value, e);
  if (!xnnElementsRead(value, e, err, sizeof err))
    return xnnLowerFail(L, op, "operand #%zd: %s", (ssize_t)idx, err);
  if (!xnnElementsConvert(e, mlirF32TypeGet(L->ctx))) {
    xnnElementsFree(e);
    return xnnLowerFail(L, op, "operand #%zd: unsupported constant conversion", (ssize_t)idx);
  }
  return true;
}

/* A compile-time result of shape dims/rank: `v` (f32, count elements), or,
 * when an input was elided, an elided constant of that type (structure only). */
MlirValue xnnLowerFoldedConstant(XnnLowerCtx *L, MlirOperation op, const float *v, int64_t count,
                                const int64_t *dims, intptr_t rank, MlirAttribute elided) {
  MlirType f32 = mlirF32TypeGet(L->ctx);
  if (mlirAttributeIsNull(elided))
    return xnnLowerF32Constant(L, op, v, count, dims, rank, f32);
  XnnTypeInfo t = {.rankedTensor = true, .staticShape = true, .rank = rank, .elem = f32};
  memcpy(t.dims, dims, sizeof(int64_t) * (size_t)rank);
  return xnnLowerElidedConstant(L, op, elided, t, f32, NULL, false);
}

/* A binary node of `a` and `b`; its type is their broadcast shape, a's dtype. */
MlirValue xnnLowerBinaryOf(XnnLowerCtx *L, MlirOperation op, const char *kind, MlirValue a, MlirValue b) {
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

MlirValue xnnLowerUnaryOf(XnnLowerCtx *L, MlirOperation op, const char *kind, MlirValue a) {
  MlirNamedAttribute k = lowerNamed(L, "kind", lowerStrAttr(L, kind));
  return xnnLowerEmit(L, op, "xnn.unary", 1, &a, mlirValueGetType(a), 1, &k);
}

/* rsqrt as ATen computes it on CPU, 1 / sqrt(x), in f32: XNNPACK's f32
 * reciprocal_square_root returns NaN at +-0 (ATen: +-inf); its f16 node gets
 * those right (xnn-probe --check-capabilities, unary special values). */
MlirValue xnnLowerRsqrtOf(XnnLowerCtx *L, MlirOperation op, MlirValue x) {
  if (!mlirTypeIsAF32(xnnValueElemType(x)))
    return xnnLowerUnaryOf(L, op, "reciprocal_square_root", x);
  return xnnLowerBinaryOf(L, op, "divide", xnnLowerScalar(L, op, x, 1.0f), xnnLowerUnaryOf(L, op, "square_root", x));
}

/* Concatenation of vs[0..n) along `axis` (XNNPACK takes 2..5 inputs: longer
 * lists fold left to right); n == 1 gives vs[0]. */
MlirValue xnnLowerConcatAlong(XnnLowerCtx *L, MlirOperation op, const MlirValue *vs, intptr_t n,
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
MlirValue xnnLowerRepeatAlong(XnnLowerCtx *L, MlirOperation op, MlirValue v, int64_t axis, int64_t times,
                              MlirType elem) {
  MlirValue parts[64], p = v;
  intptr_t np = 0;
  for (int64_t rem = times; rem;) {
    if (rem & 1)
      parts[np++] = p;
    if ((rem >>= 1)) {
      MlirValue two[2] = {p, p};
      p = xnnLowerConcatAlong(L, op, two, 2, axis, elem);
    }
  }
  return xnnLowerConcatAlong(L, op, parts, np, axis, elem);
}
