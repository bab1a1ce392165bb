/* Reference kernels: conv2d (NCHW x OIHW, stride, padding, dilation, groups),
 * conv3d (NCDHW x OIDHW, the same with a depth axis),
 * max_pool2d (padding acts as -inf, dilation, ceil_mode), avg_pool2d
 * (ceil_mode, count_include_pad, divisor_override).
 *
 * Output sizes come from the result type (the verifier checked them against
 * ATen's formulas, including ceil_mode's "last window starts inside the
 * input or left padding" rule). conv2d accumulates each output element in f32
 * over (input channel, kh, kw) in ascending order and then adds the bias;
 * avg_pool2d sums its window in f32 and divides, as ATen's cpu_avg_pool, by
 * divisor_override if given, else with count_include_pad by the window size
 * clipped to the padded input, (min(h0 + kH, H + pH) - h0) * (min(w0 + kW, W +
 * pW) - w0), else by the number of input elements in the window (a window
 * without any is 0); max_pool2d propagates NaN (ATen: val > max || isnan(val)). */
#include "Kernels.h"

#include "Support/IR.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A required array<i64> of `count` elements. */
static bool dims(XnnRefCtx *c, const char *name, int64_t *v, int count) {
  intptr_t n = 0;
  if (!xnnRefAttrI64Array(c, name, v, count, &n))
    return xnnRefFail(c, "requires attribute '%s'", name);
  if (n != count)
    return xnnRefFail(c, "attribute '%s' must have %d elements", name, count);
  return true;
}

static bool pair(XnnRefCtx *c, const char *name, int64_t *v, int64_t dflt) {
  intptr_t n = 0;
  v[0] = v[1] = dflt;
  if (!xnnRefAttrI64Array(c, name, v, 2, &n))
    return dflt >= 0 || xnnRefFail(c, "requires attribute '%s'", name);
  if (n != 2)
    return xnnRefFail(c, "attribute '%s' must have 2 elements", name);
  return true;
}

/* conv2d and conv3d: 2-D is 3-D of depth 1, so both accumulate in the
 * same order: (input channel, kd, kh, kw) ascending, then the bias. */
/* A convolution's x, weight and optional bias (in[2] when nIn > 2) as f32
 * views, and its output; the output is NULL when a view fails. */
typedef struct {
  float *sx, *sw, *sb;
} ConvViews;

static float *openConvViews(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, ConvViews *v,
                            const float **x, const float **w, const float **bias) {
  *v = (ConvViews){NULL, NULL, NULL};
  *x = xnnRefF32In(c, &in[0], &v->sx);
  *w = *x ? xnnRefF32In(c, &in[1], &v->sw) : NULL;
  bool ok = *w != NULL;
  if (ok && nIn > 2)
    ok = (*bias = xnnRefF32In(c, &in[2], &v->sb)) != NULL;
  return ok ? xnnRefF32Out(c, out) : NULL;
}

/* Commits the output `o` (if any) and frees the views; true if there was one. */
static bool closeConvViews(XnnMlirTensor *out, ConvViews *v, float *o) {
  if (o)
    xnnRefF32Commit(out, o);
  free(v->sx), free(v->sw), free(v->sb);
  return o != NULL;
}

