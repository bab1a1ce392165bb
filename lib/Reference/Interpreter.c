/* The reference interpreter: xnnMlirReferenceRun / xnnMlirReferenceRunOp.
 *
 * Walks the single block of a func.func in order, keeping one host tensor
 * per SSA value (XnnPtrMap from MlirValue.ptr to a slot). Every value's uses
 * are counted up front and its tensor is freed right after its last use, so
 * peak memory is the live set, not the whole graph. Each op is verified first
 * (xnnMlirVerifyOp, its diagnostic captured into the error message) and its
 * operand tensors are checked against its operand types; then the kernel of
 * the op (Kernels.c table) runs on results allocated from the result types.
 * func.call looks the callee up in the enclosing module's symbol table;
 * delegates (xnn.delegate) go to the hook, or are interpreted when there is
 * no hook and their body holds only edge ops. */
#include "xnnmlir/Reference.h"

#include "Kernels.h"
#include "Support/IR.h"
#include "Support/PtrMap.h"
#include "Support/Strings.h"
#include "xnnmlir/Verifier.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CALL_DEPTH 64

/* ---- helpers --------------------------------------------------------------- */
static void typeStr(MlirType t, char *buf, size_t n) {
  XnnStrBuf s = {0};
  mlirTypePrint(t, xnnStrBufCallback, &s);
  snprintf(buf, n, "%s", s.data ? s.data : "?");
  xnnStrBufFree(&s);
}

static void tensorStr(const XnnMlirTensor *t, char *buf, size_t n) {
  int w = snprintf(buf, n, "tensor<");
  for (int64_t i = 0; i < t->rank && w > 0 && (size_t)w < n; ++i)
    w += snprintf(buf + w, n - (size_t)w, "%lldx", (long long)t->dims[i]);
  if (w > 0 && (size_t)w < n)
    snprintf(buf + w, n - (size_t)w, "%s>", xnnMlirDTypeName(t->dtype));
}

/* True if `t` has exactly the dtype and static shape of tensor type `type`. */
static bool tensorMatches(const XnnMlirTensor *t, MlirType type) {
  if (!mlirTypeIsARankedTensor(type) || !mlirShapedTypeHasStaticShape(type))
    return false;
  if (t->dtype != xnnMlirDTypeFromType(mlirShapedTypeGetElementType(type)) ||
      t->rank != mlirShapedTypeGetRank(type))
    return false;
  for (int64_t i = 0; i < t->rank; ++i)
    if (t->dims[i] != mlirShapedTypeGetDimSize(type, (intptr_t)i))
      return false;
  return t->data != NULL || xnnMlirTensorNumElements(t) == 0;
}

static bool copyTensor(XnnMlirTensor *dst, const XnnMlirTensor *src) {
  if (!xnnMlirTensorCreate(dst, src->dtype, src->rank, src->dims))
    return false;
  size_t bytes = xnnMlirTensorNumBytes(src);
  if (bytes)
    memcpy(dst->data, src->data, bytes);
  return true;
}

static void destroyAll(XnnMlirTensor *t, size_t n) {
  for (size_t i = 0; i < n; ++i)
    xnnMlirTensorDestroy(&t[i]);
}

/* Allocates results[i] from types; on failure destroys the ones made. */
static bool allocResults(MlirOperation at, MlirType (*typeAt)(void *, intptr_t), void *ud,
                         XnnMlirTensor *results, size_t n, char *err, size_t errSize) {
  for (size_t i = 0; i < n; ++i) {
    MlirType t = typeAt(ud, (intptr_t)i);
    if (!xnnMlirTensorCreateFromType(&results[i], t)) {
      char tb[256];
      typeStr(t, tb, sizeof tb);
      destroyAll(results, i);
      return xnnRefFailAt(at, err, errSize,
                          "result #%zu type '%s' is not supported (static shape, rank <= %d, "
                          "f32/f16/bf16/i64/i32/i1) or too large",
                          i, tb, XNN_MLIR_TENSOR_MAX_RANK);
    }
  }
  return true;
}

static MlirType opResultType(void *ud, intptr_t i) {
  return mlirValueGetType(mlirOperationGetResult(*(MlirOperation *)ud, i));
}

/* ---- diagnostics capture ------------------------------------------------- */
typedef struct Capture {
  XnnStrBuf msg;
  bool got;
} Capture;

