#include "xnnmlir/Version.h"

/* Set by lib/CMakeLists.txt from the configured build. */
#ifndef XNNMLIR_VERSION
#define XNNMLIR_VERSION "unknown"
#endif
#ifndef XNNMLIR_MLIR_VERSION
#define XNNMLIR_MLIR_VERSION "unknown"
#endif
#ifndef XNNMLIR_XNNPACK_VERSION
#define XNNMLIR_XNNPACK_VERSION "unknown"
#endif

void xnnMlirPrintVersion(const char *tool, FILE *out) {
  fprintf(out, "%s (xnnmlir) %s\n  MLIR %s\n  XNNPACK %s\n", tool, XNNMLIR_VERSION, XNNMLIR_MLIR_VERSION,
          XNNMLIR_XNNPACK_VERSION);
}