static bool conv(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, int spatial) {
  int64_t st[3] = {1, 1, 1}, pd[3] = {0, 0, 0}, dl[3] = {1, 1, 1}, G = 1;
  int o3 = 3 - spatial; /* 2-D: index 0 (depth) stays 1 / 0 / 1 */
  if (!dims(c, "stride", st + o3, spatial) || !dims(c, "padding", pd + o3, spatial) ||
      !dims(c, "dilation", dl + o3, spatial))
    return false;
  xnnRefAttrI64(c, "groups", &G);
  const XnnMlirTensor *X = &in[0], *W = &in[1];
  int64_t xd[5] = {1, 1, 1, 1, 1}, wd[5] = {1, 1, 1, 1, 1}, od[5] = {1, 1, 1, 1, 1};
  for (int i = 0; i < 2 + spatial; ++i) {
    int j = i < 2 ? i : i + o3;
    xd[j] = X->dims[i], wd[j] = W->dims[i], od[j] = out->dims[i];
  }
  int64_t N = xd[0], C = xd[1], D = xd[2], H = xd[3], Wd = xd[4];
  int64_t O = wd[0], Cg = wd[1], KD = wd[2], KH = wd[3], KW = wd[4];
  int64_t OD = od[2], OH = od[3], OW = od[4];
  if (G < 1 || O % G || C != Cg * G)
    return xnnRefFail(c, "channels do not match groups");
  int64_t Og = O / G;
  ConvViews v;
  const float *x = NULL, *w = NULL, *bias = NULL;
  float *o = openConvViews(c, in, nIn, out, &v, &x, &w, &bias);
  if (o) {
    int64_t plane = OD * OH * OW;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t oc = 0; oc < O; ++oc) {
        int64_t g = oc / Og;
        float *op = o + (n * O + oc) * plane;
        for (int64_t ic = 0; ic < Cg; ++ic) {
          const float *xc = x + (n * C + g * Cg + ic) * D * H * Wd;
          for (int64_t kd = 0; kd < KD; ++kd)
            for (int64_t kh = 0; kh < KH; ++kh)
              for (int64_t kw = 0; kw < KW; ++kw) {
                float wv = w[(((oc * Cg + ic) * KD + kd) * KH + kh) * KW + kw];
                for (int64_t odd = 0; odd < OD; ++odd) {
                  int64_t id = odd * st[0] - pd[0] + kd * dl[0];
                  if (id < 0 || id >= D)
                    continue;
                  for (int64_t oh = 0; oh < OH; ++oh) {
                    int64_t ih = oh * st[1] - pd[1] + kh * dl[1];
                    if (ih < 0 || ih >= H)
                      continue;
                    const float *xr = xc + (id * H + ih) * Wd;
                    float *orow = op + (odd * OH + oh) * OW;
                    for (int64_t ow = 0; ow < OW; ++ow) {
                      int64_t iw = ow * st[2] - pd[2] + kw * dl[2];
                      if (iw >= 0 && iw < Wd)
                        orow[ow] += wv * xr[iw];
                    }
                  }
                }
              }
        }
        if (bias)
          for (int64_t i = 0; i < plane; ++i)
            op[i] += bias[oc];
      }
  }
  return closeConvViews(out, &v, o);
}

bool xnnRefConv2d(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                  size_t nOut) {
  (void)nOut;
  return conv(c, in, nIn, out, 2);
}

bool xnnRefConv3d(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                  size_t nOut) {
  (void)nOut;
  return conv(c, in, nIn, out, 3);
}

/* ATen's max over the pooling window at (h0, w0) of an H x W plane: the
 * window's first valid element to start, then every later element greater
 * than the maximum so far, or NaN, takes over (so the last NaN wins); *at
 * gets the winner's index ih * W + iw within the plane. */
static float windowMax(const float *xp, int64_t H, int64_t W, int64_t h0, int64_t w0, const int64_t *k,
                       const int64_t *dl, int64_t *at) {
  int64_t ih0 = h0, iw0 = w0;
  while (ih0 < 0)
    ih0 += dl[0];
  while (iw0 < 0)
    iw0 += dl[1];
  *at = ih0 * W + iw0;
  float r = -INFINITY;
  for (int64_t ih = ih0; ih < H && ih < h0 + k[0] * dl[0]; ih += dl[0])
    for (int64_t iw = iw0; iw < W && iw < w0 + k[1] * dl[1]; iw += dl[1]) {
      float v = xp[ih * W + iw];
      if (v > r || v != v) {
        r = v;
        *at = ih * W + iw;
      }
    }
  return r;
}

/* ATen's average over the window at (h0, w0): the window clipped to the
 * padded plane counts when count_include_pad, else only its input elements;
 * a window without input elements is 0. */
static float windowAvg(const float *xp, int64_t H, int64_t W, int64_t h0, int64_t w0, const int64_t *k,
                       const int64_t *pd, bool countPad, int64_t divisorOverride) {
  int64_t h1 = h0 + k[0] < H + pd[0] ? h0 + k[0] : H + pd[0];
  int64_t w1 = w0 + k[1] < W + pd[1] ? w0 + k[1] : W + pd[1];
  int64_t size = (h1 - h0) * (w1 - w0);
  int64_t ih0 = h0 < 0 ? 0 : h0, iw0 = w0 < 0 ? 0 : w0;
  int64_t ih1 = h1 < H ? h1 : H, iw1 = w1 < W ? w1 : W;
  float acc = 0.0f;
  for (int64_t ih = ih0; ih < ih1; ++ih)
    for (int64_t iw = iw0; iw < iw1; ++iw)
      acc += xp[ih * W + iw];
  int64_t divisor = divisorOverride ? divisorOverride : countPad ? size : (ih1 - ih0) * (iw1 - iw0);
  return ih0 < ih1 && iw0 < iw1 ? acc / (float)divisor : 0.0f;
}

