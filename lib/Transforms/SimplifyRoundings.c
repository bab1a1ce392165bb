/* xnn-simplify-roundings: the bf16 roundings the lowering writes, reduced to
 * those that can change a bit (mode=exact) or to the delegate's bf16 results
 * (mode=relaxed).
 *
 * The lowering runs each bf16 op that rounds in f32 between converts: W (bf16
 * -> f32, exact widening) before it, R (f32 -> bf16, round to nearest even)
 * after it. In exact mode it keeps PyTorch's result bit for bit while it
 *  - merges converts of one value to one type (the lowering writes one per use);
 *  - drops R(W(y)) -> y: widening then rounding gives y back;
 *  - drops W(R(x)) -> x where x is bf16-exact (every element a bf16 value): R
 *    is then the identity. x is bf16-exact when it is W(y), a constant whose
 *    data are bf16 values, or comes from such values through ops that only
 *    move or select them (reshape, transpose, slice, concatenate, copy, pad
 *    with a bf16 value, max pooling, neg, abs, a clamp or max/min with bf16
 *    bounds);
 *  - marks an R of a bf16-exact value exact_input: any convert is exact there,
 *    so the emitters define the library's plain convert instead of the RNE
 *    emulation;
 *  - replaces W(R(x)), where R feeds only W, by one f32 -> f32 convert with
 *    round_to_bf16: the same values, without narrowing and widening them (two
 *    passes over the tensor where the library emulates the rounding);
 *  - moves a clamp with bf16 bounds above the round trip it follows:
 *    clamp(W(R(x))) -> W(R(clamp(x))), equal because rounding is monotone and
 *    keeps the bounds. XNNPACK then fuses the clamp into x's producer (a
 *    convolution's relu6), as it does in f32.
 * Relaxed mode (after xnn-lower{bf16-rounding=relaxed}, which computes every
 * bf16 op in f32) also drops W(R(x)) where x is not exact: values stay f32
 * between ops that compute in f32 anyway, GEMMs included (the pinned XNNPACK
 * has no bf16 GEMM, so rounding their inputs would cost time and accuracy and
 * save nothing); only the delegate's bf16 results are rounded. Dead converts
 * are erased. Last, in both modes, a rounding of values not known to stay
 * within 2^111 takes its scaled form's first step from its producer where
 * that is a convolution or fully connected (foldPrescales, below). */
#include "xnnmlir/Passes.h"

#include "Emit/AbsBounds.h"
#include "Pass/PassDefs.h"
#include "Support/Elements.h"
#include "Support/IR.h"
#include "Support/PtrMap.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct SimplifyConfig {
  bool relaxed;
} SimplifyConfig;

static bool isConvert(MlirOperation op, bool (*from)(MlirType), bool (*to)(MlirType)) {
  return xnnOpIs(op, "xnn.convert") &&
         from(xnnValueElemType(mlirOperationGetOperand(op, 0))) &&
         to(xnnValueElemType(mlirOperationGetResult(op, 0)));
}
static bool isWiden(MlirOperation op) { return isConvert(op, mlirTypeIsABF16, mlirTypeIsAF32); }
static bool isRound(MlirOperation op) { return isConvert(op, mlirTypeIsAF32, mlirTypeIsABF16); }
/* R then W in one op: f32 -> f32 with round_to_bf16. */
static bool isRoundKeep(MlirOperation op) { return isConvert(op, mlirTypeIsAF32, mlirTypeIsAF32); }

/* `v` is a bf16 value (±inf included; NaN, or a double off the f32 grid, not). */
static bool bf16Exact(double v) {
  float f = (float)v;
  if (f != f || (double)f != v)
    return false;
  uint32_t u;
  memcpy(&u, &f, 4);
  return (u & 0xffffu) == 0;
}

/* Optional f64 attribute `name` is absent or a bf16 value (±inf included). */
static bool boundExact(MlirOperation op, const char *name) {
  double v;
  return !xnnAttrF64(op, name, &v) || bf16Exact(v);
}

