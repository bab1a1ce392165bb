// Replaces an IRDL-defined op's verifier by a C function. MLIR's C API can
// load IRDL dialects but not adjust the ops they define; nothing else is C++.
#include "CAPIExt/DynamicOp.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/OperationSupport.h"

bool xnnMlirDynamicOpSetVerifier(MlirContext ctx, MlirStringRef name, XnnMlirOpVerifyFn verify) {
  std::optional<mlir::RegisteredOperationName> op =
      mlir::RegisteredOperationName::lookup(unwrap(name), unwrap(ctx));
  // Every op of an IRDL (extensible) dialect is a DynamicOpDefinition.
  if (!op || !llvm::isa<mlir::ExtensibleDialect>(op->getDialect()))
    return false;
  auto *def = static_cast<mlir::DynamicOpDefinition *>(op->getAsOpaquePointer());
  def->setVerifyFn([verify](mlir::Operation *operation) -> llvm::LogicalResult {
    return unwrap(verify(wrap(operation)));
  });
  return true;
}
