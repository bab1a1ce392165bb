/* A structural check of MLIR bytecode before MLIR's reader sees it (issue 45).
 * The reader trusts the counts a file gives (strings, dialects, attributes and
 * types, properties, operation names) and sizes vectors by them before reading
 * a byte more: a corrupted count aborts the process (std::bad_alloc, "LLVM
 * ERROR: SmallVector unable to grow") or writes past a vector (a group of
 * attribute offsets longer than the table). This walks the format of
 * mlir/docs/BytecodeFormat.md (magic, version, producer; sections: id, length,
 * alignment, padding; the string, dialect, properties, resource and resource
 * offset, attribute/type offset sections) and checks every count, length,
 * offset and index against the bytes that hold it, so that what the reader
 * then reads is within the file. What it does not model (the operations of
 * the IR section, each attribute's own encoding) is left to the reader. */
#ifndef XNNMLIR_LIB_SUPPORT_BYTECODE_H
#define XNNMLIR_LIB_SUPPORT_BYTECODE_H

#include <stdbool.h>
#include <stddef.h>

/* True if the `size` bytes at `data` (a bytecode file, starting with its
 * magic) pass; else false with `err` set to "at byte <offset> (<section>):
 * <what>" (the offset from the start of the file). `data` is assumed to be as
 * aligned as a page (a mapped file) when checking alignment padding. */
bool xnnBytecodeCheck(const unsigned char *data, size_t size, char *err, size_t errSize);

#endif
