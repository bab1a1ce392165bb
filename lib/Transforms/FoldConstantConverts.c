/* xnn-fold-constant-converts: evaluates dtype converts of constants at
 * compile time, and cancels lossless round trips on activations.
 *
 * Runs on any op; every block is visited in order (topological for SSA
 * blocks), so chains fold step by step. For each copy `cv` (edge.to_copy /
 * edge.to_dim_order_copy) that changes dtype:
 *   - operand from an edge.constant `k` with readable data (dense, splat, or
 *     dense_resource with its blob present; an elided blob is left alone):
 *     a new edge.constant holding the converted values is created right after
 *     `k` (one per (k, target type): the same constant converted to the same
 *     type twice shares it; it keeps k's other attributes, e.g. xnn.layout);
 *     if `cv` also changes the layout, a dtype-preserving copy of the same
 *     kind with the same layout attribute (memory_format / dim_order) takes
 *     cv's place, otherwise uses read the new constant directly. Constants left
 *     without users (the original, folded intermediates) are erased at the end.
 *   - (any copy of a constant that changes neither dtype nor layout is
 *     replaced by the constant, so chains through such copies fold too)
 *   - operand from a layout-preserving copy `c1` of `x` with no other user,
 *     where x -> c1 -> cv is bf16 -> f32 -> bf16 or f16 -> f32 -> f16 (exact
 *     both ways) and neither copy changes the layout: users of cv read x.
 *     Lossy trips (f32 -> bf16/f16 -> f32, f16 <-> bf16) never cancel.
 * Element conversions (PyTorch semantics): f32 -> bf16 / f16 bit-exact RNE
 * (lib/Support/Float.h: quiet NaN keeping payload, overflow to Inf,
 * subnormals); bf16 / f16 -> f32 exact; f16 <-> bf16 through f32; int -> float
 * through f32 (C conversion, RNE); float -> int truncates toward zero, NaN and
 * out-of-range give the x86 "integer indefinite" INT_MIN; -> i1 is `!= 0`
 * (NaN is true); i64 -> i32 wraps; i1 -> anything is 0 / 1. */
#include "CAPIExt/ResourceBlob.h"
#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"
#include "Support/Elements.h"
#include "Support/Float.h"
#include "Support/IR.h"
#include "Support/Strings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum Elem { E_NONE, E_F32, E_F16, E_BF16, E_I64, E_I32, E_I1 } Elem;

static Elem elemKind(MlirType t) {
  if (mlirTypeIsNull(t))
    return E_NONE;
  if (mlirTypeIsAF32(t))
    return E_F32;
  if (mlirTypeIsAF16(t))
    return E_F16;
  if (mlirTypeIsABF16(t))
    return E_BF16;
  if (mlirTypeIsAInteger(t)) {
    switch (mlirIntegerTypeGetWidth(t)) {
    case 64: return E_I64;
    case 32: return E_I32;
    case 1: return E_I1;
    default: return E_NONE;
    }
  }
  return E_NONE;
}

/* Bytes per element in a raw buffer (dense storage and resource blobs). */
static size_t elemBytes(Elem e) {
  switch (e) {
  case E_F32: case E_I32: return 4;
  case E_F16: case E_BF16: return 2;
  case E_I64: return 8;
  case E_I1: return 1;
  default: return 0;
  }
}

/*===--- Reading constant payloads ------------------------------------------===*/

/* One element in a canonical form: floats as f32 bits (every f16/bf16 value
 * is exact in f32), integers as int64. */
typedef struct Val {
  bool isInt;
  uint32_t f;
  int64_t i;
} Val;

static Val decodeRaw(Elem e, const unsigned char *p) {
  Val v = {false, 0, 0};
  switch (e) {
  case E_F32: memcpy(&v.f, p, 4); break;
  case E_F16: { uint16_t h; memcpy(&h, p, 2); v.f = xnnF16ToF32Bits(h); break; }
  case E_BF16: { uint16_t h; memcpy(&h, p, 2); v.f = xnnBF16ToF32Bits(h); break; }
  case E_I64: v.isInt = true; memcpy(&v.i, p, 8); break;
  case E_I32: { int32_t x; memcpy(&x, p, 4); v.isInt = true; v.i = x; break; }
  case E_I1: v.isInt = true; v.i = *p != 0; break;
  default: break;
  }
  return v;
}

/* float -> integer of `bits` (32 or 64) bits: truncation toward zero; NaN and
 * out-of-range give INT_MIN (what x86's cvtt* return, hence PyTorch CPU). */
