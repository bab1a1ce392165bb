#include "Support/IR.h"

#include "Support/Strings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

MlirStringRef xnnOpName(MlirOperation op) { return mlirIdentifierStr(mlirOperationGetName(op)); }

MlirAttribute xnnOpAttr(MlirOperation op, const char *name) {
  return mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(name));
}
void xnnOpSetAttr(MlirOperation op, const char *name, MlirAttribute attr) {
  mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(name), attr);
}
bool xnnOpRemoveAttr(MlirOperation op, const char *name) {
  MlirStringRef n = mlirStringRefCreateFromCString(name);
  /* Removing rebuilds the attribute dictionary even when `name` is absent;
   * the lookup first is far cheaper on the common absent case. */
  if (mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(op, n)))
    return false;
  return mlirOperationRemoveDiscardableAttributeByName(op, n);
}

/* The attribute `name` of `op` if it is of the kind `isA` accepts, else null. */
static MlirAttribute attrOfKind(MlirOperation op, const char *name, bool (*isA)(MlirAttribute)) {
  MlirAttribute a = xnnOpAttr(op, name);
  return !mlirAttributeIsNull(a) && isA(a) ? a : (MlirAttribute){NULL};
}

bool xnnAttrI64(MlirOperation op, const char *name, int64_t *out) {
  MlirAttribute a = attrOfKind(op, name, mlirAttributeIsAInteger);
  if (!mlirAttributeIsNull(a))
    *out = mlirIntegerAttrGetValueInt(a);
  return !mlirAttributeIsNull(a);
}
/* Float attributes, else integer ones (a bool reads as an integer). */
bool xnnAttrF64(MlirOperation op, const char *name, double *out) {
  MlirAttribute f = attrOfKind(op, name, mlirAttributeIsAFloat);
  int64_t i = 0;
  if (mlirAttributeIsNull(f) && !xnnAttrI64(op, name, &i))
    return false;
  *out = mlirAttributeIsNull(f) ? (double)i : mlirFloatAttrGetValueDouble(f);
  return true;
}
/* Bool attributes are i1 integer attributes: any nonzero integer is true. */
bool xnnAttrBool(MlirOperation op, const char *name, bool *out) {
  int64_t i;
  bool found = xnnAttrI64(op, name, &i);
  if (found)
    *out = i != 0;
  return found;
}
bool xnnAttrString(MlirOperation op, const char *name, MlirStringRef *out) {
  MlirAttribute a = attrOfKind(op, name, mlirAttributeIsAString);
  if (!mlirAttributeIsNull(a))
    *out = mlirStringAttrGetValue(a);
  return !mlirAttributeIsNull(a);
}
bool xnnAttrType(MlirOperation op, const char *name, MlirType *out) {
  MlirAttribute a = attrOfKind(op, name, mlirAttributeIsAType);
  if (!mlirAttributeIsNull(a))
    *out = mlirTypeAttrGetValue(a);
  return !mlirAttributeIsNull(a);
}
bool xnnAttrI64Array(MlirOperation op, const char *name, int64_t *out, intptr_t cap, intptr_t *n) {
  MlirAttribute a = attrOfKind(op, name, mlirAttributeIsADenseI64Array);
  if (mlirAttributeIsNull(a))
    return false;
  *n = mlirDenseArrayGetNumElements(a);
  for (intptr_t i = 0; i < *n && i < cap; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return true;
}

MlirAttribute xnnI64Attr(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}
MlirAttribute xnnF64Attr(MlirContext ctx, double v) {
  return mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), v);
}
MlirAttribute xnnStrAttr(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s));
}
MlirAttribute xnnI64ArrayAttr(MlirContext ctx, const int64_t *v, intptr_t n) {
  return mlirDenseI64ArrayGet(ctx, n, v);
}
MlirNamedAttribute xnnNamed(MlirContext ctx, const char *name, MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), attr);
}

static void readTypeInfo(MlirType t, XnnTypeInfo *info) {
  memset(info, 0, sizeof(*info));
  info->rank = -1;
  if (!mlirTypeIsAShaped(t))
    return;
  info->elem = mlirShapedTypeGetElementType(t);
  info->rankedTensor = mlirTypeIsARankedTensor(t);
  if (!mlirShapedTypeHasRank(t))
    return;
  info->staticShape = mlirShapedTypeHasStaticShape(t);
  info->rank = mlirShapedTypeGetRank(t);
  for (intptr_t i = 0; i < info->rank && i < XNN_IR_MAX_RANK; ++i)
    info->dims[i] = mlirShapedTypeGetDimSize(t, i);
}

