/* xnn-delegate: the whole delegate pipeline, in order: fold constant
 * converts, expand constant gathers, move KV-cache writes out of the
 * delegates' way, partition, then on every delegate function tag channels-last,
 * remove redundant copies, lower to xnn, simplify roundings and batch matmul operands.
 * Its registry entry declares these steps (delegateSteps), so a pipeline
 * parser puts them in place of xnn-delegate (listings, timings and IR dumps
 * show them); this single pass, for C API users who create it directly and
 * for other anchors, runs the same steps, each exactly the registered pass
 * of that name. */
#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"
#include "Support/IR.h"

#include <mlir-c/Diagnostics.h>

#include <stdlib.h>

static void reportStepsError(MlirStringRef msg, void *userData) {
  mlirEmitError(*(MlirLocation *)userData, msg.data);
}

/* Runs the steps on `nest` ops (NULL: the module's) on op, anchored `anchor`. */
static bool runSteps(MlirOperation op, const char *anchor, const char *nest, const XnnMlirPassOptionValues *values) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString(anchor));
  /* The outer pass manager verifies after xnn-delegate; verifying between the
   * inner steps too would double the cost on large graphs. */
  mlirPassManagerEnableVerifier(pm, false);
  bool ok = mlirLogicalResultIsSuccess(xnnMlirAddPassStepsOn(mlirPassManagerGetAsOpPassManager(pm),
                                                             &xnnDelegatePassInfo, values, nest,
                                                             reportStepsError, &loc)) &&
            mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
  mlirPassManagerDestroy(pm);
  return ok;
}

static void runDelegate(MlirOperation op, MlirExternalPass pass, void *config) {
  const XnnMlirPassOptionValues *values = config;
  if (!xnnOpIs(op, "builtin.module")) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "xnn-delegate must run on builtin.module: it outlines delegate functions");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  if (!runSteps(op, "builtin.module", NULL, values)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  size_t n = 0;
  MlirOperation *top = xnnBlockOps(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)), &n);
  bool ok = true;
  for (size_t i = 0; i < n && ok; ++i)
    if (xnnIsDelegateFunc(top[i]))
      ok = runSteps(top[i], "func.func", "func.func", values);
  free(top);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const XnnMlirPassOption delegateOptions[] = {
    {"fold-dtype-converts", XNN_MLIR_OPTION_BOOL, "true",
     "passed to xnn-partition: delegate f32<->f16/bf16 converts of activations"},
    {"move-cache-writes", XNN_MLIR_OPTION_BOOL, "true",
     "run xnn-move-cache-writes before partitioning (false: every KV-cache write splits the delegate)"},
    {"bf16-rounding", XNN_MLIR_OPTION_CHOICE, "exact|relaxed",
     "exact rounds every bf16 op's result as PyTorch does; relaxed computes every bf16 op in f32 "
     "and rounds only the delegate's bf16 results (passed to xnn-lower and xnn-simplify-roundings)"},
};

/* The steps, with the options they take from xnn-delegate's. */
static const XnnMlirPassStep delegateSteps[] = {
    {NULL, "xnn-fold-constant-converts", NULL, NULL},
    {NULL, "xnn-expand-constant-gathers", NULL, NULL},
    {NULL, "xnn-move-cache-writes", NULL, "move-cache-writes"},
    {NULL, "xnn-partition", "fold-dtype-converts={fold-dtype-converts}", NULL},
    {"func.func", "xnn-tag-channels-last", "delegates-only=true", NULL},
    {"func.func", "xnn-remove-redundant-copies", "delegates-only=true", NULL},
    {"func.func", "xnn-lower", "bf16-rounding={bf16-rounding}", NULL},
    {"func.func", "xnn-simplify-roundings", "mode={bf16-rounding}", NULL},
    {"func.func", "xnn-simplify-batch-matmuls", NULL, NULL},
};

static MlirPass createDelegate(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  return xnnMlirCreateExternalPass(info, runDelegate, values, sizeof(*values));
}

const XnnMlirPassInfo xnnDelegatePassInfo = {
    .argument = "xnn-delegate",
    .name = "XnnDelegate",
    .description = "The whole pipeline: xnn-fold-constant-converts, xnn-expand-constant-gathers, "
                   "xnn-move-cache-writes, "
                   "xnn-partition, then on each "
                   "delegate xnn-tag-channels-last, xnn-remove-redundant-copies, xnn-lower, "
                   "xnn-simplify-roundings, xnn-simplify-batch-matmuls",
    .options = delegateOptions,
    .numOptions = 3,
    .create = createDelegate,
    .steps = delegateSteps,
    .numSteps = sizeof(delegateSteps) / sizeof(delegateSteps[0]),
};