static int64_t floatToInt(uint32_t f, int bits) {
  double d = (double)xnnF32FromBits(f);
  double lim = ldexp(1.0, bits - 1);
  int64_t minv = bits == 64 ? INT64_MIN : INT32_MIN;
  if (isnan(d) || d >= lim || d < -lim)
    return minv;
  return (int64_t)trunc(d);
}

static void encodeRaw(Elem e, Val v, unsigned char *p) {
  uint32_t f = v.isInt ? xnnF32Bits((float)v.i) : v.f; /* as f32 when a float is needed */
  switch (e) {
  case E_F32: memcpy(p, &f, 4); break;
  case E_F16: { uint16_t h = xnnF32BitsToF16(f); memcpy(p, &h, 2); break; }
  case E_BF16: { uint16_t h = xnnF32BitsToBF16(f); memcpy(p, &h, 2); break; }
  case E_I64: { int64_t x = v.isInt ? v.i : floatToInt(v.f, 64); memcpy(p, &x, 8); break; }
  case E_I32: {
    int32_t x = (int32_t)(uint32_t)(uint64_t)(v.isInt ? v.i : floatToInt(v.f, 32));
    memcpy(p, &x, 4);
    break;
  }
  case E_I1: *p = v.isInt ? v.i != 0 : (v.f & 0x7FFFFFFFu) != 0; break;
  default: break;
  }
}

/* Converts the value of constant `k` (type `srcType`) to element type `dst`;
 * returns the new elements attribute, or a null attribute if the payload is
 * unreadable or unsupported. */
static MlirAttribute convertConstant(MlirOperation k, MlirType dstType) {
  MlirAttribute null = mlirAttributeGetNull();
  MlirAttribute val = xnnOpAttr(k, "value");
  MlirValue kv = mlirOperationGetResult(k, 0);
  if (mlirAttributeIsNull(val) || !mlirTypeEqual(mlirAttributeGetType(val), mlirValueGetType(kv)))
    return null;
  Elem se = elemKind(xnnValueElemType(kv));
  Elem de = elemKind(mlirShapedTypeGetElementType(dstType));
  /* An elided payload (structure only) stays elided, in the new type: the
   * structure is the one the model with data gets. */
  if (se != E_NONE && de != E_NONE && mlirAttributeIsADenseResourceElements(val) && xnnResourceIsElided(val))
    return xnnMlirDenseResourceWithType(val, dstType);
  int64_t n = xnnValueNumElements(kv);
  if (se == E_NONE || de == E_NONE || n < 0 || n > XNN_FOLD_CONSTANT_MAX_ELEMENTS)
    return null;
  size_t sb = elemBytes(se), db = elemBytes(de);

  /* Source elements: `count` of them (1 for a splat). */
  size_t count = (size_t)n;
  unsigned char *src = NULL;
  bool splat = false;
  if (mlirAttributeIsADenseElements(val)) {
    splat = n > 0 && mlirDenseElementsAttrIsSplat(val);
    count = splat ? 1 : (size_t)n;
    src = malloc(count * sb + 1);
    if (!src)
      abort();
    if (se == E_I1) { /* i1 storage is bit-packed: read element-wise */
      for (size_t i = 0; i < count; ++i)
        src[i] = splat ? mlirDenseElementsAttrGetBoolSplatValue(val)
                       : mlirDenseElementsAttrGetBoolValue(val, (intptr_t)i);
    } else if (count) {
      memcpy(src, mlirDenseElementsAttrGetRawData(val), count * sb);
    }
  } else if (mlirAttributeIsADenseResourceElements(val)) {
    /* A blob must hold every element; the shared reader checks its size.
     * Unreadable blobs (elided, missing, wrongly sized) are left alone: the
     * partitioner's refusal of the convert says why. */
    char why[512];
    src = xnnResourceBlobRead(val, (size_t)n * sb, why, sizeof why);
    if (!src)
      return null;
  } else {
    return null;
  }

  MlirAttribute out;
  if (de == E_I1) {
    int *bits = malloc(count ? count * sizeof(int) : sizeof(int));
    if (!bits)
      abort();
    for (size_t i = 0; i < count; ++i) {
      unsigned char b;
      encodeRaw(E_I1, decodeRaw(se, src + i * sb), &b);
      bits[i] = b;
    }
    out = splat ? mlirDenseElementsAttrBoolSplatGet(dstType, bits[0] != 0)
                : mlirDenseElementsAttrBoolGet(dstType, (intptr_t)count, bits);
    free(bits);
  } else {
    unsigned char *dst = malloc(count * db + 1);
    if (!dst)
      abort();
    for (size_t i = 0; i < count; ++i)
      encodeRaw(de, decodeRaw(se, src + i * sb), dst + i * db);
    /* Blobs stay blobs (no copy into the context, no hashing); a
     * one-element dense buffer is a splat (DenseElementsAttr::isValidRawBuffer). */
    if (mlirAttributeIsADenseResourceElements(val) && count > 1) {
      out = xnnResourceAttrAdopt(dstType, dst, count * db);
    } else {
      out = mlirDenseElementsAttrRawBufferGet(dstType, count * db, dst);
      free(dst);
    }
  }
  free(src);
  return out;
}

