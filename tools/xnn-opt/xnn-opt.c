/* xnn-opt: an mlir-opt-like driver for the edge and xnn dialects and this
 * project's passes, written on the MLIR C API. */
#include "xnnmlir/Diagnostics.h"
#include "xnnmlir/Dialects.h"
#include "xnnmlir/Graph.h"
#include "xnnmlir/Parse.h"
#include "xnnmlir/Stack.h"
#include "xnnmlir/Passes.h"
#include "xnnmlir/Plugin.h"
#include "xnnmlir/Stats.h"
#include "xnnmlir/Verifier.h"
#include "xnnmlir/Version.h"

#include "CAPIExt/BytecodeFile.h"
#include "CAPIExt/IRPrinting.h"
#include "Support/FileIO.h"
#include "Support/Strings.h"

#include <mlir-c/IR.h>
#include <mlir-c/Diagnostics.h>
#include <mlir-c/Pass.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TOOL "xnn-opt"

/* Wall time of the driver's own phases, for --mlir-timing (the pass manager
 * reports only the passes). */
enum { PHASE_PARSE, PHASE_VERIFY_INPUT, PHASE_PIPELINE, PHASE_VERIFY_OUTPUT, PHASE_OUTPUT, NUM_PHASES };
static const char *const phaseNames[NUM_PHASES] = {
    "Parse", "Verify input (edge/xnn rules)", "Pass pipeline",
    "Verify output (beside printing if threaded)", "Print and write output"};
static double phaseSeconds[NUM_PHASES];
/* Output verification ran on its own thread, overlapping the print. */
static bool verifyOutputConcurrent;
/* The context is multithreaded: false under --mlir-disable-threading and,
 * from then on, after a chunk deep enough that the parse turned threading
 * off (xnnmlir/Stack.h); a concurrent reader would then race on MLIR's
 * unlocked uniquers. */
static bool contextThreaded;

static double nowSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Adds the time since *mark to phase p and moves the mark to now. */
static void phaseEnd(int p, double *mark) {
  double t = nowSeconds();
  phaseSeconds[p] += t - *mark;
  *mark = t;
}

static void printPhaseReport(double total) {
  fprintf(stderr, "===-------------------------------------------------------------------------===\n"
                  "                      ... " TOOL " driver time report ...\n"
                  "===-------------------------------------------------------------------------===\n"
                  "  Total Wall Time: %.4f seconds\n\n  ----Wall Time----  ----Name----\n",
          total);
  double rest = total;
  for (int p = 0; p < NUM_PHASES; ++p) {
    if (p != PHASE_VERIFY_OUTPUT || !verifyOutputConcurrent)
      rest -= phaseSeconds[p];
    fprintf(stderr, "  %8.4f (%5.1f%%)  %s\n", phaseSeconds[p],
            total > 0 ? 100.0 * phaseSeconds[p] / total : 0.0, phaseNames[p]);
  }
  fprintf(stderr, "  %8.4f (%5.1f%%)  Rest (setup, reading input, teardown)\n", rest,
          total > 0 ? 100.0 * rest / total : 0.0);
}

typedef struct PassFlag {
  const char *name;
  const char *options; /* NULL if none */
} PassFlag;

typedef struct Chunk {
  const char *start;
  size_t size;
  unsigned firstLine, lastLine;
} Chunk;

typedef struct Options {
  const char *input;
  const char *output;
  const char *splitMarker; /* NULL: no splitting */
  int verifyDiagnostics;   /* 0 off, 1 all, 2 only-expected */
  const char *pipeline;
  PassFlag passFlags[64];
  size_t numPassFlags;
  bool printIrBefore, printIrAfter, printIrAfterChange, printIrAfterFailure, printIrModuleScope;
  /* --mlir-print-ir-before=/--mlir-print-ir-after=: pass arguments (from argv) */
  MlirStringRef printIrBeforePasses[64], printIrAfterPasses[64];
  size_t numPrintIrBeforePasses, numPrintIrAfterPasses;
  const char *printIrTreeDir;
  bool timing, passStatistics, dumpPipeline;
  const char *statsFormat; /* NULL: no --xnn-stats */
  double requireDelegated;  /* < 0: no --xnn-require-delegated */
  const char *graphPath;    /* NULL: no --xnn-graph */
  XnnMlirGraphFormat graphFormat;
  bool listPasses;
  bool disableThreading, allowUnregistered, verifyEach;
  bool printGeneric, printDebugInfo, printLocalScope;
  long elideLimit; /* -1: none */
  bool emitBytecode;
  bool verifyRoundtrip;
} Options;

