/* xnn-lower: edge ops inside delegate functions -> xnn ops (lib/Ops/Lower.c). */
#include "xnnmlir/Passes.h"

#include "Ops/Lower.h"
#include "Pass/PassDefs.h"
#include "Support/IR.h"

#include <string.h>

typedef struct LowerConfig {
  bool bf16InF32;
} LowerConfig;

static bool lowerOne(MlirOperation func, const void *config) {
  return xnnLowerDelegate(func, ((const LowerConfig *)config)->bf16InF32);
}

static void runLower(MlirOperation op, MlirExternalPass pass, void *config) {
  if (!xnnForEachDelegate(op, lowerOne, config))
    mlirExternalPassSignalFailure(pass);
}

static const XnnMlirPassOption lowerOptions[] = {
    {"bf16-rounding", XNN_MLIR_OPTION_CHOICE, "exact|relaxed",
     "exact: bf16 ops XNNPACK runs natively stay bf16; relaxed: every bf16 op computes in f32 "
     "(xnn-simplify-roundings{mode=relaxed} then keeps f32 between them)"},
};

static MlirPass createLower(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  LowerConfig cfg = {!strcmp(xnnMlirPassOptionGetString(info, values, "bf16-rounding"), "relaxed")};
  return xnnMlirCreateExternalPass(info, runLower, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnLowerPassInfo = {
    .argument = "xnn-lower",
    .name = "XnnLower",
    .description = "Lower edge ops inside delegate functions to xnn ops: dtype copies -> converts, "
                   "layout copies -> transposes, NHWC physical shapes, f32 compute where XNNPACK "
                   "lacks the dtype",
    .options = lowerOptions,
    .numOptions = 1,
    .create = createLower,
};