/* Direct-mapped, per thread; an entry is valid only in the scope (generation)
 * that filled it, so a type address reused by a later context never hits. */
enum { TYPE_CACHE_SIZE = 64 };
typedef struct TypeCacheEntry {
  const void *type;
  unsigned generation;
  XnnTypeInfo info;
} TypeCacheEntry;
static _Thread_local unsigned typeCacheDepth, typeCacheGeneration;
static _Thread_local TypeCacheEntry typeCache[TYPE_CACHE_SIZE];

void xnnTypeCacheEnter(void) {
  if (typeCacheDepth++ == 0 && ++typeCacheGeneration == 0)
    typeCacheGeneration = 1; /* 0 marks never-filled entries */
}
void xnnTypeCacheExit(void) {
  if (typeCacheDepth)
    --typeCacheDepth;
}

/* The cached facts of t; valid until this thread's next lookup. */
static const XnnTypeInfo *typeInfoRef(MlirType t) {
  static _Thread_local XnnTypeInfo scratch;
  if (!typeCacheDepth || mlirTypeIsNull(t)) {
    readTypeInfo(t, &scratch);
    return &scratch;
  }
  TypeCacheEntry *e = &typeCache[((uintptr_t)t.ptr >> 4) % TYPE_CACHE_SIZE];
  if (e->type != t.ptr || e->generation != typeCacheGeneration) {
    readTypeInfo(t, &e->info);
    e->type = t.ptr;
    e->generation = typeCacheGeneration;
  }
  return &e->info;
}

XnnTypeInfo xnnTypeInfo(MlirType t) { return *typeInfoRef(t); }

MlirType xnnValueElemType(MlirValue v) { return typeInfoRef(mlirValueGetType(v))->elem; }
intptr_t xnnValueRank(MlirValue v) {
  const XnnTypeInfo *t = typeInfoRef(mlirValueGetType(v));
  return t->rankedTensor ? t->rank : -1;
}
intptr_t xnnValueShape(MlirValue v, int64_t *dims) {
  const XnnTypeInfo *t = typeInfoRef(mlirValueGetType(v));
  if (!t->rankedTensor)
    return -1;
  for (intptr_t i = 0; i < t->rank && i < XNN_IR_MAX_RANK; ++i)
    dims[i] = t->dims[i];
  return t->rank;
}
int64_t xnnValueNumElements(MlirValue v) {
  MlirType type = mlirValueGetType(v);
  const XnnTypeInfo *t = typeInfoRef(type);
  if (!t->rankedTensor)
    return -1;
  int64_t n = 1;
  for (intptr_t i = 0; i < t->rank; ++i)
    if (__builtin_mul_overflow(n, i < XNN_IR_MAX_RANK ? t->dims[i] : mlirShapedTypeGetDimSize(type, i), &n))
      return -1; /* passes run before (or without) the verifier see such types too */
  return n;
}
MlirType xnnTensorType(const int64_t *dims, intptr_t rank, MlirType elem) {
  return mlirRankedTensorTypeGet(rank, dims, elem, mlirAttributeGetNull());
}
MlirType xnnTensorWithElem(MlirType t, MlirType elem) {
  const XnnTypeInfo *info = typeInfoRef(t);
  intptr_t r = info->rank;
  int64_t dims[64];
  for (intptr_t i = 0; i < r && i < 64; ++i)
    dims[i] = i < XNN_IR_MAX_RANK ? info->dims[i] : mlirShapedTypeGetDimSize(t, i);
  return mlirRankedTensorTypeGet(r, dims, elem, mlirAttributeGetNull());
}
bool xnnIsFloatType(MlirType t) {
  return !mlirTypeIsNull(t) &&
         (mlirTypeIsAF32(t) || mlirTypeIsAF16(t) || mlirTypeIsABF16(t) || mlirTypeIsAF64(t));
}

static const char *const kQuantNames[] = {"", "qdint8", "qcint8", "qcint4", "qbint4", "qint8", "qcint32"};

static bool strRefIs(MlirStringRef s, const char *c) {
  size_t n = strlen(c);
  return s.length == n && !memcmp(s.data, c, n);
}

