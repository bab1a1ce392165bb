/* An open-addressing hash map from pointers (MLIR handles' .ptr) to size_t,
 * for near-linear passes over large graphs. */
#ifndef XNNMLIR_LIB_SUPPORT_PTRMAP_H
#define XNNMLIR_LIB_SUPPORT_PTRMAP_H

#include <stdbool.h>
#include <stddef.h>

/* A key and its value side by side: one cache line per probe on maps far
 * larger than the cache. */
typedef struct XnnPtrMapSlot {
  const void *key; /* NULL: empty */
  size_t value;
} XnnPtrMapSlot;

typedef struct XnnPtrMap {
  XnnPtrMapSlot *slots;
  size_t capacity; /* power of two */
  size_t size;
} XnnPtrMap;

/* Initialises an empty map sized for about `expected` entries. */
void xnnPtrMapInit(XnnPtrMap *map, size_t expected);
void xnnPtrMapFree(XnnPtrMap *map);
/* Inserts or overwrites. */
void xnnPtrMapPut(XnnPtrMap *map, const void *key, size_t value);
/* True and *value set if present. */
bool xnnPtrMapGet(const XnnPtrMap *map, const void *key, size_t *value);

#endif
