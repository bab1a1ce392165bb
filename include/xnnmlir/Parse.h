/*===-- xnnmlir/Parse.h - parsing sources with real locations -----*- C -*-===*\
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_PARSE_H
#define XNNMLIR_PARSE_H

#include <mlir-c/IR.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The buffer name MLIR's string parser gives locations; diagnostics engines
 * map it back to the real file name while a parse is in flight. */
#define XNN_MLIR_PARSE_BUFFER_NAME "-"

/* Parses `size` bytes of `text` whose first byte is at line `firstLine` of
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
