/* Reference kernels: batch_norm (inference) and layer_norm.
 *
 * batch_norm follows ATen's CPU kernel (batch_norm_cpu_collect_linear_and_
 * constant_terms, then x * alpha + beta) in f32, its opmath type for every
 * float dtype: invstd = 1 / sqrt(var + (float)eps), alpha = invstd * weight,
 * beta = bias - mean * alpha, y = x * alpha + beta, each step rounded to f32,
 * then once to the storage type.
 *
 * layer_norm computes the row's mean and biased variance in double
 * (two passes), rstd = 1 / sqrt(var + eps) in double, and
 * y = (x - mean) * rstd (* weight) (+ bias) in double, rounded to f32 and
 * then to the storage type. */
#include "Kernels.h"

#include "Support/IR.h"

#include <math.h>
#include <stdlib.h>

bool xnnRefBatchNorm(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                     size_t nOut) {
  (void)nIn, (void)nOut;
  double eps = 0.0;
  if (!xnnRefAttrF64(c, "eps", &eps))
    return xnnRefFail(c, "requires attribute 'eps'");
  const XnnMlirTensor *X = &in[0];
  int64_t N = X->dims[0], C = X->dims[1];
  int64_t inner = N > 0 && C > 0 ? xnnMlirTensorNumElements(X) / (N * C) : 0;
  float *s[5] = {NULL};
  const float *p[5];
  bool ok = true;
  for (int i = 0; i < 5 && ok; ++i)
    ok = (p[i] = xnnRefF32In(c, &in[i], &s[i])) != NULL;
  float *o = ok ? xnnRefF32Out(c, out) : NULL;
  if (o) {
    float feps = (float)eps;
    for (int64_t ch = 0; ch < C; ++ch) {
      /* Separate statements: no contraction into an fma. */
      float ve = p[4][ch] + feps;
      float invstd = 1.0f / sqrtf(ve);
      float alpha = invstd * p[1][ch];
      float ma = p[3][ch] * alpha;
      float beta = p[2][ch] - ma;
      for (int64_t n = 0; n < N; ++n) {
        const float *xs = p[0] + (n * C + ch) * inner;
        float *ys = o + (n * C + ch) * inner;
        for (int64_t i = 0; i < inner; ++i) {
          float t = xs[i] * alpha;
          ys[i] = t + beta;
        }
      }
    }
    xnnRefF32Commit(out, o);
  }
  for (int i = 0; i < 5; ++i)
    free(s[i]);
  return o != NULL;
}

bool xnnRefLayerNorm(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                     size_t nOut) {
  (void)nOut;
  double eps = 0.0;
  int64_t ns[XNN_MLIR_TENSOR_MAX_RANK];
  intptr_t k = 0;
  if (!xnnRefAttrF64(c, "eps", &eps) ||
      !xnnRefAttrI64Array(c, "normalized_shape", ns, XNN_MLIR_TENSOR_MAX_RANK, &k))
    return xnnRefFail(c, "requires attributes 'eps' and 'normalized_shape'");
  const XnnMlirTensor *X = &in[0];
  int64_t row = 1;
  for (intptr_t i = 0; i < k; ++i)
    row *= ns[i];
  int64_t rows = row ? xnnMlirTensorNumElements(X) / row : 0;
  float *sx = NULL, *sw = NULL, *sb = NULL;
  const float *x = xnnRefF32In(c, X, &sx), *w = NULL, *b = NULL;
  bool ok = x != NULL;
  if (ok && nIn > 1)
    ok = (w = xnnRefF32In(c, &in[1], &sw)) != NULL;
  if (ok && nIn > 2)
    ok = (b = xnnRefF32In(c, &in[2], &sb)) != NULL;
  float *o = ok ? xnnRefF32Out(c, out) : NULL;
  if (o) {
    for (int64_t r = 0; r < rows; ++r) {
      const float *xr = x + r * row;
      double mean = 0.0, var = 0.0;
      for (int64_t i = 0; i < row; ++i)
        mean += xr[i];
      mean /= (double)row;
      for (int64_t i = 0; i < row; ++i)
        var += (xr[i] - mean) * (xr[i] - mean);
      var /= (double)row;
      double rstd = 1.0 / sqrt(var + eps);
      for (int64_t i = 0; i < row; ++i) {
        double y = (xr[i] - mean) * rstd;
        if (w)
          y *= w[i];
        if (b)
          y += b[i];
        o[r * row + i] = (float)y;
      }
    }
    xnnRefF32Commit(out, o);
  }
  free(sx), free(sw), free(sb);
  return o != NULL;
}
