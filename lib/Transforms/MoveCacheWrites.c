/* xnn-move-cache-writes: a KV-cache write stops splitting the delegate.
 *
 * A decoder writes each layer's new keys/values into its cache with an
 * edge.index_put at run-time positions, then attends over the written cache.
 * The pinned XNNPACK has no scatter node, so the write is portable and cuts
 * every layer's delegate in two. This pass gives the readers of the written
 * cache the same values computed from delegable ops, so the write itself only
 * feeds the function's results and runs after the one delegate:
 *
 *   y = index_put(x, v, [idx]) along dim d, idx of S positions, then for each j:
 *   y = maximum(minimum(y, Uc_j), minimum(v_j, Uv_j))
 *
 * where Uc_j / Uv_j are -inf / +inf on row idx[j] of dim d and +inf / -inf on
 * every other row, built by portable ops from idx alone (eq with an arange,
 * negative positions counted from the end as index_put does; shared by every
 * write at the same positions), so they run before the delegate. No
 * arithmetic touches a value: minimum(a, +inf) = a, minimum(a, -inf) = -inf
 * and maximum(a, -inf) = a for every a but NaN, so the rows are the
 * index_put's bit for bit (signed zeros, infinities and subnormals included;
 * a repeated position: the last wins), unless a row written or replaced holds
 * a NaN (XNNPACK's minimum / maximum return the other operand). Conditions
 * checked: one 1-D index tensor (i64 or i32) of static size
 * S <= max-rows (each row costs a pass over the cache), no accumulate, a float
 * cache (f32, f16, bf16) of static shape, values broadcasting to the written
 * rows, and a reader other than func.return. */
#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"
#include "Support/IR.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct MoveConfig {
  int64_t maxRows;
} MoveConfig;

/* Masks for one written row: shared by every write at the same positions
 * into caches of the same element type, length and rank along the same dim. */
typedef struct MaskEntry {
  MlirBlock block;
  MlirValue idx;
  int64_t row, len, dim, rank;
  MlirType elem;
  MlirValue keep, put; /* Uc (bounds the cache) and Uv (bounds the values) */
} MaskEntry;

/* The constants masks are built from, shared by every row of every write of
 * one shape in one block. */
typedef struct MaskConstants {
  MlirBlock block;
  MlirType idxElem, elem;
  int64_t len, dim, rank;
  MlirValue fwd, back, negInf, posInf;
} MaskConstants;

typedef struct MoveState {
  MoveConfig cfg;
  MaskEntry *masks;
  size_t numMasks, capMasks;
  MaskConstants *consts;
  size_t numConsts, capConsts;
  size_t moved;
} MoveState;

static MlirValue build1(MlirOperation anchor, const char *name, intptr_t nOperands, const MlirValue *operands,
                        MlirType result, intptr_t nAttrs, const MlirNamedAttribute *attrs) {
  MlirOperation op =
      xnnBuildOp(name, mlirOperationGetLocation(anchor), nOperands, operands, 1, &result, nAttrs, attrs);
  xnnInsertBefore(anchor, op);
  return mlirOperationGetResult(op, 0);
}

static MlirValue constant(MlirOperation anchor, MlirAttribute value) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirNamedAttribute a = xnnNamed(ctx, "value", value);
  return build1(anchor, "edge.constant", 0, NULL, mlirAttributeGetType(value), 1, &a);
}

static MlirValue floatScalar(MlirOperation anchor, MlirType elem, double v) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirType t = xnnTensorType(NULL, 0, elem);
  return constant(anchor, mlirDenseElementsAttrSplatGet(t, mlirFloatAttrDoubleGet(ctx, elem, v)));
}

/* [first, first + len) along `dim` of a rank-`rank` shape of 1s, in idx's type. */
static MlirValue arange(MlirOperation anchor, MlirType idxElem, int64_t first, int64_t len, int64_t dim,
                        int64_t rank) {
  int64_t dims[8];
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = i == dim ? len : 1;
  MlirType t = xnnTensorType(dims, (intptr_t)rank, idxElem);
  int64_t *v = malloc(sizeof(int64_t) * (size_t)len);
  if (!v)
    abort();
  for (int64_t i = 0; i < len; ++i)
    v[i] = first + i;
  MlirAttribute a;
  if (mlirIntegerTypeGetWidth(idxElem) == 64) {
    a = mlirDenseElementsAttrInt64Get(t, (intptr_t)len, v);
  } else {
    int32_t *w = malloc(sizeof(int32_t) * (size_t)len);
    if (!w)
      abort();
    for (int64_t i = 0; i < len; ++i)
      w[i] = (int32_t)v[i];
    a = mlirDenseElementsAttrInt32Get(t, (intptr_t)len, w);
    free(w);
  }
  free(v);
  return constant(anchor, a);
}

