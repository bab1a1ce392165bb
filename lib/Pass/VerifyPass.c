/* xnn-verify: runs the project's C verifier (the rules IRDL cannot express). */
#include "xnnmlir/Passes.h"
#include "xnnmlir/Verifier.h"

#include "Pass/PassDefs.h"

static void runVerify(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)config;
  if (mlirLogicalResultIsFailure(xnnMlirVerify(op)))
    mlirExternalPassSignalFailure(pass);
}

static MlirPass createVerify(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *options) {
  (void)options;
  return xnnMlirCreateExternalPass(info, runVerify, NULL, 0);
}

const XnnMlirPassInfo xnnVerifyPassInfo = {
    .argument = "xnn-verify",
    .name = "XnnVerify",
    .description = "Check edge/xnn ops and delegate functions against the rules IRDL cannot "
                   "express (optional attributes, dtypes, shapes)",
    .options = NULL,
    .numOptions = 0,
    .create = createVerify,
};
