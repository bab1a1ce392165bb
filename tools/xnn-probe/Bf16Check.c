/* xnn-probe --check-bf16-rounding: the f32 -> bf16 round-to-nearest-even
 * definition the lowering's converts use (lib/Emit/Bf16Rounding.inc: one
 * convert node or the emulation, as the run-time probe decides), run by the
 * linked XNNPACK on every f32 bit pattern (or every `stride`-th) and compared
 * bit for bit with lib/Support/Float.c. The library's own convert node is run
 * on the same inputs, to report how far it is from RNE. */
#include "Bf16Check.h"

#include "Support/Float.h"

#include <xnnpack.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Emit/Bf16Rounding.inc"

#define XNNMLIR_STR_(x) #x
#define XNNMLIR_STR(x) XNNMLIR_STR_(x)

enum { CHUNK = 1 << 22 };

typedef struct Runner {
  xnn_runtime_t rt;
  float *in;
  uint16_t *out;   /* bf16 results (NATIVE, RNE) */
  uint32_t *out32; /* f32 results (KEEP_F32) */
} Runner;

/* The library's convert; the RNE convert; the RNE rounding kept in f32; the
 * same for inputs known to be within ±2^111 (the unscaled form); the RNE
 * convert of inputs prescaled by their producer (input_scale 2^-17). */
enum { NATIVE, RNE, PRESCALED, KEEP_F32, KEEP_F32_BOUNDED };

static enum xnn_status runnerCreate(Runner *r, int mode) {
  memset(r, 0, sizeof(*r));
  const size_t dims[1] = {CHUNK};
  xnn_subgraph_t g = NULL;
  uint32_t x, y;
  enum xnn_status s = xnn_create_subgraph(2, 0, &g);
  if (s == xnn_status_success)
    s = xnn_define_tensor_value(g, xnn_datatype_fp32, 1, dims, NULL, 0, XNN_VALUE_FLAG_EXTERNAL_INPUT, &x);
  if (s == xnn_status_success)
    s = xnn_define_tensor_value(g, mode >= KEEP_F32 ? xnn_datatype_fp32 : xnn_datatype_bf16, 1, dims, NULL, 1,
                                XNN_VALUE_FLAG_EXTERNAL_OUTPUT, &y);
  if (s == xnn_status_success)
    s = mode == RNE        ? xnnmlir_define_convert_f32_to_bf16_rne(g, 1, dims, x, y, INFINITY, 1.0f, 0)
        : mode == PRESCALED
            ? xnnmlir_define_convert_f32_to_bf16_rne(g, 1, dims, x, y, XNNMLIR_BF16_RNE_BOUND, XNNMLIR_BF16_RNE_PRESCALE, 0)
        : mode == KEEP_F32 ? xnnmlir_define_round_f32_to_bf16_rne(g, 1, dims, x, y, INFINITY, 1.0f, 0)
        : mode == KEEP_F32_BOUNDED
            ? xnnmlir_define_round_f32_to_bf16_rne(g, 1, dims, x, y, XNNMLIR_BF16_RNE_BOUND, 1.0f, 0)
            : xnn_define_unary(g, xnn_unary_convert, NULL, x, y, 0);
  if (s == xnn_status_success)
    s = xnn_create_runtime_v2(g, NULL, 0, &r->rt);
  if (g)
    xnn_delete_subgraph(g);
  if (s == xnn_status_success)
    s = xnn_reshape_runtime(r->rt);
  /* C11 aligned_alloc: the size must be a multiple of the alignment. */
  r->in = aligned_alloc(64, (CHUNK * sizeof(float) + XNN_EXTRA_BYTES + 63) / 64 * 64);
  void *out = aligned_alloc(64, (CHUNK * sizeof(uint32_t) + XNN_EXTRA_BYTES + 63) / 64 * 64);
  if (mode >= KEEP_F32)
    r->out32 = out;
  else
    r->out = out;
  if (!r->in || !out)
    return xnn_status_out_of_memory;
  struct xnn_external_value ext[2] = {{0, r->in}, {1, out}};
  if (s == xnn_status_success)
    s = xnn_setup_runtime_v2(r->rt, 2, ext);
  return s;
}

static void runnerDestroy(Runner *r) {
  if (r->rt)
    xnn_delete_runtime(r->rt);
  free(r->in);
  free(r->out);
  free(r->out32);
}

static int isNaN(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }

