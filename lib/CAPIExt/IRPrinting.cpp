// IR printing for a selection of passes: MLIR's C API selects all or nothing.
// The selection is by pass argument, as mlir-opt's; printing is MLIR's own.
#include "CAPIExt/IRPrinting.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

static llvm::StringSet<> argumentSet(const MlirStringRef *names, size_t n) {
  llvm::StringSet<> set;
  for (size_t i = 0; i < n; ++i)
    set.insert(unwrap(names[i]));
  return set;
}

void xnnMlirPassManagerEnableIRPrintingFor(MlirPassManager pm, bool beforeAll,
                                           const MlirStringRef *before, size_t numBefore,
                                           bool afterAll, const MlirStringRef *after,
                                           size_t numAfter, bool moduleScope,
                                           bool afterOnlyOnChange, bool afterOnlyOnFailure,
                                           MlirOpPrintingFlags flags, MlirStringRef treeDir) {
  auto shouldPrintBefore = [beforeAll, set = argumentSet(before, numBefore)](mlir::Pass *pass,
                                                                            mlir::Operation *) {
    return beforeAll || set.contains(pass->getArgument());
  };
  auto shouldPrintAfter = [afterAll, set = argumentSet(after, numAfter)](mlir::Pass *pass,
                                                                        mlir::Operation *) {
    return afterAll || set.contains(pass->getArgument());
  };
  if (unwrap(treeDir).empty())
    unwrap(pm)->enableIRPrinting(shouldPrintBefore, shouldPrintAfter, moduleScope,
                                 afterOnlyOnChange, afterOnlyOnFailure, llvm::errs(),
                                 *unwrap(flags));
  else
    unwrap(pm)->enableIRPrintingToFileTree(shouldPrintBefore, shouldPrintAfter, moduleScope,
                                           afterOnlyOnChange, afterOnlyOnFailure, unwrap(treeDir),
                                           *unwrap(flags));
}