static void printHelp(void) {
  printf(
      "OVERVIEW: xnnmlir optimizer driver: parses edge/xnn dialect IR, runs passes, prints IR\n"
      "\n"
      "USAGE: " TOOL " [options] [<input file> | -]\n"
      "\n"
      "The input defaults to standard input and the output to standard output.\n"
      "\n"
      "OPTIONS:\n"
      "  -o <file>                        Output file ('-' = stdout); written atomically, only on success\n"
      "  --pass-pipeline=<pipeline>, -p   Textual pipeline anchored on the module, e.g.\n"
      "                                   'builtin.module(xnn-verify,func.func(canonicalize,cse),symbol-dce)';\n"
      "                                   this project's passes (with {option=value}) and MLIR's mix freely\n"
      "  --<pass-name>[=<options>]        Add one pass (this project's or MLIR's, e.g. --cse); in order;\n"
      "                                   options as in the pipeline syntax: --pass=\"opt=value opt2=value\"\n"
      "  --list-passes                    List this project's passes and their options\n"
      "  --load-pass-plugin=<file.so>     Load a pass plugin (before pass flags are read)\n"
      "  --split-input-file[=<marker>]    Split the input at lines '// -----' (or <marker>) and process\n"
      "                                   each chunk on its own; outputs are joined with the marker\n"
      "  --verify-diagnostics[=all|only-expected]\n"
      "                                   Check diagnostics against expected-error/-warning/-note/-remark\n"
      "                                   comments (@+N, @-N, @N, @above, @below, @unknown; -re regex)\n"
      "  --xnn-stats[=text|json]          Print delegate segments, delegated ops, portable ops and\n"
      "                                   portable dtype converts after the pipeline (to stderr), then\n"
      "                                   per edge op type delegated/portable counts, ops per segment,\n"
      "                                   and each portable op with its reason\n"
      "  --xnn-require-delegated=<f>      Fail (exit 1, no output) when less than the fraction f (0..1)\n"
      "                                   of the edge ops (constants excepted) ends up in delegates;\n"
      "                                   each portable op is reported as a located error with its reason\n"
      "  --xnn-graph=<file.html|file.dot> After the pipeline, draw the module: one node per op (each\n"
      "                                   delegate call drawn as the ops of its function, constants left\n"
      "                                   out), coloured by delegate segment, portable ops outlined red\n"
      "                                   with their located reason, edges along SSA data flow. The\n"
      "                                   extension picks the form: .html (self-contained page with zoom,\n"
      "                                   pan and collapsible groups) or .dot (Graphviz). Written as -o is:\n"
      "                                   atomically, only on success. Not with --split-input-file\n"
      "  --mlir-print-ir-before-all       Print the IR before every pass (stderr)\n"
      "  --mlir-print-ir-after-all        Print the IR after every pass (stderr)\n"
      "  --mlir-print-ir-before=<pass>[,<pass>...]\n"
      "                                   Print the IR before every run of the named passes (stderr);\n"
      "                                   xnn-delegate's steps count one by one (e.g. xnn-partition)\n"
      "  --mlir-print-ir-after=<pass>[,<pass>...]\n"
      "                                   Print the IR after every run of the named passes (stderr)\n"
      "  --mlir-print-ir-after-change     With after-all or after=: only when the pass changed the IR\n"
      "  --mlir-print-ir-after-failure    Print the IR after a pass failed\n"
      "  --mlir-print-ir-module-scope     Print the whole module, not just the pass's op (runs the\n"
      "                                   passes single-threaded, as MLIR's printer requires)\n"
      "  --mlir-print-ir-tree-dir=<dir>   Write the IR printouts into a tree of files under <dir>\n"
      "                                   (created first; an error if it cannot be)\n"
      "  --mlir-timing                    Print the pass execution time report (stderr)\n"
      "  --mlir-pass-statistics           Print pass statistics (stderr)\n"
      "  --dump-pass-pipeline             Print the resolved pipeline (stderr); xnn-delegate shows as\n"
      "                                   its steps, the per-delegate ones under func.func(...)\n"
      "  --mlir-print-op-generic          Print every op in generic form\n"
      "  --mlir-print-debuginfo           Print locations\n"
      "  --mlir-print-local-scope         Print types and attributes inline, without aliases\n"
      "  --emit-bytecode                  Write MLIR bytecode instead of text (weights stay binary\n"
      "                                   dense_resource blobs); bytecode input is read in place\n"
      "  --mlir-elide-elementsattrs-if-larger=<n>\n"
      "                                   Elide element attributes with more than n elements\n"
      "  --mlir-disable-threading         Run single-threaded\n"
      "  --allow-unregistered-dialect     Accept ops of unknown dialects\n"
      "  --verify-each[=true|false]       Verify after every pass (default true)\n"
      "  --verify-roundtrip               After parsing, check that the IR prints (generic form, with\n"
      "                                   locations) and parses back to the same IR, as text and as bytecode\n"
      "  --help, -h                       This text\n"
      "  --version                        Print the version (project, MLIR, XNNPACK)\n"
      "\n"
      "EXIT STATUS: 0 on success, 1 on any error (with a located diagnostic).\n");
}

static void printVersion(void) { xnnMlirPrintVersion(TOOL, stdout); }

static void printPasses(void) {
  printf("Passes of this project (usable as --<name> or inside --pass-pipeline):\n");
  for (size_t i = 0; i < xnnMlirGetNumPasses(); ++i) {
    const XnnMlirPassInfo *p = xnnMlirGetPass(i);
    printf("  --%-30s %s\n", p->argument, p->description);
    for (size_t j = 0; j < p->numOptions; ++j) {
      const XnnMlirPassOption *o = &p->options[j];
      static const char *const kinds[] = {"bool", "int", "string"};
      const char *dflt = o->defaultValue ? o->defaultValue : "";
      if (o->kind == XNN_MLIR_OPTION_CHOICE) { /* "a|b": <a|b>, default a */
        int firstLen = (int)strcspn(dflt, "|");
        printf("      %s=<%s>%*s %s (default: %.*s)\n", o->name, dflt,
               (int)(24 - strlen(o->name) - strlen(dflt)), "", o->description, firstLen, dflt);
        continue;
      }
      printf("      %s=<%s>%*s %s (default: %s)\n", o->name, kinds[o->kind],
             (int)(24 - strlen(o->name) - strlen(kinds[o->kind])), "", o->description, dflt);
    }
  }
  printf("MLIR's registered passes are accepted too, e.g. canonicalize, cse, symbol-dce, inline,\n"
         "sccp, loop-invariant-code-motion, strip-debuginfo (see mlir-opt --help).\n");
}

static int usageError(const char *fmt, const char *arg) {
  fprintf(stderr, TOOL ": error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry: '" TOOL " --help'\n");
  return 1;
}

/* Matches `--name`, `-name`, `--name=value`; sets *value (NULL if none). */
static bool matchFlag(const char *arg, const char *name, const char **value) {
  const char *a = arg;
  if (a[0] != '-')
    return false;
  a += (a[1] == '-') ? 2 : 1;
  size_t n = strlen(name);
  if (strncmp(a, name, n))
    return false;
  if (a[n] == 0) {
    *value = NULL;
    return true;
  }
  if (a[n] == '=') {
    *value = a + n + 1;
    return true;
  }
  return false;
}