/* The qint8 encoding dictionary's parameters, if well formed. */
static bool qint8Dict(MlirAttribute e, float *scale, int64_t *zeroPoint) {
  if (mlirAttributeIsNull(e) || !mlirAttributeIsADictionary(e) || mlirDictionaryAttrGetNumElements(e) != 3)
    return false;
  MlirAttribute kind = mlirDictionaryAttrGetElementByName(e, mlirStringRefCreateFromCString("kind"));
  MlirAttribute sc = mlirDictionaryAttrGetElementByName(e, mlirStringRefCreateFromCString("scale"));
  MlirAttribute zp = mlirDictionaryAttrGetElementByName(e, mlirStringRefCreateFromCString("zero_point"));
  if (mlirAttributeIsNull(kind) || !mlirAttributeIsAString(kind) || !strRefIs(mlirStringAttrGetValue(kind), "qint8"))
    return false;
  if (mlirAttributeIsNull(sc) || !mlirAttributeIsAFloat(sc) || !mlirTypeIsAF32(mlirAttributeGetType(sc)))
    return false;
  if (mlirAttributeIsNull(zp) || !mlirAttributeIsAInteger(zp) || !mlirTypeIsAInteger(mlirAttributeGetType(zp)) ||
      mlirIntegerTypeGetWidth(mlirAttributeGetType(zp)) != 64 || mlirIntegerTypeIsUnsigned(mlirAttributeGetType(zp)))
    return false;
  float s = (float)mlirFloatAttrGetValueDouble(sc);
  int64_t z = mlirIntegerAttrGetValueInt(zp);
  if (!(s > 0.0f) || !isfinite(s) || !isnormal(s) || z < -128 || z > 127)
    return false;
  if (scale)
    *scale = s;
  if (zeroPoint)
    *zeroPoint = z;
  return true;
}

int xnnQuantEncoding(MlirType t) {
  if (mlirTypeIsNull(t) || !mlirTypeIsARankedTensor(t))
    return XNN_QUANT_NONE;
  MlirAttribute e = mlirRankedTensorTypeGetEncoding(t);
  if (mlirAttributeIsNull(e))
    return XNN_QUANT_NONE;
  if (mlirAttributeIsADictionary(e))
    return qint8Dict(e, NULL, NULL) ? XNN_QUANT_QINT8 : XNN_QUANT_OTHER;
  if (!mlirAttributeIsAString(e))
    return XNN_QUANT_OTHER;
  MlirStringRef s = mlirStringAttrGetValue(e);
  for (int i = 1; i <= XNN_QUANT_QCINT32; ++i)
    if (i != XNN_QUANT_QINT8 && strRefIs(s, kQuantNames[i]))
      return i;
  return XNN_QUANT_OTHER;
}

const char *xnnQuantName(int quant) {
  return quant >= XNN_QUANT_NONE && quant <= XNN_QUANT_QCINT32 ? kQuantNames[quant] : "(unknown)";
}

MlirType xnnQInt8TensorType(MlirContext ctx, const int64_t *dims, intptr_t rank, float scale, int64_t zeroPoint) {
  MlirNamedAttribute a[3] = {
      xnnNamed(ctx, "kind", xnnStrAttr(ctx, "qint8")),
      xnnNamed(ctx, "scale", mlirFloatAttrDoubleGet(ctx, mlirF32TypeGet(ctx), (double)scale)),
      xnnNamed(ctx, "zero_point", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), zeroPoint)),
  };
  return mlirRankedTensorTypeGet(rank, dims, mlirIntegerTypeGet(ctx, 8), mlirDictionaryAttrGet(ctx, 3, a));
}

bool xnnQInt8Params(MlirType t, float *scale, int64_t *zeroPoint) {
  if (mlirTypeIsNull(t) || !mlirTypeIsARankedTensor(t))
    return false;
  MlirType e = mlirShapedTypeGetElementType(t);
  if (!mlirTypeIsAInteger(e) || mlirIntegerTypeGetWidth(e) != 8)
    return false;
  return qint8Dict(mlirRankedTensorTypeGetEncoding(t), scale, zeroPoint);
}

MlirOperation xnnBuildOp(const char *name, MlirLocation loc, intptr_t nOperands,
                         const MlirValue *operands, intptr_t nResults, const MlirType *results,
                         intptr_t nAttrs, const MlirNamedAttribute *attrs) {
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  if (nOperands)
    mlirOperationStateAddOperands(&state, nOperands, operands);
  if (nResults)
    mlirOperationStateAddResults(&state, nResults, results);
  if (nAttrs)
    mlirOperationStateAddAttributes(&state, nAttrs, attrs);
  return mlirOperationCreate(&state);
}