/*===--- The pass -----------------------------------------------------------===*/

typedef struct Folded {
  MlirOperation src; /* constant that was converted */
  MlirType elem;     /* target element type */
  MlirOperation dst; /* the new constant */
} Folded;

typedef struct State {
  Folded *folded;
  size_t numFolded, capFolded;
  MlirOperation *touched; /* constants to erase at the end if dead (dups ok) */
  size_t numTouched, capTouched;
} State;

static void *grow(void *p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap)
    return p;
  size_t c = *cap ? *cap * 2 : 16;
  while (c < need)
    c *= 2;
  p = realloc(p, c * elem);
  if (!p)
    abort();
  *cap = c;
  return p;
}

static void touch(State *s, MlirOperation op) {
  s->touched = grow(s->touched, &s->capTouched, s->numTouched + 1, sizeof(MlirOperation));
  s->touched[s->numTouched++] = op;
}

/* The new constant for (k, elem): from the cache or freshly built. */
static MlirOperation foldedConstant(State *s, MlirOperation k, MlirType dstType,
                                    MlirLocation loc) {
  MlirType elem = mlirShapedTypeGetElementType(dstType);
  for (size_t i = 0; i < s->numFolded; ++i)
    if (mlirOperationEqual(s->folded[i].src, k) && mlirTypeEqual(s->folded[i].elem, elem))
      return s->folded[i].dst;
  MlirAttribute value = convertConstant(k, dstType);
  if (mlirAttributeIsNull(value))
    return (MlirOperation){NULL};
  MlirContext ctx = mlirOperationGetContext(k);
  intptr_t na = mlirOperationGetNumAttributes(k), m = 0;
  MlirNamedAttribute *attrs = malloc((size_t)(na + 1) * sizeof(MlirNamedAttribute));
  if (!attrs)
    abort();
  attrs[m++] = xnnNamed(ctx, "value", value);
  for (intptr_t i = 0; i < na; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(k, i);
    if (!xnnStrRefEquals(mlirIdentifierStr(a.name), "value"))
      attrs[m++] = a;
  }
  MlirOperation c = xnnBuildOp("edge.constant", loc, 0, NULL, 1, &dstType, m, attrs);
  free(attrs);
  /* After k and the constants already folded from it (keeps their order). */
  MlirOperation after = k;
  for (size_t i = 0; i < s->numFolded; ++i)
    if (mlirOperationEqual(s->folded[i].src, k))
      after = s->folded[i].dst;
  xnnInsertAfter(after, c);
  s->folded = grow(s->folded, &s->capFolded, s->numFolded + 1, sizeof(Folded));
  s->folded[s->numFolded++] = (Folded){k, elem, c};
  touch(s, k);
  touch(s, c);
  return c;
}

/* True if copy `op` leaves the layout of its input as it is. */
static bool keepsLayout(MlirOperation op) {
  XnnLayout t = xnnCopyTargetLayout(op);
  if (t == XNN_LAYOUT_PRESERVE)
    return true;
  return t != XNN_LAYOUT_OTHER && t == xnnValueLayout(mlirOperationGetOperand(op, 0));
}

static void foldConvertOfConstant(State *s, MlirOperation cv, MlirOperation k) {
  MlirValue res = mlirOperationGetResult(cv, 0);
  MlirType resType = mlirValueGetType(res);
  MlirOperation c = foldedConstant(s, k, resType, mlirOperationGetLocation(cv));
  if (mlirOperationIsNull(c))
    return;
  MlirValue with = mlirOperationGetResult(c, 0);
  if (!keepsLayout(cv)) {
    /* The layout part stays: same op kind and attributes minus dtype. */
    intptr_t na = mlirOperationGetNumAttributes(cv), m = 0;
    MlirNamedAttribute *attrs = malloc((size_t)(na + 1) * sizeof(MlirNamedAttribute));
    if (!attrs)
      abort();
    for (intptr_t i = 0; i < na; ++i) {
      MlirNamedAttribute a = mlirOperationGetAttribute(cv, i);
      if (!xnnStrRefEquals(mlirIdentifierStr(a.name), "dtype"))
        attrs[m++] = a;
    }
    MlirStringRef name = xnnOpName(cv);
    char opName[64];
    size_t len = name.length < sizeof opName - 1 ? name.length : sizeof opName - 1;
    memcpy(opName, name.data, len);
    opName[len] = 0;
    MlirOperation lc = xnnBuildOp(opName, mlirOperationGetLocation(cv), 1, &with, 1, &resType, m, attrs);
    free(attrs);
    xnnInsertBefore(cv, lc);
    with = mlirOperationGetResult(lc, 0);
  }
  mlirValueReplaceAllUsesOfWith(res, with);
  mlirOperationDestroy(cv);
}

