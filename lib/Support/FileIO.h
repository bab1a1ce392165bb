/* File helpers for the tools: whole-file reads and safe output writes. */
#ifndef XNNMLIR_LIB_SUPPORT_FILEIO_H
#define XNNMLIR_LIB_SUPPORT_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

/* Reads `path` ("-" = stdin) into a NUL-terminated malloc'd buffer. On
 * failure returns NULL and writes a reason to `err`. */
char *xnnReadFile(const char *path, size_t *size, char *err, size_t errSize);

/* Writes `data` as the tool's output `path`, after LLVM's ToolOutputFile: "-"
 * is stdout; devices, FIFOs and hard-linked files are written in place;
 * symlinks are followed; a regular file is replaced atomically through a
 * temporary file beside its real name, keeping its mode and owner. On failure
 * nothing at `path` changes (beyond a device or FIFO's partial write). */
bool xnnWriteOutputFile(const char *path, const char *data, size_t size, char *err,
                        size_t errSize);

/* Creates directory `path` and any missing parents (mkdir -p), then checks
 * that it is a directory this process can create files in. False with a
 * reason in `err` otherwise. */
bool xnnMakeDirectories(const char *path, char *err, size_t errSize);

/* An output file written piece by piece, with xnnWriteOutputFile's rules:
 * nothing at the path changes until xnnOutputFileCommit succeeds (devices and
 * FIFOs are written as the data comes). */
typedef struct XnnOutputFile XnnOutputFile;

/* Opens `path` ("-" = stdout) for output; NULL with a reason in `err`. */
XnnOutputFile *xnnOutputFileOpen(const char *path, char *err, size_t errSize);
/* Appends `size` bytes; false once any write has failed (reported at commit). */
bool xnnOutputFileWrite(XnnOutputFile *f, const void *data, size_t size);
/* Appends `size` bytes read from offset `offset` of the file open as `fd`
 * (regular), copied inside the kernel (copy_file_range, as GNU cp does) when
 * the output is a file; returns the bytes so appended, which the caller
 * writes itself from memory where short of `size` (a device, FIFO or
 * stdout output, or a kernel without the call). */
size_t xnnOutputFileCopyRange(XnnOutputFile *f, int fd, long long offset, size_t size);
/* Finishes the output (renames the temporary over the file) and frees `f`;
 * false with a reason in `err` if any write or the rename failed. */
bool xnnOutputFileCommit(XnnOutputFile *f, char *err, size_t errSize);
/* Abandons the output, leaving the path as it was, and frees `f`. */
void xnnOutputFileDiscard(XnnOutputFile *f);

#endif
