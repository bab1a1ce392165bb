#include "Support/Strings.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void xnnStrBufAppend(XnnStrBuf *buf, const char *data, size_t size) {
  if (buf->size + size + 1 > buf->capacity) {
    size_t cap = buf->capacity ? buf->capacity : 256;
    while (cap < buf->size + size + 1)
      cap *= 2;
    char *grown = realloc(buf->data, cap);
    if (!grown) {
      fprintf(stderr, "xnnmlir: out of memory\n");
      abort();
    }
    buf->data = grown;
    buf->capacity = cap;
  }
  if (size)
    memcpy(buf->data + buf->size, data, size);
  buf->size += size;
  buf->data[buf->size] = 0;
}

void xnnStrBufReserve(XnnStrBuf *buf, size_t capacity) {
  if (capacity <= buf->capacity)
    return;
  char *grown = realloc(buf->data, capacity);
  if (!grown) {
    fprintf(stderr, "xnnmlir: out of memory\n");
    abort();
  }
  if (!buf->data)
    grown[0] = 0;
  buf->data = grown;
  buf->capacity = capacity;
}

void xnnStrBufAppendCStr(XnnStrBuf *buf, const char *str) { xnnStrBufAppend(buf, str, strlen(str)); }

void xnnStrBufAppendf(XnnStrBuf *buf, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n > 0) {
    char *tmp = malloc((size_t)n + 1);
    if (!tmp)
      abort();
    vsnprintf(tmp, (size_t)n + 1, fmt, ap2);
    xnnStrBufAppend(buf, tmp, (size_t)n);
    free(tmp);
  }
  va_end(ap2);
}

void xnnStrBufClear(XnnStrBuf *buf) {
  buf->size = 0;
  if (buf->data)
    buf->data[0] = 0;
}

void xnnStrBufFree(XnnStrBuf *buf) {
  free(buf->data);
  buf->data = NULL;
  buf->size = buf->capacity = 0;
}

void xnnStrBufCallback(MlirStringRef str, void *userData) {
  xnnStrBufAppend((XnnStrBuf *)userData, str.data, str.length);
}

void xnnStrBufAppendCComment(XnnStrBuf *buf, const char *data, size_t size) {
  char prev = 0;
  for (size_t i = 0; i < size; ++i) {
    char c = data[i] >= 0x20 && data[i] < 0x7f ? data[i] : '.';
    if ((prev == '*' && c == '/') || (prev == '/' && c == '*') || (prev == '?' && c == '?'))
      xnnStrBufAppend(buf, " ", 1);
    xnnStrBufAppend(buf, &c, 1);
    prev = c;
  }
}

void xnnReportf(MlirStringCallback callback, void *userData, const char *fmt, ...) {
  if (!callback)
    return;
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  callback(mlirStringRefCreateFromCString(msg), userData);
}

bool xnnStrRefEquals(MlirStringRef ref, const char *str) {
  size_t n = strlen(str);
  return ref.length == n && (n == 0 || !memcmp(ref.data, str, n));
}

bool xnnStrRefStartsWith(MlirStringRef ref, const char *prefix) {
  size_t n = strlen(prefix);
  return ref.length >= n && (n == 0 || !memcmp(ref.data, prefix, n));
}
