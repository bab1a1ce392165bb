/* xnn-translate: translations out of MLIR. --xnn-to-c emits one C translation
 * unit per module that builds and runs every lowered delegate with XNNPACK's
 * subgraph API (SPEC section 5). */
#include "xnnmlir/Diagnostics.h"
#include "xnnmlir/Dialects.h"
#include "xnnmlir/Emit.h"
#include "xnnmlir/Parse.h"
#include "xnnmlir/Stack.h"
#include "xnnmlir/Verifier.h"

#include "Support/FileIO.h"

#include <mlir-c/IR.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOOL "xnn-translate"

static void printHelp(void) {
  printf("OVERVIEW: xnnmlir translator\n\n"
         "USAGE: " TOOL " --xnn-to-c [<input file> | -] [-o <file>]\n\n"
         "OPTIONS:\n"
         "  --xnn-to-c        Emit C that builds each delegate (func.func {xnn.delegate}, lowered to\n"
         "                    xnn ops: run xnn-opt --xnn-delegate first) with xnn_define_* calls,\n"
         "                    weights as static arrays; per delegate N: xnn_delegate_N_create/_run/_destroy\n"
         "  -o <file>         Output file ('-' = stdout, default); written atomically, only on success\n"
         "  --help, -h        This text\n\n"
         "EXIT STATUS: 0 on success, 1 on any error (with a located diagnostic).\n");
}

static int toolMain(int argc, char **argv) {
  const char *input = "-", *output = "-";
  bool toC = false, haveInput = false;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printHelp();
      return 0;
    } else if (!strcmp(a, "--xnn-to-c") || !strcmp(a, "-xnn-to-c")) {
      toC = true;
    } else if (!strcmp(a, "-o")) {
      if (++i >= argc) {
        fprintf(stderr, TOOL ": error: -o needs a file name\n");
        return 1;
      }
      output = argv[i];
    } else if (!strncmp(a, "-o", 2) && a[2]) {
      output = a + 2;
    } else if (!strncmp(a, "--o=", 4)) {
      output = a + 4;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, TOOL ": error: unknown option '%s'\nTry: '" TOOL " --help'\n", a);
      return 1;
    } else if (haveInput) {
      fprintf(stderr, TOOL ": error: more than one input file ('%s' and '%s')\n", input, a);
      return 1;
    } else {
      input = a;
      haveInput = true;
    }
  }
  if (!toC) {
    fprintf(stderr, TOOL ": error: no translation given (use --xnn-to-c)\nTry: '" TOOL " --help'\n");
    return 1;
  }
  char err[1024];
  size_t size = 0;
  char *buffer = xnnReadFile(input, &size, err, sizeof(err));
  if (!buffer) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    return 1;
  }
  MlirContext ctx = mlirContextCreateWithThreading(false);
  XnnMlirDiagEngine *diags = xnnMlirDiagEngineCreate(ctx, stderr);
  const char *filename = strcmp(input, "-") ? input : "<stdin>";
  xnnMlirDiagEngineSetSource(diags, filename, buffer, size);
  bool ok = mlirLogicalResultIsSuccess(xnnMlirLoadDialects(ctx));
  MlirModule module = {NULL};
  if (ok) {
    module = xnnMlirParseSource(ctx, buffer, size, filename, 1);
    ok = !mlirModuleIsNull(module) && mlirLogicalResultIsSuccess(xnnMlirVerify(mlirModuleGetOperation(module)));
  }
  char *text = NULL;
  size_t textSize = 0;
  if (ok)
    ok = xnnMlirEmitModuleToC(module, filename, &text, &textSize);
  if (ok && !xnnWriteOutputFile(output, text, textSize, err, sizeof(err))) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    ok = false;
  }
  free(text);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  xnnMlirDiagEngineDestroy(diags);
  mlirContextDestroy(ctx);
  free(buffer);
  return ok ? 0 : 1;
}

/* Everything recursive over the input (parse, verify, passes, print, destroy)
 * runs on a large stack, so deep nesting is an error, not a crash
 * (xnnmlir/Stack.h). */
int main(int argc, char **argv) { return xnnMainWithLargeStack(toolMain, argc, argv); }
