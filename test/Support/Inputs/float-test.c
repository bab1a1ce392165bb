/* Checks lib/Support/Float.c against an independent reference that works on
 * double values (frexp/ldexp, explicit tie handling) instead of bit tricks:
 * exhaustive 16-bit round trips, ~4.5M f32 inputs, every tie point and
 * hand-computed patterns. Prints "float-test: OK" and exits 0 on success. */
#include "Support/Float.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long failures;

#define EXPECT_EQ(what, input, got, want)                                                 \
  do {                                                                                     \
    if ((got) != (want) && failures++ < 20)                                                \
      fprintf(stderr, "FAIL %s(0x%08lx): got 0x%lx, want 0x%lx\n", what,                 \
              (unsigned long)(input), (unsigned long)(got), (unsigned long)(want));       \
  } while (0)

/* A binary format: 1 sign bit, `ebits` exponent bits, `man` mantissa bits. */
typedef struct Fmt {
  const char *name;
  int ebits, man;
} Fmt;
static const Fmt kBF16 = {"bf16", 8, 7}, kF16 = {"f16", 5, 10};

/* Value of a 16-bit pattern as a double (NaN/Inf flagged separately). */
static double refValue(Fmt f, uint32_t bits, int *special) {
  int bias = (1 << (f.ebits - 1)) - 1;
  uint32_t e = (bits >> f.man) & ((1u << f.ebits) - 1u);
  uint32_t m = bits & ((1u << f.man) - 1u);
  double s = (bits >> (f.ebits + f.man)) & 1u ? -1.0 : 1.0;
  *special = e == (1u << f.ebits) - 1u;
  if (*special)
    return m ? NAN : s * INFINITY;
  if (e == 0)
    return s * ldexp((double)m, 1 - bias - f.man);
  return s * ldexp((double)((1u << f.man) + m), (int)e - bias - f.man);
}

/* Reference narrowing of an f32 (given as bits) to format f. */
static uint32_t refNarrow(Fmt f, uint32_t x) {
  int bias = (1 << (f.ebits - 1)) - 1, emin = 1 - bias;
  uint32_t sign = (x >> 31) ? 1u << (f.ebits + f.man) : 0u;
  uint32_t infBits = ((1u << f.ebits) - 1u) << f.man;
  float xf = xnnF32FromBits(x);
  if (isnan(xf)) /* spec: quiet NaN keeping the top payload bits */
    return sign | infBits | (1u << (f.man - 1)) | ((x & 0x7FFFFFu) >> (23 - f.man));
  double d = fabs((double)xf);
  if (isinf(d))
    return sign | infBits;
  if (d == 0.0)
    return sign;
  int e;
  (void)frexp(d, &e);
  int E = e - 1 < emin ? emin : e - 1;
  double quantum = ldexp(1.0, E - f.man);
  double q = d / quantum; /* exact: a power-of-two scaling */
  double fl = floor(q), frac = q - fl, r;
  if (frac > 0.5)
    r = fl + 1;
  else if (frac < 0.5)
    r = fl;
  else
    r = fmod(fl, 2.0) == 0.0 ? fl : fl + 1;
  double v = r * quantum;
  double maxFinite = ldexp(2.0 - ldexp(1.0, -f.man), bias);
  if (v > maxFinite)
    return sign | infBits;
  if (v < ldexp(1.0, emin))
    return sign | (uint32_t)r; /* subnormal (or zero): r counts 2^(emin-man) */
  (void)frexp(v, &e);
  E = e - 1;
  uint32_t mant = (uint32_t)(v / ldexp(1.0, E - f.man)) - (1u << f.man);
  return sign | ((uint32_t)(E + bias) << f.man) | mant;
}

static uint16_t narrow(Fmt f, uint32_t x) {
  return f.man == 7 ? xnnF32BitsToBF16(x) : xnnF32BitsToF16(x);
}
static uint32_t widen(Fmt f, uint16_t h) {
  return f.man == 7 ? xnnBF16ToF32Bits(h) : xnnF16ToF32Bits(h);
}

