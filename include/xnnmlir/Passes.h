/*===-- xnnmlir/Passes.h - pass registry and pipelines ------------*- C -*-===*\
 *
 * One registry of this project's passes (and of out-of-tree plugin passes):
 * each entry has an argument, a description, typed options and a factory.
 * Passes are MLIR external passes (mlirCreateExternalPass) written in C.
 * Pipelines in MLIR's textual syntax may mix these passes with MLIR's own
 * registered passes (canonicalize, cse, symbol-dce, inline, ...).
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_PASSES_H
#define XNNMLIR_PASSES_H

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of pass options. */
typedef enum XnnMlirOptionKind {
  XNN_MLIR_OPTION_BOOL,
  XNN_MLIR_OPTION_INT,
  XNN_MLIR_OPTION_STRING,
  /* One of a fixed set of words: defaultValue lists them as "a|b|c", the
   * first being the default; read with xnnMlirPassOptionGetString. */
  XNN_MLIR_OPTION_CHOICE,
} XnnMlirOptionKind;

/* One declared option of a pass: `name=value` in pipeline syntax. */
typedef struct XnnMlirPassOption {
  const char *name;
  XnnMlirOptionKind kind;
  const char *defaultValue; /* textual default, parsed like a user value */
  const char *description;
} XnnMlirPassOption;

/* Parsed option values of one pass instance, indexed like the declaration. */
typedef struct XnnMlirPassOptionValues {
  size_t count;
  struct {
    bool b;
    int64_t i;
    char s[256];
  } values[16];
} XnnMlirPassOptionValues;

/* Maximum number of options a pass may declare. */
#define XNN_MLIR_MAX_PASS_OPTIONS 16

struct XnnMlirPassInfo;

/* Builds a new pass instance from parsed options. */
typedef MlirPass (*XnnMlirPassFactory)(const struct XnnMlirPassInfo *info,
                                       const XnnMlirPassOptionValues *options);

/* One step of a pass that is a pipeline of other passes (xnn-delegate):
 * the pass `argument` (of the registry, else of MLIR's) with `options`, in
 * which "{name}" stands for the value of the expanding pass's option `name`
 * (booleans as true/false). */
typedef struct XnnMlirPassStep {
  const char *nest;     /* NULL: runs on the module; else on each op of this name ("func.func") */
  const char *argument; /* the step's pass, e.g. "xnn-partition" */
  const char *options;  /* NULL or e.g. "fold-dtype-converts={fold-dtype-converts}" */
  const char *when;     /* NULL: always; else a boolean option of the expanding pass that must be true */
} XnnMlirPassStep;

/* A registry entry. The registry keeps the pointer: the struct must outlive
 * every use (static storage, or a plugin that stays loaded). */
typedef struct XnnMlirPassInfo {
  const char *argument;    /* pipeline name, e.g. "xnn-partition" */
  const char *name;        /* pass class name, e.g. "XnnPartition" */
  const char *description; /* one line for --help / --list-passes */
  const XnnMlirPassOption *options;
  size_t numOptions;
  XnnMlirPassFactory create;
  /* Optional: the steps the pass consists of, in order. Where the pass is
   * anchored on builtin.module, pipeline parsers (xnnMlirAddPipeline) put
   * them in its place, so listings, timings and IR dumps show each step;
   * `create` still builds the single pass (for C API users and other
   * anchors), which may run them through xnnMlirAddPassStepsOn. */
  const XnnMlirPassStep *steps;
  size_t numSteps;
} XnnMlirPassInfo;

/* Adds `info` to the registry. Fails (and reports through `error`, may be
 * NULL) on a duplicate argument or more than XNN_MLIR_MAX_PASS_OPTIONS. */
bool xnnMlirRegisterPass(const XnnMlirPassInfo *info,
                         MlirStringCallback error, void *userData);

/* Registers this project's own passes and MLIR's transforms passes. Idempotent. */
void xnnMlirRegisterAllPasses(void);

/* True if `info` is one of this project's own passes (not a plugin's). */
bool xnnMlirIsProjectPass(const XnnMlirPassInfo *info);

/* Returns the registered pass called `argument`, or NULL. */
const XnnMlirPassInfo *xnnMlirLookupPass(MlirStringRef argument);

/* Number of registered passes, and the i-th one in registration order. */
size_t xnnMlirGetNumPasses(void);
const XnnMlirPassInfo *xnnMlirGetPass(size_t index);