typedef enum { POOL_MAX, POOL_AVG, POOL_MAX_INDICES } PoolKind;

/* 2-D pooling of X [N, C, H, W]: the window's max, average or (int64) the
 * max's index. */
static bool pool(XnnRefCtx *c, const XnnMlirTensor *X, XnnMlirTensor *out, PoolKind kind) {
  int64_t k[2], st[2], pd[2], dl[2];
  if (!pair(c, "kernel_size", k, -1) || !pair(c, "stride", st, -1) ||
      !pair(c, "padding", pd, -1) || !pair(c, "dilation", dl, kind == POOL_AVG ? 1 : -1))
    return false;
  bool countPad = true;
  int64_t divisorOverride = 0;
  if (kind == POOL_AVG) {
    dl[0] = dl[1] = 1;
    xnnRefAttrBool(c, "count_include_pad", &countPad);
    xnnRefAttrI64(c, "divisor_override", &divisorOverride);
  }
  int64_t NC = X->dims[0] * X->dims[1], H = X->dims[2], W = X->dims[3];
  int64_t OH = out->dims[2], OW = out->dims[3];
  float *sx = NULL, *o = NULL;
  int64_t *oi = NULL;
  const float *x = xnnRefF32In(c, X, &sx);
  if (x && kind == POOL_MAX_INDICES)
    oi = xnnRefI64Out(c, out);
  else if (x)
    o = xnnRefF32Out(c, out);
  for (int64_t p = 0; (o || oi) && p < NC; ++p) {
    const float *xp = x + p * H * W;
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        int64_t h0 = oh * st[0] - pd[0], w0 = ow * st[1] - pd[1], at, i = (p * OH + oh) * OW + ow;
        if (kind == POOL_AVG)
          o[i] = windowAvg(xp, H, W, h0, w0, k, pd, countPad, divisorOverride);
        else if (kind == POOL_MAX)
          o[i] = windowMax(xp, H, W, h0, w0, k, dl, &at);
        else
          windowMax(xp, H, W, h0, w0, k, dl, &oi[i]);
      }
  }
  if (o)
    xnnRefF32Commit(out, o);
  if (oi)
    xnnRefI64Commit(out, oi);
  free(sx);
  return o || oi;
}

bool xnnRefMaxPool2d(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                     size_t nOut) {
  (void)nIn, (void)nOut;
  return pool(c, &in[0], out, POOL_MAX);
}

bool xnnRefAvgPool2d(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                     size_t nOut) {
  (void)nIn, (void)nOut;
  return pool(c, &in[0], out, POOL_AVG);
}

/* max_pool2d_with_indices' indices, as ATen's CPU kernel (windowMax). */
bool xnnRefMaxPool2dIndices(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                            size_t nOut) {
  (void)nIn, (void)nOut;
  return pool(c, &in[0], out, POOL_MAX_INDICES);
}

/* _adaptive_avg_pool2d: window i along an axis of In -> Out is
 * [floor(i * In / Out), ceil((i + 1) * In / Out)); the window's sum in f32
 * (row-major), then / kh / kw as ATen's CPU kernel divides. x is [N, C, H, W]
 * or [C, H, W]. */
bool xnnRefAdaptiveAvgPool2d(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn,
                             XnnMlirTensor *out, size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *X = &in[0];
  int64_t r = X->rank, H = X->dims[r - 2], W = X->dims[r - 1];
  int64_t OH = out->dims[r - 2], OW = out->dims[r - 1];
  int64_t NC = xnnMlirTensorNumElements(X) / (H * W);
  float *sx = NULL;
  const float *x = xnnRefF32In(c, X, &sx);
  float *o = x ? xnnRefF32Out(c, out) : NULL;
  if (o) {
    for (int64_t p = 0; p < NC; ++p)
      for (int64_t oh = 0; oh < OH; ++oh) {
        int64_t h0 = oh * H / OH, h1 = ((oh + 1) * H + OH - 1) / OH;
        for (int64_t ow = 0; ow < OW; ++ow) {
          int64_t w0 = ow * W / OW, w1 = ((ow + 1) * W + OW - 1) / OW;
          float acc = 0.0f;
          for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw)
              acc += x[(p * H + ih) * W + iw];
          o[(p * OH + oh) * OW + ow] = acc / (float)(h1 - h0) / (float)(w1 - w0);
        }
      }
    xnnRefF32Commit(out, o);
  }
  free(sx);
  return o != NULL;
}

