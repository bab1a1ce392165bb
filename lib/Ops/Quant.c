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
 * a fully connected with a qcint8 / qcint4 / qbint4 static filter (qbint4 over
 * a row count its GEMM gets wrong: the rows padded, xnnQb4wSafeRows). Anywhere
 * else they stay portable (reference kernels, lib/Reference/Quant.c). The
 * partitioner keeps a pattern in one delegate (a weight's dequantize, computed
 * from constants, goes with its linear: lib/Transforms/Partition.c). */
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
#include <stdlib.h>
#include <string.h>

static bool feedsLinears(MlirValue v, unsigned operand, bool dynamicOk, bool staticOk, XnnReason *why);

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

/* quantize_per_tensor: x f32 -> i8; dequantize_per_tensor: i8 -> f32, with
 * one static scale (finite, > 0) and zero point. */
static bool verifyPerTensor(MlirOperation op, bool quantize) {
  int64_t qmin, qmax, zp;
  double scale;
  bool ok = checkQuantRange(op, &qmin, &qmax);
  ok = xnnGetF64(op, "scale", true, &scale) == XNN_ATTR_OK && ok;
  ok = xnnGetI64(op, "zero_point", true, &zp) == XNN_ATTR_OK && ok;
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  ok = xnnOperandTensor(op, 0, quantize ? "x" : "q", quantize ? XNN_ET_F32 : XNN_ET_I8, XNN_VERIFY_MAX_RANK, &x) &&
       ok;
  ok = xnnResultTensor(op, 0, quantize ? XNN_ET_I8 : XNN_ET_F32, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (!(scale > 0.0) || !isfinite(scale)) {
    xnnOpError(op, "scale %g must be finite and positive", scale);
    return false;
  }
  return xnnCheckResultShape(op, &res, x.dims, x.rank, "the input's shape");
}

bool xnnVerifyEdgeQuantizePerTensor(MlirOperation op) { return verifyPerTensor(op, true); }
bool xnnVerifyEdgeDequantizePerTensor(MlirOperation op) { return verifyPerTensor(op, false); }

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

/* embedding_byte / _4bit / _2bit: weight i8 [V, D * bits / 8], scales float
 * [V] or [V, G], indices, optional zero_points i64 shaped as the scales ->
 * float [*indices, D]. */
static bool verifyQuantEmbedding(MlirOperation op, int64_t bits) {
  int64_t qmin, qmax;
  bool ok = checkQuantRange(op, &qmin, &qmax);
  if (!xnnCheckNumOperands(op, 3, 4) || !xnnCheckNumResults(op, 1))
    return false;
  bool hasZp = mlirOperationGetNumOperands(op) == 4;
  XnnTensor w, s, idx, zp, res;
  ok = xnnOperandTensor(op, 0, "weight", XNN_ET_I8, XNN_VERIFY_MAX_RANK, &w) && ok;
  ok = xnnOperandTensor(op, 1, "scales", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &s) && ok;
  ok = xnnOperandTensor(op, 2, "indices", XNN_ET_INT, XNN_VERIFY_MAX_RANK - 1, &idx) && ok;
  if (hasZp)
    ok = xnnOperandTensor(op, 3, "zero_points", XNN_ET_I64, XNN_VERIFY_MAX_RANK, &zp) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  int64_t lo = -(INT64_C(1) << (bits - 1)), hi = (INT64_C(1) << (bits - 1)) - 1;
  if (qmin < lo || qmax > hi) {
    xnnOpError(op, "quant_min %lld and quant_max %lld must lie in [%lld, %lld] (%lld-bit values)",
               (long long)qmin, (long long)qmax, (long long)lo, (long long)hi, (long long)bits);
    return false;
  }
  if (w.rank != 2) {
    xnnOpError(op, "operand 'weight' must be [num_embeddings, packed_dim] (rank 2), got rank %lld",
               (long long)w.rank);
    return false;
  }
  int64_t d = w.dims[1] * (8 / bits), groups = s.rank == 2 ? s.dims[1] : 1;
  if ((s.rank != 1 && s.rank != 2) || s.dims[0] != w.dims[0] || groups < 1 || d % groups != 0) {
    char got[256];
    xnnOpError(op,
               "operand 'scales' must be [%lld] or [%lld, G] with G dividing the embedding dim %lld, got %s",
               (long long)w.dims[0], (long long)w.dims[0], (long long)d,
               xnnShapeStr(s.dims, s.rank, got, sizeof got));
    return false;
  }
  if (hasZp && !checkShape(op, &zp, "operand 'zero_points'", s.dims, s.rank, "the shape of 'scales'"))
    return false;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  memcpy(shape, idx.dims, sizeof(int64_t) * (size_t)idx.rank);
  shape[idx.rank] = d;
  return xnnCheckResultShape(op, &res, shape, idx.rank + 1, "[*indices, embedding dim]");
}

bool xnnVerifyEdgeEmbeddingByte(MlirOperation op) { return verifyQuantEmbedding(op, 8); }
bool xnnVerifyEdgeEmbedding4bit(MlirOperation op) { return verifyQuantEmbedding(op, 4); }
bool xnnVerifyEdgeEmbedding2bit(MlirOperation op) { return verifyQuantEmbedding(op, 2); }

static bool refuseQuantEmbedding(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)op, (void)cfg;
  return xnnCapRefuse(why, "a quantized embedding is a gather; the pinned XNNPACK has no gather node");
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
  return true;
}

