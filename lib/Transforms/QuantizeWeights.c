/* xnn-quantize-weights: 8da8w / 8da4w in one pass, for a model that comes in
 * with float weights.
 *
 * Every linear layer whose weight is a float constant becomes the pattern
 * ExecuTorch's quantized exports hold (lib/Ops/Quant.c delegates it as
 * XNNPACK's qd8 fully connected):
 *
 *   x32 = to_copy(x, f32)                      (if x is not f32)
 *   s, zp = choose_qparams_per_token_asymmetric(x32)
 *   xd  = dequantize_per_token(quantize_per_token(x32, s, zp), s, zp)
 *   wd  = dequantize_per_channel(Wq, Ws)      group-size 0
 *       | dequantize_per_channel_group(Wq, Ws) otherwise
 *   y   = to_copy(linear(xd, wd, bias32), x's dtype)
 *
 * The layers: edge.linear (weight [N, K]); edge.addmm(bias, x, b) and
 * edge.mm(x, b), b [K, N] a constant (transposed here) or a permute /
 * transpose of a constant [N, K] (a biased nn.Linear imports as addmm).
 * addmm's alpha folds into the weight before it is quantized, beta into a
 * constant bias; a bias that is not a constant row is added after the linear.
 *
 * Weights are quantized symmetrically here, at compile time, per output
 * channel or per group of `group-size` along K, by one of two schemes:
 *
 *   torchao     torchao's affine symmetric scheme, as ExecuTorch's 8da4w /
 *               8da8w exports run it (Int8DynamicActivationIntxWeightConfig,
 *               torchao/quantization/quant_primitives.py
 *               _choose_qparams_affine / _quantize_affine_no_dtype_cast):
 *               scale = max(max|w| / ((qmax - qmin) / 2), smallest normal),
 *               q = clamp(round-half-even(w * (1 / scale)), qmin, qmax) over
 *               the full range [-8, 7] / [-128, 127], each step rounded to
 *               the weight's dtype as PyTorch computes it; group scales then
 *               rounded to bf16 to nearest (what ExecuTorch serializes for
 *               XNNPACK's blockwise filters, backends/xnnpack/operators/
 *               node_visitor.py).
 *   restricted  scale = max|w| / qmax (127 or 7; 1 for a zero row),
 *               q = round-half-even(w / scale) in f32, so within
 *               [-qmax, qmax]; group scales rounded up to bf16 first.
 *
 * Declined layers get a warning (or, for a weight computed at run time, a
 * remark) saying why: nothing is left in float silently. */
#include "xnnmlir/Passes.h"

#include "CAPIExt/Diagnostic.h"
#include "CAPIExt/ResourceBlob.h"
#include "Pass/PassDefs.h"
#include "Support/Elements.h"
#include "Support/Float.h"
#include "Support/IR.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* XNNPACK's blockwise int4 filters (qb4w) take block sizes that are
 * multiples of this (xnn-probe-qd8 exact: 8, 16, 24, 48 refused). */
#define QB4W_BLOCK_MULTIPLE 32

typedef enum Scheme { SCHEME_TORCHAO, SCHEME_RESTRICTED } Scheme;

typedef struct QuantizeConfig {
  int64_t bits;      /* 8 or 4 */
  int64_t groupSize; /* 0: per output channel */
  Scheme scheme;
} QuantizeConfig;

/* A warning (or remark) at `op`: the layer stays in float, and why. */
static void declined(MlirOperation op, MlirDiagnosticSeverity severity, const char *fmt, ...) {
  char why[400], msg[520];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  MlirStringRef name = xnnOpName(op);
  snprintf(msg, sizeof msg, "xnn-quantize-weights: '%.*s' not quantized (left in float): %s", (int)name.length,
           name.data, why);
  xnnMlirEmitDiagnostic(mlirOperationGetLocation(op), severity, msg);
}

/* ---- the weight ------------------------------------------------------------ */

/* Where a layer's weight W [N, K] comes from: a float constant, read as is
 * ([N, K]) or transposed (it holds [K, N]: the mm / addmm operand), times
 * alpha (addmm's; 1: none). */
