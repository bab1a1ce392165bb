/* Verifiers of edge linear algebra: linear, mm, bmm, sdpa. */
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include <mlir-c/BuiltinTypes.h>

#include <string.h>

static bool dimMismatch(MlirOperation op, const char *what, int64_t a,
                        int64_t b) {
  xnnOpError(op, "%s mismatch: %lld vs %lld", what, (long long)a,
             (long long)b);
  return false;
}

/* linear: x [..., in], w [out, in], optional bias [out] -> [..., out]. */
bool xnnVerifyEdgeLinear(MlirOperation op) {
  if (!xnnCheckNumOperands(op, 2, 3) || !xnnCheckNumResults(op, 1))
    return false;
  bool hasBias = mlirOperationGetNumOperands(op) == 3;
  XnnTensor x, w, b, res;
  bool ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnOperandTensor(op, 1, "w", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &w) && ok;
  if (hasBias)
    ok = xnnOperandTensor(op, 2, "bias", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK,
                          &b) &&
         ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (!xnnCheckSameElem(op, &x, "operand 'x'", &w, "operand 'w'") ||
      (hasBias && !xnnCheckSameElem(op, &x, "operand 'x'", &b, "operand 'bias'")) ||
      !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
    return false;
  if (x.rank < 1) {
    xnnOpError(op, "operand 'x' must have rank >= 1, got rank 0");
    return false;
  }
  if (w.rank != 2) {
    xnnOpError(op, "operand 'w' must be [out_features, in_features] (rank 2), "
                   "got rank %lld",
               (long long)w.rank);
    return false;
  }
  if (x.dims[x.rank - 1] != w.dims[1])
    return dimMismatch(op, "in_features (x last dim vs w dim 1)",
                       x.dims[x.rank - 1], w.dims[1]);
  if (hasBias && (b.rank != 1 || b.dims[0] != w.dims[0])) {
    char bs[256];
    xnnOpError(op, "operand 'bias' must have shape %lld (out_features), got %s",
               (long long)w.dims[0], xnnShapeStr(b.dims, b.rank, bs, sizeof bs));
    return false;
  }
  int64_t shape[XNN_VERIFY_MAX_RANK];
  memcpy(shape, x.dims, sizeof(int64_t) * (size_t)x.rank);
  shape[x.rank - 1] = w.dims[0];
  return xnnCheckResultShape(op, &res, shape, x.rank, "linear");
}

/* mm / bmm: [(B,) M, K] x [(B,) K, N] -> [(B,) M, N]. */
static bool verifyMatmul(MlirOperation op, intptr_t rank) {
  if (!xnnCheckNumOperands(op, 2, 2) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor a, b, res;
  bool ok = xnnOperandTensor(op, 0, "a", XNN_ET_NUMERIC, XNN_VERIFY_MAX_RANK, &a);
  ok = xnnOperandTensor(op, 1, "b", XNN_ET_NUMERIC, XNN_VERIFY_MAX_RANK, &b) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_NUMERIC, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (!xnnCheckSameElem(op, &a, "operand 'a'", &b, "operand 'b'") ||
      !xnnCheckSameElem(op, &a, "operand 'a'", &res, "result"))
    return false;
  if (a.rank != rank || b.rank != rank) {
    xnnOpError(op, "operands must have rank %lld, got %lld and %lld",
               (long long)rank, (long long)a.rank, (long long)b.rank);
    return false;
  }
  if (rank == 3 && a.dims[0] != b.dims[0])
    return dimMismatch(op, "batch size", a.dims[0], b.dims[0]);
  if (a.dims[rank - 1] != b.dims[rank - 2])
    return dimMismatch(op, "contraction dimension (a last vs b second-last)",
                       a.dims[rank - 1], b.dims[rank - 2]);
  int64_t shape[3];
  if (rank == 3)
    shape[0] = a.dims[0];
  shape[rank - 2] = a.dims[rank - 2];
  shape[rank - 1] = b.dims[rank - 1];
  return xnnCheckResultShape(op, &res, shape, rank, "matrix product");
}

bool xnnVerifyEdgeMm(MlirOperation op) { return verifyMatmul(op, 2); }
bool xnnVerifyEdgeBmm(MlirOperation op) { return verifyMatmul(op, 3); }

/* sdpa: q [..., L, E], k [..., S, E], v [..., S, Ev], optional mask (i1 or
 * q's float type) broadcastable to [..., L, S] -> [..., L, Ev]. */
bool xnnVerifyEdgeSdpa(MlirOperation op) {
  double scale;
  bool causal = false;
  bool ok = xnnGetF64(op, "scale", false, &scale) != XNN_ATTR_BAD;
  XnnAttrStatus sc = xnnGetBool(op, "is_causal", false, &causal);
  ok = sc != XNN_ATTR_BAD && ok;
  if (!xnnCheckNumOperands(op, 3, 4) || !xnnCheckNumResults(op, 1))
    return false;
  bool hasMask = mlirOperationGetNumOperands(op) == 4;
  XnnTensor q, k, v, m, res;
  ok = xnnOperandTensor(op, 0, "q", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &q) && ok;
  ok = xnnOperandTensor(op, 1, "k", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &k) && ok;
  ok = xnnOperandTensor(op, 2, "v", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &v) && ok;
  if (hasMask)
    ok = xnnOperandTensor(op, 3, "mask", XNN_ET_FLOAT | XNN_ET_I1,
                          XNN_VERIFY_MAX_RANK, &m) &&
         ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (hasMask && causal) {
    xnnOpError(op, "an explicit 'mask' operand must not be combined with "
                   "is_causal = true");
    return false;
  }
  if (!xnnCheckSameElem(op, &q, "operand 'q'", &k, "operand 'k'") ||
      !xnnCheckSameElem(op, &q, "operand 'q'", &v, "operand 'v'") ||
      !xnnCheckSameElem(op, &q, "operand 'q'", &res, "result"))
    return false;
  if (hasMask && m.kind != XNN_ET_I1 &&
      !xnnCheckSameElem(op, &q, "operand 'q'", &m, "float operand 'mask'"))
    return false;
  if (q.rank < 2 || k.rank != q.rank || v.rank != q.rank) {
    xnnOpError(op, "q, k and v must have the same rank >= 2, got %lld, %lld "
                   "and %lld",
               (long long)q.rank, (long long)k.rank, (long long)v.rank);
    return false;
  }
  intptr_t r = q.rank;
  for (intptr_t i = 0; i < r - 2; ++i) {
    if (k.dims[i] != q.dims[i] || v.dims[i] != q.dims[i]) {
      xnnOpError(op, "batch dimension %lld differs between q, k and v: %lld, "
                     "%lld, %lld",
                 (long long)i, (long long)q.dims[i], (long long)k.dims[i],
                 (long long)v.dims[i]);
      return false;
    }
  }
  if (k.dims[r - 1] != q.dims[r - 1])
    return dimMismatch(op, "embedding dimension E (q last vs k last)",
                       q.dims[r - 1], k.dims[r - 1]);
  if (v.dims[r - 2] != k.dims[r - 2])
    return dimMismatch(op, "source length S (k vs v second-last)",
                       k.dims[r - 2], v.dims[r - 2]);
  if (hasMask) {
    int64_t scores[XNN_VERIFY_MAX_RANK];
    memcpy(scores, q.dims, sizeof(int64_t) * (size_t)r);
    scores[r - 1] = k.dims[r - 2];
    if (!xnnBroadcastsTo(m.dims, m.rank, scores, r)) {
      char ms[256], ss[256];
      xnnOpError(op, "operand 'mask' shape %s does not broadcast to the "
                     "attention score shape %s",
                 xnnShapeStr(m.dims, m.rank, ms, sizeof ms),
                 xnnShapeStr(scores, r, ss, sizeof ss));
      return false;
    }
  }
  int64_t shape[XNN_VERIFY_MAX_RANK];
  memcpy(shape, q.dims, sizeof(int64_t) * (size_t)r);
  shape[r - 1] = v.dims[r - 1];
  return xnnCheckResultShape(op, &res, shape, r, "attention");
}

/* addmm: bias broadcastable to [M, N], a [M, K], b [K, N], one float dtype;
 * optional beta, alpha (f64). */
bool xnnVerifyEdgeAddmm(MlirOperation op) {
  double beta = 1.0, alpha = 1.0;
  bool ok = xnnGetF64(op, "beta", false, &beta) != XNN_ATTR_BAD;
  ok = xnnGetF64(op, "alpha", false, &alpha) != XNN_ATTR_BAD && ok;
  if (!xnnCheckNumOperands(op, 3, 3) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor c, a, b, res;
  ok = xnnOperandTensor(op, 0, "bias", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &c) && ok;
  ok = xnnOperandTensor(op, 1, "a", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &a) && ok;
  ok = xnnOperandTensor(op, 2, "b", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &b) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (!xnnCheckSameElem(op, &a, "operand 'a'", &b, "operand 'b'") ||
      !xnnCheckSameElem(op, &a, "operand 'a'", &c, "operand 'bias'") ||
      !xnnCheckSameElem(op, &a, "operand 'a'", &res, "result"))
    return false;
  if (a.rank != 2 || b.rank != 2) {
    xnnOpError(op, "operands 'a' and 'b' must have rank 2, got %lld and %lld",
               (long long)a.rank, (long long)b.rank);
    return false;
  }
  if (a.dims[1] != b.dims[0])
    return dimMismatch(op, "contraction dimension (a dim 1 vs b dim 0)", a.dims[1], b.dims[0]);
  int64_t shape[2] = {a.dims[0], b.dims[1]};
  if (!xnnBroadcastsTo(c.dims, c.rank, shape, 2)) {
    char cs[256], ms[64];
    xnnOpError(op, "operand 'bias' of shape %s does not broadcast to the product's shape %s",
               xnnShapeStr(c.dims, c.rank, cs, sizeof cs), xnnShapeStr(shape, 2, ms, sizeof ms));
    return false;
  }
  return xnnCheckResultShape(op, &res, shape, 2, "addmm");
}
