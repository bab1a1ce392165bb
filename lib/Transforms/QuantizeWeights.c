/* xnn-quantize-weights: 8da8w / 8da4w in one pass, for a model that comes in
 * with float weights.
 *
 * Every edge.linear whose weight is a float constant [N, K] becomes the
 * pattern ExecuTorch's quantized exports hold (lib/Ops/Quant.c delegates it
 * as XNNPACK's qd8 fully connected):
 *
 *   x32 = to_copy(x, f32)                      (if x is not f32)
 *   s, zp = choose_qparams_per_token_asymmetric(x32)
 *   xd  = dequantize_per_token(quantize_per_token(x32, s, zp), s, zp)
 *   wd  = dequantize_per_channel(Wq, Ws)      group-size 0
 *       | dequantize_per_channel_group(Wq, Ws) otherwise
 *   y   = to_copy(linear(xd, wd, bias32), x's dtype)
 *
 * Weights are quantized symmetrically here, at compile time: per output
 * channel (or per group of `group-size` along K) scale = max|w| / qmax
 * (qmax = 127 or 7; 1 for an all-zero row), q = round-half-even(w / scale)
 * clamped to [-qmax - 1, qmax], both in f32; group scales are rounded up to
 * bf16 first (XNNPACK's blockwise filters take bf16 scales). Left alone: run-time or
 * non-finite weights, K not a multiple of the group size. */
#include "xnnmlir/Passes.h"

#include "CAPIExt/ResourceBlob.h"
#include "Pass/PassDefs.h"
#include "Support/Elements.h"
#include "Support/Float.h"
#include "Support/IR.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct QuantizeConfig {
  int64_t bits;      /* 8 or 4 */
  int64_t groupSize; /* 0: per output channel */
} QuantizeConfig;

/* Element i of a float weight view, widened exactly to f32. */
static float weightAt(const XnnElements *e, int64_t i) {
  const char *p = (const char *)e->data + (e->splat ? 0 : i) * (int64_t)e->elemSize;
  if (e->elemSize == 4) {
    float v;
    memcpy(&v, p, 4);
    return v;
  }
  uint16_t h;
  memcpy(&h, p, 2);
  return mlirTypeIsABF16(e->elem) ? xnnBF16ToF32(h) : xnnF16ToF32(h);
}

/* Quantizes w [n, k] in groups of g along k into q (n * k) and scales
 * (n * k / g). False if a weight is not finite. */
/* The smallest bf16 value >= s (s positive, finite). */
static float bf16AtLeast(float s) {
  uint32_t b;
  memcpy(&b, &s, 4);
  if (b & 0xFFFFu)
    b = (b | 0xFFFFu) + 1u;
  memcpy(&s, &b, 4);
  return s;
}

static bool quantize(const XnnElements *w, int64_t n, int64_t k, int64_t g, int64_t qmax, bool bf16Scales,
                     signed char *q, float *scales) {
  for (int64_t r = 0; r < n; ++r)
    for (int64_t g0 = 0; g0 < k; g0 += g) {
      float amax = 0.0f;
      for (int64_t i = g0; i < g0 + g; ++i) {
        float v = weightAt(w, r * k + i);
        if (!isfinite(v))
          return false;
        amax = fmaxf(amax, fabsf(v));
      }
      float scale = amax > 0.0f ? amax / (float)qmax : 1.0f;
      if (scale == 0.0f) /* amax subnormal: the quotient underflowed */
        scale = amax;
      if (bf16Scales) /* rounded up: |w| / scale stays <= qmax */
        scale = bf16AtLeast(scale);
      scales[r * (k / g) + g0 / g] = scale;
      for (int64_t i = g0; i < g0 + g; ++i) {
        float t = nearbyintf(weightAt(w, r * k + i) / scale);
        q[r * k + i] = (signed char)(t < (float)(-qmax - 1) ? -qmax - 1 : t > (float)qmax ? qmax : t);
      }
    }
  return true;
}

/* A constant of `type` holding `bytes` of `data` (malloc'd, taken over): a
 * dense_resource blob when the weight it comes from was one, else dense. */
static MlirAttribute constantAttr(MlirType type, void *data, size_t bytes, bool resource) {
  if (resource)
    return xnnResourceAttrAdopt(type, data, bytes);
  MlirAttribute a = mlirDenseElementsAttrRawBufferGet(type, bytes, data);
  free(data);
  return a;
}

static MlirValue insertOp(MlirOperation anchor, const char *name, intptr_t nIn, const MlirValue *ins, intptr_t nOut,
                          const MlirType *outs, intptr_t nAttrs, const MlirNamedAttribute *attrs) {
  MlirOperation op = xnnBuildOp(name, mlirOperationGetLocation(anchor), nIn, ins, nOut, outs, nAttrs, attrs);
  xnnInsertBefore(anchor, op);
  return mlirOperationGetResult(op, 0);
}

