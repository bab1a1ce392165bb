/* Reference kernels: broadcasting binary ops (add, sub, mul, div, maximum,
 * minimum, pow) and unary ops (relu, sigmoid, tanh, rsqrt, sqrt, neg, abs,
 * exp, log, gelu, hardtanh, silu, hardswish, hardsigmoid, leaky_relu, elu,
 * clamp, sin, cos, ceil, floor) and bitwise ops (and, or, xor, not on i1,
 * i32 and i64).
 *
 * Floats compute in f32 (libm float functions) and round once to the storage
 * type. add/sub with alpha != 1 are one fused multiply-add (a + alpha*b as
 * ATen's vectorized fmadd); alpha == 1 is a plain a + b / a - b. maximum /
 * minimum propagate NaN (a quiet NaN, as ATen); otherwise they return
 * (a < b ? b : a) / (b < a ? b : a) like std::max / std::min. relu and
 * hardtanh keep NaN. Integers compute on int64 with wrap-around; integer pow
 * follows ATen's powi (negative exponents: 1 for base 1, +-1 for base -1,
 * else 0). */
#include "Kernels.h"

#include "Support/IR.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* <math.h> constants are not C11. */
#define K_SQRT2 1.41421356237309504880
#define K_2_SQRTPI 1.12837916709551257390
#define K_SQRT1_2 0.70710678118654752440

typedef enum BinKind { B_ADD, B_SUB, B_MUL, B_DIV, B_MAX, B_MIN, B_POW, B_AND, B_OR, B_XOR } BinKind;

/* Broadcast strides of `t` against the output shape (0 on broadcast dims). */
static bool broadcastStrides(const XnnMlirTensor *t, const XnnMlirTensor *o, int64_t *st) {
  int64_t ts[XNN_MLIR_TENSOR_MAX_RANK];
  xnnRefStrides(t->dims, t->rank, ts);
  int64_t off = o->rank - t->rank;
  if (off < 0)
    return false;
  for (int64_t i = 0; i < o->rank; ++i) {
    if (i < off) {
      st[i] = 0;
      continue;
    }
    int64_t d = t->dims[i - off];
    if (d == o->dims[i])
      st[i] = d == 1 ? 0 : ts[i - off];
    else if (d == 1)
      st[i] = 0;
    else
      return false;
  }
  return true;
}

/* ---- rows ---------------------------------------------------------------- */
#define ROW(T, name, expr)                                                                   \
  static void name(const T *a, int64_t sa, const T *b, int64_t sb, T *o, int64_t n, T alpha) { \
    (void)alpha;                                                                             \
    for (int64_t i = 0; i < n; ++i) {                                                        \
      T x = a[i * sa], y = b[i * sb];                                                        \
      o[i] = (expr);                                                                         \
    }                                                                                        \
  }

static float fMax(float x, float y) { return (x != x || y != y) ? NAN : (x < y ? y : x); }
static float fMin(float x, float y) { return (x != x || y != y) ? NAN : (y < x ? y : x); }

ROW(float, rowAddF, alpha == 1.0f ? x + y : fmaf(alpha, y, x))
ROW(float, rowSubF, alpha == 1.0f ? x - y : fmaf(-alpha, y, x))
ROW(float, rowMulF, x * y)
ROW(float, rowDivF, x / y)
ROW(float, rowMaxF, fMax(x, y))
ROW(float, rowMinF, fMin(x, y))
ROW(float, rowPowF, powf(x, y))

static int64_t wadd(int64_t x, int64_t y) { return (int64_t)((uint64_t)x + (uint64_t)y); }
static int64_t wmul(int64_t x, int64_t y) { return (int64_t)((uint64_t)x * (uint64_t)y); }
static int64_t powi(int64_t a, int64_t b) {
  if (b < 0) {
    if (a == 1)
      return 1;
    if (a == -1)
      return (b & 1) ? -1 : 1;
    return 0;
  }
  int64_t r = 1;
  while (b) {
    if (b & 1)
      r = wmul(r, a);
    b >>= 1;
    a = wmul(a, a);
  }
  return r;
}

ROW(int64_t, rowAddI, wadd(x, wmul(alpha, y)))
ROW(int64_t, rowSubI, wadd(x, wmul((int64_t)(0 - (uint64_t)alpha), y)))
ROW(int64_t, rowMulI, wmul(x, y))
ROW(int64_t, rowMaxI, x < y ? y : x)
ROW(int64_t, rowMinI, y < x ? y : x)
ROW(int64_t, rowPowI, powi(x, y))
ROW(int64_t, rowAndI, x & y)
ROW(int64_t, rowOrI, x | y)
ROW(int64_t, rowXorI, x ^ y)

