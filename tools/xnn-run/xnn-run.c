/* xnn-run: executes a module's function (@forward by default) on seeded
 * random or .npy inputs: portable ops through the reference interpreter
 * (Reference.h), delegate calls through the live XNNPACK runtime
 * (Runtime.h). Writes or prints the outputs, compares two modules, times
 * repeated runs (SPEC section 5); runs a function with state (xnn.state,
 * SPEC section 5.1) over steps, feeding its state, greedy tokens and
 * positions from one call to the next. */
#include "xnnmlir/Version.h"
#include "xnnmlir/Diagnostics.h"
#include "xnnmlir/Dialects.h"
#include "xnnmlir/Parse.h"
#include "xnnmlir/Stack.h"
#include "xnnmlir/Reference.h"
#include "xnnmlir/Runtime.h"
#include "xnnmlir/Tensor.h"
#include "xnnmlir/Verifier.h"

#include "Support/FileIO.h"
#include "Support/IR.h"
#include "Support/Float.h"
#include "Support/Strings.h"

#include "Npy.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TOOL "xnn-run"

typedef struct Options {
  const char *model, *compare, *func, *outputDir, *inputs;
  uint64_t seed;
  double atol, rtol;
  bool atolSet, rtolSet; /* else per dtype, as torch.testing.assert_close */
  long repeat, threads;
  bool print, noXnnpack, profile, memoryStats;
  double packChunkBytes; /* < 0: the runtime's default */
  /* Multi-step runs of a function with state (SPEC section 5.1). */
  long steps;                        /* number of calls (default 1) */
  bool stepsSet;                     /* --steps given: per-step outputs */
  bool stateZeros;                   /* --state-init=zeros */
  const char *stepInputs, *stateFrom;
  long greedyResult, greedyArg;      /* --greedy-feed RESULT:ARG, else -1 */
  long positionArg;                  /* --position-arg ARG, else -1 */
} Options;

typedef struct ProfileRow {
  const char *name;
  uint64_t micros;
  size_t count;
} ProfileRow;

static int byNanosDescending(const void *a, const void *b) {
  const ProfileRow *x = a, *y = b;
  return x->micros < y->micros ? 1 : x->micros > y->micros ? -1 : strcmp(x->name, y->name);
}

/* Prints XNNPACK's operator times of every delegate, summed per operator
 * name over `runs` runs; false when out of memory. */
static bool printProfile(const XnnMlirRuntime *rt, long runs) {
  size_t numRows = 0, cap = 0;
  ProfileRow *rows = NULL;
  uint64_t all = 0;
  for (size_t i = 0; i < xnnMlirRuntimeNumDelegates(rt); ++i) {
    const char *name;
    const uint64_t *micros;
    size_t n = xnnMlirRuntimeGetProfile(rt, i, &name, &micros);
    for (size_t k = 0; k < n; name += strlen(name) + 1, ++k) {
      size_t j = 0;
      while (j < numRows && strcmp(rows[j].name, name))
        ++j;
      if (j == numRows) {
        if (numRows == cap) {
          ProfileRow *grown = realloc(rows, (cap = cap ? 2 * cap : 32) * sizeof(*rows));
          if (!grown)
            return free(rows), false;
          rows = grown;
        }
        rows[numRows++] = (ProfileRow){name, 0, 0};
      }
      rows[j].micros += micros[k];
      rows[j].count++;
      all += micros[k];
    }
  }
  if (numRows)
    qsort(rows, numRows, sizeof(*rows), byNanosDescending);
  printf("profile: %.3f ms per run in XNNPACK operators\n", 1e-3 * (double)all / (double)runs);
  for (size_t j = 0; j < numRows; ++j)
    printf("  %8.3f ms %5.1f%% %5zux  %s\n", 1e-3 * (double)rows[j].micros / (double)runs,
           all ? 100.0 * (double)rows[j].micros / (double)all : 0.0, rows[j].count, rows[j].name);
  free(rows);
  return true;
}

static void printHelp(void) {
  printf("OVERVIEW: runs an edge/xnn module: portable ops through the reference interpreter,\n"
         "delegates (func.func {xnn.delegate}, lowered) through the linked XNNPACK\n\n"
         "USAGE: " TOOL " [options] <model.mlir>\n\n"
         "OPTIONS:\n"
         "  --func=<name>          Function to run (default: forward)\n"
         "  --seed=<n>             Seed of the random inputs (default 0): floats uniform in [-1, 1),\n"
         "                         integers uniform in [0, 8), booleans 0/1\n"
         "  --input=<a.npy,b.npy>  Inputs from .npy files, one per argument (bf16: raw bits as '<u2')\n"
         "  --output-dir=<dir>     Write input_<i>.npy and output_<i>.npy there (instead of printing)\n"
         "  --print                Print the outputs (default without --output-dir)\n"
         "  --compare=<other.mlir> Run the same function of another module on the same inputs; report\n"
         "                         per output max abs / max rel error, bitwise equality, the rows\n"
         "                         (last dim) whose argmax agrees and, for rows of 5 or more, whose\n"
         "                         top-5 sets agree\n"
         "  --atol=<x>, --rtol=<x> Compare tolerances: fails (exit 1) if any |a - b| > atol + rtol * |b|,\n"
         "                         b from --compare's module. Defaults per dtype, as\n"
         "                         torch.testing.assert_close: f32 atol 1e-5 rtol 1.3e-6; f16 atol 1e-5\n"
         "                         rtol 1e-3; bf16 atol 1e-5 rtol 1.6e-2; integers and bool exact\n"
         "  --repeat=<n>           Time n runs: median per run and per delegate\n"
         "  --profile              Also XNNPACK's own time per operator kind (mean per run, summed\n"
         "                         over delegates), largest first, and the count of such operators\n"
         "  --threads=<n>          XNNPACK thread pool size (default 1: no pool)\n"
         "  --memory-stats         Print each delegate's creation (subgraph build incl. widening,\n"
         "                         packing by xnn_create_runtime_v3), the bytes of f32 copies of\n"
         "                         bf16/f16 weights freed once packed and of the mapped input file\n"
         "                         released once read, the resident set after loading and after\n"
         "                         creating, each run's or step's time, and the peak resident set\n"
         "  --pack-chunk-bytes=<n>  Pack bf16 fully connected filters whose f32 copy exceeds n bytes\n"
         "                         in 2-5 chunks, each widened just before packing, and quantized\n"
         "                         filters (int8 / int4, no bias, f32 output) above n bytes in 2-5\n"
         "                         chunks, each chunk's source dropped once packed (default 64 MiB;\n"
         "                         0: never)\n"
         "  --no-xnnpack           Interpret delegate bodies in the reference interpreter instead\n"
         "  --version              Print the version and whether the reference interpreter is built in\n"
         "  --help, -h             This text\n\n"
         "STATE AND STEPS (SPEC 5.1): arguments and results carrying xnn.state = \"<name>\" are state,\n"
         "after all user inputs / outputs. A step is one call; each step's state result feeds the\n"
         "next step's state argument of the same name (a cache write that is a state buffer's last\n"
         "use updates it in place). --input numbers every argument (user inputs,\n"
         "then state), --output-dir every result (user outputs, then state), as the importer's\n"
         "--save-io does.\n"
         "  --steps=<n>            Run n steps (default 1). --output-dir then also gets\n"
         "                         step_<s>/input_<i>.npy and step_<s>/output_<i>.npy (user inputs and\n"
         "                         outputs of step s); input_<i>.npy holds step 0's arguments and\n"
         "                         output_<i>.npy the last step's results (the final state)\n"
         "  --state-init=<how>     Initial state: 'input' (default: like any argument, from --input or\n"
         "                         --seed) or 'zeros'; with 'zeros' --input names the user inputs only\n"
         "  --state-from=<dir>     Initial state from the --output-dir of an earlier run (its state.txt\n"
         "                         maps state names to output_<i>.npy; matched by name); --input then\n"
         "                         names the user inputs only. If that run fed tokens or positions, its\n"
         "                         tokens.txt / position.txt give step 0's --greedy-feed /\n"
         "                         --position-arg input, over --input (prefill with one module,\n"
         "                         decode with another)\n"
         "  --step-inputs=<dir>    User input i of step s from <dir>/step_<s>/input_<i>.npy (step 0\n"
         "                         too, unless --input gives it), except inputs fed by the flags below;\n"
         "                         without it, other user inputs keep step 0's values\n"
         "  --greedy-feed=<r>:<a>  Greedy decoding: after each step, the argmax over the last dim of\n"
         "                         the last row of user output r (f32/f16/bf16 logits [..., vocab])\n"
         "                         becomes the next step's user input a (i64/i32, one element). The\n"
         "                         tokens are printed ('tokens: ...') and written to tokens.txt\n"
         "  --position-arg=<a>     User input a (i64/i32) holds the positions of the step's tokens:\n"
         "                         the next step's value is p+1, p+2, ... for p its last element; the\n"
         "                         next position is written to position.txt\n"
         "  With --steps, --compare runs the other module in the same loop (its own state, the\n"
         "  first module's fed tokens) and compares every result of every step.\n\n"
         "  Prefill 8 tokens, then decode 16 greedily with a second module:\n"
         "    " TOOL " prefill.mlir --input tokens.npy,pos.npy,k.npy,v.npy --greedy-feed 0:0 \\\n"
         "        --position-arg 1 --output-dir p\n"
         "    " TOOL " decode.mlir --state-from p --steps 16 --greedy-feed 0:0 --position-arg 1 \\\n"
         "        --output-dir d\n\n"
         "EXIT STATUS: 0 on success, 1 on any error or a failed comparison.\n");
}

