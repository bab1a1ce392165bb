/* xnn-ref-test: runs a function of an edge-dialect module through the
 * reference interpreter (lib/Reference) on given or seeded random inputs and
 * prints the outputs with full precision, for lit / FileCheck tests. No
 * XNNPACK: delegate functions are interpreted when they hold only edge ops. */
#include "xnnmlir/Diagnostics.h"
#include "xnnmlir/Dialects.h"
#include "xnnmlir/Parse.h"
#include "xnnmlir/Stack.h"
#include "xnnmlir/Reference.h"
#include "xnnmlir/Tensor.h"
#include "xnnmlir/Verifier.h"

#include "Support/FileIO.h"
#include "Support/Float.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOOL "xnn-ref-test"
#define MAX_IO 256

static void printHelp(void) {
  printf("OVERVIEW: runs a func.func of an edge-dialect module on the reference kernels\n"
         "\n"
         "USAGE: " TOOL " [options] <input.mlir | ->\n"
         "\n"
         "OPTIONS:\n"
         "  --func=<name>        Function to run (default: forward)\n"
         "  --input=<values>     Values of the inputs, in order: ';' separates inputs, ',' elements\n"
         "                       (row-major). One value fills the whole input. A value is a number\n"
         "                       (decimal, hex float, inf, nan) or #<hex> raw bits of the input dtype.\n"
         "                       May be repeated; inputs accumulate in order.\n"
         "  --seed=<n>           Random values for the inputs not given (floats uniform in [-1, 1)\n"
         "                       rounded to the dtype, integers in [0, --int-max), i1 0/1)\n"
         "  --int-max=<n>        Exclusive upper bound of random integers (default 8)\n"
         "  --summary            Print element count, non-finite count, min, max and mean per result\n"
         "                       instead of the values\n"
         "  --check-finite       Fail (exit 1) if a float result holds a NaN or an infinity\n"
         "  --bits               Also print raw bits of f32 results (always printed for f16/bf16)\n"
         "  --input-types=<t;t>  Create the inputs with these tensor types instead of the argument\n"
         "                       types (to test the interpreter's input checks)\n"
         "  --num-inputs=<n>     Pass only / as many as n inputs (extra ones are zero-filled copies\n"
         "                       of the last; to test the interpreter's input checks)\n"
         "  --no-verify          Do not verify the module first (the interpreter still verifies\n"
         "                       every op it runs)\n"
         "  --donate=<i,j,...>   Hand these inputs over to the interpreter (xnnMlirReferenceRunDonating)\n"
         "                       and print, per result, 'result #<k> in the buffer of input #<i>'\n"
         "                       when it took a donated buffer (moved or updated in place)\n"
         "  --help               This text\n"
         "\n"
         "OUTPUT: 'result #<i>: <type> = [v, ...]' with values printed with %%.9g (exact for\n"
         "16-bit types), then 'result #<i> bits = [0x..., ...]' for 16-bit floats.\n"
         "EXIT STATUS: 0 on success, 1 on any error (message on stderr).\n");
}

typedef struct Options {
  const char *input;
  const char *func;
  XnnStrBuf values; /* all --input values joined with ';' */
  bool haveValues, haveSeed, summary, checkFinite, bits, verify;
  const char *inputTypes; /* --input-types: ';'-separated tensor types (API error tests) */
  long long numInputs;    /* --num-inputs: inputs passed (API error tests), -1 = all */
  bool donate[MAX_IO];    /* --donate */
  bool donating;
  unsigned long long seed;
  long long intMax;
} Options;

static bool flag(const char *arg, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n))
    return false;
  if (arg[n] == 0) {
    *value = NULL;
    return true;
  }
  if (arg[n] == '=') {
    *value = arg + n + 1;
    return true;
  }
  return false;
}

static int usage(const char *msg, const char *arg) {
  fprintf(stderr, TOOL ": error: %s%s%s\nTry: '" TOOL " --help'\n", msg, arg ? ": " : "", arg ? arg : "");
  return 1;
}

