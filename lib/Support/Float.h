/* Bit-exact conversions between f32 and the 16-bit float formats (bfloat16,
 * IEEE binary16), shared by the constant folder and the reference kernels.
 *
 * Narrowing (f32 -> bf16 / f16) rounds to nearest, ties to even, with
 * gradual underflow (subnormal results) and overflow to infinity. A NaN input
 * gives a quiet NaN of the same sign that keeps the top mantissa (payload)
 * bits that fit: the result's quiet bit is always set, so a NaN never turns
 * into an infinity. Widening (bf16 / f16 -> f32) is exact for every value
 * (f16 subnormals become normal f32 values; NaNs keep sign and payload).
 * bf16 <-> f16 goes through f32: exact widening, then one RNE narrowing.
 *
 * All functions are pure and independent of the floating-point environment
 * (no rounding-mode or FTZ/DAZ dependence: only integer arithmetic). */
#ifndef XNNMLIR_LIB_SUPPORT_FLOAT_H
#define XNNMLIR_LIB_SUPPORT_FLOAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Raw f32 bits <-> float (memcpy, no conversion). */
uint32_t xnnF32Bits(float f);
float xnnF32FromBits(uint32_t bits);

/* On raw bit patterns. */
uint16_t xnnF32BitsToBF16(uint32_t f32);
uint32_t xnnBF16ToF32Bits(uint16_t bf16);
uint16_t xnnF32BitsToF16(uint32_t f32);
uint32_t xnnF16ToF32Bits(uint16_t f16);
uint16_t xnnF16ToBF16(uint16_t f16);
uint16_t xnnBF16ToF16(uint16_t bf16);
/* dst[i] = the f32 bits of src[i] (f16 if `isF16`, else bf16), exactly, for n values. */
void xnnWidenToF32Bits(const uint16_t *src, size_t n, bool isF16, uint32_t *dst);

/* On float values (bit-exact, including NaN payloads). */
uint16_t xnnF32ToBF16(float f);
float xnnBF16ToF32(uint16_t bf16);
uint16_t xnnF32ToF16(float f);
float xnnF16ToF32(uint16_t f16);

#endif