/* ---- models --------------------------------------------------------------- */

typedef struct Model {
  const char *path;
  char *buffer;
  size_t size;
  MlirModule module;
  MlirOperation func;
  size_t numIn, numOut;
} Model;

static bool loadModel(MlirContext ctx, XnnMlirDiagEngine *diags, const char *path, const char *funcName,
                      Model *m) {
  char err[1024];
  memset(m, 0, sizeof(*m));
  m->path = path;
  if (xnnMlirIsBytecodeFile(path)) { /* parsed in place: its weights are not copied */
    m->module = xnnMlirParseBytecodeFile(ctx, path);
  } else {
    if (!(m->buffer = xnnReadFile(path, &m->size, err, sizeof(err)))) {
      fprintf(stderr, TOOL ": error: %s\n", err);
      return false;
    }
    xnnMlirDiagEngineSetSource(diags, path, m->buffer, m->size);
    m->module = xnnMlirParseSource(ctx, m->buffer, m->size, path, 1);
  }
  if (mlirModuleIsNull(m->module) || mlirLogicalResultIsFailure(xnnMlirVerify(mlirModuleGetOperation(m->module))))
    return false;
  MlirOperation f = xnnLookupSymbol(mlirModuleGetOperation(m->module), mlirStringRefCreateFromCString(funcName));
  if (!mlirOperationIsNull(f) && xnnStrRefEquals(mlirIdentifierStr(mlirOperationGetName(f)), "func.func"))
    m->func = f;
  if (mlirOperationIsNull(m->func)) {
    char msg[512];
    snprintf(msg, sizeof msg, "no function @%s in the module (choose one with --func)", funcName);
    xnnMlirDiagEnginePrintError(diags, xnnMlirDiagEngineInputLoc(diags), msg);
    return false;
  }
  MlirAttribute fta = mlirOperationGetAttributeByName(m->func, mlirStringRefCreateFromCString("function_type"));
  if (mlirAttributeIsNull(fta) || !mlirAttributeIsAType(fta) || !mlirTypeIsAFunction(mlirTypeAttrGetValue(fta))) {
    xnnMlirDiagEnginePrintError(diags, mlirOperationGetLocation(m->func), "function has no function type");
    return false;
  }
  MlirType ft = mlirTypeAttrGetValue(fta);
  m->numIn = (size_t)mlirFunctionTypeGetNumInputs(ft);
  m->numOut = (size_t)mlirFunctionTypeGetNumResults(ft);
  return true;
}

static MlirType funcType(const Model *m) {
  return mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(m->func, mlirStringRefCreateFromCString("function_type")));
}

static void freeModel(Model *m) {
  if (!mlirModuleIsNull(m->module))
    mlirModuleDestroy(m->module);
  m->module.ptr = NULL;
}

/* ---- tensors ---------------------------------------------------------------- */

static void shapeStr(const XnnMlirTensor *t, char *buf, size_t size) {
  int n = snprintf(buf, size, "%s[", xnnMlirDTypeName(t->dtype));
  for (int64_t i = 0; i < t->rank && n > 0 && (size_t)n < size; ++i)
    n += snprintf(buf + n, size - (size_t)n, "%s%lld", i ? ", " : "", (long long)t->dims[i]);
  if (n > 0 && (size_t)n < size)
    snprintf(buf + n, size - (size_t)n, "]");
}

static bool sameShape(const XnnMlirTensor *a, const XnnMlirTensor *b) {
  if (a->dtype != b->dtype || a->rank != b->rank)
    return false;
  for (int64_t i = 0; i < a->rank; ++i)
    if (a->dims[i] != b->dims[i])
      return false;
  return true;
}

static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void fillRandom(XnnMlirTensor *t, uint64_t *state) {
  int64_t n = xnnMlirTensorNumElements(t);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t r = splitmix(state);
    switch (t->dtype) {
    case XNN_MLIR_I64:
    case XNN_MLIR_I32:
      xnnMlirTensorSetF32(t, i, (float)(r % 8));
      break;
    case XNN_MLIR_I1:
      xnnMlirTensorSetF32(t, i, (float)(r & 1));
      break;
    case XNN_MLIR_I8:
      xnnMlirTensorSetF32(t, i, (float)((int)(r % 256) - 128));
      break;
    default:
      xnnMlirTensorSetF32(t, i, (float)((double)(r >> 40) / (double)(1ull << 24) * 2.0 - 1.0));
    }
  }
}

static void destroyAll(XnnMlirTensor *ts, size_t n) {
  for (size_t i = 0; ts && i < n; ++i)
    xnnMlirTensorDestroy(&ts[i]);
  free(ts);
}

/* Why argument `i` of `m` cannot be allocated: a located error naming the
 * real problem (an unsupported type, or a size that overflows). */
static void argumentTypeError(XnnMlirDiagEngine *diags, const Model *m, size_t i, MlirType type) {
  XnnStrBuf t = {0};
  mlirTypePrint(type, xnnStrBufCallback, &t);
  char msg[1024];
  int64_t rank = mlirTypeIsARankedTensor(type) ? mlirShapedTypeGetRank(type) : -1;
  bool supported = rank >= 0 && rank <= XNN_MLIR_TENSOR_MAX_RANK && mlirShapedTypeHasStaticShape(type) &&
                   xnnMlirDTypeFromType(mlirShapedTypeGetElementType(type)) != XNN_MLIR_DTYPE_INVALID;
  if (supported)
    snprintf(msg, sizeof msg, "argument %zu of type '%s' is too large to allocate: its byte size "
             "overflows 64 bits or exceeds the %zu MiB this host can hold", i, t.data ? t.data : "?",
             xnnMlirTensorMaxBytes() >> 20);
  else
    snprintf(msg, sizeof msg, "argument %zu has unsupported type '%s' (static tensors of rank <= %d "
             "of f32, f16, bf16, i64, i32, i1)", i, t.data ? t.data : "?", XNN_MLIR_TENSOR_MAX_RANK);
  xnnStrBufFree(&t);
  /* The argument's own location if it has one, else the function's. */
  MlirBlock entry = xnnFuncBody(m->func);
  MlirLocation loc = mlirOperationGetLocation(m->func);
  if (!mlirBlockIsNull(entry) && (intptr_t)i < mlirBlockGetNumArguments(entry))
    loc = mlirValueGetLocation(mlirBlockGetArgument(entry, (intptr_t)i));
  xnnMlirDiagEnginePrintError(diags, loc, msg);
}

/* Inputs of `m`: from .npy files or seeded random values. --input names the
 * first `numFiles` arguments (all, or the user inputs when the state comes
 * from elsewhere); the others are random or zero until filled in. */
