/* xnn-lower: edge ops inside delegate functions -> xnn ops (lib/Ops/Lower.c). */
#include "xnnmlir/Passes.h"

#include "Ops/Lower.h"
#include "Pass/PassDefs.h"
#include "Support/IR.h"

#include <stdlib.h>

static bool isDelegate(MlirOperation op) {
  return xnnOpIs(op, "func.func") && !mlirAttributeIsNull(xnnOpAttr(op, "xnn.delegate"));
}

static void runLower(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)config;
  bool ok = true;
  if (isDelegate(op)) {
    ok = xnnLowerDelegate(op);
  } else if (xnnOpIs(op, "builtin.module")) {
    size_t n = 0;
    MlirOperation *top = xnnBlockOps(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)), &n);
    for (size_t i = 0; i < n; ++i)
      if (isDelegate(top[i]))
        ok = xnnLowerDelegate(top[i]) && ok;
    free(top);
  }
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static MlirPass createLower(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  (void)values;
  return xnnMlirCreateExternalPass(info, runLower, NULL, 0);
}

const XnnMlirPassInfo xnnLowerPassInfo = {
    .argument = "xnn-lower",
    .name = "XnnLower",
    .description = "Lower edge ops inside delegate functions to xnn ops: dtype copies -> converts, "
                   "layout copies -> transposes, NHWC physical shapes, f32 compute where XNNPACK "
                   "lacks the dtype",
    .options = NULL,
    .numOptions = 0,
    .create = createLower,
};
