/* Small string helpers shared by the library and the tools. */
#ifndef XNNMLIR_LIB_SUPPORT_STRINGS_H
#define XNNMLIR_LIB_SUPPORT_STRINGS_H

#include <mlir-c/Support.h>
#include <stdbool.h>
#include <stddef.h>

/* A growable, NUL-terminated byte buffer. Zero-initialise before use. */
typedef struct XnnStrBuf {
  char *data;
  size_t size;
  size_t capacity;
} XnnStrBuf;

/* Makes room for at least `capacity` bytes (including the NUL) up front. */
void xnnStrBufReserve(XnnStrBuf *buf, size_t capacity);
void xnnStrBufAppend(XnnStrBuf *buf, const char *data, size_t size);
void xnnStrBufAppendCStr(XnnStrBuf *buf, const char *str);
void xnnStrBufAppendf(XnnStrBuf *buf, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void xnnStrBufClear(XnnStrBuf *buf);
void xnnStrBufFree(XnnStrBuf *buf);
/* MlirStringCallback that appends to the XnnStrBuf passed as userData. */
void xnnStrBufCallback(MlirStringRef str, void *userData);

/* Appends `size` bytes of `data` as text for the inside of a C block comment
 * in generated code: bytes outside printable ASCII become '.', and "*" "/",
 * "/" "*" and "??" (a trigraph under -std=c11) get a space between them, so
 * that no name or file name from the input ends the comment, opens a nested
 * one (-Wcomment) or forms a trigraph. */
void xnnStrBufAppendCComment(XnnStrBuf *buf, const char *data, size_t size);

/* Formats a message and hands it to `callback` (no-op if callback is NULL). */
void xnnReportf(MlirStringCallback callback, void *userData, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* True if `ref` equals the C string `str`. */
bool xnnStrRefEquals(MlirStringRef ref, const char *str);
/* True if `ref` starts with `prefix`. */
bool xnnStrRefStartsWith(MlirStringRef ref, const char *prefix);

#endif