static MlirLogicalResult captureDiag(MlirDiagnostic d, void *ud) {
  Capture *c = ud;
  if (!c->got && mlirDiagnosticGetSeverity(d) == MlirDiagnosticError) {
    mlirDiagnosticPrint(d, xnnStrBufCallback, &c->msg);
    c->got = true;
  }
  return mlirLogicalResultSuccess();
}

/* Verifies `op` with its diagnostics captured into err. */
static bool verifyOp(MlirOperation op, char *err, size_t errSize) {
  MlirContext ctx = mlirOperationGetContext(op);
  Capture cap = {{0}, false};
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(ctx, captureDiag, &cap, NULL);
  bool ok = mlirLogicalResultIsSuccess(xnnMlirVerifyOp(op));
  mlirContextDetachDiagnosticHandler(ctx, id);
  if (!ok) {
    char loc[512];
    xnnRefLocStr(op, loc, sizeof loc);
    snprintf(err, errSize, "%s: %s", loc,
             cap.msg.data ? cap.msg.data : "op failed verification");
  }
  xnnStrBufFree(&cap.msg);
  return ok;
}

/* Verifies, checks operands, allocates results and runs one edge op. */
/* `reuse0`: result 0 is written into this tensor (operand 0's buffer, whose
 * last use this op is) instead of a fresh one; it stays the caller's on failure. */
static bool runEdgeOp(MlirOperation op, const XnnMlirTensor *operands, size_t numOperands,
                      XnnMlirTensor *results, size_t numResults, const XnnMlirTensor *reuse0, char *err,
                      size_t errSize) {
  MlirStringRef name = xnnOpName(op);
  const XnnRefKernel *k = xnnRefKernelLookup(name);
  if (!k)
    return xnnRefFailAt(op, err, errSize, "is not supported by the reference interpreter");
  if (!verifyOp(op, err, errSize))
    return false;
  if ((intptr_t)numOperands != mlirOperationGetNumOperands(op))
    return xnnRefFailAt(op, err, errSize, "expects %lld operands, got %zu",
                        (long long)mlirOperationGetNumOperands(op), numOperands);
  if ((intptr_t)numResults != mlirOperationGetNumResults(op))
    return xnnRefFailAt(op, err, errSize, "has %lld results, %zu requested",
                        (long long)mlirOperationGetNumResults(op), numResults);
  for (size_t i = 0; i < numOperands; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, (intptr_t)i));
    if (!tensorMatches(&operands[i], t)) {
      char tb[256], gb[256];
      typeStr(t, tb, sizeof tb);
      tensorStr(&operands[i], gb, sizeof gb);
      return xnnRefFailAt(op, err, errSize, "operand #%zu is %s, expected '%s'", i, gb, tb);
    }
  }
  size_t first = reuse0 && numResults ? 1 : 0;
  if (first)
    results[0] = *reuse0;
  if (!allocResults(op, opResultType, &op, results + first, numResults - first, err, errSize))
    return false;
  XnnRefCtx c = {op, err, errSize, NULL};
  if (!k->run(&c, operands, numOperands, results, numResults)) {
    destroyAll(results + first, numResults - first);
    return false;
  }
  return true;
}

bool xnnMlirReferenceRunOp(MlirOperation op, const XnnMlirTensor *operands, size_t numOperands,
                           XnnMlirTensor *results, size_t numResults, char *err, size_t errSize) {
  if (mlirOperationIsNull(op)) {
    snprintf(err, errSize, "null operation");
    return false;
  }
  if (numOperands && !operands) {
    snprintf(err, errSize, "null operands");
    return false;
  }
  return runEdgeOp(op, operands, numOperands, results, numResults, NULL, err, errSize);
}

/* ---- functions ------------------------------------------------------------ */
typedef struct Interp {
  XnnMlirDelegateHook hook;
  void *hookUserData;
  char *err;
  size_t errSize;
  int depth;
} Interp;

typedef struct Slot {
  XnnMlirTensor t;
  size_t uses;  /* remaining uses */
  bool owned;   /* false: a caller's tensor (function argument) or a view */
  bool live;
  bool view;    /* a constant's payload in place (xnnRefConstantView): read only, and
                 * without XNNPACK's read slack, so delegates get a padded copy */
} Slot;