typedef void (*RowF)(const float *, int64_t, const float *, int64_t, float *, int64_t, float);
typedef void (*RowI)(const int64_t *, int64_t, const int64_t *, int64_t, int64_t *, int64_t,
                     int64_t);

/* Views in[0], in[1] and out as T (viewIn / viewOut / commit: the
 * xnnRefF32* or xnnRefI64* family), runs rowFn over the broadcast rows (stA,
 * stB: the operands' strides) and sets ok when the views could be made. */
#define BROADCAST_RUN(T, viewIn, viewOut, commit, rowFn, alpha, ok)                          \
  do {                                                                                      \
    T *sA, *sB;                                                                             \
    const T *a = viewIn(c, &in[0], &sA);                                                    \
    const T *b = a ? viewIn(c, &in[1], &sB) : NULL;                                         \
    T *o = b ? viewOut(c, out) : NULL;                                                      \
    int64_t r = out->rank, total = xnnMlirTensorNumElements(out);                           \
    int64_t inner = r ? out->dims[r - 1] : 1;                                               \
    int64_t sa = r ? stA[r - 1] : 0, sb = r ? stB[r - 1] : 0;                               \
    int64_t offA = 0, offB = 0, idx[XNN_MLIR_TENSOR_MAX_RANK] = {0};                        \
    T *op = o;                                                                              \
    for (int64_t row = 0; o && inner > 0 && row < total / inner; ++row) {                   \
      rowFn(a + offA, sa, b + offB, sb, op, inner, alpha);                                  \
      op += inner;                                                                          \
      for (int64_t k = r - 2; k >= 0; --k) {                                                \
        offA += stA[k], offB += stB[k];                                                     \
        if (++idx[k] < out->dims[k])                                                        \
          break;                                                                            \
        offA -= stA[k] * out->dims[k], offB -= stB[k] * out->dims[k];                       \
        idx[k] = 0;                                                                         \
      }                                                                                     \
    }                                                                                       \
    if (o)                                                                                  \
      commit(out, o);                                                                       \
    free(a ? sA : NULL);                                                                    \
    free(b ? sB : NULL);                                                                    \
    ok = o != NULL;                                                                         \
  } while (0)

static bool binary(XnnRefCtx *c, const XnnMlirTensor *in, XnnMlirTensor *out, BinKind k) {
  static const RowF rowsF[] = {rowAddF, rowSubF, rowMulF, rowDivF, rowMaxF, rowMinF, rowPowF, NULL, NULL, NULL};
  static const RowI rowsI[] = {rowAddI, rowSubI, rowMulI, NULL,   rowMaxI, rowMinI,
                               rowPowI, rowAndI, rowOrI,  rowXorI};
  int64_t stA[XNN_MLIR_TENSOR_MAX_RANK], stB[XNN_MLIR_TENSOR_MAX_RANK];
  if (!broadcastStrides(&in[0], out, stA) || !broadcastStrides(&in[1], out, stB))
    return xnnRefFail(c, "operand shapes do not broadcast to the result shape");
  double alpha = 1.0;
  if (k == B_ADD || k == B_SUB)
    xnnRefAttrF64(c, "alpha", &alpha);
  bool ok;
  if (xnnRefIsFloat(out->dtype)) {
    if (!rowsF[k])
      return xnnRefFail(c, "float operands are not supported (bitwise ops take i1 and integers)");
    BROADCAST_RUN(float, xnnRefF32In, xnnRefF32Out, xnnRefF32Commit, rowsF[k], (float)alpha, ok);
    return ok;
  }
  if (!rowsI[k])
    return xnnRefFail(c, "integer operands are not supported (true division needs floats)");
  if (alpha != floor(alpha) || !(fabs(alpha) < 9.2e18))
    return xnnRefFail(c, "alpha %g must be an integer for integer operands", alpha);
  BROADCAST_RUN(int64_t, xnnRefI64In, xnnRefI64Out, xnnRefI64Commit, rowsI[k], (int64_t)alpha, ok);
  return ok;
}

/* A kernel of the op table that is `impl` for one kind of operation. */
#define KIND_KERNEL(fn, impl, kind)                                                          \
  bool fn(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) { \
    (void)nIn, (void)nOut;                                                                   \
    return impl(c, in, out, kind);                                                           \
  }