/* The per-token ops: every use leads (through the pattern) to matching linears. */
static bool checkPerTokenOp(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
    MlirValue v = mlirOperationGetResult(op, r);
    for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
      MlirOperation user = mlirOpOperandGetOwner(u);
      if (xnnOpIs(user, "edge.linear")) {
        if (!feedsLinears(v, 0, true, false, why))
          return false;
      } else if (xnnOpIs(user, "edge.view") && xnnOpIs(op, "edge.dequantize_per_token")) {
        if (!feedsLinears(mlirOperationGetResult(user, 0), 0, true, false, why))
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


/* ---- the statically quantized linear ------------------------------------- */

/* Per-tensor parameters XNNPACK's qint8 values take: the int8 range, an f32
 * scale that is positive and normal, a zero point within int8. */
static bool perTensorUsable(MlirOperation op, XnnReason *why) {
  double scale = 0;
  int64_t zp = 0;
  xnnAttrF64(op, "scale", &scale);
  xnnAttrI64(op, "zero_point", &zp);
  if (!quantRangeIs(op, -128, 127))
    return xnnCapRefuse(why, "per-tensor quantization range is not [-128, 127]");
  float s = (float)scale;
  if (!isnormal(s) || s <= 0.0f)
    return xnnCapRefuse(why, "scale %g is not a positive normal f32", scale);
  if (zp < -128 || zp > 127)
    return xnnCapRefuse(why, "zero point %lld is outside int8", (long long)zp);
  return true;
}

static bool sameQParams(MlirOperation a, MlirOperation b) {
  double sa = 0, sb = 0;
  int64_t za = 0, zb = 0;
  xnnAttrF64(a, "scale", &sa);
  xnnAttrF64(b, "scale", &sb);
  xnnAttrI64(a, "zero_point", &za);
  xnnAttrI64(b, "zero_point", &zb);
  int64_t lo = 0, hi = 0;
  xnnAttrI64(a, "quant_min", &lo);
  xnnAttrI64(a, "quant_max", &hi);
  return sa == sb && za == zb && quantRangeIs(b, lo, hi);
}

/* The quantized value a dequantize_per_tensor reads: a quantize_per_tensor
 * with the same parameters or, once that is lowered, the qint8 value that
 * replaced it (a convert, or a static linear's output). */
static bool quantizedInput(MlirOperation dq, MlirValue *xq, XnnReason *why) {
  if (!perTensorUsable(dq, why))
    return false;
  MlirValue v = mlirOperationGetOperand(dq, 0);
  MlirOperation q = definingOpNamed(v, "edge.quantize_per_tensor");
  if (!mlirOperationIsNull(q)) {
    if (!sameQParams(q, dq))
      return xnnCapRefuse(why, "its quantize_per_tensor has other parameters");
    *xq = v;
    return true;
  }
  double ds = 0;
  int64_t dzp = 0, zp;
  float sc;
  xnnAttrF64(dq, "scale", &ds);
  xnnAttrI64(dq, "zero_point", &dzp);
  if (xnnQInt8Params(mlirValueGetType(v), &sc, &zp) && sc == (float)ds && zp == dzp) {
    *xq = v;
    return true;
  }
  return xnnCapRefuse(why, "input is not a quantize_per_tensor with the same parameters");
}

static bool elided(MlirValue constant) { return xnnResourceIsElided(xnnOpAttr(xnnDefiningOp(constant), "value")); }

/* The weight: int8 constants dequantized per output channel (zero points 0)
 * or per tensor (zero point 0): both XNNPACK's qcint8 filter. */
static bool matchStaticWeight(MlirValue w, XnnStaticLinear *m, XnnReason *why) {
  if (!mlirTypeIsAF32(xnnValueElemType(w)))
    return xnnCapRefuse(why, "dequantized weight is not f32");
  MlirOperation dq = definingOpNamed(w, "edge.dequantize_per_channel");
  if (!mlirOperationIsNull(dq)) {
    int64_t axis = 0;
    xnnAttrI64(dq, "axis", &axis);
    if (xnnValueRank(w) != 2 || !(axis == 0 || axis == -2))
      return xnnCapRefuse(why, "weight not quantized along its output channels");
    if (!xnnCapIsConstant(mlirOperationGetOperand(dq, 0)) || !xnnCapIsConstant(mlirOperationGetOperand(dq, 1)))
      return xnnCapRefuse(why, "quantized weight or its scales are not constants");
    if (mlirOperationGetNumOperands(dq) == 3 && !isZeroConstant(mlirOperationGetOperand(dq, 2)))
      return xnnCapRefuse(why, "weight zero points are not all zero (XNNPACK's quantized filters are symmetric)");
    if (!scalesUsable(mlirOperationGetOperand(dq, 1), false, why))
      return false;
  } else if (!mlirOperationIsNull(dq = definingOpNamed(w, "edge.dequantize_per_tensor"))) {
    int64_t zp = 0;
    double scale = 0;
    xnnAttrI64(dq, "zero_point", &zp);
    xnnAttrF64(dq, "scale", &scale);
    if (xnnValueRank(w) != 2 || !xnnCapIsConstant(mlirOperationGetOperand(dq, 0)))
      return xnnCapRefuse(why, "per-tensor quantized weight is not a rank-2 constant");
    if (zp != 0)
      return xnnCapRefuse(why, "weight zero point %lld is not zero (XNNPACK's quantized filters are symmetric)",
                          (long long)zp);
    if (!isnormal((float)scale) || scale <= 0)
      return xnnCapRefuse(why, "weight scale %g is not a positive normal f32", scale);
  } else {
    return xnnCapRefuse(why, "weight is not a dequantize_per_channel / dequantize_per_tensor of constants");
  }
  m->weightDq = dq;
  return true;
}

/* The output: one use each, through at most one view (keeping the last dim)
 * and one relu, to a quantize_per_tensor read only by dequantize_per_tensor
 * ops of its parameters (none once the linear is lowered). */
static bool matchOutputChain(MlirOperation linear, XnnStaticLinear *m, XnnReason *why) {
  MlirValue v = mlirOperationGetResult(linear, 0);
  bool view = false;
  for (int step = 0; step < 3; ++step) {
    MlirOpOperand u = mlirValueGetFirstUse(v);
    if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
      break;
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (xnnOpIs(user, "edge.quantize_per_tensor")) {
      if (!perTensorUsable(user, why))
        return false;
      MlirValue q = mlirOperationGetResult(user, 0);
      for (MlirOpOperand qu = mlirValueGetFirstUse(q); !mlirOpOperandIsNull(qu); qu = mlirOpOperandGetNextUse(qu)) {
        MlirOperation d = mlirOpOperandGetOwner(qu);
        if (!xnnOpIs(d, "edge.dequantize_per_tensor") || !sameQParams(user, d))
          return xnnCapRefuse(why, "quantized output read by something other than its dequantize_per_tensor");
      }
      m->qOut = user;
      return true;
    }
    if (xnnOpIs(user, "edge.relu") && !m->relu) {
      m->relu = true;
    } else if (xnnOpIs(user, "edge.view") && !view) {
      int64_t a[XNN_VERIFY_MAX_RANK], b[XNN_VERIFY_MAX_RANK];
      intptr_t ra = xnnValueShape(v, a), rb = xnnValueShape(mlirOperationGetResult(user, 0), b);
      if (ra < 1 || rb < 1 || a[ra - 1] != b[rb - 1])
        return xnnCapRefuse(why, "output view changes the output channels");
      view = true;
    } else {
      break;
    }
    v = mlirOperationGetResult(user, 0);
  }
  return xnnCapRefuse(why, "output is not read by one quantize_per_tensor (through a view and a relu at most)");
}

bool xnnStaticLinearMatch(MlirOperation linear, XnnStaticLinear *m, XnnReason *why) {
  memset(m, 0, sizeof *m);
  if (!xnnOpIs(linear, "edge.linear"))
    return xnnCapRefuse(why, "not a linear");
  if (!mlirTypeIsAF32(xnnValueElemType(mlirOperationGetResult(linear, 0))))
    return xnnCapRefuse(why, "quantized linear is not f32");
  bool hasBias = mlirOperationGetNumOperands(linear) == 3;
  if (hasBias && !xnnCapIsConstant(mlirOperationGetOperand(linear, 2)))
    return xnnCapRefuse(why, "quantized linear with a run-time bias (XNNPACK's filter and bias are static)");
  MlirValue in = mlirOperationGetOperand(linear, 0);
  MlirOperation view = definingOpNamed(in, "edge.view");
  if (!mlirOperationIsNull(view)) {
    int64_t a[XNN_VERIFY_MAX_RANK], b[XNN_VERIFY_MAX_RANK];
    MlirValue pre = mlirOperationGetOperand(view, 0);
    intptr_t ra = xnnValueShape(pre, a), rb = xnnValueShape(in, b);
    if (ra < 1 || rb < 1 || a[ra - 1] != b[rb - 1])
      return xnnCapRefuse(why, "input is a view that changes the input channels");
    in = pre;
  }
  m->viewIn = view;
  m->dqIn = definingOpNamed(in, "edge.dequantize_per_tensor");
  if (mlirOperationIsNull(m->dqIn))
    return xnnCapRefuse(why, "input is not a dequantize_per_tensor");
  if (!quantizedInput(m->dqIn, &m->xq, why) || !matchStaticWeight(mlirOperationGetOperand(linear, 1), m, why) ||
      !matchOutputChain(linear, m, why))
    return false;
  if (hasBias && (elided(mlirOperationGetOperand(linear, 2)) ||
                  (xnnOpIs(m->weightDq, "edge.dequantize_per_channel") &&
                   elided(mlirOperationGetOperand(m->weightDq, 1)))))
    return xnnCapRefuse(why, "the bias is quantized with the weight scales: their values are elided");
  /* XNNPACK's fully connected keeps the input's leading dims: the output
   * views must agree with that. */
  int64_t xd[XNN_VERIFY_MAX_RANK], od[XNN_VERIFY_MAX_RANK], wd[2];
  intptr_t xr = xnnValueShape(m->xq, xd), orank = xnnValueShape(mlirOperationGetResult(m->qOut, 0), od);
  xnnValueShape(mlirOperationGetOperand(linear, 1), wd);
  bool same = xr == orank && xr >= 1;
  for (intptr_t i = 0; same && i + 1 < xr; ++i)
    same = xd[i] == od[i];
  if (!same || od[orank - 1] != wd[0])
    return xnnCapRefuse(why, "the output views do not keep the input's leading dims");
  if (xnnValueNumElements(m->xq) == 0 || wd[0] == 0 || wd[1] == 0)
    return xnnCapRefuse(why, "an empty quantized linear");
  return true;
}

/* True if every use of `v` is operand `operand` of a linear that matches the
 * dynamic (dynamicOk) or static (staticOk) pattern. */
static bool feedsLinears(MlirValue v, unsigned operand, bool dynamicOk, bool staticOk, XnnReason *why) {
  bool any = false;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    XnnQuantLinear dm;
    XnnStaticLinear sm;
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (mlirOpOperandGetOperandNumber(u) != operand ||
        !((dynamicOk && xnnQuantLinearMatch(user, &dm, why)) || (staticOk && xnnStaticLinearMatch(user, &sm, why))))
      return xnnCapRefuse(why, "used by something other than a quantized linear");
    any = true;
  }
  return any || xnnCapRefuse(why, "unused");
}

/* A weight's dequantize: the filter of the quantized linears reading it
 * (per channel: dynamic or static; per group: dynamic). */
static bool checkWeightDequantize(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  return feedsLinears(mlirOperationGetResult(op, 0), 1, true, xnnOpIs(op, "edge.dequantize_per_channel"), why);
}

/* quantize_per_tensor: XNNPACK's convert f32 -> qint8 where every reader is a
 * dequantize_per_tensor of its parameters (the delegate's edges stay float). */
static bool checkQuantizePerTensor(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (!perTensorUsable(op, why))
    return false;
  MlirValue q = mlirOperationGetResult(op, 0);
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(q)))
    return xnnCapRefuse(why, "unused");
  for (MlirOpOperand u = mlirValueGetFirstUse(q); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation d = mlirOpOperandGetOwner(u);
    if (!xnnOpIs(d, "edge.dequantize_per_tensor") || !sameQParams(op, d))
      return xnnCapRefuse(why, "read by something other than a dequantize_per_tensor of its parameters");
  }
  return true;
}

