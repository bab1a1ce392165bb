/* Verifiers of edge normalisation ops: batch_norm (inference) and layer_norm. */
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include <string.h>

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