static void *grow(void *items, size_t *cap, size_t size) {
  *cap = *cap ? 2 * *cap : 8;
  void *grown = realloc(items, *cap * size);
  if (!grown)
    abort();
  return grown;
}

static const MaskConstants *constantsFor(MoveState *s, MlirOperation anchor, MlirType idxElem, int64_t len,
                                         int64_t dim, int64_t rank, MlirType elem) {
  MlirBlock block = mlirOperationGetBlock(anchor);
  for (size_t i = 0; i < s->numConsts; ++i) {
    const MaskConstants *k = &s->consts[i];
    if (mlirBlockEqual(k->block, block) && mlirTypeEqual(k->idxElem, idxElem) && mlirTypeEqual(k->elem, elem) &&
        k->len == len && k->dim == dim && k->rank == rank)
      return k;
  }
  if (s->numConsts == s->capConsts)
    s->consts = grow(s->consts, &s->capConsts, sizeof(MaskConstants));
  MaskConstants *k = &s->consts[s->numConsts++];
  /* index_put counts a negative position from the end: p == i or p == i - len. */
  *k = (MaskConstants){block, idxElem, elem, len, dim, rank,
                       arange(anchor, idxElem, 0, len, dim, rank), arange(anchor, idxElem, -len, len, dim, rank),
                       floatScalar(anchor, elem, -INFINITY), floatScalar(anchor, elem, INFINITY)};
  return k;
}

static const MaskEntry *masksFor(MoveState *s, MlirOperation anchor, MlirValue idx, int64_t row, int64_t len,
                                 int64_t dim, int64_t rank, MlirType elem) {
  MlirBlock block = mlirOperationGetBlock(anchor);
  for (size_t i = 0; i < s->numMasks; ++i) {
    const MaskEntry *m = &s->masks[i];
    if (mlirBlockEqual(m->block, block) && mlirValueEqual(m->idx, idx) && m->row == row && m->len == len &&
        m->dim == dim && m->rank == rank && mlirTypeEqual(m->elem, elem))
      return m;
  }
  if (s->numMasks == s->capMasks)
    s->masks = grow(s->masks, &s->capMasks, sizeof(MaskEntry));
  MlirContext ctx = mlirOperationGetContext(anchor);
  const MaskConstants *k = constantsFor(s, anchor, xnnValueElemType(idx), len, dim, rank, elem);
  MlirValue at = xnnValueNumElements(idx) == 1 ? idx : xnnInsertUnitSlice(anchor, idx, 0, row);
  int64_t dims[8];
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = i == dim ? len : 1;
  MlirType boolType = xnnTensorType(dims, (intptr_t)rank, mlirIntegerTypeGet(ctx, 1));
  MlirValue fwd[] = {k->fwd, at}, back[] = {k->back, at};
  MlirValue hits[] = {build1(anchor, "edge.eq", 2, fwd, boolType, 0, NULL),
                      build1(anchor, "edge.eq", 2, back, boolType, 0, NULL)};
  MlirValue hit = build1(anchor, "edge.bitwise_or", 2, hits, boolType, 0, NULL);
  MlirType maskType = xnnTensorType(dims, (intptr_t)rank, elem);
  MlirValue keepOps[] = {hit, k->negInf, k->posInf}, putOps[] = {hit, k->posInf, k->negInf};
  MaskEntry *m = &s->masks[s->numMasks++];
  *m = (MaskEntry){block, idx, row, len, dim, rank, elem, {NULL}, {NULL}};
  m->keep = build1(anchor, "edge.where", 3, keepOps, maskType, 0, NULL);
  m->put = build1(anchor, "edge.where", 3, putOps, maskType, 0, NULL);
  return m;
}

static bool isFloatCache(MlirType elem) {
  return mlirTypeIsAF32(elem) || mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem);
}

/* The broadcast of two shapes of one rank (the caller checked they broadcast). */
static MlirType broadcastType(MlirValue a, const int64_t *bdims, intptr_t rank, MlirType elem) {
  int64_t adims[8], dims[8];
  xnnValueShape(a, adims);
  for (intptr_t i = 0; i < rank; ++i)
    dims[i] = adims[i] == 1 ? bdims[i] : adims[i];
  return xnnTensorType(dims, rank, elem);
}