static void funcName(MlirOperation func, char *buf, size_t n) {
  MlirAttribute s = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
  if (!mlirAttributeIsNull(s) && mlirAttributeIsAString(s)) {
    MlirStringRef v = mlirStringAttrGetValue(s);
    snprintf(buf, n, "@%.*s", (int)(v.length > 200 ? 200 : v.length), v.data);
  } else {
    snprintf(buf, n, "<anonymous>");
  }
}

static MlirType funcType(MlirOperation func) {
  MlirAttribute ft =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("function_type"));
  if (mlirAttributeIsNull(ft) || !mlirAttributeIsAType(ft))
    return (MlirType){NULL};
  MlirType t = mlirTypeAttrGetValue(ft);
  return mlirTypeIsAFunction(t) ? t : (MlirType){NULL};
}

static MlirType funcResultType(void *ud, intptr_t i) {
  return mlirFunctionTypeGetResult(funcType(*(MlirOperation *)ud), i);
}

static bool runFunc(Interp *I, MlirOperation func, const XnnMlirTensor *inputs,
                    const bool *inputViews, const bool *donated, bool *taken, size_t numInputs,
                    XnnMlirTensor *outputs, size_t numOutputs);

static void releaseSlot(Slot *s) {
  if (s->live && s->owned)
    xnnMlirTensorDestroy(&s->t);
  s->live = false;
}

/* The callee of a func.call, looked up in the nearest enclosing symbol table
 * (module) of the call. */
static MlirOperation lookupCallee(MlirOperation call, char *sym, size_t symSize) {
  MlirAttribute callee =
      mlirOperationGetAttributeByName(call, mlirStringRefCreateFromCString("callee"));
  snprintf(sym, symSize, "?");
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return (MlirOperation){NULL};
  MlirStringRef name = mlirFlatSymbolRefAttrGetValue(callee);
  snprintf(sym, symSize, "@%.*s", (int)(name.length > 200 ? 200 : name.length), name.data);
  for (MlirOperation p = mlirOperationGetParentOperation(call); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p)) {
    if (!xnnOpIs(p, "builtin.module"))
      continue;
    MlirSymbolTable table = mlirSymbolTableCreate(p);
    MlirOperation f = mlirSymbolTableLookup(table, name);
    mlirSymbolTableDestroy(table);
    return f;
  }
  return (MlirOperation){NULL};
}

/* The hook's arguments: `args`, with each view replaced by a padded copy in
 * *copies (destroy with destroyViewCopies). NULL on allocation failure. */
static const XnnMlirTensor *paddedArgs(const XnnMlirTensor *args, const bool *views, size_t n,
                                       XnnMlirTensor **copies) {
  *copies = NULL;
  bool any = false;
  for (size_t i = 0; i < n; ++i)
    any = any || views[i];
  if (!any)
    return args;
  XnnMlirTensor *c = calloc(n, sizeof(XnnMlirTensor));
  if (!c)
    return NULL;
  for (size_t i = 0; i < n; ++i) {
    if (!views[i]) {
      c[i] = args[i];
    } else if (!copyTensor(&c[i], &args[i])) {
      for (size_t k = 0; k < i; ++k)
        if (views[k])
          xnnMlirTensorDestroy(&c[k]);
      free(c);
      return NULL;
    }
  }
  *copies = c;
  return c;
}

static void destroyViewCopies(XnnMlirTensor *copies, const bool *views, size_t n) {
  if (!copies)
    return;
  for (size_t i = 0; i < n; ++i)
    if (views[i])
      xnnMlirTensorDestroy(&copies[i]);
  free(copies);
}

/* True if `op` may write its result into operand 0's buffer: an index_put
 * (whose kernel then skips its copy: a KV-cache write costs the rows it
 * writes) on a buffer the function owns, of the result's type, used nowhere
 * else, now or later. */
static bool updatesInPlace(MlirOperation op, const Slot *slots, const size_t *opSlots, size_t no, size_t nr) {
  if (!xnnOpIs(op, "edge.index_put") || nr != 1 || no < 1)
    return false;
  const Slot *x = &slots[opSlots[0]];
  if (!x->owned || !x->live || x->view || x->uses != 1 ||
      !tensorMatches(&x->t, mlirValueGetType(mlirOperationGetResult(op, 0))))
    return false;
  for (size_t i = 1; i < no; ++i)
    if (opSlots[i] == opSlots[0])
      return false;
  return true;
}

