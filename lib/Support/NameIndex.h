/* A string -> table-entry index for the op tables (op definitions, capability
 * table, reference kernels): one hash probe per lookup instead of a linear
 * scan with strlen + memcmp per entry, which showed up on 10^5-op graphs. */
#ifndef XNNMLIR_LIB_SUPPORT_NAMEINDEX_H
#define XNNMLIR_LIB_SUPPORT_NAMEINDEX_H

#include <mlir-c/Support.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum { XNN_NAME_INDEX_SLOTS = 512 };

/* Indexes `count` structs of `stride` bytes at `table`, each with a
 * `const char *` name at `nameOffset`. Built on first lookup, thread-safe. */
typedef struct XnnNameIndex {
  const void *table;
  size_t count, stride, nameOffset;
  pthread_mutex_t lock;
  atomic_int ready;
  uint16_t slots[XNN_NAME_INDEX_SLOTS]; /* entry index + 1; 0 = empty */
  uint8_t lengths[XNN_NAME_INDEX_SLOTS];
} XnnNameIndex;

/* Static initialiser: XNN_NAME_INDEX_INIT(table, count, EntryType, nameField). */
#define XNN_NAME_INDEX_INIT(tablePtr, n, Type, field)                                             \
  {.table = (tablePtr), .count = (n), .stride = sizeof(Type), .nameOffset = offsetof(Type, field), \
   .lock = PTHREAD_MUTEX_INITIALIZER}

/* The entry named `name`, or NULL. */
const void *xnnNameIndexFind(XnnNameIndex *index, MlirStringRef name);

#endif
