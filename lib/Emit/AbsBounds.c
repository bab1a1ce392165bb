/* Interval arithmetic on |values| of a lowered delegate (see AbsBounds.h).
 * Every rule over-approximates what XNNPACK's f32 kernels can return: a sum of
 * n terms computed in any order with round-to-nearest is within
 * (1 + n 2^-23) of the exact sum of |terms| (Higham's gamma_n, n < 2^22), and
 * approximated functions (sigmoid, tanh, ...) get a generous bound. */
#include "Emit/AbsBounds.h"

#include "Support/Elements.h"
#include "Support/Float.h"
#include "Support/IR.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

void xnnAbsBoundsInit(XnnAbsBounds *b, size_t expectedValues) { xnnPtrMapInit(&b->known, expectedValues); }

void xnnAbsBoundsFree(XnnAbsBounds *b) { xnnPtrMapFree(&b->known); }

static void record(XnnAbsBounds *b, MlirValue v, double bound) {
  if (!(bound >= 0)) /* NaN: nothing is known */
    bound = INFINITY;
  size_t bits;
  memcpy(&bits, &bound, sizeof(bits));
  xnnPtrMapPut(&b->known, v.ptr, bits);
}

/* (1 + n 2^-23): the relative growth of an n-term f32 sum's rounding errors. */
static double sumGrowth(double n) { return n < 0x1p22 ? 1.0 + (n + 2) * 0x1p-23 : INFINITY; }

/* |element i| of `e` (f32, bf16, f16 data), NaN for other element types. */
static double elementAbs(const XnnElements *e, int64_t i) {
  const unsigned char *p = (const unsigned char *)e->data + (size_t)(e->splat ? 0 : i) * e->elemSize;
  if (mlirTypeIsAF32(e->elem)) {
    float f;
    memcpy(&f, p, sizeof(f));
    return fabs((double)f);
  }
  if (mlirTypeIsABF16(e->elem) || mlirTypeIsAF16(e->elem)) {
    uint16_t h;
    memcpy(&h, p, sizeof(h));
    return fabs((double)(mlirTypeIsABF16(e->elem) ? xnnBF16ToF32(h) : xnnF16ToF32(h)));
  }
  return NAN;
}

/* Reads the data of constant `v` without copying; false if it has none. */
static bool constantData(MlirValue v, XnnElements *e) {
  MlirOperation def = xnnDefiningOp(v);
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "xnn.constant"))
    return false;
  MlirAttribute a = xnnOpAttr(def, "value");
  char err[256];
  return !mlirAttributeIsNull(a) && mlirAttributeIsAElements(a) && xnnElementsView(a, e, err, sizeof(err));
}

double xnnAbsBoundsGet(XnnAbsBounds *b, MlirValue v) {
  size_t bits;
  if (xnnPtrMapGet(&b->known, v.ptr, &bits)) {
    double d;
    memcpy(&d, &bits, sizeof(d));
    return d;
  }
  XnnElements e;
  if (!constantData(v, &e))
    return INFINITY;
  double m = 0;
  int64_t n = e.splat ? 1 : e.count;
  for (int64_t i = 0; i < n && m <= DBL_MAX; ++i) {
    double a = elementAbs(&e, i);
    m = a > m || isnan(a) ? (isnan(a) ? INFINITY : a) : m;
  }
  xnnElementsFree(&e);
  record(b, v, m);
  return xnnAbsBoundsGet(b, v);
}

/* The largest sum of |w| over one output's weights: `filter` holds `outputs`
 * rows of `inner` elements (or their transpose, [inner, outputs]); INFINITY
 * without data. */
static double maxOutputWeightSum(MlirValue filter, int64_t outputs, bool transposed) {
  XnnElements e;
  if (!constantData(filter, &e))
    return INFINITY;
  int64_t total = 1;
  for (intptr_t i = 0; i < e.rank; ++i)
    total *= e.dims[i];
  double best = 0;
  if (outputs <= 0 || total % outputs != 0) {
    best = INFINITY;
  } else if (e.splat) {
    best = elementAbs(&e, 0) * (double)(total / outputs);
  } else {
    int64_t inner = total / outputs;
    for (int64_t o = 0; o < outputs && best <= DBL_MAX; ++o) {
      double s = 0;
      for (int64_t k = 0; k < inner; ++k)
        s += elementAbs(&e, transposed ? k * outputs + o : o * inner + k);
      best = s > best || isnan(s) ? s : best;
    }
  }
  xnnElementsFree(&e);
  return isnan(best) ? INFINITY : best;
}