static void tryMove(MoveState *s, MlirOperation ip) {
  if (mlirOperationGetNumOperands(ip) != 3 || mlirOperationGetNumResults(ip) != 1)
    return;
  bool accumulate = false;
  if (xnnAttrBool(ip, "accumulate", &accumulate) && accumulate)
    return;
  int64_t dimAttr[2];
  intptr_t nd = 0;
  if (!xnnAttrI64Array(ip, "indexed_dims", dimAttr, 2, &nd) || nd != 1)
    return;
  MlirValue x = mlirOperationGetOperand(ip, 0), v = mlirOperationGetOperand(ip, 1),
            idx = mlirOperationGetOperand(ip, 2), y = mlirOperationGetResult(ip, 0);
  MlirType elem = xnnValueElemType(x), idxElem = xnnValueElemType(idx);
  if (mlirTypeIsNull(elem) || !isFloatCache(elem) || mlirTypeIsNull(idxElem) ||
      !mlirTypeIsAInteger(idxElem) ||
      (mlirIntegerTypeGetWidth(idxElem) != 64 && mlirIntegerTypeGetWidth(idxElem) != 32))
    return;
  int64_t xdims[8], vdims[8], idims[8];
  intptr_t vrank = xnnValueRank(v);
  if (xnnValueRank(x) < 1 || xnnValueRank(x) > 6 || xnnValueRank(idx) != 1 || vrank < 0 || vrank > xnnValueRank(x))
    return;
  intptr_t rank = xnnValueShape(x, xdims);
  xnnValueShape(idx, idims);
  /* Values broadcast from the right: leading 1s up to x's rank. */
  for (intptr_t i = 0; i < rank - vrank; ++i)
    vdims[i] = 1;
  xnnValueShape(v, vdims + (rank - vrank));
  int64_t d = dimAttr[0], S = idims[0];
  if (d < 0 || d >= rank || S < 1 || S > s->cfg.maxRows || !mlirTypeEqual(xnnValueElemType(v), elem))
    return;
  for (intptr_t i = 0; i < rank; ++i) {
    int64_t want = i == d ? S : xdims[i];
    if (xdims[i] < 1 || (vdims[i] != want && vdims[i] != 1))
      return;
  }
  /* Worth it only if something other than the function's results reads y. */
  size_t numReturns = 0, numOthers = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(y); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    ++*(xnnOpIs(mlirOpOperandGetOwner(u), "func.return") ? &numReturns : &numOthers);
  if (!numOthers)
    return;
  if (vrank < rank) {
    MlirType vt = xnnTensorType(vdims, rank, elem);
    MlirOperation view = xnnBuildOp("edge.view", mlirOperationGetLocation(ip), 1, &v, 1, &vt, 0, NULL);
    xnnInsertBefore(ip, view);
    v = mlirOperationGetResult(view, 0);
  }
  MlirValue cur = x;
  for (int64_t j = 0; j < S; ++j) {
    const MaskEntry *m = masksFor(s, ip, idx, j, xdims[d], d, rank, elem);
    MlirValue vj = vdims[d] == 1 ? v : xnnInsertUnitSlice(ip, v, d, j);
    int64_t mdims[8];
    xnnValueShape(m->put, mdims);
    MlirValue keepOps[] = {cur, m->keep}, putOps[] = {vj, m->put};
    MlirValue kept = build1(ip, "edge.minimum", 2, keepOps, mlirValueGetType(x), 0, NULL);
    MlirValue put = build1(ip, "edge.minimum", 2, putOps, broadcastType(vj, mdims, rank, elem), 0, NULL);
    MlirValue maxOps[] = {kept, put};
    cur = build1(ip, "edge.maximum", 2, maxOps, mlirValueGetType(x), 0, NULL);
  }
  MlirOperation *returns = malloc(sizeof(MlirOperation) * (numReturns ? numReturns : 1));
  if (!returns)
    abort();
  size_t n = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(y); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    if (xnnOpIs(mlirOpOperandGetOwner(u), "func.return"))
      returns[n++] = mlirOpOperandGetOwner(u);
  mlirValueReplaceAllUsesExcept(y, cur, (intptr_t)n, returns);
  free(returns);
  ++s->moved;
}

static void moveOne(MlirOperation ip, void *state) { tryMove(state, ip); }

static void runMoveCacheWrites(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)pass;
  MoveState s = {.cfg = *(const MoveConfig *)config};
  xnnForEachEdgeOp(op, "edge.index_put", moveOne, &s);
  free(s.masks);
  free(s.consts);
}

static const XnnMlirPassOption moveOptions[] = {
    {"max-rows", XNN_MLIR_OPTION_INT, "32",
     "largest number of positions a write may have (each costs one pass over the cache inside the "
     "delegate); longer writes stay where they are"},
};

static MlirPass createMoveCacheWrites(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  MoveConfig cfg = {xnnMlirPassOptionGetInt(info, values, "max-rows")};
  return xnnMlirCreateExternalPass(info, runMoveCacheWrites, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnMoveCacheWritesPassInfo = {
    .argument = "xnn-move-cache-writes",
    .name = "XnnMoveCacheWrites",
    .description = "Readers of a KV-cache write (edge.index_put along one dim) read the written rows "
                   "selected by delegable ops (exact for every value but NaN), so the write "
                   "runs after the delegate instead of splitting it",
    .options = moveOptions,
    .numOptions = 1,
    .create = createMoveCacheWrites,
};