/* Parses `text` (the inside of `{...}`, e.g. "fold-dtype-converts=false")
 * against the options of `info`. Unknown names or malformed values fail with
 * a message through `error`. */
bool xnnMlirParsePassOptions(const XnnMlirPassInfo *info, MlirStringRef text,
                             XnnMlirPassOptionValues *out,
                             MlirStringCallback error, void *userData);

/* Creates a pass instance from an options string (may be empty). */
MlirPass xnnMlirCreatePass(const XnnMlirPassInfo *info, MlirStringRef options,
                           MlirStringCallback error, void *userData);

/* Returns the value of the option called `name` (asserts the kind matches). */
bool xnnMlirPassOptionGetBool(const XnnMlirPassInfo *info,
                              const XnnMlirPassOptionValues *values,
                              const char *name);
int64_t xnnMlirPassOptionGetInt(const XnnMlirPassInfo *info,
                                const XnnMlirPassOptionValues *values,
                                const char *name);
const char *xnnMlirPassOptionGetString(const XnnMlirPassInfo *info,
                                       const XnnMlirPassOptionValues *values,
                                       const char *name);

/* Adds the steps `info` declares, for its option `values`, to `pm`, which
 * runs on builtin.module: steps on other ops nest under them (consecutive
 * ones share one func.func(...)), and a step that declares steps itself is
 * expanded in turn. Errors (an unknown step pass, bad step options) are
 * reported through `error`. */
MlirLogicalResult xnnMlirAddPassSteps(MlirOpPassManager pm, const XnnMlirPassInfo *info,
                                      const XnnMlirPassOptionValues *values,
                                      MlirStringCallback error, void *userData);

/* Adds only the steps of `info` that run on `nest` ops (NULL: those on the
 * module) to `pm`, which runs on such an op: for a pass that runs its steps
 * itself, op by op. */
MlirLogicalResult xnnMlirAddPassStepsOn(MlirOpPassManager pm, const XnnMlirPassInfo *info,
                                        const XnnMlirPassOptionValues *values, const char *nest,
                                        MlirStringCallback error, void *userData);

/* Appends a pipeline to `pm`, in MLIR's textual syntax relative to the anchor
 * of `pm` (e.g. "xnn-partition{fold-dtype-converts=false},func.func(cse)").
 * This project's passes resolve through the registry, everything else through
 * MLIR's pass registry. Errors are reported through `error` with the column. */
MlirLogicalResult xnnMlirAddPipeline(MlirOpPassManager pm, MlirStringRef text,
                                     MlirStringCallback error, void *userData);

/* Fills `pm` (anchored on `anchor`) from a full pipeline such as
 * "builtin.module(xnn-partition,func.func(cse))": the outermost op name must
 * equal `anchor`. */
MlirLogicalResult xnnMlirParsePassPipeline(MlirOpPassManager pm,
                                           MlirStringRef anchor,
                                           MlirStringRef text,
                                           MlirStringCallback error,
                                           void *userData);

/* Runs `pm` on `op` as mlirPassManagerRunOnOp does, except that passes of
 * the registry nested under a per-op pass manager (xnn-delegate's
 * func.func(...) steps) run on one op after another, in IR order, even in a
 * multithreaded context: blobs they create are named in creation order and
 * the first failing delegate ends the run, so parallel runs would make the
 * output depend on thread timing. Threading is off only while `pm` runs. */
MlirLogicalResult xnnMlirRunPassManagerOnOp(MlirPassManager pm, MlirOperation op);

/*===----------------------------------------------------------------------===*
 * Writing a pass in C.
 *===----------------------------------------------------------------------===*/

/* Body of a pass: runs on `op`; calls mlirExternalPassSignalFailure on error.
 * `config` is the pass instance's private copy of the configuration blob. */
typedef void (*XnnMlirPassRunFn)(MlirOperation op, MlirExternalPass pass,
                                 void *config);

/* Creates an external pass for `info` running `run`. `config` (configSize
 * bytes, may be 0) is copied into each instance and each clone, so runs on
 * different threads never share mutable state. The pass is op-agnostic: it
 * can be scheduled on builtin.module, func.func or any other op. */
MlirPass xnnMlirCreateExternalPass(const XnnMlirPassInfo *info,
                                   XnnMlirPassRunFn run, const void *config,
                                   size_t configSize);

#ifdef __cplusplus
}
#endif
#endif