static double dimSize(MlirValue v, intptr_t i) {
  MlirType t = mlirValueGetType(v);
  intptr_t r = mlirShapedTypeGetRank(t);
  return (double)mlirShapedTypeGetDimSize(t, i < 0 ? r + i : i);
}

/* Bound of fully connected / convolution / deconvolution: each output is a
 * sum over one output row's weights times inputs, plus its bias. */
static double gemmBound(XnnAbsBounds *b, MlirOperation op, bool fullyConnected) {
  MlirValue in = mlirOperationGetOperand(op, 0), filter = mlirOperationGetOperand(op, 1);
  double bin = xnnAbsBoundsGet(b, in);
  if (isinf(bin))
    return INFINITY;
  double bias = mlirOperationGetNumOperands(op) > 2 ? xnnAbsBoundsGet(b, mlirOperationGetOperand(op, 2)) : 0;
  if (isinf(bias))
    return INFINITY;
  bool transposed = false;
  if (fullyConnected)
    xnnAttrBool(op, "transpose_weights", &transposed);
  MlirType ft = mlirValueGetType(filter);
  int64_t outputs = mlirShapedTypeGetDimSize(ft, transposed ? 1 : 0);
  double total = 1;
  for (intptr_t i = 0, r = mlirShapedTypeGetRank(ft); i < r; ++i)
    total *= (double)mlirShapedTypeGetDimSize(ft, i);
  double w = maxOutputWeightSum(filter, outputs, transposed);
  return (bin * w + bias) * sumGrowth(outputs > 0 ? total / (double)outputs : 0);
}

/* max |clamp(x, lo, hi)| over |x| <= bound. */
static double clampBound(double bound, double lo, double hi) {
  double a = fabs(fmin(fmax(-bound, lo), hi)), z = fabs(fmin(fmax(bound, lo), hi));
  return fmax(a, z);
}

static bool kindIs(MlirOperation op, const char *kind) {
  MlirStringRef k;
  return xnnAttrString(op, "kind", &k) && xnnStrRefEquals(k, kind);
}

static double unaryBound(MlirOperation op, double x) {
  double lo, hi, p;
  if (kindIs(op, "clamp"))
    return xnnAttrF64(op, "min", &lo) && xnnAttrF64(op, "max", &hi) ? clampBound(x, lo, hi) : INFINITY;
  if (kindIs(op, "abs") || kindIs(op, "negate"))
    return x;
  if (kindIs(op, "bankers_rounding") || kindIs(op, "floor") || kindIs(op, "ceiling"))
    return x + 1;
  if (kindIs(op, "sigmoid") || kindIs(op, "tanh") || kindIs(op, "sign") || kindIs(op, "sine") ||
      kindIs(op, "cosine"))
    return 2;
  if (kindIs(op, "gelu") || kindIs(op, "hardswish"))
    return fmax(x, 3) * 1.01;
  if (kindIs(op, "elu"))
    return fmax(x, xnnAttrF64(op, "alpha", &p) ? fabs(p) : INFINITY) * 1.01;
  if (kindIs(op, "leaky_relu"))
    return x * fmax(1, xnnAttrF64(op, "negative_slope", &p) ? fabs(p) : INFINITY);
  if (kindIs(op, "square"))
    return x * x * sumGrowth(1);
  if (kindIs(op, "square_root") || kindIs(op, "cube_root"))
    return sqrt(x) + 1 + x * 0x1p-20;
  return INFINITY;
}

static double binaryBound(MlirOperation op, double x, double y) {
  if (kindIs(op, "add") || kindIs(op, "subtract"))
    return (x + y) * sumGrowth(1);
  if (kindIs(op, "multiply"))
    return x * y * sumGrowth(1);
  if (kindIs(op, "maximum") || kindIs(op, "minimum"))
    return fmax(x, y);
  if (kindIs(op, "squared_difference"))
    return (x + y) * (x + y) * sumGrowth(2);
  if (kindIs(op, "copysign"))
    return x;
  if (kindIs(op, "prelu"))
    return x * fmax(1, y) * sumGrowth(1);
  return INFINITY;
}

