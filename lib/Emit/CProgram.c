/* Whole-function entry points of the C sink (xnn-translate --xnn-to-c
 * --program). For every func.func that is not a delegate: a context struct
 * created once (the delegates' runtimes, one buffer per op result, the
 * kernels looked up) and run any number of times, executing the function's
 * ops in program order exactly as xnn-run does: delegate calls through the
 * emitted xnn_delegate_N_run, every edge op through the reference
 * interpreter's own kernels (libXnnMlir, xnnmlir/PortableOps.h), calls of
 * other non-delegate functions through their entry points. Constants are
 * views into the unit's weights (the weights file or static arrays), never
 * copied per call. An edge.index_put whose input is an xnn.state argument
 * (read by nothing after it) and whose result is returned as the state
 * result of the same name writes straight into that result's buffer: when
 * the caller passes one buffer as both, the state is updated in place. */
#include "CProgram.h"

#include "Reference/Kernels.h"
#include "Support/IR.h"
#include "Support/PtrMap.h"
#include "xnnmlir/Reference.h"
#include "xnnmlir/Verifier.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { V_ARG, V_CONST, V_BUF, V_OUT };

typedef struct Val {
  int kind;
  size_t index; /* ARG: input; CONST: weights array; BUF: buffer; OUT: output */
  XnnMlirDType dtype;
  int64_t rank, dims[XNN_MLIR_TENSOR_MAX_RANK];
  size_t bytes;
} Val;

typedef struct Prog {
  MlirOperation func;
  char name[256]; /* C identifier */
  int state;      /* 0 new, 1 being emitted (cycle check), 2 done */
} Prog;

typedef struct Ctx {
  MlirModule module;
  XnnCProgramInternFn intern;
  void *sink;
  MlirOperation *delegates;
  size_t numDelegates;
  Prog *progs;
  size_t numProgs;
  XnnStrBuf *code;
} Ctx;

static void escape(XnnStrBuf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\' || c == '?')
      xnnStrBufAppendf(b, "\\%c", c);
    else if (c < 0x20 || c >= 0x7f)
      xnnStrBufAppendf(b, "\\%03o", c);
    else
      xnnStrBufAppend(b, (const char *)&c, 1);
  }
}

static const char *dtypeEnum(XnnMlirDType d) {
  switch (d) {
  case XNN_MLIR_F32: return "XNN_MLIR_F32";
  case XNN_MLIR_F16: return "XNN_MLIR_F16";
  case XNN_MLIR_BF16: return "XNN_MLIR_BF16";
  case XNN_MLIR_I64: return "XNN_MLIR_I64";
  case XNN_MLIR_I32: return "XNN_MLIR_I32";
  case XNN_MLIR_I1: return "XNN_MLIR_I1";
  case XNN_MLIR_I8: return "XNN_MLIR_I8";
  default: return NULL;
  }
}

static bool fail(MlirOperation op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(MlirOperation op, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(op), msg);
  return false;
}

/* The dtype, shape and size of a value of tensor type `t`. */
static bool valType(MlirType t, Val *v) {
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return false;
  v->dtype = xnnMlirDTypeFromType(mlirShapedTypeGetElementType(t));
  v->rank = mlirShapedTypeGetRank(t);
  if (v->dtype == XNN_MLIR_DTYPE_INVALID || v->rank > XNN_MLIR_TENSOR_MAX_RANK)
    return false;
  for (int64_t i = 0; i < v->rank; ++i)
    v->dims[i] = mlirShapedTypeGetDimSize(t, (intptr_t)i);
  return xnnMlirShapeNumBytes(v->rank, v->dims, xnnMlirDTypeSize(v->dtype), &v->bytes);
}

static void funcSym(MlirOperation func, MlirStringRef *out) {
  MlirAttribute s = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
  *out = !mlirAttributeIsNull(s) && mlirAttributeIsAString(s) ? mlirStringAttrGetValue(s)
                                                              : mlirStringRefCreateFromCString("?");
}

