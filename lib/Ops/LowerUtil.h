/* Internal to lib/Ops: what the op family files' lowerings share beyond the
 * public lowering API (Lower.h): the lowering context, attribute caches and
 * helpers that several families build their xnn ops with (lib/Ops/Lower.c). */
#ifndef XNNMLIR_LIB_OPS_LOWERUTIL_H
#define XNNMLIR_LIB_OPS_LOWERUTIL_H

#include "Ops/Capability.h"
#include "Ops/Lower.h"
#include "Support/Elements.h"
#include "Support/IR.h"
#include "Support/PtrMap.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Attribute names and string values come from string literals and the
 * capability table: cache their uniqued forms by pointer, so each op does not
 * pay a locked context lookup per attribute. */
enum { LOWER_CACHE_SLOTS = 64 };
typedef struct LowerCacheEntry {
  const char *key;
  MlirAttribute attr;
  MlirIdentifier ident;
} LowerCacheEntry;

/* A constant materialised in the delegate: edge.constant `def` in element
 * type `elem`, dims permuted by `perm` (rank entries; none: as stored), NHWC
 * when tagged so. Consumers wanting the same form share it. */
typedef struct LowerConstant {
  const void *def, *elem;
  bool permuted, nhwc;
  int64_t perm[XNN_ELEMENTS_MAX_RANK];
  MlirValue value;
  size_t next; /* next entry of the same def + 1; 0: none */
} LowerConstant;

struct XnnLowerCtx {
  MlirContext ctx;
  bool failed;
  bool bf16InF32; /* relaxed bf16: every bf16 op computes in f32 */
  LowerCacheEntry strAttrs[LOWER_CACHE_SLOTS], idents[LOWER_CACHE_SLOTS];
  LowerConstant *constants; /* materialised constants */
  size_t numConstants, capConstants;
  XnnPtrMap constantsByDef;   /* edge.constant -> index + 1 of its last entry */
  XnnPtrMap constantValues;   /* value of an entry -> 1 */
};

static inline LowerCacheEntry *lowerCacheSlot(LowerCacheEntry *table, const char *key) {
  size_t h = ((uintptr_t)key >> 3) & (LOWER_CACHE_SLOTS - 1);
  return &table[h];
}

static inline MlirAttribute lowerStrAttr(XnnLowerCtx *L, const char *s) {
  LowerCacheEntry *e = lowerCacheSlot(L->strAttrs, s);
  if (e->key != s) {
    e->key = s;
    e->attr = xnnStrAttr(L->ctx, s);
  }
  return e->attr;
}

static inline MlirNamedAttribute lowerNamed(XnnLowerCtx *L, const char *name, MlirAttribute attr) {
  LowerCacheEntry *e = lowerCacheSlot(L->idents, name);
  if (e->key != name) {
    e->key = name;
    e->ident = mlirIdentifierGet(L->ctx, mlirStringRefCreateFromCString(name));
  }
  return mlirNamedAttributeGet(e->ident, attr);
}

/* The xnn node kind of a capability row: "binary.add" -> "add". */
static inline const char *nodeKind(const XnnCapability *cap) {
  const char *dot = strchr(cap->node, '.');
  return dot ? dot + 1 : cap->node;
}

/* Logical NCHW <-> physical NHWC dims: physical dim i = logical dim xnnLowerToNHWC[i]. */
extern const int64_t xnnLowerToNHWC[4], xnnLowerToNCHW[4];

/* An xnn.constant of f32 data `v` (`count` elements; splat if count is 1 and
 * the shape holds more) of shape dims/rank, converted to `elem`. */
MlirValue xnnLowerF32Constant(XnnLowerCtx *L, MlirOperation op, const float *v, int64_t count,
                              const int64_t *dims, intptr_t rank, MlirType elem);
/* A one-element constant of `like`'s dtype that broadcasts against it without growing it. */
MlirValue xnnLowerScalar(XnnLowerCtx *L, MlirOperation op, MlirValue like, float v);
/* An elided constant of type `vt` with element type `elem`, dims permuted by `perm`. */
MlirValue xnnLowerElidedConstant(XnnLowerCtx *L, MlirOperation op, MlirAttribute elided, XnnTypeInfo vt,
                                 MlirType elem, const int64_t *perm, bool nhwc);
/* Constant operand `idx` widened to f32 in `e`; an elided payload sets *elided
 * and leaves e->data NULL; false (located error) if it cannot be read. */
bool xnnLowerConstantF32(XnnLowerCtx *L, MlirOperation op, intptr_t idx, XnnElements *e,
                         MlirAttribute *elided);
/* A compile-time f32 result: `v`, or an elided constant of that type when `elided` is set. */
MlirValue xnnLowerFoldedConstant(XnnLowerCtx *L, MlirOperation op, const float *v, int64_t count,
                                 const int64_t *dims, intptr_t rank, MlirAttribute elided);
/* xnn.binary / xnn.unary of `kind`; a binary's type is the broadcast shape in a's dtype. */
MlirValue xnnLowerBinaryOf(XnnLowerCtx *L, MlirOperation op, const char *kind, MlirValue a, MlirValue b);
MlirValue xnnLowerUnaryOf(XnnLowerCtx *L, MlirOperation op, const char *kind, MlirValue a);
/* 1 / sqrt(x) as ATen computes it (f32: divide by square_root; else XNNPACK's node). */
MlirValue xnnLowerRsqrtOf(XnnLowerCtx *L, MlirOperation op, MlirValue x);
/* Concatenation of vs[0..n) along `axis` (folded in groups of up to 5); n == 1 gives vs[0]. */
MlirValue xnnLowerConcatAlong(XnnLowerCtx *L, MlirOperation op, const MlirValue *vs, intptr_t n,
                              int64_t axis, MlirType elem);
/* `v` (size 1 along `axis`) repeated `times` times along it, O(log times) concatenations. */
MlirValue xnnLowerRepeatAlong(XnnLowerCtx *L, MlirOperation op, MlirValue v, int64_t axis, int64_t times,
                              MlirType elem);

#endif
