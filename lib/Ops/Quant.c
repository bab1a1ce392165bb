/* Edge quantization ops (quantized_decomposed.*): verifiers, the dynamically
 * quantized linear they form and its lowering to XNNPACK's qd8 fully
 * connected, and the family's rows of the op table.
 *
 * The q/dq ops are delegated only as parts of one pattern, the one
 * ExecuTorch's 8da4w / 8da8w exports (and xnn-quantize-weights) produce:
 *
 *   s, zp = choose_qparams_per_token_asymmetric(x)          x f32
 *   xd    = dequantize_per_token(quantize_per_token(x, s, zp), s, zp)
 *   wd    = dequantize_per_channel(Wq, Ws) | dequantize_per_channel_group(...)
 *   y     = linear(xd, wd [, bias])                          f32
 *
 * which is XNNPACK's convert f32 -> qdint8 (per-row dynamic quantization) and
 * a fully connected with a qcint8 / qcint4 / qbint4 static filter. Anywhere
 * else they stay portable (reference kernels, lib/Reference/Quant.c). */
#include "Ops/Capability.h"
#include "Ops/LowerUtil.h"
#include "Ops/Quant.h"
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include "CAPIExt/ResourceBlob.h"
#include "Support/Elements.h"
#include "Support/IR.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <math.h>
#include <string.h>

/* ---- verifiers ----------------------------------------------------------- */

/* quant_min <= quant_max, both within int8 (the only quantized dtype here). */
static bool checkQuantRange(MlirOperation op, int64_t *qmin, int64_t *qmax) {
  bool ok = xnnGetI64(op, "quant_min", true, qmin) == XNN_ATTR_OK;
  ok = xnnGetI64(op, "quant_max", true, qmax) == XNN_ATTR_OK && ok;
  if (!ok)
    return false;
  if (*qmin < -128 || *qmax > 127 || *qmin > *qmax) {
    xnnOpError(op, "quant_min %lld and quant_max %lld must satisfy -128 <= quant_min <= quant_max <= 127 (int8)",
               (long long)*qmin, (long long)*qmax);
    return false;
  }
  return true;
}

/* `t` must have shape dims/rank; `what` names it. */
static bool checkShape(MlirOperation op, const XnnTensor *t, const char *what, const int64_t *dims, intptr_t rank,
                       const char *rule) {
  bool same = t->rank == rank;
  for (intptr_t i = 0; same && i < rank; ++i)
    same = t->dims[i] == dims[i];
  if (same)
    return true;
  char got[256], want[256];
  xnnOpError(op, "%s must have shape %s (%s), got %s", what, xnnShapeStr(dims, rank, want, sizeof want), rule,
             xnnShapeStr(t->dims, t->rank, got, sizeof got));
  return false;
}

/* Per-token scales / zero points: [..., 1] over x's leading dims. */
static bool checkPerTokenParams(MlirOperation op, const XnnTensor *x, const XnnTensor *s, const XnnTensor *zp) {
  int64_t dims[XNN_VERIFY_MAX_RANK];
  memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
  dims[x->rank - 1] = 1;
  return checkShape(op, s, "operand 'scales'", dims, x->rank, "one per token: x's shape with a last dim of 1") &&
         checkShape(op, zp, "operand 'zero_points'", dims, x->rank, "the shape of 'scales'");
}

bool xnnVerifyEdgeChooseQparamsPerToken(MlirOperation op) {
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 2))
    return false;
  XnnTensor x, s, zp;
  bool ok = xnnOperandTensor(op, 0, "x", XNN_ET_F32, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnResultTensor(op, 0, XNN_ET_F32, XNN_VERIFY_MAX_RANK, &s) && ok;
  ok = xnnResultTensor(op, 1, XNN_ET_I64, XNN_VERIFY_MAX_RANK, &zp) && ok;
  if (!ok)
    return false;
  if (x.rank < 1) {
    xnnOpError(op, "operand 'x' must have rank >= 1 (tokens of the last dim), got rank 0");
    return false;
  }
  return checkPerTokenParams(op, &x, &s, &zp);
}