/* Every element of an f32 constant is a bf16 value (false when unknown). */
static bool constantExact(MlirOperation op) {
  MlirAttribute value = xnnOpAttr(op, "value");
  if (mlirAttributeIsNull(value))
    return false;
  MlirType elem = mlirShapedTypeGetElementType(mlirAttributeGetType(value));
  if (mlirTypeIsABF16(elem)) /* bf16 data widened to f32: exact by construction */
    return true;
  if (!mlirTypeIsAF32(elem))
    return false;
  if (mlirAttributeIsADenseResourceElements(value) && xnnResourceIsElided(value))
    return false;
  XnnElements e;
  char err[256];
  if (!xnnElementsView(value, &e, err, sizeof err))
    return false;
  bool exact = true;
  const uint32_t *p = e.data;
  for (int64_t i = 0; i < e.count && exact; ++i)
    exact = (p[i] & 0xffffu) == 0;
  xnnElementsFree(&e);
  return exact;
}

typedef struct Analysis {
  XnnPtrMap exact; /* f32 value -> 1 if bf16-exact (absent: not) */
} Analysis;

/* Constants are scanned only when asked about (1: exact, 2: not): the
 * weights of a large model are gigabytes no rounding ever reads. */
static bool valueExact(Analysis *a, MlirValue v) {
  size_t x = 0;
  if (xnnPtrMapGet(&a->exact, v.ptr, &x))
    return x == 1;
  MlirOperation def = xnnDefiningOp(v);
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "xnn.constant"))
    return false;
  bool exact = constantExact(def);
  xnnPtrMapPut(&a->exact, v.ptr, exact ? 1 : 2);
  return exact;
}

static bool isExactClamp(MlirOperation op) {
  MlirStringRef kind;
  return xnnOpIs(op, "xnn.unary") && xnnAttrString(op, "kind", &kind) && kind.length == 5 &&
         !memcmp(kind.data, "clamp", 5) && boundExact(op, "min") && boundExact(op, "max");
}

/* Ops whose f32 result is bf16-exact when their data operands are. */
static bool movesOrSelects(MlirOperation op, intptr_t *numData) {
  *numData = mlirOperationGetNumOperands(op);
  if (xnnOpIs(op, "xnn.static_reshape") || xnnOpIs(op, "xnn.static_transpose") ||
      xnnOpIs(op, "xnn.static_slice") || xnnOpIs(op, "xnn.concatenate") || xnnOpIs(op, "xnn.copy"))
    return true;
  if (xnnOpIs(op, "xnn.static_constant_pad"))
    return boundExact(op, "padding_value");
  if (xnnOpIs(op, "xnn.max_pooling_2d"))
    return boundExact(op, "output_min") && boundExact(op, "output_max");
  MlirStringRef kind;
  if (!xnnAttrString(op, "kind", &kind))
    return false;
#define KIND_IS(s) (kind.length == strlen(s) && !memcmp(kind.data, s, kind.length))
  if (xnnOpIs(op, "xnn.unary"))
    return KIND_IS("negate") || KIND_IS("abs") || isExactClamp(op);
  if (xnnOpIs(op, "xnn.binary"))
    return (KIND_IS("maximum") || KIND_IS("minimum")) && boundExact(op, "output_min") &&
           boundExact(op, "output_max");
#undef KIND_IS
  return false;
}

static void analyse(Analysis *a, MlirOperation *ops, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    MlirOperation op = ops[i];
    if (mlirOperationGetNumResults(op) != 1)
      continue;
    MlirValue r = mlirOperationGetResult(op, 0);
    if (!mlirTypeIsAF32(xnnValueElemType(r)))
      continue;
    bool exact = false;
    intptr_t numData = 0;
    if (isWiden(op) || isRoundKeep(op))
      exact = true;
    else if (movesOrSelects(op, &numData)) {
      exact = numData > 0;
      for (intptr_t k = 0; k < numData && exact; ++k)
        exact = valueExact(a, mlirOperationGetOperand(op, k));
    }
    if (exact)
      xnnPtrMapPut(&a->exact, r.ptr, 1);
  }
}

