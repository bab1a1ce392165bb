/* IR helpers for passes: quiet (they never emit diagnostics), null-safe
 * accessors and builders over the MLIR C API. Verifier-side helpers that
 * report errors live in lib/Ops/VerifyUtil.h. */
#ifndef XNNMLIR_LIB_SUPPORT_IR_H
#define XNNMLIR_LIB_SUPPORT_IR_H

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define XNN_IR_MAX_RANK 8

/* The op's name; true if it equals `name` / starts with `prefix`. Inline so
 * that a literal's length and compare fold at the call site (hot on 10^5 ops). */
MlirStringRef xnnOpName(MlirOperation op);
static inline bool xnnOpIs(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t len = strlen(name);
  return n.length == len && !memcmp(n.data, name, len);
}
static inline bool xnnOpHasPrefix(MlirOperation op, const char *prefix) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t len = strlen(prefix);
  return n.length >= len && !memcmp(n.data, prefix, len);
}

/* Attribute access by name (IRDL ops keep every attribute discardable). */
MlirAttribute xnnOpAttr(MlirOperation op, const char *name);
void xnnOpSetAttr(MlirOperation op, const char *name, MlirAttribute attr);
bool xnnOpRemoveAttr(MlirOperation op, const char *name);
/* Typed reads; return false if absent or of another kind (out untouched). */
bool xnnAttrI64(MlirOperation op, const char *name, int64_t *out);
bool xnnAttrF64(MlirOperation op, const char *name, double *out);
bool xnnAttrBool(MlirOperation op, const char *name, bool *out);
bool xnnAttrString(MlirOperation op, const char *name, MlirStringRef *out);
bool xnnAttrType(MlirOperation op, const char *name, MlirType *out);
/* array<i64>: copies up to `cap` entries, sets *n to the full length. */
bool xnnAttrI64Array(MlirOperation op, const char *name, int64_t *out, intptr_t cap, intptr_t *n);

/* Attribute builders. */
MlirAttribute xnnI64Attr(MlirContext ctx, int64_t v);
MlirAttribute xnnF64Attr(MlirContext ctx, double v);
MlirAttribute xnnStrAttr(MlirContext ctx, const char *s);
MlirAttribute xnnI64ArrayAttr(MlirContext ctx, const int64_t *v, intptr_t n);
MlirNamedAttribute xnnNamed(MlirContext ctx, const char *name, MlirAttribute attr);

/* What passes ask of a type, read through MLIR's ShapedType interface once
 * per distinct type inside a cache scope. */
typedef struct XnnTypeInfo {
  bool rankedTensor;
  bool staticShape;
  intptr_t rank; /* -1 if unranked or not shaped */
  int64_t dims[XNN_IR_MAX_RANK]; /* the first min(rank, XNN_IR_MAX_RANK) dims */
  MlirType elem; /* null if not shaped */
} XnnTypeInfo;
XnnTypeInfo xnnTypeInfo(MlirType t);
/* Scopes in which the current thread may cache type facts (types live as long
 * as their context, which outlives a pass run or a verification). Nest. */
void xnnTypeCacheEnter(void);
void xnnTypeCacheExit(void);

/* Tensor type helpers (for non-tensors: rank -1, null element type). */
MlirType xnnValueElemType(MlirValue v);
intptr_t xnnValueRank(MlirValue v);
/* Copies the static shape of v (up to XNN_IR_MAX_RANK dims); returns rank or -1. */
intptr_t xnnValueShape(MlirValue v, int64_t *dims);
/* Element count; -1 if not a ranked tensor or if the count overflows int64. */
int64_t xnnValueNumElements(MlirValue v);
MlirType xnnTensorType(const int64_t *dims, intptr_t rank, MlirType elem);
/* Same shape as `t`, other element type. */
MlirType xnnTensorWithElem(MlirType t, MlirType elem);
bool xnnIsFloatType(MlirType t); /* f32, f16, bf16, f64 */
/* The quantization a ranked tensor type's encoding names (xnn dialect,
 * numbered as XnnMlirEmitQuant): 0 no encoding (or not a ranked tensor),
 * 1 "qdint8", 2 "qcint8", 3 "qcint4", 4 "qbint4", 5 qint8 (the dictionary
 * {kind = "qint8", scale = <f32>, zero_point = <i64>} with a positive normal
 * finite scale and a zero point in [-128, 127]: static per-tensor int8),
 * 6 "qcint32" (channelwise int32 bias), -1 any other encoding (a malformed
 * qint8 dictionary included). */
enum { XNN_QUANT_NONE = 0, XNN_QUANT_QDINT8, XNN_QUANT_QCINT8, XNN_QUANT_QCINT4, XNN_QUANT_QBINT4,
       XNN_QUANT_QINT8, XNN_QUANT_QCINT32, XNN_QUANT_OTHER = -1 };
int xnnQuantEncoding(MlirType t);
/* The row counts the linked XNNPACK's qbint4 fully connected computes right
 * (docs/src/quantized-xnnpack-probe.md, (b) and (e)): its largest qb4w GEMM
 * tile has XNN_QB4W_MAX_MR = 14 rows (14x16c8, AVX-512 VNNI + GFNI) and it
 * reads the per-row quantization parameters of the whole tile, while the
 * runtime holds XNN_EXTRA_QUANTIZATION_PARAMS = 10 beyond the last row: a
 * last tile of 1-3 rows after other rows reads past them and was measured
 * wrong (M = 2, 3, 15-17, 29-31). One row runs the 1-row kernel. So M is
 * right when M == 1 or M % 14 is 0 or at least 4; this returns the smallest
 * such count >= rows (the lowering pads the rows up to it). */