typedef struct WeightSource {
  MlirOperation constant;
  MlirOperation permute; /* the permute / transpose between them, or null */
  bool transposed;
  double alpha;
  int64_t n, k;
} WeightSource;

/* The element type a weight is quantized in: its own, unless alpha made it
 * an f32 product. */
typedef enum WeightDtype { DT_F32, DT_BF16, DT_F16 } WeightDtype;

/* Rounds an f32 result to the weight's dtype, as PyTorch's reduced-float
 * kernels do (computed in f32, rounded to nearest even once). */
static float toDtype16(WeightDtype dt, float v) {
  if (dt == DT_BF16)
    return xnnBF16ToF32(xnnF32ToBF16(v));
  if (dt == DT_F16)
    return xnnF16ToF32(xnnF32ToF16(v));
  return v;
}

/* Element i of a float weight view, widened exactly to f32. */
static float elementAt(const XnnElements *e, int64_t i) {
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

/* W[r, i], alpha folded (fl(alpha * w) in f32). */
static float weightAt(const XnnElements *e, const WeightSource *src, int64_t r, int64_t i) {
  float v = elementAt(e, src->transposed ? i * src->n + r : r * src->k + i);
  return src->alpha == 1.0 ? v : (float)src->alpha * v;
}

/* The smallest bf16 value >= s (s positive, finite). */
static float bf16AtLeast(float s) {
  uint32_t b;
  memcpy(&b, &s, 4);
  if (b & 0xFFFFu)
    b = (b | 0xFFFFu) + 1u;
  memcpy(&s, &b, 4);
  return s;
}

/* One group's scale and integers, by the configured scheme. */
static float quantizeGroup(const QuantizeConfig *cfg, WeightDtype dt, const float *w, int64_t g, bool grouped,
                           signed char *q) {
  float amax = 0.0f;
  for (int64_t i = 0; i < g; ++i)
    amax = fmaxf(amax, fabsf(w[i]));
  if (cfg->scheme == SCHEME_TORCHAO) {
    /* scale = max_val_pos / (float(quant_max - quant_min) / 2), clamped to
     * torch.finfo(dtype).smallest_normal; q = round(w * (1.0 / scale)). */
    int64_t qmin = cfg->bits == 8 ? -128 : -8, qmax = cfg->bits == 8 ? 127 : 7;
    float half = (float)(qmax - qmin) / 2.0f; /* 127.5 or 7.5: exact in every dtype */
    float eps = dt == DT_F16 ? 6.103515625e-05f : FLT_MIN;
    float scale = toDtype16(dt, amax / half);
    if (!(scale >= eps))
      scale = eps;
    float inv = toDtype16(dt, 1.0f / scale);
    for (int64_t i = 0; i < g; ++i) {
      float t = nearbyintf(toDtype16(dt, w[i] * inv));
      q[i] = (signed char)(t < (float)qmin ? qmin : t > (float)qmax ? qmax : t);
    }
    /* ExecuTorch hands XNNPACK's blockwise filters bf16 scales,
     * scale.to(torch.bfloat16): the delegate and the reference see those. */
    return grouped ? xnnBF16ToF32(xnnF32ToBF16(scale)) : scale;
  }
  int64_t qmax = cfg->bits == 8 ? 127 : 7;
  float scale = amax > 0.0f ? amax / (float)qmax : 1.0f;
  if (scale == 0.0f) /* amax subnormal: the quotient underflowed */
    scale = amax;
  if (grouped) /* rounded up: |w| / scale stays <= qmax */
    scale = bf16AtLeast(scale);
  for (int64_t i = 0; i < g; ++i) {
    float t = nearbyintf(w[i] / scale);
    q[i] = (signed char)(t < (float)(-qmax - 1) ? -qmax - 1 : t > (float)qmax ? qmax : t);
  }
  return scale;
}

/* Quantizes W [n, k] in groups of g along k into q (n * k) and scales
 * (n * k / g). False (with the offending index) if a weight is not finite. */
static bool quantize(const QuantizeConfig *cfg, const XnnElements *e, const WeightSource *src, signed char *q,
                     float *scales, int64_t *badRow, int64_t *badCol) {
  int64_t n = src->n, k = src->k, g = cfg->groupSize ? cfg->groupSize : k;
  WeightDtype dt = src->alpha != 1.0 || e->elemSize == 4 ? DT_F32 : mlirTypeIsABF16(e->elem) ? DT_BF16 : DT_F16;
  float *w = malloc(sizeof(float) * (size_t)g + 1);
  if (!w)
    return false;
  for (int64_t r = 0; r < n; ++r)
    for (int64_t g0 = 0; g0 < k; g0 += g) {
      for (int64_t i = 0; i < g; ++i) {
        w[i] = weightAt(e, src, r, g0 + i);
        if (!isfinite(w[i])) {
          *badRow = r, *badCol = g0 + i;
          free(w);
          return false;
        }
      }
      scales[r * (k / g) + g0 / g] = quantizeGroup(cfg, dt, w, g, cfg->groupSize != 0, q + r * k + g0);
    }
  free(w);
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

/* The quantized weight and scales of `src`, as attributes (elided weights
 * give elided ones). False: declined, with a warning at `op`. */
static bool quantizedWeight(const QuantizeConfig *cfg, MlirOperation op, const WeightSource *src,
                            MlirAttribute *wqAttr, MlirAttribute *scaleAttr) {
  MlirContext ctx = mlirOperationGetContext(op);
  int64_t n = src->n, k = src->k, g = cfg->groupSize ? cfg->groupSize : k;
  int64_t wdims[2] = {n, k}, sdims[2] = {n, k / g};
  MlirType wt = mlirRankedTensorTypeGet(2, wdims, mlirIntegerTypeGet(ctx, 8), mlirAttributeGetNull());
  MlirType st = mlirRankedTensorTypeGet(cfg->groupSize ? 2 : 1, sdims, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  MlirAttribute value = xnnOpAttr(src->constant, "value");
  if (xnnResourceIsElided(value)) { /* structure only: no values to quantize */
    *wqAttr = xnnMlirDenseResourceWithType(value, wt);
    *scaleAttr = xnnMlirDenseResourceWithType(value, st);
    if (mlirAttributeIsNull(*wqAttr) || mlirAttributeIsNull(*scaleAttr)) {
      declined(op, MlirDiagnosticWarning, "its elided weight could not be retyped");
      return false;
    }
    return true;
  }
  XnnElements w;
  char err[256] = "its payload is missing";
  if (!xnnConstantHasPayload(src->constant) || !xnnElementsView(value, &w, err, sizeof err)) {
    declined(op, MlirDiagnosticWarning, "the weight cannot be read (%s)", err);
    return false;
  }
  signed char *q = malloc((size_t)(n * k) + 1);
  float *s = malloc(sizeof(float) * (size_t)(n * (k / g)) + 1);
  int64_t badRow = 0, badCol = 0;
  bool ok = q && s && quantize(cfg, &w, src, q, s, &badRow, &badCol);
  xnnElementsFree(&w);
  if (!ok) {
    if (q && s)
      declined(op, MlirDiagnosticWarning, "weight [%lld, %lld] (output channel, input channel) is not finite",
               (long long)badRow, (long long)badCol);
    free(q);
    free(s);
    return false;
  }
  bool resource = mlirAttributeIsADenseResourceElements(value);
  *wqAttr = constantAttr(wt, q, (size_t)(n * k), resource);
  *scaleAttr = constantAttr(st, s, sizeof(float) * (size_t)(n * (k / g)), resource);
  return true;
}

/* A float constant [N, K] or [K, N] a layer can quantize; false (with a
 * warning, or a remark for a run-time weight) otherwise. */
static bool usableConstant(const QuantizeConfig *cfg, MlirOperation op, MlirOperation def, WeightSource *src) {
  MlirValue w = mlirOperationGetResult(def, 0);
  MlirType elem = xnnValueElemType(w);
  int64_t dims[2];
  if (xnnValueRank(w) != 2)
    return false;
  if (!(mlirTypeIsAF32(elem) || mlirTypeIsABF16(elem) || mlirTypeIsAF16(elem))) /* edge's floats, verified */
    return false;
  xnnValueShape(w, dims);
  src->constant = def;
  src->n = src->transposed ? dims[1] : dims[0];
  src->k = src->transposed ? dims[0] : dims[1];
  if (src->n < 1 || src->k < 1) {
    declined(op, MlirDiagnosticRemark, "the weight is empty ([%lld, %lld])", (long long)src->n, (long long)src->k);
    return false;
  }
  if (cfg->groupSize && src->k % cfg->groupSize != 0) {
    declined(op, MlirDiagnosticWarning,
             "its input channels K = %lld are not a multiple of group-size=%lld (choose a group size that "
             "divides every K of the model, or group-size=0: one scale per output channel)",
             (long long)src->k, (long long)cfg->groupSize);
    return false;
  }
  return true;
}

/* Weights already quantized (a model exported quantized): nothing to do. */
static bool isDequantized(MlirOperation def) {
  return !mlirOperationIsNull(def) &&
         (xnnOpIs(def, "edge.dequantize_per_channel") || xnnOpIs(def, "edge.dequantize_per_channel_group") ||
          xnnOpIs(def, "edge.dequantize_per_tensor"));
}

/* A permute / transpose swapping the two dims of a rank-2 value. */
static bool swapsTwoDims(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) != 1 || xnnValueRank(mlirOperationGetOperand(op, 0)) != 2)
    return false;
  if (xnnOpIs(op, "edge.permute")) {
    int64_t d[2];
    intptr_t nd = 0;
    return xnnAttrI64Array(op, "dims", d, 2, &nd) && nd == 2 && (d[0] + 2) % 2 == 1 && (d[1] + 2) % 2 == 0;
  }
  int64_t a = 0, b = 0;
  return xnnOpIs(op, "edge.transpose") && xnnAttrI64(op, "dim0", &a) && xnnAttrI64(op, "dim1", &b) &&
         (a + 2) % 2 != (b + 2) % 2;
}

/* The weight behind mm / addmm's operand b [K, N]: a constant (transposed
 * here), or a permute / transpose of a constant [N, K] (the W^T the
 * importer emits when it does not fold it). */
static bool weightOfB(const QuantizeConfig *cfg, MlirOperation op, MlirValue b, bool remark, WeightSource *src) {
  MlirOperation def = xnnDefiningOp(b);
  src->permute = (MlirOperation){NULL};
  src->transposed = true;
  if (!mlirOperationIsNull(def) && swapsTwoDims(def)) {
    MlirOperation inner = xnnDefiningOp(mlirOperationGetOperand(def, 0));
    if (!mlirOperationIsNull(inner) && (xnnOpIs(inner, "edge.constant") || isDequantized(inner))) {
      src->permute = def;
      src->transposed = false;
      def = inner;
    }
  }
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "edge.constant")) {
    if (remark && !isDequantized(def))
      declined(op, MlirDiagnosticRemark, "its weight (operand 'b') is computed at run time");
    return false;
  }
  return usableConstant(cfg, op, def, src);
}

