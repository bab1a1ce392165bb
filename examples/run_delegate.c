/* Example driver for C emitted by xnn-translate --xnn-to-c: runs delegate 0 on
 * <dir>/input_<i>.npy (written by xnn-run --output-dir) and compares with
 * <dir>/output_<i>.npy, bit-exactly if atol is 0, else within atol. Weights
 * in a file are read from $XNN_WEIGHTS_FILE, or where xnn-translate wrote them.
 * Usage: driver <dir> <atol> [threads] */
#include <xnnpack.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct xnn_delegate_0 *xnn_delegate_0_t;
enum xnn_status xnn_delegate_0_create(xnn_delegate_0_t *delegate, pthreadpool_t threadpool, const char **error);
enum xnn_status xnn_delegate_0_run(xnn_delegate_0_t delegate, const void *const inputs[], void *const outputs[],
                                   const char **error);
void xnn_delegate_0_destroy(xnn_delegate_0_t delegate);
extern const size_t xnn_delegate_0_num_inputs, xnn_delegate_0_num_outputs;
extern const size_t xnn_delegate_0_input_bytes[], xnn_delegate_0_output_bytes[];
enum xnn_status xnn_weights_load(const char *path, const char **error);
void xnn_weights_unload(void);

/* Reads the payload of a .npy file (format 1.0) and its descr. */
static void *readNpy(const char *path, size_t bytes, char descr[8]) {
  FILE *f = fopen(path, "rb");
  unsigned char pre[10];
  if (!f || fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY\x01", 7)) {
    fprintf(stderr, "driver: cannot read %s\n", path);
    exit(1);
  }
  size_t hlen = (size_t)pre[8] | (size_t)pre[9] << 8;
  char *h = calloc(hlen + 1, 1);
  void *data = aligned_alloc(64, (bytes + XNN_EXTRA_BYTES + 63) / 64 * 64);
  if (!h || !data || fread(h, 1, hlen, f) != hlen || fread(data, 1, bytes, f) != bytes) {
    fprintf(stderr, "driver: %s: truncated or not %zu bytes\n", path, bytes);
    exit(1);
  }
  const char *d = strstr(h, "'descr': '");
  snprintf(descr, 8, "%.3s", d ? d + 10 : "???");
  free(h);
  fclose(f);
  return data;
}

static float toF32(const void *p, size_t i, const char *descr) {
  if (!strcmp(descr, "<f4")) {
    float v;
    memcpy(&v, (const char *)p + 4 * i, 4);
    return v;
  }
  uint16_t h;
  memcpy(&h, (const char *)p + 2 * i, 2);
  uint32_t bits;
  if (!strcmp(descr, "<u2")) { /* bf16 bits */
    bits = (uint32_t)h << 16;
  } else { /* f16 */
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    if (exp == 0x1f)
      bits = sign | 0x7f800000u | man << 13;
    else if (exp)
      bits = sign | (exp + 112) << 23 | man << 13;
    else {
      float v = ldexpf((float)man, -24);
      return sign ? -v : v;
    }
  }
  float v;
  memcpy(&v, &bits, 4);
  return v;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return fprintf(stderr, "usage: driver <dir> <atol> [threads]\n"), 1;
  double atol = atof(argv[2]);
  size_t threads = argc > 3 ? (size_t)atoi(argv[3]) : 1;
  pthreadpool_t pool = threads > 1 ? pthreadpool_create(threads) : NULL;
  /* Sized by the delegate: any number of inputs and outputs. */
  size_t numIn = xnn_delegate_0_num_inputs, numOut = xnn_delegate_0_num_outputs;
  const void **inputs = calloc(numIn + 1, sizeof(void *));
  void **outputs = calloc(numOut + 1, sizeof(void *)), **expected = calloc(numOut + 1, sizeof(void *));
  char (*descr)[8] = calloc(numOut + 1, 8), inDescr[8], path[4096];
  if (!inputs || !outputs || !expected || !descr)
    return fprintf(stderr, "driver: out of memory\n"), 1;
  for (size_t i = 0; i < numIn; ++i) {
    snprintf(path, sizeof(path), "%s/input_%zu.npy", argv[1], i);
    inputs[i] = readNpy(path, xnn_delegate_0_input_bytes[i], inDescr);
  }
  for (size_t i = 0; i < numOut; ++i) {
    snprintf(path, sizeof(path), "%s/output_%zu.npy", argv[1], i);
    expected[i] = readNpy(path, xnn_delegate_0_output_bytes[i], descr[i]);
    outputs[i] = calloc(1, xnn_delegate_0_output_bytes[i] + 1);
  }
  const char *error = NULL;
  enum xnn_status s = xnn_weights_load(getenv("XNN_WEIGHTS_FILE"), &error);
  if (s != xnn_status_success)
    return fprintf(stderr, "driver: %s\n", error), 1;
  xnn_delegate_0_t d;
  s = xnn_delegate_0_create(&d, pool, &error);
  if (s != xnn_status_success)
    return fprintf(stderr, "driver: create failed (status %d): %s\n", (int)s, error), 1;
  for (int run = 0; run < 2; ++run) /* the runtime is reused */
    if ((s = xnn_delegate_0_run(d, inputs, outputs, &error)) != xnn_status_success)
      return fprintf(stderr, "driver: run failed (status %d): %s\n", (int)s, error), 1;
  int rc = 0;
  for (size_t i = 0; i < numOut; ++i) {
    size_t bytes = xnn_delegate_0_output_bytes[i], width = strcmp(descr[i], "<f4") ? 2 : 4;
    bool bitwise = !memcmp(outputs[i], expected[i], bytes);
    double maxAbs = 0;
    for (size_t k = 0; k < bytes / width; ++k) {
      double e = fabs((double)toF32(outputs[i], k, descr[i]) - (double)toF32(expected[i], k, descr[i]));
      if (!(e <= maxAbs))
        maxAbs = e;
    }
    bool ok = atol == 0 ? bitwise : maxAbs <= atol;
    printf("output %zu: %s %zu bytes, bitwise %s, max_abs %g: %s\n", i, descr[i], bytes, bitwise ? "equal" : "differ",
           maxAbs, ok ? "OK" : "FAIL");
    rc |= !ok;
  }
  xnn_delegate_0_destroy(d);
  xnn_weights_unload();
  for (size_t i = 0; i < numIn; ++i)
    free((void *)inputs[i]);
  for (size_t i = 0; i < numOut; ++i)
    free(outputs[i]), free(expected[i]);
  free(inputs), free(outputs), free(expected), free(descr);
  if (pool)
    pthreadpool_destroy(pool);
  return rc;
}
