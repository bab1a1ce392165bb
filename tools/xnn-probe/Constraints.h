/* Constraints of the capability table and the lowering (pool windows, clamp
 * ranges), checked against the linked XNNPACK. */
#ifndef XNNMLIR_TOOLS_XNN_PROBE_CONSTRAINTS_H
#define XNNMLIR_TOOLS_XNN_PROBE_CONSTRAINTS_H

#include <stddef.h>

/* Checks a grid of max/avg pool windows; prints each disagreement between
 * the capability table and the linked XNNPACK. Returns how many disagree and
 * sets *checked to the number of windows compared. */
size_t xnnProbeCheckPoolWindows(size_t *checked);

/* Checks hardtanh ranges (with and without 0, empty, one-sided) after each
 * producer XNNPACK may fuse a clamp into, through xnn-delegate and the live
 * runtime against the reference interpreter. Returns how many disagree. */
size_t xnnProbeCheckClampRanges(size_t *checked);

/* Runs every unary edge op in every float dtype on special values (signed
 * zeros, negatives, infinities, NaN, subnormals, overflow) through
 * xnn-delegate and the live runtime against the reference interpreter.
 * Returns how many finite normal values disagree; differences at NaN,
 * infinite or subnormal inputs are counted in *deviations. */
size_t xnnProbeCheckUnarySpecials(size_t *checked, size_t *deviations);

/* f16 prelu with one slope over n = 1..70 elements: xnn-delegate's module
 * against x * slope, and XNNPACK's own f16 node, which the lowering keeps
 * only up to 16 elements (on AVX512-FP16 it skips elements 16..31 of a last
 * partial block of 32). Returns how many disagree; *nativeWrong counts the
 * sizes where the f16 node is wrong. */
size_t xnnProbeCheckPreluOneSlope(size_t *checked, size_t *nativeWrong);

#endif