/* ---- the quantized pattern ------------------------------------------------ */

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

/* Replaces `op` (result [..., N]) by the quantized linear of x [..., K] with
 * the quantized weight, an optional [N] FC bias, and an optional term added
 * after it (both converted to f32); then drops the float weight if nothing
 * else uses it. */
static void replaceByQuantized(const QuantizeConfig *cfg, MlirOperation op, MlirValue x, const WeightSource *src,
                               MlirAttribute wqAttr, MlirAttribute scaleAttr, MlirValue bias, MlirValue addAfter) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType f32 = mlirF32TypeGet(ctx), i64 = mlirIntegerTypeGet(ctx, 64);
  x = toDtype(op, x, f32);
  int64_t pdims[XNN_IR_MAX_RANK];
  intptr_t rank = xnnValueShape(x, pdims);
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

  /* The integers' range: torchao's full range, or the restricted one
   * (whose integers stay within [-qmax, qmax], under the same bounds). */
  int64_t qmax = cfg->bits == 8 ? 127 : 7;
  MlirValue wins[2] = {constantOf(op, wqAttr), constantOf(op, scaleAttr)};
  MlirNamedAttribute wattrs[3] = {
      cfg->groupSize ? xnnNamed(ctx, "group_size", xnnI64Attr(ctx, cfg->groupSize))
                     : xnnNamed(ctx, "axis", xnnI64Attr(ctx, 0)),
      xnnNamed(ctx, "quant_min", xnnI64Attr(ctx, -qmax - 1)),
      xnnNamed(ctx, "quant_max", xnnI64Attr(ctx, qmax)),
  };
  int64_t wdims[2] = {src->n, src->k};
  MlirType wt = xnnTensorType(wdims, 2, f32);
  MlirValue wd = insertOp(op, cfg->groupSize ? "edge.dequantize_per_channel_group" : "edge.dequantize_per_channel", 2,
                          wins, 1, &wt, 3, wattrs);

  MlirValue lin[3] = {xd, wd, mlirValueIsNull(bias) ? bias : toDtype(op, bias, f32)};
  MlirValue old = mlirOperationGetResult(op, 0);
  MlirType yt = xnnTensorWithElem(mlirValueGetType(old), f32);
  MlirValue y = insertOp(op, "edge.linear", mlirValueIsNull(bias) ? 2 : 3, lin, 1, &yt, 0, NULL);
  if (!mlirValueIsNull(addAfter)) {
    MlirValue sum[2] = {y, toDtype(op, addAfter, f32)};
    y = insertOp(op, "edge.add", 2, sum, 1, &yt, 0, NULL);
  }
  y = toDtype(op, y, xnnValueElemType(old));
  mlirValueReplaceAllUsesOfWith(old, y);
  mlirOperationDestroy(op);
  /* Defined before op: every walk is past them. */
  if (!mlirOperationIsNull(src->permute) && xnnOpIsDead(src->permute))
    mlirOperationDestroy(src->permute);
  if (xnnOpIsDead(src->constant))
    mlirOperationDestroy(src->constant);
}

