/* Edge linear algebra (linear, mm, bmm, addmm, sdpa): verifiers, capability
 * checks, lowerings and the family's rows of the op table. */
#include "Ops/Capability.h"
#include "Ops/LowerUtil.h"
#include "Ops/Quant.h"
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include <mlir-c/BuiltinTypes.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* ---- verifiers ----------------------------------------------------------- */

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

/* ---- capability checks --------------------------------------------------- */

static bool checkLinear(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (xnnValueRank(mlirOperationGetOperand(op, 1)) != 2)
    return xnnCapRefuse(why, "linear weight is not 2-D");
  return true;
}

/* sdpa is decomposed in f32: batch matmul (transposed k), scale, causal or
 * additive mask, softmax, batch matmul (xnnLowerSdpa). A boolean mask must be
 * a constant (isSdpaBoolMask): XNNPACK has no boolean tensors. */
static bool checkSdpa(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  MlirValue q = mlirOperationGetOperand(op, 0);
  intptr_t rank = xnnValueRank(q);
  if (rank < 3)
    return xnnCapRefuse(why, "sdpa of rank %zd; XNNPACK's batch matmul needs a batch dim", (ssize_t)rank);
  for (intptr_t i = 0; i < 3; ++i)
    if (xnnValueNumElements(mlirOperationGetOperand(op, i)) == 0)
      return xnnCapRefuse(why, "sdpa with an empty operand");
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (xnnValueRank(mlirOperationGetOperand(op, i)) == 4 && xnnLowerOperandIsNHWC(op, i))
      return xnnCapRefuse(why, "sdpa of an NHWC value");
  return true;
}

/* ---- lowerings ----------------------------------------------------------- */

/* linear(x, w[out,in], b): fully connected with a static filter; a dynamic
 * filter is taken by XNNPACK in f32 only. */