static XnnMlirTensor *makeInputs(XnnMlirDiagEngine *diags, const Model *m, const Options *o, size_t numFiles) {
  MlirType ft = funcType(m);
  XnnMlirTensor *in = calloc(m->numIn + 1, sizeof(XnnMlirTensor));
  if (!in)
    abort();
  char *files = o->inputs ? strdup(o->inputs) : NULL, *save = NULL;
  char *file = files ? strtok_r(files, ",", &save) : NULL;
  uint64_t state = o->seed;
  char err[1024];
  for (size_t i = 0; i < m->numIn; ++i) {
    MlirType type = mlirFunctionTypeGetInput(ft, (intptr_t)i);
    XnnMlirTensor want;
    if (!xnnMlirTensorCreateFromType(&want, type)) {
      argumentTypeError(diags, m, i, type);
      goto fail;
    }
    if (!o->inputs || i >= numFiles) {
      if (!o->inputs)
        fillRandom(&want, &state);
      in[i] = want;
      continue;
    }
    if (!file) {
      xnnMlirTensorDestroy(&want);
      fprintf(stderr, TOOL ": error: --input names fewer files than @%s's %zu %s\n", o->func, numFiles,
              numFiles == m->numIn ? "arguments" : "user inputs (the state comes from --state-from or --state-init)");
      goto fail;
    }
    if (!xnnNpyRead(file, want.dtype, &in[i], err, sizeof(err))) {
      xnnMlirTensorDestroy(&want);
      fprintf(stderr, TOOL ": error: input %zu: %s\n", i, err);
      goto fail;
    }
    if (!sameShape(&in[i], &want)) {
      char a[256], b[256];
      shapeStr(&want, a, sizeof(a));
      shapeStr(&in[i], b, sizeof(b));
      fprintf(stderr, TOOL ": error: input %zu (%s): @%s expects %s, the file holds %s\n", i, file, o->func, a, b);
      xnnMlirTensorDestroy(&want);
      goto fail;
    }
    xnnMlirTensorDestroy(&want);
    file = strtok_r(NULL, ",", &save);
  }
  if (file) {
    fprintf(stderr, TOOL ": error: --input names more files than @%s's %zu %s\n", o->func, numFiles,
            numFiles == m->numIn ? "arguments" : "user inputs (the state comes from --state-from or --state-init)");
    goto fail;
  }
  free(files);
  return in;
fail:
  free(files);
  destroyAll(in, m->numIn);
  return NULL;
}

/* ---- state (SPEC section 5.1) ---------------------------------------------- */

/* The xnn.state arguments and results of a function (xnnMlirStateMapGet:
 * the one analysis xnn-translate --program shares). */
typedef XnnMlirStateMap StateMap;

static void freeStateMap(StateMap *sm) { xnnMlirStateMapFree(sm); }

/* The name of state result k, or NULL for a user output. */
static const char *resultStateName(const StateMap *sm, size_t k) {
  for (size_t j = 0; j < sm->numState; ++j)
    if (sm->fromResult[j] == k)
      return sm->argName[j];
  return NULL;
}

static bool isIntDType(XnnMlirDType t) { return t == XNN_MLIR_I64 || t == XNN_MLIR_I32; }

static int64_t getInt(const XnnMlirTensor *t, int64_t i) {
  if (t->dtype == XNN_MLIR_I64) {
    int64_t v;
    memcpy(&v, (const char *)t->data + 8 * i, 8);
    return v;
  }
  int32_t v;
  memcpy(&v, (const char *)t->data + 4 * i, 4);
  return v;
}

static void setInt(XnnMlirTensor *t, int64_t i, int64_t v) {
  if (t->dtype == XNN_MLIR_I64) {
    memcpy((char *)t->data + 8 * i, &v, 8);
  } else {
    int32_t x = (int32_t)v;
    memcpy((char *)t->data + 4 * i, &x, 4);
  }
}

/* torch.argmax over the last dim of the last row: the first maximum, a NaN
 * counting as the maximum. */
static int64_t lastRowArgmax(const XnnMlirTensor *t) {
  int64_t last = t->dims[t->rank - 1], base = xnnMlirTensorNumElements(t) - last, best = 0;
  float bv = xnnMlirTensorGetF32(t, base);
  for (int64_t k = 1; k < last && !isnan(bv); ++k) {
    float v = xnnMlirTensorGetF32(t, base + k);
    if (isnan(v) || v > bv)
      best = k, bv = v;
  }
  return best;
}

static bool clone(XnnMlirTensor *dst, const XnnMlirTensor *src) {
  if (!xnnMlirTensorCreate(dst, src->dtype, src->rank, src->dims))
    return false;
  memcpy(dst->data, src->data, xnnMlirTensorNumBytes(src));
  return true;
}

/* Checks --greedy-feed / --position-arg against the user inputs and outputs of `m`. */
static bool checkFeeds(const Model *m, const StateMap *sm, const Options *o) {
  MlirType ft = funcType(m);
  char err[512] = "";
  if (o->greedyResult >= 0) {
    if ((size_t)o->greedyResult >= sm->numUserOut) {
      snprintf(err, sizeof err, "--greedy-feed %ld:%ld: @%s has %zu user outputs (state results are not "
               "logits)", o->greedyResult, o->greedyArg, o->func, sm->numUserOut);
    } else {
      MlirType t = mlirFunctionTypeGetResult(ft, (intptr_t)o->greedyResult);
      XnnMlirDType d = xnnMlirDTypeFromType(mlirShapedTypeGetElementType(t));
      bool nonEmpty = mlirShapedTypeHasStaticShape(t) && mlirShapedTypeGetRank(t) >= 1;
      for (intptr_t k = 0; nonEmpty && k < mlirShapedTypeGetRank(t); ++k)
        nonEmpty = mlirShapedTypeGetDimSize(t, k) > 0;
      if ((d != XNN_MLIR_F32 && d != XNN_MLIR_F16 && d != XNN_MLIR_BF16) || !nonEmpty) {
        char *ts = xnnTypeToString(t);
        snprintf(err, sizeof err, "--greedy-feed %ld:%ld: output %ld is '%s', not logits (f32, f16 or bf16 "
                 "[..., vocab])", o->greedyResult, o->greedyArg, o->greedyResult, ts);
        free(ts);
      }
    }
  }
  const long args[2] = {o->greedyArg, o->positionArg};
  const char *flags[2] = {"--greedy-feed", "--position-arg"};
  for (int f = 0; f < 2 && !err[0]; ++f) {
    if (args[f] < 0)
      continue;
    if ((size_t)args[f] >= sm->numUserIn) {
      snprintf(err, sizeof err, "%s: @%s has %zu user inputs (state arguments are fed by the loop), not "
               "input %ld", flags[f], o->func, sm->numUserIn, args[f]);
      break;
    }
    XnnMlirTensor t;
    MlirType type = mlirFunctionTypeGetInput(ft, (intptr_t)args[f]);
    if (!xnnMlirTensorCreateFromType(&t, type))
      continue; /* reported where the inputs are made */
    /* A token is fed to the next step, or carried in by --state-from, as one id. */
    bool oneToken = f == 0 && (o->steps > 1 || o->stateFrom);
    if (!isIntDType(t.dtype) || xnnMlirTensorNumElements(&t) < 1 || (oneToken && xnnMlirTensorNumElements(&t) != 1)) {
      char *ts = xnnTypeToString(type);
      snprintf(err, sizeof err, "%s: input %ld is '%s'; it needs %s", flags[f], args[f], ts,
               f == 0 ? "i64 or i32 with one element (the token fed on)" : "i64 or i32 (positions)");
      free(ts);
    }
    xnnMlirTensorDestroy(&t);
  }
  if (!err[0] && o->greedyArg >= 0 && o->greedyArg == o->positionArg)
    snprintf(err, sizeof err, "--greedy-feed and --position-arg both feed input %ld", o->greedyArg);
  if (err[0])
    fprintf(stderr, TOOL ": error: %s\n", err);
  return !err[0];
}

/* Reads the small text file `name` of `dir` into a NUL-terminated buffer.
 * NULL if it is absent (*missing) or unreadable (reported). */
static char *readDirFile(const char *dir, const char *name, char *path, size_t pathSize, bool *missing) {
  snprintf(path, pathSize, "%s/%s", dir, name);
  char err[1024];
  size_t size;
  struct stat st;
  *missing = stat(path, &st) && errno == ENOENT;
  if (*missing)
    return NULL;
  char *text = xnnReadFile(path, &size, err, sizeof err);
  if (!text)
    fprintf(stderr, TOOL ": error: --state-from: %s\n", err);
  return text;
}

/* The last integer of a whitespace-separated list; false if none or not all integers. */
static bool lastInteger(const char *text, int64_t *out) {
  bool any = false;
  for (const char *p = text;;) {
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
      ++p;
    if (!*p)
      return any;
    char *end;
    errno = 0;
    long long v = strtoll(p, &end, 10);
    if (end == p || errno)
      return false;
    *out = v, any = true, p = end;
  }
}

/* Fills the state arguments of `in` from the --output-dir of an earlier run
 * and, when that run fed them, the token and position to go on from (marked
 * in `carried`). */