/* dequantize_per_tensor: XNNPACK's convert qint8 -> f32 of a delegated
 * quantize, or a per-tensor quantized weight of static linears. */
static bool checkDequantizePerTensor(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  MlirValue xq;
  if (xnnCapIsConstant(mlirOperationGetOperand(op, 0)))
    return feedsLinears(mlirOperationGetResult(op, 0), 1, false, true, why);
  return quantizedInput(op, &xq, why);
}

/* Walks from `op` (a view, relu or quantize_per_tensor) back to a linear
 * through its output chain: true if that linear is a static one whose chain
 * holds `op`. */
static bool onStaticOutputChain(MlirOperation op) {
  MlirOperation cur = op;
  for (int step = 0; step < 3; ++step) {
    MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(cur, 0));
    if (mlirOperationIsNull(def))
      return false;
    if (xnnOpIs(def, "edge.linear")) {
      XnnStaticLinear m;
      XnnReason why;
      if (!xnnStaticLinearMatch(def, &m, &why))
        return false;
      for (MlirValue v = mlirOperationGetResult(def, 0);;) {
        MlirOperation user = mlirOpOperandGetOwner(mlirValueGetFirstUse(v));
        if (mlirOperationEqual(user, op))
          return true;
        if (mlirOperationEqual(user, m.qOut))
          return false;
        v = mlirOperationGetResult(user, 0);
      }
    }
    if (!xnnOpIs(def, "edge.view") && !xnnOpIs(def, "edge.relu"))
      return false;
    cur = def;
  }
  return false;
}

