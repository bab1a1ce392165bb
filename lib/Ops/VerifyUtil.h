/* Internal helpers shared by the per-family op verifiers (lib/Ops/<family>.c).
 *
 * Every helper that can fail emits a located error itself, worded
 * "'<op name>' op <message>", and returns false (or XNN_ATTR_BAD). None of
 * them crashes on malformed IR: wrong operand counts, non-tensor types,
 * missing or wrongly kinded attributes are all reported, never assumed. */
#ifndef XNNMLIR_LIB_OPS_VERIFYUTIL_H
#define XNNMLIR_LIB_OPS_VERIFYUTIL_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Tensors of a higher rank are rejected (keeps fixed-size shape buffers safe). */
#define XNN_VERIFY_MAX_RANK 32
/* XNN_MAX_TENSOR_DIMS of the pinned xnnpack.h. */
#define XNN_VERIFY_XNN_MAX_RANK 6

/* Element type kinds, as a bit mask. */
enum {
  XNN_ET_F32 = 1u << 0,
  XNN_ET_F16 = 1u << 1,
  XNN_ET_BF16 = 1u << 2,
  XNN_ET_I64 = 1u << 3,
  XNN_ET_I32 = 1u << 4,
  XNN_ET_I1 = 1u << 5,
  XNN_ET_I8 = 1u << 6, /* quantized values: the q/dq ops, constants, quantized xnn values (not in XNN_ET_ALL) */
};
#define XNN_ET_FLOAT (XNN_ET_F32 | XNN_ET_F16 | XNN_ET_BF16)
#define XNN_ET_INT (XNN_ET_I64 | XNN_ET_I32)
#define XNN_ET_NUMERIC (XNN_ET_FLOAT | XNN_ET_INT)
#define XNN_ET_ALL (XNN_ET_NUMERIC | XNN_ET_I1)

/* A verified ranked, statically shaped tensor type. */
typedef struct XnnTensor {
  MlirType type;
  MlirType elem;
  unsigned kind; /* one XNN_ET_* bit */
  intptr_t rank;
  int64_t dims[XNN_VERIFY_MAX_RANK];
} XnnTensor;

typedef enum XnnAttrStatus {
  XNN_ATTR_ABSENT = 0,
  XNN_ATTR_OK = 1,
  XNN_ATTR_BAD = 2, /* present with the wrong kind or value: error emitted */
} XnnAttrStatus;