/* A C identifier from a symbol name: other characters become '_', a leading digit gets '_'. */
static void cIdent(MlirStringRef sym, char *buf, size_t n) {
  size_t k = 0;
  if (sym.length && sym.data[0] >= '0' && sym.data[0] <= '9' && k + 1 < n)
    buf[k++] = '_';
  for (size_t i = 0; i < sym.length && k + 1 < n; ++i) {
    char c = sym.data[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    buf[k++] = ok ? c : '_';
  }
  buf[k] = 0;
}

static MlirOperation callee(Ctx *x, MlirOperation call) {
  MlirAttribute a = mlirOperationGetAttributeByName(call, mlirStringRefCreateFromCString("callee"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFlatSymbolRef(a))
    return (MlirOperation){NULL};
  return xnnLookupSymbol(mlirModuleGetOperation(x->module), mlirFlatSymbolRefAttrGetValue(a));
}

static void locStr(MlirOperation op, char *buf, size_t n) { xnnRefLocStr(op, buf, n); }

static void appendDouble(XnnStrBuf *b, double v) {
  if (isnan(v))
    xnnStrBufAppendCStr(b, "NAN");
  else if (isinf(v))
    xnnStrBufAppendCStr(b, v < 0 ? "-INFINITY" : "INFINITY");
  else
    xnnStrBufAppendf(b, "%a", v); /* hexadecimal: exact */
}

/* The op's attributes as a static XnnMlirOpAttr table named <prefix>_attrs_<k>;
 * kinds the kernels never read (types, elements) are left out. Returns the count. */
static size_t appendAttrs(XnnStrBuf *b, MlirOperation op, const char *prefix, size_t k) {
  intptr_t n = mlirOperationGetNumAttributes(op);
  size_t count = 0;
  XnnStrBuf rows = {0};
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute na = mlirOperationGetAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(na.name);
    MlirAttribute a = na.attribute;
    if (memchr(name.data, '.', name.length)) /* annotations (xnn.portable_reason, ...): no kernel reads them */
      continue;
    XnnStrBuf row = {0};
    xnnStrBufAppendCStr(&row, "    {\"");
    escape(&row, name.data, name.length);
    xnnStrBufAppendCStr(&row, "\", ");
    bool keep = true;
    if (mlirAttributeIsAInteger(a) || mlirAttributeIsABool(a)) {
      int64_t v = mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a) : mlirBoolAttrGetValue(a);
      xnnStrBufAppendf(&row, "XNN_MLIR_ATTR_INT, INT64_C(%" PRId64 "), 0, NULL, NULL, 0},\n", v);
    } else if (mlirAttributeIsAFloat(a)) {
      xnnStrBufAppendCStr(&row, "XNN_MLIR_ATTR_FLOAT, 0, ");
      appendDouble(&row, mlirFloatAttrGetValueDouble(a));
      xnnStrBufAppendCStr(&row, ", NULL, NULL, 0},\n");
    } else if (mlirAttributeIsAString(a)) {
      MlirStringRef s = mlirStringAttrGetValue(a);
      xnnStrBufAppendCStr(&row, "XNN_MLIR_ATTR_STRING, 0, 0, \"");
      escape(&row, s.data, s.length);
      xnnStrBufAppendCStr(&row, "\", NULL, 0},\n");
    } else if (mlirAttributeIsADenseI64Array(a)) {
      intptr_t m = mlirDenseArrayGetNumElements(a);
      xnnStrBufAppendCStr(&row, "XNN_MLIR_ATTR_I64_ARRAY, 0, 0, NULL, ");
      if (m == 0) {
        xnnStrBufAppendCStr(&row, "NULL, 0},\n");
      } else {
        xnnStrBufAppendCStr(&row, "(const int64_t[]){");
        for (intptr_t j = 0; j < m; ++j)
          xnnStrBufAppendf(&row, "%sINT64_C(%" PRId64 ")", j ? ", " : "", mlirDenseI64ArrayGetElement(a, j));
        xnnStrBufAppendf(&row, "}, %lld},\n", (long long)m);
      }
    } else {
      keep = false;
    }
    if (keep) {
      xnnStrBufAppend(&rows, row.data, row.size);
      ++count;
    }
    xnnStrBufFree(&row);
  }
  if (count) {
    xnnStrBufAppendf(b, "static const XnnMlirOpAttr %s_attrs_%zu[%zu] = {\n", prefix, k, count);
    xnnStrBufAppend(b, rows.data, rows.size);
    xnnStrBufAppendCStr(b, "};\n");
  }
  xnnStrBufFree(&rows);
  return count;
}

static void appendTensor(XnnStrBuf *b, const Val *v, const char *data) {
  xnnStrBufAppendf(b, "{%s, %lld, {", dtypeEnum(v->dtype), (long long)v->rank);
  for (int64_t i = 0; i < v->rank; ++i)
    xnnStrBufAppendf(b, "%s%lld", i ? ", " : "", (long long)v->dims[i]);
  xnnStrBufAppendf(b, "%s}, %s}", v->rank ? "" : "0", data);
}

/* The C expression of value `v`'s data. */
static void valExpr(const Val *v, size_t id, char *buf, size_t n) {
  (void)v;
  snprintf(buf, n, "v%zu", id);
}

static bool emitProg(Ctx *x, size_t pi);

/* Index of program `f` in x->progs, or SIZE_MAX. */
static size_t progIndex(Ctx *x, MlirOperation f) {
  for (size_t i = 0; i < x->numProgs; ++i)
    if (mlirOperationEqual(x->progs[i].func, f))
      return i;
  return SIZE_MAX;
}

static size_t delegateIndex(Ctx *x, MlirOperation f) {
  for (size_t i = 0; i < x->numDelegates; ++i)
    if (mlirOperationEqual(x->delegates[i], f))
      return i;
  return SIZE_MAX;
}

static MlirAttribute stateAttr(MlirOperation func, intptr_t i, bool result) {
  MlirAttribute a = result ? xnnFuncResultAttr(func, i, "xnn.state") : xnnFuncArgAttr(func, i, "xnn.state");
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) ? a : (MlirAttribute){NULL};
}

/* The state result fed by state argument i (of the same name), or -1. */
static intptr_t statePair(MlirOperation func, intptr_t i, intptr_t numResults) {
  MlirAttribute s = stateAttr(func, i, false);
  for (intptr_t j = 0; !mlirAttributeIsNull(s) && j < numResults; ++j) {
    MlirAttribute rs = stateAttr(func, j, true);
    if (!mlirAttributeIsNull(rs) && mlirAttributeEqual(rs, s))
      return j;
  }
  return -1;
}

/* If `op` (edge.index_put) can write into result `*outIndex` in place:
 * operand 0 is state argument i, every other use of it comes before `op`,
 * and `op`'s result is returned as the state result of the same name. */
static bool inPlaceIndexPut(MlirOperation func, MlirOperation op, MlirOperation ret, const size_t *opOrder,
                            XnnPtrMap *order, size_t *outIndex, const bool *outTaken) {
  if (!xnnOpIs(op, "edge.index_put") || mlirOperationGetNumResults(op) != 1)
    return false;
  MlirValue x = mlirOperationGetOperand(op, 0);
  if (!mlirValueIsABlockArgument(x))
    return false;
  intptr_t arg = mlirBlockArgumentGetArgNumber(x);
  MlirAttribute s = stateAttr(func, arg, false);
  if (mlirAttributeIsNull(s))
    return false;
  size_t self;
  if (!xnnPtrMapGet(order, op.ptr, &self))
    return false;
  for (MlirOpOperand u = mlirValueGetFirstUse(x); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation owner = mlirOpOperandGetOwner(u);
    size_t at;
    if (mlirOperationEqual(owner, op)) {
      if (mlirOpOperandGetOperandNumber(u) != 0) /* also the values or an index: not in place */
        return false;
      continue;
    }
    if (!xnnPtrMapGet(order, owner.ptr, &at) || opOrder[at] >= opOrder[self])
      return false;
  }
  MlirValue r = mlirOperationGetResult(op, 0);
  for (intptr_t j = 0; j < mlirOperationGetNumOperands(ret); ++j) {
    if (!mlirValueEqual(mlirOperationGetOperand(ret, j), r) || outTaken[j])
      continue;
    MlirAttribute rs = stateAttr(func, j, true);
    if (!mlirAttributeIsNull(rs) && mlirAttributeEqual(rs, s)) {
      *outIndex = (size_t)j;
      return true;
    }
  }
  return false;
}

