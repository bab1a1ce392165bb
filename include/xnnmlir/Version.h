/*===-- xnnmlir/Version.h - what a tool was built from ------------*- C -*-===*\
 *
 * --version of every tool: the project's version and the MLIR and XNNPACK it
 * was built against (XNNPACK's from the linked library's file name, e.g.
 * libXNNPACK.so.0.20241108 -> 0.20241108).
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_VERSION_H
#define XNNMLIR_VERSION_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Prints "<tool> (xnnmlir) <version>" and the MLIR and XNNPACK versions, one
 * per line, to `out`. */
void xnnMlirPrintVersion(const char *tool, FILE *out);

#ifdef __cplusplus
}
#endif
#endif