/* ---- the layers ------------------------------------------------------------ */

static void quantizeLinear(MlirOperation op, void *userData) {
  const QuantizeConfig *cfg = userData;
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, 1));
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "edge.constant")) {
    if (!isDequantized(def))
      declined(op, MlirDiagnosticRemark, "its weight is computed at run time");
    return;
  }
  WeightSource src = {.transposed = false, .alpha = 1.0};
  MlirAttribute wq, scales;
  if (!usableConstant(cfg, op, def, &src) || !quantizedWeight(cfg, op, &src, &wq, &scales))
    return;
  MlirValue bias = mlirOperationGetNumOperands(op) == 3 ? mlirOperationGetOperand(op, 2) : (MlirValue){NULL};
  replaceByQuantized(cfg, op, mlirOperationGetOperand(op, 0), &src, wq, scales, bias, (MlirValue){NULL});
}

static void quantizeMm(MlirOperation op, void *userData) {
  const QuantizeConfig *cfg = userData;
  WeightSource src = {.alpha = 1.0};
  MlirAttribute wq, scales;
  /* mm of two run-time values is a matmul, not a layer: no remark. */
  if (!weightOfB(cfg, op, mlirOperationGetOperand(op, 1), false, &src) ||
      !quantizedWeight(cfg, op, &src, &wq, &scales))
    return;
  replaceByQuantized(cfg, op, mlirOperationGetOperand(op, 0), &src, wq, scales, (MlirValue){NULL},
                     (MlirValue){NULL});
}

