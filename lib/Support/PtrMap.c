#include "Support/PtrMap.h"

#include <stdint.h>
#include <stdlib.h>

static size_t slotOf(const void *key, size_t mask) {
  uint64_t h = (uint64_t)(uintptr_t)key;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return (size_t)h & mask;
}

void xnnPtrMapInit(XnnPtrMap *map, size_t expected) {
  size_t cap = 16;
  while (cap < expected * 2)
    cap *= 2;
  map->keys = calloc(cap, sizeof(void *));
  map->values = malloc(cap * sizeof(size_t));
  if (!map->keys || !map->values)
    abort();
  map->capacity = cap;
  map->size = 0;
}

void xnnPtrMapFree(XnnPtrMap *map) {
  free(map->keys);
  free(map->values);
  map->keys = NULL;
  map->values = NULL;
  map->capacity = map->size = 0;
}

static void grow(XnnPtrMap *map) {
  XnnPtrMap bigger;
  xnnPtrMapInit(&bigger, map->capacity);
  for (size_t i = 0; i < map->capacity; ++i)
    if (map->keys[i])
      xnnPtrMapPut(&bigger, map->keys[i], map->values[i]);
  xnnPtrMapFree(map);
  *map = bigger;
}

void xnnPtrMapPut(XnnPtrMap *map, const void *key, size_t value) {
  if ((map->size + 1) * 2 > map->capacity)
    grow(map);
  size_t mask = map->capacity - 1;
  for (size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
    if (!map->keys[i]) {
      map->keys[i] = key;
      map->values[i] = value;
      ++map->size;
      return;
    }
    if (map->keys[i] == key) {
      map->values[i] = value;
      return;
    }
  }
}

bool xnnPtrMapGet(const XnnPtrMap *map, const void *key, size_t *value) {
  if (!map->capacity)
    return false;
  size_t mask = map->capacity - 1;
  for (size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
    if (!map->keys[i])
      return false;
    if (map->keys[i] == key) {
      *value = map->values[i];
      return true;
    }
  }
}