static void checkNarrow(Fmt f, uint32_t x) {
  EXPECT_EQ(f.name, x, (uint32_t)narrow(f, x), refNarrow(f, x));
}

static void exhaustive16(Fmt f) {
  for (uint32_t h = 0; h <= 0xFFFFu; ++h) {
    int special;
    double v = refValue(f, h, &special);
    uint32_t w = widen(f, (uint16_t)h);
    float wf = xnnF32FromBits(w);
    uint32_t quiet = 1u << (f.man - 1);
    uint32_t mmask = (1u << f.man) - 1u;
    if (special && (h & mmask)) {
      /* NaN: stays NaN, sign and payload kept; narrowing back only sets quiet. */
      if (!isnan(wf) || (w >> 31) != (h >> 15) || ((w & 0x7FFFFFu) >> (23 - f.man)) != (h & mmask))
        EXPECT_EQ("widen-nan", h, w, 0u);
      EXPECT_EQ("roundtrip-nan", h, (uint32_t)narrow(f, w), h | quiet);
    } else {
      /* Exact widening: the same value (and sign of zero). */
      if (!(wf == v) || signbit(wf) != signbit(v))
        EXPECT_EQ("widen", h, w, xnnF32Bits((float)v));
      EXPECT_EQ("roundtrip", h, (uint32_t)narrow(f, w), h);
    }
    checkNarrow(f, w);
    /* Tie points and their neighbours: half-way to the next pattern up in
     * magnitude (exactly representable in f32 for both formats). */
    if (!special && (h & 0x7FFFu) != (mmask | (((1u << f.ebits) - 2u) << f.man)) + 1u) {
      int sp2;
      double next = refValue(f, h + 1, &sp2);
      double mid = sp2 ? v + (v - refValue(f, h - 1, &sp2)) / 2 : (v + next) / 2;
      if ((h & 0x7FFFu) == 0)
        mid = (v + next) / 2;
      float mf = (float)mid;
      if ((double)mf == mid) {
        uint32_t mb = xnnF32Bits(mf);
        checkNarrow(f, mb);
        checkNarrow(f, mb + 1);
        checkNarrow(f, mb - 1);
      }
    }
  }
}

static void crossFormats(void) {
  for (uint32_t h = 0; h <= 0xFFFFu; ++h) {
    EXPECT_EQ("f16->bf16", h, (uint32_t)xnnF16ToBF16((uint16_t)h), refNarrow(kBF16, xnnF16ToF32Bits((uint16_t)h)));
    EXPECT_EQ("bf16->f16", h, (uint32_t)xnnBF16ToF16((uint16_t)h), refNarrow(kF16, xnnBF16ToF32Bits((uint16_t)h)));
  }
}

static void sweepF32(void) {
  /* ~4.2M patterns spread over the whole f32 space (odd stride: every low-bit
   * residue appears), plus every pattern around the f16 subnormal range. */
  for (uint64_t x = 0; x <= 0xFFFFFFFFull; x += 1021) {
    checkNarrow(kBF16, (uint32_t)x);
    checkNarrow(kF16, (uint32_t)x);
  }
  for (uint32_t x = 0x32800000u - 4096; x < 0x38800000u + 4096; x += 61) {
    checkNarrow(kF16, x);
    checkNarrow(kF16, x | 0x80000000u);
  }
}

