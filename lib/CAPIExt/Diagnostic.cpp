// Warnings and remarks from C (MLIR's C API emits errors only).
#include "CAPIExt/Diagnostic.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

void xnnMlirEmitDiagnostic(MlirLocation loc, MlirDiagnosticSeverity severity, const char *message) {
  mlir::Location l = unwrap(loc);
  switch (severity) {
  case MlirDiagnosticError:
    mlir::emitError(l, message);
    break;
  case MlirDiagnosticWarning:
    mlir::emitWarning(l, message);
    break;
  case MlirDiagnosticRemark:
    mlir::emitRemark(l, message);
    break;
  case MlirDiagnosticNote: // a note stands alone here: MLIR attaches notes to a diagnostic
    mlir::emitRemark(l, message);
    break;
  }
}
