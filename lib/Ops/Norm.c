/* Edge normalisation ops, batch_norm (inference) and layer_norm: verifiers,
 * lowerings and the family's rows of the op table. */
#include "Ops/Capability.h"
#include "Ops/LowerUtil.h"
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- verifiers ----------------------------------------------------------- */

/* batch_norm: x [N, C, ...] (rank >= 2, ATen's minimum), weight, bias,
 * running_mean, running_var [C], one float dtype; eps (f64) required. */
bool xnnVerifyEdgeBatchNorm(MlirOperation op) {
  static const char *const names[4] = {"weight", "bias", "running_mean", "running_var"};
  double eps = 0.0;
  bool ok = xnnGetF64(op, "eps", true, &eps) == XNN_ATTR_OK;
  if (!xnnCheckNumOperands(op, 5, 5) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, p[4], res;
  ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x) && ok;
  for (int i = 0; i < 4; ++i)
    ok = xnnOperandTensor(op, i + 1, names[i], XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &p[i]) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
    return false;
  if (x.rank < 2) {
    xnnOpError(op, "operand 'x' must have rank >= 2 ([N, C, ...]), got rank %lld",
               (long long)x.rank);
    return false;
  }
  char buf[256];
  for (int i = 0; i < 4; ++i) {
    if (!xnnCheckSameElem(op, &x, "operand 'x'", &p[i], names[i]))
      return false;
    if (p[i].rank != 1 || p[i].dims[0] != x.dims[1]) {
      xnnOpError(op, "operand '%s' must have shape %lld (the channels, dim 1 of 'x'), got %s",
                 names[i], (long long)x.dims[1], xnnShapeStr(p[i].dims, p[i].rank, buf, sizeof buf));
      return false;
    }
  }
  return xnnCheckResultShape(op, &res, x.dims, x.rank, "batch_norm (same as 'x')");
}

/* layer_norm: x [..., *normalized_shape] (1 <= len <= rank), optional weight
 * then bias of shape normalized_shape, one float dtype; eps (f64) required. */
bool xnnVerifyEdgeLayerNorm(MlirOperation op) {
  int64_t ns[XNN_VERIFY_MAX_RANK];
  intptr_t k = 0;
  double eps = 0.0;
  XnnAttrStatus sn =
      xnnGetI64Array(op, "normalized_shape", true, -1, ns, XNN_VERIFY_MAX_RANK, &k);
  bool ok = xnnGetF64(op, "eps", true, &eps) == XNN_ATTR_OK;
  if (!xnnCheckNumOperands(op, 1, 3) || !xnnCheckNumResults(op, 1))
    return false;
  static const char *const names[2] = {"weight", "bias"};
  intptr_t np = mlirOperationGetNumOperands(op) - 1;
  XnnTensor x, p[2], res;
  ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x) && ok;
  for (intptr_t i = 0; i < np; ++i)
    ok = xnnOperandTensor(op, i + 1, names[i], XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &p[i]) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || sn != XNN_ATTR_OK || !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
    return false;
  char xs[256], ss[256], ps[256];
  if (k < 1 || k > x.rank) {
    xnnOpError(op, "normalized_shape has %lld entries; expected 1 to rank(x) = %lld",
               (long long)k, (long long)x.rank);
    return false;
  }
  if (memcmp(ns, x.dims + x.rank - k, sizeof(int64_t) * (size_t)k) != 0) {
    xnnOpError(op, "normalized_shape %s is not the trailing shape of operand 'x' (%s)",
               xnnShapeStr(ns, k, ss, sizeof ss), xnnShapeStr(x.dims, x.rank, xs, sizeof xs));
    return false;
  }
  for (intptr_t i = 0; i < np; ++i) {
    if (!xnnCheckSameElem(op, &x, "operand 'x'", &p[i], names[i]))
      return false;
    if (p[i].rank != k || memcmp(p[i].dims, ns, sizeof(int64_t) * (size_t)k) != 0) {
      xnnOpError(op, "operand '%s' must have shape normalized_shape = %s, got %s", names[i],
                 xnnShapeStr(ns, k, ss, sizeof ss), xnnShapeStr(p[i].dims, p[i].rank, ps, sizeof ps));
      return false;
    }
  }
  return xnnCheckResultShape(op, &res, x.dims, x.rank, "layer_norm (same as 'x')");
}