/* quantize_per_token: x f32 -> i8; dequantize_per_token: i8 -> f32. */
static bool verifyPerToken(MlirOperation op, bool quantize) {
  int64_t qmin, qmax;
  bool ok = checkQuantRange(op, &qmin, &qmax);
  if (!xnnCheckNumOperands(op, 3, 3) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, s, zp, res;
  ok = xnnOperandTensor(op, 0, quantize ? "x" : "q", quantize ? XNN_ET_F32 : XNN_ET_I8, XNN_VERIFY_MAX_RANK, &x) &&
       ok;
  ok = xnnOperandTensor(op, 1, "scales", XNN_ET_F32, XNN_VERIFY_MAX_RANK, &s) && ok;
  ok = xnnOperandTensor(op, 2, "zero_points", XNN_ET_I64, XNN_VERIFY_MAX_RANK, &zp) && ok;
  ok = xnnResultTensor(op, 0, quantize ? XNN_ET_I8 : XNN_ET_F32, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (x.rank < 1) {
    xnnOpError(op, "operand '%s' must have rank >= 1, got rank 0", quantize ? "x" : "q");
    return false;
  }
  return checkPerTokenParams(op, &x, &s, &zp) && xnnCheckResultShape(op, &res, x.dims, x.rank, "the input's shape");
}

bool xnnVerifyEdgeQuantizePerToken(MlirOperation op) { return verifyPerToken(op, true); }
bool xnnVerifyEdgeDequantizePerToken(MlirOperation op) { return verifyPerToken(op, false); }

/* dequantize_per_channel (grouped: false) and dequantize_per_channel_group. */
static bool verifyPerChannel(MlirOperation op, bool grouped) {
  int64_t qmin, qmax, axis = 0, group = 0;
  bool ok = checkQuantRange(op, &qmin, &qmax);
  ok = xnnGetI64(op, grouped ? "group_size" : "axis", true, grouped ? &group : &axis) == XNN_ATTR_OK && ok;
  if (!xnnCheckNumOperands(op, 2, 3) || !xnnCheckNumResults(op, 1))
    return false;
  bool hasZp = mlirOperationGetNumOperands(op) == 3;
  XnnTensor q, s, zp, res;
  ok = xnnOperandTensor(op, 0, "q", XNN_ET_I8, XNN_VERIFY_MAX_RANK, &q) && ok;
  ok = xnnOperandTensor(op, 1, "scales", XNN_ET_F32, XNN_VERIFY_MAX_RANK, &s) && ok;
  if (hasZp)
    ok = xnnOperandTensor(op, 2, "zero_points", XNN_ET_I64, XNN_VERIFY_MAX_RANK, &zp) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || !xnnCheckResultShape(op, &res, q.dims, q.rank, "the shape of 'q'"))
    return false;
  int64_t dims[2];
  intptr_t rank;
  const char *rule;
  if (grouped) {
    if (q.rank != 2) {
      xnnOpError(op, "operand 'q' must be [N, K] (rank 2), got rank %lld", (long long)q.rank);
      return false;
    }
    if (group < 1 || q.dims[1] % group != 0) {
      xnnOpError(op, "group_size %lld must be positive and divide K = %lld (dim 1 of 'q')", (long long)group,
                 (long long)q.dims[1]);
      return false;
    }
    dims[0] = q.dims[0];
    dims[1] = q.dims[1] / group;
    rank = 2;
    rule = "[N, K / group_size]";
  } else {
    int64_t a;
    if (!xnnNormDim(op, "axis", axis, q.rank, &a))
      return false;
    dims[0] = q.dims[a];
    rank = 1;
    rule = "one per channel of 'q' along 'axis'";
  }
  return checkShape(op, &s, "operand 'scales'", dims, rank, rule) &&
         (!hasZp || checkShape(op, &zp, "operand 'zero_points'", dims, rank, "the shape of 'scales'"));
}

bool xnnVerifyEdgeDequantizePerChannel(MlirOperation op) { return verifyPerChannel(op, false); }
bool xnnVerifyEdgeDequantizePerChannelGroup(MlirOperation op) { return verifyPerChannel(op, true); }

/* ---- the dynamically quantized linear ------------------------------------ */

static bool quantRangeIs(MlirOperation op, int64_t lo, int64_t hi) {
  int64_t a, b;
  return xnnAttrI64(op, "quant_min", &a) && xnnAttrI64(op, "quant_max", &b) && a == lo && b == hi;
}

static MlirOperation definingOpNamed(MlirValue v, const char *name) {
  MlirOperation def = xnnDefiningOp(v);
  return !mlirOperationIsNull(def) && xnnOpIs(def, name) ? def : (MlirOperation){NULL};
}

/* A constant operand whose every element is zero (an absent zero point). */
static bool isZeroConstant(MlirValue v) {
  MlirOperation def = definingOpNamed(v, "edge.constant");
  if (mlirOperationIsNull(def))
    return false;
  MlirAttribute a = xnnOpAttr(def, "value");
  if (mlirAttributeIsADenseElements(a) && mlirDenseElementsAttrIsSplat(a))
    return mlirDenseElementsAttrGetInt64SplatValue(a) == 0;
  XnnElements e;
  char err[64];
  if (!xnnElementsView(a, &e, err, sizeof err))
    return false;
  bool zero = e.elemSize == 8;
  for (int64_t i = 0; zero && i < e.count; ++i) {
    int64_t z;
    memcpy(&z, (const char *)e.data + 8 * i, 8);
    zero = z == 0;
  }
  xnnElementsFree(&e);
  return zero;
}

/* XNNPACK takes positive, normal, finite filter scales (qbint4: as bf16, so
 * below bf16's largest finite value). Elided scales pass (structure only). */
static bool scalesUsable(MlirValue scales, bool bf16, XnnReason *why) {
  MlirAttribute a = xnnOpAttr(xnnDefiningOp(scales), "value");
  if (xnnResourceIsElided(a))
    return true;
  XnnElements e;
  char err[64];
  if (!xnnElementsView(a, &e, err, sizeof err))
    return xnnCapRefuse(why, "weight scales unreadable: %s", err);
  bool ok = e.elemSize == 4;
  for (int64_t i = 0; ok && i < e.count; ++i) {
    float s;
    memcpy(&s, (const char *)e.data + 4 * i, 4);
    ok = isnormal(s) && s > 0.0f && (!bf16 || s < 3.3961776e38f);
  }
  xnnElementsFree(&e);
  return ok || xnnCapRefuse(why, "a weight scale is not a positive normal number%s", bf16 ? " within bf16" : "");
}

/* The weight half: dequantize of constants, symmetric, in a range XNNPACK has. */
static bool matchWeight(MlirValue w, XnnQuantLinear *m, XnnReason *why) {
  MlirOperation dq = definingOpNamed(w, "edge.dequantize_per_channel");
  bool grouped = mlirOperationIsNull(dq);
  if (grouped)
    dq = definingOpNamed(w, "edge.dequantize_per_channel_group");
  if (mlirOperationIsNull(dq))
    return xnnCapRefuse(why, "weight is not a dequantize_per_channel(_group)");
  m->weightDq = dq;
  if (!xnnCapIsConstant(mlirOperationGetOperand(dq, 0)) || !xnnCapIsConstant(mlirOperationGetOperand(dq, 1)))
    return xnnCapRefuse(why, "quantized weight or its scales are not constants");
  if (mlirOperationGetNumOperands(dq) == 3 && !isZeroConstant(mlirOperationGetOperand(dq, 2)))
    return xnnCapRefuse(why, "weight zero points are not all zero (XNNPACK's quantized filters are symmetric)");
  if (!mlirTypeIsAF32(xnnValueElemType(w)))
    return xnnCapRefuse(why, "dequantized weight is not f32");
  /* Any range within [-8, 7] is int4 (ExecuTorch: [-8, 7]); any other within
   * int8 (the verifier's bound) is int8 (ExecuTorch's weights: [-127, 127]). */
  int64_t qmin = 0, qmax = 0;
  xnnAttrI64(dq, "quant_min", &qmin);
  xnnAttrI64(dq, "quant_max", &qmax);
  bool int4 = qmin >= -8 && qmax <= 7, int8 = !int4;
  if (grouped) {
    int64_t group = 0, k = 0, dims[2];
    xnnAttrI64(dq, "group_size", &group);
    xnnValueShape(w, dims);
    k = dims[1];
    if (int8)
      return xnnCapRefuse(why, "group-wise int8 weights (XNNPACK has blockwise int4 only)");
    if (group != k && (group % XNN_QUANT_BLOCK_MULTIPLE != 0))
      return xnnCapRefuse(why, "group size %lld is not a multiple of %d", (long long)group,
                          XNN_QUANT_BLOCK_MULTIPLE);
    /* One group spanning K is per channel. */
    m->kind = group == k ? XNN_QUANT_QC4W : XNN_QUANT_QB4W;
    m->blockSize = group;
  } else {
    int64_t axis = 0;
    xnnAttrI64(dq, "axis", &axis);
    if (!(axis == 0 || axis == -2))
      return xnnCapRefuse(why, "per-channel weight quantized along axis %lld, not the output channels",
                          (long long)axis);
    m->kind = int8 ? XNN_QUANT_QC8W : XNN_QUANT_QC4W;
    m->blockSize = 0;
  }
  int64_t dims[2];
  xnnValueShape(w, dims);
  /* XNNPACK packs int4 two per byte along K: with an odd K the same values
   * go in an int8 filter (exactly the same products, twice the bytes). */
  if (m->kind == XNN_QUANT_QC4W && dims[1] % 2 != 0)
    m->kind = XNN_QUANT_QC8W;
  if (m->kind == XNN_QUANT_QB4W && dims[1] % 2 != 0)
    return xnnCapRefuse(why, "blockwise int4 weights with an odd K = %lld", (long long)dims[1]);
  return scalesUsable(mlirOperationGetOperand(dq, 1), m->kind == XNN_QUANT_QB4W, why);
}

/* The activation half: dequantize_per_token(quantize_per_token(x, s, zp), s, zp)
 * with (s, zp) = choose_qparams_per_token_asymmetric(x), int8 range. */
static bool matchActivation(MlirValue xd, XnnQuantLinear *m, XnnReason *why) {
  /* A traced F.linear on [B, S, K] views its input as [B * S, K] first: per-row
   * quantization parameters do not change when leading dims merge. */
  MlirOperation view = definingOpNamed(xd, "edge.view");
  if (!mlirOperationIsNull(view)) {
    MlirValue in = mlirOperationGetOperand(view, 0);
    int64_t a[XNN_VERIFY_MAX_RANK], b[XNN_VERIFY_MAX_RANK];
    intptr_t ra = xnnValueShape(in, a), rb = xnnValueShape(xd, b);
    if (ra < 1 || rb < 1 || a[ra - 1] != b[rb - 1])
      return xnnCapRefuse(why, "input is a view that changes the quantized rows");
    xd = in;
  }
  m->view = view;
  MlirOperation dq = definingOpNamed(xd, "edge.dequantize_per_token");
  MlirOperation q = mlirOperationIsNull(dq) ? dq : definingOpNamed(mlirOperationGetOperand(dq, 0), "edge.quantize_per_token");
  if (mlirOperationIsNull(q))
    return xnnCapRefuse(why, "input is not dequantize_per_token(quantize_per_token(...))");
  MlirOperation c = definingOpNamed(mlirOperationGetOperand(q, 1), "edge.choose_qparams_per_token_asymmetric");
  if (mlirOperationIsNull(c) || !mlirValueEqual(mlirOperationGetOperand(q, 1), mlirOperationGetResult(c, 0)) ||
      !mlirValueEqual(mlirOperationGetOperand(q, 2), mlirOperationGetResult(c, 1)) ||
      !mlirValueEqual(mlirOperationGetOperand(dq, 1), mlirOperationGetResult(c, 0)) ||
      !mlirValueEqual(mlirOperationGetOperand(dq, 2), mlirOperationGetResult(c, 1)) ||
      !mlirValueEqual(mlirOperationGetOperand(c, 0), mlirOperationGetOperand(q, 0)))
    return xnnCapRefuse(why, "per-token parameters are not choose_qparams_per_token_asymmetric of the input");
  if (!quantRangeIs(q, -128, 127) || !quantRangeIs(dq, -128, 127))
    return xnnCapRefuse(why, "per-token quantization range is not [-128, 127]");
  m->choose = c;
  m->quantize = q;
  m->dequantize = dq;
  m->x = mlirOperationGetOperand(q, 0);
  return true;
}

bool xnnQuantLinearMatch(MlirOperation linear, XnnQuantLinear *m, XnnReason *why) {
  memset(m, 0, sizeof *m);
  if (!xnnOpIs(linear, "edge.linear"))
    return xnnCapRefuse(why, "not a linear");
  if (!mlirTypeIsAF32(xnnValueElemType(mlirOperationGetResult(linear, 0))))
    return xnnCapRefuse(why, "quantized linear is not f32");
  if (mlirOperationGetNumOperands(linear) == 3 && !xnnCapIsConstant(mlirOperationGetOperand(linear, 2)))
    return xnnCapRefuse(why, "quantized linear with a run-time bias (XNNPACK's filter and bias are static)");
  if (!matchActivation(mlirOperationGetOperand(linear, 0), m, why) ||
      !matchWeight(mlirOperationGetOperand(linear, 1), m, why))
    return false;
  /* The linked XNNPACK's qd8-f32-qb4w GEMM miscomputes rows of its last tile
   * when that tile has 1-3 rows (on this AVX-512 machine: 2, 3, 15-17,
   * 29-31 rows of K = 64, errors of the output's size; one row is right):
   * which counts fail depends on the CPU's tile, so only decode-sized calls
   * (one row) are delegated. test/Torch/et-quant-linear.test. */
  int64_t dims[XNN_VERIFY_MAX_RANK], rows = 1;
  intptr_t rank = xnnValueShape(mlirOperationGetOperand(linear, 0), dims);
  for (intptr_t i = 0; i + 1 < rank; ++i)
    rows *= dims[i];
  if (m->kind == XNN_QUANT_QB4W && rows != 1)
    return xnnCapRefuse(why, "blockwise int4 weights over %lld rows (the linked XNNPACK's qb4w GEMM miscomputes "
                             "some row counts: only one row is delegated)", (long long)rows);
  return true;
}

/* True if every use of `v` is `operand` of a linear that matches (operand 0:
 * its input, 1: its weight). */
static bool feedsQuantLinears(MlirValue v, unsigned operand, XnnReason *why) {
  bool any = false;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    XnnQuantLinear m;
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (mlirOpOperandGetOperandNumber(u) != operand || !xnnQuantLinearMatch(user, &m, why))
      return xnnCapRefuse(why, "used by something other than a dynamically quantized linear");
    any = true;
  }
  return any || xnnCapRefuse(why, "unused");
}