void xnnInsertBefore(MlirOperation anchor, MlirOperation op) {
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, op);
}
void xnnInsertAfter(MlirOperation anchor, MlirOperation op) {
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(anchor), anchor, op);
}

MlirValue xnnInsertUnitSlice(MlirOperation anchor, MlirValue x, int64_t dim, int64_t at) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  int64_t dims[XNN_IR_MAX_RANK];
  intptr_t rank = xnnValueShape(x, dims);
  dims[dim] = 1;
  MlirType type = xnnTensorType(dims, rank, xnnValueElemType(x));
  MlirNamedAttribute attrs[] = {
      xnnNamed(ctx, "dim", xnnI64Attr(ctx, dim)),
      xnnNamed(ctx, "start", xnnI64Attr(ctx, at)),
      xnnNamed(ctx, "end", xnnI64Attr(ctx, at + 1)),
      xnnNamed(ctx, "step", xnnI64Attr(ctx, 1)),
  };
  MlirOperation s = xnnBuildOp("edge.slice", mlirOperationGetLocation(anchor), 1, &x, 1, &type, 4, attrs);
  xnnInsertBefore(anchor, s);
  return mlirOperationGetResult(s, 0);
}

bool xnnValueHasUses(MlirValue v) { return !mlirOpOperandIsNull(mlirValueGetFirstUse(v)); }
size_t xnnValueNumUses(MlirValue v) {
  size_t n = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u))
    ++n;
  return n;
}
bool xnnOpIsDead(MlirOperation op) {
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i)
    if (xnnValueHasUses(mlirOperationGetResult(op, i)))
      return false;
  return true;
}
MlirOperation xnnDefiningOp(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

MlirOperation *xnnBlockOps(MlirBlock block, size_t *n) {
  size_t cap = 64, count = 0;
  MlirOperation *ops = malloc(cap * sizeof(MlirOperation));
  if (!ops)
    abort();
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (count == cap && !(ops = realloc(ops, (cap *= 2) * sizeof(MlirOperation))))
      abort();
    ops[count++] = op;
  }
  *n = count;
  return ops;
}

MlirBlock xnnFuncBody(MlirOperation func) {
  if (mlirOperationGetNumRegions(func) < 1)
    return (MlirBlock){NULL};
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

MlirLocation xnnFuncArgLoc(MlirOperation func, size_t i) {
  MlirBlock entry = xnnFuncBody(func);
  if (!mlirBlockIsNull(entry) && (intptr_t)i < mlirBlockGetNumArguments(entry))
    return mlirValueGetLocation(mlirBlockGetArgument(entry, (intptr_t)i));
  return mlirOperationGetLocation(func);
}

char *xnnTypeToString(MlirType t) {
  XnnStrBuf b = {0};
  mlirTypePrint(t, xnnStrBufCallback, &b);
  char *s = strdup(b.data ? b.data : "?");
  xnnStrBufFree(&b);
  if (!s)
    abort();
  return s;
}

bool xnnIsDelegateFunc(MlirOperation op) {
  return xnnOpIs(op, "func.func") && !mlirAttributeIsNull(xnnOpAttr(op, "xnn.delegate"));
}

bool xnnForEachDelegate(MlirOperation op, bool (*fn)(MlirOperation func, const void *cfg), const void *cfg) {
  if (xnnIsDelegateFunc(op))
    return fn(op, cfg);
  if (!xnnOpIs(op, "builtin.module"))
    return true;
  size_t n = 0;
  MlirOperation *top = xnnBlockOps(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)), &n);
  bool ok = true;
  for (size_t i = 0; i < n; ++i)
    if (xnnIsDelegateFunc(top[i]))
      ok = fn(top[i], cfg) && ok;
  free(top);
  return ok;
}

void xnnForEachEdgeOp(MlirOperation op, const char *name, void (*fn)(MlirOperation op, void *ctx), void *ctx) {
  if (xnnIsDelegateFunc(op))
    return;
  for (intptr_t r = 0, nr = mlirOperationGetNumRegions(op); r < nr; ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      size_t n = 0;
      MlirOperation *ops = xnnBlockOps(b, &n);
      for (size_t i = 0; i < n; ++i) {
        if (mlirOperationGetNumRegions(ops[i]) > 0)
          xnnForEachEdgeOp(ops[i], name, fn, ctx);
        else if (xnnOpIs(ops[i], name))
          fn(ops[i], ctx);
      }
      free(ops);
    }
}