/* conv_transpose2d (ATen convolution, transposed): each output element
 * gathers x[n, ic, ih, iw] * w[ic, oc % (Cout/G), kh, kw] over the input
 * channels of its group and the taps with oh + pad = ih * stride + kh * dil
 * (likewise for w), accumulated in f32 in ascending (ic, kh, kw) order, then
 * the bias; rounded once to the storage type, as conv2d. */
bool xnnRefConvTranspose2d(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                           size_t nOut) {
  (void)nOut;
  int64_t st[2], pd[2], dl[2], G = 1;
  if (!pair(c, "stride", st, -1) || !pair(c, "padding", pd, -1) || !pair(c, "dilation", dl, -1))
    return false;
  xnnRefAttrI64(c, "groups", &G);
  const XnnMlirTensor *X = &in[0], *W = &in[1];
  int64_t N = X->dims[0], C = X->dims[1], H = X->dims[2], Wd = X->dims[3];
  int64_t Og = W->dims[1], KH = W->dims[2], KW = W->dims[3];
  int64_t O = out->dims[1], OH = out->dims[2], OW = out->dims[3];
  if (G < 1 || C % G || O != Og * G || st[0] < 1 || st[1] < 1)
    return xnnRefFail(c, "channels do not match groups");
  int64_t Cg = C / G;
  ConvViews v;
  const float *x = NULL, *w = NULL, *bias = NULL;
  float *o = openConvViews(c, in, nIn, out, &v, &x, &w, &bias);
  if (o) {
    for (int64_t n = 0; n < N; ++n)
      for (int64_t oc = 0; oc < O; ++oc) {
        int64_t g = oc / Og, ocg = oc % Og;
        for (int64_t oh = 0; oh < OH; ++oh)
          for (int64_t ow = 0; ow < OW; ++ow) {
            float acc = 0.0f;
            for (int64_t icg = 0; icg < Cg; ++icg) {
              int64_t ic = g * Cg + icg;
              const float *xp = x + (n * C + ic) * H * Wd;
              const float *wp = w + (ic * Og + ocg) * KH * KW;
              for (int64_t kh = 0; kh < KH; ++kh) {
                int64_t th = oh + pd[0] - kh * dl[0];
                if (th < 0 || th % st[0] || th / st[0] >= H)
                  continue;
                for (int64_t kw = 0; kw < KW; ++kw) {
                  int64_t tw = ow + pd[1] - kw * dl[1];
                  if (tw < 0 || tw % st[1] || tw / st[1] >= Wd)
                    continue;
                  acc += xp[(th / st[0]) * Wd + tw / st[1]] * wp[kh * KW + kw];
                }
              }
            }
            o[((n * O + oc) * OH + oh) * OW + ow] = bias ? acc + bias[oc] : acc;
          }
      }
  }
  return closeConvViews(out, &v, o);
}

/* upsample_nearest2d.vec with scales from the sizes: ATen's nearest_idx,
 * bit for bit: the identity for equal sizes, dst >> 1 for twice the size,
 * else min(floor(dst * (float)in / out), in - 1) in float. */
int64_t xnnRefNearestIndex(int64_t dst, int64_t inSize, int64_t outSize) {
  if (outSize == inSize)
    return dst;
  if (outSize == 2 * inSize)
    return dst >> 1;
  float scale = (float)inSize / (float)outSize;
  int64_t src = (int64_t)floorf((float)dst * scale);
  return src < inSize - 1 ? src : inSize - 1;
}