/* Merges converts of one value to one type into the first. */
static void mergeConverts(MlirOperation *ops, size_t n) {
  XnnPtrMap first; /* operand value -> index of its first convert (one per result type) */
  xnnPtrMapInit(&first, n);
  for (size_t i = 0; i < n; ++i) {
    if (!xnnOpIs(ops[i], "xnn.convert") || !mlirAttributeIsNull(xnnOpAttr(ops[i], "exact_input")))
      continue;
    MlirValue in = mlirOperationGetOperand(ops[i], 0);
    MlirValue out = mlirOperationGetResult(ops[i], 0);
    size_t j;
    if (xnnPtrMapGet(&first, in.ptr, &j)) {
      MlirValue kept = mlirOperationGetResult(ops[j], 0);
      if (mlirTypeEqual(mlirValueGetType(kept), mlirValueGetType(out)) &&
          mlirAttributeEqual(xnnOpAttr(ops[j], "xnn.layout"), xnnOpAttr(ops[i], "xnn.layout"))) {
        mlirValueReplaceAllUsesOfWith(out, kept);
        continue;
      }
    } else {
      xnnPtrMapPut(&first, in.ptr, i);
    }
  }
  xnnPtrMapFree(&first);
}

/* Uses of `v` by ops other than dead converts (merged ones wait for the final
 * sweep). */
static size_t liveUses(MlirValue v) {
  size_t n = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation owner = mlirOpOperandGetOwner(u);
    n += !(xnnOpIs(owner, "xnn.convert") && xnnOpIsDead(owner));
  }
  return n;
}


/* W(u(R(x))) -> u(K(x)), K = round_to_bf16 kept in f32, where u is an op
 * that only moves or selects values (relu, clamp with bf16 bounds, max
 * pooling, transposes...) run in bf16 between the rounding and widenings
 * only: u gives the same values in f32, and the narrowing and widening
 * passes go. R becomes K in place (its result retyped), u is retyped f32.
 * Returns whether anything changed. */
static bool liftExactOps(MlirOperation *ops, size_t n) {
  bool changed = false;
  for (size_t i = 0; i < n; ++i) {
    MlirOperation u = ops[i];
    intptr_t numData = 0;
    if (mlirOperationGetNumResults(u) != 1 || !movesOrSelects(u, &numData) || numData != 1 ||
        !mlirTypeIsABF16(xnnValueElemType(mlirOperationGetResult(u, 0))) ||
        !mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetResult(u, 0))) ||
        mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(u, 0))) > 8)
      continue;
    MlirOperation round = xnnDefiningOp(mlirOperationGetOperand(u, 0));
    if (mlirOperationIsNull(round) || !isRound(round) || liveUses(mlirOperationGetResult(round, 0)) != 1 ||
        !mlirAttributeIsNull(xnnOpAttr(round, "exact_input")))
      continue;
    MlirValue y = mlirOperationGetResult(u, 0);
    bool onlyWidened = liveUses(y) > 0;
    for (MlirOpOperand use = mlirValueGetFirstUse(y); !mlirOpOperandIsNull(use) && onlyWidened;
         use = mlirOpOperandGetNextUse(use)) {
      MlirOperation owner = mlirOpOperandGetOwner(use);
      onlyWidened = (xnnOpIs(owner, "xnn.convert") && xnnOpIsDead(owner)) || isWiden(owner);
    }
    if (!onlyWidened)
      continue;
    /* The widenings, before y changes type (and they stop being widenings). */
    size_t numWidens = 0;
    MlirOperation widens[16];
    for (MlirOpOperand use = mlirValueGetFirstUse(y); !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
      if (isWiden(mlirOpOperandGetOwner(use)) && numWidens < 16)
        widens[numWidens++] = mlirOpOperandGetOwner(use);
    if (numWidens == 16)
      continue; /* more than the merged converts can leave: not worth a heap list */
    MlirContext ctx = mlirOperationGetContext(u);
    MlirValue k = mlirOperationGetResult(round, 0);
    mlirValueSetType(k, mlirValueGetType(mlirOperationGetOperand(round, 0)));
    xnnOpSetAttr(round, "round_to_bf16", mlirBoolAttrGet(ctx, 1));
    MlirType yType = mlirValueGetType(y);
    int64_t dims[8];
    intptr_t rank = mlirShapedTypeGetRank(yType);
    for (intptr_t d = 0; d < rank && d < 8; ++d)
      dims[d] = mlirShapedTypeGetDimSize(yType, d);
    mlirValueSetType(y, mlirRankedTensorTypeGet(rank, dims, mlirF32TypeGet(ctx), mlirAttributeGetNull()));
    for (size_t w = 0; w < numWidens; ++w)
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(widens[w], 0), y);
    changed = true;
  }
  return changed;
}