/* The constant's value: in place (the attribute's payload) or materialized
 * by the interpreter's constant kernel, as xnn-run reads it. */
static bool constantData(MlirOperation op, XnnMlirTensor *t, bool *view) {
  if (mlirLogicalResultIsFailure(xnnMlirVerifyOp(op)))
    return false;
  if (xnnRefConstantView(op, t)) {
    *view = true;
    return true;
  }
  *view = false;
  char err[512];
  if (!xnnMlirReferenceRunOp(op, NULL, 0, t, 1, err, sizeof err))
    return fail(op, "cannot read the constant: %s", err);
  return true;
}

static bool emitProg(Ctx *x, size_t pi) {
  Prog *P = &x->progs[pi];
  if (P->state == 2)
    return true;
  MlirOperation func = P->func;
  if (P->state == 1)
    return fail(func, "recursive calls cannot be emitted as C");
  P->state = 1;
  /* Its state as xnn-run reads it, refused with xnn-run's messages: the
   * tables below and the caller's buffers rely on each state argument having
   * one result of its name and type. */
  XnnMlirStateMap sm;
  if (!xnnMlirStateMapGet(func, &sm))
    return false;
  xnnMlirStateMapFree(&sm);
  MlirBlock body = xnnFuncBody(func);
  if (mlirBlockIsNull(body) || !mlirBlockIsNull(mlirBlockGetNextInRegion(body)))
    return fail(func, "function must have exactly one block to be emitted as C");
  size_t numOps = 0;
  MlirOperation *ops = xnnBlockOps(body, &numOps);
  MlirOperation ret = numOps ? ops[numOps - 1] : (MlirOperation){NULL};
  if (!numOps || !xnnOpIs(ret, "func.return")) {
    free(ops);
    return fail(func, "function has no func.return");
  }
  /* Callees first: their entry points are defined before this one's. */
  for (size_t i = 0; i < numOps; ++i) {
    if (!xnnOpIs(ops[i], "func.call"))
      continue;
    MlirOperation f = callee(x, ops[i]);
    if (mlirOperationIsNull(f) || !xnnOpIs(f, "func.func")) {
      fail(ops[i], "callee is not a func.func of the module");
      free(ops);
      return false;
    }
    if (delegateIndex(x, f) != SIZE_MAX)
      continue;
    size_t ci = progIndex(x, f);
    if (ci == SIZE_MAX) {
      fail(ops[i], "callee has no body: cannot be emitted as C");
      free(ops);
      return false;
    }
    if (x->progs[ci].state == 1) {
      fail(ops[i], "recursive call: cannot be emitted as C");
      free(ops);
      return false;
    }
    if (!emitProg(x, ci)) {
      free(ops);
      return false;
    }
  }
  P = &x->progs[pi];
  const char *N = P->name;
  intptr_t nArgs = mlirBlockGetNumArguments(body), nRes = mlirOperationGetNumOperands(ret);
  XnnPtrMap vmap, order;
  size_t nVals = (size_t)nArgs;
  for (size_t i = 0; i < numOps; ++i)
    nVals += (size_t)mlirOperationGetNumResults(ops[i]);
  xnnPtrMapInit(&vmap, nVals + 1);
  xnnPtrMapInit(&order, numOps + 1);
  size_t *opOrder = calloc(numOps + 1, sizeof(size_t));
  Val *vals = calloc(nVals + 1, sizeof(Val));
  bool *outTaken = calloc((size_t)nRes + 1, sizeof(bool));
  XnnStrBuf decl = {0}, create = {0}, run = {0}, fields = {0}, destroy = {0}, sig = {0};
  bool ok = opOrder && vals && outTaken;
  for (size_t i = 0; ok && i < numOps; ++i) {
    xnnPtrMapPut(&order, ops[i].ptr, i);
    opOrder[i] = i;
  }
  size_t nv = 0, nBufs = 0, nKernels = 0, nPortable = 0, nCalls = 0;
  bool *delegateUsed = calloc(x->numDelegates + 1, sizeof(bool));
  bool *progUsed = calloc(x->numProgs + 1, sizeof(bool));
  ok = ok && delegateUsed && progUsed;
  char loc[512];
  /* arguments */
  xnnStrBufAppendf(&sig, "/* ==== %s: whole function @", N);
  {
    MlirStringRef sym;
    funcSym(func, &sym);
    xnnStrBufAppendCComment(&sig, sym.data, sym.length > 200 ? 200 : sym.length);
  }
  size_t inBytes0 = 0;
  (void)inBytes0;
  XnnStrBuf inBytes = {0}, outBytes = {0}, inState = {0}, outState = {0}, stateOut = {0};
  XnnStrBuf inTypes = {0}, outTypes = {0};
  for (intptr_t i = 0; ok && i < nArgs; ++i) {
    MlirValue a = mlirBlockGetArgument(body, i);
    Val *v = &vals[nv];
    if (!valType(mlirValueGetType(a), v)) {
      ok = fail(func, "argument %lld has a type the emitted C cannot hold (static shape, rank <= %d, "
                      "f32/f16/bf16/i64/i32/i1)", (long long)i, XNN_MLIR_TENSOR_MAX_RANK);
      break;
    }
    v->kind = V_ARG, v->index = (size_t)i;
    xnnPtrMapPut(&vmap, a.ptr, nv);
    xnnStrBufAppendf(&run, "  void *v%zu = (void *)inputs[%lld];\n", nv, (long long)i);
    xnnStrBufAppendf(&inBytes, "%s%zu", i ? ", " : "", v->bytes);
    xnnStrBufAppendf(&inTypes, "%s{%s, %lld}", i ? ", " : "", dtypeEnum(v->dtype),
                     (long long)(v->rank ? v->dims[v->rank - 1] : 1));
    MlirAttribute s = stateAttr(func, i, false);
    xnnStrBufAppendCStr(&inState, i ? ", " : "");
    long long pair = -1;
    if (mlirAttributeIsNull(s)) {
      xnnStrBufAppendCStr(&inState, "NULL");
    } else {
      MlirStringRef sv = mlirStringAttrGetValue(s);
      xnnStrBufAppendCStr(&inState, "\"");
      escape(&inState, sv.data, sv.length);
      xnnStrBufAppendCStr(&inState, "\"");
      for (intptr_t j = 0; j < nRes && pair < 0; ++j) {
        MlirAttribute rs = stateAttr(func, j, true);
        if (!mlirAttributeIsNull(rs) && mlirAttributeEqual(rs, s))
          pair = j;
      }
    }
    xnnStrBufAppendf(&stateOut, "%s%lld", i ? ", " : "", pair);
    ++nv;
  }
  for (intptr_t j = 0; ok && j < nRes; ++j) {
    Val v;
    if (!valType(mlirValueGetType(mlirOperationGetOperand(ret, j)), &v)) {
      ok = fail(ret, "result %lld has a type the emitted C cannot hold", (long long)j);
      break;
    }
    xnnStrBufAppendf(&outBytes, "%s%zu", j ? ", " : "", v.bytes);
    xnnStrBufAppendf(&outTypes, "%s{%s, %lld}", j ? ", " : "", dtypeEnum(v.dtype),
                     (long long)(v.rank ? v.dims[v.rank - 1] : 1));
    MlirAttribute s = stateAttr(func, j, true);
    xnnStrBufAppendCStr(&outState, j ? ", " : "");
    if (mlirAttributeIsNull(s)) {
      xnnStrBufAppendCStr(&outState, "NULL");
    } else {
      MlirStringRef sv = mlirStringAttrGetValue(s);
      xnnStrBufAppendCStr(&outState, "\"");
      escape(&outState, sv.data, sv.length);
      xnnStrBufAppendCStr(&outState, "\"");
    }
  }
  /* ops */
  size_t nInPlace = 0;
  for (size_t oi = 0; ok && oi + 1 < numOps; ++oi) {
    MlirOperation op = ops[oi];
    MlirStringRef opName = xnnOpName(op);
    size_t no = (size_t)mlirOperationGetNumOperands(op), nr = (size_t)mlirOperationGetNumResults(op);
    size_t first = nv; /* the op's first result's value id */
    locStr(op, loc, sizeof loc);
    for (size_t r = 0; ok && r < nr; ++r) {
      MlirValue res = mlirOperationGetResult(op, (intptr_t)r);
      if (!valType(mlirValueGetType(res), &vals[nv]))
        ok = fail(op, "result #%zu has a type the emitted C cannot hold (static shape, rank <= %d, "
                      "f32/f16/bf16/i64/i32/i1)", r, XNN_MLIR_TENSOR_MAX_RANK);
      xnnPtrMapPut(&vmap, res.ptr, nv);
      ++nv;
    }
    if (!ok)
      break;
    XnnStrBuf locC = {0}; /* the location inside comments */
    xnnStrBufAppendCComment(&locC, loc, strlen(loc));
    /* operand expressions */
    char **opnd = calloc(no + 1, sizeof(char *));
    size_t *opndId = calloc(no + 1, sizeof(size_t));
    for (size_t i = 0; ok && i < no; ++i) {
      size_t id;
      if (!xnnPtrMapGet(&vmap, mlirOperationGetOperand(op, (intptr_t)i).ptr, &id)) {
        ok = fail(op, "operand #%zu is not defined in this function's block", i);
        break;
      }
      opndId[i] = id;
      opnd[i] = malloc(32);
      valExpr(&vals[id], id, opnd[i], 32);
    }
    if (ok && xnnOpIs(op, "edge.constant")) {
      XnnMlirTensor t;
      bool view = false;
      memset(&t, 0, sizeof t);
      if (!constantData(op, &t, &view)) {
        ok = false;
      } else {
        size_t w = x->intern(x->sink, t.data, t.dtype, (size_t)xnnMlirTensorNumElements(&t), view);
        vals[first].kind = V_CONST, vals[first].index = w;
        xnnStrBufAppendf(&run, "  void *v%zu = (void *)xnn_weights_%zu; /* constant at %s */\n", first, w, locC.data);
        if (!view)
          xnnMlirTensorDestroy(&t);
      }
    } else if (ok && xnnOpIs(op, "func.call")) {
      MlirOperation f = callee(x, op);
      size_t di = delegateIndex(x, f), ci = di == SIZE_MAX ? progIndex(x, f) : SIZE_MAX;
      for (size_t r = 0; r < nr; ++r) {
        vals[first + r].kind = V_BUF, vals[first + r].index = nBufs++;
        xnnStrBufAppendf(&run, "  void *v%zu = p->buf[%zu];\n", first + r, vals[first + r].index);
      }
      ++nCalls;
      xnnStrBufAppendf(&run, "  { /* call at %s */\n    const void *const ins[%zu] = {", locC.data, no ? no : 1);
      for (size_t i = 0; i < no; ++i)
        xnnStrBufAppendf(&run, "%s%s", i ? ", " : "", opnd[i]);
      xnnStrBufAppendf(&run, "%s};\n    void *const outs[%zu] = {", no ? "" : "NULL", nr ? nr : 1);
      for (size_t r = 0; r < nr; ++r)
        xnnStrBufAppendf(&run, "%sv%zu", r ? ", " : "", first + r);
      xnnStrBufAppendf(&run, "%s};\n", nr ? "" : "NULL");
      if (di != SIZE_MAX) {
        delegateUsed[di] = true;
        xnnStrBufAppendf(&run, "    s = xnn_delegate_%zu_run(p->d%zu, ins, outs, error);\n", di, di);
      } else {
        progUsed[ci] = true;
        xnnStrBufAppendf(&run, "    s = %s_run(p->f%zu, ins, outs, error);\n", x->progs[ci].name, ci);
      }
      xnnStrBufAppendCStr(&run, "    if (s != xnn_status_success)\n      return s;\n  }\n");
    } else if (ok && xnnOpHasPrefix(op, "edge.")) {
      const XnnRefKernel *k = xnnRefKernelLookup(opName);
      if (!k) {
        ok = fail(op, "'%.*s' has no portable kernel: it cannot be emitted as C (xnn-run cannot run it either)",
                  (int)opName.length, opName.data);
        xnnStrBufFree(&locC);
        for (size_t i = 0; i < no; ++i)
          free(opnd[i]);
        free(opnd), free(opndId);
        break;
      }
      size_t outIndex = 0;
      bool inPlace = inPlaceIndexPut(func, op, ret, opOrder, &order, &outIndex, outTaken);
      for (size_t r = 0; r < nr; ++r) {
        if (inPlace) {
          outTaken[outIndex] = true;
          vals[first].kind = V_OUT, vals[first].index = outIndex;
          xnnStrBufAppendf(&run, "  void *v%zu = outputs[%zu]; /* state in place when outputs[%zu] == inputs[%zu] */\n",
                           first, outIndex, outIndex, vals[opndId[0]].index);
          ++nInPlace;
        } else {
          vals[first + r].kind = V_BUF, vals[first + r].index = nBufs++;
          xnnStrBufAppendf(&run, "  void *v%zu = p->buf[%zu];\n", first + r, vals[first + r].index);
        }
      }
      size_t ki = nKernels++;
      ++nPortable;
      size_t na = appendAttrs(&decl, op, N, ki);
      xnnStrBufAppendf(&decl, "static const XnnMlirPortableOp %s_op_%zu = {\"", N, ki);
      escape(&decl, opName.data, opName.length);
      xnnStrBufAppendCStr(&decl, "\", \"");
      escape(&decl, loc, strlen(loc));
      if (na)
        xnnStrBufAppendf(&decl, "\", %s_attrs_%zu, %zu};\n", N, ki, na);
      else
        xnnStrBufAppendCStr(&decl, "\", NULL, 0};\n");
      xnnStrBufAppendf(&create, "  what = \"the linked libXnnMlir has no kernel for '");
      escape(&create, opName.data, opName.length);
      xnnStrBufAppendf(&create, "'\";\n  s = xnn_status_unsupported_parameter;\n"
                                "  if (!(p->k[%zu] = xnnMlirPortableKernelFind(%s_op_%zu.name)))\n    goto fail;\n",
                       ki, N, ki);
      xnnStrBufAppendCStr(&run, "  { /* ");
      xnnStrBufAppendCComment(&run, opName.data, opName.length);
      xnnStrBufAppendf(&run, " at %s */\n", locC.data);
      xnnStrBufAppendf(&run, "    const XnnMlirTensor in[%zu] = {", no ? no : 1);
      for (size_t i = 0; i < no; ++i) {
        xnnStrBufAppendCStr(&run, i ? ",\n        " : "");
        appendTensor(&run, &vals[opndId[i]], opnd[i]);
      }
      xnnStrBufAppendf(&run, "%s};\n    XnnMlirTensor out[%zu] = {", no ? "" : "{0}", nr ? nr : 1);
      for (size_t r = 0; r < nr; ++r) {
        char e[32];
        valExpr(&vals[first + r], first + r, e, sizeof e);
        xnnStrBufAppendCStr(&run, r ? ",\n        " : "");
        appendTensor(&run, &vals[first + r], e);
      }
      xnnStrBufAppendf(&run, "%s};\n"
                             "    if (!xnnMlirPortableOpRun(p->k[%zu], &%s_op_%zu, in, %zu, out, %zu, p->err, sizeof p->err))\n"
                             "      goto op_fail;\n  }\n",
                       nr ? "" : "{0}", ki, N, ki, no, nr);
    } else if (ok) {
      ok = fail(op, "'%.*s' cannot be emitted as C: a program runs edge ops, func.call and func.return",
                (int)opName.length, opName.data);
    }
    for (size_t i = 0; i < no; ++i)
      free(opnd ? opnd[i] : NULL);
    free(opnd);
    free(opndId);
    xnnStrBufFree(&locC);
  }
  /* results. With the state updated in place, the caller passes state
   * result k the buffer of its state argument: a result that returns another
   * state argument unchanged (state passed on under another name, a swap)
   * reads it into a buffer of its own before any result is written. */
  size_t *resId = calloc((size_t)nRes + 1, sizeof(size_t)), *snapBuf = calloc((size_t)nRes + 1, sizeof(size_t));
  ok = ok && resId && snapBuf;
  for (intptr_t j = 0; ok && j < nRes; ++j) {
    if (!xnnPtrMapGet(&vmap, mlirOperationGetOperand(ret, j).ptr, &resId[j])) {
      ok = fail(ret, "operand #%lld is not defined in this function's block", (long long)j);
      break;
    }
    const Val *v = &vals[resId[j]];
    snapBuf[j] = SIZE_MAX;
    if (v->kind != V_ARG || !v->bytes || mlirAttributeIsNull(stateAttr(func, (intptr_t)v->index, false)) ||
        statePair(func, (intptr_t)v->index, nRes) == j)
      continue;
    snapBuf[j] = nBufs++;
    xnnStrBufAppendf(&run, "  memcpy(p->buf[%zu], v%zu, %zu); /* state argument %zu, returned as result %lld */\n",
                     snapBuf[j], resId[j], v->bytes, v->index, (long long)j);
  }
  for (intptr_t j = 0; ok && j < nRes; ++j) {
    size_t id = resId[j];
    if (vals[id].kind == V_OUT && vals[id].index == (size_t)j)
      continue;
    char src[64];
    if (snapBuf[j] != SIZE_MAX)
      snprintf(src, sizeof src, "p->buf[%zu]", snapBuf[j]);
    else
      snprintf(src, sizeof src, "v%zu", id);
    if (vals[id].bytes)
      xnnStrBufAppendf(&run, "  if (outputs[%lld] != %s)\n    memcpy(outputs[%lld], %s, %zu);\n", (long long)j, src,
                       (long long)j, src, vals[id].bytes);
  }
  if (ok) {
    XnnStrBuf *c = x->code;
    xnnStrBufAppend(c, sig.data, sig.size);
    xnnStrBufAppendf(c, ": %lld input%s, %lld output%s; %zu portable op%s, %zu call%s, %zu state update%s in place ====\n"
                        " * inputs (state last): %s\n * outputs: %s\n */\n",
                     (long long)nArgs, nArgs == 1 ? "" : "s", (long long)nRes, nRes == 1 ? "" : "s", nPortable,
                     nPortable == 1 ? "" : "s", nCalls, nCalls == 1 ? "" : "s", nInPlace, nInPlace == 1 ? "" : "s",
                     inState.data ? inState.data : "-", outState.data ? outState.data : "-");
    xnnStrBufAppend(c, decl.data ? decl.data : "", decl.size);
    xnnStrBufAppendf(c, "struct %s_program {\n", N);
    for (size_t d = 0; d < x->numDelegates; ++d)
      if (delegateUsed[d])
        xnnStrBufAppendf(c, "  xnn_delegate_%zu_t d%zu;\n", d, d);
    for (size_t f = 0; f < x->numProgs; ++f)
      if (progUsed[f])
        xnnStrBufAppendf(c, "  %s_t f%zu;\n", x->progs[f].name, f);
    xnnStrBufAppendf(c, "  const XnnMlirPortableKernel *k[%zu];\n  void *buf[%zu];\n  char err[1024];\n};\n\n",
                     nKernels ? nKernels : 1, nBufs ? nBufs : 1);
    xnnStrBufAppendf(c, "const size_t %s_num_inputs = %lld, %s_num_outputs = %lld;\n", N, (long long)nArgs, N,
                     (long long)nRes);
    xnnStrBufAppendf(c, "const size_t %s_input_bytes[%lld] = {%s};\n", N, nArgs ? (long long)nArgs : 1LL,
                     nArgs ? inBytes.data : "0");
    xnnStrBufAppendf(c, "const size_t %s_output_bytes[%lld] = {%s};\n", N, nRes ? (long long)nRes : 1LL,
                     nRes ? outBytes.data : "0");
    xnnStrBufAppendf(c, "const XnnMlirProgramType %s_input_type[%lld] = {%s};\n", N,
                     nArgs ? (long long)nArgs : 1LL, nArgs ? inTypes.data : "{XNN_MLIR_F32, 0}");
    xnnStrBufAppendf(c, "const XnnMlirProgramType %s_output_type[%lld] = {%s};\n", N,
                     nRes ? (long long)nRes : 1LL, nRes ? outTypes.data : "{XNN_MLIR_F32, 0}");
    xnnStrBufAppendf(c, "const char *const %s_input_state[%lld] = {%s};\n", N, nArgs ? (long long)nArgs : 1LL,
                     nArgs ? inState.data : "NULL");
    xnnStrBufAppendf(c, "const char *const %s_output_state[%lld] = {%s};\n", N, nRes ? (long long)nRes : 1LL,
                     nRes ? outState.data : "NULL");
    xnnStrBufAppendf(c, "const long %s_state_output[%lld] = {%s};\n\n", N, nArgs ? (long long)nArgs : 1LL,
                     nArgs ? stateOut.data : "-1");
    /* destroy */
    xnnStrBufAppendf(c, "void %s_destroy(%s_t program) {\n  if (!program)\n    return;\n", N, N);
    for (size_t d = 0; d < x->numDelegates; ++d)
      if (delegateUsed[d])
        xnnStrBufAppendf(c, "  xnn_delegate_%zu_destroy(program->d%zu);\n", d, d);
    for (size_t f = 0; f < x->numProgs; ++f)
      if (progUsed[f])
        xnnStrBufAppendf(c, "  %s_destroy(program->f%zu);\n", x->progs[f].name, f);
    xnnStrBufAppendCStr(c, "  for (size_t i = 0; i < sizeof(program->buf) / sizeof(program->buf[0]); ++i)\n"
                           "    free(program->buf[i]);\n  free(program);\n}\n\n");
    /* create */
    xnnStrBufAppendf(c,
        "enum xnn_status %s_create(%s_t *program, pthreadpool_t threadpool, const char **error) {\n"
        "  struct %s_program *p = NULL;\n"
        "  const char *what = \"the weights file is not loaded (call xnn_weights_load first)\";\n"
        "  enum xnn_status s;\n"
        "  (void)threadpool;\n"
        "  *program = NULL;\n"
        "  if ((s = xnn_weights_ready()) != xnn_status_success)\n    goto fail;\n"
        "  what = \"allocating the program\";\n"
        "  s = xnn_status_out_of_memory;\n"
        "  if (!(p = calloc(1, sizeof(*p))))\n    goto fail;\n",
        N, N, N);
    size_t b = 0;
    for (size_t id = 0; id < nv; ++id)
      if (vals[id].kind == V_BUF)
        xnnStrBufAppendf(c, "  if (!(p->buf[%zu] = xnnmlir_program_alloc(%zu)))\n    goto fail;\n", b++, vals[id].bytes);
    for (intptr_t j = 0; j < nRes; ++j)
      if (snapBuf[j] != SIZE_MAX)
        xnnStrBufAppendf(c, "  if (!(p->buf[%zu] = xnnmlir_program_alloc(%zu)))\n    goto fail;\n", b++,
                         vals[resId[j]].bytes);
    xnnStrBufAppend(c, create.data ? create.data : "", create.size);
    for (size_t d = 0; d < x->numDelegates; ++d)
      if (delegateUsed[d])
        xnnStrBufAppendf(c, "  if ((s = xnn_delegate_%zu_create(&p->d%zu, threadpool, error)) != xnn_status_success) {\n"
                            "    %s_destroy(p);\n    return s;\n  }\n", d, d, N);
    for (size_t f = 0; f < x->numProgs; ++f)
      if (progUsed[f])
        xnnStrBufAppendf(c, "  if ((s = %s_create(&p->f%zu, threadpool, error)) != xnn_status_success) {\n"
                            "    %s_destroy(p);\n    return s;\n  }\n", x->progs[f].name, f, N);
    xnnStrBufAppendf(c,
        "  *program = p;\n  return xnn_status_success;\n"
        "fail:\n  if (error)\n    *error = what;\n  %s_destroy(p);\n  return s;\n}\n\n", N);
    /* run */
    xnnStrBufAppendf(c,
        "enum xnn_status %s_run(%s_t p, const void *const inputs[], void *const outputs[], const char **error) {\n"
        "  enum xnn_status s = xnn_status_success;\n  (void)s, (void)inputs, (void)outputs;\n",
        N, N);
    xnnStrBufAppend(c, run.data ? run.data : "", run.size);
    xnnStrBufAppendf(c, "  return xnn_status_success;\n%s}\n\n",
                     nKernels ? "op_fail:\n  if (error)\n    *error = p->err;\n  return xnn_status_invalid_parameter;\n" : "");
  }
  xnnStrBufFree(&decl), xnnStrBufFree(&create), xnnStrBufFree(&run), xnnStrBufFree(&fields);
  xnnStrBufFree(&destroy), xnnStrBufFree(&sig), xnnStrBufFree(&inBytes), xnnStrBufFree(&outBytes);
  xnnStrBufFree(&inState), xnnStrBufFree(&outState), xnnStrBufFree(&stateOut);
  xnnStrBufFree(&inTypes), xnnStrBufFree(&outTypes);
  xnnPtrMapFree(&vmap), xnnPtrMapFree(&order);
  free(opOrder), free(vals), free(outTaken), free(delegateUsed), free(progUsed), free(ops), free(resId), free(snapBuf);
  x->progs[pi].state = 2;
  return ok;
}