static bool stateFromDir(XnnMlirDiagEngine *diags, const Model *m, const StateMap *sm, const Options *o,
                         XnnMlirTensor *in, bool *carried) {
  char path[4096], msg[10240], err[1024];
  bool missing;
  char *manifest = readDirFile(o->stateFrom, "state.txt", path, sizeof path, &missing);
  if (!manifest) {
    if (missing)
      fprintf(stderr, TOOL ": error: --state-from: no '%s' (" TOOL " --output-dir writes it for a function "
              "with state)\n", path);
    return false;
  }
  bool ok = true;
  for (size_t j = 0; ok && j < sm->numState; ++j) {
    size_t i = sm->numUserIn + j, len = strlen(sm->argName[j]);
    const char *file = NULL;
    size_t fileLen = 0;
    for (char *line = manifest; line && *line;) {
      char *nl = strchr(line, '\n'), *sp = strchr(line, ' ');
      size_t lineLen = nl ? (size_t)(nl - line) : strlen(line);
      if (sp && sp < line + lineLen && (size_t)(line + lineLen - sp - 1) == len && !memcmp(sp + 1, sm->argName[j], len)) {
        file = line, fileLen = (size_t)(sp - line);
        break;
      }
      line = nl ? nl + 1 : NULL;
    }
    if (!file) {
      snprintf(msg, sizeof msg, "state argument %zu ('%s') is not in %s", i, sm->argName[j], path);
      xnnMlirDiagEnginePrintError(diags, xnnFuncArgLoc(m->func, i), msg);
      ok = false;
      break;
    }
    char npy[4096];
    snprintf(npy, sizeof npy, "%s/%.*s", o->stateFrom, (int)fileLen, file);
    XnnMlirTensor t;
    if (!xnnNpyRead(npy, in[i].dtype, &t, err, sizeof err)) {
      fprintf(stderr, TOOL ": error: state '%s': %s\n", sm->argName[j], err);
      ok = false;
    } else if (!sameShape(&t, &in[i])) {
      char a[256], b[256];
      shapeStr(&in[i], a, sizeof a);
      shapeStr(&t, b, sizeof b);
      snprintf(msg, sizeof msg, "state argument %zu ('%s') is %s, %s holds %s", i, sm->argName[j], a, npy, b);
      xnnMlirDiagEnginePrintError(diags, xnnFuncArgLoc(m->func, i), msg);
      xnnMlirTensorDestroy(&t);
      ok = false;
    } else {
      xnnMlirTensorDestroy(&in[i]);
      in[i] = t;
    }
  }
  free(manifest);
  /* The tokens and position an earlier run fed on: step 0's. */
  const char *names[2] = {"tokens.txt", "position.txt"};
  const long args[2] = {o->greedyArg, o->positionArg};
  for (int f = 0; f < 2 && ok; ++f) {
    if (args[f] < 0)
      continue;
    char *text = readDirFile(o->stateFrom, names[f], path, sizeof path, &missing);
    int64_t v;
    if (!text) {
      ok = missing;
      if (missing && !o->inputs && !o->stepInputs) { /* else step 0's would be seeded random values */
        fprintf(stderr, TOOL ": error: %s: no '%s' gives step 0's input %ld, nor --input or --step-inputs "
                "(run the earlier step with %s too)\n", f ? "--position-arg" : "--greedy-feed", path, args[f],
                f ? "--position-arg" : "--greedy-feed");
        ok = false;
      }
      continue;
    }
    if (!lastInteger(text, &v)) {
      fprintf(stderr, TOOL ": error: --state-from: '%s' does not hold integers\n", path);
      ok = false;
    } else {
      for (int64_t k = 0; k < xnnMlirTensorNumElements(&in[args[f]]); ++k)
        setInt(&in[args[f]], k, (int64_t)((uint64_t)v + (uint64_t)k)); /* wraps, never UB */
      carried[args[f]] = true;
    }
    free(text);
  }
  return ok;
}

/* Replaces user input i of `in` by <dir>/step_<s>/input_<i>.npy for every i
 * not marked in `fed`. */
static bool readStepInputs(const Options *o, const StateMap *sm, long s, const bool *fed, XnnMlirTensor *in) {
  char path[4096], err[1024];
  for (size_t i = 0; i < sm->numUserIn; ++i) {
    if (fed[i])
      continue;
    snprintf(path, sizeof path, "%s/step_%ld/input_%zu.npy", o->stepInputs, s, i);
    XnnMlirTensor t;
    if (!xnnNpyRead(path, in[i].dtype, &t, err, sizeof err)) {
      fprintf(stderr, TOOL ": error: step %ld: input %zu: %s\n", s, i, err);
      return false;
    }
    if (!sameShape(&t, &in[i])) {
      char a[256], b[256];
      shapeStr(&in[i], a, sizeof a);
      shapeStr(&t, b, sizeof b);
      fprintf(stderr, TOOL ": error: step %ld: input %zu (%s): @%s expects %s, the file holds %s\n", s, i, path,
              o->func, a, b);
      xnnMlirTensorDestroy(&t);
      return false;
    }
    xnnMlirTensorDestroy(&in[i]);
    in[i] = t;
  }
  return true;
}

/* ---- running ------------------------------------------------------------ */

typedef struct Runner {
  XnnMlirRuntime *rt;
  bool noXnnpack;
} Runner;

static double cpuNow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Builds every delegate's runtime up front, so refusals surface before any run. */
/* The largest static data first (xnnMlirRuntimePrepareAll): the peak resident
 * set is then about XNNPACK's packed weights, not those plus the largest
 * delegate's f32 copies. */
static bool prepareModel(Runner *r, XnnMlirDiagEngine *diags, const Model *m) {
  if (r->noXnnpack)
    return true;
  xnnMlirDiagEngineSetSource(diags, m->path, m->buffer, m->size);
  char err[1024];
  MlirBlock body = mlirModuleGetBody(m->module);
  size_t n = 0, cap = 16, failed = 0;
  MlirOperation *funcs = malloc(cap * sizeof(MlirOperation));
  if (!funcs)
    abort();
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (xnnMlirIsDelegateFunc(op)) {
      if (n == cap && !(funcs = realloc(funcs, (cap *= 2) * sizeof(MlirOperation))))
        abort();
      funcs[n++] = op;
    }
  bool ok = xnnMlirRuntimePrepareAll(r->rt, funcs, n, &failed, err, sizeof(err));
  if (!ok)
    xnnMlirDiagEnginePrintErrorText(diags, err, mlirOperationGetLocation(n ? funcs[failed] : m->func));
  free(funcs);
  return ok;
}

/* Resident set now and at its peak, in bytes (Linux /proc; 0 elsewhere). */
static void residentBytes(size_t *now, size_t *peak) {
  *now = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  unsigned long pages = 0, resident = 0;
  if (f && fscanf(f, "%lu %lu", &pages, &resident) == 2)
    *now = (size_t)resident * (size_t)sysconf(_SC_PAGESIZE);
  if (f)
    fclose(f);
  /* VmHWM is this program's own peak: getrusage's ru_maxrss keeps, across
   * execve, the resident set of the process that forked it (a large parent,
   * such as a benchmark holding a model, showed as xnn-run's peak). */
  *peak = 0;
  char line[128];
  unsigned long kb;
  if ((f = fopen("/proc/self/status", "r"))) {
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "VmHWM: %lu kB", &kb) == 1)
        *peak = (size_t)kb * 1024;
    fclose(f);
  }
  struct rusage ru;
  if (*peak == 0 && getrusage(RUSAGE_SELF, &ru) == 0)
    *peak = (size_t)ru.ru_maxrss * 1024;
}

static void printMemory(const char *when) {
  size_t now, peak;
  residentBytes(&now, &peak);
  printf("memory: %s: resident %.1f MB, peak %.1f MB\n", when, (double)now / 1e6, (double)peak / 1e6);
}

