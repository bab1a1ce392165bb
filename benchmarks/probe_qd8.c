/* Probe of the linked XNNPACK's dynamically quantized fully connected
 * (qd8-f32-qc8w / qc4w / qb4w): how it quantizes f32 activations per row,
 * which nibble of a byte holds which input channel, which block sizes it
 * takes, what its GEMM computes exactly, and its single-thread speed at M = 1.
 * Built by CMake as build/bin/xnn-probe-qd8 (docs/src/quantized-xnnpack-probe.md).
 *
 *   xnn-probe-qd8 params            # (a) per-row scale / zero point / rounding
 *   xnn-probe-qd8 exact             # (b) the GEMM's arithmetic, nibble order, block sizes
 *   xnn-probe-qd8 speed [reps]      # (c) ms per call and GB/s at M = 1, gemma-3-1b shapes
 *   xnn-probe-qd8 qs8               # (d) static int8: convert, dequantize, qs8-qc8w GEMM
 *   xnn-probe-qd8 range             # (e) full-range weights: -128 in qc8w, -8 in qc4w / qb4w
 *   xnn-probe-qd8 rows [maxM]       # (f) which row counts the qb4w GEMM computes right, per thread count
 *                                   #     (PROBE_FILLROWS=1: (a)'s row kinds; PROBE_BIAS=1: with a bias)
 */
#define _POSIX_C_SOURCE 200809L
#include <pthreadpool.h>
#include <xnnpack.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    enum xnn_status s_ = (x);                                                                      \
    if (s_ != xnn_status_success) {                                                                \
      fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #x, (int)s_);                 \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t next32(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint32_t)(rng >> 16);
}
static float uniform(float lo, float hi) { return lo + (hi - lo) * (float)(next32() & 0xFFFFFF) / 16777216.0f; }
static int irange(int lo, int hi) { return lo + (int)(next32() % (uint32_t)(hi - lo + 1)); }