static bool runCall(Interp *I, MlirOperation call, const XnnMlirTensor *args, const bool *argViews,
                    size_t numArgs, XnnMlirTensor *results, size_t numResults) {
  char sym[256];
  MlirOperation callee = lookupCallee(call, sym, sizeof sym);
  if (mlirOperationIsNull(callee) || !xnnOpIs(callee, "func.func"))
    return xnnRefFailAt(call, I->err, I->errSize, "callee %s is not a func.func in the enclosing "
                        "module", sym);
  MlirType ft = funcType(callee);
  if (mlirTypeIsNull(ft) || mlirFunctionTypeGetNumInputs(ft) != (intptr_t)numArgs ||
      mlirFunctionTypeGetNumResults(ft) != (intptr_t)numResults)
    return xnnRefFailAt(call, I->err, I->errSize,
                        "operand / result counts do not match the signature of %s", sym);
  for (size_t i = 0; i < numResults; ++i)
    if (!mlirTypeEqual(mlirFunctionTypeGetResult(ft, (intptr_t)i),
                       mlirValueGetType(mlirOperationGetResult(call, (intptr_t)i))))
      return xnnRefFailAt(call, I->err, I->errSize,
                          "result #%zu type differs from the result type of %s", i, sym);
  bool delegate = xnnMlirIsDelegateFunc(callee);
  if (delegate && I->hook) {
    for (size_t i = 0; i < numArgs; ++i)
      if (!tensorMatches(&args[i], mlirFunctionTypeGetInput(ft, (intptr_t)i)))
        return xnnRefFailAt(call, I->err, I->errSize,
                            "operand #%zu does not match argument #%zu of %s", i, i, sym);
    XnnMlirTensor *copies;
    const XnnMlirTensor *hookArgs = paddedArgs(args, argViews, numArgs, &copies);
    if (!hookArgs)
      return xnnRefFailAt(call, I->err, I->errSize, "out of memory");
    if (!allocResults(call, funcResultType, &callee, results, numResults, I->err, I->errSize)) {
      destroyViewCopies(copies, argViews, numArgs);
      return false;
    }
    char herr[512] = "";
    bool ran = I->hook(I->hookUserData, callee, hookArgs, numArgs, results, numResults, herr,
                       sizeof herr);
    destroyViewCopies(copies, argViews, numArgs);
    if (!ran) {
      destroyAll(results, numResults);
      return xnnRefFailAt(call, I->err, I->errSize, "delegate %s failed: %s", sym,
                          herr[0] ? herr : "(no message)");
    }
    for (size_t i = 0; i < numResults; ++i)
      if (!tensorMatches(&results[i], mlirFunctionTypeGetResult(ft, (intptr_t)i))) {
        destroyAll(results, numResults);
        return xnnRefFailAt(call, I->err, I->errSize,
                            "delegate %s returned result #%zu of the wrong shape or dtype", sym, i);
      }
    return true;
  }
  if (delegate) {
    MlirBlock body = xnnFuncBody(callee);
    for (MlirOperation o = mlirBlockIsNull(body) ? (MlirOperation){NULL}
                                                 : mlirBlockGetFirstOperation(body);
         !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
      if (xnnOpHasPrefix(o, "edge.") || xnnOpIs(o, "func.return"))
        continue;
      MlirStringRef n = xnnOpName(o);
      return xnnRefFailAt(call, I->err, I->errSize,
                          "delegate %s contains '%.*s': running xnn ops needs a delegate hook "
                          "(the reference interpreter runs edge ops only)",
                          sym, (int)n.length, n.data);
    }
  }
  if (I->depth >= MAX_CALL_DEPTH)
    return xnnRefFailAt(call, I->err, I->errSize, "call depth exceeds %d (recursion?)",
                        MAX_CALL_DEPTH);
  ++I->depth;
  bool ok = runFunc(I, callee, args, argViews, NULL, NULL, numArgs, results, numResults);
  --I->depth;
  return ok;
}

/* `donated` inputs (NULL: none) become the function's own once their slots
 * exist (*taken set then): freed after their last use, moved into results,
 * or updated in place (updatesInPlace). */
