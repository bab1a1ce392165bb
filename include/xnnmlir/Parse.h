/*===-- xnnmlir/Parse.h - parsing sources with real locations -----*- C -*-===*\
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_PARSE_H
#define XNNMLIR_PARSE_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The buffer name MLIR's string parser gives locations; diagnostics engines
 * map it back to the real file name while a parse is in flight. */
#define XNN_MLIR_PARSE_BUFFER_NAME "-"

/* Parses `size` bytes of `text` (MLIR text or bytecode) whose first byte is at line `firstLine` of
 * `filename`, wrapping top-level ops in an implicit module as mlir-opt does.
 * Locations name `filename` with the original line numbers (when the text is
 * the whole of the regular file `filename`, MLIR reads and names it itself,
 * which skips a location-rename walk). Returns a null
 * module (after emitting diagnostics) on failure. Text nested deeper than
 * xnnNestingLimit() (xnnmlir/Stack.h) is refused with a located error before
 * MLIR parses it; text deeper than XNN_NESTING_LIMIT_SMALL turns off the
 * context's multithreading. */
MlirModule xnnMlirParseSource(MlirContext ctx, const char *text, size_t size,
                              const char *filename, unsigned firstLine);

/* True if `path` is a regular file holding MLIR bytecode: parse it with
 * xnnMlirParseBytecodeFile instead of reading it whole. */
bool xnnMlirIsBytecodeFile(const char *path);
/* Parses the MLIR bytecode file `path` in place: dense_resource blobs point
 * into a read-only mapping of the file instead of being copied. Null module
 * (after diagnostics) on failure. */
MlirModule xnnMlirParseBytecodeFile(MlirContext ctx, const char *path);
/* The nesting depth (xnnScanNesting) of the text of the last
 * xnnMlirParseSource call on the calling thread (capped at the limit + 1). A
 * caller that reads the IR from a thread of its own concurrently with other
 * work must not do so after a depth above XNN_NESTING_LIMIT_SMALL: the
 * context is single-threaded (unlocked) from then on. */
size_t xnnMlirLastParseDepth(void);

#ifdef __cplusplus
}
#endif
#endif