/* ---- lowerings ----------------------------------------------------------- */

static float elementF32(const XnnElements *e, int64_t i) { return ((const float *)e->data)[e->splat ? 0 : i]; }

/* batch_norm (inference), in f32 as ATen computes every float dtype (opmath),
 * rounded once to the result type: y = x * scale + shift per channel, the
 * [C] vectors shaped to broadcast along x's physical channel axis (last in
 * NHWC: [C]; NCHW: [C, 1, ...]). Constant parameters fold at compile time:
 * scale = weight / sqrt(var + eps), shift = bias - mean * scale in f64, each
 * rounded once to f32 (ATen rounds each of its f32 steps: within an f32 ulp
 * of ATen's scale and shift). Otherwise ATen's own f32 steps run in the
 * delegate: invstd = 1 / sqrt(var + eps), alpha = invstd * weight,
 * beta = bias - mean * alpha. */
static bool xnnLowerBatchNorm(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
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
      ok = xnnLowerConstantF32(L, op, got + 1, &p[got], &elided);
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
      scale = xnnLowerFoldedConstant(L, op, sc, C, bdims, brank, elided);
      shift = xnnLowerFoldedConstant(L, op, sc + C, C, bdims, brank, elided);
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
    MlirValue invstd = xnnLowerRsqrtOf(L, op, xnnLowerBinaryOf(L, op, "add", p[3], xnnLowerScalar(L, op, p[3], (float)eps)));
    scale = xnnLowerBinaryOf(L, op, "multiply", invstd, p[0]);
    shift = xnnLowerBinaryOf(L, op, "subtract", p[1], xnnLowerBinaryOf(L, op, "multiply", p[2], scale));
    if (brank > 1) {
      MlirType bt = xnnTensorType(bdims, brank, elem);
      scale = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &scale, bt, 0, NULL);
      shift = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &shift, bt, 0, NULL);
    }
  }
  return xnnLowerReplace(L, op, xnnLowerBinaryOf(L, op, "add", xnnLowerBinaryOf(L, op, "multiply", x, scale), shift));
}

/* layer_norm over the last len(normalized_shape) dims (the tagger gives it an
 * NCHW operand): mean, x - mean, the mean of its square (biased variance),
 * 1 / sqrt(var + eps), the product, then weight and bias; in f32 for every
 * dtype, rounded once (16-bit nodes would round every step). */
static bool xnnLowerLayerNorm(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
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
  MlirValue d = xnnLowerBinaryOf(L, op, "subtract", x, mean);
  MlirValue sq = xnnLowerBinaryOf(L, op, "multiply", d, d);
  MlirValue var = xnnLowerEmit(L, op, "xnn.static_reduce", 1, &sq, redType, 3, attrs);
  MlirValue y = xnnLowerBinaryOf(L, op, "multiply", d, xnnLowerRsqrtOf(L, op, xnnLowerBinaryOf(L, op, "add", var, xnnLowerScalar(L, op, var, (float)eps))));
  static const char *const affine[2] = {"multiply", "add"};
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue p = xnnLowerOperand(L, op, i, elem);
    if (mlirValueIsNull(p))
      return false;
    y = xnnLowerBinaryOf(L, op, affine[i - 1], y, p);
  }
  return xnnLowerReplace(L, op, y);
}

/* ---- the family's rows of the op table (Capability.h) -------------------- */

static const XnnCapability ops[] = {
    /* batch_norm: multiply + add by per-channel scale / shift (folded at
     * compile time when constant); f16 and bf16 compute in f32 and round once,
     * as ATen's opmath does (f16 nodes would round the product too). */
    {"edge.batch_norm", xnnVerifyEdgeBatchNorm, "binary.multiply", XNN_CAP_F32, NULL, xnnLowerBatchNorm,
     XNN_CAP_F16 | XNN_CAP_BF16},
    /* layer_norm: mean, subtract, multiply, mean, add, 1 / sqrt, multiply
     * (+ affine); f16 in f32 (every f16 node would round), bf16 in f32 too
     * (no bf16 mean). */
    {"edge.layer_norm", xnnVerifyEdgeLayerNorm, "static_reduce.mean", XNN_CAP_F32, NULL, xnnLowerLayerNorm,
     XNN_CAP_F16},
};

const XnnOpFamily xnnNormFamily = {ops, sizeof ops / sizeof ops[0], NULL};
