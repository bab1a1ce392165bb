/* Reference kernels of the quantization ops, with the arithmetic of PyTorch's
 * quantized_decomposed library (torch/ao/quantization/fx/_decomposed.py):
 * parameters chosen in f32, per-token (de)quantization in double (its scales
 * are float64 tensors, exact widenings of the f32 ones here), per-channel
 * dequantization in f32. Rounding is half to even (torch.round). */
#include "Kernels.h"

#include "Support/Float.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* torch.minimum / torch.maximum: NaN wins. */
static float minNaN(float a, float b) { return isnan(a) || isnan(b) ? NAN : a < b ? a : b; }
static float maxNaN(float a, float b) { return isnan(a) || isnan(b) ? NAN : a > b ? a : b; }

/* clamp then .to(int): NaN stays NaN through clamp; its conversion gives 0. */
static int64_t clampRound(double v, double lo, double hi) {
  if (isnan(v))
    return 0;
  v = nearbyint(v < lo ? lo : v > hi ? hi : v);
  return (int64_t)v;
}

static int64_t rowLength(const XnnMlirTensor *t) { return t->rank ? t->dims[t->rank - 1] : 1; }

static bool quantRange(XnnRefCtx *c, int64_t *qmin, int64_t *qmax) {
  if (!xnnRefAttrI64(c, "quant_min", qmin) || !xnnRefAttrI64(c, "quant_max", qmax))
    return xnnRefFail(c, "requires attributes 'quant_min' and 'quant_max'");
  return true;
}

/* Per row: min/max with 0, scale = (max - min) / 255 (at least FLT_EPSILON),
 * the zero point from the bound with the smaller error, clamped, rounded. */
bool xnnRefChooseQparamsPerToken(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                                 size_t nOut) {
  (void)c;
  (void)nIn;
  (void)nOut;
  const float *x = in[0].data;
  float *scales = out[0].data;
  int64_t *zps = out[1].data;
  int64_t k = rowLength(&in[0]), rows = k ? xnnMlirTensorNumElements(&in[0]) / k : 0;
  for (int64_t r = 0; r < rows; ++r) {
    float mn = INFINITY, mx = -INFINITY;
    for (int64_t i = 0; i < k; ++i) {
      mn = minNaN(mn, x[r * k + i]);
      mx = maxNaN(mx, x[r * k + i]);
    }
    float lo = minNaN(mn, 0.0f), hi = maxNaN(mx, 0.0f);
    float scale = (hi - lo) / 255.0f;
    if (scale < FLT_EPSILON) /* clamp(min=eps): NaN stays */
      scale = FLT_EPSILON;
    float dmin = lo / scale, dmax = hi / scale;
    float fromMin = -128.0f + dmin, fromMax = 127.0f + dmax;
    float zp = fromMin + fromMax > 0.0f ? -128.0f - dmin : 127.0f - dmax;
    scales[r] = scale;
    zps[r] = clampRound(zp, -128.0, 127.0);
  }
  return true;
}

/* q = clamp(round(x * (1 / scale) + zero_point)), in double. */
bool xnnRefQuantizePerToken(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nIn;
  (void)nOut;
  int64_t qmin, qmax;
  if (!quantRange(c, &qmin, &qmax))
    return false;
  const float *x = in[0].data, *scales = in[1].data;
  const int64_t *zps = in[2].data;
  signed char *q = out[0].data;
  int64_t k = rowLength(&in[0]), rows = k ? xnnMlirTensorNumElements(&in[0]) / k : 0;
  for (int64_t r = 0; r < rows; ++r) {
    double inv = 1.0 / (double)scales[r], zp = (double)zps[r];
    for (int64_t i = 0; i < k; ++i)
      q[r * k + i] = (signed char)clampRound((double)x[r * k + i] * inv + zp, (double)qmin, (double)qmax);
  }
  return true;
}