static bool parseBoolValue(const char *v, bool *out) {
  if (!v || !strcmp(v, "true") || !strcmp(v, "1")) {
    *out = true;
    return true;
  }
  if (!strcmp(v, "false") || !strcmp(v, "0")) {
    *out = false;
    return true;
  }
  return false;
}

/* Returns 0 to go on, 1 on a usage error, 2 to exit successfully (help etc.). */
static int parseArgs(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof(*o));
  o->output = "-";
  o->verifyEach = true;
  o->elideLimit = -1;
  o->requireDelegated = -1;
  bool seenDoubleDash = false;
  /* Plugins first: their passes must be known before pass flags are read. */
  for (int i = 1; i < argc; ++i) {
    const char *v;
    if (!strcmp(argv[i], "--"))
      break;
    if (matchFlag(argv[i], "load-pass-plugin", &v)) {
      if (!v) {
        if (i + 1 >= argc)
          return usageError("option '%s' requires a value", argv[i]);
        v = argv[++i];
      }
      char err[1024];
      if (!xnnMlirLoadPassPlugin(v, err, sizeof(err))) {
        fprintf(stderr, TOOL ": error: %s\n", err);
        return 1;
      }
    }
  }
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = NULL;
    if (seenDoubleDash || a[0] != '-' || !strcmp(a, "-")) {
      if (o->input)
        return usageError("too many positional arguments: '%s' (one input file expected)", a);
      o->input = a;
      continue;
    }
    if (!strcmp(a, "--")) {
      seenDoubleDash = true;
      continue;
    }
#define VALUE_REQUIRED()                                                                           \
  do {                                                                                             \
    if (!v) {                                                                                      \
      if (i + 1 >= argc)                                                                           \
        return usageError("option '%s' requires a value", a);                                      \
      v = argv[++i];                                                                               \
    }                                                                                              \
  } while (0)
    if (!strcmp(a, "-h") || matchFlag(a, "help", &v)) {
      printHelp();
      return 2;
    } else if (matchFlag(a, "version", &v)) {
      printVersion();
      return 2;
    } else if (matchFlag(a, "o", &v)) {
      VALUE_REQUIRED();
      o->output = v;
    } else if (matchFlag(a, "pass-pipeline", &v) || matchFlag(a, "p", &v)) {
      VALUE_REQUIRED();
      if (o->pipeline)
        return usageError("'%s': only one --pass-pipeline may be given", a);
      o->pipeline = v;
    } else if (matchFlag(a, "load-pass-plugin", &v)) {
      if (!v)
        ++i; /* handled above */
    } else if (matchFlag(a, "split-input-file", &v)) {
      o->splitMarker = (v && *v) ? v : "// -----";
    } else if (matchFlag(a, "verify-diagnostics", &v)) {
      if (!v || !strcmp(v, "all"))
        o->verifyDiagnostics = 1;
      else if (!strcmp(v, "only-expected"))
        o->verifyDiagnostics = 2;
      else
        return usageError("invalid value for --verify-diagnostics: '%s' (all or only-expected)", v);
    } else if (matchFlag(a, "xnn-stats", &v)) {
      if (v && strcmp(v, "text") && strcmp(v, "json"))
        return usageError("invalid value for --xnn-stats: '%s' (text or json)", v);
      o->statsFormat = v ? v : "text";
    } else if (matchFlag(a, "xnn-require-delegated", &v)) {
      VALUE_REQUIRED();
      char *end = NULL;
      double f = strtod(v, &end);
      if (!*v || *end || !(f >= 0.0 && f <= 1.0))
        return usageError("invalid value for --xnn-require-delegated: '%s' (a fraction from 0 to 1)", v);
      o->requireDelegated = f;
    } else if (matchFlag(a, "xnn-graph", &v)) {
      VALUE_REQUIRED();
      o->graphFormat = xnnMlirGraphFormatForPath(v);
      if (o->graphFormat == XNN_MLIR_GRAPH_NONE)
        return usageError("--xnn-graph: '%s' has no .html or .dot extension (the extension picks the form)", v);
      o->graphPath = v;
    } else if (matchFlag(a, "list-passes", &v)) {
      o->listPasses = true;
    } else if (matchFlag(a, "mlir-print-ir-before-all", &v)) {
      o->printIrBefore = true;
    } else if (matchFlag(a, "mlir-print-ir-after-all", &v)) {
      o->printIrAfter = true;
    } else if (matchFlag(a, "mlir-print-ir-before", &v) || matchFlag(a, "mlir-print-ir-after", &v)) {
      VALUE_REQUIRED();
      bool before = strstr(a, "mlir-print-ir-before") != NULL;
      MlirStringRef *list = before ? o->printIrBeforePasses : o->printIrAfterPasses;
      size_t *n = before ? &o->numPrintIrBeforePasses : &o->numPrintIrAfterPasses;
      /* Comma-separated, and the flag may repeat (as mlir-opt's list options). */
      for (const char *p = v;; ++p) {
        size_t len = strcspn(p, ",");
        if (!len)
          return usageError("'%s': expected a comma-separated list of pass names", a);
        if (*n == sizeof(o->printIrBeforePasses) / sizeof(o->printIrBeforePasses[0]))
          return usageError("'%s': too many pass names", a);
        list[(*n)++] = mlirStringRefCreate(p, len);
        p += len;
        if (!*p)
          break;
      }
    } else if (matchFlag(a, "mlir-print-ir-after-change", &v)) {
      o->printIrAfterChange = true;
    } else if (matchFlag(a, "mlir-print-ir-after-failure", &v)) {
      o->printIrAfterFailure = true;
    } else if (matchFlag(a, "mlir-print-ir-module-scope", &v)) {
      o->printIrModuleScope = true;
    } else if (matchFlag(a, "mlir-print-ir-tree-dir", &v)) {
      VALUE_REQUIRED();
      o->printIrTreeDir = v;
    } else if (matchFlag(a, "mlir-timing", &v)) {
      o->timing = true;
    } else if (matchFlag(a, "mlir-pass-statistics", &v)) {
      o->passStatistics = true;
    } else if (matchFlag(a, "dump-pass-pipeline", &v)) {
      o->dumpPipeline = true;
    } else if (matchFlag(a, "mlir-print-op-generic", &v)) {
      o->printGeneric = true;
    } else if (matchFlag(a, "mlir-print-debuginfo", &v)) {
      o->printDebugInfo = true;
    } else if (matchFlag(a, "mlir-print-local-scope", &v)) {
      o->printLocalScope = true;
    } else if (matchFlag(a, "mlir-elide-elementsattrs-if-larger", &v)) {
      VALUE_REQUIRED();
      char *end;
      o->elideLimit = strtol(v, &end, 10);
      if (*end || o->elideLimit < 0)
        return usageError("invalid value for --mlir-elide-elementsattrs-if-larger: '%s'", v);
    } else if (matchFlag(a, "emit-bytecode", &v)) {
      if (v)
        return usageError("--emit-bytecode takes no value: '%s'", a);
      o->emitBytecode = true;
    } else if (matchFlag(a, "mlir-disable-threading", &v)) {
      o->disableThreading = true;
    } else if (matchFlag(a, "allow-unregistered-dialect", &v)) {
      o->allowUnregistered = true;
    } else if (matchFlag(a, "verify-roundtrip", &v)) {
      if (v)
        return usageError("--verify-roundtrip takes no value: '%s'", a);
      o->verifyRoundtrip = true;
    } else if (matchFlag(a, "verify-each", &v)) {
      if (!parseBoolValue(v, &o->verifyEach))
        return usageError("invalid value for --verify-each: '%s' (true or false)", v);
    } else {
      /* Any other --name[=opts] is a pass flag, checked when the pipeline is built. */
      const char *name = a + ((a[1] == '-') ? 2 : 1);
      if (!*name)
        return usageError("unknown command line argument '%s'", a);
      if (o->numPassFlags == sizeof(o->passFlags) / sizeof(o->passFlags[0]))
        return usageError("too many pass flags (at '%s')", a);
      const char *eq = strchr(name, '=');
      PassFlag *f = &o->passFlags[o->numPassFlags++];
      f->name = eq ? strndup(name, (size_t)(eq - name)) : strdup(name);
      f->options = eq ? eq + 1 : NULL;
    }