static MlirValue toDtype(MlirOperation anchor, MlirValue v, MlirType elem) {
  if (mlirTypeEqual(xnnValueElemType(v), elem))
    return v;
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirNamedAttribute dtype = xnnNamed(ctx, "dtype", mlirTypeAttrGet(elem));
  MlirType t = xnnTensorWithElem(mlirValueGetType(v), elem);
  return insertOp(anchor, "edge.to_copy", 1, &v, 1, &t, 1, &dtype);
}

static MlirValue constantOf(MlirOperation anchor, MlirAttribute value) {
  MlirType t = mlirAttributeGetType(value);
  MlirNamedAttribute a = xnnNamed(mlirOperationGetContext(anchor), "value", value);
  return insertOp(anchor, "edge.constant", 0, NULL, 1, &t, 1, &a);
}

/* The quantized weight and scales of constant `def` [n, k], as attributes
 * (elided weights give elided ones). False: leave the linear alone. */
static bool quantizedWeight(const QuantizeConfig *cfg, MlirOperation def, int64_t n, int64_t k,
                            MlirAttribute *wqAttr, MlirAttribute *scaleAttr) {
  MlirContext ctx = mlirOperationGetContext(def);
  int64_t g = cfg->groupSize ? cfg->groupSize : k, qmax = cfg->bits == 8 ? 127 : 7;
  int64_t wdims[2] = {n, k}, sdims[2] = {n, k / g};
  MlirType wt = mlirRankedTensorTypeGet(2, wdims, mlirIntegerTypeGet(ctx, 8), mlirAttributeGetNull());
  MlirType st = mlirRankedTensorTypeGet(cfg->groupSize ? 2 : 1, sdims, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  MlirAttribute value = xnnOpAttr(def, "value");
  if (xnnResourceIsElided(value)) {
    *wqAttr = xnnMlirDenseResourceWithType(value, wt);
    *scaleAttr = xnnMlirDenseResourceWithType(value, st);
    return !mlirAttributeIsNull(*wqAttr) && !mlirAttributeIsNull(*scaleAttr);
  }
  XnnElements w;
  char err[256];
  if (!xnnConstantHasPayload(def) || !xnnElementsView(value, &w, err, sizeof err))
    return false;
  signed char *q = malloc((size_t)(n * k) + 1);
  float *s = malloc(sizeof(float) * (size_t)(n * (k / g)) + 1);
  bool ok = q && s && (w.elemSize == 4 || w.elemSize == 2) && quantize(&w, n, k, g, qmax, cfg->groupSize != 0, q, s);
  xnnElementsFree(&w);
  if (!ok) {
    free(q);
    free(s);
    return false;
  }
  bool resource = mlirAttributeIsADenseResourceElements(value);
  *wqAttr = constantAttr(wt, q, (size_t)(n * k), resource);
  *scaleAttr = constantAttr(st, s, sizeof(float) * (size_t)(n * (k / g)), resource);
  return true;
}

static void quantizeLinear(MlirOperation op, void *userData) {
  const QuantizeConfig *cfg = userData;
  MlirValue w = mlirOperationGetOperand(op, 1);
  MlirOperation wdef = xnnDefiningOp(w);
  int64_t wdims[2];
  if (mlirOperationIsNull(wdef) || !xnnOpIs(wdef, "edge.constant") || xnnValueRank(w) != 2 ||
      !xnnIsFloatType(xnnValueElemType(w)) || mlirTypeIsAF64(xnnValueElemType(w)))
    return;
  xnnValueShape(w, wdims);
  int64_t n = wdims[0], k = wdims[1];
  if (n < 1 || k < 1 || (cfg->groupSize && k % cfg->groupSize != 0))
    return;
  MlirAttribute wqAttr, scaleAttr;
  if (!quantizedWeight(cfg, wdef, n, k, &wqAttr, &scaleAttr))
    return;

  MlirContext ctx = mlirOperationGetContext(op);
  MlirType f32 = mlirF32TypeGet(ctx), i64 = mlirIntegerTypeGet(ctx, 64);
  MlirValue x = toDtype(op, mlirOperationGetOperand(op, 0), f32);
  int64_t dims[8];
  intptr_t rank = xnnValueShape(x, dims);
  if (rank < 1 || rank > 8)
    return;
  int64_t pdims[8];
  memcpy(pdims, dims, sizeof(int64_t) * (size_t)rank);
  pdims[rank - 1] = 1;
  MlirType params[2] = {xnnTensorType(pdims, rank, f32), xnnTensorType(pdims, rank, i64)};
  MlirOperation choose = xnnBuildOp("edge.choose_qparams_per_token_asymmetric", mlirOperationGetLocation(op), 1, &x,
                                    2, params, 0, NULL);
  xnnInsertBefore(op, choose);
  MlirNamedAttribute range8[2] = {xnnNamed(ctx, "quant_min", xnnI64Attr(ctx, -128)),
                                  xnnNamed(ctx, "quant_max", xnnI64Attr(ctx, 127))};
  MlirValue qin[3] = {x, mlirOperationGetResult(choose, 0), mlirOperationGetResult(choose, 1)};
  MlirType qt = xnnTensorWithElem(mlirValueGetType(x), mlirIntegerTypeGet(ctx, 8));
  qin[0] = insertOp(op, "edge.quantize_per_token", 3, qin, 1, &qt, 2, range8);
  MlirType xt = mlirValueGetType(x);
  MlirValue xd = insertOp(op, "edge.dequantize_per_token", 3, qin, 1, &xt, 2, range8);

  int64_t qmax = cfg->bits == 8 ? 127 : 7;
  MlirValue wins[2] = {constantOf(op, wqAttr), constantOf(op, scaleAttr)};
  MlirNamedAttribute wattrs[3] = {
      cfg->groupSize ? xnnNamed(ctx, "group_size", xnnI64Attr(ctx, cfg->groupSize))
                     : xnnNamed(ctx, "axis", xnnI64Attr(ctx, 0)),
      xnnNamed(ctx, "quant_min", xnnI64Attr(ctx, -qmax - 1)),
      xnnNamed(ctx, "quant_max", xnnI64Attr(ctx, qmax)),
  };
  MlirType wt = xnnTensorWithElem(mlirValueGetType(w), f32);
  MlirValue wd = insertOp(op, cfg->groupSize ? "edge.dequantize_per_channel_group" : "edge.dequantize_per_channel", 2,
                          wins, 1, &wt, 3, wattrs);

  intptr_t nIn = mlirOperationGetNumOperands(op);
  MlirValue lin[3] = {xd, wd, {NULL}};
  if (nIn == 3)
    lin[2] = toDtype(op, mlirOperationGetOperand(op, 2), f32);
  MlirValue old = mlirOperationGetResult(op, 0);
  MlirType yt = xnnTensorWithElem(mlirValueGetType(old), f32);
  MlirValue y = insertOp(op, "edge.linear", nIn, lin, 1, &yt, 0, NULL);
  y = toDtype(op, y, xnnValueElemType(old));
  mlirValueReplaceAllUsesOfWith(old, y);
  mlirOperationDestroy(op);
  if (xnnOpIsDead(wdef)) /* defined before op: the walk is past it */
    mlirOperationDestroy(wdef);
}

static void runQuantizeWeights(MlirOperation op, MlirExternalPass pass, void *config) {
  const QuantizeConfig *cfg = config;
  if (cfg->groupSize < 0 || (cfg->bits == 8 && cfg->groupSize != 0)) {
    char msg[320];
    snprintf(msg, sizeof msg,
             "xnn-quantize-weights: group-size=%lld with bits=%lld: groups are for 4-bit weights (XNNPACK has "
             "blockwise int4 filters, not int8); use group-size=0 (per channel) or bits=4",
             (long long)cfg->groupSize, (long long)cfg->bits);
    mlirEmitError(mlirOperationGetLocation(op), msg);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  xnnForEachEdgeOp(op, "edge.linear", quantizeLinear, config);
}

static const XnnMlirPassOption quantizeOptions[] = {
    {"bits", XNN_MLIR_OPTION_CHOICE, "8|4", "weight width: 8 (int8, XNNPACK's qc8w) or 4 (int4: qc4w, qb4w)"},
    {"group-size", XNN_MLIR_OPTION_INT, "0",
     "0: one scale per output channel; else one per group of this many weights along the input dim "
     "(4-bit only; XNNPACK's blockwise filters take multiples of 32)"},
    {"activations", XNN_MLIR_OPTION_CHOICE, "dynamic-int8",
     "activations of the quantized linears: dynamic-int8 (quantized per token at run time, asymmetric)"},
};

static MlirPass createQuantizeWeights(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  QuantizeConfig cfg = {strcmp(xnnMlirPassOptionGetString(info, values, "bits"), "4") ? 8 : 4,
                        xnnMlirPassOptionGetInt(info, values, "group-size")};
  return xnnMlirCreateExternalPass(info, runQuantizeWeights, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnQuantizeWeightsPassInfo = {
    .argument = "xnn-quantize-weights",
    .name = "XnnQuantizeWeights",
    .description = "Quantizes the constant weights of linear layers (symmetric int8 or int4, per channel or per "
                   "group) with dynamically quantized int8 activations: ExecuTorch's 8da8w / 8da4w pattern",
    .options = quantizeOptions,
    .numOptions = 3,
    .create = createQuantizeWeights,
};