/* ---- random inputs (splitmix64) ------------------------------------------ */
static unsigned long long rngNext(unsigned long long *s) {
  unsigned long long z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void fillRandom(XnnMlirTensor *t, unsigned long long *s, long long intMax) {
  int64_t n = xnnMlirTensorNumElements(t);
  for (int64_t i = 0; i < n; ++i) {
    unsigned long long r = rngNext(s);
    switch (t->dtype) {
    case XNN_MLIR_I64: { int64_t v = (int64_t)(r % (unsigned long long)intMax); memcpy((char *)t->data + 8 * i, &v, 8); break; }
    case XNN_MLIR_I32: { int32_t v = (int32_t)(r % (unsigned long long)intMax); memcpy((char *)t->data + 4 * i, &v, 4); break; }
    case XNN_MLIR_I1: ((unsigned char *)t->data)[i] = (unsigned char)(r & 1); break;
    default: xnnMlirTensorSetF32(t, i, (float)((double)(r >> 11) * 0x1p-52 - 1.0)); break;
    }
  }
}

/* ---- given inputs -------------------------------------------------------- */
/* Stores one textual value into element i; false if malformed. */
static bool storeValue(XnnMlirTensor *t, int64_t i, const char *s, const char *e) {
  char buf[128];
  size_t len = (size_t)(e - s);
  while (len && (*s == ' ' || *s == '\t'))
    ++s, --len;
  while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
    --len;
  if (!len || len >= sizeof buf)
    return false;
  memcpy(buf, s, len);
  buf[len] = 0;
  char *end;
  unsigned char *p = t->data;
  size_t es = xnnMlirDTypeSize(t->dtype);
  if (buf[0] == '#') {
    errno = 0;
    unsigned long long bits = strtoull(buf + 1, &end, 16);
    if (*end || errno || end == buf + 1 || (es < 8 && bits >> (8 * es)))
      return false;
    memcpy(p + (size_t)i * es, &bits, es); /* little-endian */
    return true;
  }
  if (t->dtype == XNN_MLIR_I64 || t->dtype == XNN_MLIR_I32 || t->dtype == XNN_MLIR_I1) {
    errno = 0;
    long long v = strtoll(buf, &end, 0);
    if (*end || errno)
      return false;
    if (t->dtype == XNN_MLIR_I64) {
      int64_t x = v;
      memcpy(p + 8 * i, &x, 8);
    } else if (t->dtype == XNN_MLIR_I32) {
      if (v < INT32_MIN || v > INT32_MAX)
        return false;
      int32_t x = (int32_t)v;
      memcpy(p + 4 * i, &x, 4);
    } else {
      if (v != 0 && v != 1)
        return false;
      p[i] = (unsigned char)v;
    }
    return true;
  }
  double d = strtod(buf, &end);
  if (*end)
    return false;
  float f = (float)d;
  if (t->dtype == XNN_MLIR_F32)
    memcpy(p + 4 * i, &f, 4);
  else
    xnnMlirTensorSetF32(t, i, f);
  return true;
}

/* Fills `t` from the comma-separated list [s, e). */
static bool fillGiven(XnnMlirTensor *t, const char *s, const char *e, size_t which) {
  int64_t n = xnnMlirTensorNumElements(t), count = 1;
  for (const char *q = s; q < e; ++q)
    count += *q == ',';
  if (count != n && count != 1) {
    fprintf(stderr, TOOL ": error: input #%zu has %lld elements, %lld values given\n", which,
            (long long)n, (long long)count);
    return false;
  }
  int64_t i = 0;
  for (const char *q = s;; ++i) {
    const char *c = memchr(q, ',', (size_t)(e - q));
    if (!c)
      c = e;
    if (!storeValue(t, i, q, c)) {
      fprintf(stderr, TOOL ": error: input #%zu: malformed value '%.*s' for %s\n", which, (int)(c - q), q,
              xnnMlirDTypeName(t->dtype));
      return false;
    }
    if (c == e)
      break;
    q = c + 1;
  }
  if (count == 1) {
    size_t es = xnnMlirDTypeSize(t->dtype);
    for (int64_t j = 1; j < n; ++j)
      memcpy((char *)t->data + (size_t)j * es, t->data, es);
  }
  return true;
}

/* ---- printing ------------------------------------------------------------ */
static void printType(MlirType t) {
  XnnStrBuf s = {0};
  mlirTypePrint(t, xnnStrBufCallback, &s);
  fputs(s.data ? s.data : "?", stdout);
  xnnStrBufFree(&s);
}

static void printFloat(double v) {
  if (isnan(v))
    fputs(signbit(v) ? "-nan" : "nan", stdout);
  else if (isinf(v))
    fputs(v < 0 ? "-inf" : "inf", stdout);
  else
    printf("%.9g", v);
}

static size_t printResult(size_t idx, MlirType type, const XnnMlirTensor *t, const Options *o) {
  int64_t n = xnnMlirTensorNumElements(t);
  bool isFloat = t->dtype == XNN_MLIR_F32 || t->dtype == XNN_MLIR_F16 || t->dtype == XNN_MLIR_BF16;
  size_t nonFinite = 0;
  double mn = INFINITY, mx = -INFINITY, sum = 0;
  for (int64_t i = 0; isFloat && i < n; ++i) {
    float v = xnnMlirTensorGetF32(t, i);
    if (!isfinite(v)) {
      ++nonFinite;
      continue;
    }
    mn = v < mn ? v : mn, mx = v > mx ? v : mx, sum += v;
  }
  printf("result #%zu: ", idx);
  printType(type);
  if (o->summary) {
    if (isFloat) {
      printf(": %lld elements, %zu non-finite, min ", (long long)n, nonFinite);
      printFloat(mn);
      printf(", max ");
      printFloat(mx);
      printf(", mean ");
      printFloat(n > (int64_t)nonFinite ? sum / (double)(n - (int64_t)nonFinite) : NAN);
      printf("\n");
    } else {
      printf(": %lld elements\n", (long long)n);
    }
    return nonFinite;
  }
  printf(" = [");
  for (int64_t i = 0; i < n; ++i) {
    if (i)
      printf(", ");
    const unsigned char *p = t->data;
    switch (t->dtype) {
    case XNN_MLIR_I64: { int64_t v; memcpy(&v, p + 8 * i, 8); printf("%lld", (long long)v); break; }
    case XNN_MLIR_I32: { int32_t v; memcpy(&v, p + 4 * i, 4); printf("%d", v); break; }
    case XNN_MLIR_I1: printf("%d", p[i] ? 1 : 0); break;
    default: printFloat(xnnMlirTensorGetF32(t, i)); break;
    }
  }
  printf("]\n");
  size_t es = xnnMlirDTypeSize(t->dtype);
  if (isFloat && (es == 2 || o->bits)) {
    printf("result #%zu bits = [", idx);
    for (int64_t i = 0; i < n; ++i) {
      if (es == 2) {
        uint16_t b;
        memcpy(&b, (const char *)t->data + 2 * i, 2);
        printf("%s0x%04x", i ? ", " : "", b);
      } else {
        uint32_t b;
        memcpy(&b, (const char *)t->data + 4 * i, 4);
        printf("%s0x%08x", i ? ", " : "", b);
      }
    }
    printf("]\n");
  }
  return nonFinite;
}

/* ---- main ---------------------------------------------------------------- */
static MlirOperation findFunc(MlirModule module, const char *name) {
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirIdentifier id = mlirOperationGetName(op);
    if (!xnnStrRefEquals(mlirIdentifierStr(id), "func.func"))
      continue;
    MlirAttribute s = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(s) && mlirAttributeIsAString(s) &&
        xnnStrRefEquals(mlirStringAttrGetValue(s), name))
      return op;
  }
  return (MlirOperation){NULL};
}