#undef VALUE_REQUIRED
  }
  if (o->emitBytecode && o->splitMarker)
    return usageError("%s: bytecode holds one module; --split-input-file cannot be used with it",
                      "--emit-bytecode");
  /* One picture per run: the chunks are separate modules. */
  if (o->graphPath && o->splitMarker)
    return usageError("%s: draws one module; --split-input-file cannot be used with it", "--xnn-graph");
  if (o->graphPath && !strcmp(o->graphPath, o->output))
    return usageError("--xnn-graph and -o name the same file: '%s'", o->graphPath);
  if (o->pipeline && o->numPassFlags)
    return usageError("'%s': --pass-pipeline can't be used with individual pass options",
                      o->passFlags[0].name);
  if (!o->input)
    o->input = "-";
  return 0;
}

static void printToStderr(MlirStringRef msg, void *userData) {
  (void)userData;
  fprintf(stderr, "%.*s\n", (int)msg.length, msg.data);
}

typedef struct PassFlagError {
  const char *flag;
  bool unknown;
  XnnStrBuf msg;
} PassFlagError;

static void capturePassFlagError(MlirStringRef msg, void *userData) {
  PassFlagError *e = userData;
  if (strstr(msg.data ? msg.data : "", "does not refer to a registered pass"))
    e->unknown = true;
  xnnStrBufAppend(&e->msg, msg.data, msg.length);
}

/* True if `name` is a pass of this project's registry or MLIR's. */
static bool isRegisteredPass(MlirContext ctx, MlirStringRef name) {
  if (xnnMlirLookupPass(name))
    return true;
  /* An op-agnostic manager takes any registered pass, whatever it runs on. */
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString("any"));
  XnnStrBuf ignored = {0};
  bool ok = mlirLogicalResultIsSuccess(
      mlirOpPassManagerAddPipeline(mlirPassManagerGetAsOpPassManager(pm), name, xnnStrBufCallback, &ignored));
  xnnStrBufFree(&ignored);
  mlirPassManagerDestroy(pm);
  return ok;
}

/* --mlir-print-ir-before=/--mlir-print-ir-after= name registered passes only. */
/* True if any --mlir-print-ir-* flag asks for IR printouts. */
static bool printsIr(const Options *o) {
  return o->printIrBefore || o->printIrAfter || o->printIrAfterChange || o->printIrAfterFailure ||
         o->numPrintIrBeforePasses || o->numPrintIrAfterPasses;
}

static bool printIrPassesRegistered(MlirContext ctx, const Options *o) {
  for (int before = 0; before < 2; ++before) {
    const MlirStringRef *list = before ? o->printIrBeforePasses : o->printIrAfterPasses;
    size_t n = before ? o->numPrintIrBeforePasses : o->numPrintIrAfterPasses;
    for (size_t i = 0; i < n; ++i)
      if (!isRegisteredPass(ctx, list[i])) {
        fprintf(stderr, TOOL ": error: --mlir-print-ir-%s: '%.*s' does not refer to a registered pass\n"
                        "Try: '" TOOL " --list-passes'\n",
                before ? "before" : "after", (int)list[i].length, list[i].data);
        return false;
      }
  }
  return true;
}

