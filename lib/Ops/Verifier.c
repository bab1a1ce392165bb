/* xnnMlirVerify: walks a root op, runs the per-op verifiers of the OpDefs
 * table and checks the delegate function rules (SPEC section 3.3). */
#include "xnnmlir/Verifier.h"

#include "OpDefs.h"
#include "VerifyUtil.h"
#include "Support/IR.h"
#include "xnnmlir/Tensor.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <stdio.h>
#include <string.h>

static bool hasPrefix(MlirStringRef s, const char *p) {
  size_t n = strlen(p);
  return s.length >= n && memcmp(s.data, p, n) == 0;
}

static bool nameIs(MlirStringRef s, const char *c) {
  size_t n = strlen(c);
  return s.length == n && memcmp(s.data, c, n) == 0;
}

static MlirStringRef opName(MlirOperation op) {
  return mlirIdentifierStr(mlirOperationGetName(op));
}

static bool isOwnDialectOp(MlirStringRef n) {
  return hasPrefix(n, "edge.") || hasPrefix(n, "xnn.");
}

bool xnnMlirIsDelegateFunc(MlirOperation op) {
  if (mlirOperationIsNull(op) || !nameIs(opName(op), "func.func"))
    return false;
  return !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString("xnn.delegate")));
}

/* Name of a func.func for messages ("@sym" or "<anonymous>"). */
static void funcSymName(MlirOperation func, char *buf, size_t n) {
  MlirAttribute s = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  if (!mlirAttributeIsNull(s) && mlirAttributeIsAString(s)) {
    MlirStringRef v = mlirStringAttrGetValue(s);
    snprintf(buf, n, "@%.*s", (int)(v.length > 200 ? 200 : v.length), v.data);
  } else {
    snprintf(buf, n, "<anonymous>");
  }
}

/* Rejects attributes of an edge op that its verifier did not read: they
 * would be dropped silently by the lowering (a misspelt `stride` is not a
 * stride). Names with a dialect prefix ('.', e.g. xnn.portable_reason,
 * xnn.layout) are discardable annotations of passes and tools: allowed. */
static bool checkUnknownAttrs(MlirOperation op, const char *const *known, size_t numKnown) {
  bool ok = true;
  for (intptr_t i = 0, n = mlirOperationGetNumAttributes(op); i < n; ++i) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetAttribute(op, i).name);
    if (memchr(name.data, '.', name.length))
      continue;
    bool isKnown = false;
    for (size_t k = 0; k < numKnown && !isKnown; ++k)
      isKnown = nameIs(name, known[k]);
    if (isKnown)
      continue;
    char list[512];
    size_t len = 0;
    list[0] = 0;
    for (size_t k = 0; k < numKnown && len < sizeof list; ++k)
      len += (size_t)snprintf(list + len, sizeof list - len, "%s'%s'", k ? ", " : "", known[k]);
    if (numKnown)
      xnnOpError(op, "has unknown attribute '%.*s' (it takes %s; annotations need a dialect "
                     "prefix, e.g. 'xnn.note')",
                 (int)(name.length > 200 ? 200 : name.length), name.data, list);
    else
      xnnOpError(op, "has unknown attribute '%.*s' (it takes no attributes; annotations need a "
                     "dialect prefix, e.g. 'xnn.note')",
                 (int)(name.length > 200 ? 200 : name.length), name.data);
    ok = false;
  }
  return ok;
}

MlirLogicalResult xnnMlirVerifyOp(MlirOperation op) {
  if (mlirOperationIsNull(op))
    return mlirLogicalResultFailure();
  MlirStringRef n = opName(op);
  if (!isOwnDialectOp(n))
    return mlirLogicalResultSuccess();
  const XnnOpDef *def = xnnOpDefLookup(n);
  if (!def) {
    xnnOpError(op, "is not a known edge / xnn operation");
    return mlirLogicalResultFailure();
  }
  bool edge = hasPrefix(n, "edge.");
  if (edge)
    xnnAttrLogBegin();
  bool ok = !def->verify || def->verify(op);
  const char *const *known = NULL;
  size_t numKnown = edge ? xnnAttrLogEnd(&known) : 0;
  if (ok && edge)
    ok = checkUnknownAttrs(op, known, numKnown);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* The nearest enclosing func.func of op (excluding op itself), or null. */
static MlirOperation enclosingFunc(MlirOperation op) {
  MlirOperation p = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(p)) {
    if (nameIs(opName(p), "func.func"))
      return p;
    p = mlirOperationGetParentOperation(p);
  }
  return p;
}

typedef struct {
  MlirOperation func;
  char sym[256];
  bool ok;
} DelegateBodyCtx;

static MlirWalkResult checkDelegateBodyOp(MlirOperation op, void *ud) {
  DelegateBodyCtx *c = ud;
  if (mlirOperationEqual(op, c->func))
    return MlirWalkResultAdvance;
  MlirStringRef n = opName(op);
  if (isOwnDialectOp(n) || nameIs(n, "func.return"))
    return MlirWalkResultAdvance;
  if (xnnMlirIsDelegateFunc(op))
    xnnOpError(op, "delegate functions must not be nested (inside delegate "
                   "function %s)",
               c->sym);
  else
    xnnOpError(op, "is not allowed inside delegate function %s (only edge.*, "
                   "xnn.* and func.return)",
               c->sym);
  c->ok = false;
  return MlirWalkResultSkip;
}