static int run(MlirContext ctx, XnnMlirDiagEngine *diags, const Options *o, const char *filename, const char *buffer,
               size_t size) {
  MlirModule module = xnnMlirParseSource(ctx, buffer, size, filename, 1);
  if (mlirModuleIsNull(module))
    return 1;
  int rc = 1;
  XnnMlirTensor inputs[MAX_IO], outputs[MAX_IO];
  size_t nIn = 0, nOut = 0;
  memset(inputs, 0, sizeof inputs);
  memset(outputs, 0, sizeof outputs);
  MlirOperation mop = mlirModuleGetOperation(module);
  if (o->verify && (!mlirOperationVerify(mop) || mlirLogicalResultIsFailure(xnnMlirVerify(mop))))
    goto done;
  MlirOperation func = findFunc(module, o->func);
  if (mlirOperationIsNull(func)) {
    char msg[512];
    snprintf(msg, sizeof msg, "no func.func @%s in the module", o->func);
    xnnMlirDiagEnginePrintError(diags, xnnMlirDiagEngineInputLoc(diags), msg);
    goto done;
  }
  MlirAttribute fta = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("function_type"));
  MlirType ft = mlirTypeAttrGetValue(fta);
  intptr_t na = mlirFunctionTypeGetNumInputs(ft), nr = mlirFunctionTypeGetNumResults(ft);
  if (na > MAX_IO || nr > MAX_IO) {
    fprintf(stderr, TOOL ": error: too many inputs / results\n");
    goto done;
  }
  unsigned long long seed = o->seed;
  const char *vs = o->haveValues ? o->values.data : NULL;
  const char *vend = vs ? vs + o->values.size : NULL;
  const char *types = o->inputTypes;
  for (intptr_t i = 0; i < na; ++i, ++nIn) {
    MlirType t = mlirFunctionTypeGetInput(ft, i);
    if (types && *types) {
      const char *semi = strchr(types, ';');
      size_t len = semi ? (size_t)(semi - types) : strlen(types);
      /* The type parser recurses like the module parser (xnnmlir/Stack.h). */
      if (xnnScanNesting(types, len, xnnNestingLimit()).tooDeep) {
        fprintf(stderr, TOOL ": --input-types entry #%zd nested more than %zu levels deep\n", i,
                xnnNestingLimit());
        goto done;
      }
      t = mlirTypeParseGet(ctx, mlirStringRefCreate(types, len));
      types = semi ? semi + 1 : types + len;
      if (mlirTypeIsNull(t)) {
        fprintf(stderr, TOOL ": error: bad --input-types entry #%zd\n", i);
        goto done;
      }
    }
    if (!xnnMlirTensorCreateFromType(&inputs[i], t)) {
      fprintf(stderr, TOOL ": error: input #%zd: unsupported type\n", i);
      goto done;
    }
    if (vs && vs <= vend) {
      const char *semi = memchr(vs, ';', (size_t)(vend - vs));
      const char *e = semi ? semi : vend;
      if (!fillGiven(&inputs[i], vs, e, (size_t)i)) {
        ++nIn;
        goto done;
      }
      vs = semi ? semi + 1 : vend + 1;
    } else if (o->haveSeed) {
      fillRandom(&inputs[i], &seed, o->intMax);
    } else {
      fprintf(stderr, TOOL ": error: no value for input #%zd (give --input or --seed)\n", i);
      ++nIn;
      goto done;
    }
  }
  if (vs && vs <= vend) {
    fprintf(stderr, TOOL ": error: more --input values than the %zd inputs of @%s\n", na, o->func);
    goto done;
  }
  size_t passIn = nIn;
  if (o->numInputs >= 0) {
    passIn = (size_t)o->numInputs > MAX_IO ? MAX_IO : (size_t)o->numInputs;
    for (; nIn < passIn; ++nIn)
      if (!xnnMlirTensorCreate(&inputs[nIn], nIn ? inputs[nIn - 1].dtype : XNN_MLIR_F32,
                               nIn ? inputs[nIn - 1].rank : 0, nIn ? inputs[nIn - 1].dims : NULL))
        goto done;
  }
  char err[2048] = "";
  const void *donatedData[MAX_IO] = {0};
  for (size_t i = 0; i < passIn; ++i)
    donatedData[i] = o->donate[i] ? inputs[i].data : NULL;
  bool ran = o->donating ? xnnMlirReferenceRunDonating(func, inputs, o->donate, passIn, outputs, (size_t)nr, NULL,
                                                       NULL, err, sizeof err)
                         : xnnMlirReferenceRun(func, inputs, passIn, outputs, (size_t)nr, NULL, NULL, err, sizeof err);
  if (!ran) {
    xnnMlirDiagEnginePrintErrorText(diags, err, mlirOperationGetLocation(func));
    goto done;
  }
  nOut = (size_t)nr;

  size_t nonFinite = 0;
  for (size_t i = 0; i < nOut; ++i)
    nonFinite += printResult(i, mlirFunctionTypeGetResult(ft, (intptr_t)i), &outputs[i], o);
  for (size_t k = 0; k < nOut; ++k)
    for (size_t i = 0; i < passIn; ++i)
      if (donatedData[i] && outputs[k].data == donatedData[i])
        printf("result #%zu in the buffer of input #%zu\n", k, i);
  fflush(stdout);
  if (o->checkFinite && nonFinite) {
    fprintf(stderr, TOOL ": error: %zu non-finite result values\n", nonFinite);
    goto done;
  }
  rc = 0;