/* Builds the pass manager for one run. Returns a null manager on error. */
static MlirPassManager buildPassManager(MlirContext ctx, const Options *o, bool verifier) {
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (o->pipeline) {
    if (mlirLogicalResultIsFailure(xnnMlirParsePassPipeline(
            opm, mlirStringRefCreateFromCString("builtin.module"),
            mlirStringRefCreateFromCString(o->pipeline), printToStderr, NULL))) {
      mlirPassManagerDestroy(pm);
      return (MlirPassManager){NULL};
    }
  }
  for (size_t i = 0; i < o->numPassFlags; ++i) {
    const PassFlag *f = &o->passFlags[i];
    XnnStrBuf text = {0};
    xnnStrBufAppendCStr(&text, f->name);
    if (f->options) {
      xnnStrBufAppendCStr(&text, "{");
      xnnStrBufAppendCStr(&text, f->options);
      xnnStrBufAppendCStr(&text, "}");
    }
    PassFlagError err = {f->name, false, {0}};
    bool ok = mlirLogicalResultIsSuccess(xnnMlirAddPipeline(
        opm, mlirStringRefCreate(text.data, text.size), capturePassFlagError, &err));
    xnnStrBufFree(&text);
    if (!ok) {
      if (err.unknown)
        fprintf(stderr, TOOL ": error: unknown command line argument '--%s'\nTry: '" TOOL " --help'\n",
                f->name);
      else
        fprintf(stderr, TOOL ": error: in option '--%s': %s\n", f->name, err.msg.data ? err.msg.data : "");
      xnnStrBufFree(&err.msg);
      mlirPassManagerDestroy(pm);
      return (MlirPassManager){NULL};
    }
    xnnStrBufFree(&err.msg);
  }
  mlirPassManagerEnableVerifier(pm, verifier);
  if (printsIr(o)) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    if (o->printGeneric)
      mlirOpPrintingFlagsPrintGenericOpForm(flags);
    if (o->printDebugInfo)
      mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
    if (o->elideLimit >= 0)
      mlirOpPrintingFlagsElideLargeElementsAttrs(flags, o->elideLimit);
    /* after-change alone means after every pass that changed the IR. */
    bool afterAll = o->printIrAfter || (o->printIrAfterChange && !o->numPrintIrAfterPasses);
    xnnMlirPassManagerEnableIRPrintingFor(
        pm, o->printIrBefore, o->printIrBeforePasses, o->numPrintIrBeforePasses, afterAll,
        o->printIrAfterPasses, o->numPrintIrAfterPasses, o->printIrModuleScope,
        o->printIrAfterChange, o->printIrAfterFailure, flags,
        mlirStringRefCreateFromCString(o->printIrTreeDir ? o->printIrTreeDir : ""));
    mlirOpPrintingFlagsDestroy(flags);
  }
  if (o->timing)
    mlirPassManagerEnableTiming(pm);
  if (o->passStatistics)
    mlirPassManagerEnableStatistics(pm, MLIR_PASS_DISPLAY_MODE_LIST);
  return pm;
}

/* The printer hands over its text a few bytes at a time (MLIR's C API stream is
 * unbuffered): append short pieces without a memcpy call. */
static void appendPrinted(MlirStringRef text, void *userData) {
  XnnStrBuf *out = userData;
  if (text.length < 32 && out->capacity - out->size > 32) {
    char *d = out->data + out->size;
    for (size_t i = 0; i < text.length; ++i)
      d[i] = text.data[i];
    out->size += text.length;
    d[text.length] = 0;
    return;
  }
  xnnStrBufAppend(out, text.data, text.length);
}

/* `verified`: MLIR's verifier has passed on the module as it is now (or is
 * running alongside and the text is dropped if it fails), so the printer need
 * not run it again (it does by default, to pick the generic form for invalid
 * IR: a whole extra verification of large modules). */
static void printModule(MlirModule module, const Options *o, bool verified, XnnStrBuf *out) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (verified)
    mlirOpPrintingFlagsAssumeVerified(flags);
  if (o->printGeneric)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  if (o->printDebugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  if (o->printLocalScope)
    mlirOpPrintingFlagsUseLocalScope(flags);
  if (o->elideLimit >= 0)
    mlirOpPrintingFlagsElideLargeElementsAttrs(flags, o->elideLimit);
  mlirOperationPrintWithFlags(mlirModuleGetOperation(module), flags, appendPrinted, out);
  mlirOpPrintingFlagsDestroy(flags);
  if (out->size && out->data[out->size - 1] != '\n')
    xnnStrBufAppend(out, "\n", 1);
}

/* MLIR's bytecode writer hands over its output in small pieces: gather them
 * into large writes to the output file. */
typedef struct BytecodeSink {
  XnnOutputFile *file;
  char *buf;
  size_t size, capacity;
} BytecodeSink;

static void flushBytecode(BytecodeSink *sink) {
  xnnOutputFileWrite(sink->file, sink->buf, sink->size);
  sink->size = 0;
}

static void appendBytecode(MlirStringRef piece, void *userData) {
  BytecodeSink *sink = userData;
  if (sink->size + piece.length > sink->capacity)
    flushBytecode(sink);
  if (piece.length >= sink->capacity) { /* a blob: straight from its memory */
    /* A blob the output keeps from the mapped input: copied file to file
     * inside the kernel, without faulting the mapping in. */
    int fd;
    long long offset;
    size_t copied = xnnMlirMappedFileRange(piece.data, piece.length, &fd, &offset)
                        ? xnnOutputFileCopyRange(sink->file, fd, offset, piece.length)
                        : 0;
    xnnOutputFileWrite(sink->file, piece.data + copied, piece.length - copied);
    return;
  }
  memcpy(sink->buf + sink->size, piece.data, piece.length);
  sink->size += piece.length;
}

static void writeBytecode(MlirModule module, XnnOutputFile *file) {
  BytecodeSink sink = {file, malloc(1 << 20), 0, 1 << 20};
  if (!sink.buf)
    abort();
  mlirOperationWriteBytecode(mlirModuleGetOperation(module), appendBytecode, &sink);
  flushBytecode(&sink);
  free(sink.buf);
}

