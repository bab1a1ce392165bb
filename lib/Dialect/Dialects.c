/* Loads the embedded IRDL definitions of the edge and xnn dialects. */
#include "xnnmlir/Dialects.h"
#include "xnnmlir/Passes.h"

#include "CAPIExt/DynamicOp.h"
#include "Ops/VerifyUtil.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
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

/* What IRDL would check for an op taking a list of tensors of any types and
 * giving one tensor, with one required integer attribute `attr`: IRDL binds
 * one type per variable, also across a variadic list, so it cannot type
 * cat(a, b, c) of three shapes (valid in ATen). Shapes are the op's own C
 * verifier's business, as for every op. */
static MlirLogicalResult verifyTensorList(MlirOperation op, const char *attr) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n < 1) {
    xnnOpError(op, "expects at least 1 operand, got 0");
    return mlirLogicalResultFailure();
  }
  for (intptr_t i = 0; i < n; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!mlirTypeIsARankedTensor(t)) {
      xnnOpError(op, "operand #%lld must be a ranked tensor", (long long)i);
      return mlirLogicalResultFailure();
    }
  }
  if (mlirOperationGetNumResults(op) != 1 ||
      !mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetResult(op, 0)))) {
    xnnOpError(op, "expects one ranked tensor result");
    return mlirLogicalResultFailure();
  }
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(attr));
  if (mlirAttributeIsNull(a)) {
    xnnOpError(op, "attribute \"%s\" is expected but not provided", attr);
    return mlirLogicalResultFailure();
  }
  if (!mlirAttributeIsAInteger(a)) {
    xnnOpError(op, "attribute \"%s\" must be an integer", attr);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verifyEdgeCat(MlirOperation op) { return verifyTensorList(op, "dim"); }

/* What IRDL would check for edge.index (minOperands 2) and edge.index_put
 * (3), whose index tensors may differ in shape and type: ranked tensor
 * operands and one ranked tensor result, `indexed_dims` an array<i64>. */
static MlirLogicalResult verifyIndexList(MlirOperation op, intptr_t minOperands) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n < minOperands) {
    xnnOpError(op, "expects at least %lld operands, got %lld", (long long)minOperands, (long long)n);
    return mlirLogicalResultFailure();
  }
  for (intptr_t i = 0; i < n; ++i) {
    if (!mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetOperand(op, i)))) {
      xnnOpError(op, "operand #%lld must be a ranked tensor", (long long)i);
      return mlirLogicalResultFailure();
    }
  }
  if (mlirOperationGetNumResults(op) != 1 ||
      !mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetResult(op, 0)))) {
    xnnOpError(op, "expects one ranked tensor result");
    return mlirLogicalResultFailure();
  }
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("indexed_dims"));
  if (mlirAttributeIsNull(a)) {
    xnnOpError(op, "attribute \"indexed_dims\" is expected but not provided");
    return mlirLogicalResultFailure();
  }
  if (!mlirAttributeIsADenseI64Array(a)) {
    xnnOpError(op, "attribute \"indexed_dims\" must be array<i64>");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verifyEdgeIndex(MlirOperation op) { return verifyIndexList(op, 2); }
static MlirLogicalResult verifyEdgeIndexPut(MlirOperation op) { return verifyIndexList(op, 3); }
static MlirLogicalResult verifyXnnConcatenate(MlirOperation op) { return verifyTensorList(op, "axis"); }

/* What IRDL would check for edge.split, whose pieces may differ in shape:
 * one ranked tensor operand, ranked tensor results, attributes present. */
static MlirLogicalResult verifyEdgeSplit(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) != 1 ||
      !mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetOperand(op, 0)))) {
    xnnOpError(op, "expects one ranked tensor operand");
    return mlirLogicalResultFailure();
  }
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i) {
    if (!mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetResult(op, i)))) {
      xnnOpError(op, "result #%lld must be a ranked tensor", (long long)i);
      return mlirLogicalResultFailure();
    }
  }
  static const char *const names[2] = {"split_sizes", "dim"};
  for (int k = 0; k < 2; ++k) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(names[k]));
    if (mlirAttributeIsNull(a)) {
      xnnOpError(op, "attribute \"%s\" is expected but not provided", names[k]);
      return mlirLogicalResultFailure();
    }
    if (k == 0 ? !mlirAttributeIsADenseI64Array(a) : !mlirAttributeIsAInteger(a)) {
      xnnOpError(op, "attribute \"%s\" must be %s", names[k], k == 0 ? "array<i64>" : "an integer");
      return mlirLogicalResultFailure();
    }
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult xnnMlirLoadDialects(MlirContext ctx) {
  if (mlirContextIsRegisteredOperation(ctx, mlirStringRefCreateFromCString("edge.add")))
    return mlirLogicalResultSuccess();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__irdl__(), ctx);
  if (mlirLogicalResultIsFailure(loadIRDL(ctx, xnnMlirGetEdgeIRDL())) ||
      mlirLogicalResultIsFailure(loadIRDL(ctx, xnnMlirGetXnnIRDL())))
    return mlirLogicalResultFailure();
  if (!xnnMlirDynamicOpSetVerifier(ctx, mlirStringRefCreateFromCString("edge.cat"), verifyEdgeCat) ||
      !xnnMlirDynamicOpSetVerifier(ctx, mlirStringRefCreateFromCString("xnn.concatenate"), verifyXnnConcatenate) ||
      !xnnMlirDynamicOpSetVerifier(ctx, mlirStringRefCreateFromCString("edge.split"), verifyEdgeSplit) ||
      !xnnMlirDynamicOpSetVerifier(ctx, mlirStringRefCreateFromCString("edge.index"), verifyEdgeIndex) ||
      !xnnMlirDynamicOpSetVerifier(ctx, mlirStringRefCreateFromCString("edge.index_put"), verifyEdgeIndexPut))
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
