/* C entry points MLIR's C API lacks for diagnostics: it emits errors only
 * (mlirEmitError). Passes that decline work they were asked to do say so
 * with a warning or a remark at the op. Implemented in a thin C++ shim
 * (Diagnostic.cpp). */
#ifndef XNNMLIR_LIB_CAPIEXT_DIAGNOSTIC_H
#define XNNMLIR_LIB_CAPIEXT_DIAGNOSTIC_H

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Emits `message` at `loc` with `severity` (error, warning, note or remark)
 * through the context's diagnostic engine, as mlirEmitError does. */
void xnnMlirEmitDiagnostic(MlirLocation loc, MlirDiagnosticSeverity severity, const char *message);

#ifdef __cplusplus
}
#endif
#endif
