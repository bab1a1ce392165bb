/* Reference kernels: linear, mm, bmm, scaled_dot_product_attention.
 *
 * Float dot products accumulate in f32 in ascending k order, then round once
 * to the storage type; linear adds the bias after the dot product (in f32).
 * Integer mm / bmm accumulate exactly on int64 (wrap-around).
 *
 * sdpa (q [..., L, E], k [..., S, E], v [..., S, Ev]): everything in f32 with
 * one rounding at the end, as PyTorch's CPU math / flash paths upcast 16-bit
 * inputs: scores = (q . k) * scale (default 1/sqrt(E)); a boolean mask keeps
 * positions where it is true (false -> -inf), a float mask is added;
 * is_causal keeps s <= l (top-left aligned, torch.ones(L, S).tril()); a
 * max-subtracted softmax in f32 (sum in double); a row whose scores are all
 * -inf gives zeros (ATen's _safe_softmax); out = p . v. */
#include "Kernels.h"

#include "Support/IR.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool xnnRefLinear(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                  size_t nOut) {
  (void)nOut;
  const XnnMlirTensor *x = &in[0], *w = &in[1];
  int64_t K = w->dims[1], N = w->dims[0];
  int64_t M = K ? xnnMlirTensorNumElements(x) / K : xnnMlirTensorNumElements(out) / (N ? N : 1);
  float *sx = NULL, *sw = NULL, *sb = NULL;
  const float *a = xnnRefF32In(c, x, &sx);
  const float *b = a ? xnnRefF32In(c, w, &sw) : NULL;
  const float *bias = NULL;
  bool ok = b != NULL;
  if (ok && nIn > 2)
    ok = (bias = xnnRefF32In(c, &in[2], &sb)) != NULL;
  float *o = ok ? xnnRefF32Out(c, out) : NULL;
  if (o) {
    for (int64_t m = 0; m < M; ++m) {
      const float *xr = a + m * K;
      for (int64_t n = 0; n < N; ++n) {
        const float *wr = b + n * K;
        float acc = 0.0f;
        for (int64_t k = 0; k < K; ++k)
          acc += xr[k] * wr[k];
        o[m * N + n] = bias ? acc + bias[n] : acc;
      }
    }
    xnnRefF32Commit(out, o);
  }
  free(sx), free(sw), free(sb);
  return o != NULL;
}

/* [B, M, K] x [B, K, N] -> [B, M, N] (i-k-j order: rows stay contiguous; each
 * output element still sums over k in ascending order). */
static bool matmul(XnnRefCtx *c, const XnnMlirTensor *A, const XnnMlirTensor *B,
                   XnnMlirTensor *out, int64_t batch) {
  int64_t r = A->rank, M = A->dims[r - 2], K = A->dims[r - 1], N = B->dims[r - 1];
  if (xnnRefIsFloat(out->dtype)) {
    float *sa = NULL, *sb = NULL;
    const float *a = xnnRefF32In(c, A, &sa);
    const float *b = a ? xnnRefF32In(c, B, &sb) : NULL;
    float *o = b ? xnnRefF32Out(c, out) : NULL;
    if (o) {
      for (int64_t bt = 0; bt < batch; ++bt) {
        const float *ab = a + bt * M * K, *bb = b + bt * K * N;
        float *ob = o + bt * M * N;
        for (int64_t m = 0; m < M; ++m) {
          float *orow = ob + m * N;
          for (int64_t k = 0; k < K; ++k) {
            float av = ab[m * K + k];
            const float *brow = bb + k * N;
            for (int64_t n = 0; n < N; ++n)
              orow[n] += av * brow[n];
          }
        }
      }
      xnnRefF32Commit(out, o);
    }
    free(sa), free(sb);
    return o != NULL;
  }
  int64_t *sa = NULL, *sb = NULL;
  const int64_t *a = xnnRefI64In(c, A, &sa);
  const int64_t *b = a ? xnnRefI64In(c, B, &sb) : NULL;
  int64_t *o = b ? xnnRefI64Out(c, out) : NULL;
  if (o) {
    uint64_t *uo = (uint64_t *)o;
    for (int64_t bt = 0; bt < batch; ++bt)
      for (int64_t m = 0; m < M; ++m)
        for (int64_t k = 0; k < K; ++k) {
          uint64_t av = (uint64_t)a[(bt * M + m) * K + k];
          const int64_t *brow = b + (bt * K + k) * N;
          uint64_t *orow = uo + (bt * M + m) * N;
          for (int64_t n = 0; n < N; ++n)
            orow[n] += av * (uint64_t)brow[n];
        }
    xnnRefI64Commit(out, o);
  }
  free(sa), free(sb);
  return o != NULL;
}

bool xnnRefMm(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
              size_t nOut) {
  (void)nIn, (void)nOut;
  return matmul(c, &in[0], &in[1], out, 1);
}

bool xnnRefBmm(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
               size_t nOut) {
  (void)nIn, (void)nOut;
  return matmul(c, &in[0], &in[1], out, in[0].dims[0]);
}