/* x -> c1 -> cv with x bf16/f16, c1 f32, cv back to x's type. */
static void cancelRoundTrip(MlirOperation cv, MlirOperation c1) {
  MlirValue mid = mlirOperationGetOperand(cv, 0);
  MlirValue x = mlirOperationGetOperand(c1, 0);
  Elem xe = elemKind(xnnValueElemType(x));
  if ((xe != E_BF16 && xe != E_F16) || elemKind(xnnValueElemType(mid)) != E_F32 ||
      !mlirTypeEqual(mlirValueGetType(x), mlirValueGetType(mlirOperationGetResult(cv, 0))) ||
      xnnValueNumUses(mid) != 1 || !keepsLayout(c1) || !keepsLayout(cv) ||
      !mlirBlockEqual(mlirOperationGetBlock(c1), mlirOperationGetBlock(cv)) ||
      !mlirOperationIsBeforeInBlock(c1, cv))
    return;
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(cv, 0), x);
  mlirOperationDestroy(cv);
  mlirOperationDestroy(c1); /* earlier in this block: already visited */
}

static void processRegions(State *s, MlirOperation op);

static void processBlock(State *s, MlirBlock block) {
  /* Destroyed mid-walk: the current op, or a copy before it in this block.
   * New ops are inserted next to constants or before the current op, so the
   * next op, read first, stays valid; constants are erased only at the end. */
  for (MlirOperation op = mlirBlockGetFirstOperation(block), next; !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (mlirOperationGetNumRegions(op) > 0) {
      processRegions(s, op);
      continue;
    }
    if (!xnnIsCopyOp(op))
      continue;
    MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, 0));
    if (mlirOperationIsNull(def))
      continue;
    if (!xnnCopyChangesDtype(op)) {
      /* A copy of a constant that changes neither dtype nor layout is the
       * constant: a convert after it then folds too. */
      if (xnnOpIs(def, "edge.constant") && mlirOperationGetNumResults(def) == 1 && keepsLayout(op)) {
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), mlirOperationGetResult(def, 0));
        mlirOperationDestroy(op);
        touch(s, def);
      }
      continue;
    }
    if (xnnOpIs(def, "edge.constant") && mlirOperationGetNumResults(def) == 1)
      foldConvertOfConstant(s, op, def);
    else if (xnnIsCopyOp(def) && xnnCopyChangesDtype(def))
      cancelRoundTrip(op, def);
  }
}

static void processRegions(State *s, MlirOperation op) {
  for (intptr_t r = 0, nr = mlirOperationGetNumRegions(op); r < nr; ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      processBlock(s, b);
}

static void runFoldConstantConverts(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)pass;
  (void)config;
  State s = {0};
  processRegions(&s, op);
  /* Erase constants left without users; each at most once. */
  for (size_t i = 0; i < s.numTouched; ++i) {
    MlirOperation c = s.touched[i];
    if (mlirOperationIsNull(c))
      continue;
    for (size_t j = i + 1; j < s.numTouched; ++j)
      if (mlirOperationEqual(s.touched[j], c))
        s.touched[j] = (MlirOperation){NULL};
    if (xnnOpIsDead(c))
      mlirOperationDestroy(c);
  }
  free(s.touched);
  free(s.folded);
}

static MlirPass createFoldConstantConverts(const XnnMlirPassInfo *info,
                                           const XnnMlirPassOptionValues *options) {
  (void)options;
  return xnnMlirCreateExternalPass(info, runFoldConstantConverts, NULL, 0);
}

const XnnMlirPassInfo xnnFoldConstantConvertsPassInfo = {
    .argument = "xnn-fold-constant-converts",
    .name = "XnnFoldConstantConverts",
    .description = "Fold dtype converts of constants (and chains of them) into new edge.constant "
                   "ops, bit-exact round-to-nearest-even; cancel lossless bf16/f16 -> f32 round "
                   "trips",
    .options = NULL,
    .numOptions = 0,
    .create = createFoldConstantConverts,
};
