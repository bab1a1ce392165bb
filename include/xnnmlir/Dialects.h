/*===-- xnnmlir/Dialects.h - the edge and xnn dialects ------------*- C -*-===*\
 *
 * Both dialects are defined in IRDL (lib/Dialect/edge.irdl.mlir, xnn.irdl.mlir), embedded in the
 * library at build time and loaded with mlirLoadIRDLDialects, so they verify.
 * The same files are installed for `mlir-opt --irdl-file=`.
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_DIALECTS_H
#define XNNMLIR_DIALECTS_H

#include <mlir-c/IR.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The embedded IRDL source of the `edge` dialect. */
MlirStringRef xnnMlirGetEdgeIRDL(void);
/* The embedded IRDL source of the `xnn` dialect. */
MlirStringRef xnnMlirGetXnnIRDL(void);

/* Loads builtin, func and irdl, then the edge and xnn dialects into `ctx`.
 * Idempotent per context. Fails (with a diagnostic) only if the embedded
 * IRDL is broken. */
MlirLogicalResult xnnMlirLoadDialects(MlirContext ctx);

/* Creates a context with every xnnmlir dialect loaded and all passes
 * registered; `threading` enables MLIR's multithreading. Destroy with
 * mlirContextDestroy. Returns a null context on failure. */
MlirContext xnnMlirContextCreate(bool threading);

#ifdef __cplusplus
}
#endif
#endif