static bool xnnLowerLinear(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  XnnQuantLinear q;
  XnnReason why;
  XnnStaticLinear sq;
  if (xnnQuantLinearMatch(op, &q, &why))
    return xnnLowerQuantLinear(L, op, &q);
  if (xnnStaticLinearMatch(op, &sq, &why))
    return xnnLowerStaticLinear(L, op, &sq);
  bool dynamicWeights = !xnnLowerOperandIsConstant(op, 1);
  MlirType elem = dynamicWeights ? mlirF32TypeGet(L->ctx) : xnnLowerComputeElem(L, op, cap);
  MlirValue ins[3];
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    if (mlirValueIsNull(ins[i] = xnnLowerOperand(L, op, i, elem)))
      return false;
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.fully_connected", n, ins, xnnLowerResultType(op, 0, elem), 0, NULL));
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
static bool xnnLowerMatmul(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  if (xnnOpIs(op, "edge.mm") && xnnLowerOperandIsConstant(op, 1)) {
    static const int64_t transpose[2] = {1, 0};
    MlirValue ins[2] = {xnnLowerOperand(L, op, 0, elem), xnnLowerConstantOperand(L, op, 1, elem, transpose)};
    if (mlirValueIsNull(ins[0]) || mlirValueIsNull(ins[1]))
      return false;
    return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.fully_connected", 2, ins, xnnLowerResultType(op, 0, elem), 0, NULL));
  }
  MlirValue ins[2] = {xnnLowerOperand(L, op, 0, elem), xnnLowerOperand(L, op, 1, elem)};
  if (mlirValueIsNull(ins[0]) || mlirValueIsNull(ins[1]))
    return false;
  return xnnLowerReplace(L, op, matmulOf(L, op, ins, xnnLowerResultType(op, 0, elem)));
}

/* Constant operand `idx` as f32 elements in *e (true, the caller frees
 * them); false when there are none to compute with: *folded is then the
 * constant of dims/rank that keeps an elided payload elided, or null on
 * failure. */
static bool constantElements(XnnLowerCtx *L, MlirOperation op, intptr_t idx, const int64_t *dims,
                             intptr_t rank, XnnElements *e, MlirValue *folded) {
  MlirAttribute elided = {NULL};
  *folded = (MlirValue){NULL};
  if (!xnnLowerConstantF32(L, op, idx, e, &elided))
    return false;
  if (!mlirAttributeIsNull(elided)) {
    *folded = xnnLowerFoldedConstant(L, op, NULL, 0, dims, rank, elided);
    return false;
  }
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
  MlirValue folded;
  if (!constantElements(L, op, idx, dims, rank, &e, &folded))
    return folded;
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
    out = xnnLowerF32Constant(L, op, e.data, e.count, dims, rank, mlirF32TypeGet(L->ctx));
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
static bool xnnLowerAddmm(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
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
      bias = xnnLowerBinaryOf(L, op, "multiply", bias, xnnLowerScalar(L, op, bias, (float)beta));
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
    prod = xnnLowerBinaryOf(L, op, "multiply", prod, xnnLowerScalar(L, op, prod, (float)alpha));
  if (!mlirValueIsNull(bias))
    prod = xnnLowerBinaryOf(L, op, "add", prod, bias);
  return xnnLowerReplace(L, op, prod);
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
  MlirValue lifted = xnnLowerBinaryOf(L, op, "maximum", t, xnnLowerScalar(L, op, t, -FLT_MAX));
  MlirValue d = xnnLowerBinaryOf(L, op, "subtract", lifted, t);
  MlirValue kept = xnnLowerBinaryOf(L, op, "divide", xnnLowerScalar(L, op, t, 1.0f), xnnLowerBinaryOf(L, op, "add", d, xnnLowerScalar(L, op, t, 1.0f)));
  int64_t axis = r - 1;
  MlirNamedAttribute attrs[3] = {
      lowerNamed(L, "kind", lowerStrAttr(L, "sum")),
      lowerNamed(L, "axes", xnnI64ArrayAttr(L->ctx, &axis, 1)),
      lowerNamed(L, "keep_dims", mlirBoolAttrGet(L->ctx, true)),
  };
  dims[r - 1] = 1;
  MlirValue count = xnnLowerEmit(L, op, "xnn.static_reduce", 1, &kept, xnnTensorType(dims, r, xnnValueElemType(t)), 3, attrs);
  *rowNaN = xnnLowerBinaryOf(L, op, "multiply", count, xnnLowerScalar(L, op, count, 0.0f));
  *rowScale = xnnLowerBinaryOf(L, op, "minimum", count, xnnLowerScalar(L, op, count, 1.0f));
  MlirValue floor = xnnLowerBinaryOf(L, op, "multiply",
                                     xnnLowerBinaryOf(L, op, "multiply", *rowScale, xnnLowerScalar(L, op, count, -FLT_MAX)),
                                     xnnLowerScalar(L, op, count, 2.0f));
  return xnnLowerBinaryOf(L, op, "maximum", t, floor);
}

/* Constant boolean mask operand `idx` as ATen applies it: an additive f32
 * mask, 0 where true (attend) and -inf where false; elided stays elided. */
static MlirValue boolMaskConstant(XnnLowerCtx *L, MlirOperation op, intptr_t idx) {
  int64_t dims[XNN_IR_MAX_RANK];
  intptr_t rank = xnnValueShape(mlirOperationGetOperand(op, idx), dims);
  XnnElements e;
  MlirValue folded;
  if (!constantElements(L, op, idx, dims, rank, &e, &folded))
    return folded;
  float *v = e.data;
  for (int64_t i = 0; i < e.count; ++i)
    v[i] = v[i] != 0.0f ? 0.0f : -INFINITY;
  MlirValue out = xnnLowerF32Constant(L, op, v, e.count, dims, rank, mlirF32TypeGet(L->ctx));
  xnnElementsFree(&e);
  return out;
}

/* sdpa (checkSdpa: no mask, is_causal, a float mask or a constant boolean one; rank >= 3), in f32 as
 * the reference kernel: scores = (q . k^T) * scale, causal positions s > l at
 * -inf (an added constant: -inf + finite = -inf) or the mask added, softmax
 * over s (fully masked rows zeros, guardMaskedRows), then . v; rounded once to
 * the result dtype. */
static bool xnnLowerSdpa(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
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
  s = xnnLowerBinaryOf(L, op, "multiply", s, xnnLowerScalar(L, op, s, (float)scale));
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
    s = xnnLowerBinaryOf(L, op, "add", s, xnnLowerF32Constant(L, op, m, Lq * S, md, r, f32));
    free(m);
  }
  MlirValue rowScale = {NULL}, rowNaN = {NULL};
  if (mlirOperationGetNumOperands(op) == 4) {
    MlirValue mask = mlirTypeIsAFloat(xnnValueElemType(mlirOperationGetOperand(op, 3)))
                         ? xnnLowerOperand(L, op, 3, f32)
                         : boolMaskConstant(L, op, 3);
    if (mlirValueIsNull(mask))
      return false;
    s = guardMaskedRows(L, op, xnnLowerBinaryOf(L, op, "add", s, mask), &rowScale, &rowNaN);
  }
  MlirValue p = xnnLowerEmit(L, op, "xnn.softmax", 1, &s, mlirValueGetType(s), 0, NULL);
  if (!mlirValueIsNull(rowScale))
    p = xnnLowerBinaryOf(L, op, "multiply", p, rowScale);
  MlirValue pv[2] = {p, v};
  int64_t od[XNN_IR_MAX_RANK];
  memcpy(od, qd, sizeof(int64_t) * (size_t)r);
  od[r - 1] = vd[r - 1];
  MlirValue out = xnnLowerEmit(L, op, "xnn.batch_matrix_multiply", 2, pv, xnnTensorType(od, r, f32), 0, NULL);
  if (!mlirValueIsNull(rowNaN))
    out = xnnLowerBinaryOf(L, op, "add", out, rowNaN);
  return xnnLowerReplace(L, op, out);
}

/* ---- the family's rows of the op table (Capability.h) -------------------- */

static const XnnCapability ops[] = {
    {"edge.linear", xnnVerifyEdgeLinear, "fully_connected", XNN_CAP_F32, checkLinear, xnnLowerLinear,
     XNN_CAP_F16},
    {"edge.mm", xnnVerifyEdgeMm, "batch_matrix_multiply", XNN_CAP_F32, NULL, xnnLowerMatmul, XNN_CAP_F16},
    {"edge.bmm", xnnVerifyEdgeBmm, "batch_matrix_multiply", XNN_CAP_F32, NULL, xnnLowerMatmul, XNN_CAP_F16},
    /* addmm: fully connected (constant b) or batch matmul, then scale and
     * bias nodes as needed; 16-bit types in f32 as linear. */
    {"edge.addmm", xnnVerifyEdgeAddmm, "fully_connected", XNN_CAP_F32, NULL, xnnLowerAddmm, XNN_CAP_F16},
    /* sdpa: f32 throughout (f16/bf16 widened, rounded once at the end, as ATen's math path). */
    {"edge.sdpa", xnnVerifyEdgeSdpa, "batch_matrix_multiply", XNN_CAP_F32, checkSdpa, xnnLowerSdpa,
     XNN_CAP_F16},
};

const XnnOpFamily xnnMatmulFamily = {ops, sizeof ops / sizeof ops[0], NULL};