int xnnProbeCheckBf16Rounding(uint64_t stride) {
  int support = xnnmlir_bf16_rounding_support();
  printf("bf16 rounding: the library's f32 -> bf16 convert %s\n",
         support == 1 ? "rounds to nearest even: one convert node"
         : support == 2 ? "truncates toward zero: RNE emulated (" XNNMLIR_STR(XNNMLIR_BF16_RNE_NODES) " nodes)"
                        : "neither rounds to nearest even nor truncates: bf16 rounding refused");
  if (support == 0)
    return 1;
  Runner rne, native, keep, bounded, pre;
  enum xnn_status s1 = runnerCreate(&rne, RNE), s2 = runnerCreate(&native, NATIVE), s3 = runnerCreate(&keep, KEEP_F32);
  enum xnn_status s4 = runnerCreate(&bounded, KEEP_F32_BOUNDED), s5 = runnerCreate(&pre, PRESCALED);
  if (s1 != xnn_status_success || s2 != xnn_status_success || s3 != xnn_status_success ||
      s4 != xnn_status_success || s5 != xnn_status_success) {
    fprintf(stderr, "xnn-probe: cannot build the bf16 rounding runtimes (%d, %d, %d, %d, %d)\n", (int)s1,
            (int)s2, (int)s3, (int)s4, (int)s5);
    runnerDestroy(&rne), runnerDestroy(&native), runnerDestroy(&keep), runnerDestroy(&bounded);
    runnerDestroy(&pre);
    return 1;
  }
  uint64_t checked = 0, differ = 0, nanPayload = 0, nativeDiffer = 0, shown = 0, flushed = 0, tiny = 0;
  uint64_t keepDiffer = 0, boundedChecked = 0, boundedDiffer = 0, preChecked = 0, preDiffer = 0;
  uint64_t next = 0;
  while (next < (1ull << 32)) {
    size_t n = 0;
    for (; n < CHUNK && next < (1ull << 32); ++n, next += stride) {
      uint32_t u = (uint32_t)next;
      memcpy(&rne.in[n], &u, 4);
    }
    memset(rne.in + n, 0, (CHUNK - n) * sizeof(float));
    memcpy(native.in, rne.in, CHUNK * sizeof(float));
    memcpy(keep.in, rne.in, CHUNK * sizeof(float));
    memcpy(bounded.in, rne.in, CHUNK * sizeof(float));
    /* What a producer with the scale folded in gives: clamp(x * 2^-17, +-2^111); NaN stays NaN. */
    for (size_t i = 0; i < CHUNK; ++i)
      pre.in[i] = fmaxf(fminf(rne.in[i] * XNNMLIR_BF16_RNE_PRESCALE, XNNMLIR_BF16_RNE_BOUND), -XNNMLIR_BF16_RNE_BOUND) +
                  (isnan(rne.in[i]) ? rne.in[i] : 0.0f);
    if (xnn_invoke_runtime(rne.rt) != xnn_status_success || xnn_invoke_runtime(native.rt) != xnn_status_success ||
        xnn_invoke_runtime(keep.rt) != xnn_status_success || xnn_invoke_runtime(bounded.rt) != xnn_status_success ||
        xnn_invoke_runtime(pre.rt) != xnn_status_success) {
      fprintf(stderr, "xnn-probe: xnn_invoke_runtime failed\n");
      runnerDestroy(&rne), runnerDestroy(&native), runnerDestroy(&keep), runnerDestroy(&bounded);
      runnerDestroy(&pre);
      return 1;
    }
    for (size_t i = 0; i < n; ++i) {
      uint32_t u;
      memcpy(&u, &rne.in[i], 4);
      uint16_t want = xnnF32BitsToBF16(u), got = rne.out[i];
      nativeDiffer += native.out[i] != want;
      /* Kept in f32: the bf16 result widened, bit for bit (NaN: a NaN). */
      uint32_t kept = keep.out32[i];
      if (isNaN(u) ? !isNaN(kept) : (kept != (uint32_t)got << 16))
        ++keepDiffer;
      /* The unscaled form, on its domain: normal |x| <= 2^111, and NaN. */
      uint32_t a = u & 0x7fffffffu;
      if ((a >= XNNMLIR_BF16_RNE_BOUNDED_EXACT_FROM && a <= 0x77000000u) || isNaN(u)) {
        ++boundedChecked;
        uint32_t b = bounded.out32[i];
        if (isNaN(u) ? !isNaN(b) : (b != (uint32_t)want << 16))
          ++boundedDiffer;
      }
      /* The prescaled form, on its domain: |x| >= 2^-109 (the prescaled value normal), and NaN. */
      if (a >= XNNMLIR_BF16_RNE_EXACT_FROM) {
        ++preChecked;
        uint16_t p = pre.out[i];
        if (isNaN(u) ? (p & 0x7fffu) <= 0x7f80u : p != want)
          ++preDiffer;
      }
      if ((u & 0x7fffffffu) < XNNMLIR_BF16_RNE_EXACT_FROM) {
        ++tiny; /* below 2^-109: XNNPACK flushes denormals, see Bf16Rounding.inc */
        flushed += got != want;
        continue;
      }
      if (got == want)
        continue;
      if (isNaN(u) && (got & 0x7fffu) > 0x7f80u) {
        ++nanPayload; /* a NaN still, with another payload */
        continue;
      }
      if (shown++ < 10)
        printf("  0x%08x: rounds to 0x%04x, expected 0x%04x\n", u, got, want);
      ++differ;
    }
    checked += n;
  }
  runnerDestroy(&rne), runnerDestroy(&native), runnerDestroy(&keep), runnerDestroy(&bounded);
  runnerDestroy(&pre);
  printf("bf16 rounding: %llu f32 patterns checked (every %llu): %llu of %llu with |x| >= 2^-109 differ, "
         "%llu NaNs with another payload; below 2^-109 (flushed range) %llu of %llu differ; the "
         "library's convert alone differs on %llu\n",
         (unsigned long long)checked, (unsigned long long)stride, (unsigned long long)differ,
         (unsigned long long)(checked - tiny), (unsigned long long)nanPayload, (unsigned long long)flushed,
         (unsigned long long)tiny, (unsigned long long)nativeDiffer);
  printf("bf16 rounding kept in f32: %llu of %llu patterns differ from the bf16 rounding widened\n",
         (unsigned long long)keepDiffer, (unsigned long long)checked);
  printf("bf16 rounding of inputs known within +-2^111 (kept in f32, unscaled): %llu of %llu patterns "
         "(normal, and NaN) differ\n",
         (unsigned long long)boundedDiffer, (unsigned long long)boundedChecked);
  printf("bf16 rounding of inputs prescaled by their producer (clamp(x * 2^-17, +-2^111)): %llu of %llu "
         "patterns (|x| >= 2^-109, and NaN) differ\n",
         (unsigned long long)preDiffer, (unsigned long long)preChecked);
  return differ || keepDiffer || boundedDiffer || preDiffer ? 1 : 0;
}
