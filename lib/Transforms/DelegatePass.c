/* xnn-delegate: the whole delegate pipeline, in order: fold constant
 * converts, partition, then on every delegate function tag channels-last,
 * remove redundant copies and lower to xnn. Built from the registry, so each
 * step is exactly the pass of the same name. */
#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"
#include "Support/IR.h"
#include "Support/Strings.h"

#include <mlir-c/Diagnostics.h>

#include <stdio.h>
#include <stdlib.h>

typedef struct DelegateConfig {
  bool foldDtypeConverts;
  char bf16Rounding[16]; /* "exact" or "relaxed" */
} DelegateConfig;

static void reportPipelineError(MlirStringRef msg, void *userData) {
  mlirEmitError(*(MlirLocation *)userData, msg.data);
}

static bool runPipeline(MlirOperation op, const char *anchor, const char *pipeline) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString(anchor));
  /* The outer pass manager verifies after xnn-delegate; verifying between the
   * inner steps too would double the cost on large graphs. */
  mlirPassManagerEnableVerifier(pm, false);
  bool ok = mlirLogicalResultIsSuccess(xnnMlirAddPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                                          mlirStringRefCreateFromCString(pipeline),
                                                          reportPipelineError, &loc)) &&
            mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
  mlirPassManagerDestroy(pm);
  return ok;
}

static void runDelegate(MlirOperation op, MlirExternalPass pass, void *config) {
  const DelegateConfig *cfg = config;
  if (!xnnOpIs(op, "builtin.module")) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "xnn-delegate must run on builtin.module: it outlines delegate functions");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  char front[256];
  snprintf(front, sizeof(front), "xnn-fold-constant-converts,xnn-partition{fold-dtype-converts=%s}",
           cfg->foldDtypeConverts ? "true" : "false");
  if (!runPipeline(op, "builtin.module", front)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  size_t n = 0;
  MlirOperation *top = xnnBlockOps(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)), &n);
  bool ok = true;
  char perDelegate[256];
  snprintf(perDelegate, sizeof(perDelegate),
           "xnn-tag-channels-last,xnn-remove-redundant-copies,xnn-lower{bf16-rounding=%s},"
           "xnn-simplify-roundings{mode=%s}",
           cfg->bf16Rounding, cfg->bf16Rounding);
  for (size_t i = 0; i < n && ok; ++i)
    if (xnnIsDelegateFunc(top[i]))
      ok = runPipeline(top[i], "func.func", perDelegate);
  free(top);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const XnnMlirPassOption delegateOptions[] = {
    {"fold-dtype-converts", XNN_MLIR_OPTION_BOOL, "true",
     "passed to xnn-partition: delegate f32<->f16/bf16 converts of activations"},
    {"bf16-rounding", XNN_MLIR_OPTION_CHOICE, "exact|relaxed",
     "exact rounds every bf16 op's result as PyTorch does; relaxed computes every bf16 op in f32 "
     "and rounds only the delegate's bf16 results (passed to xnn-lower and xnn-simplify-roundings)"},
};

static MlirPass createDelegate(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  DelegateConfig cfg = {xnnMlirPassOptionGetBool(info, values, "fold-dtype-converts"), ""};
  snprintf(cfg.bf16Rounding, sizeof(cfg.bf16Rounding), "%s",
           xnnMlirPassOptionGetString(info, values, "bf16-rounding"));
  return xnnMlirCreateExternalPass(info, runDelegate, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnDelegatePassInfo = {
    .argument = "xnn-delegate",
    .name = "XnnDelegate",
    .description = "The whole pipeline: xnn-fold-constant-converts, xnn-partition, then on each "
                   "delegate xnn-tag-channels-last, xnn-remove-redundant-copies, xnn-lower, "
                   "xnn-simplify-roundings",
    .options = delegateOptions,
    .numOptions = 2,
    .create = createDelegate,
};