static bool checkFuncSignatureType(MlirOperation func, MlirType t,
                                   const char *what, intptr_t i,
                                   const char *sym) {
  char tb[256];
  if (xnnQuantEncoding(t) != XNN_QUANT_NONE) {
    xnnOpError(func, "delegate function %s %s #%lld type '%s' is quantized: quantized values stay inside "
                     "the delegate (f32 in and out)",
               sym, what, (long long)i, xnnTypeStr(t, tb, sizeof tb));
    return false;
  }
  if (mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t)) {
    /* Its buffer is bound from outside: the byte size must be computable
     * (the emitter and the runtime size external values from it). */
    int64_t rank = mlirShapedTypeGetRank(t), dims[XNN_VERIFY_MAX_RANK];
    size_t bytes, elemSize = xnnMlirDTypeSize(xnnMlirDTypeFromType(mlirShapedTypeGetElementType(t)));
    for (int64_t d = 0; d < rank && d < XNN_VERIFY_MAX_RANK; ++d)
      dims[d] = mlirShapedTypeGetDimSize(t, d);
    if (rank <= XNN_VERIFY_MAX_RANK &&
        xnnMlirShapeNumBytes(rank, dims, elemSize ? elemSize : 1, &bytes))
      return true;
    xnnOpError(func, "delegate function %s %s #%lld type '%s' is too large: its element count "
                     "or byte size overflows 64 bits",
               sym, what, (long long)i, xnnTypeStr(t, tb, sizeof tb));
    return false;
  }
  xnnOpError(func, "delegate function %s %s #%lld must be a ranked tensor "
                   "with a static shape, got '%s'",
             sym, what, (long long)i, xnnTypeStr(t, tb, sizeof tb));
  return false;
}

static bool verifyDelegateFunc(MlirOperation func) {
  DelegateBodyCtx c;
  c.func = func;
  c.ok = true;
  funcSymName(func, c.sym, sizeof c.sym);
  MlirAttribute d = mlirOperationGetDiscardableAttributeByName(
      func, mlirStringRefCreateFromCString("xnn.delegate"));
  if (!mlirAttributeIsAUnit(d)) {
    char ab[256];
    xnnOpError(func, "attribute 'xnn.delegate' of %s must be a unit attribute, "
                     "got %s",
               c.sym, xnnAttrStr(d, ab, sizeof ab));
    c.ok = false;
  }
  MlirAttribute vis = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_visibility"));
  if (mlirAttributeIsNull(vis) || !mlirAttributeIsAString(vis) ||
      !nameIs(mlirStringAttrGetValue(vis), "private")) {
    xnnOpError(func, "delegate function %s must be private", c.sym);
    c.ok = false;
  }
  MlirAttribute ft = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"));
  if (!mlirAttributeIsNull(ft) && mlirAttributeIsAType(ft) &&
      mlirTypeIsAFunction(mlirTypeAttrGetValue(ft))) {
    MlirType fty = mlirTypeAttrGetValue(ft);
    for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(fty); ++i)
      c.ok = checkFuncSignatureType(func, mlirFunctionTypeGetInput(fty, i),
                                    "argument", i, c.sym) &&
             c.ok;
    for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(fty); ++i)
      c.ok = checkFuncSignatureType(func, mlirFunctionTypeGetResult(fty, i),
                                    "result", i, c.sym) &&
             c.ok;
  }
  bool hasBody = mlirOperationGetNumRegions(func) > 0 &&
                 !mlirBlockIsNull(mlirRegionGetFirstBlock(
                     mlirOperationGetRegion(func, 0)));
  if (!hasBody) {
    xnnOpError(func, "delegate function %s must have a body", c.sym);
    return false;
  }
  mlirOperationWalk(func, checkDelegateBodyOp, &c, MlirWalkPreOrder);
  return c.ok;
}

typedef struct {
  bool ok;
} VerifyCtx;

static MlirWalkResult verifyEach(MlirOperation op, void *ud) {
  VerifyCtx *c = ud;
  MlirStringRef n = opName(op);
  if (nameIs(n, "func.func")) {
    if (xnnMlirIsDelegateFunc(op) && !verifyDelegateFunc(op))
      c->ok = false;
    return MlirWalkResultAdvance;
  }
  if (!isOwnDialectOp(n))
    return MlirWalkResultAdvance;
  if (mlirLogicalResultIsFailure(xnnMlirVerifyOp(op)))
    c->ok = false;
  if (hasPrefix(n, "xnn.") && !xnnMlirIsDelegateFunc(enclosingFunc(op))) {
    xnnOpError(op, "is only allowed inside a delegate function (func.func "
                   "with the xnn.delegate attribute)");
    c->ok = false;
  }
  return MlirWalkResultAdvance;
}

MlirLogicalResult xnnMlirVerify(MlirOperation root) {
  if (mlirOperationIsNull(root))
    return mlirLogicalResultFailure();
  VerifyCtx c = {true};
  xnnTypeCacheEnter();
  mlirOperationWalk(root, verifyEach, &c, MlirWalkPreOrder);
  xnnTypeCacheExit();
  return c.ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