bool xnnRefUpsampleNearest2d(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                             size_t nOut) {
  (void)c, (void)nIn, (void)nOut;
  const XnnMlirTensor *X = &in[0];
  int64_t NC = X->dims[0] * X->dims[1], H = X->dims[2], W = X->dims[3];
  int64_t OH = out->dims[2], OW = out->dims[3];
  size_t es = xnnMlirDTypeSize(X->dtype);
  const unsigned char *x = X->data;
  unsigned char *o = out->data;
  /* Data movement: the bytes of the chosen element (NaN payloads kept). */
  for (int64_t p = 0; p < NC; ++p)
    for (int64_t oh = 0; oh < OH; ++oh) {
      int64_t ih = xnnRefNearestIndex(oh, H, OH);
      for (int64_t ow = 0; ow < OW; ++ow) {
        int64_t iw = xnnRefNearestIndex(ow, W, OW);
        memcpy(o + (size_t)((p * OH + oh) * OW + ow) * es, x + (size_t)((p * H + ih) * W + iw) * es,
               es);
      }
    }
  return true;
}

/* One axis of ATen's linear interpolation (compute_source_index_and_lambda):
 * the ratio in float (area_pixel_compute_scale), the source index in double
 * (CPU acc_type), the weights rounded to float. */
typedef struct LinearTap {
  int64_t i0, i1;
  float l0, l1;
} LinearTap;

static LinearTap linearTap(int64_t dst, int64_t inSize, int64_t outSize, bool alignCorners) {
  LinearTap t = {dst, dst, 1.0f, 0.0f};
  if (outSize == inSize)
    return t;
  float ratio = alignCorners ? (outSize > 1 ? (float)(inSize - 1) / (float)(outSize - 1) : 0.0f)
                             : (float)inSize / (float)outSize;
  double real = alignCorners ? (double)ratio * (double)dst : (double)ratio * ((double)dst + 0.5) - 0.5;
  if (!alignCorners && real < 0.0)
    real = 0.0;
  t.i0 = (int64_t)real;
  t.i1 = t.i0 + (t.i0 < inSize - 1 ? 1 : 0);
  t.l1 = (float)(real - (double)t.i0);
  t.l0 = 1.0f - t.l1;
  return t;
}

/* What both bilinear resizes (NCHW) read first: align_corners, the N*C
 * planes, the input's H x W and the output's OH x OW. */
typedef struct ResizeGeometry {
  bool align;
  int64_t NC, H, W, OH, OW;
} ResizeGeometry;

static ResizeGeometry resizeGeometry(XnnRefCtx *c, const XnnMlirTensor *X, const XnnMlirTensor *out) {
  ResizeGeometry g = {false, X->dims[0] * X->dims[1], X->dims[2], X->dims[3], out->dims[2], out->dims[3]};
  xnnRefAttrBool(c, "align_corners", &g.align);
  return g;
}

/* upsample_bilinear2d.vec with scales from the sizes. Each output is
 * lerp_h(lerp_w(row i0), lerp_w(row i1)) with lerp(p, q) = p * l0 + q * l1
 * evaluated as fma(p, l0, q * l1): PyTorch's AVX2 kernel (what x86-64 CPUs
 * run) is compiled with that contraction, and this matches torch 1.13 bit
 * for bit on every config of test/Torch/ops-vs-torch.test. */
bool xnnRefUpsampleBilinear2d(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                              size_t nOut) {
  (void)nIn, (void)nOut;
  ResizeGeometry g = resizeGeometry(c, &in[0], out);
  float *sx = NULL;
  const float *x = xnnRefF32In(c, &in[0], &sx);
  float *o = x ? xnnRefF32Out(c, out) : NULL;
  if (o) {
    for (int64_t p = 0; p < g.NC; ++p)
      for (int64_t oh = 0; oh < g.OH; ++oh) {
        LinearTap th = linearTap(oh, g.H, g.OH, g.align);
        const float *r0 = x + (p * g.H + th.i0) * g.W, *r1 = x + (p * g.H + th.i1) * g.W;
        for (int64_t ow = 0; ow < g.OW; ++ow) {
          LinearTap tw = linearTap(ow, g.W, g.OW, g.align);
          float t0 = fmaf(r0[tw.i0], tw.l0, r0[tw.i1] * tw.l1);
          float t1 = fmaf(r1[tw.i0], tw.l0, r1[tw.i1] * tw.l1);
          o[(p * g.OH + oh) * g.OW + ow] = fmaf(t0, th.l0, t1 * th.l1);
        }
      }
    xnnRefF32Commit(out, o);
  }
  free(sx);
  return o != NULL;
}