/* A constant bias that broadcasts along the rows ([N], [1, N], [1], [1, 1],
 * []) with its values readable (or [N] with beta = 1: used as it is). */
static bool isRowBias(MlirOperation def, double beta, int64_t n) {
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "edge.constant"))
    return false;
  int64_t dims[XNN_IR_MAX_RANK];
  intptr_t rank = xnnValueShape(mlirOperationGetResult(def, 0), dims);
  if (rank < 0 || rank > 2 || (rank == 2 && dims[0] != 1) || (rank >= 1 && dims[rank - 1] != n && dims[rank - 1] != 1))
    return false;
  return (rank == 1 && dims[0] == n && beta == 1.0) || xnnConstantHasPayload(def);
}

/* fl(beta * bias) in f32 over [N] (addmm's reference computes it so), or
 * NULL if the values cannot be read; malloc'd. */
static float *rowBiasValues(MlirOperation def, double beta, int64_t n) {
  XnnElements e;
  char err[64];
  if (!xnnElementsView(xnnOpAttr(def, "value"), &e, err, sizeof err))
    return NULL;
  float *v = (e.elemSize == 4 || e.elemSize == 2) ? malloc(sizeof(float) * (size_t)n + 1) : NULL;
  for (int64_t j = 0; v && j < n; ++j)
    v[j] = (float)beta * elementAt(&e, e.count == 1 ? 0 : j);
  xnnElementsFree(&e);
  return v;
}

