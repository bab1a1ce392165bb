/* Example driver for a whole function emitted by xnn-translate --xnn-to-c
 * --program: creates the program once and runs it for several steps, as
 * xnn-run --steps does: every xnn.state result is the same buffer as its
 * state argument (updated in place where the emitted code can), greedy
 * tokens and positions fed from step to step. Compares with xnn-run's
 * --output-dir bit for bit, and times the steps.
 *
 * Build (PROGRAM: the function's name, default forward):
 *   cc -std=c11 -DPROGRAM=forward model.c examples/run_program.c \
 *      $(pkg-config --cflags --libs xnnmlir xnnmlir-xnnpack) -o driver
 * Usage: driver <dir> [--steps N] [--expect DIR] [--greedy-feed R:A] [--position-arg A]
 *               [--threads N] [--repeat N] [--weights FILE] [--copy-state]
 *   <dir>/input_<i>.npy: every argument of step 0 (user inputs, then state), as
 *   xnn-run --output-dir writes them. --expect DIR: DIR/step_<s>/output_<k>.npy
 *   (user outputs of step s; DIR/output_<k>.npy when there is one step) and
 *   DIR/output_<k>.npy for the final state must be equal byte for byte.
 *   --repeat N: then run N more calls on the last inputs and print the median ms.
 *   --copy-state: state results in buffers of their own, copied to the state
 *   arguments after each step (no in-place update). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <xnnmlir/PortableOps.h>
#include <xnnpack.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef PROGRAM
#define PROGRAM forward
#endif
#define CAT3_(a, b, c) a##b##c
#define CAT3(a, b, c) CAT3_(a, b, c)
#define P(x) CAT3(PROGRAM, _, x)

typedef struct CAT3(PROGRAM, _, program) * P(t);
enum xnn_status P(create)(P(t) *program, pthreadpool_t threadpool, const char **error);
enum xnn_status P(run)(P(t) program, const void *const inputs[], void *const outputs[], const char **error);
void P(destroy)(P(t) program);
extern const size_t P(num_inputs), P(num_outputs), P(input_bytes)[], P(output_bytes)[];
extern const XnnMlirProgramType P(input_type)[], P(output_type)[];
extern const char *const P(input_state)[], *const P(output_state)[];
extern const long P(state_output)[];
enum xnn_status xnn_weights_load(const char *path, const char **error);
void xnn_weights_unload(void);

static void *alloc(size_t bytes) {
  size_t size = (bytes + XNN_EXTRA_BYTES + 63) / 64 * 64;
  void *p = aligned_alloc(64, size);
  if (!p) {
    fprintf(stderr, "driver: out of memory\n");
    exit(1);
  }
  memset(p, 0, size);
  return p;
}

/* The payload of a .npy file (format 1.0) of exactly `bytes` bytes, into
 * `data`; its descr in descr[8]. */
static void readNpy(const char *path, void *data, size_t bytes, char descr[8]) {
  FILE *f = fopen(path, "rb");
  unsigned char pre[10];
  if (!f || fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY\x01", 7)) {
    fprintf(stderr, "driver: cannot read %s\n", path);
    exit(1);
  }
  size_t hlen = (size_t)pre[8] | (size_t)pre[9] << 8;
  char *h = calloc(hlen + 1, 1);
  if (!h || fread(h, 1, hlen, f) != hlen || fread(data, 1, bytes, f) != bytes || fgetc(f) != EOF) {
    fprintf(stderr, "driver: %s: not %zu bytes of data\n", path, bytes);
    exit(1);
  }
  const char *d = strstr(h, "'descr': '");
  snprintf(descr, 8, "%.3s", d ? d + 10 : "???");
  free(h);
  fclose(f);
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
    else if (exp == 0 && man == 0)
      bits = sign;
    else if (exp == 0) {
      for (exp = 113; !(man & 0x400); --exp)
        man <<= 1;
      bits = sign | exp << 23 | (man & 0x3ff) << 13;
    } else
      bits = sign | (exp + 112) << 23 | man << 13;
  }
  float v;
  memcpy(&v, &bits, 4);
  return v;
}

