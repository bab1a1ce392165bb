/* xnn-translate: translations out of MLIR. --xnn-to-c emits one C translation
 * unit per module that builds and runs every lowered delegate with XNNPACK's
 * subgraph API (SPEC section 5). */
#include "xnnmlir/Diagnostics.h"
#include "xnnmlir/Dialects.h"
#include "xnnmlir/Emit.h"
#include "xnnmlir/Parse.h"
#include "xnnmlir/Passes.h"
#include "xnnmlir/PortableOps.h"
#include "xnnmlir/Stack.h"
#include "xnnmlir/Verifier.h"
#include "xnnmlir/Version.h"

#include "Support/FileIO.h"

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOOL "xnn-translate"

static void printHelp(void) {
  printf("OVERVIEW: xnnmlir translator\n\n"
         "USAGE: " TOOL " --xnn-to-c [<input file> | -] [-o <file>] [--weights-file=<file> | --inline-weights]\n"
         "                     [--program] [--pack-chunk-bytes=<n>]\n"
         "                     [--pass-pipeline=<pipeline>]\n\n"
         "OPTIONS:\n"
         "  --xnn-to-c        Emit C that builds each delegate (func.func {xnn.delegate}, lowered to\n"
         "                    xnn ops: run xnn-opt --xnn-delegate first) with xnn_define_* calls;\n"
         "                    per delegate N: xnn_delegate_N_create/_run/_destroy, and for the unit\n"
         "                    xnn_weights_load(path or NULL, &error) to call before the first _create\n"
         "  -o <file>         Output file ('-' = stdout, default); written atomically, only on success\n"
         "  --weights-file=<file>\n"
         "                    Write the weights (every array that is not a splat) to this binary file,\n"
         "                    which the source reads at run time, whatever their size\n"
         "  --inline-weights  Keep all weights in the source as static arrays\n"
         "                    Default: static arrays up to 1 MiB of weights or with -o -; above that,\n"
         "                    the file <output>.weights beside the source (the C stays kilobytes)\n"
         "  --program         Also emit each function that is not a delegate (e.g. @forward) whole:\n"
         "                    <name>_create(&program, threadpool, &error) once, then\n"
         "                    <name>_run(program, inputs, outputs, &error) per call (every argument,\n"
         "                    every result), <name>_destroy; its portable ops run the kernels of\n"
         "                    xnn-run's interpreter (link: pkg-config --cflags --libs xnnmlir), its\n"
         "                    delegate calls the delegates above. A state result passed the same\n"
         "                    buffer as its state argument is updated in place where the IR allows\n"
         "  --pack-chunk-bytes=<n>\n"
         "                    The emitted _create packs bf16 fully connected filters whose f32 copy\n"
         "                    exceeds n bytes in 2-5 row chunks, each widened just before XNNPACK\n"
         "                    packs it and dropped after, as xnn-run does (default 64 MiB; 0: never).\n"
         "                    Every f32 copy of bf16/f16 weights is freed as soon as it is packed\n"
         "                    (a weights cache); xnnmlir_get_pack_stats() reports the bytes.\n"
         "                    Quantized filters (qcint8 / qcint4 / qbint4) above n bytes are packed\n"
         "                    in the same chunks, in place from the weights file, whose pages are\n"
         "                    released as XNNPACK packs each filter or chunk\n"
         "  --list-portable-ops\n"
         "                    Print the ops --program emits as kernel calls, one per line: the\n"
         "                    reference interpreter's kernel table (xnn-run runs the same)\n"
         "  --pass-pipeline=<pipeline>, -p <pipeline>\n"
         "                    Run a pass pipeline (as xnn-opt's) on the input first, e.g.\n"
         "                    'builtin.module(xnn-delegate)': one process from the edge model to C,\n"
         "                    without writing the lowered module (gigabytes of weights) in between\n"
         "  --version         Print the version (project, MLIR, XNNPACK)\n"
         "  --help, -h        This text\n\n"
         "EXIT STATUS: 0 on success, 1 on any error (with a located diagnostic).\n");
}

/* The weights file, opened at the first piece the emitter hands over. */
typedef struct WeightsOutput {
  const char *path;
  XnnOutputFile *file;
  bool failed;
  char err[1024];
} WeightsOutput;

static bool writeWeightsPiece(void *user, const void *data, size_t size) {
  WeightsOutput *w = user;
  if (w->failed)
    return false;
  if (!w->file && !(w->file = xnnOutputFileOpen(w->path, w->err, sizeof(w->err)))) {
    w->failed = true;
    return false;
  }
  return xnnOutputFileWrite(w->file, data, size); /* a failed write is reported at commit */
}

static void printToStderr(MlirStringRef msg, void *userData) {
  (void)userData;
  fprintf(stderr, "%.*s\n", (int)msg.length, msg.data);
}