/* True if the pipeline is one of this project's passes given as a flag under
 * --verify-each: the pass manager's verifier would then be the last step
 * before printing, so it runs beside the print instead (see processChunk).
 * Not for plugin passes: the print is speculative, and MLIR's custom printers
 * (func.func, ...) may crash on IR a buggy pass left invalid. */
static bool defersFinalVerifier(const Options *o) {
  return o->verifyEach && !o->pipeline && o->numPassFlags == 1 && !o->printIrAfterFailure &&
         !o->disableThreading &&
         xnnMlirIsProjectPass(xnnMlirLookupPass(mlirStringRefCreateFromCString(o->passFlags[0].name)));
}

/* The output checks left after the pass pipeline: MLIR's verifier (when
 * deferred) and the edge/xnn rules. */
typedef struct OutputCheck {
  MlirOperation op;
  bool mlirVerifier;
  bool ok;
  double seconds;
} OutputCheck;

static int runOutputCheck(void *arg) {
  OutputCheck *c = arg;
  double start = nowSeconds();
  c->ok = (!c->mlirVerifier || mlirOperationVerify(c->op)) &&
          mlirLogicalResultIsSuccess(xnnMlirVerify(c->op));
  c->seconds = nowSeconds() - start;
  return 0;
}

/* Settles the operation order of every block the verifier's dominance checks
 * will query, so the verifier thread never writes what the printer reads. The
 * registered dialects nest regions only at module -> function level; with
 * unregistered ops (`deep`), nested ops may have regions too. */
static void settleBlocks(MlirOperation op, bool deep) {
  for (intptr_t r = 0, nr = mlirOperationGetNumRegions(op); r < nr; ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      MlirOperation first = mlirBlockGetFirstOperation(b), last = mlirBlockGetTerminator(b);
      if (deep)
        for (MlirOperation o = first; !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
          settleBlocks(o, true);
          last = o;
        }
      if (!mlirOperationIsNull(first) && !mlirOperationIsNull(last) && !mlirOperationEqual(first, last))
        (void)mlirOperationIsBeforeInBlock(first, last);
    }
}

static void settleOpOrder(MlirOperation module, bool allowUnregistered) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation top = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(top);
       top = mlirOperationGetNextInBlock(top))
    settleBlocks(top, allowUnregistered);
}

/* The IR of `op` in generic form with locations (what round trips compare). */
static void printGenericWithLocations(MlirOperation op, XnnStrBuf *out) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOperationPrintWithFlags(op, flags, xnnStrBufCallback, out);
  mlirOpPrintingFlagsDestroy(flags);
}

/* Parses `data` (text or bytecode) in a fresh context (resource keys would be
 * renamed in the original one) and compares its generic form with `want`. */
static bool reparsesTo(MlirContext original, const char *data, size_t size, const XnnStrBuf *want) {
  MlirContext ctx = mlirContextCreateWithThreading(false);
  mlirContextSetAllowUnregisteredDialects(ctx, mlirContextGetAllowUnregisteredDialects(original));
  bool same = false;
  if (mlirLogicalResultIsSuccess(xnnMlirLoadDialects(ctx))) {
    MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreate(data, size));
    if (!mlirModuleIsNull(m)) {
      XnnStrBuf got = {0};
      printGenericWithLocations(mlirModuleGetOperation(m), &got);
      same = got.size == want->size && (!got.size || !memcmp(got.data, want->data, got.size));
      xnnStrBufFree(&got);
      mlirModuleDestroy(m);
    }
  }
  mlirContextDestroy(ctx);
  return same;
}

/* --verify-roundtrip, as mlir-opt's: the parsed IR printed in generic form
 * (and written as bytecode) must parse back to the same IR. */
static bool verifyRoundtrip(MlirContext ctx, MlirOperation op) {
  XnnStrBuf text = {0}, bytecode = {0};
  printGenericWithLocations(op, &text);
  bool ok = reparsesTo(ctx, text.data ? text.data : "", text.size, &text);
  if (!ok)
    mlirEmitError(mlirOperationGetLocation(op), "--verify-roundtrip: the IR printed in generic form does not "
                                                "parse back to the same IR");
  if (ok) {
    mlirOperationWriteBytecode(op, xnnStrBufCallback, &bytecode);
    ok = reparsesTo(ctx, bytecode.data ? bytecode.data : "", bytecode.size, &text);
    if (!ok)
      mlirEmitError(mlirOperationGetLocation(op), "--verify-roundtrip: the IR written as bytecode does not "
                                                  "parse back to the same IR");
  }
  xnnStrBufFree(&text);
  xnnStrBufFree(&bytecode);
  return ok;
}

static void writeGraphPiece(MlirStringRef piece, void *userData) {
  xnnOutputFileWrite(userData, piece.data, piece.length);
}

/* Parses, verifies, transforms and prints one chunk. Returns true on success.
 * `last`: the process exits right after; the module is left to the OS unless
 * leak checking needs it freed (a 10^5-op module takes ~30 ms to destroy). */
