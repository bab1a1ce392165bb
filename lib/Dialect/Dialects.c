/* Loads the embedded IRDL definitions of the edge and xnn dialects. */
#include "xnnmlir/Dialects.h"
#include "xnnmlir/Passes.h"

#include <mlir-c/Dialect/Func.h>
#include <mlir-c/Dialect/IRDL.h>

#include <stddef.h>

extern const char xnnMlirEdgeIrdlText[];
extern const size_t xnnMlirEdgeIrdlText_size;
extern const char xnnMlirXnnIrdlText[];
extern const size_t xnnMlirXnnIrdlText_size;

MlirStringRef xnnMlirGetEdgeIRDL(void) {
  return mlirStringRefCreate(xnnMlirEdgeIrdlText, xnnMlirEdgeIrdlText_size);
}

MlirStringRef xnnMlirGetXnnIRDL(void) {
  return mlirStringRefCreate(xnnMlirXnnIrdlText, xnnMlirXnnIrdlText_size);
}

static MlirLogicalResult loadIRDL(MlirContext ctx, MlirStringRef text) {
  /* Module parse: the file holds bare irdl.dialect ops (implicit module). */
  MlirModule defs = mlirModuleCreateParse(ctx, text);
  if (mlirModuleIsNull(defs))
    return mlirLogicalResultFailure();
  MlirLogicalResult r = mlirLoadIRDLDialects(defs);
  /* The loaded dialects own their verifiers; the definition module is no longer needed. */
  mlirModuleDestroy(defs);
  return r;
}

MlirLogicalResult xnnMlirLoadDialects(MlirContext ctx) {
  if (mlirContextIsRegisteredOperation(ctx, mlirStringRefCreateFromCString("edge.add")))
    return mlirLogicalResultSuccess();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__irdl__(), ctx);
  if (mlirLogicalResultIsFailure(loadIRDL(ctx, xnnMlirGetEdgeIRDL())) ||
      mlirLogicalResultIsFailure(loadIRDL(ctx, xnnMlirGetXnnIRDL())))
    return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

MlirContext xnnMlirContextCreate(bool threading) {
  MlirContext ctx = mlirContextCreateWithThreading(threading);
  if (mlirLogicalResultIsFailure(xnnMlirLoadDialects(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  xnnMlirRegisterAllPasses();
  return ctx;
}
