/* xnn-run: executes a module's function (@forward by default) on seeded
 * random or .npy inputs: portable ops through the reference interpreter
 * (Reference.h), delegate calls through the live XNNPACK runtime
 * (Runtime.h). Writes or prints the outputs, compares two modules, times
 * repeated runs (SPEC section 5). */
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
  bool print, noXnnpack, profile;
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
         "  --no-xnnpack           Interpret delegate bodies in the reference interpreter instead\n"
         "  --version              Print the version and whether the reference interpreter is built in\n"
         "  --help, -h             This text\n\n"
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

/* Inputs of `m`: from .npy files or seeded random values. */
static XnnMlirTensor *makeInputs(XnnMlirDiagEngine *diags, const Model *m, const Options *o) {
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
    if (!o->inputs) {
      fillRandom(&want, &state);
      in[i] = want;
      continue;
    }
    if (!file) {
      xnnMlirTensorDestroy(&want);
      fprintf(stderr, TOOL ": error: --input names fewer files than @%s's %zu arguments\n", o->func, m->numIn);
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
    fprintf(stderr, TOOL ": error: --input names more files than @%s's %zu arguments\n", o->func, m->numIn);
    goto fail;
  }
  free(files);
  return in;
fail:
  free(files);
  destroyAll(in, m->numIn);
  return NULL;
}

/* ---- running ------------------------------------------------------------ */

typedef struct Runner {
  XnnMlirRuntime *rt;
  bool noXnnpack;
} Runner;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Builds every delegate's runtime up front, so refusals surface before any run. */
static bool prepareModel(Runner *r, XnnMlirDiagEngine *diags, const Model *m) {
  if (r->noXnnpack)
    return true;
  xnnMlirDiagEngineSetSource(diags, m->path, m->buffer, m->size);
  char err[1024];
  MlirBlock body = mlirModuleGetBody(m->module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (xnnMlirIsDelegateFunc(op) && !xnnMlirRuntimePrepare(r->rt, op, err, sizeof(err))) {
      xnnMlirDiagEnginePrintErrorText(diags, err, mlirOperationGetLocation(op));
      return false;
    }
  return true;
}

static XnnMlirTensor *runModel(Runner *r, XnnMlirDiagEngine *diags, const Model *m, const XnnMlirTensor *in) {
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
    ok = xnnMlirReferenceRun(m->func, in, m->numIn, out, m->numOut, hook, r->rt, err, sizeof(err));
    if (!ok)
      free(out), out = NULL;
  }
  if (!out)
    xnnMlirDiagEnginePrintErrorText(diags, err, mlirOperationGetLocation(m->func));
  return out;
}

/* ---- output ---------------------------------------------------------------- */

static void printTensor(const char *what, size_t i, const XnnMlirTensor *t) {
  char s[256];
  shapeStr(t, s, sizeof(s));
  int64_t n = xnnMlirTensorNumElements(t), shown = n < 64 ? n : 64;
  printf("%s %zu: %s = [", what, i, s);
  for (int64_t k = 0; k < shown; ++k) {
    float v = xnnMlirTensorGetF32(t, k);
    if (t->dtype == XNN_MLIR_I64 || t->dtype == XNN_MLIR_I32 || t->dtype == XNN_MLIR_I1) {
      long long iv = 0;
      if (t->dtype == XNN_MLIR_I64)
        memcpy(&iv, (char *)t->data + 8 * k, 8);
      else if (t->dtype == XNN_MLIR_I32) {
        int32_t x;
        memcpy(&x, (char *)t->data + 4 * k, 4);
        iv = x;
      } else
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
    snprintf(path, sizeof(path), "%s/%s_%zu.npy", dir, what, i);
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

static bool compareOutputs(const XnnMlirTensor *a, const XnnMlirTensor *b, size_t n, const Options *o) {
  bool allOk = true;
  for (size_t i = 0; i < n; ++i) {
    char sa[256], sb[256];
    shapeStr(&a[i], sa, sizeof(sa));
    shapeStr(&b[i], sb, sizeof(sb));
    if (!sameShape(&a[i], &b[i])) {
      printf("output %zu: MISMATCH: %s vs %s\n", i, sa, sb);
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
    printf("output %zu: %s max_abs=%.6g max_rel=%.6g bitwise=%s argmax equal in %lld of %lld rows%s%s\n", i, sa,
           maxAbs, maxRel, bitwise ? "equal" : "differ", (long long)same, (long long)rows, top, bad ? "" : " ok");
    /* XNNPACK's maximum/minimum drop a NaN operand where ATen propagates it
     * (README, "Known deviations"): say so rather than leave a bare inf. */
    if (nanOnlyA || nanOnlyB)
      printf("output %zu: NaN differs: %lld elements NaN only in the first module, %lld only in the "
             "second\n", i, (long long)nanOnlyA, (long long)nanOnlyB);
    if (bad) {
      printf("output %zu: FAIL: %lld of %lld elements exceed atol=%g + rtol=%g * |ref|\n", i, (long long)bad,
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
  o->repeat = 1, o->threads = 1;
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
    } else if (matchFlag(a, "print", &v) && !v) {
      o->print = true;
    } else if (matchFlag(a, "profile", &v) && !v) {
      o->profile = true;
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
  char err[1024];
  Runner r = {NULL, o.noXnnpack};
  if (mlirLogicalResultIsFailure(xnnMlirLoadDialects(ctx)))
    goto done;
  if (!(r.rt = xnnMlirRuntimeCreate((size_t)o.threads, err, sizeof(err)))) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    goto done;
  }
  xnnMlirRuntimeSetProfiling(r.rt, o.profile);
  if (!loadModel(ctx, diags, o.model, o.func, &m) || !prepareModel(&r, diags, &m))
    goto done;
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
  if (!(in = makeInputs(diags, &m, &o)))
    goto done;
  xnnMlirDiagEngineSetSource(diags, m.path, m.buffer, m.size);
  if (!(out = runModel(&r, diags, &m, in)))
    goto done;
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
    if (!writeAll(o.outputDir, "input", in, m.numIn) || !writeAll(o.outputDir, "output", out, m.numOut))
      goto done;
  }
  if (o.print || (!o.outputDir && !o.compare))
    for (size_t i = 0; i < m.numOut; ++i)
      printTensor("output", i, &out[i]);
  status = 0;
  if (o.compare) {
    xnnMlirDiagEngineSetSource(diags, other.path, other.buffer, other.size);
    if (!(ref = runModel(&r, diags, &other, in))) {
      status = 1;
      goto done;
    }
    printf("compare %s against %s (@%s, %zu outputs)\n", o.model, o.compare, o.func, m.numOut);
    if (!compareOutputs(out, ref, m.numOut, &o))
      status = 1;
  }
done:
  destroyAll(in, m.numIn);
  destroyAll(out, m.numOut);
  destroyAll(ref, other.numOut);
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