KIND_KERNEL(xnnRefAdd, binary, B_ADD)
KIND_KERNEL(xnnRefSub, binary, B_SUB)
KIND_KERNEL(xnnRefMul, binary, B_MUL)
KIND_KERNEL(xnnRefDiv, binary, B_DIV)
KIND_KERNEL(xnnRefMaximum, binary, B_MAX)
KIND_KERNEL(xnnRefMinimum, binary, B_MIN)
KIND_KERNEL(xnnRefPow, binary, B_POW)
KIND_KERNEL(xnnRefBitwiseAnd, binary, B_AND)
KIND_KERNEL(xnnRefBitwiseOr, binary, B_OR)
KIND_KERNEL(xnnRefBitwiseXor, binary, B_XOR)

/* ---- unary --------------------------------------------------------------- */
typedef struct UnaryParams {
  float lo, hi;
} UnaryParams;

#define UNARY_ROW(name, expr)                                                                \
  static void name(const float *a, float *o, int64_t n, const UnaryParams *p) {              \
    (void)p;                                                                                 \
    for (int64_t i = 0; i < n; ++i) {                                                        \
      float x = a[i];                                                                        \
      o[i] = (expr);                                                                         \
    }                                                                                        \
  }

static float geluTanh(float x) {
  const float kBeta = (float)(K_SQRT2 * K_2_SQRTPI * 0.5), kKappa = 0.044715f;
  float inner = kBeta * (x + kKappa * (x * x * x));
  return 0.5f * x * (1.0f + tanhf(inner));
}

UNARY_ROW(uRelu, x > 0.0f ? x : (x != x ? x : 0.0f))
UNARY_ROW(uSigmoid, 1.0f / (1.0f + expf(-x)))
UNARY_ROW(uTanh, tanhf(x))
UNARY_ROW(uRsqrt, 1.0f / sqrtf(x))
UNARY_ROW(uSqrt, sqrtf(x))
UNARY_ROW(uNeg, -x)
UNARY_ROW(uAbs, fabsf(x))
UNARY_ROW(uExp, expf(x))
UNARY_ROW(uLog, logf(x))
UNARY_ROW(uGelu, x * 0.5f * (1.0f + erff(x * (float)K_SQRT1_2)))
UNARY_ROW(uGeluTanh, geluTanh(x))
UNARY_ROW(uHardtanh, x < p->lo ? p->lo : (x > p->hi ? p->hi : x))
/* ATen's CPU formulas, computed in f32 (one rounding for f16 / bf16). silu is
 * x / (1 + exp(-x)); hardswish and hardsigmoid divide by 6 (not multiply by
 * 1/6), with std::max / std::min (a NaN x stays NaN). elu is current ATen's
 * expm1(x) * alpha for x < 0 (torch 1.13 computed exp(x) - 1). clamp is
 * std::min(std::max(x, min), max): a single NaN bound compares false and is
 * ignored, min > max gives max, a NaN x stays NaN (two NaN bounds: NaN, the
 * fill ATen's clamp_out does when both are given and one is NaN). p->lo holds negative_slope / alpha. */
static float stdMax(float a, float b) { return a < b ? b : a; }
static float stdMin(float a, float b) { return b < a ? b : a; }
UNARY_ROW(uSilu, x / (1.0f + expf(-x)))
UNARY_ROW(uHardswish, x * stdMin(stdMax(x + 3.0f, 0.0f), 6.0f) / 6.0f)
UNARY_ROW(uHardsigmoid, stdMin(stdMax(x + 3.0f, 0.0f), 6.0f) / 6.0f)
UNARY_ROW(uLeakyRelu, x > 0.0f ? x : x * p->lo)
UNARY_ROW(uElu, x < 0.0f ? expm1f(x) * p->lo : x)
/* sin / cos in f32 (libm), one rounding for f16 / bf16 as ATen; ceil and
 * floor are exact (-0 and NaN kept). */
UNARY_ROW(uSin, sinf(x))
UNARY_ROW(uCos, cosf(x))
UNARY_ROW(uCeil, ceilf(x))
UNARY_ROW(uFloor, floorf(x))
UNARY_ROW(uClamp, p->lo != p->lo && p->hi != p->hi ? p->lo : stdMin(stdMax(x, p->lo), p->hi))

typedef void (*UnaryF)(const float *, float *, int64_t, const UnaryParams *);
typedef enum IntUnary { I_NONE, I_RELU, I_NEG, I_ABS, I_NOT } IntUnary;