done:
  for (size_t i = 0; i < nIn; ++i)
    xnnMlirTensorDestroy(&inputs[i]);
  for (size_t i = 0; i < nOut; ++i)
    xnnMlirTensorDestroy(&outputs[i]);
  mlirModuleDestroy(module);
  return rc;
}

static int toolMain(int argc, char **argv) {
  Options o = {0};
  o.func = "forward";
  o.verify = true;
  o.intMax = 8;
  o.numInputs = -1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printHelp();
      return 0;
    } else if (flag(a, "--func", &v) && v && *v) {
      o.func = v;
    } else if (flag(a, "--input", &v) && v) {
      if (o.haveValues)
        xnnStrBufAppend(&o.values, ";", 1);
      xnnStrBufAppendCStr(&o.values, v);
      if (!o.values.data)
        xnnStrBufAppend(&o.values, "", 0);
      o.haveValues = true;
    } else if (flag(a, "--seed", &v) && v) {
      char *end;
      errno = 0;
      o.seed = strtoull(v, &end, 0);
      if (*end || errno || !*v)
        return usage("bad --seed", v);
      o.haveSeed = true;
    } else if (flag(a, "--int-max", &v) && v) {
      char *end;
      errno = 0;
      o.intMax = strtoll(v, &end, 0);
      if (*end || errno || o.intMax < 1)
        return usage("bad --int-max", v);
    } else if (flag(a, "--input-types", &v) && v) {
      o.inputTypes = v;
    } else if (flag(a, "--num-inputs", &v) && v) {
      char *end;
      errno = 0;
      o.numInputs = strtoll(v, &end, 0);
      if (*end || errno || o.numInputs < 0)
        return usage("bad --num-inputs", v);
    } else if (!strcmp(a, "--summary")) {
      o.summary = true;
    } else if (!strcmp(a, "--check-finite")) {
      o.checkFinite = true;
    } else if (!strcmp(a, "--bits")) {
      o.bits = true;
    } else if (!strcmp(a, "--no-verify")) {
      o.verify = false;
    } else if (flag(a, "--donate", &v) && v && *v) {
      for (const char *p = v; *p;) {
        char *end;
        errno = 0;
        long long k = strtoll(p, &end, 10);
        if (end == p || errno || k < 0 || k >= MAX_IO || (*end && (*end != ',' || !end[1])))
          return usage("bad --donate (input indices separated by ',')", v);
        o.donate[k] = true;
        p = *end ? end + 1 : end;
      }
      o.donating = true;
    } else if (a[0] == '-' && a[1]) {
      return usage("unknown option", a);
    } else if (o.input) {
      return usage("more than one input file", a);
    } else {
      o.input = a;
    }
  }
  if (!o.input)
    return usage("no input file", NULL);
  char err[1024];
  size_t size = 0;
  char *buffer = xnnReadFile(o.input, &size, err, sizeof err);
  if (!buffer) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    xnnStrBufFree(&o.values);
    return 1;
  }
  const char *filename = strcmp(o.input, "-") ? o.input : "<stdin>";
  MlirContext ctx = mlirContextCreateWithThreading(false);
  XnnMlirDiagEngine *diags = xnnMlirDiagEngineCreate(ctx, stderr);
  int rc = 1;
  if (mlirLogicalResultIsFailure(xnnMlirLoadDialects(ctx))) {
    fprintf(stderr, TOOL ": internal error: the embedded dialect definitions do not load\n");
  } else {
    xnnMlirDiagEngineSetSource(diags, filename, buffer, size);
    rc = run(ctx, diags, &o, filename, buffer, size);
  }
  xnnMlirDiagEngineDestroy(diags);
  mlirContextDestroy(ctx);
  free(buffer);
  xnnStrBufFree(&o.values);
  return rc;
}

/* Everything recursive over the input (parse, verify, passes, print, destroy)
 * runs on a large stack, so deep nesting is an error, not a crash
 * (xnnmlir/Stack.h). */
int main(int argc, char **argv) { return xnnMainWithLargeStack(toolMain, argc, argv); }