#define XNN_QB4W_MAX_MR 14
#define XNN_QB4W_EXTRA_PARAMS 10
static inline int64_t xnnQb4wSafeRows(int64_t rows) {
  int64_t last = rows % XNN_QB4W_MAX_MR;
  if (rows <= 1 || last == 0 || last >= XNN_QB4W_MAX_MR - XNN_QB4W_EXTRA_PARAMS)
    return rows;
  return rows - last + (XNN_QB4W_MAX_MR - XNN_QB4W_EXTRA_PARAMS);
}
const char *xnnQuantName(int quant); /* "qdint8", ...; "" for none */
/* tensor<dims x i8, {kind = "qint8", scale = scale : f32, zero_point = zeroPoint : i64}>
 * (no check of the parameters: see xnnQInt8Params). */
MlirType xnnQInt8TensorType(MlirContext ctx, const int64_t *dims, intptr_t rank, float scale, int64_t zeroPoint);
/* True iff `t` is a ranked i8 tensor whose encoding is a well-formed qint8
 * dictionary (exactly the keys kind, scale, zero_point; scale an f32 positive
 * normal finite float; zero_point an i64 in [-128, 127]); then sets *scale
 * and *zeroPoint (either may be NULL). */
bool xnnQInt8Params(MlirType t, float *scale, int64_t *zeroPoint);

/* Creates an op (not inserted). Results, operands and attributes as given. */
MlirOperation xnnBuildOp(const char *name, MlirLocation loc, intptr_t nOperands,
                         const MlirValue *operands, intptr_t nResults, const MlirType *results,
                         intptr_t nAttrs, const MlirNamedAttribute *attrs);
/* Inserts `op` right before / after `anchor` in anchor's block. */
void xnnInsertBefore(MlirOperation anchor, MlirOperation op);
void xnnInsertAfter(MlirOperation anchor, MlirOperation op);
/* edge.slice of `x` keeping index `at` of dim `dim` (size 1 there), inserted
 * before `anchor` with its location; returns the slice's result. */
MlirValue xnnInsertUnitSlice(MlirOperation anchor, MlirValue x, int64_t dim, int64_t at);

/* Use queries. */
bool xnnValueHasUses(MlirValue v);
size_t xnnValueNumUses(MlirValue v);
/* True if no result of `op` has a use. */
bool xnnOpIsDead(MlirOperation op);
/* The op defining `v`, or a null op for block arguments. */
MlirOperation xnnDefiningOp(MlirValue v);

/* Ops of `block` in order, into a malloc'd array (caller frees); *n = count.
 * Lets passes mutate the block while iterating a stable snapshot. */
MlirOperation *xnnBlockOps(MlirBlock block, size_t *n);
/* The op named `name` in the symbol table of `symbolTableOp` (a module), or a
 * null op. Builds the table each call: cache it when looking up many names. */
MlirOperation xnnLookupSymbol(MlirOperation symbolTableOp, MlirStringRef name);
/* The entry block of a func.func (null block if none). */
MlirBlock xnnFuncBody(MlirOperation func);
/* The location of argument `i` of a func.func, or the function's own when it
 * has no such block argument: where diagnostics about one argument point. */
MlirLocation xnnFuncArgLoc(MlirOperation func, size_t i);
/* `t` printed, in a malloc'd string the caller frees (aborts when out of memory). */
char *xnnTypeToString(MlirType t);
/* True for a delegate function: func.func carrying `xnn.delegate`. */
bool xnnIsDelegateFunc(MlirOperation op);
/* Runs `fn` on `op` if it is a delegate function, else on every delegate
 * function directly in `op` (a module); false if any call returned false
 * (all still run). How the per-delegate passes anchor on func or module. */
bool xnnForEachDelegate(MlirOperation op, bool (*fn)(MlirOperation func, const void *cfg), const void *cfg);
/* Calls fn on every op named `name` nested in `op`, in block order, outside
 * delegate functions (the edge graph before or beside them). Each block is
 * walked over a snapshot, so fn may erase the op it gets or insert ops. */
void xnnForEachEdgeOp(MlirOperation op, const char *name, void (*fn)(MlirOperation op, void *ctx), void *ctx);
/* Attribute `name` of argument / result #i of a func.func (from its
 * `arg_attrs` / `res_attrs` dictionaries), or a null attribute. */
MlirAttribute xnnFuncArgAttr(MlirOperation func, intptr_t i, const char *name);
MlirAttribute xnnFuncResultAttr(MlirOperation func, intptr_t i, const char *name);

/* Memory-format copies and layout tags (SPEC 4, xnn-tag-channels-last). A
 * copy is edge.to_copy or edge.to_dim_order_copy; it changes dtype when its
 * result element type differs from its operand's. */
typedef enum XnnLayout {
  XNN_LAYOUT_NCHW,     /* contiguous (also: untagged, any rank) */
  XNN_LAYOUT_NHWC,     /* channels_last / dim_order [0,2,3,1] */
  XNN_LAYOUT_OTHER,    /* some other dim_order permutation */
  XNN_LAYOUT_PRESERVE, /* copy target only: keeps the operand's layout */
} XnnLayout;
bool xnnIsCopyOp(MlirOperation op);
bool xnnCopyChangesDtype(MlirOperation op);
/* Layout a copy's result gets from its memory_format / dim_order attribute
 * (absent / "preserve" = XNN_LAYOUT_PRESERVE). */
XnnLayout xnnCopyTargetLayout(MlirOperation op);
/* Layout of a value: copies by their target (preserving ones: their input's),
 * other ops by their `xnn.layout` tag, func.func arguments by their `xnn.layout`
 * argument attribute; "NHWC" = NHWC, absent or anything else = NCHW. */
XnnLayout xnnValueLayout(MlirValue v);

#endif
