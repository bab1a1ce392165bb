/* libFuzzer target: the .npy reader xnn-run uses for --input files, on every
 * dtype expectation (bf16 changes how '<u2' is read); a tensor it returns
 * must hold exactly as many bytes as its shape says, all readable. */
#include "Npy.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const XnnMlirDType expects[] = {XNN_MLIR_DTYPE_INVALID, XNN_MLIR_BF16, XNN_MLIR_F32};
  for (size_t i = 0; i < sizeof(expects) / sizeof(expects[0]); ++i) {
    XnnMlirTensor t;
    char err[512];
    if (!xnnNpyReadBuffer(data, size, "fuzz.npy", expects[i], &t, err, sizeof(err)))
      continue;
    size_t bytes = xnnMlirTensorNumBytes(&t);
    /* Touch every byte: ASan catches a buffer smaller than the shape. */
    volatile unsigned char sum = 0;
    for (size_t k = 0; k < bytes; ++k)
      sum ^= ((const unsigned char *)t.data)[k];
    (void)sum;
    xnnMlirTensorDestroy(&t);
  }
  return 0;
}