static bool runFunc(Interp *I, MlirOperation func, const XnnMlirTensor *inputs,
                    const bool *inputViews, const bool *donated, bool *taken, size_t numInputs,
                    XnnMlirTensor *outputs, size_t numOutputs) {
  char name[256];
  funcName(func, name, sizeof name);
  MlirType ft = funcType(func);
  MlirBlock body = xnnFuncBody(func);
  if (!xnnOpIs(func, "func.func") || mlirTypeIsNull(ft))
    return xnnRefFailAt(func, I->err, I->errSize, "is not a func.func");
  if (mlirBlockIsNull(body))
    return xnnRefFailAt(func, I->err, I->errSize, "function %s has no body", name);
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(body)))
    return xnnRefFailAt(func, I->err, I->errSize,
                        "function %s has more than one block (unsupported)", name);
  intptr_t nArgs = mlirBlockGetNumArguments(body);
  if ((intptr_t)numInputs != nArgs)
    return xnnRefFailAt(func, I->err, I->errSize, "function %s takes %lld inputs, got %zu", name,
                        (long long)nArgs, numInputs);
  if ((intptr_t)numOutputs != mlirFunctionTypeGetNumResults(ft))
    return xnnRefFailAt(func, I->err, I->errSize, "function %s has %lld results, %zu requested",
                        name, (long long)mlirFunctionTypeGetNumResults(ft), numOutputs);
  for (intptr_t i = 0; i < nArgs; ++i) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(body, i));
    if (!tensorMatches(&inputs[i], t)) {
      char tb[256], gb[256];
      typeStr(t, tb, sizeof tb);
      tensorStr(&inputs[i], gb, sizeof gb);
      return xnnRefFailAt(func, I->err, I->errSize, "input #%lld of %s is %s, expected '%s'",
                          (long long)i, name, gb, tb);
    }
  }
  /* Slots: arguments, then every op result in order. */
  size_t nSlots = (size_t)nArgs, maxOperands = 1, maxResults = 1;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    size_t nr = (size_t)mlirOperationGetNumResults(o), no = (size_t)mlirOperationGetNumOperands(o);
    nSlots += nr;
    maxOperands = no > maxOperands ? no : maxOperands;
    maxResults = nr > maxResults ? nr : maxResults;
  }
  Slot *slots = calloc(nSlots + 1, sizeof(Slot));
  XnnMlirTensor *opIn = calloc(maxOperands, sizeof(XnnMlirTensor));
  XnnMlirTensor *opOut = calloc(maxResults, sizeof(XnnMlirTensor));
  size_t *opSlots = calloc(maxOperands, sizeof(size_t));
  bool *opViews = calloc(maxOperands, sizeof(bool));
  XnnPtrMap map;
  xnnPtrMapInit(&map, nSlots);
  bool ok = slots && opIn && opOut && opSlots && opViews;
  if (!ok)
    xnnRefFailAt(func, I->err, I->errSize, "out of memory");
  size_t next = 0;
  for (intptr_t i = 0; ok && i < nArgs; ++i, ++next) {
    MlirValue v = mlirBlockGetArgument(body, i);
    slots[next] = (Slot){inputs[i], xnnValueNumUses(v), donated && donated[i], true, inputViews && inputViews[i]};
    xnnPtrMapPut(&map, v.ptr, next);
  }
  if (ok && taken)
    *taken = true;
  bool returned = false;
  size_t numMade = 0; /* outputs filled so far (for cleanup) */
  for (MlirOperation o = mlirBlockGetFirstOperation(body); ok && !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    size_t no = (size_t)mlirOperationGetNumOperands(o), nr = (size_t)mlirOperationGetNumResults(o);
    for (size_t i = 0; ok && i < no; ++i) {
      size_t s;
      if (!xnnPtrMapGet(&map, mlirOperationGetOperand(o, (intptr_t)i).ptr, &s) || !slots[s].live)
        ok = xnnRefFailAt(o, I->err, I->errSize, "operand #%zu has no value here", i);
      else
        opIn[i] = slots[s].t, opSlots[i] = s, opViews[i] = slots[s].view;
    }
    if (!ok)
      break;
    if (xnnOpIs(o, "func.return")) {
      if (no != numOutputs) {
        ok = xnnRefFailAt(o, I->err, I->errSize, "returns %zu values, %s declares %zu", no, name,
                          numOutputs);
        break;
      }
      for (size_t i = 0; ok && i < no; ++i) {
        Slot *s = &slots[opSlots[i]];
        if (s->uses)
          --s->uses;
        if (s->uses == 0 && s->owned && s->live) {
          outputs[i] = s->t; /* move */
          s->live = false;
        } else if (!copyTensor(&outputs[i], &s->t)) {
          ok = xnnRefFailAt(o, I->err, I->errSize, "out of memory");
          break;
        }
        numMade = i + 1;
      }
      returned = ok;
      break;
    }
    /* A constant is read in place, not copied (a 600 MB embedding table would
     * be copied on every call to read one row); the view is never freed or
     * written: kernels take their operands const, func.return copies it. */
    bool viewed = false;
    if (xnnOpIs(o, "edge.constant") && nr == 1) {
      if (!verifyOp(o, I->err, I->errSize)) {
        ok = false;
        break;
      }
      viewed = xnnRefConstantView(o, &opOut[0]);
    }
    if (viewed)
      ok = true;
    else if (xnnOpIs(o, "func.call"))
      ok = runCall(I, o, opIn, opViews, no, opOut, nr);
    else if (xnnOpHasPrefix(o, "edge.")) {
      Slot *into = updatesInPlace(o, slots, opSlots, no, nr) ? &slots[opSlots[0]] : NULL;
      ok = runEdgeOp(o, opIn, no, opOut, nr, into ? &into->t : NULL, I->err, I->errSize);
      if (ok && into) /* its buffer is the result's now */
        into->live = false, into->owned = false;
    }
    else
      ok = xnnRefFailAt(o, I->err, I->errSize, "is not supported by the reference interpreter");
    if (!ok)
      break;
    for (size_t i = 0; i < no; ++i) {
      Slot *s = &slots[opSlots[i]];
      if (s->uses && --s->uses == 0)
        releaseSlot(s);
    }
    for (size_t i = 0; i < nr; ++i, ++next) {
      MlirValue v = mlirOperationGetResult(o, (intptr_t)i);
      slots[next] = (Slot){opOut[i], xnnValueNumUses(v), !viewed, true, viewed};
      xnnPtrMapPut(&map, v.ptr, next);
      if (slots[next].uses == 0)
        releaseSlot(&slots[next]);
    }
  }
  if (ok && !returned)
    ok = xnnRefFailAt(func, I->err, I->errSize, "function %s has no func.return", name);
  if (!ok)
    destroyAll(outputs, numMade);
  for (size_t i = 0; slots && i < next; ++i)
    releaseSlot(&slots[i]);
  xnnPtrMapFree(&map);
  free(slots), free(opIn), free(opOut), free(opSlots), free(opViews);
  return ok;
}