/* Every C identifier the unit declares from a function's name N is N
 * followed by one of these (plus the static N_op_<k> / N_attrs_<k> tables);
 * none of them ends with another, so two functions' identifiers differ as
 * soon as their C names do. */
static const char *const kProgramSuffixes[] = {
    "_program", "_t", "_create", "_run", "_destroy", "_num_inputs", "_num_outputs", "_input_bytes",
    "_output_bytes", "_input_type", "_output_type", "_input_state", "_output_state", "_state_output"};

/* Prefixes of the identifiers the unit declares itself (xnn_delegate_<k>_*,
 * xnn_weights_*, xnnmlir_*) and of the libraries it includes (XNNPACK,
 * pthreadpool, libXnnMlir, POSIX threads), and those C reserves. */
static const char *const kReservedPrefixes[] = {"xnn_", "XNN_", "xnnmlir", "xnnMlir", "XnnMlir", "pthread", "__"};

/* The identifiers of the headers the unit includes (C11 <stddef.h>,
 * <stdint.h>, <stdlib.h>, <stdio.h>, <math.h>; POSIX <sys/types.h> through
 * <unistd.h>, <fcntl.h>, <sys/stat.h>, <sys/mman.h>; glibc's BSD names under
 * _DEFAULT_SOURCE) that end with a suffix above: their types <stem>_t (a
 * function named <stem> would declare its program type over one).
 * test/Emit/program-names.test checks this list against the headers. */
