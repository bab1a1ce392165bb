/* Driver for benchmarks/run_llm.py: runs every delegate of a unit emitted by
 * xnn-translate --xnn-to-c (weights in a file). The table of delegates
 * (run_llm.py writes it, one entry per xnn_delegate_N) comes from another
 * file. Maps the weights, creates the delegates in the unit's
 * xnn_delegate_create_order, then runs each delegate once per step on zero
 * inputs (the portable ops between them are not in C yet), and prints the
 * create time, what became of the f32 copies of bf16 weights
 * (xnnmlir_get_pack_stats), each step's time and the peak resident set.
 * Usage: driver <steps> [threads] */
#define _DEFAULT_SOURCE 1
#include <xnnpack.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef struct LlmDelegate {
  enum xnn_status (*create)(void **delegate, pthreadpool_t threadpool, const char **error);
  enum xnn_status (*run)(void *delegate, const void *const inputs[], void *const outputs[], const char **error);
  void (*destroy)(void *delegate);
  size_t numInputs, numOutputs;
  const size_t *inputBytes, *outputBytes;
} LlmDelegate;

extern LlmDelegate llm_delegates[];
void llm_fix_counts(LlmDelegate *t); /* the input and output counts (not constant expressions) */
extern const size_t xnn_num_delegates;
extern const size_t xnn_delegate_create_order[];
enum xnn_status xnn_weights_load(const char *path, const char **error);
struct xnnmlir_pack_stats {
  size_t widened_bytes, freed_when_packed, chunk_peak_bytes;
};
void xnnmlir_get_pack_stats(struct xnnmlir_pack_stats *stats);
void xnn_weights_unload(void);

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double cpuNow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void memory(const char *when) {
  unsigned long pages = 0, resident = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f || fscanf(f, "%lu %lu", &pages, &resident) != 2)
    resident = 0;
  if (f)
    fclose(f);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("memory: %s: resident %.1f MB, peak %.1f MB\n", when, (double)resident * 4096 / 1e6,
         (double)ru.ru_maxrss * 1024 / 1e6);
}

static void *zeros(size_t bytes) {
  void *p = aligned_alloc(64, (bytes + XNN_EXTRA_BYTES + 63) / 64 * 64);
  if (!p)
    abort();
  memset(p, 0, (bytes + XNN_EXTRA_BYTES + 63) / 64 * 64);
  return p;
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 3;
  size_t threads = argc > 2 ? (size_t)atoi(argv[2]) : 1;
  pthreadpool_t pool = threads > 1 ? pthreadpool_create(threads) : NULL;
  const char *error = "";
  size_t n = xnn_num_delegates;
  llm_fix_counts(llm_delegates);
  double t0 = now();
  if (xnn_weights_load(getenv("XNN_WEIGHTS_FILE"), &error) != xnn_status_success)
    return fprintf(stderr, "driver: %s\n", error), 1;
  printf("load: %.3f ms\n", 1e3 * (now() - t0));
  memory("after load");
  void **d = calloc(n, sizeof(void *));
  double c0 = now(), cpu0 = cpuNow();
  for (size_t k = 0; k < n; ++k) {
    size_t i = xnn_delegate_create_order[k];
    if (llm_delegates[i].create(&d[i], pool, &error) != xnn_status_success)
      return fprintf(stderr, "driver: delegate %zu: %s\n", i, error), 1;
  }
  printf("create: %zu delegates: %.3f ms (cpu %.3f ms)\n", n, 1e3 * (now() - c0), 1e3 * (cpuNow() - cpu0));
  struct xnnmlir_pack_stats st;
  xnnmlir_get_pack_stats(&st);
  printf("pack: widened %zu bytes, %zu freed as soon as packed, at most %zu at once in chunks\n", st.widened_bytes,
         st.freed_when_packed, st.chunk_peak_bytes);
  memory("after create");
  void ***in = calloc(n, sizeof(void **)), ***out = calloc(n, sizeof(void **));
  for (size_t i = 0; i < n; ++i) {
    in[i] = calloc(llm_delegates[i].numInputs + 1, sizeof(void *));
    out[i] = calloc(llm_delegates[i].numOutputs + 1, sizeof(void *));
    for (size_t j = 0; j < llm_delegates[i].numInputs; ++j)
      in[i][j] = zeros(llm_delegates[i].inputBytes[j]);
    for (size_t j = 0; j < llm_delegates[i].numOutputs; ++j)
      out[i][j] = zeros(llm_delegates[i].outputBytes[j]);
  }
  for (int s = 0; s < steps; ++s) {
    double r0 = now(), rc0 = cpuNow();
    for (size_t i = 0; i < n; ++i)
      if (llm_delegates[i].run(d[i], (const void *const *)in[i], out[i], &error) != xnn_status_success)
        return fprintf(stderr, "driver: delegate %zu: %s\n", i, error), 1;
    printf("step %d: time %.3f ms (cpu %.3f ms)\n", s, 1e3 * (now() - r0), 1e3 * (cpuNow() - rc0));
  }
  memory("at exit");
  for (size_t i = 0; i < n; ++i) {
    llm_delegates[i].destroy(d[i]);
    for (size_t j = 0; j < llm_delegates[i].numInputs; ++j)
      free(in[i][j]);
    for (size_t j = 0; j < llm_delegates[i].numOutputs; ++j)
      free(out[i][j]);
    free(in[i]);
    free(out[i]);
  }
  free(in);
  free(out);
  free(d);
  xnn_weights_unload();
  if (pool)
    pthreadpool_destroy(pool);
  return 0;
}