/* _upsample_bilinear2d_aa: separable resampling with the triangle filter
 * stretched by the scale when downsampling (support max(scale, 1)), each
 * output's weights normalized to sum 1, as ATen's CPU kernel: along W
 * first (skipped when the width is unchanged), rounded to f32, then along H.
 * scale = in / out, or (in - 1) / (out - 1) with align_corners; the filter
 * is centred at scale * (i + 0.5). Sums in double: within 1e-5 of torch
 * (its f32 sums differ in the last bits). */
static bool aaWeights(int64_t in, int64_t outN, bool align, int64_t *first, int64_t *count, double *w,
                      int64_t maxTaps) {
  double scale = align ? (outN > 1 ? (double)(in - 1) / (double)(outN - 1) : 0.0) : (double)in / (double)outN;
  double support = scale >= 1.0 ? scale : 1.0, inv = scale >= 1.0 ? 1.0 / scale : 1.0;
  for (int64_t i = 0; i < outN; ++i) {
    double center = scale * ((double)i + 0.5);
    int64_t lo = (int64_t)(center - support + 0.5), hi = (int64_t)(center + support + 0.5);
    lo = lo < 0 ? 0 : lo;
    hi = hi > in ? in : hi;
    int64_t n = hi - lo;
    if (n > maxTaps)
      return false;
    double total = 0.0;
    for (int64_t j = 0; j < n; ++j) {
      double x = fabs(((double)(j + lo) - center + 0.5) * inv);
      w[i * maxTaps + j] = x < 1.0 ? 1.0 - x : 0.0;
      total += w[i * maxTaps + j];
    }
    for (int64_t j = 0; j < n; ++j)
      w[i * maxTaps + j] = total != 0.0 ? w[i * maxTaps + j] / total : 0.0;
    first[i] = lo, count[i] = n;
  }
  return true;
}

bool xnnRefUpsampleBilinear2dAA(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                                size_t nOut) {
  (void)nIn, (void)nOut;
  ResizeGeometry g = resizeGeometry(c, &in[0], out);
  int64_t tapsW = g.W, tapsH = g.H; /* a window never holds more than the input */
  float *sx = NULL;
  const float *x = xnnRefF32In(c, &in[0], &sx);
  float *o = x ? xnnRefF32Out(c, out) : NULL;
  float *mid = o ? malloc(sizeof(float) * (size_t)(g.NC * g.H * g.OW + 1)) : NULL;
  int64_t *fw = mid ? malloc(sizeof(int64_t) * (size_t)(2 * (g.OW + g.OH) + 2)) : NULL;
  double *ww = fw ? malloc(sizeof(double) * (size_t)(g.OW * tapsW + g.OH * tapsH + 2)) : NULL;
  bool ok = false;
  if (o && !ww)
    xnnRefFail(c, "out of memory");
  else if (ww) {
    int64_t *cw = fw + g.OW, *fh = cw + g.OW, *ch = fh + g.OH;
    double *wh = ww + g.OW * tapsW;
    if (!aaWeights(g.W, g.OW, g.align, fw, cw, ww, tapsW) || !aaWeights(g.H, g.OH, g.align, fh, ch, wh, tapsH))
      xnnRefFail(c, "filter wider than expected");
    else {
      for (int64_t p = 0; p < g.NC * g.H; ++p) {
        const float *row = x + p * g.W;
        for (int64_t i = 0; i < g.OW; ++i) {
          if (g.OW == g.W) {
            mid[p * g.OW + i] = row[i];
            continue;
          }
          double acc = 0.0;
          for (int64_t j = 0; j < cw[i]; ++j)
            acc += (double)row[fw[i] + j] * ww[i * tapsW + j];
          mid[p * g.OW + i] = (float)acc;
        }
      }
      for (int64_t p = 0; p < g.NC; ++p)
        for (int64_t i = 0; i < g.OH; ++i)
          for (int64_t q = 0; q < g.OW; ++q) {
            const float *col = mid + p * g.H * g.OW + q;
            if (g.OH == g.H) {
              o[(p * g.OH + i) * g.OW + q] = col[i * g.OW];
              continue;
            }
            double acc = 0.0;
            for (int64_t j = 0; j < ch[i]; ++j)
              acc += (double)col[(fh[i] + j) * g.OW] * wh[i * tapsH + j];
            o[(p * g.OH + i) * g.OW + q] = (float)acc;
          }
      xnnRefF32Commit(out, o);
      ok = true;
    }
  }
  free(ww);
  free(fw);
  free(mid);
  free(sx);
  return ok;
}