static const char *const kHeaderNames[] = {
    "blkcnt_t", "blksize_t", "caddr_t", "clock_t", "clockid_t", "daddr_t", "dev_t", "div_t", "double_t",
    "float_t", "fpos_t", "fsblkcnt_t", "fsfilcnt_t", "fsid_t", "gid_t", "id_t", "ino_t", "int16_t", "int32_t",
    "int64_t", "int8_t", "int_fast16_t", "int_fast32_t", "int_fast64_t", "int_fast8_t", "int_least16_t",
    "int_least32_t", "int_least64_t", "int_least8_t", "intmax_t", "intptr_t", "key_t", "ldiv_t", "lldiv_t",
    "locale_t", "loff_t", "max_align_t", "mode_t", "nlink_t", "off_t", "pid_t", "ptrdiff_t", "quad_t",
    "register_t", "sigset_t", "size_t", "socklen_t", "ssize_t", "suseconds_t", "time_t", "timer_t",
    "u_int16_t", "u_int32_t", "u_int64_t", "u_int8_t", "u_quad_t", "uid_t", "uint16_t", "uint32_t",
    "uint64_t", "uint8_t", "uint_fast16_t", "uint_fast32_t", "uint_fast64_t", "uint_fast8_t",
    "uint_least16_t", "uint_least32_t", "uint_least64_t", "uint_least8_t", "uintmax_t", "uintptr_t",
    "useconds_t", "wchar_t", "char16_t", "char32_t", "mbstate_t", "sig_atomic_t", "fenv_t", "fexcept_t",
    "wint_t", "wctype_t", "wctrans_t", "errno_t", "rsize_t", "off64_t", "ino64_t", "blkcnt64_t",
    "fsblkcnt64_t", "fsfilcnt64_t", "u_char_t", "u_short_t", "u_int_t", "u_long_t", "ushort_t", "uint_t",
    "ulong_t", "fd_mask_t", "timespec_t", "int_fast128_t", "uint128_t", "int128_t", "float32_t", "float64_t"
};

