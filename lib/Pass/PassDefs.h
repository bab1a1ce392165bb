/* Registry entries of this project's passes; one per pass file. Adding a pass
 * is one file plus one line in AllPasses.c. */
#ifndef XNNMLIR_LIB_PASS_PASSDEFS_H
#define XNNMLIR_LIB_PASS_PASSDEFS_H

#include "xnnmlir/Passes.h"

extern const XnnMlirPassInfo xnnVerifyPassInfo;
extern const XnnMlirPassInfo xnnQuantizeWeightsPassInfo;
extern const XnnMlirPassInfo xnnFoldConstantConvertsPassInfo;
extern const XnnMlirPassInfo xnnTagChannelsLastPassInfo;
extern const XnnMlirPassInfo xnnExpandConstantGathersPassInfo;
extern const XnnMlirPassInfo xnnMoveCacheWritesPassInfo;
extern const XnnMlirPassInfo xnnPartitionPassInfo;
extern const XnnMlirPassInfo xnnRemoveRedundantCopiesPassInfo;
extern const XnnMlirPassInfo xnnLowerPassInfo;
extern const XnnMlirPassInfo xnnSimplifyRoundingsPassInfo;
extern const XnnMlirPassInfo xnnSimplifyBatchMatmulsPassInfo;
extern const XnnMlirPassInfo xnnDelegatePassInfo;

#endif