/* torch.argmax over the last `vocab` elements (the last row): first maximum, NaN wins. */
static int64_t lastRowArgmax(const void *p, size_t elems, size_t vocab, const char *descr) {
  size_t base = elems - vocab, best = 0;
  float bv = toF32(p, base, descr);
  for (size_t k = 1; k < vocab && !isnan(bv); ++k) {
    float v = toF32(p, base + k, descr);
    if (isnan(v) || v > bv)
      best = k, bv = v;
  }
  return (int64_t)best;
}

static int64_t getInt(const void *p, size_t i, size_t width) {
  if (width == 8) {
    int64_t v;
    memcpy(&v, (const char *)p + 8 * i, 8);
    return v;
  }
  int32_t v;
  memcpy(&v, (const char *)p + 4 * i, 4);
  return v;
}

static void setInt(void *p, size_t i, size_t width, int64_t v) {
  if (width == 8) {
    memcpy((char *)p + 8 * i, &v, 8);
  } else {
    int32_t x = (int32_t)v;
    memcpy((char *)p + 4 * i, &x, 4);
  }
}

static double nowMs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

static int cmpDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Compares `bytes` at `got` with the payload of `path`; prints one line. */
static bool expect(const char *what, const char *path, const void *got, size_t bytes) {
  void *want = alloc(bytes);
  char descr[8];
  readNpy(path, want, bytes, descr);
  bool eq = !memcmp(got, want, bytes);
  printf("%s: %zu bytes %s\n", what, bytes, eq ? "bit-equal" : "DIFFER");
  free(want);
  return eq;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s <dir> [--steps N] [--expect DIR] [--greedy-feed R:A] [--position-arg A] "
                    "[--threads N] [--repeat N] [--weights FILE]\n", argv[0]);
    return 2;
  }
  const char *dir = argv[1], *expectDir = NULL, *weights = getenv("XNN_WEIGHTS_FILE");
  long steps = 1, greedyR = -1, greedyA = -1, posArg = -1, threads = 1, repeat = 0;
  bool copyState = false;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--copy-state")) {
      copyState = true;
      continue;
    }
    if (!v) {
      fprintf(stderr, "driver: %s needs a value\n", a);
      return 2;
    }
    if (!strcmp(a, "--steps"))
      steps = atol(v);
    else if (!strcmp(a, "--expect"))
      expectDir = v;
    else if (!strcmp(a, "--greedy-feed")) {
      if (sscanf(v, "%ld:%ld", &greedyR, &greedyA) != 2) {
        fprintf(stderr, "driver: --greedy-feed R:A\n");
        return 2;
      }
    } else if (!strcmp(a, "--position-arg"))
      posArg = atol(v);
    else if (!strcmp(a, "--threads"))
      threads = atol(v);
    else if (!strcmp(a, "--repeat"))
      repeat = atol(v);
    else if (!strcmp(a, "--weights"))
      weights = v;
    else {
      fprintf(stderr, "driver: unknown option %s\n", a);
      return 2;
    }
    ++i;
  }
  const char *error = "";
  if (xnn_weights_load(weights, &error) != xnn_status_success) {
    fprintf(stderr, "driver: %s\n", error);
    return 1;
  }
  size_t ni = P(num_inputs), no = P(num_outputs);
  const void **inputs = calloc(ni + 1, sizeof(void *));
  void **outputs = calloc(no + 1, sizeof(void *));
  char (*descr)[8] = calloc(no + ni + 1, 8);
  bool *isStateOut = calloc(no + 1, sizeof(bool));
  size_t numUserOut = 0;
  char path[4096];
  for (size_t i = 0; i < ni; ++i) {
    void *b = alloc(P(input_bytes)[i]);
    snprintf(path, sizeof path, "%s/input_%zu.npy", dir, i);
    readNpy(path, b, P(input_bytes)[i], descr[no + i]);
    inputs[i] = b;
    long j = P(state_output)[i];
    if (j >= 0 && !copyState) { /* the state result is its argument's buffer: updated in place */
      outputs[j] = b;
      isStateOut[j] = true;
    }
  }
  for (size_t j = 0; j < no; ++j) {
    if (!outputs[j])
      outputs[j] = alloc(P(output_bytes)[j]);
    if (!P(output_state)[j])
      ++numUserOut;
  }
  pthreadpool_t pool = threads > 1 ? pthreadpool_create((size_t)threads) : NULL;
  P(t) program;
  double t0 = nowMs();
  if (P(create)(&program, pool, &error) != xnn_status_success) {
    fprintf(stderr, "driver: create: %s\n", error);
    return 1;
  }
  printf("create: %.1f ms\n", nowMs() - t0);
  bool ok = true;
  for (long s = 0; s < steps; ++s) {
    if (P(run)(program, inputs, outputs, &error) != xnn_status_success) {
      fprintf(stderr, "driver: step %ld: %s\n", s, error);
      return 1;
    }
    if (copyState) /* state results in their own buffers: copied to the next step's arguments */
      for (size_t i = 0; i < ni; ++i)
        if (P(state_output)[i] >= 0)
          memcpy((void *)inputs[i], outputs[P(state_output)[i]], P(input_bytes)[i]);
    if (expectDir)
      for (size_t j = 0; j < numUserOut; ++j) {
        char what[64];
        snprintf(what, sizeof what, "step %ld: output %zu", s, j);
        if (steps > 1)
          snprintf(path, sizeof path, "%s/step_%ld/output_%zu.npy", expectDir, s, j);
        else
          snprintf(path, sizeof path, "%s/output_%zu.npy", expectDir, j);
        ok = expect(what, path, outputs[j], P(output_bytes)[j]) && ok;
      }
    if (greedyR >= 0) {
      XnnMlirProgramType t = P(output_type)[greedyR];
      const char *d = t.dtype == XNN_MLIR_F32 ? "<f4" : t.dtype == XNN_MLIR_BF16 ? "<u2" : "<f2";
      size_t w = t.dtype == XNN_MLIR_F32 ? 4 : 2;
      int64_t token = lastRowArgmax(outputs[greedyR], P(output_bytes)[greedyR] / w, (size_t)t.lastDim, d);
      printf("step %ld: token %lld\n", s, (long long)token);
      setInt((void *)inputs[greedyA], 0, P(input_type)[greedyA].dtype == XNN_MLIR_I64 ? 8 : 4, token);
    }
    if (posArg >= 0) {
      size_t w = P(input_type)[posArg].dtype == XNN_MLIR_I64 ? 8 : 4, n = P(input_bytes)[posArg] / w;
      int64_t next = (int64_t)((uint64_t)getInt(inputs[posArg], n - 1, w) + 1);
      for (size_t k = 0; k < n; ++k)
        setInt((void *)inputs[posArg], k, w, (int64_t)((uint64_t)next + (uint64_t)k));
    }
  }
  if (expectDir)
    for (size_t j = 0; j < no; ++j)
      if (P(output_state)[j]) {
        char what[64];
        snprintf(what, sizeof what, "final output %zu (state '%s')", j, P(output_state)[j]);
        snprintf(path, sizeof path, "%s/output_%zu.npy", expectDir, j);
        ok = expect(what, path, outputs[j], P(output_bytes)[j]) && ok;
      }
  if (repeat > 0) {
    double *ms = calloc((size_t)repeat, sizeof(double));
    for (long r = 0; r < repeat; ++r) {
      double a = nowMs();
      if (P(run)(program, inputs, outputs, &error) != xnn_status_success) {
        fprintf(stderr, "driver: repeat: %s\n", error);
        return 1;
      }
      ms[r] = nowMs() - a;
    }
    qsort(ms, (size_t)repeat, sizeof(double), cmpDouble);
    printf("time: median %.3f ms per step (%ld runs)\n", ms[repeat / 2], repeat);
    free(ms);
  }
  P(destroy)(program);
  if (pool)
    pthreadpool_destroy(pool);
  for (size_t i = 0; i < ni; ++i)
    free((void *)inputs[i]);
  for (size_t j = 0; j < no; ++j)
    if (!isStateOut[j])
      free(outputs[j]);
  free(inputs), free(outputs), free(descr), free(isStateOut);
  xnn_weights_unload();
  printf("%s\n", ok ? "OK" : "FAIL");
  return ok ? 0 : 1;
}