/* The per-token ops: every use leads (through the pattern) to matching linears. */
static bool checkPerTokenOp(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
    MlirValue v = mlirOperationGetResult(op, r);
    for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
      MlirOperation user = mlirOpOperandGetOwner(u);
      if (xnnOpIs(user, "edge.linear")) {
        if (!feedsQuantLinears(v, 0, why))
          return false;
      } else if (xnnOpIs(user, "edge.view") && xnnOpIs(op, "edge.dequantize_per_token")) {
        if (!feedsQuantLinears(mlirOperationGetResult(user, 0), 0, why))
          return false;
      } else if (xnnOpIs(user, "edge.quantize_per_token") || xnnOpIs(user, "edge.dequantize_per_token")) {
        if (!checkPerTokenOp(user, cfg, why))
          return false;
      } else {
        return xnnCapRefuse(why, "used outside a dynamically quantized linear");
      }
    }
  }
  return true;
}

static bool checkWeightDequantize(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  return feedsQuantLinears(mlirOperationGetResult(op, 0), 1, why);
}

bool xnnQuantViewIsAbsorbed(MlirOperation view) {
  XnnReason why;
  MlirOperation dq = definingOpNamed(mlirOperationGetOperand(view, 0), "edge.dequantize_per_token");
  return !mlirOperationIsNull(dq) && feedsQuantLinears(mlirOperationGetResult(view, 0), 0, &why);
}