static MlirAttribute funcDictAttr(MlirOperation func, const char *listName, intptr_t i,
                                  const char *name) {
  MlirAttribute list =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString(listName));
  if (mlirAttributeIsNull(list) || !mlirAttributeIsAArray(list) || i < 0 ||
      i >= mlirArrayAttrGetNumElements(list))
    return mlirAttributeGetNull();
  MlirAttribute dict = mlirArrayAttrGetElement(list, i);
  if (mlirAttributeIsNull(dict) || !mlirAttributeIsADictionary(dict))
    return mlirAttributeGetNull();
  return mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString(name));
}
MlirAttribute xnnFuncArgAttr(MlirOperation func, intptr_t i, const char *name) {
  return funcDictAttr(func, "arg_attrs", i, name);
}
MlirAttribute xnnFuncResultAttr(MlirOperation func, intptr_t i, const char *name) {
  return funcDictAttr(func, "res_attrs", i, name);
}

bool xnnIsCopyOp(MlirOperation op) {
  return !mlirOperationIsNull(op) &&
         (xnnOpIs(op, "edge.to_copy") || xnnOpIs(op, "edge.to_dim_order_copy")) &&
         mlirOperationGetNumOperands(op) == 1 && mlirOperationGetNumResults(op) == 1;
}
bool xnnCopyChangesDtype(MlirOperation op) {
  MlirType a = xnnValueElemType(mlirOperationGetOperand(op, 0));
  MlirType b = xnnValueElemType(mlirOperationGetResult(op, 0));
  return mlirTypeIsNull(a) || mlirTypeIsNull(b) || !mlirTypeEqual(a, b);
}
XnnLayout xnnCopyTargetLayout(MlirOperation op) {
  MlirStringRef mf;
  if (xnnOpIs(op, "edge.to_copy")) {
    if (!xnnAttrString(op, "memory_format", &mf) || xnnStrRefEquals(mf, "preserve"))
      return XNN_LAYOUT_PRESERVE;
    return xnnStrRefEquals(mf, "channels_last") ? XNN_LAYOUT_NHWC
           : xnnStrRefEquals(mf, "contiguous")  ? XNN_LAYOUT_NCHW
                                                : XNN_LAYOUT_OTHER;
  }
  int64_t order[XNN_IR_MAX_RANK];
  intptr_t n = 0;
  if (!xnnAttrI64Array(op, "dim_order", order, XNN_IR_MAX_RANK, &n))
    return XNN_LAYOUT_PRESERVE;
  if (n > XNN_IR_MAX_RANK)
    return XNN_LAYOUT_OTHER;
  bool identity = true;
  for (intptr_t i = 0; i < n; ++i)
    identity = identity && order[i] == i;
  if (identity)
    return XNN_LAYOUT_NCHW;
  if (n == 4 && order[0] == 0 && order[1] == 2 && order[2] == 3 && order[3] == 1)
    return XNN_LAYOUT_NHWC;
  return XNN_LAYOUT_OTHER;
}
static XnnLayout layoutFromTag(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) &&
                 xnnStrRefEquals(mlirStringAttrGetValue(a), "NHWC")
             ? XNN_LAYOUT_NHWC
             : XNN_LAYOUT_NCHW;
}
XnnLayout xnnValueLayout(MlirValue v) {
  for (;;) {
    if (mlirValueIsABlockArgument(v)) {
      MlirBlock owner = mlirBlockArgumentGetOwner(v);
      MlirOperation parent = mlirBlockGetParentOperation(owner);
      if (mlirOperationIsNull(parent) || !xnnOpIs(parent, "func.func") ||
          !mlirBlockEqual(xnnFuncBody(parent), owner))
        return XNN_LAYOUT_NCHW;
      return layoutFromTag(xnnFuncArgAttr(parent, mlirBlockArgumentGetArgNumber(v), "xnn.layout"));
    }
    MlirOperation def = mlirOpResultGetOwner(v);
    if (!xnnIsCopyOp(def))
      return layoutFromTag(xnnOpAttr(def, "xnn.layout"));
    XnnLayout l = xnnCopyTargetLayout(def);
    if (l != XNN_LAYOUT_PRESERVE)
      return l;
    v = mlirOperationGetOperand(def, 0);
  }
}

MlirOperation xnnLookupSymbol(MlirOperation symbolTableOp, MlirStringRef name) {
  MlirSymbolTable table = mlirSymbolTableCreate(symbolTableOp);
  if (mlirSymbolTableIsNull(table))
    return (MlirOperation){NULL};
  MlirOperation op = mlirSymbolTableLookup(table, name);
  mlirSymbolTableDestroy(table);
  return op;
}
