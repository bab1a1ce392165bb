#include "Support/Float.h"

#include <string.h>

uint32_t xnnF32Bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

float xnnF32FromBits(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

uint16_t xnnF32BitsToBF16(uint32_t f32) {
  if ((f32 & 0x7FFFFFFFu) > 0x7F800000u) /* NaN: keep the top payload bits, quiet */
    return (uint16_t)((f32 >> 16) | 0x0040u);
  /* RNE on the low 16 bits; a carry out of the mantissa bumps the exponent,
   * and rounding up the largest finite values gives the infinity pattern. */
  uint32_t lsb = (f32 >> 16) & 1u;
  return (uint16_t)((f32 + 0x7FFFu + lsb) >> 16);
}

uint32_t xnnBF16ToF32Bits(uint16_t bf16) { return (uint32_t)bf16 << 16; }

uint16_t xnnF32BitsToF16(uint32_t f32) {
  uint16_t sign = (uint16_t)((f32 >> 16) & 0x8000u);
  uint32_t mag = f32 & 0x7FFFFFFFu;
  if (mag > 0x7F800000u) /* NaN: top 10 mantissa bits, quiet bit set */
    return (uint16_t)(sign | 0x7E00u | ((mag >> 13) & 0x03FFu));
  if (mag >= 0x477FF000u) /* >= 65520 (half-way past the max finite 65504): Inf */
    return (uint16_t)(sign | 0x7C00u);
  int32_t exp = (int32_t)(mag >> 23) - 127; /* unbiased f32 exponent */
  if (exp >= -14) {
    /* Normal f16: rebias the exponent, RNE the 13 dropped mantissa bits. A
     * carry propagates into the exponent field correctly. */
    uint32_t m = mag - ((uint32_t)(127 - 15) << 23);
    uint32_t lsb = (m >> 13) & 1u;
    return (uint16_t)(sign | ((m + 0x0FFFu + lsb) >> 13));
  }
  if (exp < -25) /* below half the smallest subnormal 2^-24 (or zero): +-0 */
    return sign;
  /* Subnormal f16: value = mant24 * 2^(exp-23), result units are 2^-24, so
   * shift right by (-exp - 1) with exp in [-25, -15] (shift 14..24). */
  uint32_t mant = (mag & 0x007FFFFFu) | 0x00800000u;
  uint32_t shift = (uint32_t)(-exp - 1);
  uint32_t q = mant >> shift;
  uint32_t rem = mant & ((1u << shift) - 1u);
  uint32_t half = 1u << (shift - 1);
  if (rem > half || (rem == half && (q & 1u)))
    ++q; /* may become 0x0400, the smallest normal: still the right pattern */
  return (uint16_t)(sign | q);
}

uint32_t xnnF16ToF32Bits(uint16_t f16) {
  uint32_t sign = (uint32_t)(f16 & 0x8000u) << 16;
  uint32_t exp = (f16 >> 10) & 0x1Fu;
  uint32_t mant = f16 & 0x03FFu;
  if (exp == 0x1F) /* Inf / NaN: payload moves to the top of the f32 mantissa */
    return sign | 0x7F800000u | (mant << 13);
  if (exp != 0)
    return sign | ((exp + (127 - 15)) << 23) | (mant << 13);
  if (mant == 0)
    return sign;
  /* Subnormal: normalize. value = mant * 2^-24. */
  int32_t e = -14;
  while (!(mant & 0x0400u)) {
    mant <<= 1;
    --e;
  }
  return sign | ((uint32_t)(e + 127) << 23) | ((mant & 0x03FFu) << 13);
}

void xnnWidenToF32Bits(const uint16_t *src, size_t n, bool isF16, uint32_t *dst) {
  if (isF16)
    for (size_t i = 0; i < n; ++i)
      dst[i] = xnnF16ToF32Bits(src[i]);
  else /* the weights' hot path: a shift the compiler vectorises */
    for (size_t i = 0; i < n; ++i)
      dst[i] = (uint32_t)src[i] << 16;
}

uint16_t xnnF16ToBF16(uint16_t f16) { return xnnF32BitsToBF16(xnnF16ToF32Bits(f16)); }
uint16_t xnnBF16ToF16(uint16_t bf16) { return xnnF32BitsToF16(xnnBF16ToF32Bits(bf16)); }

uint16_t xnnF32ToBF16(float f) { return xnnF32BitsToBF16(xnnF32Bits(f)); }
float xnnBF16ToF32(uint16_t bf16) { return xnnF32FromBits(xnnBF16ToF32Bits(bf16)); }
uint16_t xnnF32ToF16(float f) { return xnnF32BitsToF16(xnnF32Bits(f)); }
float xnnF16ToF32(uint16_t f16) { return xnnF32FromBits(xnnF16ToF32Bits(f16)); }
