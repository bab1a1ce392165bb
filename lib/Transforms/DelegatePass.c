/* xnn-delegate: the whole delegate pipeline, in order: fold constant
 * converts, expand constant gathers, move KV-cache writes out of the
 * delegates' way, partition, then on every delegate function tag channels-last,
 * remove redundant copies, lower to xnn, simplify roundings and batch matmul operands. Built from the
 * registry, so each step is exactly the pass of the same name. The pipeline
 * parser puts these steps in a pipeline in place of xnn-delegate (so listings,
 * timings and IR dumps show them); this single pass remains for C API users
 * who create it directly. */
#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"
#include "Support/IR.h"
#include "Support/Strings.h"

#include <mlir-c/Diagnostics.h>

#include <stdio.h>
#include <stdlib.h>

typedef struct DelegateConfig {
  bool foldDtypeConverts;
  bool moveCacheWrites;
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

/* The steps' pipeline texts, shared by this pass and the parser's expansion
 * so the two cannot drift apart. */
static void stepsText(const DelegateConfig *cfg, char *front, size_t frontSize, char *perDelegate,
                      size_t perDelegateSize) {
  snprintf(front, frontSize, "xnn-fold-constant-converts,xnn-expand-constant-gathers,%sxnn-partition{fold-dtype-converts=%s}",
           cfg->moveCacheWrites ? "xnn-move-cache-writes," : "", cfg->foldDtypeConverts ? "true" : "false");
  snprintf(perDelegate, perDelegateSize,
           "xnn-tag-channels-last{delegates-only=true},xnn-remove-redundant-copies{delegates-only=true},"
           "xnn-lower{bf16-rounding=%s},xnn-simplify-roundings{mode=%s},xnn-simplify-batch-matmuls",
           cfg->bf16Rounding, cfg->bf16Rounding);
}

static void runDelegate(MlirOperation op, MlirExternalPass pass, void *config) {
  const DelegateConfig *cfg = config;
  if (!xnnOpIs(op, "builtin.module")) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "xnn-delegate must run on builtin.module: it outlines delegate functions");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  char front[256], perDelegate[256];
  stepsText(cfg, front, sizeof(front), perDelegate, sizeof(perDelegate));
  if (!runPipeline(op, "builtin.module", front)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  size_t n = 0;
  MlirOperation *top = xnnBlockOps(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)), &n);
  bool ok = true;
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
    {"move-cache-writes", XNN_MLIR_OPTION_BOOL, "true",
     "run xnn-move-cache-writes before partitioning (false: every KV-cache write splits the delegate)"},
    {"bf16-rounding", XNN_MLIR_OPTION_CHOICE, "exact|relaxed",
     "exact rounds every bf16 op's result as PyTorch does; relaxed computes every bf16 op in f32 "
     "and rounds only the delegate's bf16 results (passed to xnn-lower and xnn-simplify-roundings)"},
};

static DelegateConfig delegateConfig(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  DelegateConfig cfg = {xnnMlirPassOptionGetBool(info, values, "fold-dtype-converts"),
                        xnnMlirPassOptionGetBool(info, values, "move-cache-writes"), ""};
  snprintf(cfg.bf16Rounding, sizeof(cfg.bf16Rounding), "%s",
           xnnMlirPassOptionGetString(info, values, "bf16-rounding"));
  return cfg;
}

static MlirPass createDelegate(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  DelegateConfig cfg = delegateConfig(info, values);
  return xnnMlirCreateExternalPass(info, runDelegate, &cfg, sizeof(cfg));
}

void xnnDelegateStepsPipeline(const XnnMlirPassOptionValues *values, char *out, size_t size) {
  DelegateConfig cfg = delegateConfig(&xnnDelegatePassInfo, values);
  char front[256], perDelegate[256];
  stepsText(&cfg, front, sizeof(front), perDelegate, sizeof(perDelegate));
  snprintf(out, size, "%s,func.func(%s)", front, perDelegate);
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
};
