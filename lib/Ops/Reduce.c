/* Edge reductions (mean, sum) and softmax: verifiers, capability check,
 * lowerings and the family's rows of the op table. */
#include "Ops/Capability.h"
#include "Ops/LowerUtil.h"
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include <mlir-c/BuiltinTypes.h>

#include <sys/types.h>

/* ---- verifiers ----------------------------------------------------------- */

/* Common part of mean.dim / sum.dim_IntList: dims in range, no duplicates
 * (empty = all dims), result shape per keepdim. */
static bool verifyReduction(MlirOperation op, unsigned mask, bool isSum) {
  int64_t dims[XNN_VERIFY_MAX_RANK];
  intptr_t n = 0;
  bool keep = false;
  bool ok = true;
  XnnAttrStatus sd = xnnGetI64Array(op, "dims", true, -1, dims,
                                    XNN_VERIFY_MAX_RANK, &n);
  XnnAttrStatus sk = xnnGetBool(op, "keepdim", true, &keep);
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  ok = xnnOperandTensor(op, 0, "x", mask, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnResultTensor(op, 0, isSum ? XNN_ET_ALL : mask, XNN_VERIFY_MAX_RANK,
                       &res) &&
       ok;
  if (!ok || sd != XNN_ATTR_OK || sk != XNN_ATTR_OK)
    return false;
  if (isSum && !mlirTypeEqual(x.elem, res.elem) &&
      !((x.kind & (XNN_ET_INT | XNN_ET_I1)) && res.kind == XNN_ET_I64)) {
    char te[64], tr[64];
    xnnOpError(op, "result element type '%s' must equal the operand element "
                   "type '%s' (or be i64 for an integer/bool operand)",
               xnnTypeStr(res.elem, tr, sizeof tr),
               xnnTypeStr(x.elem, te, sizeof te));
    return false;
  }
  if (!isSum && !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
    return false;
  /* ATen wraps dims of a 0-d tensor as if it had rank 1. */
  intptr_t wrapRank = x.rank == 0 ? 1 : x.rank;
  bool reduced[XNN_VERIFY_MAX_RANK] = {false};
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d;
    if (!xnnNormDim(op, "dim", dims[i], wrapRank, &d))
      return false;
    if (reduced[d]) {
      xnnOpError(op, "dim %lld appears more than once in 'dims'",
                 (long long)d);
      return false;
    }
    reduced[d] = true;
  }
  if (n == 0)
    for (intptr_t i = 0; i < wrapRank; ++i)
      reduced[i] = true;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  intptr_t r = 0;
  for (intptr_t i = 0; i < x.rank; ++i) {
    if (!reduced[i])
      shape[r++] = x.dims[i];
    else if (keep)
      shape[r++] = 1;
  }
  return xnnCheckResultShape(op, &res, shape, r,
                             keep ? "reduced (keepdim = true)"
                                  : "reduced (keepdim = false)");
}

bool xnnVerifyEdgeMean(MlirOperation op) {
  return verifyReduction(op, XNN_ET_FLOAT, false);
}

bool xnnVerifyEdgeSum(MlirOperation op) {
  return verifyReduction(op, XNN_ET_NUMERIC | XNN_ET_I1, true);
}

/* amax / argmax: ATen refuses the maximum over no elements. */
static bool checkNonEmptyDims(MlirOperation op, const int64_t *dims, intptr_t n) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  int64_t shape[XNN_VERIFY_MAX_RANK];
  intptr_t rank = xnnValueShape(x, shape);
  if (rank == 0)
    return true;
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d = dims[i] < 0 ? dims[i] + rank : dims[i];
    if (d >= 0 && d < rank && shape[d] == 0) {
      xnnOpError(op, "dim %lld has size 0: the maximum over no elements is undefined (ATen)",
                 (long long)dims[i]);
      return false;
    }
  }
  return true;
}

bool xnnVerifyEdgeAmax(MlirOperation op) {
  if (!verifyReduction(op, XNN_ET_FLOAT, false))
    return false;
  int64_t dims[XNN_VERIFY_MAX_RANK];
  intptr_t n = 0;
  xnnAttrI64Array(op, "dims", dims, XNN_VERIFY_MAX_RANK, &n);
  if (n == 0) {
    xnnOpError(op, "'dims' must not be empty");
    return false;
  }
  return checkNonEmptyDims(op, dims, n);
}

