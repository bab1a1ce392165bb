/* Test driver (test/Emit/pack-cache.test): maps the weights file, creates
 * the two delegates of the unit in its xnn_delegate_create_order and prints
 * xnnmlir_get_pack_stats() and the resident set after each. */
#define _DEFAULT_SOURCE 1
#include <xnnpack.h>

#include <stdio.h>
#include <stdlib.h>

struct xnnmlir_pack_stats {
  size_t widened_bytes, freed_when_packed, chunk_peak_bytes;
};
void xnnmlir_get_pack_stats(struct xnnmlir_pack_stats *stats);
enum xnn_status xnn_weights_load(const char *path, const char **error);
void xnn_weights_unload(void);
extern const size_t xnn_num_delegates;
extern const size_t xnn_delegate_create_order[];
typedef struct xnn_delegate_0 *xnn_delegate_0_t;
typedef struct xnn_delegate_1 *xnn_delegate_1_t;
enum xnn_status xnn_delegate_0_create(xnn_delegate_0_t *delegate, pthreadpool_t threadpool, const char **error);
enum xnn_status xnn_delegate_1_create(xnn_delegate_1_t *delegate, pthreadpool_t threadpool, const char **error);
void xnn_delegate_0_destroy(xnn_delegate_0_t delegate);
void xnn_delegate_1_destroy(xnn_delegate_1_t delegate);

int main(void) {
  const char *error = "";
  if (xnn_num_delegates != 2 || xnn_weights_load(getenv("XNN_WEIGHTS_FILE"), &error) != xnn_status_success)
    return fprintf(stderr, "pack-stats: %s\n", error), 1;
  xnn_delegate_0_t d0 = NULL;
  xnn_delegate_1_t d1 = NULL;
  for (size_t k = 0; k < 2; ++k) {
    size_t i = xnn_delegate_create_order[k];
    enum xnn_status s = i ? xnn_delegate_1_create(&d1, NULL, &error) : xnn_delegate_0_create(&d0, NULL, &error);
    if (s != xnn_status_success)
      return fprintf(stderr, "pack-stats: delegate %zu: %s\n", i, error), 1;
    struct xnnmlir_pack_stats st;
    xnnmlir_get_pack_stats(&st);
    printf("after xnn_delegate_%zu_create: widened %zu bytes, %zu freed as soon as packed, at most %zu at once in chunks\n",
           i, st.widened_bytes, st.freed_when_packed, st.chunk_peak_bytes);
  }
  xnn_delegate_0_destroy(d0);
  xnn_delegate_1_destroy(d1);
  xnn_weights_unload();
  return 0;
}