/* The family's `absorbs` hook (Capability.h): the views, relus and quantizes
 * that a quantized linear's lowering lowers through. */
static bool xnnQuantIsAbsorbed(MlirOperation op) {
  XnnReason why;
  if (xnnOpIs(op, "edge.view")) {
    MlirValue in = mlirOperationGetOperand(op, 0), out = mlirOperationGetResult(op, 0);
    if (!mlirOperationIsNull(definingOpNamed(in, "edge.dequantize_per_token")) &&
        feedsLinears(out, 0, true, false, &why))
      return true;
    if (!mlirOperationIsNull(definingOpNamed(in, "edge.dequantize_per_tensor")) &&
        feedsLinears(out, 0, false, true, &why))
      return true;
  }
  if (xnnOpIs(op, "edge.view") || xnnOpIs(op, "edge.relu") || xnnOpIs(op, "edge.quantize_per_tensor"))
    return onStaticOutputChain(op);
  return false;
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
  /* qbint4 over a row count the linked XNNPACK's GEMM gets wrong: the rows
   * padded with zero rows up to one it computes right (xnnQb4wSafeRows), the
   * padding sliced off the output. One fully connected: one packed filter. */
  int64_t rows = 1, k = dims[rank - 1];
  for (intptr_t i = 0; i + 1 < rank; ++i)
    rows *= dims[i];
  int64_t padded = m->kind == XNN_QUANT_QB4W ? xnnQb4wSafeRows(rows) : rows;
  if (padded != rows) {
    int64_t flat[2] = {rows, k}, pre[2] = {0, 0}, post[2] = {padded - rows, 0};
    if (rank != 2)
      x = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &x, xnnTensorType(flat, 2, f32), 0, NULL);
    MlirNamedAttribute pad[3] = {
        xnnNamed(ctx, "pre_paddings", xnnI64ArrayAttr(ctx, pre, 2)),
        xnnNamed(ctx, "post_paddings", xnnI64ArrayAttr(ctx, post, 2)),
        xnnNamed(ctx, "padding_value", xnnF64Attr(ctx, 0.0)),
    };
    dims[0] = padded, dims[1] = k, rank = 2;
    x = xnnLowerEmit(L, op, "xnn.static_constant_pad", 1, &x, xnnTensorType(dims, 2, f32), 3, pad);
  }
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
  MlirType resultType = xnnLowerResultType(op, 0, f32);
  if (padded == rows) {
    return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.fully_connected", n, ins, resultType, 0, NULL));
  }
  int64_t out[2] = {padded, wdims[0]}, offsets[2] = {0, 0};
  MlirValue y = xnnLowerEmit(L, op, "xnn.fully_connected", n, ins, xnnTensorType(out, 2, f32), 0, NULL);
  out[0] = rows;
  MlirNamedAttribute slice[2] = {
      xnnNamed(ctx, "offsets", xnnI64ArrayAttr(ctx, offsets, 2)),
      xnnNamed(ctx, "sizes", xnnI64ArrayAttr(ctx, out, 2)),
  };
  y = xnnLowerEmit(L, op, "xnn.static_slice", 1, &y, xnnTensorType(out, 2, f32), 2, slice);
  if (xnnValueRank(mlirOperationGetResult(op, 0)) != 2)
    y = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &y, resultType, 0, NULL);
  return xnnLowerReplace(L, op, y);
}

