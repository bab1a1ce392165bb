/* xnn-remove-redundant-copies: ExecuTorch's RemoveRedundantCopyPass (regular,
 * non-quantized variant) with its dtype bug fixed.
 *
 * Runs after xnn-tag-channels-last on any op (module or function). Every
 * block is visited in order (topological for SSA blocks); for each copy
 * `node` (edge.to_copy / edge.to_dim_order_copy) with input `in`:
 *   - a copy that changes dtype is never removed, merged or reordered;
 *   - (a) opposite pair: `in` is produced by a copy `c1` of `x` (same block,
 *     earlier) that changes no dtype, has no user but `node`, and layout(in) !=
 *     layout(node) while layout(x) == layout(node): users of `node` read `x`,
 *     and `node` and `c1` are erased;
 *   - (b) same layout: layout(node) == layout(in) (this includes pure copies
 *     with neither memory_format/dim_order nor dtype change): users of `node`
 *     read `in`, `node` is erased.
 * Layouts come from xnnValueLayout (tags, argument attributes, copy targets).
 * Because earlier same-layout copies are already gone when a pair is looked
 * at, (a) never needs to look further than one copy back. Erased copies are
 * destroyed right away (IRDL ops are never dead to MLIR's drivers). */
#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"
#include "Support/IR.h"

#include <stdlib.h>

static void processRegions(MlirOperation op);

/* Replaces every use of `node`'s result with `with` and destroys `node`. */
static void replaceCopy(MlirOperation node, MlirValue with) {
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(node, 0), with);
  mlirOperationDestroy(node);
}

static void tryRemove(MlirOperation node) {
  if (xnnCopyChangesDtype(node))
    return;
  MlirValue in = mlirOperationGetOperand(node, 0);
  MlirValue out = mlirOperationGetResult(node, 0);
  XnnLayout target = xnnCopyTargetLayout(node);
  if (target == XNN_LAYOUT_PRESERVE) { /* pure copy (or tag-only): same layout */
    replaceCopy(node, in);
    return;
  }
  XnnLayout lin = xnnValueLayout(in), lout = xnnValueLayout(out);
  if (lout == XNN_LAYOUT_OTHER) /* some other permutation: nothing to compare */
    return;
  MlirOperation c1 = xnnDefiningOp(in);
  if (lin != lout && xnnIsCopyOp(c1) && !xnnCopyChangesDtype(c1) && xnnValueNumUses(in) == 1 &&
      mlirBlockEqual(mlirOperationGetBlock(c1), mlirOperationGetBlock(node)) &&
      mlirOperationIsBeforeInBlock(c1, node)) {
    MlirValue x = mlirOperationGetOperand(c1, 0);
    if (xnnValueLayout(x) == lout) {
      replaceCopy(node, x);
      mlirOperationDestroy(c1); /* its only user is gone; visited already */
      return;
    }
  }
  if (lin == lout)
    replaceCopy(node, in);
}

static void processBlock(MlirBlock block) {
  /* Only the current op and ops before it in this block are ever destroyed,
   * so the next op, read first, stays valid. */
  for (MlirOperation op = mlirBlockGetFirstOperation(block), next; !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (mlirOperationGetNumRegions(op) > 0)
      processRegions(op);
    else if (xnnIsCopyOp(op))
      tryRemove(op);
  }
}

static void processRegions(MlirOperation op) {
  for (intptr_t r = 0, nr = mlirOperationGetNumRegions(op); r < nr; ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      processBlock(b);
}

typedef struct RemoveCopiesConfig {
  bool delegatesOnly;
} RemoveCopiesConfig;

static bool processDelegate(MlirOperation func, const void *config) {
  (void)config;
  processRegions(func);
  return true;
}

static void runRemoveRedundantCopies(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)pass;
  if (((const RemoveCopiesConfig *)config)->delegatesOnly)
    xnnForEachDelegate(op, processDelegate, NULL);
  else
    processRegions(op);
}

static const XnnMlirPassOption removeCopiesOptions[] = {
    {"delegates-only", XNN_MLIR_OPTION_BOOL, "false",
     "only delegate functions (xnn.delegate), as in xnn-delegate's func.func(...) steps"},
};

static MlirPass createRemoveRedundantCopies(const XnnMlirPassInfo *info,
                                            const XnnMlirPassOptionValues *options) {
  RemoveCopiesConfig cfg = {xnnMlirPassOptionGetBool(info, options, "delegates-only")};
  return xnnMlirCreateExternalPass(info, runRemoveRedundantCopies, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnRemoveRedundantCopiesPassInfo = {
    .argument = "xnn-remove-redundant-copies",
    .name = "XnnRemoveRedundantCopies",
    .description = "Remove memory-format copies that cancel in pairs or keep the layout; never "
                   "touches a copy that changes dtype",
    .options = removeCopiesOptions,
    .numOptions = 1,
    .create = createRemoveRedundantCopies,
};
