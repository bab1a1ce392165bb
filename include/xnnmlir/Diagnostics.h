/*===-- xnnmlir/Diagnostics.h - printing and verifying diagnostics -*- C -*-===*\
 *
 * A diagnostic engine for the tools: prints diagnostics like mlir-opt
 * (`file:line:col: error: msg`, the source line and a caret, then notes), or,
 * in verify mode, matches them against `expected-error/-warning/-note/-remark`
 * comments in the source (`@+N`, `@-N`, `@N`, `@above`, `@below`, `@unknown`,
 * substring match, `-re` for `{{regex}}` parts), as `--verify-diagnostics`.
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_DIAGNOSTICS_H
#define XNNMLIR_DIAGNOSTICS_H

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct XnnMlirDiagEngine XnnMlirDiagEngine;

/* Attaches a handler to `ctx` that prints to `out`. Destroy before the context. */
XnnMlirDiagEngine *xnnMlirDiagEngineCreate(MlirContext ctx, FILE *out);
/* Detaches the handler and frees the engine. */
void xnnMlirDiagEngineDestroy(XnnMlirDiagEngine *engine);

/* Names the source buffer used for snippets and expectations; not copied,
 * must stay alive while the engine uses it. */
void xnnMlirDiagEngineSetSource(XnnMlirDiagEngine *engine, const char *filename,
                                const char *buffer, size_t size);

/* Starts collecting diagnostics instead of printing them, against the
 * expectations written on lines [firstLine, lastLine] (1-based) of the source.
 * Malformed expectations are reported and make the verification fail. */
void xnnMlirDiagEngineBeginVerify(XnnMlirDiagEngine *engine, unsigned firstLine,
                                  unsigned lastLine, bool onlyExpected);
/* Stops collecting, prints every unexpected diagnostic and every expectation
 * that was not produced, and returns true if they all matched. */
bool xnnMlirDiagEngineEndVerify(XnnMlirDiagEngine *engine);

/* Number of error diagnostics seen since creation (printed or collected). */
size_t xnnMlirDiagEngineGetNumErrors(XnnMlirDiagEngine *engine);

/* Prints `msg` as an error at `loc` through the engine's formatting. */
void xnnMlirDiagEnginePrintError(XnnMlirDiagEngine *engine, MlirLocation loc,
                                 const char *msg);

/* Prints `text` as an error: at the "file:line:col: " it starts with, as the
 * reference interpreter's and the runtime's messages do, else at `fallback`. */
void xnnMlirDiagEnginePrintErrorText(XnnMlirDiagEngine *engine, const char *text,
                                     MlirLocation fallback);

/* Line 1, column 1 of the source: where diagnostics about the whole module
 * go (MLIR gives an implicit module the position 0:0, which is no position). */
MlirLocation xnnMlirDiagEngineInputLoc(XnnMlirDiagEngine *engine);

/* Resolves `loc` (through name, call-site and fused locations) to a file
 * position. Returns false if it has none. `file` points into the context. */
bool xnnMlirLocationGetFilePos(MlirLocation loc, MlirStringRef *file,
                               unsigned *line, unsigned *col);

#ifdef __cplusplus
}
#endif
#endif