/* False after a located error if program i's C name N cannot prefix the
 * identifiers above: another function's C name, a reserved prefix, a type of
 * the included headers. Never mangled: N_create / N_run are the API. */
static bool cNameFree(Ctx *x, size_t i) {
  const char *n = x->progs[i].name;
  MlirOperation f = x->progs[i].func;
  for (size_t j = 0; j < i; ++j)
    if (!strcmp(n, x->progs[j].name))
      return fail(f, "function's C name '%s' is also another function's: its %s_create, %s_run, ... would be "
                     "defined twice (rename one of them)", n, n, n);
  for (size_t k = 0; k < sizeof kReservedPrefixes / sizeof *kReservedPrefixes; ++k)
    if (!strncmp(n, kReservedPrefixes[k], strlen(kReservedPrefixes[k])))
      return fail(f, "function's C name '%s' starts with '%s', which the emitted C and the libraries it includes "
                     "reserve (its %s_t, %s_create, ... could clash with theirs): rename the function",
                  n, kReservedPrefixes[k], n, n);
  if (n[0] == '_' && n[1] >= 'A' && n[1] <= 'Z')
    return fail(f, "function's C name '%s' starts with '_' and a capital, which C reserves: rename the function", n);
  size_t len = strlen(n);
  for (size_t k = 0; k < sizeof kHeaderNames / sizeof *kHeaderNames; ++k)
    for (size_t j = 0; j < sizeof kProgramSuffixes / sizeof *kProgramSuffixes; ++j)
      if (!strncmp(kHeaderNames[k], n, len) && !strcmp(kHeaderNames[k] + len, kProgramSuffixes[j]))
        return fail(f, "function's C name '%s' would declare '%s', which the C headers the program includes "
                       "declare: rename the function", n, kHeaderNames[k]);
  return true;
}

