#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"

#include <mlir-c/Transforms.h>

#include <stdio.h>
#include <stdlib.h>

/* This project's passes, in pipeline order. Passes whose issue has not landed
 * are not listed (no stubs). */
static const XnnMlirPassInfo *const projectPasses[] = {
    &xnnQuantizeWeightsPassInfo,
    &xnnFoldConstantConvertsPassInfo,
    &xnnExpandConstantGathersPassInfo,
    &xnnMoveCacheWritesPassInfo,
    &xnnPartitionPassInfo,
    &xnnTagChannelsLastPassInfo,
    &xnnRemoveRedundantCopiesPassInfo,
    &xnnLowerPassInfo,
    &xnnSimplifyRoundingsPassInfo,
    &xnnSimplifyBatchMatmulsPassInfo,
    &xnnDelegatePassInfo,
    &xnnVerifyPassInfo,
};

static void reportRegistrationError(MlirStringRef msg, void *userData) {
  (void)userData;
  fprintf(stderr, "xnnmlir: internal error: %.*s\n", (int)msg.length, msg.data);
  abort();
}

void xnnMlirRegisterAllPasses(void) {
  static bool registered;
  if (registered)
    return;
  registered = true;
  mlirRegisterTransformsPasses();
  for (size_t i = 0; i < sizeof(projectPasses) / sizeof(projectPasses[0]); ++i)
    xnnMlirRegisterPass(projectPasses[i], reportRegistrationError, NULL);
}

bool xnnMlirIsProjectPass(const XnnMlirPassInfo *info) {
  for (size_t i = 0; i < sizeof(projectPasses) / sizeof(projectPasses[0]); ++i)
    if (projectPasses[i] == info)
      return true;
  return false;
}