/* ---- lowering ------------------------------------------------------------- */

/* The q/dq ops lower into their linear (xnnLowerQuantLinear): each stays in
 * place until that linear is lowered, then the driver erases it as dead. */
static bool lowerIntoConsumer(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  (void)L;
  (void)op;
  (void)cap;
  return true;
}

static const char *const kindEncoding[] = {"qcint8", "qcint4", "qbint4"};

bool xnnLowerQuantLinear(XnnLowerCtx *L, MlirOperation op, const XnnQuantLinear *m) {
  MlirContext ctx = xnnLowerContext(L);
  MlirValue x = xnnLowerConvert(L, op, m->x, mlirF32TypeGet(ctx));
  if (mlirValueIsNull(x))
    return false;
  int64_t dims[XNN_VERIFY_MAX_RANK];
  intptr_t rank = xnnValueShape(mlirOperationGetOperand(op, 0), dims);
  if (m->view.ptr) /* the view, on the f32 activation before it is quantized */
    x = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &x, xnnTensorType(dims, rank, mlirF32TypeGet(ctx)), 0, NULL);
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType qd = mlirRankedTensorTypeGet(rank, dims, mlirIntegerTypeGet(ctx, 8), xnnStrAttr(ctx, "qdint8"));
  MlirValue ins[3];
  ins[0] = xnnLowerEmit(L, op, "xnn.convert", 1, &x, qd, 0, NULL);
  /* The filter: the quantized constant itself, its scales as an attribute. */
  MlirOperation wq = xnnDefiningOp(mlirOperationGetOperand(m->weightDq, 0));
  MlirOperation ws = xnnDefiningOp(mlirOperationGetOperand(m->weightDq, 1));
  int64_t wdims[2];
  xnnValueShape(mlirOperationGetResult(wq, 0), wdims);
  MlirType wt = mlirRankedTensorTypeGet(2, wdims, mlirIntegerTypeGet(ctx, 8), xnnStrAttr(ctx, kindEncoding[m->kind]));
  MlirAttribute scale = xnnOpAttr(ws, "value");
  if (m->kind != XNN_QUANT_QB4W && xnnValueRank(mlirOperationGetResult(ws, 0)) == 2) {
    /* one group spanning K: [N, 1] scales, per channel */
    MlirType st = mlirRankedTensorTypeGet(1, wdims, f32, mlirAttributeGetNull());
    scale = mlirAttributeIsADenseResourceElements(scale) ? xnnMlirDenseResourceWithType(scale, st)
                                                          : mlirDenseElementsAttrReshapeGet(scale, st);
    if (mlirAttributeIsNull(scale))
      return xnnLowerFail(L, op, "cannot view the group scales as per-channel scales");
  }
  MlirNamedAttribute attrs[3] = {
      xnnNamed(ctx, "value", xnnOpAttr(wq, "value")),
      xnnNamed(ctx, "scale", scale),
      xnnNamed(ctx, "block_size", xnnI64Attr(ctx, m->blockSize)),
  };
  ins[1] = xnnLowerEmit(L, op, "xnn.constant", 0, NULL, wt, m->kind == XNN_QUANT_QB4W ? 3 : 2, attrs);
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n == 3 && mlirValueIsNull(ins[2] = xnnLowerOperand(L, op, 2, mlirF32TypeGet(ctx))))
    return false;
  xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.fully_connected", n, ins, xnnLowerResultType(op, 0, f32), 0, NULL));
  return true;
}

