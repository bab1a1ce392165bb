#include "Support/NameIndex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t hashName(const char *s, size_t n) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (size_t i = 0; i < n; ++i)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static const char *entryName(const XnnNameIndex *ix, size_t i) {
  const char *entry = (const char *)ix->table + i * ix->stride;
  const char *name;
  memcpy(&name, entry + ix->nameOffset, sizeof(name));
  return name;
}

static void build(XnnNameIndex *ix) {
  if (ix->count >= XNN_NAME_INDEX_SLOTS / 2) {
    fprintf(stderr, "xnnmlir: name index too small for %zu entries\n", ix->count);
    abort();
  }
  for (size_t i = 0; i < ix->count; ++i) {
    const char *n = entryName(ix, i);
    size_t len = strlen(n);
    if (len > 255)
      abort();
    uint32_t s = hashName(n, len) & (XNN_NAME_INDEX_SLOTS - 1);
    while (ix->slots[s]) {
      /* Duplicates keep the first entry, as the linear scans did. */
      if (ix->lengths[s] == len && !memcmp(entryName(ix, ix->slots[s] - 1u), n, len))
        break;
      s = (s + 1) & (XNN_NAME_INDEX_SLOTS - 1);
    }
    if (!ix->slots[s]) {
      ix->slots[s] = (uint16_t)(i + 1);
      ix->lengths[s] = (uint8_t)len;
    }
  }
}

const void *xnnNameIndexFind(XnnNameIndex *ix, MlirStringRef name) {
  if (!name.data || name.length > 255)
    return NULL;
  if (!atomic_load_explicit(&ix->ready, memory_order_acquire)) {
    pthread_mutex_lock(&ix->lock);
    if (!atomic_load_explicit(&ix->ready, memory_order_relaxed)) {
      build(ix);
      atomic_store_explicit(&ix->ready, 1, memory_order_release);
    }
    pthread_mutex_unlock(&ix->lock);
  }
  uint32_t s = hashName(name.data, name.length) & (XNN_NAME_INDEX_SLOTS - 1);
  for (; ix->slots[s]; s = (s + 1) & (XNN_NAME_INDEX_SLOTS - 1)) {
    size_t i = ix->slots[s] - 1u;
    if (ix->lengths[s] == name.length && !memcmp(entryName(ix, i), name.data, name.length))
      return (const char *)ix->table + i * ix->stride;
  }
  return NULL;
}