/* --memory-stats after creation: per delegate in module order, then totals. */
static void printCreateStats(const XnnMlirRuntime *rt) {
  double create = 0, define = 0, pack = 0, cpu = 0;
  size_t widened = 0, released = 0, packed = 0, nd = xnnMlirRuntimeNumDelegates(rt);
  for (size_t j = 0; j < nd; ++j) {
    XnnMlirDelegateStats s;
    xnnMlirRuntimeGetStats(rt, j, &s);
    printf("create: @%s: %.3f ms (build %.3f ms, pack %.3f ms), widened %zu bytes freed after packing (%zu as "
           "soon as packed, at most %zu at once in chunks), mapped %zu bytes released, packed %zu bytes\n",
           s.name, 1e3 * s.createSeconds, 1e3 * s.defineSeconds, 1e3 * s.packSeconds, s.widenedBytes,
           s.freedWhilePackingBytes, s.lazyPeakBytes, s.releasedBytes, s.packedBytes);
    create += s.createSeconds, define += s.defineSeconds, pack += s.packSeconds, cpu += s.createCpuSeconds;
    widened += s.widenedBytes, released += s.releasedBytes, packed += s.packedBytes;
  }
  printf("create: %zu delegates: %.3f ms (build %.3f ms, pack %.3f ms; cpu %.3f ms), widened %zu bytes freed after "
         "packing, mapped %zu bytes released, packed %zu bytes\n",
         nd, 1e3 * create, 1e3 * define, 1e3 * pack, 1e3 * cpu, widened, released, packed);
}

/* Runs `m` on `in`; `donated` (NULL: none) flags inputs handed over to the
 * interpreter (xnnMlirReferenceRunDonating: emptied here, state updated in place). */
static XnnMlirTensor *runModelDonating(Runner *r, XnnMlirDiagEngine *diags, const Model *m, XnnMlirTensor *in,
                                       const bool *donated) {
  XnnMlirTensor *out = calloc(m->numOut + 1, sizeof(XnnMlirTensor));
  if (!out)
    abort();
  char err[1024] = "";
  bool ok;
  if (xnnMlirIsDelegateFunc(m->func) && !r->noXnnpack) {
    MlirType ft = funcType(m);
    ok = true;
    for (size_t i = 0; i < m->numOut && ok; ++i)
      ok = xnnMlirTensorCreateFromType(&out[i], mlirFunctionTypeGetResult(ft, (intptr_t)i));
    ok = ok && xnnMlirRuntimeRun(r->rt, m->func, in, m->numIn, out, m->numOut, err, sizeof(err));
    if (!ok)
      destroyAll(out, m->numOut), out = NULL;
  } else {
    XnnMlirDelegateHook hook = r->noXnnpack ? NULL : xnnMlirRuntimeDelegateHook;
    ok = donated ? xnnMlirReferenceRunDonating(m->func, in, donated, m->numIn, out, m->numOut, hook, r->rt, err,
                                               sizeof(err))
                 : xnnMlirReferenceRun(m->func, in, m->numIn, out, m->numOut, hook, r->rt, err, sizeof(err));
    if (!ok)
      free(out), out = NULL;
  }
  if (!out)
    xnnMlirDiagEnginePrintErrorText(diags, err, mlirOperationGetLocation(m->func));
  return out;
}

static XnnMlirTensor *runModel(Runner *r, XnnMlirDiagEngine *diags, const Model *m, const XnnMlirTensor *in) {
  return runModelDonating(r, diags, m, (XnnMlirTensor *)in, NULL); /* nothing donated: `in` only read */
}

/* ---- output ---------------------------------------------------------------- */

/* Prints "<what> <i>: dtype[dims] = [values]", with " (state 'name')" after
 * the index for a state result. */
static void printTensor(const char *what, size_t i, const char *stateName, const XnnMlirTensor *t) {
  char s[256];
  shapeStr(t, s, sizeof(s));
  int64_t n = xnnMlirTensorNumElements(t), shown = n < 64 ? n : 64;
  printf("%s %zu", what, i);
  if (stateName)
    printf(" (state '%s')", stateName);
  printf(": %s = [", s);
  for (int64_t k = 0; k < shown; ++k) {
    float v = xnnMlirTensorGetF32(t, k);
    if (t->dtype == XNN_MLIR_I64 || t->dtype == XNN_MLIR_I32 || t->dtype == XNN_MLIR_I1 ||
        t->dtype == XNN_MLIR_I8) {
      long long iv = 0;
      if (t->dtype == XNN_MLIR_I64)
        memcpy(&iv, (char *)t->data + 8 * k, 8);
      else if (t->dtype == XNN_MLIR_I32) {
        int32_t x;
        memcpy(&x, (char *)t->data + 4 * k, 4);
        iv = x;
      } else if (t->dtype == XNN_MLIR_I8)
        iv = ((signed char *)t->data)[k];
      else
        iv = ((unsigned char *)t->data)[k];
      printf("%s%lld", k ? ", " : "", iv);
    } else {
      printf("%s%.8g", k ? ", " : "", (double)v);
    }
  }
  if (shown < n)
    printf(", ... (%lld values)", (long long)n);
  printf("]\n");
}

static bool writeAll(const char *dir, const char *what, const XnnMlirTensor *ts, size_t n) {
  char err[1024], path[4096];
  for (size_t i = 0; i < n; ++i) {
    int len = snprintf(path, sizeof(path), "%s/%s_%zu.npy", dir, what, i);
    if (len < 0 || (size_t)len >= sizeof(path)) {
      fprintf(stderr, TOOL ": error: output path too long in '%s'\n", dir);
      return false;
    }
    if (!xnnNpyWrite(path, &ts[i], err, sizeof(err))) {
      fprintf(stderr, TOOL ": error: %s\n", err);
      return false;
    }
  }
  return true;
}

/* ---- compare ---------------------------------------------------------------- */

/* torch.testing.assert_close's default (rtol, atol) per dtype; the flags override. */
static void tolerances(XnnMlirDType t, const Options *o, double *atol, double *rtol) {
  double a = 0, r = 0;
  switch (t) {
  case XNN_MLIR_F32: a = 1e-5, r = 1.3e-6; break;
  case XNN_MLIR_F16: a = 1e-5, r = 1e-3; break;
  case XNN_MLIR_BF16: a = 1e-5, r = 1.6e-2; break;
  default: break;
  }
  *atol = o->atolSet ? o->atol : a;
  *rtol = o->rtolSet ? o->rtol : r;
}

/* Indices of the 5 largest elements of the row at `base` (ties: the lower index first). */
static void top5(const XnnMlirTensor *t, int64_t base, int64_t last, int64_t out[5]) {
  for (int j = 0; j < 5; ++j)
    out[j] = -1;
  for (int64_t k = 0; k < last; ++k) {
    double v = xnnMlirTensorGetF32(t, base + k);
    for (int j = 0; j < 5; ++j) {
      if (out[j] < 0 || v > xnnMlirTensorGetF32(t, base + out[j])) {
        for (int m = 4; m > j; --m)
          out[m] = out[m - 1];
        out[j] = k;
        break;
      }
    }
  }
}

static bool sameSet5(const int64_t a[5], const int64_t b[5]) {
  for (int i = 0; i < 5; ++i) {
    bool found = false;
    for (int j = 0; j < 5; ++j)
      found |= a[i] == b[j];
    if (!found)
      return false;
  }
  return true;
}