/* The qint8 type of a per-tensor q/dq op's parameters over `dims`. */
static MlirType qint8TypeOf(MlirOperation qdq, const int64_t *dims, intptr_t rank) {
  double scale = 0;
  int64_t zp = 0;
  xnnAttrF64(qdq, "scale", &scale);
  xnnAttrI64(qdq, "zero_point", &zp);
  return xnnQInt8TensorType(mlirOperationGetContext(qdq), dims, rank, (float)scale, zp);
}

/* f32 -> qint8 (an output chain's quantize is its linear's, already lowered). */
static bool lowerQuantizePerTensor(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  (void)cap;
  MlirValue x = xnnLowerOperand(L, op, 0, mlirF32TypeGet(xnnLowerContext(L)));
  if (mlirValueIsNull(x))
    return false;
  int64_t dims[XNN_VERIFY_MAX_RANK];
  intptr_t rank = xnnValueShape(mlirOperationGetResult(op, 0), dims);
  MlirValue q = xnnLowerEmit(L, op, "xnn.convert", 1, &x, qint8TypeOf(op, dims, rank), 0, NULL);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), q);
  return true;
}

/* qint8 -> f32 for every reader but the static linears (and their input
 * views), which read the quantized value itself; a weight's is its linear's. */
static bool lowerDequantizePerTensor(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  (void)cap;
  if (xnnCapIsConstant(mlirOperationGetOperand(op, 0)))
    return true;
  XnnReason why;
  MlirValue xq;
  float scale;
  int64_t zp;
  if (!quantizedInput(op, &xq, &why) || !xnnQInt8Params(mlirValueGetType(xq), &scale, &zp))
    return xnnLowerFail(L, op, "its quantized input is not lowered with it (a delegate boundary between a "
                               "quantize_per_tensor and its dequantize)");
  MlirValue res = mlirOperationGetResult(op, 0);
  size_t n = 0, cap2 = 0;
  struct { MlirOperation owner; unsigned idx; } *keep = NULL;
  for (MlirOpOperand u = mlirValueGetFirstUse(res); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    unsigned idx = mlirOpOperandGetOperandNumber(u);
    XnnStaticLinear m;
    if ((idx == 0 && xnnStaticLinearMatch(user, &m, &why)) || (xnnOpIs(user, "edge.view") && xnnQuantIsAbsorbed(user)))
      continue;
    if (n == cap2 && !(keep = realloc(keep, (cap2 = cap2 ? 2 * cap2 : 8) * sizeof *keep)))
      abort();
    keep[n].owner = user;
    keep[n++].idx = idx;
  }
  if (n) {
    MlirValue f = xnnLowerEmit(L, op, "xnn.convert", 1, &xq, xnnLowerResultType(op, 0, mlirF32TypeGet(xnnLowerContext(L))), 0,
                     NULL);
    for (size_t i = 0; i < n; ++i)
      mlirOperationSetOperand(keep[i].owner, keep[i].idx, f);
  }
  free(keep);
  return true;
}