/* The bound a result type allows for a converted value: bf16 keeps f32's
 * range (within one bf16 ulp), f16 overflows above 65504. */
static double convertBound(MlirOperation op, double x) {
  bool round = false;
  double inputScale = 1.0;
  xnnAttrBool(op, "round_to_bf16", &round);
  if (xnnAttrF64(op, "input_scale", &inputScale)) /* the input holds the values times input_scale */
    x /= inputScale;
  MlirType out = xnnValueElemType(mlirOperationGetResult(op, 0));
  if (round || mlirTypeIsABF16(out))
    return x * (1 + 0x1p-7);
  if (mlirTypeIsAF16(out))
    return x * (1 + 0x1p-10) <= 65504 ? x * (1 + 0x1p-10) : INFINITY;
  return mlirTypeIsAF32(out) ? x : INFINITY;
}

static double opBound(XnnAbsBounds *b, MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op);
  double x = n > 0 ? xnnAbsBoundsGet(b, mlirOperationGetOperand(op, 0)) : INFINITY;
  MlirValue res = mlirOperationGetResult(op, 0);
  if (xnnOpIs(op, "xnn.fully_connected"))
    return gemmBound(b, op, true);
  if (xnnOpIs(op, "xnn.convolution_2d") || xnnOpIs(op, "xnn.deconvolution_2d"))
    return gemmBound(b, op, false);
  if (xnnOpIs(op, "xnn.unary"))
    return unaryBound(op, x);
  if (xnnOpIs(op, "xnn.binary")) /* a constant operand is read only when the other is bounded */
    return n == 2 && !isinf(x) ? binaryBound(op, x, xnnAbsBoundsGet(b, mlirOperationGetOperand(op, 1))) : INFINITY;
  if (xnnOpIs(op, "xnn.convert"))
    return convertBound(op, x);
  if (xnnOpIs(op, "xnn.static_transpose") || xnnOpIs(op, "xnn.static_reshape") ||
      xnnOpIs(op, "xnn.static_slice") || xnnOpIs(op, "xnn.copy") || xnnOpIs(op, "xnn.max_pooling_2d"))
    return x;
  if (xnnOpIs(op, "xnn.average_pooling_2d") || xnnOpIs(op, "xnn.static_resize_bilinear_2d"))
    return x * (1 + 0x1p-8);
  if (xnnOpIs(op, "xnn.softmax"))
    return 2;
  if (xnnOpIs(op, "xnn.concatenate")) {
    double m = 0;
    for (intptr_t i = 0; i < n && !isinf(m); ++i)
      m = fmax(m, xnnAbsBoundsGet(b, mlirOperationGetOperand(op, i)));
    return m;
  }
  if (xnnOpIs(op, "xnn.static_constant_pad")) {
    double pad;
    return xnnAttrF64(op, "padding_value", &pad) ? fmax(x, fabs(pad)) : INFINITY;
  }
  if (xnnOpIs(op, "xnn.static_reduce")) {
    double terms = (double)xnnValueNumElements(mlirOperationGetOperand(op, 0)) /
                   fmax(1, (double)xnnValueNumElements(res));
    if (kindIs(op, "mean"))
      return x * sumGrowth(terms);
    return kindIs(op, "sum") ? x * terms * sumGrowth(terms) : INFINITY;
  }
  if (xnnOpIs(op, "xnn.batch_matrix_multiply") && n == 2 && !isinf(x)) {
    double k = dimSize(mlirOperationGetOperand(op, 0), -1);
    return x * xnnAbsBoundsGet(b, mlirOperationGetOperand(op, 1)) * k * sumGrowth(k);
  }
  return INFINITY;
}

void xnnAbsBoundsVisit(XnnAbsBounds *b, MlirOperation op) {
  if (mlirOperationGetNumResults(op) != 1 || xnnOpIs(op, "xnn.constant"))
    return;
  double bound = opBound(b, op);
  /* A fused output clamp bounds the result whatever its inputs. */
  double lo, hi;
  if (xnnAttrF64(op, "output_min", &lo) && xnnAttrF64(op, "output_max", &hi))
    bound = fmin(isnan(bound) ? INFINITY : bound, clampBound(INFINITY, lo, hi));
  record(b, mlirOperationGetResult(op, 0), bound);
}