/* Compares outputs a against b; each line starts with `prefix` ("" or "step <s>: "). */
static bool compareOutputs(const XnnMlirTensor *a, const XnnMlirTensor *b, size_t n, const Options *o,
                           const char *prefix) {
  bool allOk = true;
  for (size_t i = 0; i < n; ++i) {
    char sa[256], sb[256];
    shapeStr(&a[i], sa, sizeof(sa));
    shapeStr(&b[i], sb, sizeof(sb));
    if (!sameShape(&a[i], &b[i])) {
      printf("%soutput %zu: MISMATCH: %s vs %s\n", prefix, i, sa, sb);
      allOk = false;
      continue;
    }
    int64_t count = xnnMlirTensorNumElements(&a[i]);
    double atol, rtol;
    tolerances(b[i].dtype, o, &atol, &rtol);
    double maxAbs = 0, maxRel = 0;
    int64_t bad = 0, nanOnlyA = 0, nanOnlyB = 0;
    for (int64_t k = 0; k < count; ++k) {
      double x = xnnMlirTensorGetF32(&a[i], k), y = xnnMlirTensorGetF32(&b[i], k);
      if (isnan(x) && isnan(y))
        continue;
      nanOnlyA += isnan(x) && !isnan(y);
      nanOnlyB += isnan(y) && !isnan(x);
      double d = (isnan(x) || isnan(y)) ? INFINITY : x == y ? 0.0 : fabs(x - y);
      if (d > maxAbs)
        maxAbs = d;
      if (y != 0 && d / fabs(y) > maxRel)
        maxRel = d / fabs(y);
      if (d > 0 && !(d <= atol + rtol * fabs(y))) /* equal infinities pass, also with rtol 0 (0 * inf) */
        ++bad;
    }
    bool bitwise = !memcmp(a[i].data, b[i].data, xnnMlirTensorNumBytes(&a[i]));
    /* argmax over the last dimension, row by row (first maximum wins) */
    int64_t last = a[i].rank ? a[i].dims[a[i].rank - 1] : 1, rows = last ? count / last : 0, same = 0;
    int64_t sameTop5 = 0;
    for (int64_t r = 0; r < rows && last >= 5; ++r) {
      int64_t ta[5], tb[5];
      top5(&a[i], r * last, last, ta);
      top5(&b[i], r * last, last, tb);
      sameTop5 += sameSet5(ta, tb);
    }
    for (int64_t r = 0; r < rows; ++r) {
      int64_t ia = 0, ib = 0;
      for (int64_t k = 1; k < last; ++k) {
        if (xnnMlirTensorGetF32(&a[i], r * last + k) > xnnMlirTensorGetF32(&a[i], r * last + ia))
          ia = k;
        if (xnnMlirTensorGetF32(&b[i], r * last + k) > xnnMlirTensorGetF32(&b[i], r * last + ib))
          ib = k;
      }
      same += ia == ib;
    }
    char top[96] = "";
    if (last >= 5)
      snprintf(top, sizeof top, ", top-5 equal in %lld of %lld", (long long)sameTop5, (long long)rows);
    printf("%soutput %zu: %s max_abs=%.6g max_rel=%.6g bitwise=%s argmax equal in %lld of %lld rows%s%s\n", prefix, i, sa,
           maxAbs, maxRel, bitwise ? "equal" : "differ", (long long)same, (long long)rows, top, bad ? "" : " ok");
    /* XNNPACK's maximum/minimum drop a NaN operand where ATen propagates it
     * (README, "Known deviations"): say so rather than leave a bare inf. */
    if (nanOnlyA || nanOnlyB)
      printf("%soutput %zu: NaN differs: %lld elements NaN only in the first module, %lld only in the "
             "second\n", prefix, i, (long long)nanOnlyA, (long long)nanOnlyB);
    if (bad) {
      printf("%soutput %zu: FAIL: %lld of %lld elements exceed atol=%g + rtol=%g * |ref|\n", prefix, i, (long long)bad,
             (long long)count, atol, rtol);
      allOk = false;
    }
  }
  return allOk;
}

static int cmpDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double median(double *v, size_t n) {
  qsort(v, n, sizeof(double), cmpDouble);
  return n ? (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2])) : 0;
}

/* ---- steps ------------------------------------------------------------------ */

