/* Reference kernels: mean.dim, sum.dim_IntList, amax, argmax, _softmax.
 *
 * mean / sum accumulate in double (floats widened exactly) in row-major input
 * order and round once to the result type; the mean of zero elements is NaN.
 * Integer / bool sums are exact int64 (wrap-around). softmax subtracts the
 * row maximum, exponentiates in f32 (expf), sums in double and divides in
 * double (rounded to f32, then once to the storage type). */
#include "Kernels.h"

#include "Support/IR.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Reads dims/keepdim; marks reduced dims; returns the number reduced over. */
static bool reducedDims(XnnRefCtx *c, const XnnMlirTensor *x, bool *reduced) {
  int64_t dims[XNN_MLIR_TENSOR_MAX_RANK];
  intptr_t n = 0;
  if (!xnnRefAttrI64Array(c, "dims", dims, XNN_MLIR_TENSOR_MAX_RANK, &n) ||
      n > XNN_MLIR_TENSOR_MAX_RANK)
    return xnnRefFail(c, "requires attribute 'dims'");
  memset(reduced, 0, sizeof(bool) * XNN_MLIR_TENSOR_MAX_RANK);
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d;
    if (!xnnRefNormDim(dims[i], x->rank, &d))
      return xnnRefFail(c, "dim %lld out of range", (long long)dims[i]);
    reduced[d] = true;
  }
  if (n == 0)
    for (int64_t i = 0; i < x->rank; ++i)
      reduced[i] = true;
  return true;
}

/* Output strides per input dim (0 on reduced dims), for row-major outputs
 * with or without the kept size-1 dims. */
static void reduceStrides(const XnnMlirTensor *x, const bool *reduced, int64_t *ost) {
  int64_t s = 1;
  for (int64_t i = x->rank - 1; i >= 0; --i) {
    ost[i] = reduced[i] ? 0 : s;
    if (!reduced[i])
      s *= x->dims[i];
  }
}

#define REDUCE_LOOP(acc, src)                                                              \
  do {                                                                                     \
    int64_t idx[XNN_MLIR_TENSOR_MAX_RANK] = {0}, off = 0;                                  \
    for (int64_t i = 0; i < total; ++i) {                                                  \
      acc[off] += src[i];                                                                  \
      for (int64_t k = x->rank - 1; k >= 0; --k) {                                         \
        off += ost[k];                                                                     \
        if (++idx[k] < x->dims[k])                                                         \
          break;                                                                           \
        off -= ost[k] * x->dims[k];                                                        \
        idx[k] = 0;                                                                        \
      }                                                                                    \
    }                                                                                      \
  } while (0)

static bool reduce(XnnRefCtx *c, const XnnMlirTensor *x, XnnMlirTensor *out, bool mean) {
  bool reduced[XNN_MLIR_TENSOR_MAX_RANK];
  if (!reducedDims(c, x, reduced))
    return false;
  int64_t ost[XNN_MLIR_TENSOR_MAX_RANK];
  reduceStrides(x, reduced, ost);
  int64_t total = xnnMlirTensorNumElements(x), nOut = xnnMlirTensorNumElements(out);
  int64_t count = 1;
  for (int64_t i = 0; i < x->rank; ++i)
    if (reduced[i])
      count *= x->dims[i];
  if (xnnRefIsFloat(x->dtype)) {
    float *s;
    const float *a = xnnRefF32In(c, x, &s);
    double *acc = a ? calloc((size_t)nOut + 1, sizeof(double)) : NULL;
    float *o = acc ? xnnRefF32Out(c, out) : NULL;
    if (a && !acc)
      xnnRefFail(c, "out of memory");
    if (o) {
      REDUCE_LOOP(acc, a);
      for (int64_t i = 0; i < nOut; ++i)
        o[i] = mean ? (count ? (float)(acc[i] / (double)count) : NAN) : (float)acc[i];
      xnnRefF32Commit(out, o);
    }
    free(acc);
    free(s);
    return o != NULL;
  }
  /* Integer / bool sum: exact on uint64 (wrap-around). */
  int64_t *s;
  const int64_t *a = xnnRefI64In(c, x, &s);
  int64_t *o = a ? xnnRefI64Out(c, out) : NULL;
  if (o) {
    uint64_t *acc = (uint64_t *)o; /* zero-filled */
    const uint64_t *src = (const uint64_t *)a;
    REDUCE_LOOP(acc, src);
    xnnRefI64Commit(out, o);
  }
  free(s);
  return o != NULL;
}

bool xnnRefMean(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                size_t nOut) {
  (void)nIn, (void)nOut;
  return reduce(c, &in[0], out, true);
}

bool xnnRefSum(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
               size_t nOut) {
  (void)nIn, (void)nOut;
  return reduce(c, &in[0], out, false);
}