static uint32_t bitsOf(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static uint16_t toBf16(float f) { /* RNE, finite inputs */
  uint32_t u = bitsOf(f);
  return (uint16_t)((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}
static float fromBf16(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* ---- the model of XNNPACK's per-row dynamic quantization ---------------- */

typedef struct {
  float scale;    /* dequantization scale (the kernel's input scale) */
  float invScale; /* the multiplier x -> q */
  int zp;
} RowParams;

/* xnn_f32_qd8_asymmetric_quantization_params (src/xnnpack/quantization.h of
 * the snapshot): multiplier 255 / (rmax - rmin) with rmin <= 0 <= rmax, the
 * zero point from whichever end has the smaller error, clamped, rounded to
 * nearest even; the kernel's scale is 1 / multiplier. */
static RowParams xnnParams(const float *x, size_t k) {
  float mn = x[0], mx = x[0];
  for (size_t i = 1; i < k; ++i)
    mn = fminf(mn, x[i]), mx = fmaxf(mx, x[i]);
  const float qmin = -128.0f, qmax = 127.0f;
  float rmin = fminf(0.0f, mn), rmax = fmaxf(0.0f, mx);
  float m = rmin == rmax ? 1.0f : (qmax - qmin) / (rmax - rmin);
  float dmin = rmin * m, dmax = rmax * m;
  float zp = (qmin + dmin) + (qmax + dmax) > 0 ? qmin - dmin : qmax - dmax;
  zp = fmaxf(zp, qmin);
  zp = fminf(zp, qmax);
  RowParams p = {1.0f / m, m, (int)lrintf(zp)};
  return p;
}

/* The convert kernel: x * multiplier, clamped to [-128 - zp, 127 - zp],
 * rounded to nearest even, plus zp. */
static int8_t xnnQuantize(float x, const RowParams *p) {
  float v = x * p->invScale;
  v = fminf(v, (float)(127 - p->zp));
  v = fmaxf(v, (float)(-128 - p->zp));
  return (int8_t)(lrintf(v) + p->zp);
}

/* PyTorch's choose_qparams_per_token_asymmetric + quantize_per_token
 * (torch/ao/quantization/fx/_decomposed.py, as ExecuTorch's 8da exports use
 * them): scale = (max(x_max, 0) - min(x_min, 0)) / 255 in f32, clamped to at
 * least FLT_EPSILON; the zero point by XNNPACK's rule (the end with the
 * smaller error) from min / scale and max / scale in f32, clamped, rounded
 * half to even; the scale then widened to f64; q = clamp(rne(x / scale + zp))
 * in f64. */
static RowParams torchParams(const float *x, size_t k) {
  float mn = x[0], mx = x[0];
  for (size_t i = 1; i < k; ++i)
    mn = fminf(mn, x[i]), mx = fmaxf(mx, x[i]);
  mn = fminf(mn, 0.0f), mx = fmaxf(mx, 0.0f);
  float scale = (mx - mn) / 255.0f;
  if (scale < 1.1920928955078125e-07f)
    scale = 1.1920928955078125e-07f;
  float dmin = mn / scale, dmax = mx / scale;
  float zmin = -128.0f + dmin, zmax = 127.0f + dmax;
  float zp = zmin + zmax > 0 ? -128.0f - dmin : 127.0f - dmax;
  zp = fminf(fmaxf(zp, -128.0f), 127.0f);
  RowParams p = {scale, 1.0f / scale, (int)nearbyintf(zp)};
  return p;
}
static int8_t torchQuantize(float x, const RowParams *p) {
  double v = nearbyint((double)x / (double)p->scale + (double)p->zp);
  v = fmin(fmax(v, -128.0), 127.0);
  return (int8_t)v;
}

/* ---- one fully connected subgraph: f32 x -> qdint8 -> FC(w) -> f32 ------- */

enum Kind { QC8W, QC4W, QB4W, F32W };
static const char *kindName(enum Kind k) {
  return k == QC8W ? "qd8-f32-qc8w" : k == QC4W ? "qd8-f32-qc4w" : k == QB4W ? "qd8-f32-qb4w" : "f32";
}

typedef struct {
  enum Kind kind;
  size_t m, k, n, block;
  const int8_t *q;       /* [n][k] logical signed weights */
  const float *fw;       /* f32 weights for F32W */
  const float *scale;    /* [n] (qc) */
  const uint16_t *bscale;/* [n][k/block] bf16 (qb4w) */
  const float *bias;     /* [n] or NULL */
  int lowNibbleOdd;      /* int4 packing: 0 = k even in the low nibble */
} Fc;

typedef struct {
  xnn_subgraph_t sg;
  xnn_runtime_t rt;
  void *packed; /* int4 bytes kept alive */
  enum xnn_status status;
} Built;

static void *pack4(const Fc *f) {
  size_t bytes = f->n * f->k / 2;
  uint8_t *p = calloc(bytes + 16, 1);
  for (size_t i = 0; i < f->n * f->k; i += 2) {
    uint8_t a = (uint8_t)(f->q[i] + 8), b = (uint8_t)(f->q[i + 1] + 8);
    p[i / 2] = f->lowNibbleOdd ? (uint8_t)(b | (a << 4)) : (uint8_t)(a | (b << 4));
  }
  return p;
}

static pthreadpool_t probePool; /* NULL: one thread (cmdRows sets it) */

static Built build(const Fc *f) {
  Built r = {0};
  CHECK(xnn_create_subgraph(2, 0, &r.sg));
  uint32_t x, xq = XNN_INVALID_VALUE_ID, w, b = XNN_INVALID_VALUE_ID, y;
  size_t xd[2] = {f->m, f->k}, wd[2] = {f->n, f->k}, bd[1] = {f->n}, yd[2] = {f->m, f->n};
  CHECK(xnn_define_tensor_value(r.sg, xnn_datatype_fp32, 2, xd, NULL, 0, XNN_VALUE_FLAG_EXTERNAL_INPUT, &x));
  if (f->kind != F32W) {
    CHECK(xnn_define_dynamically_quantized_tensor_value(r.sg, xnn_datatype_qdint8, 2, 1, xd, XNN_INVALID_VALUE_ID, 0,
                                                        &xq));
    CHECK(xnn_define_unary(r.sg, xnn_unary_convert, NULL, x, xq, 0));
  }
  enum xnn_status s;
  if (f->kind == QC8W) {
    s = xnn_define_channelwise_quantized_tensor_value(r.sg, xnn_datatype_qcint8, f->scale, 2, 0, wd, f->q,
                                                      XNN_INVALID_VALUE_ID, 0, &w);
  } else if (f->kind == QC4W) {
    r.packed = pack4(f);
    s = xnn_define_channelwise_quantized_tensor_value_v2(r.sg, xnn_datatype_qcint4, 8, f->scale, 2, 0, wd, r.packed,
                                                         XNN_INVALID_VALUE_ID, 0, &w);
  } else if (f->kind == QB4W) {
    r.packed = pack4(f);
    s = xnn_define_blockwise_quantized_tensor_value(r.sg, xnn_datatype_qbint4, 8, f->bscale, 2, 0, f->block, wd,
                                                    r.packed, XNN_INVALID_VALUE_ID, 0, &w);
  } else {
    s = xnn_define_tensor_value(r.sg, xnn_datatype_fp32, 2, wd, f->fw, XNN_INVALID_VALUE_ID, 0, &w);
  }
  if (s != xnn_status_success) {
    r.status = s;
    return r;
  }
  if (f->bias)
    CHECK(xnn_define_tensor_value(r.sg, xnn_datatype_fp32, 1, bd, f->bias, XNN_INVALID_VALUE_ID, 0, &b));
  CHECK(xnn_define_tensor_value(r.sg, xnn_datatype_fp32, 2, yd, NULL, 1, XNN_VALUE_FLAG_EXTERNAL_OUTPUT, &y));
  s = xnn_define_fully_connected(r.sg, -INFINITY, INFINITY, f->kind == F32W ? x : xq, w, b, y, 0);
  if (s != xnn_status_success) {
    r.status = s;
    return r;
  }
  r.status = xnn_create_runtime_v3(r.sg, NULL, probePool, 0, &r.rt);
  return r;
}

static void run(Built *r, const float *x, float *y) {
  struct xnn_external_value ext[2] = {{0, (void *)x}, {1, y}};
  CHECK(xnn_setup_runtime(r->rt, 2, ext));
  CHECK(xnn_invoke_runtime(r->rt));
}

static void release(Built *r) {
  if (r->rt)
    xnn_delete_runtime(r->rt);
  if (r->sg)
    xnn_delete_subgraph(r->sg);
  free(r->packed);
}

/* Random activations of assorted row shapes: mixed sign, all positive, all
 * negative, zeros, tiny, large, with exact ties of x * multiplier. */
static void fillRows(float *x, size_t m, size_t k) {
  for (size_t i = 0; i < m; ++i) {
    float *r = x + i * k;
    int shape = (int)(i % 7);
    for (size_t j = 0; j < k; ++j) {
      float v = uniform(-3.0f, 3.0f);
      if (shape == 1)
        v = fabsf(v) + 0.5f;
      else if (shape == 2)
        v = -fabsf(v) - 0.25f;
      else if (shape == 3)
        v = 0.0f;
      else if (shape == 4)
        v *= 1e-6f;
      else if (shape == 5)
        v *= 1e4f;
      else if (shape == 6)
        v = (float)irange(-128, 127) / 8.0f; /* on the grid: ties */
      r[j] = v;
    }
  }
}

/* ---- (a) quantization parameters ----------------------------------------- */

static int probeParams(void) {
  /* Identity qc8 weights (scale 1) make the FC output (q - zp) * scale. */
  size_t m = 700, k = 64;
  float *x = malloc(m * k * 4), *y = malloc(m * k * 4);
  int8_t *q = calloc(k * k, 1);
  float *ones = malloc(k * 4);
  for (size_t i = 0; i < k; ++i)
    q[i * k + i] = 1, ones[i] = 1.0f;
  fillRows(x, m, k);
  Fc f = {QC8W, m, k, k, 0, q, NULL, ones, NULL, NULL, 0};
  Built b = build(&f);
  CHECK(b.status);
  run(&b, x, y);
  size_t bad = 0, qDiff = 0, zpDiff = 0, scaleDiff = 0, n = 0, kindDiff[7] = {0}, zpKind[7] = {0};
  int maxQDiff = 0;
  for (size_t i = 0; i < m; ++i) {
    RowParams p = xnnParams(x + i * k, k), t = torchParams(x + i * k, k);
    zpDiff += p.zp != t.zp;
    zpKind[i % 7] += p.zp != t.zp;
    scaleDiff += bitsOf(p.scale) != bitsOf(t.scale);
    for (size_t j = 0; j < k; ++j, ++n) {
      int8_t qx = xnnQuantize(x[i * k + j], &p);
      float want = (float)((int)qx - p.zp) * p.scale;
      if (bitsOf(want) != bitsOf(y[i * k + j]) && !(want == 0 && y[i * k + j] == 0))
        ++bad;
      int dq = (qx - p.zp) - (torchQuantize(x[i * k + j], &t) - t.zp);
      qDiff += dq != 0;
      kindDiff[i % 7] += dq != 0;
      maxQDiff = abs(dq) > maxQDiff ? abs(dq) : maxQDiff;
    }
  }
  printf("params: %zu rows x %zu: FC(identity) vs the model (scale 1/(255/(max(x_max,0)-min(x_min,0))), "
         "zero point from the smaller-error end, q = rne(x*m) clamped + zp): %zu of %zu elements differ\n",
         m, k, bad, n);
  printf("params: vs PyTorch choose_qparams_per_token_asymmetric + quantize_per_token: "
         "scale bits differ in %zu of %zu rows, zero point in %zu rows, (q - zp) in %zu of %zu elements\n",
         scaleDiff, m, zpDiff, qDiff, n);
  printf("params: (q - zp) differs by at most %d; differing elements per row kind (mixed sign, positive, negative, "
         "zero, 1e-6, 1e4, on a 1/8 grid): %zu %zu %zu %zu %zu %zu %zu of %zu each\n",
         maxQDiff, kindDiff[0], kindDiff[1], kindDiff[2], kindDiff[3], kindDiff[4], kindDiff[5], kindDiff[6],
         n / 7);
  printf("params: zero points differ per row kind: %zu %zu %zu %zu %zu %zu %zu of %zu each\n", zpKind[0], zpKind[1],
         zpKind[2], zpKind[3], zpKind[4], zpKind[5], zpKind[6], m / 7);
  /* a few rows spelled out */
  for (size_t i = 0; i < 3; ++i) {
    RowParams p = xnnParams(x + i * k, k), t = torchParams(x + i * k, k);
    printf("params: row %zu: xnnpack scale %.9g zp %d | torch scale %.9g zp %d\n", i, p.scale, p.zp, t.scale, t.zp);
  }
  release(&b);
  free(x), free(y), free(q), free(ones);
  return bad != 0;
}

/* ---- (b) the GEMM's arithmetic -------------------------------------------- */

typedef struct {
  size_t exactA, exactB, n;
  double maxRel; /* |got - exact| / (|bias| + sx * sum (|xq| + |zp|) |w| sw) */
  size_t worstRow;
  int worstZp;
} Score;

/* (e): weights over the full signed range ([-128, 127] for qc8w, not the
 * [-127, 127] of (b)), with this share (percent) of them at the minimum (or
 * at `shareValue` when it is not 0). */
static int fullRangeInt8, minSharePercent, shareValue;

static int probeExact(enum Kind kind, size_t m, size_t k, size_t nOut, size_t block, int lowOdd, int withBias,
                      int verbose) {
  float *x = malloc(m * k * 4), *y = malloc(m * nOut * 4), *scale = malloc(nOut * 4), *bias = malloc(nOut * 4);
  int8_t *q = malloc(nOut * k);
  size_t nb = block ? k / block : 1;
  uint16_t *bs = malloc(nOut * nb * 2);
  int lo = kind == QC8W ? (fullRangeInt8 ? -128 : -127) : -8, hi = kind == QC8W ? 127 : 7;
  for (size_t i = 0; i < nOut * k; ++i)
    q[i] = (int8_t)(minSharePercent > 0 && (int)(next32() % 100) < minSharePercent ? (shareValue ? shareValue : lo)
                                                                                    : irange(lo, hi));
  if (minSharePercent > 0) /* and one output channel entirely at that value */
    memset(q, (unsigned char)(int8_t)(shareValue ? shareValue : lo), k);
  for (size_t i = 0; i < nOut; ++i)
    scale[i] = uniform(0.001f, 0.05f), bias[i] = uniform(-1.0f, 1.0f);
  for (size_t i = 0; i < nOut * nb; ++i)
    bs[i] = toBf16(uniform(0.001f, 0.05f));
  fillRows(x, m, k);
  Fc f = {kind, m, k, nOut, block, q, NULL, scale, bs, withBias ? bias : NULL, lowOdd};
  Built b = build(&f);
  if (b.status != xnn_status_success) {
    release(&b);
    free(x), free(y), free(scale), free(bias), free(q), free(bs);
    return -(int)b.status - 1;
  }
  run(&b, x, y);
  Score sc = {0, 0, 0, 0, 0, 0};
  for (size_t i = 0; i < m; ++i) {
    RowParams p = xnnParams(x + i * k, k);
    int8_t *xq = malloc(k);
    for (size_t j = 0; j < k; ++j)
      xq[j] = xnnQuantize(x[i * k + j], &p);
    for (size_t o = 0; o < nOut; ++o, ++sc.n) {
      float got = y[i * nOut + o], bv = withBias ? bias[o] : 0.0f;
      float a, c;
      double exact = 0, mag = fabs(bv);
      if (kind == QB4W) {
        /* per block: integer sum, then in f32: acc_b * (scale_x ...) */
        float accA = 0.0f, accB = 0.0f;
        for (size_t blk = 0; blk < nb; ++blk) {
          int32_t acc = 0;
          for (size_t j = blk * block; j < (blk + 1) * block; ++j)
            acc += ((int32_t)xq[j] - p.zp) * q[o * k + j];
          float ws = fromBf16(bs[o * nb + blk]);
          accA = fmaf((float)acc, ws, accA);
          accB += (float)acc * ws;
          exact += (double)acc * ws;
          for (size_t j = blk * block; j < (blk + 1) * block; ++j)
            mag += (fabs((double)xq[j]) + abs(p.zp)) * abs(q[o * k + j]) * ws * p.scale;
        }
        a = fmaf(accA, p.scale, bv);
        c = accB * p.scale + bv;
        exact = exact * p.scale + bv;
      } else {
        int32_t acc = 0;
        for (size_t j = 0; j < k; ++j)
          acc += ((int32_t)xq[j] - p.zp) * q[o * k + j];
        a = fmaf((float)acc * p.scale, scale[o], bv);
        c = ((float)acc * p.scale) * scale[o] + bv;
        exact = (double)acc * p.scale * scale[o] + bv;
        for (size_t j = 0; j < k; ++j)
          mag += (fabs((double)xq[j]) + abs(p.zp)) * abs(q[o * k + j]) * p.scale * scale[o];
      }
      sc.exactA += bitsOf(a) == bitsOf(got) || (a == 0 && got == 0);
      sc.exactB += bitsOf(c) == bitsOf(got) || (c == 0 && got == 0);
      double rel = mag > 0 ? fabs(got - exact) / mag : fabs(got - exact);
      if (rel > sc.maxRel)
        sc.maxRel = rel, sc.worstRow = i, sc.worstZp = p.zp;
    }
    free(xq);
  }
  char blockStr[32];
  snprintf(blockStr, sizeof blockStr, "%zu", block);
  if (verbose)
    printf("exact: %s M=%zu K=%zu N=%zu%s%s%s: bit-equal to %s in %zu/%zu, to %s in %zu/%zu; max |error| / (|bias| + sx*sum_j (|xq_j|+|zp|)*|w_j|*sw_j) vs exact (double) "
           "%.3g (%.2f ulp of 2^-24; row %zu, kind %zu of fillRows, zero point %d)\n",
           kindName(kind), m, k, nOut, block ? " B=" : "", block ? blockStr : "", withBias ? " +bias" : "",
           kind == QB4W ? "fma-chain (acc_b*ws_b) then fma(.,sx,bias)" : "fma((float)acc*sx, sw, bias)", sc.exactA,
           sc.n, kind == QB4W ? "sum of (acc_b*ws_b), *sx + bias" : "((float)acc*sx)*sw + bias", sc.exactB, sc.n,
           sc.maxRel, sc.maxRel * 16777216.0, sc.worstRow, sc.worstRow % 7, sc.worstZp);
  release(&b);
  free(x), free(y), free(scale), free(bias), free(q), free(bs);
  return sc.exactA == sc.n || sc.exactB == sc.n ? 0 : 1;
}

static int probeNibbles(enum Kind kind) {
  /* With the wrong nibble order the products are of the swapped channels. */
  size_t block = kind == QB4W ? 32 : 0;
  int even = probeExact(kind, 5, 64, 8, block, 0, 0, 0);
  int odd = probeExact(kind, 5, 64, 8, block, 1, 0, 0);
  printf("nibbles: %s: even k in the low nibble %s, odd k in the low nibble %s\n", kindName(kind),
         even == 0 ? "matches" : "does not match", odd == 0 ? "matches" : "does not match");
  return even == 0 ? 0 : 1;
}

static int cmdExact(void) {
  int rc = 0;
  rc |= probeNibbles(QC4W);
  rc |= probeNibbles(QB4W);
  static const size_t blocks[] = {8, 16, 24, 32, 48, 64, 96, 128, 256, 512, 1152};
  for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; ++i) {
    size_t kk = blocks[i] * 2 > 256 ? blocks[i] * 2 : 2304;
    kk = kk / blocks[i] * blocks[i];
    int r = probeExact(QB4W, 14, kk, 16, blocks[i], 0, 1, 1);
    printf("blocks: qbint4 block_size %zu (K=%zu): %s\n", blocks[i], kk,
           r < 0 ? "refused" : r == 0 ? "accepted, matches the model" : "accepted, differs from the model");
  }
  rc |= probeExact(QC8W, 37, 1152, 67, 0, 0, 1, 1) != 0;
  rc |= probeExact(QC8W, 1, 6912, 33, 0, 0, 1, 1) != 0;
  rc |= probeExact(QC4W, 37, 1152, 67, 0, 0, 1, 1) != 0;
  rc |= probeExact(QC4W, 1, 6912, 33, 0, 0, 0, 1) != 0;
  probeExact(QB4W, 37, 1152, 67, 32, 0, 1, 1);
  probeExact(QB4W, 1, 6912, 33, 32, 0, 1, 1);
  probeExact(QB4W, 3, 1152, 40, 128, 0, 0, 1);
  for (size_t m = 1; m <= 9; ++m)
    probeExact(QB4W, m, 256, 16, 32, 0, 1, 1);
  return rc;
}

/* (e) torchao's symmetric weights use the full range ([-8, 7], [-128, 127]):
 * the minimum must be a value the GEMMs compute like any other. */
static int cmdRange(void) {
  int rc = 0;
  fullRangeInt8 = 1, minSharePercent = 50;
  printf("range: weights over the full signed range, half of them (and all of output channel 0) at the minimum\n");
  rc |= probeExact(QC8W, 37, 1152, 67, 0, 0, 1, 1) != 0;
  rc |= probeExact(QC8W, 1, 6912, 33, 0, 0, 0, 1) != 0;
  rc |= probeExact(QC4W, 37, 1152, 67, 0, 0, 1, 1) != 0;
  rc |= probeExact(QC4W, 1, 6912, 33, 0, 0, 0, 1) != 0;
  /* qb4w is not exact (b): -8 against -7 and 7 in the same places. */
  for (int v = 0; v < 3; ++v) {
    shareValue = v == 0 ? 0 : v == 1 ? -7 : 7;
    printf("range: qb4w, the value in their place: %d\n", v == 0 ? -8 : shareValue);
    probeExact(QB4W, 1, 6912, 33, 32, 0, 1, 1);
    probeExact(QB4W, 5, 1152, 67, 128, 0, 1, 1);
  }
  shareValue = 0;
  return rc;
}

/* ---- (c) speed ------------------------------------------------------------- */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmpDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Hot: one runtime called again and again (its weights may stay in the
 * 32 MiB L3 cache). Cold: round robin over copies of the layer (distinct
 * weights, packed separately) whose weights add up to >= 512 MiB, as in a
 * decode step, which reads every layer's weights once. */
static int cmdSpeed(int reps) {
  static const size_t shapes[][2] = {{1152, 6912}, {6912, 1152}, {1152, 262144}};
  for (size_t si = 0; si < 3; ++si) {
    size_t k = shapes[si][0], n = shapes[si][1];
    int8_t *q = malloc(n * k);
    for (size_t i = 0; i < n * k; ++i)
      q[i] = (int8_t)((int)(next32() % 15) - 7);
    float *scale = malloc(n * 4), *x = malloc(k * 4 + 64), *y = malloc(n * 4 + 64);
    uint16_t *bs = malloc(n * (k / 32) * 2);
    for (size_t i = 0; i < n; ++i)
      scale[i] = 0.01f;
    for (size_t i = 0; i < n * (k / 32); ++i)
      bs[i] = toBf16(0.01f);
    for (size_t i = 0; i < k; ++i)
      x[i] = uniform(-1, 1);
    for (int kind = QC8W; kind <= F32W; ++kind) {
      double bytes = kind == QC8W   ? (double)n * k
                     : kind == F32W ? 4.0 * n * k
                     : kind == QC4W ? 0.5 * n * k
                                    : 0.5 * n * k + 2.0 * n * (k / 32);
      size_t copies = (size_t)ceil(512.0 * 1048576.0 / bytes);
      copies = copies < 1 ? 1 : copies > 64 ? 64 : copies;
      Built *b = calloc(copies, sizeof(Built));
      for (size_t c = 0; c < copies; ++c) {
        float *fw = NULL;
        if (kind == F32W) {
          fw = malloc(n * k * 4);
          for (size_t i = 0; i < n * k; ++i)
            fw[i] = (float)q[i] * 0.01f;
        }
        q[c % (n * k)] ^= 1; /* distinct weights */
        Fc f = {(enum Kind)kind, 1, k, n, 32, q, fw, scale, bs, NULL, 0};
        b[c] = build(&f);
        CHECK(b[c].status);
        free(fw); /* packed */
      }
      run(&b[0], x, y); /* warm */
      /* 7 passes each: a pass of `reps` calls of one runtime (hot) and a
       * round robin over the copies (cold, >= reps calls); per-call time of
       * each pass; the best and the median pass (the machine is shared). */
      enum { PASSES = 7 };
      double hot[PASSES], cold[PASSES];
      size_t coldRuns = copies > (size_t)reps ? copies : (size_t)reps;
      for (int pass = 0; pass < PASSES; ++pass) {
        double t0 = now();
        for (int r = 0; r < reps; ++r)
          run(&b[0], x, y);
        hot[pass] = (now() - t0) / reps;
        t0 = now();
        for (size_t r = 0; r < coldRuns; ++r)
          run(&b[r % copies], x, y);
        cold[pass] = (now() - t0) / (double)coldRuns;
      }
      qsort(hot, PASSES, sizeof(double), cmpDouble);
      qsort(cold, PASSES, sizeof(double), cmpDouble);
      printf("speed: %-13s K=%-5zu N=%-6zu weight bytes %10.0f | hot: best %8.3f ms %6.1f GB/s, median %8.3f ms | "
             "cold (%2zu copies): best %8.3f ms %6.1f GB/s, median %8.3f ms %6.1f GB/s\n",
             kindName((enum Kind)kind), k, n, bytes, 1e3 * hot[0], bytes / hot[0] / 1e9, 1e3 * hot[PASSES / 2], copies,
             1e3 * cold[0], bytes / cold[0] / 1e9, 1e3 * cold[PASSES / 2], bytes / cold[PASSES / 2] / 1e9);
      fflush(stdout);
      for (size_t c = 0; c < copies; ++c)
        release(&b[c]);
      free(b);
    }
    free(q), free(scale), free(x), free(y), free(bs);
  }
  return 0;
}

/* ---- (d) static int8 (qs8): convert, dequantize, qs8-qc8w fully connected -- */

/* f32 [n] -> qint8 [n] (scale, zp), or qint8 -> f32 with `back`; external
 * quantized values, read as they are. Returns the status of the first failing
 * call (definitions, runtime creation). */
static enum xnn_status qs8Convert(enum xnn_datatype from, enum xnn_datatype to, size_t n, float scale, int zp,
                                  const void *in, void *out) {
  xnn_subgraph_t sg = NULL;
  xnn_runtime_t rt = NULL;
  uint32_t a, b;
  size_t d[1] = {n};
  enum xnn_status s = xnn_create_subgraph(2, 0, &sg);
  if (s == xnn_status_success)
    s = from == xnn_datatype_qint8
            ? xnn_define_quantized_tensor_value(sg, from, zp, scale, 1, d, NULL, 0, XNN_VALUE_FLAG_EXTERNAL_INPUT, &a)
            : xnn_define_tensor_value(sg, from, 1, d, NULL, 0, XNN_VALUE_FLAG_EXTERNAL_INPUT, &a);
  if (s == xnn_status_success)
    s = to == xnn_datatype_qint8
            ? xnn_define_quantized_tensor_value(sg, to, zp, scale, 1, d, NULL, 1, XNN_VALUE_FLAG_EXTERNAL_OUTPUT, &b)
            : xnn_define_tensor_value(sg, to, 1, d, NULL, 1, XNN_VALUE_FLAG_EXTERNAL_OUTPUT, &b);
  if (s == xnn_status_success)
    s = xnn_define_unary(sg, xnn_unary_convert, NULL, a, b, 0);
  if (s == xnn_status_success)
    s = xnn_create_runtime_v3(sg, NULL, NULL, 0, &rt);
  if (s == xnn_status_success && in) {
    struct xnn_external_value ext[2] = {{0, (void *)in}, {1, out}};
    CHECK(xnn_setup_runtime(rt, 2, ext));
    CHECK(xnn_invoke_runtime(rt));
  }
  if (rt)
    xnn_delete_runtime(rt);
  if (sg)
    xnn_delete_subgraph(sg);
  return s;
}

static int clampQ(long v) { return v < -128 ? -128 : v > 127 ? 127 : (int)v; }
static int rneAway(float v) { return (int)lroundf(v); }

/* Quantization candidates: 0 XNNPACK's presumed rne(x * fl(1/s)) + zp (f32
 * product), 1 rne(x / s) + zp (f32 division), 2 half away from zero of
 * x * fl(1/s), 3 rne(fl(x / s + zp)) (f32), 4 rne(x / s + zp) in f64 (PyTorch's
 * quantize_per_tensor on an f32 tensor). */
#define QS8_NCAND 5
static const char *const kQs8Cand[QS8_NCAND] = {"rne(x * fl(1/s)) + zp", "rne(fl(x / s)) + zp",
                                                  "away(x * fl(1/s)) + zp", "rne(fl(fl(x / s) + zp))",
                                                  "rne(x / s + zp) in f64"};
static int qs8Cand(int c, float x, float s, int zp) {
  volatile float inv = 1.0f / s;
  switch (c) {
  case 0:
    return clampQ((long)lrintf(fminf(fmaxf(x * inv, -1e9f), 1e9f)) + zp);
  case 1:
    return clampQ((long)lrintf(fminf(fmaxf(x / s, -1e9f), 1e9f)) + zp);
  case 2:
    return clampQ((long)rneAway(fminf(fmaxf(x * inv, -1e9f), 1e9f)) + zp);
  case 3: {
    volatile float t = x / s;
    t = t + (float)zp;
    return clampQ((long)lrintf(fminf(fmaxf(t, -1e9f), 1e9f)));
  }
  default:
    return clampQ((long)nearbyint(fmin(fmax((double)x / (double)s + zp, -1e9), 1e9)));
  }
}

static int probeQs8Convert(void) {
  static const float scales[] = {0.25f, 0.05f, 0.1f, 1.0f / 3.0f, 0.0078125f, 0.0371f, 1.7f, 3e-5f};
  static const int zps[] = {-128, -3, 0, 5, 127};
  size_t n = 4096, total = 0, diff[QS8_NCAND] = {0}, ties = 0;
  float *x = malloc(n * 4);
  int8_t *q = malloc(n + 64);
  for (size_t si = 0; si < sizeof scales / sizeof scales[0]; ++si)
    for (size_t zi = 0; zi < sizeof zps / sizeof zps[0]; ++zi) {
      float s = scales[si];
      int zp = zps[zi];
      for (size_t i = 0; i < n; ++i) {
        int kind = (int)(i % 4);
        float v = uniform(-140.0f, 140.0f) * s;            /* in and beyond range */
        if (kind == 1)
          v = ((float)irange(-140, 140) + 0.5f) * s;      /* ties (exact when s is 2^-k) */
        else if (kind == 2)
          v = (float)irange(-140, 140) * s;               /* on the grid */
        else if (kind == 3)
          v = uniform(-2.0f, 2.0f) * s;                   /* around zero */
        if (i < 4)
          v = i == 0 ? 1e30f : i == 1 ? -1e30f : i == 2 ? -0.0f : 0.0f;
        x[i] = v;
      }
      CHECK(qs8Convert(xnn_datatype_fp32, xnn_datatype_qint8, n, s, zp, x, q));
      for (size_t i = 0; i < n; ++i) {
        volatile float inv = 1.0f / s;
        float p = x[i] * inv;
        ties += p - floorf(p) == 0.5f;
        for (int c = 0; c < QS8_NCAND; ++c)
          diff[c] += qs8Cand(c, x[i], s, zp) != q[i];
      }
      total += n;
    }
  printf("qs8 convert: f32 -> qint8, %zu values over 8 scales x 5 zero points (%zu exact ties of x * fl(1/s)):\n",
         total, ties);
  for (int c = 0; c < QS8_NCAND; ++c)
    printf("qs8 convert:   clamp(%s, -128, 127): %zu of %zu differ\n", kQs8Cand[c], diff[c], total);
  /* qint8 -> f32: every q, the same scales and zero points. */
  size_t dd = 0, dd2 = 0, dt = 0;
  int8_t qa[256];
  float y[256 + 16];
  for (int i = 0; i < 256; ++i)
    qa[i] = (int8_t)(i - 128);
  for (size_t si = 0; si < sizeof scales / sizeof scales[0]; ++si)
    for (size_t zi = 0; zi < sizeof zps / sizeof zps[0]; ++zi) {
      float s = scales[si];
      int zp = zps[zi];
      CHECK(qs8Convert(xnn_datatype_qint8, xnn_datatype_fp32, 256, s, zp, qa, y));
      for (int i = 0; i < 256; ++i) {
        float want = (float)(qa[i] - zp) * s;
        volatile float a = (float)qa[i] * s, b = (float)zp * s;
        dd += bitsOf(want) != bitsOf(y[i]);
        dd2 += bitsOf(a - b) != bitsOf(y[i]);
      }
      dt += 256;
    }
  printf("qs8 dequantize: qint8 -> f32, all 256 q over 8 scales x 5 zero points: fl((q - zp) * s): %zu of %zu differ; "
         "fl(q * s) - fl(zp * s): %zu differ\n",
         dd, dt, dd2);
  /* Which other converts does the subgraph take? */
  static const struct {
    enum xnn_datatype from, to;
    const char *name;
  } pairs[] = {{xnn_datatype_fp16, xnn_datatype_qint8, "f16 -> qint8"},
               {xnn_datatype_qint8, xnn_datatype_fp16, "qint8 -> f16"},
               {xnn_datatype_qint8, xnn_datatype_qint8, "qint8 -> qint8"},
               {xnn_datatype_bf16, xnn_datatype_qint8, "bf16 -> qint8"},
               {xnn_datatype_qint8, xnn_datatype_bf16, "qint8 -> bf16"}};
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; ++i) {
    enum xnn_status s = qs8Convert(pairs[i].from, pairs[i].to, 16, 0.05f, -3, NULL, NULL);
    printf("qs8 convert: %s: %s (status %d)\n", pairs[i].name, s == xnn_status_success ? "accepted" : "refused",
           (int)s);
  }
  free(x);
  free(q);
  return 0;
}

/* qint8 x [m, k] (sx, zx) times qcint8 w [n, k] (sw[n]) + qcint32 bias [n]
 * (bscale[n]) -> qint8 y [m, n] (sy, zy), clamped to [lo, hi] (f32). */
typedef struct {
  size_t m, k, n;
  float sx, sy;
  int zx, zy;
  const int8_t *w;
  const float *sw;
  const int32_t *bias; /* or NULL */
  const float *bscale;
  float lo, hi;
} Qs8Fc;

static enum xnn_status qs8Fc(const Qs8Fc *f, const int8_t *x, int8_t *y) {
  xnn_subgraph_t sg = NULL;
  xnn_runtime_t rt = NULL;
  uint32_t xi, wi, bi = XNN_INVALID_VALUE_ID, yi;
  size_t xd[2] = {f->m, f->k}, wd[2] = {f->n, f->k}, bd[1] = {f->n}, yd[2] = {f->m, f->n};
  enum xnn_status s = xnn_create_subgraph(2, 0, &sg);
  if (s == xnn_status_success)
    s = xnn_define_quantized_tensor_value(sg, xnn_datatype_qint8, f->zx, f->sx, 2, xd, NULL, 0,
                                          XNN_VALUE_FLAG_EXTERNAL_INPUT, &xi);
  if (s == xnn_status_success)
    s = xnn_define_channelwise_quantized_tensor_value(sg, xnn_datatype_qcint8, f->sw, 2, 0, wd, f->w,
                                                      XNN_INVALID_VALUE_ID, 0, &wi);
  if (s == xnn_status_success && f->bias)
    s = xnn_define_channelwise_quantized_tensor_value(sg, xnn_datatype_qcint32, f->bscale, 1, 0, bd, f->bias,
                                                      XNN_INVALID_VALUE_ID, 0, &bi);
  if (s == xnn_status_success)
    s = xnn_define_quantized_tensor_value(sg, xnn_datatype_qint8, f->zy, f->sy, 2, yd, NULL, 1,
                                          XNN_VALUE_FLAG_EXTERNAL_OUTPUT, &yi);
  if (s == xnn_status_success)
    s = xnn_define_fully_connected(sg, f->lo, f->hi, xi, wi, bi, yi, 0);
  if (s == xnn_status_success)
    s = xnn_create_runtime_v3(sg, NULL, NULL, 0, &rt);
  if (s == xnn_status_success && x) {
    struct xnn_external_value ext[2] = {{0, (void *)x}, {1, y}};
    s = xnn_setup_runtime(rt, 2, ext);
    if (s == xnn_status_success)
      s = xnn_invoke_runtime(rt);
  }
  if (rt)
    xnn_delete_runtime(rt);
  if (sg)
    xnn_delete_subgraph(sg);
  return s;
}

/* The quantized bound of an f32 output_min / output_max: candidates 0
 * lrintf(clamp(fl(fl(v / sy) + zy))), 1 ceil / floor (inside the range), 2
 * rne(v * fl(1/sy)) + zy. */
static int qs8Bound(int c, float v, float sy, int zy, bool isMin) {
  if (isinf(v))
    return v < 0 ? -128 : 127;
  volatile float t = v / sy;
  if (c == 0) {
    t = t + (float)zy;
    return (int)lrintf(fminf(fmaxf(t, -128.0f), 127.0f));
  }
  if (c == 1) {
    t = t + (float)zy;
    return (int)fminf(fmaxf(isMin ? ceilf(t) : floorf(t), -128.0f), 127.0f);
  }
  volatile float inv = 1.0f / sy;
  return clampQ(lrintf(v * inv) + zy);
}

/* Requantization candidates: 0 clamp(rne(fl((float)acc * fl(fl(sx * sw) / sy))) + zy);
 * 1 the same with the scale fl(sx * fl(sw / sy)); 2 with the scale in f64
 * and the product in f64 (exact real arithmetic, one rounding). */
static int qs8Requant(int c, int32_t acc, float sx, float sw, float sy, int zy, int lo, int hi) {
  long r;
  if (c == 0) {
    volatile float sc = sx * sw;
    sc = sc / sy;
    volatile float p = (float)acc * sc;
    r = lrintf(p);
  } else if (c == 1) {
    volatile float sc = sw / sy;
    sc = sx * sc;
    volatile float p = (float)acc * sc;
    r = lrintf(p);
  } else if (c == 2) {
    r = lrint((double)acc * (double)sx * (double)sw / (double)sy);
  } else {
    volatile float sc = sx * sw;
    sc = sc / sy;
    volatile float p = (float)acc * sc;
    r = lroundf(p);
  }
  r += zy;
  return r < lo ? lo : r > hi ? hi : (int)r;
}

static int probeQs8FcCase(size_t m, size_t k, size_t n, int withBias, float lo, float hi, int zy, float sy,
                          int xlo, int wlo, int ties) {
  int8_t *x = malloc(m * k), *w = malloc(n * k), *y = malloc(m * n + 64);
  float *sw = malloc(n * 4), *bs = malloc(n * 4);
  int32_t *bias = malloc(n * 4);
  float sx = ties ? 0.5f : 0.0371f;
  int zx = -7;
  for (size_t i = 0; i < m * k; ++i)
    x[i] = (int8_t)irange(xlo, 127);
  /* ties: sx * sw / sy = 2^-(1..4) exactly, so acc * scale falls on x.5 often */
  for (size_t i = 0; i < n * k; ++i)
    w[i] = (int8_t)irange(wlo, 127);
  for (size_t i = 0; i < n; ++i) {
    sw[i] = ties ? ldexpf(1.0f, -(int)(i % 4)) * sy : uniform(0.0005f, 0.02f);
    volatile float p = sx * sw[i];
    bs[i] = p;
    bias[i] = ties ? irange(-60, 60) : irange(-200000, 200000);
  }
  if (ties) /* small |x - zx| and |w|: accumulators within a few hundred */
    for (size_t i = 0; i < m * k; ++i)
      x[i] = (int8_t)irange(-12, -2), w[i % (n * k)] = (int8_t)irange(-5, 5);
  Qs8Fc f = {m, k, n, sx, sy, zx, zy, w, sw, withBias ? bias : NULL, bs, lo, hi};
  CHECK(qs8Fc(&f, x, y));
  int qlo[3], qhi[3];
  for (int c = 0; c < 3; ++c)
    qlo[c] = qs8Bound(c, lo, sy, zy, true), qhi[c] = qs8Bound(c, hi, sy, zy, false);
  size_t diff[4] = {0}, clampedLo = 0, clampedHi = 0, big = 0;
  int seenMin = 127, seenMax = -128;
  for (size_t i = 0; i < m; ++i)
    for (size_t o = 0; o < n; ++o) {
      int64_t acc = withBias ? bias[o] : 0;
      for (size_t j = 0; j < k; ++j)
        acc += (int64_t)(x[i * k + j] - zx) * w[o * k + j];
      big += acc > (1 << 24) || acc < -(1 << 24);
      int got = y[i * n + o];
      seenMin = got < seenMin ? got : seenMin, seenMax = got > seenMax ? got : seenMax;
      for (int c = 0; c < 4; ++c)
        diff[c] += qs8Requant(c, (int32_t)acc, sx, sw[o], sy, zy, qlo[0], qhi[0]) != got;
      clampedLo += got == qlo[0], clampedHi += got == qhi[0];
    }
  printf("qs8 fc: M=%zu K=%zu N=%zu%s sy=%g zy=%d output [%g, %g] -> q [%d, %d] (seen [%d, %d]; %zu accs beyond "
         "2^24%s): clamp(rne(fl((float)acc * fl(fl(sx*sw)/sy))) + zy): %zu, scale fl(sx*fl(sw/sy)): %zu, f64: %zu, "
         "half away: %zu of %zu differ\n",
         m, k, n, withBias ? " +bias" : "", (double)sy, zy, (double)lo, (double)hi, qlo[0], qhi[0], seenMin, seenMax,
         big, ties ? ", ties" : "", diff[0], diff[1], diff[2], diff[3], m * n);
  (void)clampedLo, (void)clampedHi;
  free(x), free(w), free(y), free(sw), free(bs), free(bias);
  return diff[0] ? 1 : 0;
}

/* The quantized bound XNNPACK applies for output_min = v: a 1-row GEMM whose
 * outputs cover [-128, 127] (bias steps of one quantum), the smallest output. */
static void probeQs8Bound(float v, float sy, int zy, bool isMin) {
  size_t n = 256, k = 1;
  int8_t x[1 + 16] = {0}, w[256], y[256 + 64];
  float sw[256], bs[256];
  int32_t bias[256];
  float sx = 1.0f;
  for (size_t o = 0; o < n; ++o) {
    w[o] = 0, sw[o] = 1.0f / 1024, bs[o] = sx * sw[o];
    bias[o] = (int32_t)(((int)o - 128 - zy) * 1024); /* output o - 128 exactly when sy = 1 */
  }
  Qs8Fc f = {1, k, n, sx, sy, 0, zy, w, sw, bias, bs, isMin ? v : -INFINITY, isMin ? INFINITY : v};
  /* sy = 1 keeps the requantization exact; the bound is what we look at */
  f.sy = 1.0f;
  (void)sy;
  CHECK(qs8Fc(&f, x, y));
  int lo = 127, hi = -128;
  for (size_t o = 0; o < n; ++o)
    lo = y[o] < lo ? y[o] : lo, hi = y[o] > hi ? y[o] : hi;
  int got = isMin ? lo : hi;
  printf("qs8 bound: output_%s = %g (sy 1, zy %d): q %d; lrintf(v/sy + zy) %d, %s %d, rne(v*(1/sy)) + zy %d\n",
         isMin ? "min" : "max", (double)v, zy, got, qs8Bound(0, v, 1.0f, zy, isMin), isMin ? "ceil" : "floor",
         qs8Bound(1, v, 1.0f, zy, isMin), qs8Bound(2, v, 1.0f, zy, isMin));
}

static int probeQs8(void) {
  int bad = probeQs8Convert();
  bad |= probeQs8FcCase(37, 1152, 67, 1, -INFINITY, INFINITY, 5, 0.9f, -128, -127, 0);
  bad |= probeQs8FcCase(37, 64, 67, 1, -INFINITY, INFINITY, -3, 0.05f, -128, -127, 0);
  bad |= probeQs8FcCase(5, 96, 24, 0, -INFINITY, INFINITY, 0, 0.11f, -128, -127, 0);
  bad |= probeQs8FcCase(1, 1152, 33, 1, 0.0f, INFINITY, -3, 0.9f, -128, -127, 0);
  bad |= probeQs8FcCase(9, 64, 40, 1, -0.7f, 0.33f, 10, 0.05f, -128, -127, 0);
  bad |= probeQs8FcCase(9, 64, 40, 1, 0.0f, 6.0f, -20, 0.05f, -128, -127, 0);
  /* accumulators beyond 2^24 (x near 127 with zx = -7, weights >= 0) */
  bad |= probeQs8FcCase(64, 4096, 64, 1, -INFINITY, INFINITY, 0, 200.0f, 100, 0, 0);
  bad |= probeQs8FcCase(200, 256, 200, 1, -INFINITY, INFINITY, 3, 2.0f, -128, -127, 0);
  bad |= probeQs8FcCase(16, 8, 16, 1, -INFINITY, INFINITY, 3, 1.0f, -20, -20, 1);
  /* Bounds: ties (x.5), non-ties, negatives, the zero point. */
  static const float vs[] = {2.5f, 3.5f, 2.3f, -2.5f, -2.7f, 0.0f, -0.0f, 200.0f, -200.0f};
  for (size_t i = 0; i < sizeof vs / sizeof vs[0]; ++i) {
    probeQs8Bound(vs[i], 1.0f, -3, true);
    probeQs8Bound(vs[i], 1.0f, -3, false);
  }
  /* A bias whose scale is not sx * sw: refused, or what it computes. */
  {
    size_t m = 3, k = 16, n = 8;
    int8_t x[48 + 16], w[128], y1[24 + 64], y2[24 + 64];
    float sw[8], bs[8], bs2[8];
    int32_t bias[8];
    for (size_t i = 0; i < m * k; ++i)
      x[i] = (int8_t)irange(-128, 127);
    for (size_t i = 0; i < n * k; ++i)
      w[i] = (int8_t)irange(-127, 127);
    for (size_t i = 0; i < n; ++i) {
      sw[i] = uniform(0.001f, 0.01f), bs[i] = 0.5f * sw[i], bs2[i] = 3.0f * bs[i], bias[i] = irange(-3000, 3000);
    }
    Qs8Fc f = {m, k, n, 0.5f, 0.1f, 1, 2, w, sw, bias, bs, -INFINITY, INFINITY};
    CHECK(qs8Fc(&f, x, y1));
    f.bscale = bs2;
    enum xnn_status s = qs8Fc(&f, x, y2);
    printf("qs8 bias scale: 3 * sx * sw: %s%s\n", s == xnn_status_success ? "accepted" : "refused",
           s != xnn_status_success ? "" : memcmp(y1, y2, m * n) ? ", outputs differ from sx * sw"
                                                              : ", outputs equal to sx * sw (the scale is ignored)");
  }
  /* The requantization scale sx * sw / sy: which sizes are refused. */
  static const float ratios[] = {0.99f, 1.0f, 255.0f, 255.99f, 256.0f, 300.0f};
  for (size_t i = 0; i < sizeof ratios / sizeof ratios[0]; ++i) {
    int8_t w[4] = {1, 2, 3, 4};
    float sw[2] = {ratios[i], 1.0f}, bs[2] = {ratios[i], 1.0f};
    Qs8Fc f = {1, 2, 2, 1.0f, 1.0f, 0, 0, w, sw, NULL, bs, -INFINITY, INFINITY};
    enum xnn_status s = qs8Fc(&f, NULL, NULL);
    printf("qs8 requantization scale %g: %s (status %d)\n", (double)ratios[i],
           s == xnn_status_success ? "accepted" : "refused", (int)s);
  }
  return bad;
}

/* ---- (f) qb4w: the row counts it computes right ---------------------------- */

/* Runs the qb4w fully connected over m rows and returns a bit per row (bits
 * 0..63; rows >= 64 fold into bit 63) whose error against the exact value
 * exceeds 8 units of 2^-24 of the magnitude (the bound of (b): 1.81 there). */
static uint64_t qb4wBadRows(size_t m, size_t k, size_t nOut, size_t block) {
  float *x = malloc(m * k * 4), *y = malloc(m * nOut * 4);
  int8_t *q = malloc(nOut * k);
  size_t nb = k / block;
  uint16_t *bs = malloc(nOut * nb * 2);
  for (size_t i = 0; i < nOut * k; ++i)
    q[i] = (int8_t)irange(-8, 7);
  for (size_t i = 0; i < nOut * nb; ++i)
    bs[i] = toBf16(uniform(0.001f, 0.05f));
  float *bias = malloc(nOut * 4);
  for (size_t i = 0; i < nOut; ++i)
    bias[i] = uniform(-1.0f, 1.0f);
  if (getenv("PROBE_FILLROWS"))
    fillRows(x, m, k);
  else
    for (size_t i = 0; i < m * k; ++i)
      x[i] = uniform(-3.0f, 3.0f);
  Fc f = {QB4W, m, k, nOut, block, q, NULL, NULL, bs, getenv("PROBE_BIAS") ? bias : NULL, 0};
  Built b = build(&f);
  CHECK(b.status);
  run(&b, x, y);
  uint64_t bad = 0;
  int8_t *xq = malloc(k);
  for (size_t i = 0; i < m; ++i) {
    RowParams p = xnnParams(x + i * k, k);
    for (size_t j = 0; j < k; ++j)
      xq[j] = xnnQuantize(x[i * k + j], &p);
    for (size_t o = 0; o < nOut; ++o) {
      double exact = 0, mag = 0, bv = f.bias ? bias[o] : 0.0;
      for (size_t j = 0; j < k; ++j) {
        double ws = fromBf16(bs[o * nb + j / block]);
        exact += ((int32_t)xq[j] - p.zp) * q[o * k + j] * ws;
        mag += (fabs((double)xq[j]) + abs(p.zp)) * abs(q[o * k + j]) * ws;
      }
      if (fabs(y[i * nOut + o] - (exact * p.scale + bv)) > 8.0 / 16777216.0 * (mag * p.scale + fabs(bv)))
        bad |= UINT64_C(1) << (i < 63 ? i : 63);
    }
  }
  release(&b);
  free(x), free(y), free(q), free(bs), free(xq), free(bias);
  return bad;
}

/* The lowering's rule (xnnQb4wSafeRows in lib/Support/IR.h): the largest
 * qb4w tile of this XNNPACK has 14 rows (14x16c8) and the runtime holds 10
 * quantization parameters beyond the last row, so a last tile of 1-3 rows
 * after other rows reads past them; 1 row runs the 1-row kernel. */
static size_t safeRows(size_t m) {
  size_t last = m % 14;
  return m <= 1 || last == 0 || last >= 4 ? m : m - last + 4;
}

/* For M = 1..maxM rows and thread pools of 1, 2 and 4 threads, over shapes
 * with one block and with several: the row counts with a wrong row, and
 * which rows; then whether the rule above avoids every one of them (a wrong
 * count it lets through, or a padded count that is wrong, fails). */
static int cmdRows(size_t maxM) {
  size_t outside = 0, padWrong = 0;
  static const size_t shapes[][3] = {{32, 4, 32}, {64, 4, 32}, {256, 16, 32}, {1152, 67, 32}, {1152, 40, 128}};
  static const size_t threads[] = {1, 2, 4};
  for (size_t t = 0; t < sizeof threads / sizeof threads[0]; ++t) {
    probePool = threads[t] > 1 ? pthreadpool_create(threads[t]) : NULL;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
      size_t k = shapes[s][0], n = shapes[s][1], block = shapes[s][2];
      printf("rows: threads %zu K=%zu N=%zu B=%zu: wrong M:", threads[t], k, n, block);
      size_t wrong = 0;
      for (size_t m = 1; m <= maxM; ++m) {
        uint64_t bad = qb4wBadRows(m, k, n, block);
        if (!bad)
          continue;
        ++wrong;
        outside += safeRows(m) == m;
        padWrong += safeRows(m) != m && qb4wBadRows(safeRows(m), k, n, block) != 0;
        printf(" %zu (rows", m);
        for (int r = 0; r < 64; ++r)
          if (bad >> r & 1)
            printf(" %d", r);
        printf(")");
      }
      printf("%s\n", wrong ? "" : " none");
    }
    if (probePool)
      pthreadpool_destroy(probePool);
    probePool = NULL;
  }
  printf("rows: wrong row counts the padding rule lets through: %zu; padded counts still wrong: %zu\n", outside,
         padWrong);
  return outside || padWrong;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s params|exact|speed [reps]|qs8|range\n", argv[0]);
    return 2;
  }
  CHECK(xnn_initialize(NULL));
  if (!strcmp(argv[1], "params"))
    return probeParams();
  if (!strcmp(argv[1], "exact"))
    return cmdExact();
  if (!strcmp(argv[1], "speed"))
    return cmdSpeed(argc > 2 ? atoi(argv[2]) : 20);
  if (!strcmp(argv[1], "qs8"))
    return probeQs8();
  if (!strcmp(argv[1], "range"))
    return cmdRange();
  if (!strcmp(argv[1], "rows"))
    return cmdRows(argc > 2 ? (size_t)atoi(argv[2]) : 48);
  fprintf(stderr, "usage: %s params|exact|speed [reps]|qs8|range|rows [maxM]\n", argv[0]);
  return 2;
}