bool xnnMlirReferenceRun(MlirOperation func, const XnnMlirTensor *inputs, size_t numInputs,
                         XnnMlirTensor *outputs, size_t numOutputs, XnnMlirDelegateHook hook,
                         void *hookUserData, char *err, size_t errSize) {
  /* nothing donated: the inputs are only read */
  return xnnMlirReferenceRunDonating(func, (XnnMlirTensor *)inputs, NULL, numInputs, outputs, numOutputs, hook,
                                     hookUserData, err, errSize);
}

bool xnnMlirReferenceRunDonating(MlirOperation func, XnnMlirTensor *inputs, const bool *donated,
                                 size_t numInputs, XnnMlirTensor *outputs, size_t numOutputs,
                                 XnnMlirDelegateHook hook, void *hookUserData, char *err,
                                 size_t errSize) {
  bool taken = false, ok = false;
  if (mlirOperationIsNull(func))
    snprintf(err, errSize, "null function");
  else if ((numInputs && !inputs) || (numOutputs && !outputs))
    snprintf(err, errSize, "null inputs or outputs");
  else {
    for (size_t i = 0; i < numOutputs; ++i)
      memset(&outputs[i], 0, sizeof outputs[i]);
    Interp I = {hook, hookUserData, err, errSize, 0};
    ok = runFunc(&I, func, inputs, NULL, donated, &taken, numInputs, outputs, numOutputs);
  }
  for (size_t i = 0; inputs && donated && i < numInputs; ++i)
    if (donated[i]) {
      if (!taken)
        xnnMlirTensorDestroy(&inputs[i]);
      inputs[i].data = NULL; /* the interpreter's now: freed, moved or updated in place */
    }
  return ok;
}