/* ---- the family's rows of the op table (Capability.h) -------------------- */

static const XnnCapability ops[] = {
    /* Delegated only inside a dynamically quantized linear (the file comment):
     * choose + quantize + dequantize per token are XNNPACK's f32 -> qdint8
     * convert, the weight's dequantize its quantized filter. */
    {"edge.choose_qparams_per_token_asymmetric", xnnVerifyEdgeChooseQparamsPerToken, "convert.qdint8", 0,
     checkPerTokenOp, lowerIntoConsumer, 0},
    {"edge.quantize_per_token", xnnVerifyEdgeQuantizePerToken, "convert.qdint8", 0, checkPerTokenOp,
     lowerIntoConsumer, 0},
    {"edge.dequantize_per_token", xnnVerifyEdgeDequantizePerToken, "convert.qdint8", 0, checkPerTokenOp,
     lowerIntoConsumer, 0},
    {"edge.dequantize_per_channel", xnnVerifyEdgeDequantizePerChannel, "fully_connected.qd8", 0,
     checkWeightDequantize, lowerIntoConsumer, 0},
    {"edge.dequantize_per_channel_group", xnnVerifyEdgeDequantizePerChannelGroup, "fully_connected.qd8", 0,
     checkWeightDequantize, lowerIntoConsumer, 0},
};

const XnnOpFamily xnnQuantFamily = {ops, sizeof ops / sizeof ops[0]};