static void quantizeAddmm(MlirOperation op, void *userData) {
  const QuantizeConfig *cfg = userData;
  double beta = 1.0, alpha = 1.0;
  xnnAttrF64(op, "beta", &beta);
  xnnAttrF64(op, "alpha", &alpha);
  WeightSource src = {.alpha = 1.0};
  if (!weightOfB(cfg, op, mlirOperationGetOperand(op, 2), true, &src))
    return;
  if (!isfinite(alpha) || alpha == 0.0) {
    declined(op, MlirDiagnosticWarning, "alpha = %g (a finite, nonzero alpha folds into the weight)", alpha);
    return;
  }
  if (!isfinite(beta)) {
    declined(op, MlirDiagnosticWarning, "beta = %g", beta);
    return;
  }
  src.alpha = alpha;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirValue biasOperand = mlirOperationGetOperand(op, 0);
  MlirOperation biasDef = xnnDefiningOp(biasOperand);
  /* beta = 0 drops the bias (NaNs included), as ATen. A constant row is
   * the FC bias (beta folded in); any other bias is added after the
   * linear, which takes beta = 1 only. */
  bool row = beta != 0.0 && isRowBias(biasDef, beta, src.n);
  int64_t bdims[XNN_IR_MAX_RANK];
  bool asIs = row && beta == 1.0 && xnnValueShape(biasOperand, bdims) == 1 && bdims[0] == src.n;
  float *rowValues = row && !asIs ? rowBiasValues(biasDef, beta, src.n) : NULL;
  if (row && !asIs && !rowValues)
    row = false;
  if (beta != 0.0 && beta != 1.0 && !row) {
    declined(op, MlirDiagnosticWarning,
             "beta = %g with a bias that is not a constant row (beta folds into a constant [N] or [1, N] bias)",
             beta);
    return;
  }
  MlirAttribute wq, scales;
  if (!quantizedWeight(cfg, op, &src, &wq, &scales)) {
    free(rowValues);
    return;
  }
  MlirValue bias = {NULL}, addAfter = {NULL};
  if (asIs) /* nn.Linear's bias: converted to f32 (xnn-fold-constant-converts folds it) */
    bias = biasOperand;
  else if (rowValues)
    bias = constantOf(op, constantAttr(xnnTensorType(&src.n, 1, f32), rowValues, sizeof(float) * (size_t)src.n,
                                       false));
  else if (beta != 0.0)
    addAfter = biasOperand;
  replaceByQuantized(cfg, op, mlirOperationGetOperand(op, 1), &src, wq, scales, bias, addAfter);
}

/* ---- the pass ------------------------------------------------------------- */