static bool unary(XnnRefCtx *c, const XnnMlirTensor *in, XnnMlirTensor *out, UnaryF f,
                  IntUnary ik, const UnaryParams *p) {
  int64_t n = xnnMlirTensorNumElements(out);
  if (xnnRefIsFloat(out->dtype)) {
    if (!f)
      return xnnRefFail(c, "float operands are not supported");
    float *s;
    const float *a = xnnRefF32In(c, &in[0], &s);
    float *o = a ? xnnRefF32Out(c, out) : NULL;
    if (o) {
      f(a, o, n, p);
      xnnRefF32Commit(out, o);
    }
    free(a ? s : NULL);
    return o != NULL;
  }
  if (ik == I_NONE)
    return xnnRefFail(c, "integer operands are not supported");
  int64_t *s;
  const int64_t *a = xnnRefI64In(c, &in[0], &s);
  int64_t *o = a ? xnnRefI64Out(c, out) : NULL;
  if (o) {
    for (int64_t i = 0; i < n; ++i) {
      int64_t x = a[i];
      int64_t neg = (int64_t)(0 - (uint64_t)x);
      /* bitwise_not: ~x; on i1 logical not (~1 would narrow to true). */
      o[i] = ik == I_RELU  ? (x > 0 ? x : 0)
             : ik == I_NEG ? neg
             : ik == I_NOT ? (out->dtype == XNN_MLIR_I1 ? !x : ~x)
                           : (x < 0 ? neg : x);
    }
    xnnRefI64Commit(out, o);
  }
  free(a ? s : NULL);
  return o != NULL;
}

#define UNARY_KERNEL(fn, rowFn, ik)                                                          \
  bool fn(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) { \
    (void)nIn, (void)nOut;                                                                   \
    return unary(c, in, out, rowFn, ik, NULL);                                               \
  }
UNARY_KERNEL(xnnRefRelu, uRelu, I_RELU)
UNARY_KERNEL(xnnRefSigmoid, uSigmoid, I_NONE)
UNARY_KERNEL(xnnRefTanh, uTanh, I_NONE)
UNARY_KERNEL(xnnRefRsqrt, uRsqrt, I_NONE)
UNARY_KERNEL(xnnRefSqrt, uSqrt, I_NONE)
UNARY_KERNEL(xnnRefNeg, uNeg, I_NEG)
UNARY_KERNEL(xnnRefAbs, uAbs, I_ABS)
UNARY_KERNEL(xnnRefExp, uExp, I_NONE)
UNARY_KERNEL(xnnRefLog, uLog, I_NONE)
UNARY_KERNEL(xnnRefSilu, uSilu, I_NONE)
UNARY_KERNEL(xnnRefHardswish, uHardswish, I_NONE)
UNARY_KERNEL(xnnRefHardsigmoid, uHardsigmoid, I_NONE)
UNARY_KERNEL(xnnRefSin, uSin, I_NONE)
UNARY_KERNEL(xnnRefCos, uCos, I_NONE)
UNARY_KERNEL(xnnRefCeil, uCeil, I_NONE)
UNARY_KERNEL(xnnRefFloor, uFloor, I_NONE)
UNARY_KERNEL(xnnRefBitwiseNot, NULL, I_NOT)

bool xnnRefGelu(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                size_t nOut) {
  (void)nIn, (void)nOut;
  MlirStringRef mode;
  bool tanhMode = xnnRefAttrString(c, "approximate", &mode) && mode.length == 4 &&
                  memcmp(mode.data, "tanh", 4) == 0;
  return unary(c, in, out, tanhMode ? uGeluTanh : uGelu, I_NONE, NULL);
}

bool xnnRefHardtanh(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                    size_t nOut) {
  (void)nIn, (void)nOut;
  double lo = -1.0, hi = 1.0;
  xnnRefAttrF64(c, "min_val", &lo);
  xnnRefAttrF64(c, "max_val", &hi);
  UnaryParams p = {(float)lo, (float)hi};
  return unary(c, in, out, uHardtanh, I_NONE, &p);
}

/* One optional f64 attribute, converted to float as ATen does (default when absent). */
static bool unaryWithParam(XnnRefCtx *c, const XnnMlirTensor *in, XnnMlirTensor *out, UnaryF f,
                           const char *attr, double dflt) {
  double v = dflt;
  if (!xnnRefAttrF64(c, attr, &v))
    v = dflt;
  UnaryParams p = {(float)v, 0.0f};
  return unary(c, in, out, f, I_NONE, &p);
}