static bool writeText(const char *dir, const char *name, const char *text) {
  char path[4096], err[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  if (xnnWriteOutputFile(path, text, strlen(text), err, sizeof err))
    return true;
  fprintf(stderr, TOOL ": error: %s\n", err);
  return false;
}

/* state.txt: one line "output_<i>.npy <name>" per state result, what
 * --state-from reads back. */
static bool writeStateManifest(const char *dir, const StateMap *sm) {
  XnnStrBuf b = {0};
  for (size_t j = 0; j < sm->numState; ++j)
    xnnStrBufAppendf(&b, "output_%zu.npy %s\n", sm->fromResult[j], sm->argName[j]);
  bool ok = writeText(dir, "state.txt", b.data ? b.data : "");
  xnnStrBufFree(&b);
  return ok;
}

/* Moves the state results of `out` into the state arguments of `in` (no
 * copy): the previous state is freed, the moved results are left empty. */
static void feedState(const StateMap *sm, XnnMlirTensor *in, XnnMlirTensor *out) {
  for (size_t j = 0; j < sm->numState; ++j) {
    XnnMlirTensor *a = &in[sm->numUserIn + j], *res = &out[sm->fromResult[j]];
    xnnMlirTensorDestroy(a);
    *a = *res;
    res->data = NULL;
  }
}

/* Runs o->steps calls of `m` from the step-0 arguments `in` (owned, updated
 * in place), feeding state, tokens and positions; with `other`, runs it in
 * the same loop on the same user inputs (its own state) and compares every
 * result of every step. The state is handed to each call (updated in place
 * where it is written, as a program's decode loop would). Returns the exit status. */
static int runSteps(Runner *r, XnnMlirDiagEngine *diags, const Model *m, const StateMap *sm, const Model *other,
                    const StateMap *smB, const Options *o, XnnMlirTensor *in) {
  int status = 1;
  bool compareOk = true;
  XnnMlirTensor *out = NULL, *outB = NULL, *argsB = NULL;
  XnnStrBuf tokens = {0};
  int64_t token = 0, nextPos = 0;
  char dir[4096], text[64], prefix[64], what[96];
  bool *fed = calloc(m->numIn + 1, sizeof(bool));
  bool *donated = calloc(m->numIn + 1, sizeof(bool));
  if (!fed || !donated)
    abort();
  for (size_t i = sm->numUserIn; i < m->numIn; ++i)
    donated[i] = true;
  if (o->greedyArg >= 0)
    fed[o->greedyArg] = true;
  if (o->positionArg >= 0)
    fed[o->positionArg] = true;
  if (other) { /* user inputs shared with `in` (not owned), its own state (owned) */
    argsB = calloc(m->numIn + 1, sizeof(XnnMlirTensor));
    if (!argsB)
      abort();
    for (size_t i = sm->numUserIn; i < m->numIn; ++i)
      if (!clone(&argsB[i], &in[i]))
        abort();
  }
  if (o->outputDir)
    mkdir(o->outputDir, 0777);
  bool print = o->print || (!o->outputDir && !other);
  if (other)
    printf("compare %s against %s (@%s, %zu outputs, %ld steps)\n", o->model, o->compare, o->func, m->numOut,
           o->steps);
  for (long s = 0; s < o->steps; ++s) {
    snprintf(prefix, sizeof prefix, "step %ld: ", s);
    if (s > 0) {
      feedState(sm, in, out);
      destroyAll(out, m->numOut), out = NULL;
      if (other) {
        feedState(smB, argsB, outB);
        destroyAll(outB, other->numOut), outB = NULL;
      }
      if (o->stepInputs && !readStepInputs(o, sm, s, fed, in))
        goto done;
      if (o->greedyArg >= 0)
        setInt(&in[o->greedyArg], 0, token);
      if (o->positionArg >= 0)
        for (int64_t k = 0; k < xnnMlirTensorNumElements(&in[o->positionArg]); ++k)
          setInt(&in[o->positionArg], k, (int64_t)((uint64_t)nextPos + (uint64_t)k));
    }
    if (print)
      for (size_t i = 0; i < sm->numUserIn; ++i)
        if (fed[i]) {
          snprintf(what, sizeof what, "%sinput", prefix);
          printTensor(what, i, NULL, &in[i]);
        }
    if (o->outputDir && s == 0 && !writeAll(o->outputDir, "input", in, m->numIn))
      goto done;
    xnnMlirDiagEngineSetSource(diags, m->path, m->buffer, m->size);
    double t0 = now(), c0 = cpuNow();
    if (!(out = runModelDonating(r, diags, m, in, donated)))
      goto done;
    if (o->memoryStats)
      printf("%stime %.3f ms (cpu %.3f ms)\n", prefix, 1e3 * (now() - t0), 1e3 * (cpuNow() - c0));
    if (o->greedyArg >= 0) {
      token = lastRowArgmax(&out[o->greedyResult]);
      xnnStrBufAppendf(&tokens, "%s%lld", s ? " " : "", (long long)token);
    }
    if (o->positionArg >= 0) {
      const XnnMlirTensor *p = &in[o->positionArg];
      nextPos = (int64_t)((uint64_t)getInt(p, xnnMlirTensorNumElements(p) - 1) + 1);
    }
    if (o->outputDir && o->stepsSet) {
      snprintf(dir, sizeof dir, "%s/step_%ld", o->outputDir, s);
      mkdir(dir, 0777);
      if (!writeAll(dir, "input", in, sm->numUserIn) || !writeAll(dir, "output", out, sm->numUserOut))
        goto done;
    }
    if (print) {
      snprintf(what, sizeof what, "%soutput", prefix);
      for (size_t i = 0; i < sm->numUserOut; ++i)
        printTensor(what, i, NULL, &out[i]);
    }
    if (other) {
      for (size_t i = 0; i < sm->numUserIn; ++i)
        argsB[i] = in[i]; /* shared, not owned */
      xnnMlirDiagEngineSetSource(diags, other->path, other->buffer, other->size);
      outB = runModelDonating(r, diags, other, argsB, donated);
      for (size_t i = 0; i < sm->numUserIn; ++i)
        argsB[i].data = NULL;
      if (!outB)
        goto done;
      compareOk = compareOutputs(out, outB, m->numOut, o, prefix) && compareOk;
    }
  }
  if (print)
    for (size_t k = sm->numUserOut; k < m->numOut; ++k)
      printTensor("final output", k, resultStateName(sm, k), &out[k]);
  if (o->greedyArg >= 0)
    printf("tokens: %s\n", tokens.data ? tokens.data : "");
  if (o->outputDir) {
    if (!writeAll(o->outputDir, "output", out, m->numOut) || (sm->numState && !writeStateManifest(o->outputDir, sm)))
      goto done;
    xnnStrBufAppendCStr(&tokens, "\n");
    if (o->greedyArg >= 0 && !writeText(o->outputDir, "tokens.txt", tokens.data))
      goto done;
    snprintf(text, sizeof text, "%lld\n", (long long)nextPos);
    if (o->positionArg >= 0 && !writeText(o->outputDir, "position.txt", text))
      goto done;
  }
  status = compareOk ? 0 : 1;
done:
  destroyAll(out, m->numOut);
  if (other)
    destroyAll(outB, other->numOut);
  destroyAll(argsB, m->numIn); /* user slots are empty: only its state is owned */
  xnnStrBufFree(&tokens);
  free(fed);
  free(donated);
  return status;
}

/* ---- main ------------------------------------------------------------------ */

static bool matchFlag(const char *arg, const char *name, const char **value) {
  const char *a = arg;
  if (a[0] != '-')
    return false;
  a += a[1] == '-' ? 2 : 1;
  size_t n = strlen(name);
  if (strncmp(a, name, n))
    return false;
  if (!a[n]) {
    *value = NULL;
    return true;
  }
  if (a[n] == '=') {
    *value = a + n + 1;
    return true;
  }
  return false;
}

static bool parseNumber(const char *flag, const char *v, double lo, double *out) {
  char *end;
  errno = 0;
  double d = v ? strtod(v, &end) : 0;
  if (!v || end == v || *end || errno || !(d >= lo)) {
    fprintf(stderr, TOOL ": error: --%s needs a number >= %g, got '%s'\n", flag, lo, v ? v : "");
    return false;
  }
  *out = d;
  return true;
}

/* Returns 0 to run, 1 on a usage error, 2 after --help/--version. */
static int parseArgs(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof(*o));
  o->func = "forward";
  o->repeat = 1, o->threads = 1, o->steps = 1, o->packChunkBytes = -1;
  o->greedyResult = o->greedyArg = o->positionArg = -1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = NULL;
    double d;
    /* flags taking a value accept both --flag=value and --flag value */
#define VALUE()                                                                                        \
  do {                                                                                                 \
    if (!v && i + 1 < argc)                                                                            \
      v = argv[++i];                                                                                   \
  } while (0)
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printHelp();
      return 2;
    } else if (!strcmp(a, "--version")) {
      xnnMlirPrintVersion(TOOL, stdout);
      printf("  reference interpreter: yes\n");
      return 2;
    } else if (matchFlag(a, "func", &v)) {
      VALUE();
      o->func = v;
    } else if (matchFlag(a, "seed", &v)) {
      VALUE();
      if (!parseNumber("seed", v, 0, &d))
        return 1;
      o->seed = (uint64_t)d;
    } else if (matchFlag(a, "input", &v)) {
      VALUE();
      o->inputs = v;
    } else if (matchFlag(a, "output-dir", &v)) {
      VALUE();
      o->outputDir = v;
    } else if (matchFlag(a, "compare", &v)) {
      VALUE();
      o->compare = v;
    } else if (matchFlag(a, "atol", &v)) {
      VALUE();
      if (!parseNumber("atol", v, 0, &o->atol))
        return 1;
      o->atolSet = true;
    } else if (matchFlag(a, "rtol", &v)) {
      VALUE();
      if (!parseNumber("rtol", v, 0, &o->rtol))
        return 1;
      o->rtolSet = true;
    } else if (matchFlag(a, "repeat", &v)) {
      VALUE();
      if (!parseNumber("repeat", v, 1, &d) || d > 1e7)
        return 1;
      o->repeat = (long)d;
    } else if (matchFlag(a, "threads", &v)) {
      VALUE();
      if (!parseNumber("threads", v, 1, &d) || d > 1024)
        return 1;
      o->threads = (long)d;
    } else if (matchFlag(a, "steps", &v)) {
      VALUE();
      if (!parseNumber("steps", v, 1, &d))
        return 1;
      if (d > 1e9 || d != floor(d)) {
        fprintf(stderr, TOOL ": error: --steps needs a whole number up to 1e9, got '%s'\n", v);
        return 1;
      }
      o->steps = (long)d, o->stepsSet = true;
    } else if (matchFlag(a, "state-init", &v)) {
      VALUE();
      if (!v || (strcmp(v, "input") && strcmp(v, "zeros"))) {
        fprintf(stderr, TOOL ": error: --state-init needs 'input' or 'zeros', got '%s'\n", v ? v : "");
        return 1;
      }
      o->stateZeros = !strcmp(v, "zeros");
    } else if (matchFlag(a, "state-from", &v)) {
      VALUE();
      o->stateFrom = v;
    } else if (matchFlag(a, "step-inputs", &v)) {
      VALUE();
      o->stepInputs = v;
    } else if (matchFlag(a, "greedy-feed", &v)) {
      VALUE();
      char *end1 = NULL, *end2 = NULL;
      errno = 0;
      long r = v && *v >= '0' && *v <= '9' ? strtol(v, &end1, 10) : -1;
      long g = r >= 0 && *end1 == ':' && end1[1] >= '0' && end1[1] <= '9' ? strtol(end1 + 1, &end2, 10) : -1;
      if (g < 0 || *end2 || errno) {
        fprintf(stderr, TOOL ": error: --greedy-feed needs <result>:<argument> (two indices, e.g. 0:0), "
                "got '%s'\n", v ? v : "");
        return 1;
      }
      o->greedyResult = r, o->greedyArg = g;
    } else if (matchFlag(a, "position-arg", &v)) {
      VALUE();
      char *end = NULL;
      errno = 0;
      long p = v && *v >= '0' && *v <= '9' ? strtol(v, &end, 10) : -1;
      if (p < 0 || *end || errno) {
        fprintf(stderr, TOOL ": error: --position-arg needs an argument index, got '%s'\n", v ? v : "");
        return 1;
      }
      o->positionArg = p;
    } else if (matchFlag(a, "print", &v) && !v) {
      o->print = true;
    } else if (matchFlag(a, "profile", &v) && !v) {
      o->profile = true;
    } else if (matchFlag(a, "memory-stats", &v) && !v) {
      o->memoryStats = true;
    } else if (matchFlag(a, "pack-chunk-bytes", &v)) {
      if (!parseNumber("pack-chunk-bytes", v, 0, &o->packChunkBytes))
        return 1;
    } else if (matchFlag(a, "no-xnnpack", &v) && !v) {
      o->noXnnpack = true;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, TOOL ": error: unknown option '%s'\nTry: '" TOOL " --help'\n", a);
      return 1;
    } else if (o->model) {
      fprintf(stderr, TOOL ": error: more than one model ('%s' and '%s')\n", o->model, a);
      return 1;
    } else {
      o->model = a;
    }
#undef VALUE
  }
  if (!o->model) {
    fprintf(stderr, TOOL ": error: no model given\nTry: '" TOOL " --help'\n");
    return 1;
  }
  if (!o->func || !o->func[0] || (o->outputDir && !o->outputDir[0])) {
    fprintf(stderr, TOOL ": error: --func and --output-dir need a value\n");
    return 1;
  }
  if ((o->stateFrom && !o->stateFrom[0]) || (o->stepInputs && !o->stepInputs[0])) {
    fprintf(stderr, TOOL ": error: --state-from and --step-inputs need a directory\n");
    return 1;
  }
  if (o->stateFrom && o->stateZeros) {
    fprintf(stderr, TOOL ": error: --state-from and --state-init=zeros both give the initial state\n");
    return 1;
  }
  if (o->steps > 1 && (o->repeat > 1 || o->profile)) {
    fprintf(stderr, TOOL ": error: --repeat and --profile time one call; they do not combine with --steps\n");
    return 1;
  }
  return 0;
}