static bool processChunk(MlirContext ctx, const Options *o, const char *filename, const char *text,
                         size_t size, unsigned firstLine, int chunk, bool last, XnnStrBuf *out,
                         XnnOutputFile *bytecodeOut, XnnOutputFile *graphOut) {
  double mark = nowSeconds();
  /* No text: the input is a bytecode file, read in place. */
  MlirModule module = text ? xnnMlirParseSource(ctx, text, size, filename, firstLine)
                           : xnnMlirParseBytecodeFile(ctx, filename);
  phaseEnd(PHASE_PARSE, &mark);
  if (xnnMlirLastParseDepth() > XNN_NESTING_LIMIT_SMALL)
    contextThreaded = false;
  if (mlirModuleIsNull(module))
    return false;
  MlirOperation op = mlirModuleGetOperation(module);
  bool runsPasses = o->pipeline || o->numPassFlags;
  /* The parser has already run MLIR's verifier (IRDL constraints); only the
   * edge/xnn rules IRDL cannot express remain. */
  bool ok = mlirLogicalResultIsSuccess(xnnMlirVerify(op));
  if (ok && o->verifyRoundtrip)
    ok = verifyRoundtrip(ctx, op);
  phaseEnd(PHASE_VERIFY_INPUT, &mark);
  bool deferVerifier = runsPasses && defersFinalVerifier(o);
  if (ok) {
    MlirPassManager pm = buildPassManager(ctx, o, o->verifyEach && !deferVerifier);
    ok = !mlirPassManagerIsNull(pm) && mlirLogicalResultIsSuccess(xnnMlirRunPassManagerOnOp(pm, op));
    if (!mlirPassManagerIsNull(pm))
      mlirPassManagerDestroy(pm); /* prints the timing report, if enabled */
    phaseEnd(PHASE_PIPELINE, &mark);
  }
  if (!ok) {
    mlirModuleDestroy(module);
    return false;
  }
  /* Under --verify-each the output is checked before it is kept. The checks
   * only read the IR, as the printer does: they run on a second thread while
   * the text is printed, and the text is dropped if they fail. */
  OutputCheck check = {op, deferVerifier, true, 0.0};
  XnnThread *thread = NULL;
  if (o->verifyEach && runsPasses) {
    if (contextThreaded) {
      settleOpOrder(op, o->allowUnregistered);
      /* The checks recurse over the IR as deeply as the printer: same stack. */
      thread = xnnThreadStart(runOutputCheck, &check);
    }
    if (!thread)
      runOutputCheck(&check); /* no second thread: verify before printing */
  }
  size_t outMark = out->size;
  if (check.ok && bytecodeOut)
    writeBytecode(module, bytecodeOut);
  else if (check.ok)
    /* Parsing verifies; passes leave verified IR only under --verify-each. */
    printModule(module, o, o->verifyEach || !runsPasses, out);
  if (thread) {
    xnnThreadJoin(thread);
    verifyOutputConcurrent = true;
  }
  phaseSeconds[PHASE_VERIFY_OUTPUT] += check.seconds;
  ok = check.ok;
  if (ok && o->statsFormat) {
    XnnMlirStats stats = xnnMlirComputeStats(op);
    xnnMlirPrintStatsChunk(op, &stats, o->statsFormat, chunk, stderr);
  }
  if (ok && o->requireDelegated >= 0) { /* a guard against silently losing delegation */
    int64_t delegated, total;
    xnnMlirDelegatedShare(op, &delegated, &total);
    if (total && (double)delegated < o->requireDelegated * (double)total) {
      fprintf(stderr, TOOL ": error: %lld of %lld edge ops delegated (%.1f%%), below --xnn-require-delegated=%g\n",
              (long long)delegated, (long long)total, 100.0 * (double)delegated / (double)total, o->requireDelegated);
      xnnMlirPrintPortableOps(op, "error", stderr);
      ok = false;
    }
  }
  if (ok && graphOut)
    xnnMlirWriteGraph(op, o->graphFormat, filename, writeGraphPiece, graphOut);
  if (!ok && out->data) {
    out->size = outMark;
    out->data[outMark] = 0;
  }
  phaseEnd(PHASE_OUTPUT, &mark);
#ifndef XNNMLIR_FREE_AT_EXIT
  if (last)
    return ok;
#else
  (void)last;
#endif
  mlirModuleDestroy(module);
  return ok;
}

/* True if the line starting at `p` (up to `end`) is a split marker line. */
static bool isMarkerLine(const char *p, const char *end, const char *marker) {
  size_t n = strlen(marker);
  if ((size_t)(end - p) < n || strncmp(p, marker, n))
    return false;
  for (const char *q = p + n; q < end; ++q)
    if (*q != ' ' && *q != '\t' && *q != '\r')
      return false;
  return true;
}

