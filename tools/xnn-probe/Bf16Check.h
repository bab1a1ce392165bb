/* xnn-probe --check-bf16-rounding (Bf16Check.c). */
#ifndef XNNMLIR_TOOLS_XNN_PROBE_BF16CHECK_H
#define XNNMLIR_TOOLS_XNN_PROBE_BF16CHECK_H

#include <stdint.h>

/* Checks RNE f32 -> bf16 on the f32 patterns 0, stride, 2 stride, ... below
 * 2^32 (stride 1: all); prints a summary, returns 1 if any differs. */
int xnnProbeCheckBf16Rounding(uint64_t stride);

#endif
