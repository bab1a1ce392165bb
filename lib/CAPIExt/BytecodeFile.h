/* MLIR bytecode files read in place: the C API parses from a string it does
 * not own, so every dense_resource blob is copied out of it. This shim maps
 * the file and hands MLIR a buffer that outlives the parse, so blobs point
 * into the mapping (the weights of a multi-gigabyte model are never copied).
 * Implemented in C++ (BytecodeFile.cpp); everything that uses it is C. */
#ifndef XNNMLIR_LIB_CAPIEXT_BYTECODEFILE_H
#define XNNMLIR_LIB_CAPIEXT_BYTECODEFILE_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* True if `data` starts with MLIR's bytecode magic ("ML\xefR"). */
bool xnnMlirIsBytecode(const void *data, size_t size);
/* Parses the MLIR bytecode file `path` with its blobs left in a read-only
 * mapping of the file (kept until the process exits). Null module, after an
 * error diagnostic located at the file, on failure. */
MlirModule xnnMlirParseBytecodeFileInPlace(MlirContext ctx, MlirStringRef path);
/* Tells the kernel the pages wholly inside [data, data + size) will not be
 * needed soon, if they belong to a file mapped by the function above: they
 * leave the resident set and read back from the file if touched again.
 * Anything else is left alone. Returns the bytes advised (whole pages; 0 when
 * the range is in no such mapping). */
size_t xnnMlirReleaseMappedBytes(const void *data, size_t size);

/* If [data, data + size) lies in a file mapped by
 * xnnMlirParseBytecodeFileInPlace: true, with the file's descriptor (open
 * until the process exits) and the range's offset in it. */
bool xnnMlirMappedFileRange(const void *data, size_t size, int *fd, long long *offset);

#ifdef __cplusplus
}
#endif
#endif
