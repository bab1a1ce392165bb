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
 * module (after emitting diagnostics) on failure. */
MlirModule xnnMlirParseSource(MlirContext ctx, const char *text, size_t size,
                              const char *filename, unsigned firstLine);

#ifdef __cplusplus
}
#endif
#endif