bool xnnCProgramEmit(MlirModule module, XnnCProgramInternFn intern, void *sink, XnnStrBuf *code,
                     size_t *numPrograms) {
  Ctx x = {module, intern, sink, NULL, 0, NULL, 0, code};
  *numPrograms = 0;
  MlirBlock body = mlirModuleGetBody(module);
  size_t cap = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    ++cap;
  x.delegates = calloc(cap + 1, sizeof(MlirOperation));
  x.progs = calloc(cap + 1, sizeof(Prog));
  if (!x.delegates || !x.progs)
    abort();
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!xnnOpIs(op, "func.func"))
      continue;
    if (!mlirAttributeIsNull(xnnOpAttr(op, "xnn.delegate"))) {
      x.delegates[x.numDelegates++] = op;
      continue;
    }
    if (mlirBlockIsNull(xnnFuncBody(op)))
      continue;
    Prog *p = &x.progs[x.numProgs++];
    p->func = op;
    MlirStringRef sym;
    funcSym(op, &sym);
    cIdent(sym, p->name, sizeof p->name);
  }
  bool ok = true;
  for (size_t i = 0; i < x.numProgs; ++i) /* every clash reported, not only the first */
    ok = cNameFree(&x, i) && ok;
  if (ok && x.numProgs) {
    xnnStrBufAppendCStr(code,
        "/* ==== whole functions (--program): portable ops through libXnnMlir's reference kernels ==== */\n"
        "static void *xnnmlir_program_alloc(size_t bytes) {\n"
        "  size_t size = (bytes + XNN_EXTRA_BYTES + 63) / 64 * 64;\n"
        "  void *p = aligned_alloc(64, size);\n"
        "  if (p)\n    memset(p, 0, size);\n"
        "  return p;\n}\n\n");
    for (size_t i = 0; i < x.numProgs; ++i)
      xnnStrBufAppendf(code,
          "typedef struct %s_program *%s_t;\n"
          "enum xnn_status %s_create(%s_t *program, pthreadpool_t threadpool, const char **error);\n"
          "enum xnn_status %s_run(%s_t program, const void *const inputs[], void *const outputs[], const char **error);\n"
          "void %s_destroy(%s_t program);\n"
          "extern const size_t %s_num_inputs, %s_num_outputs, %s_input_bytes[], %s_output_bytes[];\n"
          "extern const XnnMlirProgramType %s_input_type[], %s_output_type[];\n"
          "extern const char *const %s_input_state[], *const %s_output_state[];\n"
          "extern const long %s_state_output[];\n\n",
          x.progs[i].name, x.progs[i].name, x.progs[i].name, x.progs[i].name, x.progs[i].name, x.progs[i].name,
          x.progs[i].name, x.progs[i].name, x.progs[i].name, x.progs[i].name, x.progs[i].name, x.progs[i].name,
          x.progs[i].name, x.progs[i].name, x.progs[i].name, x.progs[i].name, x.progs[i].name);
  }
  for (size_t i = 0; ok && i < x.numProgs; ++i)
    ok = emitProg(&x, i);
  if (ok)
    *numPrograms = x.numProgs;
  free(x.delegates);
  free(x.progs);
  return ok;
}
