/* File helpers for the tools: whole-file reads and atomic writes. */
#ifndef XNNMLIR_LIB_SUPPORT_FILEIO_H
#define XNNMLIR_LIB_SUPPORT_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

/* Reads `path` ("-" = stdin) into a NUL-terminated malloc'd buffer. On
 * failure returns NULL and writes a reason to `err`. */
char *xnnReadFile(const char *path, size_t *size, char *err, size_t errSize);

/* Writes `data` to `path` ("-" = stdout) through a temporary file in the same
 * directory renamed over `path`, so a failure never leaves a truncated file. */
bool xnnWriteFileAtomic(const char *path, const char *data, size_t size, char *err,
                        size_t errSize);

#endif