/* x = (q - zero_point) * scale, in double, rounded once to f32. */
bool xnnRefDequantizePerToken(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                              size_t nOut) {
  (void)c;
  (void)nIn;
  (void)nOut;
  const signed char *q = in[0].data;
  const float *scales = in[1].data;
  const int64_t *zps = in[2].data;
  float *x = out[0].data;
  int64_t k = rowLength(&in[0]), rows = k ? xnnMlirTensorNumElements(&in[0]) / k : 0;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i = 0; i < k; ++i)
      x[r * k + i] = (float)((double)((int64_t)q[r * k + i] - zps[r]) * (double)scales[r]);
  return true;
}

/* Per tensor, in f32 as PyTorch computes with Python scalars: q =
 * clamp(round(x * (float)(1 / scale)) + zero_point); x = (q - zero_point) * (float)scale. */
static bool perTensorParams(XnnRefCtx *c, float *scale, float *inv, int64_t *zp, int64_t *qmin, int64_t *qmax) {
  double s;
  if (!quantRange(c, qmin, qmax) || !xnnRefAttrF64(c, "scale", &s) || !xnnRefAttrI64(c, "zero_point", zp))
    return xnnRefFail(c, "requires attributes 'scale', 'zero_point', 'quant_min' and 'quant_max'");
  *scale = (float)s;
  *inv = (float)(1.0 / s);
  return true;
}

bool xnnRefQuantizePerTensor(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nIn;
  (void)nOut;
  float scale, inv;
  int64_t zp, qmin, qmax;
  if (!perTensorParams(c, &scale, &inv, &zp, &qmin, &qmax))
    return false;
  const float *x = in[0].data;
  signed char *q = out[0].data;
  for (int64_t i = 0, n = xnnMlirTensorNumElements(&in[0]); i < n; ++i) {
    float r = nearbyintf(x[i] * inv) + (float)zp;
    q[i] = (signed char)clampRound((double)r, (double)qmin, (double)qmax);
  }
  return true;
}

bool xnnRefDequantizePerTensor(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                               size_t nOut) {
  (void)nIn;
  (void)nOut;
  float scale, inv;
  int64_t zp, qmin, qmax;
  if (!perTensorParams(c, &scale, &inv, &zp, &qmin, &qmax))
    return false;
  const signed char *q = in[0].data;
  float *x = out[0].data;
  for (int64_t i = 0, n = xnnMlirTensorNumElements(&in[0]); i < n; ++i)
    x[i] = ((float)q[i] - (float)zp) * scale;
  return true;
}

/* w = (q - zero_point) * scale in f32 (exact integer difference), rounded to
 * the result type. */
static bool dequantizeWith(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, int64_t inner,
                           int64_t channels, int64_t group) {
  const signed char *q = in[0].data;
  const float *scales = in[1].data;
  int64_t *scratch = NULL;
  const int64_t *zps = nIn > 2 ? xnnRefI64In(c, &in[2], &scratch) : NULL;
  float *w = (nIn <= 2 || zps) ? xnnRefF32Out(c, out) : NULL;
  if (!w) {
    free(scratch);
    return false;
  }
  /* Element i = ((outer * channels + ch) * inner + j); grouped: row-major
   * [N, K] with scale index n * (K / group) + k / group (inner = K). */
  int64_t n = xnnMlirTensorNumElements(&in[0]);
  for (int64_t i = 0; i < n; ++i) {
    int64_t p = group ? (i / inner) * (inner / group) + (i % inner) / group : (i / inner) % channels;
    int64_t d = (int64_t)q[i] - (zps ? zps[p] : 0);
    w[i] = (float)d * scales[p];
  }
  xnnRefF32Commit(out, w);
  free(scratch);
  return true;
}

bool xnnRefDequantizePerChannel(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                                size_t nOut) {
  (void)nOut;
  int64_t axis = 0, a = 0;
  if (!xnnRefAttrI64(c, "axis", &axis) || !xnnRefNormDim(axis, in[0].rank, &a))
    return xnnRefFail(c, "requires a valid attribute 'axis'");
  int64_t inner = 1;
  for (int64_t d = a + 1; d < in[0].rank; ++d)
    inner *= in[0].dims[d];
  return dequantizeWith(c, in, nIn, out, inner, in[0].dims[a], 0);
}

