/* The lowering driver: walks a delegate function's edge ops in order and
 * lowers each through its row of the op table (Capability.h). Above the op
 * families: it reaches them only through the table, never by name, and what
 * is specific to a family (the ops another op's lowering absorbs) is a hook
 * on the family's entry. */
#include "Ops/Capability.h"
#include "Ops/Lower.h"
#include "Ops/LowerUtil.h"

#include "Support/IR.h"

#include <stdlib.h>
#include <string.h>

/* True if some family's lowering of another op lowers `op` (e.g. the views
 * and quantizes around a quantized linear): the driver leaves it. */
static bool absorbedByFamily(MlirOperation op) {
  size_t n = 0;
  const XnnOpFamily *const *families = xnnOpFamilies(&n);
  for (size_t f = 0; f < n; ++f)
    if (families[f]->absorbs && families[f]->absorbs(op))
      return true;
  return false;
}

/* ---- the driver ---------------------------------------------------------- */

/* Ops whose results nobody uses compute nothing observable, and XNNPACK aborts
 * on chains of such nodes: the lowered delegate keeps only what reaches its
 * return (edge ops are pure). One backward sweep erases whole dead chains. */
static void eraseDeadOps(MlirBlock body) {
  size_t n = 0;
  MlirOperation *ops = xnnBlockOps(body, &n); /* the terminator last: never dead */
  for (size_t i = n; i-- > 0;)
    if (mlirOperationGetNumResults(ops[i]) > 0 && xnnOpIsDead(ops[i]))
      mlirOperationDestroy(ops[i]);
  free(ops);
}

bool xnnLowerDelegate(MlirOperation func, bool bf16InF32) {
  MlirBlock body = xnnFuncBody(func);
  if (mlirBlockIsNull(body))
    return true;
  XnnLowerCtx L;
  memset(&L, 0, sizeof L);
  L.ctx = mlirOperationGetContext(func);
  L.bf16InF32 = bf16InF32;
  xnnPtrMapInit(&L.constantsByDef, 64);
  xnnPtrMapInit(&L.constantValues, 64);
  /* Lowering inserts before the current op and erases only it (constants at
   * the end), so the next op, read first, stays valid. */
  MlirOperation *constants = NULL;
  size_t numConstants = 0, capConstants = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body), next; !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (!xnnOpHasPrefix(op, "edge."))
      continue;
    if (xnnOpIs(op, "edge.constant")) {
      /* Constants materialise at their consumers, in the form each needs. */
      if (numConstants == capConstants &&
          !(constants = realloc(constants, (capConstants = capConstants ? 2 * capConstants : 64) *
                                               sizeof(MlirOperation))))
        abort();
      constants[numConstants++] = op;
      continue;
    }
    if (absorbedByFamily(op)) { /* lowered by another op's lowering; erased once dead */
      if (xnnOpIsDead(op))
        mlirOperationDestroy(op);
      continue;
    }
    const XnnCapability *cap = xnnCapabilityLookup(xnnOpName(op));
    XnnReason why;
    XnnPartitionConfig all = {.foldDtypeConverts = true, .insideDelegate = true};
    if (!cap || !cap->lower || !xnnCapabilityCheck(op, &all, &why)) {
      xnnLowerFail(&L, op, "%s", cap && cap->lower ? why.text : "no lowering");
      break;
    }
    if (!cap->lower(&L, op, cap) || L.failed)
      break;
    /* A lowering may leave its op for a consumer that lowers through it (the
     * q/dq ops of a quantized linear): it goes once that consumer is lowered. */
    if (xnnOpIsDead(op))
      mlirOperationDestroy(op);
  }
  /* A constant the delegate returns as it is (a copy of a constant that the
   * pipeline reduced to the constant) has no consumer that lowers it. */
  MlirOperation ret = mlirBlockGetTerminator(body);
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(ret); !L.failed && i < n; ++i) {
    if (!xnnLowerOperandIsConstant(ret, i))
      continue;
    MlirValue c = xnnLowerConstantOperand(&L, ret, i, xnnValueElemType(mlirOperationGetOperand(ret, i)), NULL);
    if (!mlirValueIsNull(c))
      mlirOperationSetOperand(ret, i, c);
  }
  if (!L.failed)
    for (size_t i = 0; i < numConstants; ++i)
      if (xnnOpIsDead(constants[i]))
        mlirOperationDestroy(constants[i]);
  free(constants);
  free(L.constants);
  xnnPtrMapFree(&L.constantsByDef);
  xnnPtrMapFree(&L.constantValues);
  if (!L.failed)
    eraseDeadOps(body);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !L.failed && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (xnnOpHasPrefix(op, "edge.") && !xnnOpIs(op, "edge.constant"))
      xnnLowerFail(&L, op, "left for a consumer to lower through, which did not");
  return !L.failed;
}