/* The option combinations XNNPACK cannot run, each with its own message. */
static bool optionsUsable(MlirOperation module, const QuantizeConfig *cfg) {
  char msg[400];
  long long g = (long long)cfg->groupSize, bits = (long long)cfg->bits;
  if (g < 0)
    snprintf(msg, sizeof msg,
             "xnn-quantize-weights: group-size=%lld is negative: use 0 (one scale per output channel) or, with "
             "bits=4, a positive multiple of %d (one scale per group of that many input channels)",
             g, QB4W_BLOCK_MULTIPLE);
  else if (g > 0 && bits == 8)
    snprintf(msg, sizeof msg,
             "xnn-quantize-weights: group-size=%lld with bits=8: XNNPACK's blockwise filters are int4 only "
             "(qb4w; int8 weights are per channel, qc8w): use group-size=0 with bits=8, or bits=4",
             g);
  else if (g > 0 && g % QB4W_BLOCK_MULTIPLE != 0)
    snprintf(msg, sizeof msg,
             "xnn-quantize-weights: group-size=%lld is not a multiple of %d: the linked XNNPACK's blockwise int4 "
             "filters (qb4w) take groups of 32, 64, 96, 128, ... input channels; use one of those, or "
             "group-size=0 (one scale per output channel)",
             g, QB4W_BLOCK_MULTIPLE);
  else
    return true;
  mlirEmitError(mlirOperationGetLocation(module), msg);
  return false;
}

static void runQuantizeWeights(MlirOperation op, MlirExternalPass pass, void *config) {
  const QuantizeConfig *cfg = config;
  if (!optionsUsable(op, cfg)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  /* Linears first: the quantized pattern of an addmm or mm is a linear whose
   * weight is not a constant, which the linear walk would report. */
  xnnForEachEdgeOp(op, "edge.linear", quantizeLinear, config);
  xnnForEachEdgeOp(op, "edge.addmm", quantizeAddmm, config);
  xnnForEachEdgeOp(op, "edge.mm", quantizeMm, config);
}

static const XnnMlirPassOption quantizeOptions[] = {
    {"bits", XNN_MLIR_OPTION_CHOICE, "8|4", "weight width: 8 (int8, XNNPACK's qc8w) or 4 (int4: qc4w, qb4w)"},
    {"group-size", XNN_MLIR_OPTION_INT, "0",
     "0: one scale per output channel; else one per group of this many weights along the input dim "
     "(4-bit only; a multiple of 32, as XNNPACK's blockwise filters take)"},
    {"scheme", XNN_MLIR_OPTION_CHOICE, "torchao|restricted",
     "torchao: torchao's symmetric scheme, as ExecuTorch's 8da4w / 8da8w (scale max|w| / 7.5 or / 127.5, "
     "integers over [-8, 7] / [-128, 127], group scales bf16 to nearest); restricted: scale max|w| / 7 or "
     "/ 127, integers within [-7, 7] / [-127, 127], group scales rounded up to bf16"},
    {"activations", XNN_MLIR_OPTION_CHOICE, "dynamic-int8",
     "activations of the quantized linears: dynamic-int8 (quantized per token at run time, asymmetric)"},
};

static MlirPass createQuantizeWeights(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  QuantizeConfig cfg = {strcmp(xnnMlirPassOptionGetString(info, values, "bits"), "4") ? 8 : 4,
                        xnnMlirPassOptionGetInt(info, values, "group-size"),
                        strcmp(xnnMlirPassOptionGetString(info, values, "scheme"), "restricted") ? SCHEME_TORCHAO
                                                                                                 : SCHEME_RESTRICTED};
  return xnnMlirCreateExternalPass(info, runQuantizeWeights, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnQuantizeWeightsPassInfo = {
    .argument = "xnn-quantize-weights",
    .name = "XnnQuantizeWeights",
    .description = "Quantizes the constant weights of linear layers (linear, addmm, mm; symmetric int8 or int4, "
                   "per channel or per group) with dynamically quantized int8 activations: ExecuTorch's 8da8w / "
                   "8da4w pattern",
    .options = quantizeOptions,
    .numOptions = 4,
    .create = createQuantizeWeights,
};
