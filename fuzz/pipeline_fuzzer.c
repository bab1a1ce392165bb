/* libFuzzer target: bytes -> parse -> verify (MLIR's and the edge/xnn rules)
 * -> xnn-delegate pipeline -> C emission -> print -> reparse -> verify.
 * Any input may fail any step with diagnostics; what must not happen is a
 * crash, a sanitizer report, or printed IR that does not parse and verify
 * again (that aborts: the printer and the parser disagree, or a pass left IR
 * the verifier did not catch). */
#include "xnnmlir/Dialects.h"
#include "xnnmlir/Emit.h"
#include "xnnmlir/Parse.h"
#include "xnnmlir/Passes.h"
#include "xnnmlir/Stack.h"
#include "xnnmlir/Verifier.h"

#include "Support/Strings.h"

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Set XNNMLIR_FUZZ_VERBOSE=1 to see diagnostics (when reproducing). */
static bool verbose;

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  if (verbose) {
    XnnStrBuf text = {0};
    mlirDiagnosticPrint(d, xnnStrBufCallback, &text);
    fprintf(stderr, "diagnostic: %s\n", text.data ? text.data : "");
    xnnStrBufFree(&text);
  }
  return mlirLogicalResultSuccess();
}

static void ignoreString(MlirStringRef s, void *userData) {
  (void)s;
  (void)userData;
}

/* One context per input: a context that outlives inputs accumulates their
 * uniqued attributes and types, and makes a crash depend on the history. */
static MlirContext createContext(void) {
  MlirContext ctx = mlirContextCreateWithThreading(false);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  if (mlirLogicalResultIsFailure(xnnMlirLoadDialects(ctx))) {
    fprintf(stderr, "pipeline_fuzzer: the embedded dialects do not load\n");
    abort();
  }
  return ctx;
}

static bool verifies(MlirModule m) {
  MlirOperation op = mlirModuleGetOperation(m);
  return mlirOperationVerify(op) && mlirLogicalResultIsSuccess(xnnMlirVerify(op));
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  verbose = getenv("XNNMLIR_FUZZ_VERBOSE") != NULL;
  xnnMlirRegisterAllPasses();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MlirContext ctx = createContext();
  /* The fuzzer's thread is not a large-stack one: the parse entry applies
   * XNN_NESTING_LIMIT_SMALL, which the fuzzer's 8 MiB stack covers. */
  MlirModule module = xnnMlirParseSource(ctx, (const char *)data, size, "fuzz.mlir", 1);
  if (mlirModuleIsNull(module) || !verifies(module))
    goto done;
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  bool ok = mlirLogicalResultIsSuccess(xnnMlirAddPipeline(
      mlirPassManagerGetAsOpPassManager(pm), mlirStringRefCreateFromCString("xnn-delegate"),
      ignoreString, NULL));
  if (!ok) {
    fprintf(stderr, "pipeline_fuzzer: xnn-delegate is not registered\n");
    abort();
  }
  ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  /* The pass manager verified after each pass; the edge/xnn rules remain. */
  if (!ok || mlirLogicalResultIsFailure(xnnMlirVerify(mlirModuleGetOperation(module))))
    goto done;
  char *c = NULL;
  size_t cSize = 0;
  if (xnnMlirEmitModuleToC(module, "fuzz.mlir", &c, &cSize))
    free(c);
  XnnStrBuf text = {0};
  mlirOperationPrint(mlirModuleGetOperation(module), xnnStrBufCallback, &text);
  MlirModule again = xnnMlirParseSource(ctx, text.data ? text.data : "", text.size, "printed.mlir", 1);
  /* Printing can nest deeper than the input (attribute aliases are expanded):
   * a refusal for depth alone is not a round-trip failure. */
  bool tooDeep = mlirModuleIsNull(again) && xnnMlirLastParseDepth() > xnnNestingLimit();
  if (!tooDeep && (mlirModuleIsNull(again) || !verifies(again))) {
    fprintf(stderr, "pipeline_fuzzer: the printed module does not %s:\n%s\n",
            mlirModuleIsNull(again) ? "parse" : "verify", text.data ? text.data : "");
    abort();
  }
  if (!mlirModuleIsNull(again))
    mlirModuleDestroy(again);
  xnnStrBufFree(&text);
done:
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