/* clamp(W(R(x))) -> W(R(clamp(x))) where the round trip feeds only the clamp
 * (also clamp(K(x)) -> K(clamp(x)), K kept in f32).
 * Returns whether any op moved (the block order changed). */
static bool hoistClamps(MlirOperation *ops, size_t n) {
  bool moved = false;
  for (size_t i = 0; i < n; ++i) {
    MlirOperation clamp = ops[i];
    if (!isExactClamp(clamp))
      continue;
    MlirValue in = mlirOperationGetOperand(clamp, 0);
    MlirOperation last = xnnDefiningOp(in), round; /* the round trip: W(R(x)), or K(x) kept in f32 */
    if (mlirOperationIsNull(last) || liveUses(in) != 1)
      continue;
    if (isRoundKeep(last)) {
      round = last;
    } else {
      round = isWiden(last) ? xnnDefiningOp(mlirOperationGetOperand(last, 0)) : (MlirOperation){NULL};
      if (mlirOperationIsNull(round) || !isRound(round) || liveUses(mlirOperationGetResult(round, 0)) != 1 ||
          !mlirAttributeIsNull(xnnOpAttr(round, "exact_input")))
        continue;
    }
    MlirValue x = mlirOperationGetOperand(round, 0), clamped = mlirOperationGetResult(clamp, 0);
    if (!mlirTypeEqual(mlirValueGetType(x), mlirValueGetType(in)))
      continue;
    mlirValueReplaceAllUsesOfWith(clamped, in);
    mlirOperationSetOperand(clamp, 0, x);
    mlirOperationSetOperand(round, 0, clamped);
    mlirOperationMoveBefore(clamp, round);
    moved = true;
  }
  return moved;
}

/* W(R(x)) -> round_to_bf16(x), inserted before W, which keeps its uses;
 * returns the new value. */
static MlirValue replaceByRoundKeep(MlirOperation widen, MlirValue x) {
  MlirContext ctx = mlirOperationGetContext(widen);
  MlirNamedAttribute attrs[2] = {xnnNamed(ctx, "round_to_bf16", mlirBoolAttrGet(ctx, 1))};
  intptr_t nAttrs = 1;
  MlirAttribute layout = xnnOpAttr(widen, "xnn.layout");
  if (!mlirAttributeIsNull(layout))
    attrs[nAttrs++] = xnnNamed(ctx, "xnn.layout", layout);
  MlirValue w = mlirOperationGetResult(widen, 0);
  MlirType type = mlirValueGetType(w);
  MlirOperation keep = xnnBuildOp("xnn.convert", mlirOperationGetLocation(widen), 1, &x, 1, &type, nAttrs, attrs);
  xnnInsertBefore(widen, keep);
  mlirValueReplaceAllUsesOfWith(w, mlirOperationGetResult(keep, 0));
  return mlirOperationGetResult(keep, 0);
}

/* ---- folding the scaled rounding's first step into its producer --------- */