bool xnnRefDequantizePerChannelGroup(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                                     size_t nOut) {
  (void)nOut;
  int64_t group = 0;
  if (!xnnRefAttrI64(c, "group_size", &group) || group < 1)
    return xnnRefFail(c, "requires a positive attribute 'group_size'");
  return dequantizeWith(c, in, nIn, out, in[0].dims[1], in[0].dims[0], group);
}

/* Quantized embedding tables (ExecuTorch's embedding_byte / _4bit / _2bit):
 * value j of row v unpacked from its byte(s), d = value - zero_point (exact),
 * d * scale computed in f32 (exact: an 8-bit integer times a float of at most
 * 24 significant bits) and rounded to the scales' type, as PyTorch multiplies
 * in that type; the result then rounds to the result's type. */
static int64_t unpacked(const unsigned char *row, int64_t j, int64_t bits) {
  unsigned b = row[j * bits / 8];
  if (bits == 8)
    return (signed char)b;
  if (bits == 4) /* high nibble is the even column */
    return (int64_t)((j & 1) ? (b & 15u) : (b >> 4)) - 8;
  return (int64_t)((b >> (2 * (j & 3))) & 3u) - 2;
}

static float scaleAt(const XnnMlirTensor *s, int64_t i) {
  const unsigned char *p = (const unsigned char *)s->data;
  if (s->dtype == XNN_MLIR_F32) {
    float f;
    memcpy(&f, p + 4 * i, 4);
    return f;
  }
  uint16_t h;
  memcpy(&h, p + 2 * i, 2);
  return s->dtype == XNN_MLIR_BF16 ? xnnBF16ToF32(h) : xnnF16ToF32(h);
}

static float inScaleType(const XnnMlirTensor *s, float v) {
  if (s->dtype == XNN_MLIR_BF16)
    return xnnBF16ToF32(xnnF32ToBF16(v));
  if (s->dtype == XNN_MLIR_F16)
    return xnnF16ToF32(xnnF32ToF16(v));
  return v;
}

static bool quantEmbedding(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, int64_t bits) {
  const XnnMlirTensor *w = &in[0], *s = &in[1], *idx = &in[2];
  int64_t V = w->dims[0], D = w->dims[1] * (8 / bits), G = s->rank == 2 ? s->dims[1] : 1, gs = D / G;
  int64_t n = xnnMlirTensorNumElements(idx);
  int64_t *scratch = NULL;
  const int64_t *zps = nIn > 3 ? xnnRefI64In(c, &in[3], &scratch) : NULL;
  float *y = (nIn <= 3 || zps) ? xnnRefF32Out(c, out) : NULL;
  if (!y) {
    free(scratch);
    return false;
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = xnnRefIndexAt(idx, i);
    if (v < 0 || v >= V) {
      if (y != out->data)
        free(y);
      free(scratch);
      return xnnRefFail(c, "index %lld (at position %lld) is out of range [0, %lld)", (long long)v, (long long)i,
                        (long long)V);
    }
    const unsigned char *row = (const unsigned char *)w->data + v * w->dims[1];
    for (int64_t j = 0; j < D; ++j) {
      int64_t g = v * G + j / gs;
      int64_t d = unpacked(row, j, bits) - (zps ? zps[g] : 0);
      y[i * D + j] = inScaleType(s, (float)d * scaleAt(s, g));
    }
  }
  xnnRefF32Commit(out, y);
  free(scratch);
  return true;
}

bool xnnRefEmbeddingByte(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nOut;
  return quantEmbedding(c, in, nIn, out, 8);
}

bool xnnRefEmbedding4bit(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nOut;
  return quantEmbedding(c, in, nIn, out, 4);
}

bool xnnRefEmbedding2bit(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nOut;
  return quantEmbedding(c, in, nIn, out, 2);
}