/* Runs `pipeline` (anchored on builtin.module, verifying after each pass) on `module`. */
static bool runPipeline(MlirContext ctx, MlirModule module, const char *pipeline) {
  xnnMlirRegisterAllPasses();
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString("builtin.module"));
  bool ok = mlirLogicalResultIsSuccess(xnnMlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm), mlirStringRefCreateFromCString("builtin.module"),
      mlirStringRefCreateFromCString(pipeline), printToStderr, NULL));
  if (ok)
    ok = mlirLogicalResultIsSuccess(xnnMlirRunPassManagerOnOp(pm, mlirModuleGetOperation(module))) &&
         mlirLogicalResultIsSuccess(xnnMlirVerify(mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  return ok;
}

static int toolMain(int argc, char **argv) {
  const char *input = "-", *output = "-", *weightsFile = NULL, *pipeline = NULL;
  bool toC = false, haveInput = false, inlineWeights = false, program = false;
  size_t packChunkBytes = 0; /* the default */
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printHelp();
      return 0;
    } else if (!strcmp(a, "--version")) {
      xnnMlirPrintVersion(TOOL, stdout);
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
    } else if (!strncmp(a, "--weights-file=", 15) || !strncmp(a, "-weights-file=", 14)) {
      weightsFile = strchr(a, '=') + 1;
      if (!*weightsFile || !strcmp(weightsFile, "-")) {
        fprintf(stderr, TOOL ": error: --weights-file needs a file name (not '-')\n");
        return 1;
      }
    } else if (!strncmp(a, "--pass-pipeline=", 16) || !strncmp(a, "-pass-pipeline=", 15)) {
      pipeline = strchr(a, '=') + 1;
    } else if (!strcmp(a, "-p") || !strcmp(a, "--pass-pipeline")) {
      if (++i >= argc) {
        fprintf(stderr, TOOL ": error: %s needs a pipeline\n", a);
        return 1;
      }
      pipeline = argv[i];
    } else if (!strcmp(a, "--list-portable-ops")) {
      for (size_t k = 0; k < xnnMlirPortableKernelCount(); ++k)
        printf("%s\n", xnnMlirPortableKernelName(k));
      return 0;
    } else if (!strcmp(a, "--program") || !strcmp(a, "-program")) {
      program = true;
    } else if (!strncmp(a, "--pack-chunk-bytes=", 19) || !strncmp(a, "-pack-chunk-bytes=", 18)) {
      const char *v = strchr(a, '=') + 1;
      char *end = NULL;
      errno = 0;
      unsigned long long n = strtoull(v, &end, 10);
      if (!*v || *end || errno || *v == '-' || n >= SIZE_MAX) {
        fprintf(stderr, TOOL ": error: --pack-chunk-bytes needs a number of bytes, got '%s'\n", v);
        return 1;
      }
      packChunkBytes = n ? (size_t)n : SIZE_MAX;
    } else if (!strcmp(a, "--inline-weights") || !strcmp(a, "-inline-weights")) {
      inlineWeights = true;
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
  if (inlineWeights && weightsFile) {
    fprintf(stderr, TOOL ": error: --inline-weights and --weights-file exclude each other\n");
    return 1;
  }
  /* Default: beside the source, for weights over 1 MiB (compiling megabytes of
   * array literals takes longer than anything else here). */
  char defaultWeights[4096];
  XnnMlirEmitCOptions emitOptions = {NULL, 0, NULL, NULL, false, 0};
  if (weightsFile && !strcmp(weightsFile, output)) {
    fprintf(stderr, TOOL ": error: the weights file and the output are the same file ('%s')\n", output);
    return 1;
  }
  if (weightsFile) {
    emitOptions.weightsPath = weightsFile;
  } else if (!inlineWeights && strcmp(output, "-")) {
    if ((size_t)snprintf(defaultWeights, sizeof(defaultWeights), "%s.weights", output) >= sizeof(defaultWeights)) {
      fprintf(stderr, TOOL ": error: output path too long\n");
      return 1;
    }
    emitOptions.weightsPath = defaultWeights;
    emitOptions.inlineLimit = (size_t)1 << 20;
  }
  emitOptions.program = program;
  emitOptions.packChunkBytes = packChunkBytes;
  char err[1024];
  size_t size = 0;
  /* A bytecode file is parsed in place: its weights are never copied. */
  bool bytecodeInput = xnnMlirIsBytecodeFile(input);
  char *buffer = bytecodeInput ? NULL : xnnReadFile(input, &size, err, sizeof(err));
  if (!buffer && !bytecodeInput) {
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
    module = bytecodeInput ? xnnMlirParseBytecodeFile(ctx, input) : xnnMlirParseSource(ctx, buffer, size, filename, 1);
    ok = !mlirModuleIsNull(module) && mlirLogicalResultIsSuccess(xnnMlirVerify(mlirModuleGetOperation(module)));
  }
  if (ok && pipeline)
    ok = runPipeline(ctx, module, pipeline);
  char *text = NULL;
  size_t textSize = 0;
  /* The weights file is opened only when the emitter writes one; it is
   * committed before the source (a source never names a missing file). */
  WeightsOutput weightsOut = {emitOptions.weightsPath, NULL, false, {0}};
  emitOptions.writeWeights = writeWeightsPiece;
  emitOptions.weightsUser = &weightsOut;
  if (ok)
    ok = xnnMlirEmitModuleToCWithOptions(module, filename, &emitOptions, &text, &textSize);
  if (weightsOut.failed) {
    fprintf(stderr, TOOL ": error: %s\n", weightsOut.err);
    ok = false;
  }
  if (weightsOut.file && !ok)
    xnnOutputFileDiscard(weightsOut.file);
  else if (weightsOut.file && !xnnOutputFileCommit(weightsOut.file, err, sizeof(err))) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    ok = false;
  }
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