/* A rounding of values not known to stay within 2^111 starts with
 * u = clamp(x * 2^-17, +-2^111), a multiply and a clamp operator
 * (lib/Emit/Bf16Rounding.inc). Where x comes from a convolution or fully
 * connected with constant filter and bias (through a clamp, or not) and feeds
 * only the rounding, that step folds into it: filter and bias times 2^-17
 * (exact: every element is 0, inf, NaN or stays normal, else no fold), the
 * clamp's bounds times 2^-17 and within +-2^111, and the rounding marked
 * input_scale = 2^-17. Exact as the scaled form, which also flushes values
 * below 2^-109: products and partial sums below 2^-109 now flush too. */

static const double kPrescale = 0x1p-17, kPrescaleBound = 0x1p111;

/* v * 2^-17 loses nothing: 0, inf and NaN, or a result still normal. */
static bool scalesExactly(double v) { return v == 0 || isinf(v) || isnan(v) || fabs(v) * kPrescale >= 0x1p-126; }

/* Optional bounds lo/hi of `op` scaled by 2^-17 and clipped to +-2^111 (set
 * when absent and `setAbsent`); false, nothing changed, if not exact. */
static bool scaleBounds(MlirOperation op, const char *loName, const char *hiName, bool setAbsent) {
  double lo = -INFINITY, hi = INFINITY;
  bool hasLo = xnnAttrF64(op, loName, &lo), hasHi = xnnAttrF64(op, hiName, &hi);
  if (!scalesExactly(lo) || !scalesExactly(hi) || (!setAbsent && !(hasLo && hasHi)))
    return false;
  MlirContext ctx = mlirOperationGetContext(op);
  xnnOpSetAttr(op, loName, mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), fmax(lo * kPrescale, -kPrescaleBound)));
  xnnOpSetAttr(op, hiName, mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), fmin(hi * kPrescale, kPrescaleBound)));
  return true;
}

/* The f32 data of constant operand `idx` of `op` times 2^-17, in `e`; false
 * (e empty) if it is not an f32 constant with data or does not scale exactly. */
static bool scaledConstantData(MlirOperation op, intptr_t idx, XnnElements *e) {
  memset(e, 0, sizeof(*e));
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, idx));
  MlirAttribute value = mlirOperationIsNull(def) || !xnnOpIs(def, "xnn.constant") ? mlirAttributeGetNull()
                                                                                   : xnnOpAttr(def, "value");
  char err[256];
  /* Only f32 data scales (bf16 data widened to f32 is never copied here: an
   * lm_head's blob is hundreds of megabytes), and it is checked in place
   * before anything is copied. */
  if (mlirAttributeIsNull(value) || !mlirTypeIsAF32(xnnValueElemType(mlirOperationGetOperand(op, idx))) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirAttributeGetType(value))) || !xnnConstantHasPayload(def))
    return false;
  XnnElements view;
  if (!xnnElementsView(value, &view, err, sizeof err))
    return false;
  bool exact = mlirTypeIsAF32(view.elem);
  const float *in = view.data;
  for (int64_t i = 0, n = view.splat ? 1 : view.count; i < n && exact; ++i)
    exact = scalesExactly(in[i]);
  xnnElementsFree(&view);
  if (!exact || !xnnElementsRead(value, e, err, sizeof err))
    return false;
  float *v = e->data;
  for (int64_t i = 0, n = e->splat ? 1 : e->count; i < n; ++i)
    v[i] *= (float)kPrescale;
  return true;
}

/* Operand `idx` of `op` becomes a new xnn.constant holding `e` (taken over). */
static void replaceConstantOperand(MlirOperation op, intptr_t idx, XnnElements *e) {
  MlirValue old = mlirOperationGetOperand(op, idx);
  MlirOperation oldDef = xnnDefiningOp(old);
  MlirAttribute value = xnnElementsToAttr(e);
  xnnElementsFree(e);
  MlirContext ctx = mlirOperationGetContext(op);
  MlirNamedAttribute attrs[2] = {xnnNamed(ctx, "value", value)};
  intptr_t nAttrs = 1;
  MlirAttribute layout = xnnOpAttr(oldDef, "xnn.layout");
  if (!mlirAttributeIsNull(layout))
    attrs[nAttrs++] = xnnNamed(ctx, "xnn.layout", layout);
  MlirType type = mlirValueGetType(old);
  MlirOperation c = xnnBuildOp("xnn.constant", mlirOperationGetLocation(oldDef), 0, NULL, 1, &type, nAttrs, attrs);
  xnnInsertBefore(op, c);
  mlirOperationSetOperand(op, idx, mlirOperationGetResult(c, 0));
  if (xnnOpIsDead(oldDef))
    mlirOperationDestroy(oldDef);
}