bool xnnRefSoftmax(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                   size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *x = &in[0];
  int64_t dim = -1, d;
  xnnRefAttrI64(c, "dim", &dim);
  if (!xnnRefNormDim(dim, x->rank, &d))
    return xnnRefFail(c, "dim %lld out of range", (long long)dim);
  int64_t len = x->rank ? x->dims[d] : 1, outer = 1, inner = 1;
  for (int64_t i = 0; i < d && i < x->rank; ++i)
    outer *= x->dims[i];
  for (int64_t i = d + 1; i < x->rank; ++i)
    inner *= x->dims[i];
  float *s;
  const float *a = xnnRefF32In(c, x, &s);
  float *o = a ? xnnRefF32Out(c, out) : NULL;
  if (!o) {
    free(s);
    return false;
  }
  for (int64_t po = 0; po < outer; ++po) {
    for (int64_t pi = 0; pi < inner; ++pi) {
      const float *row = a + po * len * inner + pi;
      float *orow = o + po * len * inner + pi;
      float m = -INFINITY;
      bool nan = false;
      for (int64_t j = 0; j < len; ++j) {
        float v = row[j * inner];
        nan |= v != v;
        m = v > m ? v : m;
      }
      if (nan)
        m = NAN;
      double sum = 0.0;
      for (int64_t j = 0; j < len; ++j) {
        float e = expf(row[j * inner] - m);
        orow[j * inner] = e;
        sum += e;
      }
      for (int64_t j = 0; j < len; ++j)
        orow[j * inner] = (float)((double)orow[j * inner] / sum);
    }
  }
  xnnRefF32Commit(out, o);
  free(s);
  return true;
}

/* amax over dims / argmax over dim: the first maximum in row-major order,
 * a NaN beating any number (ATen's max.dim: v > best || (isnan(v) && !isnan(best))).
 * amax returns that element (of -0 and 0 the first); argmax its index along dim. */
static bool maxReduce(XnnRefCtx *c, const XnnMlirTensor *x, XnnMlirTensor *out, bool arg) {
  bool reduced[XNN_MLIR_TENSOR_MAX_RANK] = {false};
  int64_t dim = 0;
  if (arg) {
    if (!xnnRefAttrI64(c, "dim", &dim))
      return xnnRefFail(c, "requires attribute 'dim'");
    if (x->rank > 0 && !xnnRefNormDim(dim, x->rank, &dim))
      return xnnRefFail(c, "dim %lld out of range", (long long)dim);
    if (x->rank > 0)
      reduced[dim] = true;
  } else if (!reducedDims(c, x, reduced))
    return false;
  int64_t ost[XNN_MLIR_TENSOR_MAX_RANK];
  reduceStrides(x, reduced, ost);
  int64_t total = xnnMlirTensorNumElements(x), nOut = xnnMlirTensorNumElements(out);
  float *s;
  const float *a = xnnRefF32In(c, x, &s);
  float *best = a ? malloc(sizeof(float) * (size_t)(nOut + 1)) : NULL;
  int64_t *where = best ? calloc((size_t)nOut + 1, sizeof(int64_t)) : NULL;
  bool *seen = where ? calloc((size_t)nOut + 1, sizeof(bool)) : NULL;
  bool ok = false;
  if (a && !seen)
    xnnRefFail(c, "out of memory");
  else if (seen) {
    int64_t idx[XNN_MLIR_TENSOR_MAX_RANK] = {0}, off = 0;
    for (int64_t i = 0; i < total; ++i) {
      float v = a[i];
      if (!seen[off] || v > best[off] || (isnan(v) && !isnan(best[off]))) {
        seen[off] = true;
        best[off] = v;
        where[off] = x->rank > 0 ? idx[dim] : 0;
      }
      for (int64_t k = x->rank - 1; k >= 0; --k) {
        off += ost[k];
        if (++idx[k] < x->dims[k])
          break;
        off -= ost[k] * x->dims[k];
        idx[k] = 0;
      }
    }
    if (arg) {
      int64_t *o = xnnRefI64Out(c, out);
      if (o) {
        memcpy(o, where, sizeof(int64_t) * (size_t)nOut);
        xnnRefI64Commit(out, o);
        ok = true;
      }
    } else {
      float *o = xnnRefF32Out(c, out);
      if (o) {
        memcpy(o, best, sizeof(float) * (size_t)nOut);
        xnnRefF32Commit(out, o);
        ok = true;
      }
    }
  }
  free(seen);
  free(where);
  free(best);
  free(s);
  return ok;
}

bool xnnRefAmax(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                size_t nOut) {
  (void)nIn, (void)nOut;
  return maxReduce(c, &in[0], out, false);
}

bool xnnRefArgmax(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                  size_t nOut) {
  (void)nIn, (void)nOut;
  return maxReduce(c, &in[0], out, true);
}