/* Reads an f32 constant's elements (`count` of them, a splat repeated). */
static float *constantF32(MlirValue v, int64_t count) {
  XnnElements e;
  char err[64];
  if (!xnnElementsView(xnnOpAttr(xnnDefiningOp(v), "value"), &e, err, sizeof err))
    return NULL;
  float *out = e.elemSize == 4 && (e.splat || e.count == count) ? malloc(sizeof(float) * (size_t)(count ? count : 1))
                                                                 : NULL;
  for (int64_t i = 0; out && i < count; ++i)
    memcpy(&out[i], (const char *)e.data + 4 * (e.splat ? 0 : i), 4);
  xnnElementsFree(&e);
  return out;
}

bool xnnLowerStaticLinear(XnnLowerCtx *L, MlirOperation op, const XnnStaticLinear *m) {
  MlirContext ctx = xnnLowerContext(L);
  float inScale;
  int64_t inZp;
  if (!xnnQInt8Params(mlirValueGetType(m->xq), &inScale, &inZp))
    return xnnLowerFail(L, op, "its quantized input is not lowered with it (a delegate boundary between a "
                               "quantize_per_tensor and its dequantize)");
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirValue ins[3] = {m->xq};
  /* The filter: int8 values as they are; per-tensor scales repeated per channel. */
  MlirOperation wq = xnnDefiningOp(mlirOperationGetOperand(m->weightDq, 0));
  int64_t wdims[2];
  xnnValueShape(mlirOperationGetResult(wq, 0), wdims);
  MlirType scaleType = mlirRankedTensorTypeGet(1, wdims, f32, mlirAttributeGetNull());
  MlirAttribute scale;
  bool perChannel = xnnOpIs(m->weightDq, "edge.dequantize_per_channel");
  if (perChannel) {
    scale = xnnOpAttr(xnnDefiningOp(mlirOperationGetOperand(m->weightDq, 1)), "value");
  } else {
    double s = 0;
    xnnAttrF64(m->weightDq, "scale", &s);
    scale = mlirDenseElementsAttrFloatSplatGet(scaleType, (float)s);
  }
  MlirNamedAttribute wattrs[2] = {xnnNamed(ctx, "value", xnnOpAttr(wq, "value")), xnnNamed(ctx, "scale", scale)};
  MlirType wt = mlirRankedTensorTypeGet(2, wdims, mlirIntegerTypeGet(ctx, 8), xnnStrAttr(ctx, "qcint8"));
  ins[1] = xnnLowerEmit(L, op, "xnn.constant", 0, NULL, wt, 2, wattrs);
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n == 3) {
    /* The bias in int32 at scale input scale x weight scale (XNNPACK's and
     * ExecuTorch's qcint32 bias): round(bias / scale), half to even. */
    int64_t N = wdims[0];
    float *b = constantF32(mlirOperationGetOperand(op, 2), N);
    float *ws = perChannel ? constantF32(mlirOperationGetOperand(m->weightDq, 1), N) : NULL;
    if (!b || (perChannel && !ws)) {
      free(b);
      free(ws);
      return xnnLowerFail(L, op, "cannot read the bias or the weight scales to quantize the bias");
    }
    int32_t *bq = malloc(sizeof(int32_t) * (size_t)(N ? N : 1));
    float *bs = malloc(sizeof(float) * (size_t)(N ? N : 1));
    if (!bq || !bs)
      abort();
    double wsT = 0;
    xnnAttrF64(m->weightDq, "scale", &wsT);
    for (int64_t c = 0; c < N; ++c) {
      bs[c] = inScale * (perChannel ? ws[c] : (float)wsT);
      double r = nearbyint((double)b[c] / (double)bs[c]);
      bq[c] = isnan(r) ? 0 : r < -2147483648.0 ? INT32_MIN : r > 2147483647.0 ? INT32_MAX : (int32_t)r;
    }
    MlirType bt = mlirRankedTensorTypeGet(1, wdims, mlirIntegerTypeGet(ctx, 32), mlirAttributeGetNull());
    MlirNamedAttribute battrs[2] = {xnnNamed(ctx, "value", mlirDenseElementsAttrInt32Get(bt, N, bq)),
                                    xnnNamed(ctx, "scale", mlirDenseElementsAttrFloatGet(scaleType, N, bs))};
    MlirType qbt = mlirRankedTensorTypeGet(1, wdims, mlirIntegerTypeGet(ctx, 32), xnnStrAttr(ctx, "qcint32"));
    ins[2] = xnnLowerEmit(L, op, "xnn.constant", 0, NULL, qbt, 2, battrs);
    free(b);
    free(ws);
    free(bq);
    free(bs);
  }
  /* The output in the output quantize's parameters, a relu as the lower bound;
   * the quantize's readers read it (the linear and its chain die unread). */
  int64_t dims[XNN_VERIFY_MAX_RANK];
  intptr_t rank = xnnValueShape(mlirOperationGetResult(m->qOut, 0), dims);
  MlirNamedAttribute relu = xnnNamed(ctx, "output_min", mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), 0.0));
  MlirValue y = xnnLowerEmit(L, op, "xnn.fully_connected", n, ins, qint8TypeOf(m->qOut, dims, rank), m->relu ? 1 : 0,
                             &relu);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(m->qOut, 0), y);
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
    /* Static: XNNPACK's converts f32 <-> qint8 in pairs (the delegate's edges
     * stay float), and qs8-qc8w fully connected (xnnLowerStaticLinear). */
    {"edge.quantize_per_tensor", xnnVerifyEdgeQuantizePerTensor, "convert.qint8", 0, checkQuantizePerTensor,
     lowerQuantizePerTensor, 0},
    {"edge.dequantize_per_tensor", xnnVerifyEdgeDequantizePerTensor, "convert.qint8", 0, checkDequantizePerTensor,
     lowerDequantizePerTensor, 0},
    {"edge.dequantize_per_channel", xnnVerifyEdgeDequantizePerChannel, "fully_connected.qd8", 0,
     checkWeightDequantize, lowerIntoConsumer, 0},
    {"edge.dequantize_per_channel_group", xnnVerifyEdgeDequantizePerChannelGroup, "fully_connected.qd8", 0,
     checkWeightDequantize, lowerIntoConsumer, 0},
    /* Quantized embedding tables stay portable (a gather), as in ExecuTorch. */
    {"edge.embedding_byte", xnnVerifyEdgeEmbeddingByte, "", 0, refuseQuantEmbedding, NULL, 0},
    {"edge.embedding_4bit", xnnVerifyEdgeEmbedding4bit, "", 0, refuseQuantEmbedding, NULL, 0},
    {"edge.embedding_2bit", xnnVerifyEdgeEmbedding2bit, "", 0, refuseQuantEmbedding, NULL, 0},
};

const XnnOpFamily xnnQuantFamily = {ops, sizeof ops / sizeof ops[0], xnnQuantIsAbsorbed};