/* Folds the prescale of `round` into its producer; true if it did. */
static bool foldPrescale(MlirOperation round) {
  MlirValue x = mlirOperationGetOperand(round, 0);
  MlirOperation def = xnnDefiningOp(x), clamp = {NULL};
  if (mlirOperationIsNull(def) || liveUses(x) != 1)
    return false;
  if (isExactClamp(def)) { /* a relu hoisted above the round trip, fused by the library into def */
    clamp = def;
    def = xnnDefiningOp(mlirOperationGetOperand(clamp, 0));
    if (mlirOperationIsNull(def) || liveUses(mlirOperationGetOperand(clamp, 0)) != 1)
      return false;
  }
  if (!(xnnOpIs(def, "xnn.convolution_2d") || xnnOpIs(def, "xnn.deconvolution_2d") ||
        xnnOpIs(def, "xnn.fully_connected")))
    return false;
  XnnElements filter, bias;
  bool hasBias = mlirOperationGetNumOperands(def) > 2;
  if (!scaledConstantData(def, 1, &filter))
    return false;
  if (hasBias && !scaledConstantData(def, 2, &bias)) {
    xnnElementsFree(&filter);
    return false;
  }
  /* Bounds last: they are the only change made before knowing all is exact. */
  double lo, hi;
  bool exact = clamp.ptr ? xnnAttrF64(clamp, "min", &lo) && xnnAttrF64(clamp, "max", &hi) && scalesExactly(lo) &&
                               scalesExactly(hi)
                         : true;
  exact = exact && scalesExactly(xnnAttrF64(def, "output_min", &lo) ? lo : 0) &&
          scalesExactly(xnnAttrF64(def, "output_max", &hi) ? hi : 0);
  if (!exact) {
    xnnElementsFree(&filter);
    if (hasBias)
      xnnElementsFree(&bias);
    return false;
  }
  scaleBounds(def, "output_min", "output_max", true);
  if (clamp.ptr)
    scaleBounds(clamp, "min", "max", false);
  replaceConstantOperand(def, 1, &filter);
  if (hasBias)
    replaceConstantOperand(def, 2, &bias);
  MlirContext ctx = mlirOperationGetContext(round);
  xnnOpSetAttr(round, "input_scale", mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), kPrescale));
  return true;
}

/* Folds every rounding's prescale that the bound analysis does not already
 * make unnecessary. */
static void foldPrescales(MlirBlock body) {
  size_t n = 0;
  MlirOperation *ops = xnnBlockOps(body, &n);
  if (!ops)
    return;
  XnnAbsBounds bounds;
  xnnAbsBoundsInit(&bounds, n + 16);
  for (size_t i = 0; i < n; ++i) {
    MlirOperation op = ops[i];
    if (((isRound(op) && mlirAttributeIsNull(xnnOpAttr(op, "exact_input"))) || isRoundKeep(op)) &&
        mlirAttributeIsNull(xnnOpAttr(op, "input_scale")) &&
        !(xnnAbsBoundsGet(&bounds, mlirOperationGetOperand(op, 0)) <= kPrescaleBound))
      foldPrescale(op);
    xnnAbsBoundsVisit(&bounds, op);
  }
  xnnAbsBoundsFree(&bounds);
  free(ops);
}