bool xnnVerifyEdgeArgmax(MlirOperation op) {
  int64_t dim = 0;
  bool keep = false;
  XnnAttrStatus sd = xnnGetI64(op, "dim", true, &dim);
  XnnAttrStatus sk = xnnGetBool(op, "keepdim", true, &keep);
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  bool ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnResultTensor(op, 0, XNN_ET_I64, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || sd != XNN_ATTR_OK || sk != XNN_ATTR_OK)
    return false;
  int64_t d;
  if (!xnnNormDim(op, "dim", dim, x.rank == 0 ? 1 : x.rank, &d) || !checkNonEmptyDims(op, &dim, 1))
    return false;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  intptr_t r = 0;
  for (intptr_t i = 0; i < x.rank; ++i)
    if (i != d)
      shape[r++] = x.dims[i];
    else if (keep)
      shape[r++] = 1;
  return xnnCheckResultShape(op, &res, shape, r, keep ? "reduced (keepdim = true)" : "reduced (keepdim = false)");
}

bool xnnVerifyEdgeSoftmax(MlirOperation op) {
  int64_t dim = 0;
  XnnAttrStatus sd = xnnGetI64(op, "dim", true, &dim);
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  bool ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || sd != XNN_ATTR_OK)
    return false;
  int64_t d;
  if (!xnnNormDim(op, "dim", dim, x.rank == 0 ? 1 : x.rank, &d))
    return false;
  return xnnCheckSameType(op, &x, &res);
}

/* ---- capability checks --------------------------------------------------- */

static bool checkSoftmax(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  int64_t dim = -1;
  intptr_t rank = xnnValueRank(mlirOperationGetOperand(op, 0));
  xnnAttrI64(op, "dim", &dim);
  if (dim < 0)
    dim += rank;
  /* The channel dim of a 4-D tensor is innermost in NHWC: xnn-tag-channels-last
   * gives softmax over dim 1 an NHWC input (and over dim 3 an NCHW one). */
  if (dim != rank - 1 && !(rank == 4 && dim == 1))
    return xnnCapRefuse(why, "softmax over dim %lld of a rank-%zd tensor; XNNPACK's softmax is over the "
                        "innermost dim only (the last, or the channels of a 4-D tensor)", (long long)dim,
                        (ssize_t)rank);
  return true;
}

static bool refuseMax(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  return xnnCapRefuse(why, "%s: the pinned XNNPACK's reduce has sum and mean only (no max)%s",
                      xnnOpIs(op, "edge.amax") ? "amax" : "argmax",
                      xnnOpIs(op, "edge.amax") ? "" : ", and no integer tensors for the i64 indices");
}

/* ---- lowerings ----------------------------------------------------------- */

static bool xnnLowerReduce(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t dims[XNN_IR_MAX_RANK], axes[XNN_IR_MAX_RANK];
  intptr_t n = 0, rank = xnnValueRank(mlirOperationGetOperand(op, 0));
  if (rank == 0) { /* ATen reduces a 0-d tensor over dim 0, -1 or all: itself */
    return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &in, xnnLowerResultType(op, 0, elem), 0, NULL));
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
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_reduce", 1, &in, xnnLowerResultType(op, 0, elem), 3, attrs));
}

static bool xnnLowerSoftmax(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  int64_t dim = -1;
  xnnAttrI64(op, "dim", &dim);
  intptr_t rank = xnnValueRank(mlirOperationGetOperand(op, 0));
  if (xnnLowerAxis(op, 0, dim) != rank - 1)
    return xnnLowerFail(L, op, "softmax axis is not the innermost physical dimension");
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.softmax", 1, &in, xnnLowerResultType(op, 0, elem), 0, NULL));
}

/* ---- the family's rows of the op table (Capability.h) -------------------- */

static const XnnCapability ops[] = {
    {"edge.mean", xnnVerifyEdgeMean, "static_reduce.mean", XNN_CAP_FH, NULL, xnnLowerReduce, 0},
    {"edge.sum", xnnVerifyEdgeSum, "static_reduce.sum", XNN_CAP_FH, NULL, xnnLowerReduce, 0},
    /* the pinned XNNPACK's static_reduce has sum and mean only (xnnpack.h's xnn_reduce_operator) */
    {"edge.amax", xnnVerifyEdgeAmax, "", 0, refuseMax, NULL, 0},
    {"edge.argmax", xnnVerifyEdgeArgmax, "", 0, refuseMax, NULL, 0},
    /* f16 softmax runs in f32, rounded once: XNNPACK's f16 node computes in f16 (1 ulp off
     * ATen's f32-then-round, which a following layer_norm amplifies: fuzz seed 70027). */
    {"edge.softmax", xnnVerifyEdgeSoftmax, "softmax", XNN_CAP_F32, checkSoftmax, xnnLowerSoftmax,
     XNN_CAP_F16},
};

const XnnOpFamily xnnReduceFamily = {ops, sizeof ops / sizeof ops[0], NULL};