bool xnnRefSdpa(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                size_t nOut) {
  (void)nOut;
  const XnnMlirTensor *Q = &in[0], *K = &in[1], *V = &in[2];
  const XnnMlirTensor *mask = nIn > 3 ? &in[3] : NULL;
  int64_t r = Q->rank, L = Q->dims[r - 2], E = Q->dims[r - 1], S = K->dims[r - 2],
          Ev = V->dims[r - 1];
  double scaleD = E > 0 ? 1.0 / sqrt((double)E) : 1.0;
  xnnRefAttrF64(c, "scale", &scaleD);
  bool causal = false;
  xnnRefAttrBool(c, "is_causal", &causal);
  float scale = (float)scaleD;
  /* Mask strides against the score shape [batch..., L, S]. */
  int64_t mst[XNN_MLIR_TENSOR_MAX_RANK] = {0};
  if (mask) {
    int64_t ms[XNN_MLIR_TENSOR_MAX_RANK], off = r - mask->rank;
    if (off < 0)
      return xnnRefFail(c, "mask rank exceeds the score rank");
    xnnRefStrides(mask->dims, mask->rank, ms);
    for (int64_t i = off; i < r; ++i)
      mst[i] = mask->dims[i - off] == 1 ? 0 : ms[i - off];
  }
  bool boolMask = mask && mask->dtype == XNN_MLIR_I1;
  float *sq = NULL, *sk = NULL, *sv = NULL, *sm = NULL;
  const float *q = xnnRefF32In(c, Q, &sq);
  const float *k = q ? xnnRefF32In(c, K, &sk) : NULL;
  const float *v = k ? xnnRefF32In(c, V, &sv) : NULL;
  const float *fm = NULL;
  bool ok = v != NULL;
  if (ok && mask && !boolMask)
    ok = (fm = xnnRefF32In(c, mask, &sm)) != NULL;
  float *scores = ok ? malloc(sizeof(float) * (size_t)(S + 1)) : NULL;
  if (ok && !scores)
    ok = xnnRefFail(c, "out of memory");
  float *o = ok ? xnnRefF32Out(c, out) : NULL;
  if (o) {
    int64_t batch = 1;
    for (int64_t i = 0; i < r - 2; ++i)
      batch *= Q->dims[i];
    int64_t idx[XNN_MLIR_TENSOR_MAX_RANK] = {0}, mOff = 0;
    const unsigned char *bm = boolMask ? mask->data : NULL;
    for (int64_t bt = 0; bt < batch; ++bt) {
      const float *qb = q + bt * L * E, *kb = k + bt * S * E, *vb = v + bt * S * Ev;
      float *ob = o + bt * L * Ev;
      for (int64_t l = 0; l < L; ++l) {
        float m = -INFINITY;
        for (int64_t s = 0; s < S; ++s) {
          float acc = 0.0f;
          for (int64_t e = 0; e < E; ++e)
            acc += qb[l * E + e] * kb[s * E + e];
          float sc = acc * scale;
          int64_t mi = mOff + l * mst[r - 2] + s * mst[r - 1];
          if (causal && s > l)
            sc = -INFINITY;
          else if (bm && !bm[mi])
            sc = -INFINITY;
          else if (fm)
            sc += fm[mi];
          scores[s] = sc;
          m = (sc > m || sc != sc) ? sc : m;
        }
        float *orow = ob + l * Ev;
        if (m == -INFINITY)
          continue; /* fully masked row: zeros */
        double sum = 0.0;
        for (int64_t s = 0; s < S; ++s) {
          scores[s] = expf(scores[s] - m);
          sum += scores[s];
        }
        for (int64_t s = 0; s < S; ++s) {
          float p = (float)((double)scores[s] / sum);
          const float *vr = vb + s * Ev;
          for (int64_t e = 0; e < Ev; ++e)
            orow[e] += p * vr[e];
        }
      }
      for (int64_t kk = r - 3; kk >= 0; --kk) {
        mOff += mst[kk];
        if (++idx[kk] < Q->dims[kk])
          break;
        mOff -= mst[kk] * Q->dims[kk];
        idx[kk] = 0;
      }
    }
    xnnRefF32Commit(out, o);
  }
  free(scores);
  free(sq), free(sk), free(sv), free(sm);
  return o != NULL;
}

/* addmm: beta * bias + alpha * (a @ b) as ATen's CPU gemm computes it: the
 * dot product in f32 (ascending k), then alpha * acc + beta * bias in f32
 * (each factor skipped when 1), once rounded to the storage type; beta = 0
 * ignores bias, NaN included. bias broadcasts to [M, N]. */
bool xnnRefAddmm(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                 size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *C = &in[0], *A = &in[1], *B = &in[2];
  double beta = 1.0, alpha = 1.0;
  xnnRefAttrF64(c, "beta", &beta);
  xnnRefAttrF64(c, "alpha", &alpha);
  int64_t M = A->dims[0], K = A->dims[1], N = B->dims[1];
  /* bias strides over [M, N]: 0 along broadcast dims. */
  int64_t cm = 0, cn = 0;
  if (C->rank == 2)
    cm = C->dims[0] == 1 ? 0 : C->dims[1], cn = C->dims[1] == 1 ? 0 : 1;
  else if (C->rank == 1)
    cn = C->dims[0] == 1 ? 0 : 1;
  float *sa = NULL, *sb = NULL, *sc = NULL;
  const float *a = xnnRefF32In(c, A, &sa);
  const float *b = a ? xnnRefF32In(c, B, &sb) : NULL;
  const float *bias = b ? xnnRefF32In(c, C, &sc) : NULL;
  float *o = bias ? xnnRefF32Out(c, out) : NULL;
  if (o) {
    float fa = (float)alpha, fb = (float)beta;
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        float acc = 0.0f;
        for (int64_t k = 0; k < K; ++k)
          acc += a[m * K + k] * b[k * N + n];
        if (alpha != 1.0)
          acc *= fa;
        if (beta != 0.0) {
          float t = bias[m * cm + n * cn];
          if (beta != 1.0)
            t *= fb;
          acc += t;
        }
        o[m * N + n] = acc;
      }
    xnnRefF32Commit(out, o);
  }
  free(sa), free(sb), free(sc);
  return o != NULL;
}