static bool simplifyDelegate(MlirOperation func, const void *config) {
  const SimplifyConfig *cfg = config;
  MlirBlock body = xnnFuncBody(func);
  if (mlirBlockIsNull(body))
    return true;
  size_t n = 0;
  MlirOperation *ops = xnnBlockOps(body, &n);
  if (!ops)
    return true;
  mergeConverts(ops, n);
  if (liftExactOps(ops, n) | hoistClamps(ops, n)) {
    free(ops);
    if (!(ops = xnnBlockOps(body, &n)))
      return true;
  }
  /* Relaxed bypasses first: they change which values are bf16-exact. */
  for (size_t i = 0; i < n && cfg->relaxed; ++i) {
    if (!xnnOpIs(ops[i], "xnn.convert") || !isWiden(ops[i]))
      continue;
    MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(ops[i], 0));
    if (!mlirOperationIsNull(def) && isRound(def))
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(ops[i], 0), mlirOperationGetOperand(def, 0));
  }
  Analysis a;
  xnnPtrMapInit(&a.exact, n);
  analyse(&a, ops, n);
  for (size_t i = 0; i < n; ++i) {
    MlirOperation op = ops[i];
    if (!xnnOpIs(op, "xnn.convert"))
      continue;
    MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, 0));
    if (isRoundKeep(op) && valueExact(&a, mlirOperationGetOperand(op, 0))) { /* K(x) = x for bf16 values */
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), mlirOperationGetOperand(op, 0));
      continue;
    }
    if (isRound(op)) {
      MlirValue x = mlirOperationGetOperand(op, 0);
      if (!mlirOperationIsNull(def) && isWiden(def)) /* R(W(y)) = y */
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), mlirOperationGetOperand(def, 0));
      else if (valueExact(&a, x))
        xnnOpSetAttr(op, "exact_input", mlirBoolAttrGet(mlirOperationGetContext(op), 1));
    } else if (isWiden(op) && !mlirOperationIsNull(def) && isRound(def)) {
      MlirValue x = mlirOperationGetOperand(def, 0), w = mlirOperationGetResult(op, 0);
      if (valueExact(&a, x))
        mlirValueReplaceAllUsesOfWith(w, x);
      else if (!cfg->relaxed && liveUses(mlirOperationGetResult(def, 0)) == 1)
        /* Its result is bf16-exact like W's: a rounding of it further on
         * (W(R(W(R(x)))) once a clamp moved up) is then dropped. */
        xnnPtrMapPut(&a.exact, replaceByRoundKeep(op, x).ptr, 1);
    }
  }
  xnnPtrMapFree(&a.exact);
  /* Erase dead converts, users first. */
  for (size_t i = n; i-- > 0;)
    if (xnnOpIs(ops[i], "xnn.convert") && xnnOpIsDead(ops[i]))
      mlirOperationDestroy(ops[i]);
  free(ops);
  foldPrescales(body);
  return true;
}

static void runSimplify(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)pass;
  xnnForEachDelegate(op, simplifyDelegate, config);
}

static const XnnMlirPassOption simplifyOptions[] = {
    {"mode", XNN_MLIR_OPTION_CHOICE, "exact|relaxed",
     "exact: drop only roundings that cannot change a bit (PyTorch's bf16 results); relaxed: also "
     "keep f32 between ops computed in f32, rounding only the delegate's bf16 results"},
};

static MlirPass createSimplify(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  const char *mode = xnnMlirPassOptionGetString(info, values, "mode");
  SimplifyConfig cfg = {mode && !strcmp(mode, "relaxed")};
  return xnnMlirCreateExternalPass(info, runSimplify, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnSimplifyRoundingsPassInfo = {
    .argument = "xnn-simplify-roundings",
    .name = "XnnSimplifyRoundings",
    .description = "Remove the bf16 roundings (f32 -> bf16 -> f32 convert pairs) of lowered delegates "
                   "that cannot change a bit (mode=exact), or keep f32 between f32-computed ops "
                   "(mode=relaxed)",
    .options = simplifyOptions,
    .numOptions = 1,
    .create = createSimplify,
};
