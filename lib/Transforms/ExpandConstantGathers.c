/* xnn-expand-constant-gathers: a gather by constant positions is data
 * movement the delegate can do.
 *
 * edge.index of x by one constant 1-D index tensor along dim d (how a traced
 * repeat_kv / grouped-query attention picks each query head's key/value
 * head) becomes edge.cat along d of one edge.slice per position (a position
 * repeated reuses its slice; negative positions count from the end, as index
 * does). The pinned XNNPACK has no gather node, so the gather would be
 * portable and split the delegate; slices and a concatenation are delegable
 * and move the same bits. Left alone: run-time indices, several index
 * tensors, positions out of range (the reference reports them), more than
 * max-positions positions, shapes that are not static. */
#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"
#include "Support/Elements.h"
#include "Support/IR.h"

#include <stdlib.h>
#include <string.h>

typedef struct GatherConfig {
  int64_t maxPositions;
} GatherConfig;

/* The positions of constant 1-D index tensor `idx`, normalised into [0, size):
 * a malloc'd array of *n, or NULL if idx is not such a constant or a position
 * is out of range. */
static int64_t *constantPositions(MlirValue idx, int64_t size, int64_t limit, int64_t *n) {
  MlirOperation def = xnnDefiningOp(idx);
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "edge.constant") || xnnValueRank(idx) != 1)
    return NULL;
  int64_t count = xnnValueNumElements(idx);
  if (count < 1 || count > limit)
    return NULL;
  XnnElements e;
  char err[256];
  if (!xnnElementsView(xnnOpAttr(def, "value"), &e, err, sizeof err))
    return NULL;
  int64_t *out = NULL;
  if (mlirTypeIsAInteger(e.elem) && (e.elemSize == 8 || e.elemSize == 4) &&
      (out = malloc(sizeof(int64_t) * (size_t)count))) {
    for (int64_t i = 0; i < count; ++i) {
      int64_t at = e.splat ? 0 : i, p;
      if (e.elemSize == 8)
        memcpy(&p, (const char *)e.data + 8 * at, 8);
      else {
        int32_t q;
        memcpy(&q, (const char *)e.data + 4 * at, 4);
        p = q;
      }
      if (p < 0)
        p += size;
      if (p < 0 || p >= size) {
        free(out);
        out = NULL;
        break;
      }
      out[i] = p;
    }
  }
  xnnElementsFree(&e);
  *n = count;
  return out;
}

static void tryExpand(const GatherConfig *cfg, MlirOperation op) {
  int64_t dimAttr[2];
  intptr_t nd = 0;
  if (mlirOperationGetNumOperands(op) != 2 || mlirOperationGetNumResults(op) != 1 ||
      !xnnAttrI64Array(op, "indexed_dims", dimAttr, 2, &nd) || nd != 1)
    return;
  MlirValue x = mlirOperationGetOperand(op, 0);
  int64_t dims[8];
  intptr_t rank = xnnValueRank(x);
  if (rank < 1 || rank > 8 || xnnValueShape(x, dims) != rank || dimAttr[0] < 0 || dimAttr[0] >= rank)
    return;
  for (intptr_t i = 0; i < rank; ++i)
    if (dims[i] < 0)
      return;
  int64_t d = dimAttr[0], n = 0;
  int64_t *pos = constantPositions(mlirOperationGetOperand(op, 1), dims[d], cfg->maxPositions, &n);
  if (!pos)
    return;
  MlirValue *parts = malloc(sizeof(MlirValue) * (size_t)n);
  if (!parts)
    abort();
  for (int64_t i = 0; i < n; ++i) {
    int64_t j = 0;
    while (j < i && pos[j] != pos[i])
      ++j;
    parts[i] = j < i ? parts[j] : xnnInsertUnitSlice(op, x, d, pos[i]);
  }
  MlirValue result = parts[0];
  if (n > 1) {
    MlirContext ctx = mlirOperationGetContext(op);
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    MlirNamedAttribute dimNamed = xnnNamed(ctx, "dim", xnnI64Attr(ctx, d));
    MlirOperation cat = xnnBuildOp("edge.cat", mlirOperationGetLocation(op), (intptr_t)n, parts, 1, &t, 1, &dimNamed);
    xnnInsertBefore(op, cat);
    result = mlirOperationGetResult(cat, 0);
  }
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, 1));
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), result);
  mlirOperationDestroy(op);
  if (xnnOpIsDead(def)) /* defined before op: the walk is past it */
    mlirOperationDestroy(def);
  free(parts);
  free(pos);
}

static void expandOne(MlirOperation op, void *cfg) { tryExpand(cfg, op); }

static void runExpandConstantGathers(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)pass;
  xnnForEachEdgeOp(op, "edge.index", expandOne, config);
}

static const XnnMlirPassOption gatherOptions[] = {
    {"max-positions", XNN_MLIR_OPTION_INT, "64",
     "largest number of positions expanded (one slice each); longer gathers stay portable"},
};

static MlirPass createExpandConstantGathers(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  GatherConfig cfg = {xnnMlirPassOptionGetInt(info, values, "max-positions")};
  return xnnMlirCreateExternalPass(info, runExpandConstantGathers, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnExpandConstantGathersPassInfo = {
    .argument = "xnn-expand-constant-gathers",
    .name = "XnnExpandConstantGathers",
    .description = "Gathers by constant positions (edge.index with one constant 1-D index tensor) "
                   "become slices and a concatenation, which the delegate runs",
    .options = gatherOptions,
    .numOptions = 1,
    .create = createExpandConstantGathers,
};