bool xnnRefLeakyRelu(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                     size_t nOut) {
  (void)nIn, (void)nOut;
  return unaryWithParam(c, in, out, uLeakyRelu, "negative_slope", 0.01);
}

bool xnnRefElu(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nIn, (void)nOut;
  return unaryWithParam(c, in, out, uElu, "alpha", 1.0);
}

bool xnnRefClamp(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                 size_t nOut) {
  (void)nIn, (void)nOut;
  double lo = -INFINITY, hi = INFINITY;
  bool hasLo = xnnRefAttrF64(c, "min", &lo), hasHi = xnnRefAttrF64(c, "max", &hi);
  if (!hasLo)
    lo = -INFINITY;
  if (!hasHi)
    hi = INFINITY;
  /* ATen's clamp_out: with both bounds given and one of them NaN, the result
   * is filled with NaN (a single NaN bound is ignored by the kernel). */
  if (hasLo && hasHi && (isnan(lo) || isnan(hi)))
    lo = hi = NAN;
  UnaryParams p = {(float)lo, (float)hi};
  return unary(c, in, out, uClamp, I_NONE, &p);
}

/* ---- comparisons and selection ----------------------------------------- */

/* Walks the output in row-major order keeping each operand's broadcast
 * element offset: off[k] for operand k (n <= 3). */
typedef struct BroadcastWalk {
  int64_t st[3][XNN_MLIR_TENSOR_MAX_RANK], idx[XNN_MLIR_TENSOR_MAX_RANK], off[3];
  int n;
  const XnnMlirTensor *out;
} BroadcastWalk;

static bool walkInit(BroadcastWalk *w, const XnnMlirTensor *const *ins, int n, const XnnMlirTensor *out) {
  memset(w, 0, sizeof(*w));
  w->n = n, w->out = out;
  for (int k = 0; k < n; ++k)
    if (!broadcastStrides(ins[k], out, w->st[k]))
      return false;
  return true;
}

static void walkNext(BroadcastWalk *w) {
  for (int64_t d = w->out->rank - 1; d >= 0; --d) {
    for (int k = 0; k < w->n; ++k)
      w->off[k] += w->st[k][d];
    if (++w->idx[d] < w->out->dims[d])
      return;
    for (int k = 0; k < w->n; ++k)
      w->off[k] -= w->st[k][d] * w->out->dims[d];
    w->idx[d] = 0;
  }
}

typedef enum CmpKind { C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE } CmpKind;

/* IEEE comparisons (a NaN compares unequal to everything, itself included):
 * floats widen exactly to f32; integers and i1 compare as int64. */
static bool compare(XnnRefCtx *c, const XnnMlirTensor *in, XnnMlirTensor *out, CmpKind k) {
  BroadcastWalk w;
  const XnnMlirTensor *ins[2] = {&in[0], &in[1]};
  if (!walkInit(&w, ins, 2, out))
    return xnnRefFail(c, "operand shapes do not broadcast to the result shape");
  bool isFloat = xnnRefIsFloat(in[0].dtype);
  float *fa = NULL, *fb = NULL;
  int64_t *ia = NULL, *ib = NULL;
  const float *a = NULL, *b = NULL;
  const int64_t *x = NULL, *y = NULL;
  bool ok = isFloat ? (a = xnnRefF32In(c, &in[0], &fa)) && (b = xnnRefF32In(c, &in[1], &fb))
                    : (x = xnnRefI64In(c, &in[0], &ia)) && (y = xnnRefI64In(c, &in[1], &ib));
  if (ok) {
    uint8_t *o = out->data;
    for (int64_t i = 0, n = xnnMlirTensorNumElements(out); i < n; ++i, walkNext(&w)) {
      bool r;
      if (isFloat) {
        float p = a[w.off[0]], q = b[w.off[1]];
        r = k == C_EQ ? p == q : k == C_NE ? p != q : k == C_LT ? p < q : k == C_LE ? p <= q
            : k == C_GT ? p > q : p >= q;
      } else {
        int64_t p = x[w.off[0]], q = y[w.off[1]];
        r = k == C_EQ ? p == q : k == C_NE ? p != q : k == C_LT ? p < q : k == C_LE ? p <= q
            : k == C_GT ? p > q : p >= q;
      }
      o[i] = r;
    }
  }
  free(a ? fa : NULL), free(b ? fb : NULL), free(x ? ia : NULL), free(y ? ib : NULL);
  return ok;
}