static int toolMain(int argc, char **argv) {
  double start = nowSeconds();
  Options o;
  int rc = parseArgs(argc, argv, &o);
  if (rc)
    return rc == 2 ? 0 : 1;
  xnnMlirRegisterAllPasses();
  if (o.listPasses) {
    printPasses();
    return 0;
  }
  /* MLIR's IR printer refuses module scope on a multithreaded pass manager. */
  contextThreaded = !o.disableThreading && !o.printIrModuleScope;
  MlirContext ctx = mlirContextCreateWithThreading(contextThreaded);
  mlirContextSetAllowUnregisteredDialects(ctx, o.allowUnregistered);
  XnnMlirDiagEngine *diags = xnnMlirDiagEngineCreate(ctx, stderr);
  if (mlirLogicalResultIsFailure(xnnMlirLoadDialects(ctx))) {
    fprintf(stderr, TOOL ": internal error: the embedded dialect definitions do not load\n");
    return 1;
  }
  if (!printIrPassesRegistered(ctx, &o)) {
    xnnMlirDiagEngineDestroy(diags);
    mlirContextDestroy(ctx);
    return 1;
  }
  /* Validate the pipeline once up front, so a bad one fails before any input is read. */
  {
    Options probe = o;
    probe.timing = probe.passStatistics = false;
    probe.printIrBefore = probe.printIrAfter = probe.printIrAfterChange = false;
    probe.printIrAfterFailure = false;
    probe.numPrintIrBeforePasses = probe.numPrintIrAfterPasses = 0;
    MlirPassManager pm = buildPassManager(ctx, &probe, o.verifyEach);
    if (mlirPassManagerIsNull(pm)) {
      xnnMlirDiagEngineDestroy(diags);
      mlirContextDestroy(ctx);
      return 1;
    }
    if (o.dumpPipeline) {
      XnnStrBuf text = {0};
      mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), xnnStrBufCallback, &text);
      fprintf(stderr, "%s\n", text.data ? text.data : "");
      xnnStrBufFree(&text);
      o.dumpPipeline = false;
    }
    mlirPassManagerDestroy(pm);
  }
  char err[1024];
  /* MLIR's file-tree printer reports a directory it cannot create and goes on
   * (exit 0, no dumps): make the tree's root here, before any work, and fail
   * the run if that cannot be done. */
  if (o.printIrTreeDir && printsIr(&o) && !xnnMakeDirectories(o.printIrTreeDir, err, sizeof(err))) {
    fprintf(stderr, TOOL ": error: --mlir-print-ir-tree-dir: %s\n", err);
    xnnMlirDiagEngineDestroy(diags);
    mlirContextDestroy(ctx);
    return 1;
  }
  size_t size = 0;
  /* A bytecode file is parsed in place (its blobs are not copied), not read. */
  bool bytecodeInput = xnnMlirIsBytecodeFile(o.input);
  char *buffer = bytecodeInput ? NULL : xnnReadFile(o.input, &size, err, sizeof(err));
  if (!buffer && !bytecodeInput) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    xnnMlirDiagEngineDestroy(diags);
    mlirContextDestroy(ctx);
    return 1;
  }
  const char *filename = strcmp(o.input, "-") ? o.input : "<stdin>";
  xnnMlirDiagEngineSetSource(diags, filename, buffer, size);

  /* Chunks: the whole buffer, or the pieces between split-marker lines. */
  size_t numChunks = 0, capChunks = 8;
  Chunk *chunks = malloc(capChunks * sizeof(Chunk));
  if (!chunks)
    abort();
  const char *chunkStart = buffer, *end = buffer + size;
  unsigned line = 1, chunkLine = 1;
  bool text = !bytecodeInput && !xnnMlirIsBytecode(buffer, size);
  bool splits = o.splitMarker && text;
  for (const char *p = buffer; text && p < end; ++line) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *lineEnd = nl ? nl : end;
    if (splits && isMarkerLine(p, lineEnd, o.splitMarker)) {
      if (numChunks + 1 >= capChunks && !(chunks = realloc(chunks, (capChunks *= 2) * sizeof(Chunk))))
        abort();
      chunks[numChunks++] = (Chunk){chunkStart, (size_t)(p - chunkStart), chunkLine, line - 1};
      chunkStart = nl ? nl + 1 : end;
      chunkLine = line + 1;
    }
    if (!nl)
      break;
    p = nl + 1;
  }
  chunks[numChunks++] = (Chunk){chunkStart, (size_t)(end - chunkStart), chunkLine, line};

  XnnStrBuf out = {0};
  XnnOutputFile *bytecodeOut = NULL;
  if (o.emitBytecode && !(bytecodeOut = xnnOutputFileOpen(o.output, err, sizeof(err)))) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    free(chunks);
    free(buffer);
    xnnMlirDiagEngineDestroy(diags);
    mlirContextDestroy(ctx);
    return 1;
  }
  /* Opened before any work, so an unwritable path fails fast; kept only if
   * everything, the -o output included, succeeds. */
  XnnOutputFile *graphOut = NULL;
  if (o.graphPath && !(graphOut = xnnOutputFileOpen(o.graphPath, err, sizeof(err)))) {
    fprintf(stderr, TOOL ": error: --xnn-graph: %s\n", err);
    if (bytecodeOut)
      xnnOutputFileDiscard(bytecodeOut);
    free(chunks);
    free(buffer);
    xnnMlirDiagEngineDestroy(diags);
    mlirContextDestroy(ctx);
    return 1;
  }
  if (!bytecodeOut)
    xnnStrBufReserve(&out, size + size / 4 + 64); /* printed IR is about the input's size */
  bool allOk = true;
  for (size_t i = 0; i < numChunks; ++i) {
    if (i)
      xnnStrBufAppendf(&out, "%s\n", o.splitMarker);
    if (o.verifyDiagnostics)
      xnnMlirDiagEngineBeginVerify(diags, chunks[i].firstLine, chunks[i].lastLine,
                                   o.verifyDiagnostics == 2);
    bool ok = processChunk(ctx, &o, filename, chunks[i].start, chunks[i].size, chunks[i].firstLine,
                           splits ? (int)i : -1, i + 1 == numChunks, &out, bytecodeOut, graphOut);
    if (o.verifyDiagnostics)
      ok = xnnMlirDiagEngineEndVerify(diags);
    allOk = allOk && ok;
  }
  free(chunks);
  double mark = nowSeconds();
  if (bytecodeOut && !allOk)
    xnnOutputFileDiscard(bytecodeOut);
  else if (bytecodeOut && !xnnOutputFileCommit(bytecodeOut, err, sizeof(err))) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    allOk = false;
  } else if (!bytecodeOut && allOk &&
             !xnnWriteOutputFile(o.output, out.data ? out.data : "", out.size, err, sizeof(err))) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    allOk = false;
  }
  if (graphOut && !allOk)
    xnnOutputFileDiscard(graphOut);
  else if (graphOut && !xnnOutputFileCommit(graphOut, err, sizeof(err))) {
    fprintf(stderr, TOOL ": error: --xnn-graph: %s\n", err);
    allOk = false;
  }
  phaseEnd(PHASE_OUTPUT, &mark);
  xnnStrBufFree(&out);
  free(buffer);
  xnnMlirDiagEngineDestroy(diags);
  mlirContextDestroy(ctx);
  if (o.timing)
    printPhaseReport(nowSeconds() - start);
  for (size_t i = 0; i < o.numPassFlags; ++i)
    free((char *)o.passFlags[i].name);
  return allOk ? 0 : 1;
}

/* Everything recursive over the input (parse, verify, passes, print, destroy)
 * runs on a large stack, so deep nesting is an error, not a crash
 * (xnnmlir/Stack.h). */
int main(int argc, char **argv) { return xnnMainWithLargeStack(toolMain, argc, argv); }