static int toolMain(int argc, char **argv) {
  Options o;
  int rc = parseArgs(argc, argv, &o);
  if (rc)
    return rc == 2 ? 0 : 1;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus > 0 && o.threads > cpus)
    fprintf(stderr, TOOL ": warning: --threads %ld exceeds the %ld online CPUs; XNNPACK's pool then runs "
                    "orders of magnitude slower\n", o.threads, cpus);
  MlirContext ctx = mlirContextCreateWithThreading(false);
  XnnMlirDiagEngine *diags = xnnMlirDiagEngineCreate(ctx, stderr);
  int status = 1;
  Model m, other;
  memset(&m, 0, sizeof(m));
  memset(&other, 0, sizeof(other));
  XnnMlirTensor *in = NULL, *out = NULL, *ref = NULL;
  StateMap sm, smB;
  memset(&sm, 0, sizeof sm);
  memset(&smB, 0, sizeof smB);
  char err[1024];
  Runner r = {NULL, o.noXnnpack};
  if (mlirLogicalResultIsFailure(xnnMlirLoadDialects(ctx)))
    goto done;
  if (!(r.rt = xnnMlirRuntimeCreate((size_t)o.threads, err, sizeof(err)))) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    goto done;
  }
  xnnMlirRuntimeSetProfiling(r.rt, o.profile);
  if (o.packChunkBytes >= 0)
    xnnMlirRuntimeSetPackChunkBytes(r.rt, (size_t)o.packChunkBytes);
  if (!loadModel(ctx, diags, o.model, o.func, &m))
    goto done;
  if (o.memoryStats)
    printMemory("after load");
  if (!prepareModel(&r, diags, &m))
    goto done;
  if (o.memoryStats) {
    printCreateStats(r.rt);
    printMemory("after create");
  }
  if (o.compare && (!loadModel(ctx, diags, o.compare, o.func, &other) || !prepareModel(&r, diags, &other)))
    goto done;
  if (o.compare) {
    MlirType a = funcType(&m), b = funcType(&other);
    bool same = m.numIn == other.numIn && m.numOut == other.numOut;
    for (size_t i = 0; same && i < m.numIn; ++i)
      same = mlirTypeEqual(mlirFunctionTypeGetInput(a, (intptr_t)i), mlirFunctionTypeGetInput(b, (intptr_t)i));
    if (!same) {
      fprintf(stderr, TOOL ": error: @%s of %s and of %s take different inputs\n", o.func, o.model, o.compare);
      goto done;
    }
  }
  xnnMlirDiagEngineSetSource(diags, m.path, m.buffer, m.size);
  if (!xnnMlirStateMapGet(m.func, &sm) || !checkFeeds(&m, &sm, &o))
    goto done;
  bool stepped = o.stepsSet || o.stepInputs || o.greedyResult >= 0 || o.positionArg >= 0;
  if (o.compare && stepped) {
    xnnMlirDiagEngineSetSource(diags, other.path, other.buffer, other.size);
    if (!xnnMlirStateMapGet(other.func, &smB))
      goto done;
    if (smB.numUserIn != sm.numUserIn || other.numOut != m.numOut || smB.numUserOut != sm.numUserOut) {
      fprintf(stderr, TOOL ": error: @%s of %s and of %s differ in their user inputs, outputs or state\n",
              o.func, o.model, o.compare);
      goto done;
    }
    xnnMlirDiagEngineSetSource(diags, m.path, m.buffer, m.size);
  }
  if (!(in = makeInputs(diags, &m, &o, o.stateFrom || o.stateZeros ? sm.numUserIn : m.numIn)))
    goto done;
  for (size_t i = sm.numUserIn; o.stateZeros && i < m.numIn; ++i)
    memset(in[i].data, 0, xnnMlirTensorNumBytes(&in[i]));
  bool *carried = calloc(m.numIn + 1, sizeof(bool));
  if (!carried)
    abort();
  bool inputsOk = (!o.stateFrom || stateFromDir(diags, &m, &sm, &o, in, carried)) &&
                  (!o.stepInputs || o.inputs || readStepInputs(&o, &sm, 0, carried, in));
  free(carried);
  if (!inputsOk)
    goto done;
  if (stepped) {
    status = runSteps(&r, diags, &m, &sm, o.compare ? &other : NULL, &smB, &o, in);
    goto done;
  }
  double runStart = now();
  if (!(out = runModel(&r, diags, &m, in)))
    goto done;
  if (o.memoryStats)
    printf("run: %.3f ms\n", 1e3 * (now() - runStart));
  if (o.repeat > 1 || o.profile) {
    size_t nd = xnnMlirRuntimeNumDelegates(r.rt);
    double *total = calloc((size_t)o.repeat, sizeof(double));
    double *per = calloc((size_t)o.repeat * (nd + 1), sizeof(double));
    double *prev = calloc(nd + 1, sizeof(double));
    if (!total || !per || !prev)
      abort();
    xnnMlirRuntimeResetStats(r.rt);
    bool ok = true;
    for (long k = 0; k < o.repeat && ok; ++k) {
      double t0 = now();
      XnnMlirTensor *again = runModel(&r, diags, &m, in);
      total[k] = now() - t0;
      ok = again != NULL;
      destroyAll(again, m.numOut);
      for (size_t j = 0; j < nd; ++j) {
        XnnMlirDelegateStats s;
        xnnMlirRuntimeGetStats(r.rt, j, &s);
        per[(size_t)k * nd + j] = s.runSeconds - prev[j];
        prev[j] = s.runSeconds;
      }
    }
    if (ok) {
      double mn = total[0], mx = total[0];
      for (long k = 1; k < o.repeat; ++k)
        mn = total[k] < mn ? total[k] : mn, mx = total[k] > mx ? total[k] : mx;
      printf("time: median %.3f ms per run over %ld runs (min %.3f, max %.3f), %ld thread%s\n",
             1e3 * median(total, (size_t)o.repeat), o.repeat, 1e3 * mn, 1e3 * mx, o.threads,
             o.threads == 1 ? "" : "s");
      double *col = calloc((size_t)o.repeat, sizeof(double));
      if (!col)
        abort();
      for (size_t j = 0; j < nd; ++j) {
        XnnMlirDelegateStats s;
        xnnMlirRuntimeGetStats(r.rt, j, &s);
        for (long k = 0; k < o.repeat; ++k)
          col[k] = per[(size_t)k * nd + j];
        printf("delegate @%s: median %.3f ms per run, %zu nodes, %.2f calls per run, created in %.3f ms\n", s.name,
               1e3 * median(col, (size_t)o.repeat), s.numNodes, (double)s.calls / (double)o.repeat,
               1e3 * s.createSeconds);
      }
      free(col);
      if (o.profile && !printProfile(r.rt, o.repeat))
        abort();
    }
    free(total);
    free(per);
    free(prev);
    if (!ok)
      goto done;
  }
  if (o.outputDir) {
    mkdir(o.outputDir, 0777);
    if (!writeAll(o.outputDir, "input", in, m.numIn) || !writeAll(o.outputDir, "output", out, m.numOut) ||
        (sm.numState && !writeStateManifest(o.outputDir, &sm)))
      goto done;
  }
  if (o.print || (!o.outputDir && !o.compare))
    for (size_t i = 0; i < m.numOut; ++i)
      printTensor("output", i, resultStateName(&sm, i), &out[i]);
  status = 0;
  if (o.compare) {
    xnnMlirDiagEngineSetSource(diags, other.path, other.buffer, other.size);
    if (!(ref = runModel(&r, diags, &other, in))) {
      status = 1;
      goto done;
    }
    printf("compare %s against %s (@%s, %zu outputs)\n", o.model, o.compare, o.func, m.numOut);
    if (!compareOutputs(out, ref, m.numOut, &o, ""))
      status = 1;
  }
done:
  if (o.memoryStats && status == 0)
    printMemory("at exit");
  destroyAll(in, m.numIn);
  destroyAll(out, m.numOut);
  destroyAll(ref, other.numOut);
  freeStateMap(&sm);
  freeStateMap(&smB);
  xnnMlirRuntimeDestroy(r.rt);
  freeModel(&m);
  freeModel(&other);
  xnnMlirDiagEngineDestroy(diags);
  mlirContextDestroy(ctx);
  free(m.buffer);
  free(other.buffer);
  return status;
}

/* Everything recursive over the input (parse, verify, passes, print, destroy)
 * runs on a large stack, so deep nesting is an error, not a crash
 * (xnnmlir/Stack.h). */
int main(int argc, char **argv) { return xnnMainWithLargeStack(toolMain, argc, argv); }
