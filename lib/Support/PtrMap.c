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
  map->slots = calloc(cap, sizeof(XnnPtrMapSlot));
  if (!map->slots)
    abort();
  map->capacity = cap;
  map->size = 0;
}

void xnnPtrMapFree(XnnPtrMap *map) {
  free(map->slots);
  map->slots = NULL;
  map->capacity = map->size = 0;
}

static void grow(XnnPtrMap *map) {
  XnnPtrMap bigger;
  xnnPtrMapInit(&bigger, map->capacity);
  for (size_t i = 0; i < map->capacity; ++i)
    if (map->slots[i].key)
      xnnPtrMapPut(&bigger, map->slots[i].key, map->slots[i].value);
  xnnPtrMapFree(map);
  *map = bigger;
}

void xnnPtrMapPut(XnnPtrMap *map, const void *key, size_t value) {
  if ((map->size + 1) * 2 > map->capacity)
    grow(map);
  size_t mask = map->capacity - 1;
  for (size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
    XnnPtrMapSlot *s = &map->slots[i];
    if (!s->key) {
      s->key = key;
      s->value = value;
      ++map->size;
      return;
    }
    if (s->key == key) {
      s->value = value;
      return;
    }
  }
}

bool xnnPtrMapGet(const XnnPtrMap *map, const void *key, size_t *value) {
  if (!map->capacity)
    return false;
  size_t mask = map->capacity - 1;
  for (size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
    const XnnPtrMapSlot *s = &map->slots[i];
    if (!s->key)
      return false;
    if (s->key == key) {
      *value = s->value;
      return true;
    }
  }
}
