/* Fuzzer harness for C emitted by xnn-translate --xnn-to-c: runs EVERY delegate
 * of the module (examples/run_delegate.c runs only delegate 0, with fixed
 * 16-entry arrays). Delegate i reads <dir_i>/input_<k>.npy (written by
 * `xnn-run --func=<delegate> --output-dir <dir_i>`) and must reproduce
 * <dir_i>/output_<k>.npy bit for bit.
 *
 * The delegate list comes from fuzz_delegates.inc, generated beside the
 * emitted C: one FUZZ_DELEGATE(N) line per delegate.
 * Usage: harness <dir_0> <dir_1> ...   Exit: 0 equal, 2 differ, 3 create/run failed. */
#include <xnnpack.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_DELEGATE(N)                                                                                           \
  typedef struct xnn_delegate_##N *xnn_delegate_##N##_t;                                                          \
  enum xnn_status xnn_delegate_##N##_create(xnn_delegate_##N##_t *d, pthreadpool_t pool, const char **error);     \
  enum xnn_status xnn_delegate_##N##_run(xnn_delegate_##N##_t d, const void *const in[], void *const out[],        \
                                         const char **error);                                                     \
  void xnn_delegate_##N##_destroy(xnn_delegate_##N##_t d);                                                        \
  extern const size_t xnn_delegate_##N##_num_inputs, xnn_delegate_##N##_num_outputs;                              \
  extern const size_t xnn_delegate_##N##_input_bytes[], xnn_delegate_##N##_output_bytes[];                        \
  /* Thunks with the generic signature: no call through a mismatched function type. */                            \
  static enum xnn_status create##N(void **d, pthreadpool_t pool, const char **error) {                            \
    xnn_delegate_##N##_t typed = NULL;                                                                            \
    enum xnn_status s = xnn_delegate_##N##_create(&typed, pool, error);                                           \
    *d = typed;                                                                                                   \
    return s;                                                                                                     \
  }                                                                                                               \
  static enum xnn_status run##N(void *d, const void *const in[], void *const out[], const char **error) {         \
    return xnn_delegate_##N##_run((xnn_delegate_##N##_t)d, in, out, error);                                       \
  }                                                                                                               \
  static void destroy##N(void *d) { xnn_delegate_##N##_destroy((xnn_delegate_##N##_t)d); }                        \
  static int runDelegate##N(const char *dir) {                                                                    \
    return runOne(N, dir, xnn_delegate_##N##_num_inputs, xnn_delegate_##N##_input_bytes,                         \
                  xnn_delegate_##N##_num_outputs, xnn_delegate_##N##_output_bytes, create##N, run##N, destroy##N); \
  }

typedef enum xnn_status (*createFn)(void **d, pthreadpool_t pool, const char **error);
typedef enum xnn_status (*runFn)(void *d, const void *const in[], void *const out[], const char **error);
typedef void (*destroyFn)(void *d);

/* Payload of a .npy file (format 1.0 or 2.0), padded for XNNPACK's over-reads. */
static void *readNpyPayload(const char *path, size_t bytes) {
  FILE *f = fopen(path, "rb");
  unsigned char pre[12];
  if (!f || fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY", 6)) {
    fprintf(stderr, "harness: cannot read %s\n", path);
    exit(3);
  }
  size_t hlen = (size_t)pre[8] | (size_t)pre[9] << 8;
  if (pre[6] >= 2) {
    if (fread(pre + 10, 1, 2, f) != 2)
      exit(3);
    hlen |= (size_t)pre[10] << 16 | (size_t)pre[11] << 24;
  }
  if (fseek(f, (long)hlen, SEEK_CUR)) {
    fprintf(stderr, "harness: %s: bad header\n", path);
    exit(3);
  }
  unsigned char *data = aligned_alloc(64, (bytes + XNN_EXTRA_BYTES + 63) / 64 * 64);
  if (!data || fread(data, 1, bytes, f) != bytes) {
    fprintf(stderr, "harness: %s: not %zu bytes of payload\n", path, bytes);
    exit(3);
  }
  fclose(f);
  return data;
}

static int runOne(int index, const char *dir, size_t numInputs, const size_t *inputBytes, size_t numOutputs,
                  const size_t *outputBytes, createFn create, runFn run, destroyFn destroy) {
  char path[4096];
  const void **inputs = calloc(numInputs + 1, sizeof(void *));
  void **outputs = calloc(numOutputs + 1, sizeof(void *));
  void **expected = calloc(numOutputs + 1, sizeof(void *));
  for (size_t i = 0; i < numInputs; ++i) {
    snprintf(path, sizeof(path), "%s/input_%zu.npy", dir, i);
    inputs[i] = readNpyPayload(path, inputBytes[i]);
  }
  for (size_t i = 0; i < numOutputs; ++i) {
    snprintf(path, sizeof(path), "%s/output_%zu.npy", dir, i);
    expected[i] = readNpyPayload(path, outputBytes[i]);
    outputs[i] = calloc(1, outputBytes[i] + XNN_EXTRA_BYTES);
  }
  const char *error = "";
  void *d = NULL;
  enum xnn_status s = create(&d, NULL, &error);
  if (s != xnn_status_success) {
    printf("delegate %d: create failed (status %d): %s\n", index, (int)s, error ? error : "");
    return 3;
  }
  for (int pass = 0; pass < 2; ++pass) /* a reused runtime must give the same bits */
    if ((s = run(d, inputs, outputs, &error)) != xnn_status_success) {
      printf("delegate %d: run failed (status %d): %s\n", index, (int)s, error ? error : "");
      return 3;
    }
  int rc = 0;
  for (size_t i = 0; i < numOutputs; ++i) {
    size_t firstDiff = outputBytes[i];
    for (size_t b = 0; b < outputBytes[i]; ++b)
      if (((unsigned char *)outputs[i])[b] != ((unsigned char *)expected[i])[b]) {
        firstDiff = b;
        break;
      }
    if (firstDiff != outputBytes[i]) {
      printf("delegate %d output %zu: differs from xnn-run at byte %zu of %zu\n", index, i, firstDiff,
             outputBytes[i]);
      rc = 2;
    }
  }
  destroy(d);
  return rc;
}

#include "fuzz_delegates.inc"

static int (*const delegateRunners[])(const char *) = {
#undef FUZZ_DELEGATE
#define FUZZ_DELEGATE(N) runDelegate##N,
#include "fuzz_delegates.inc"
};

int main(int argc, char **argv) {
  size_t count = sizeof(delegateRunners) / sizeof(delegateRunners[0]);
  if ((size_t)argc != count + 1) {
    fprintf(stderr, "harness: expected %zu delegate directories, got %d\n", count, argc - 1);
    return 3;
  }
  int rc = 0;
  for (size_t i = 0; i < count; ++i) {
    int r = delegateRunners[i](argv[1 + i]);
    if (r > rc)
      rc = r;
  }
  if (rc == 0)
    printf("all %zu delegates bitwise equal to xnn-run\n", count);
  return rc;
}