static void handPicked(void) {
  static const struct {
    uint32_t f32;
    uint16_t bf16, f16;
  } cases[] = {
      {0x3F800000u, 0x3F80u, 0x3C00u}, /* 1.0 */
      {0x80000000u, 0x8000u, 0x8000u}, /* -0.0 */
      {0x3F808000u, 0x3F80u, 0x3C04u}, /* bf16 tie, even below: down */
      {0x3F818000u, 0x3F82u, 0x3C0Cu}, /* bf16 tie, odd below: up */
      {0x3F808001u, 0x3F81u, 0x3C04u}, /* just above the bf16 tie */
      {0x3F801000u, 0x3F80u, 0x3C00u}, /* f16 tie, even below: down */
      {0x3F803000u, 0x3F80u, 0x3C02u}, /* f16 tie, odd below: up */
      {0x477FE000u, 0x4780u, 0x7BFFu}, /* 65504: f16 max finite */
      {0x477FEFFFu, 0x4780u, 0x7BFFu}, /* just below 65520 */
      {0x477FF000u, 0x4780u, 0x7C00u}, /* 65520: rounds to f16 Inf */
      {0x33800000u, 0x3380u, 0x0001u}, /* 2^-24: smallest f16 subnormal */
      {0x33000000u, 0x3300u, 0x0000u}, /* 2^-25: tie to even zero */
      {0x33000001u, 0x3300u, 0x0001u}, /* just above 2^-25 */
      {0x33C00000u, 0x33C0u, 0x0002u}, /* 1.5*2^-24: tie to even 2 */
      {0x387FC000u, 0x3880u, 0x03FFu}, /* largest f16 subnormal */
      {0x387FE000u, 0x3880u, 0x0400u}, /* tie between it and min normal: up */
      {0x7F7F7FFFu, 0x7F7Fu, 0x7C00u}, /* below the bf16 overflow tie */
      {0x7F7F8000u, 0x7F80u, 0x7C00u}, /* bf16 overflow tie (odd): Inf */
      {0x7F7FFFFFu, 0x7F80u, 0x7C00u}, /* FLT_MAX */
      {0x00000001u, 0x0000u, 0x0000u}, /* smallest f32 subnormal */
      {0x00010000u, 0x0001u, 0x0000u}, /* smallest bf16 subnormal */
      {0x00008000u, 0x0000u, 0x0000u}, /* tie to even zero */
      {0x00018000u, 0x0002u, 0x0000u}, /* tie to even 2 */
      {0x7F800000u, 0x7F80u, 0x7C00u}, /* +Inf */
      {0xFF800000u, 0xFF80u, 0xFC00u}, /* -Inf */
      {0x7FC00000u, 0x7FC0u, 0x7E00u}, /* canonical quiet NaN */
      {0x7FC00001u, 0x7FC0u, 0x7E00u}, /* payload below both formats */
      {0x7F800001u, 0x7FC0u, 0x7E00u}, /* signalling NaN, truncates to Inf: quiet */
      {0xFFA00000u, 0xFFE0u, 0xFF00u}, /* negative signalling NaN with top payload */
      {0x7FFFFFFFu, 0x7FFFu, 0x7FFFu}, /* all-ones payload */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    EXPECT_EQ("hand-bf16", cases[i].f32, (uint32_t)xnnF32BitsToBF16(cases[i].f32), (uint32_t)cases[i].bf16);
    EXPECT_EQ("hand-f16", cases[i].f32, (uint32_t)xnnF32BitsToF16(cases[i].f32), (uint32_t)cases[i].f16);
  }
  EXPECT_EQ("f16-subnormal-widen", 0x0001u, xnnF16ToF32Bits(0x0001u), 0x33800000u);
  EXPECT_EQ("f16-subnormal-widen", 0x83FFu, xnnF16ToF32Bits(0x83FFu), 0xB87FC000u);
  EXPECT_EQ("f16-nan-widen", 0x7D01u, xnnF16ToF32Bits(0x7D01u), 0x7FA02000u);
  EXPECT_EQ("bf16-float-api", 0x4049u, xnnF32Bits(xnnBF16ToF32(0x4049u)), 0x40490000u);
  EXPECT_EQ("f16-float-api", 0x3C00u, (uint32_t)xnnF32ToF16(xnnF16ToF32(0x3C00u)), 0x3C00u);
  EXPECT_EQ("bf16-float-api", 0x3F80u, (uint32_t)xnnF32ToBF16(1.0f), 0x3F80u);
}

int main(void) {
  handPicked();
  exhaustive16(kBF16);
  exhaustive16(kF16);
  crossFormats();
  sweepF32();
  if (failures) {
    fprintf(stderr, "float-test: %lu failures\n", failures);
    return 1;
  }
  printf("float-test: OK\n");
  return 0;
}