KIND_KERNEL(xnnRefEq, compare, C_EQ)
KIND_KERNEL(xnnRefNe, compare, C_NE)
KIND_KERNEL(xnnRefLt, compare, C_LT)
KIND_KERNEL(xnnRefLe, compare, C_LE)
KIND_KERNEL(xnnRefGt, compare, C_GT)
KIND_KERNEL(xnnRefGe, compare, C_GE)

/* where(cond, a, b): the bytes of a's or b's element (data movement: -0, NaN
 * payloads and subnormals kept). */
bool xnnRefWhere(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nIn, (void)nOut;
  BroadcastWalk w;
  const XnnMlirTensor *ins[3] = {&in[0], &in[1], &in[2]};
  if (!walkInit(&w, ins, 3, out))
    return xnnRefFail(c, "operand shapes do not broadcast to the result shape");
  size_t es = xnnMlirDTypeSize(out->dtype);
  const uint8_t *cond = in[0].data;
  const unsigned char *a = in[1].data, *b = in[2].data;
  unsigned char *o = out->data;
  for (int64_t i = 0, n = xnnMlirTensorNumElements(out); i < n; ++i, walkNext(&w))
    memcpy(o + (size_t)i * es, cond[w.off[0]] ? a + (size_t)w.off[1] * es : b + (size_t)w.off[2] * es, es);
  return true;
}

/* masked_fill(x, mask; value): value converted as ATen's Scalar.to<T>()
 * (double -> float -> f16/bf16 with RNE for floats, truncation toward zero
 * for integers, != 0 for i1), written where mask is set; x's bytes elsewhere. */
bool xnnRefMaskedFill(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                      size_t nOut) {
  (void)nIn, (void)nOut;
  double value = 0.0;
  xnnRefAttrF64(c, "value", &value);
  BroadcastWalk w;
  const XnnMlirTensor *ins[2] = {&in[0], &in[1]};
  if (!walkInit(&w, ins, 2, out))
    return xnnRefFail(c, "operand shapes do not broadcast to the result shape");
  /* The fill value as one element of the result's dtype. */
  XnnMlirTensor fill;
  int64_t one = 1;
  if (!xnnMlirTensorCreate(&fill, out->dtype, 1, &one))
    return xnnRefFail(c, "out of memory");
  if (xnnRefIsFloat(out->dtype)) {
    xnnMlirTensorSetF32(&fill, 0, (float)value);
  } else {
    int64_t v = out->dtype == XNN_MLIR_I1 ? value != 0.0 : xnnRefTruncToI64(value);
    XnnMlirTensor src = {XNN_MLIR_I64, 1, {1}, &v};
    xnnRefConvert(&src, &fill);
  }
  size_t es = xnnMlirDTypeSize(out->dtype);
  const unsigned char *x = in[0].data;
  const uint8_t *mask = in[1].data;
  unsigned char *o = out->data;
  for (int64_t i = 0, n = xnnMlirTensorNumElements(out); i < n; ++i, walkNext(&w))
    memcpy(o + (size_t)i * es, mask[w.off[1]] ? (const unsigned char *)fill.data : x + (size_t)w.off[0] * es, es);
  xnnMlirTensorDestroy(&fill);
  return true;
}

/* prelu (ATen's prelu_cpu): x > 0 ? x : w[c] * x in f32, c the index along
 * x's dim 1 (one weight element applies to every element); rounded once. */
bool xnnRefPrelu(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *X = &in[0], *Wt = &in[1];
  int64_t n = xnnMlirTensorNumElements(X), nw = xnnMlirTensorNumElements(Wt);
  int64_t C = nw == 1 ? 1 : X->dims[1], inner = 1;
  for (int64_t i = 2; nw != 1 && i < X->rank; ++i)
    inner *= X->dims[i];
  float *sx = NULL, *sw = NULL;
  const float *x = xnnRefF32In(c, X, &sx);
  const float *w = x ? xnnRefF32In(c, Wt, &sw) : NULL;
  float *o = w ? xnnRefF32Out(c, out) : NULL;
  if (o) {
    for (int64_t i = 0; i < n; ++i) {
      float v = x[i];
      o[i] = v > 0.0f ? v : w[C == 1 ? 0 : (i / inner) % C] * v;
    }
    xnnRefF32Commit(out, o);
  }
  free(sx), free(sw);
  return o != NULL;
}