/* Emits "'<op name>' op <formatted message>" at the op's location. */
void xnnOpError(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prints a type / attribute into buf (truncated to n-1 chars); returns buf. */
const char *xnnTypeStr(MlirType t, char *buf, size_t n);
const char *xnnAttrStr(MlirAttribute a, char *buf, size_t n);

/* XNN_ET_* bit of an element type, 0 if none of the supported ones. */
unsigned xnnElemKind(MlirType elem);
/* "f32, f16, bf16" style list of the kinds in a mask, written into buf. */
const char *xnnElemMaskStr(unsigned mask, char *buf, size_t n);

/* Checks the operand / result counts (max < 0: unbounded). */
bool xnnCheckNumOperands(MlirOperation op, intptr_t min, intptr_t max);
bool xnnCheckNumResults(MlirOperation op, intptr_t n);

/* Checks that `t` is a ranked, static tensor of rank <= maxRank with an
 * element type in `mask`; fills *out. `what` names the value in messages,
 * e.g. "operand #0 ('a')" or "result". */
bool xnnCheckTensor(MlirOperation op, MlirType t, const char *what,
                    unsigned mask, intptr_t maxRank, XnnTensor *out);
/* Same for operand `idx` (named `name`) and result `idx`. */
bool xnnOperandTensor(MlirOperation op, intptr_t idx, const char *name,
                      unsigned mask, intptr_t maxRank, XnnTensor *out);
bool xnnResultTensor(MlirOperation op, intptr_t idx, unsigned mask,
                     intptr_t maxRank, XnnTensor *out);

/* One operand of a fixed-arity op: its name in messages and allowed kinds. */
typedef struct XnnOperandSpec {
  const char *name;
  unsigned mask;
} XnnOperandSpec;
/* Checks that `op` has exactly `n` operands and one result, then reads
 * operand i per specs[i] into ts[i] and the result (kinds `resultMask`) into
 * ts[n], all of rank <= XNN_VERIFY_MAX_RANK. Reports each mismatch. */
bool xnnReadOperands(MlirOperation op, const XnnOperandSpec *specs, intptr_t n, unsigned resultMask,
                     XnnTensor *ts);

/* Requires equal element types of a and b (whatA / whatB name them). */
bool xnnCheckSameElem(MlirOperation op, const XnnTensor *a, const char *whatA,
                      const XnnTensor *b, const char *whatB);
/* Requires that the result's type (shape and element type) is the operand's. */
bool xnnCheckSameType(MlirOperation op, const XnnTensor *x, const XnnTensor *res);
/* The same, naming the two values in the message (xnn ops: "input", "output"). */
bool xnnCheckSameTypeNamed(MlirOperation op, const XnnTensor *x, const char *whatX, const XnnTensor *res,
                           const char *whatRes);
/* What a concatenation's messages call its parts: the operands after the
 * first (`operand`, or with `numbered` `operand` and its position from 1),
 * the first one, and the dimension concatenated along ("dim", "axis"). */
typedef struct XnnConcatNaming {
  const char *operand;
  bool numbered;
  const char *first;
  const char *dim;
} XnnConcatNaming;
/* The operands after `first` of a concatenation along dim `d` (edge.cat,
 * xnn.concatenate): tensors of `mask` types and rank <= maxRank, of `first`'s
 * element type and rank, with its dims but along `d`; the result `res` has
 * their sum along `d`. */
bool xnnCheckConcatOperands(MlirOperation op, const XnnTensor *first, int64_t d, const XnnTensor *res,
                            const XnnConcatNaming *naming, unsigned mask, intptr_t maxRank);
/* The `value` of a constant op (edge.constant, xnn.constant): no operands,
 * one result, a tensor of `mask` types (into *res), and the attribute
 * present; null once one of these is reported. */
MlirAttribute xnnConstantValue(MlirOperation op, unsigned mask, intptr_t maxRank, XnnTensor *res);
/* Requires that the result has exactly the given shape; `expected` is
 * described in the message as the shape computed by the op's rule. */
bool xnnCheckResultShape(MlirOperation op, const XnnTensor *res,
                         const int64_t *expected, intptr_t rank,
                         const char *rule);

/* Formats a shape as "2x3x4" (or "scalar" for rank 0). */
const char *xnnShapeStr(const int64_t *dims, intptr_t rank, char *buf,
                        size_t n);

/* The attributes an op understands are the ones its verifier reads: between
 * xnnAttrLogBegin and xnnAttrLogEnd, xnnGetAttr (which every getter below
 * goes through) records each name asked for (string literals, not copied), so
 * the op verifier itself is the list and cannot drift from it. */
#define XNN_ATTR_LOG_MAX 32
void xnnAttrLogBegin(void);
size_t xnnAttrLogEnd(const char *const **names);

/* Attribute getters. `required` controls whether absence is an error. */
MlirAttribute xnnGetAttr(MlirOperation op, const char *name);
XnnAttrStatus xnnGetI64(MlirOperation op, const char *name, bool required,
                        int64_t *out);
XnnAttrStatus xnnGetF64(MlirOperation op, const char *name, bool required,
                        double *out);
XnnAttrStatus xnnGetBool(MlirOperation op, const char *name, bool required,
                         bool *out);
/* String attribute; out points into the context-owned attribute storage. */
XnnAttrStatus xnnGetString(MlirOperation op, const char *name, bool required,
                           MlirStringRef *out);
/* String attribute that must be one of the NULL-terminated `allowed`. */
XnnAttrStatus xnnGetEnum(MlirOperation op, const char *name, bool required,
                         const char *const *allowed, MlirStringRef *out);
/* array<i64> attribute; `size` >= 0 requires exactly that many elements.
 * Copies at most `cap` elements into out (more elements are an error). */
XnnAttrStatus xnnGetI64Array(MlirOperation op, const char *name,
                             bool required, intptr_t size, int64_t *out,
                             intptr_t cap, intptr_t *count);
/* Requires all elements of the array (already read) to be >= lo and <= hi. */
bool xnnCheckArrayRange(MlirOperation op, const char *name,
                        const int64_t *v, intptr_t n, int64_t lo, int64_t hi);

/* Normalises a dimension index d against rank r (ATen: d in [-r, r)).
 * Emits an error naming `attr` and returns false when out of range. */
bool xnnNormDim(MlirOperation op, const char *attr, int64_t d, intptr_t r,
                int64_t *out);
/* Normalises and checks that `v` (n entries) is a permutation of 0..r-1;
 * allowNegative permits ATen-style negative entries. Writes perm. */
bool xnnCheckPermutation(MlirOperation op, const char *attr, const int64_t *v,
                         intptr_t n, intptr_t r, bool allowNegative,
                         int64_t *perm);

/* Broadcasts two shapes (numpy / PyTorch rules); false if incompatible
 * (no error emitted). */
bool xnnBroadcastShapes(const XnnTensor *a, const XnnTensor *b, int64_t *out,
                        intptr_t *rank);
/* True if `from` broadcasts to `to` (same or lower rank, dims 1 or equal). */
bool xnnBroadcastsTo(const int64_t *from, intptr_t fromRank, const int64_t *to,
                     intptr_t toRank);

/* Checked int64 arithmetic: sets *overflow on overflow. */
int64_t xnnAdd(int64_t a, int64_t b, bool *overflow);
int64_t xnnMul(int64_t a, int64_t b, bool *overflow);
/* Element count of a tensor; false (with *overflow) on overflow. */
int64_t xnnNumElements(const XnnTensor *t, bool *overflow);

/* Output size of a 2-D window op along one axis:
 *   floor((in + padTotal - (dilation * (kernel - 1) + 1)) / stride) + 1
 * (ceil instead of floor when ceilMode; then, as in ATen, the last window
 * must start inside the input or the left padding: padBegin is the leading
 * padding). Returns false on overflow or when the window does not fit. */
bool xnnWindowOutSize(int64_t in, int64_t padBegin, int64_t padTotal,
                      int64_t kernel, int64_t stride, int64_t dilation,
                      bool ceilMode, int64_t *out);

#endif
