/* Constraints of the capability table and the lowering checked against the
 * linked XNNPACK, not by belief.
 *
 * Pool windows. For every window of a grid (kernel, stride, padding,
 * dilation) of an edge pool op: a window the table delegates must come out of
 * xnn-delegate and the live runtime equal to the reference interpreter; a
 * window it refuses must be one the library's own node refuses (define or
 * runtime creation) or computes wrongly, else the table is stricter than the
 * library.
 * Images have one channel, so NCHW and NHWC data are the same bytes; two of
 * them, so a window reading the neighbouring image shows. */
#include "Constraints.h"

#include "Ops/Capability.h"
#include "Ops/VerifyUtil.h"
#include "xnnmlir/Dialects.h"
#include "xnnmlir/Passes.h"
#include "xnnmlir/Parse.h"
#include "xnnmlir/Reference.h"
#include "xnnmlir/Runtime.h"

#include "Support/IR.h"

#include <mlir-c/Pass.h>
#include <xnnpack.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { IMAGES = 2, HEIGHT = 7, WIDTH = 8 };

typedef enum { LIB_OK, LIB_DEFINE, LIB_RUNTIME, LIB_WRONG } LibVerdict;
static const char *verdictName(LibVerdict v) {
  return v == LIB_OK ? "computes it right" : v == LIB_DEFINE ? "refuses the node"
         : v == LIB_RUNTIME ? "refuses the runtime" : "computes it wrongly";
}

/* Runs the XNNPACK node for the window on `in` and compares with `want`. */
static LibVerdict runLibrary(bool isMax, const XnnPoolParams *p, int64_t oh, int64_t ow,
                             const float *in, const float *want) {
  xnn_subgraph_t sg = NULL;
  if (xnn_create_subgraph(2, 0, &sg) != xnn_status_success)
    return LIB_DEFINE;
  const size_t inDims[4] = {IMAGES, HEIGHT, WIDTH, 1}, outDims[4] = {IMAGES, (size_t)oh, (size_t)ow, 1};
  uint32_t x = XNN_INVALID_VALUE_ID, y = XNN_INVALID_VALUE_ID;
  enum xnn_status s = xnn_define_tensor_value(sg, xnn_datatype_fp32, 4, inDims, NULL, 0,
                                              XNN_VALUE_FLAG_EXTERNAL_INPUT, &x);
  if (s == xnn_status_success)
    s = xnn_define_tensor_value(sg, xnn_datatype_fp32, 4, outDims, NULL, 1, XNN_VALUE_FLAG_EXTERNAL_OUTPUT, &y);
  uint32_t ph = (uint32_t)p->padding[0], pw = (uint32_t)p->padding[1];
  /* ceil_mode's overhanging windows: more padding at the bottom and right */
  int64_t needH = (oh - 1) * p->stride[0] + p->dilation[0] * (p->kernel[0] - 1) + 1;
  int64_t needW = (ow - 1) * p->stride[1] + p->dilation[1] * (p->kernel[1] - 1) + 1;
  uint32_t pb = ph + (uint32_t)(needH > HEIGHT + 2 * ph ? needH - HEIGHT - 2 * ph : 0);
  uint32_t pr = pw + (uint32_t)(needW > WIDTH + 2 * pw ? needW - WIDTH - 2 * pw : 0);
  if (s == xnn_status_success)
    s = isMax ? xnn_define_max_pooling_2d(sg, ph, pr, pb, pw, (uint32_t)p->kernel[0], (uint32_t)p->kernel[1],
                                          (uint32_t)p->stride[0], (uint32_t)p->stride[1],
                                          (uint32_t)p->dilation[0], (uint32_t)p->dilation[1], -INFINITY,
                                          INFINITY, x, y, 0)
              : xnn_define_average_pooling_2d(sg, ph, pr, pb, pw, (uint32_t)p->kernel[0],
                                              (uint32_t)p->kernel[1], (uint32_t)p->stride[0],
                                              (uint32_t)p->stride[1], -INFINITY, INFINITY, x, y, 0);
  if (s != xnn_status_success) {
    xnn_delete_subgraph(sg);
    return LIB_DEFINE;
  }
  xnn_runtime_t rt = NULL;
  LibVerdict v = LIB_OK;
  size_t outCount = IMAGES * (size_t)oh * (size_t)ow;
  float *inBuf = calloc(IMAGES * HEIGHT * WIDTH + XNN_EXTRA_BYTES, 1 + sizeof(float));
  float *out = calloc(outCount + XNN_EXTRA_BYTES, sizeof(float));
  if (!inBuf || !out)
    abort();
  memcpy(inBuf, in, IMAGES * HEIGHT * WIDTH * sizeof(float));
  struct xnn_external_value ext[2] = {{x, inBuf}, {y, out}};
  if (xnn_create_runtime_v3(sg, NULL, NULL, 0, &rt) != xnn_status_success ||
      xnn_reshape_runtime(rt) != xnn_status_success || xnn_setup_runtime_v2(rt, 2, ext) != xnn_status_success || xnn_invoke_runtime(rt) != xnn_status_success) {
    v = LIB_RUNTIME;
  } else {
    for (size_t i = 0; i < outCount && v == LIB_OK; ++i) {
      float tol = isMax ? 0.0f : 1e-5f * (1.0f + fabsf(want[i]));
      if (!(fabsf(out[i] - want[i]) <= tol))
        v = LIB_WRONG;
    }
  }
  if (rt)
    xnn_delete_runtime(rt);
  xnn_delete_subgraph(sg);
  free(inBuf);
  free(out);
  return v;
}

/* Runs xnn-delegate on edge module `m` and its first function on `arg`
 * through the live runtime, into `out` (LIB_OK) or a failure verdict. */
static LibVerdict delegateAndRun(MlirContext ctx, MlirModule m, const XnnMlirTensor *arg, XnnMlirTensor *out) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  bool ok = mlirLogicalResultIsSuccess(xnnMlirAddPipeline(
                mlirPassManagerGetAsOpPassManager(pm), mlirStringRefCreateFromCString("xnn-delegate"), NULL, NULL)) &&
            mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)));
  mlirPassManagerDestroy(pm);
  if (!ok)
    return LIB_DEFINE;
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  char err[512];
  /* A runtime per module: runtimes are cached by function, and a later
   * module's function may reuse a freed one's address. */
  XnnMlirRuntime *rt = xnnMlirRuntimeCreate(1, err, sizeof(err));
  bool ran = rt && xnnMlirReferenceRun(func, arg, 1, out, 1, xnnMlirRuntimeDelegateHook, rt, err, sizeof(err));
  if (rt)
    xnnMlirRuntimeDestroy(rt);
  return ran ? LIB_OK : LIB_RUNTIME;
}

/* delegateAndRun, compared with `want` (exactly, or within 1e-5 relative). */
static LibVerdict runDelegated(MlirContext ctx, MlirModule m, const XnnMlirTensor *arg,
                               const XnnMlirTensor *want, bool exact) {
  XnnMlirTensor out;
  LibVerdict v = delegateAndRun(ctx, m, arg, &out);
  if (v != LIB_OK)
    return v;
  for (int64_t i = 0, n = xnnMlirTensorNumElements(want); i < n && v == LIB_OK; ++i) {
    float a = xnnMlirTensorGetF32(&out, i), b = xnnMlirTensorGetF32(want, i);
    if (!(fabsf(a - b) <= (exact ? 0.0f : 1e-5f * (1.0f + fabsf(b)))))
      v = LIB_WRONG;
  }
  xnnMlirTensorDestroy(&out);
  return v;
}

/* A context with both dialects and every pass registered; null on failure. */
static MlirContext probeContext(void) {
  MlirContext ctx = xnnMlirContextCreate(false);
  if (mlirLogicalResultIsFailure(xnnMlirLoadDialects(ctx))) {
    printf("xnn-probe: the dialects do not load\n");
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  xnnMlirRegisterAllPasses();
  return ctx;
}

static void describeWindow(bool isMax, const XnnPoolParams *p, char *buf, size_t n) {
  snprintf(buf, n, "%s kernel %lldx%lld stride %lldx%lld padding %lldx%lld dilation %lldx%lld%s%s divisor %lld",
           isMax ? "max_pool2d" : "avg_pool2d", (long long)p->kernel[0], (long long)p->kernel[1],
           (long long)p->stride[0], (long long)p->stride[1], (long long)p->padding[0], (long long)p->padding[1],
           (long long)p->dilation[0], (long long)p->dilation[1], p->ceilMode ? " ceil_mode" : "",
           p->countIncludePad ? " count_include_pad" : "", (long long)p->divisorOverride);
}

/* One window: the table's verdict against the library's; prints disagreements. */
static bool checkWindow(MlirContext ctx, bool isMax, const XnnPoolParams *p,
                        const float *in, size_t *checked) {
  int64_t oh, ow;
  if (!xnnWindowOutSize(HEIGHT, p->padding[0], 2 * p->padding[0], p->kernel[0], p->stride[0], p->dilation[0],
                        p->ceilMode, &oh) ||
      !xnnWindowOutSize(WIDTH, p->padding[1], 2 * p->padding[1], p->kernel[1], p->stride[1], p->dilation[1],
                        p->ceilMode, &ow))
    return true; /* the window does not fit: not a valid op */
  char attrs[384], text[1024];
  if (isMax)
    snprintf(attrs, sizeof(attrs), "kernel_size = array<i64: %lld, %lld>, stride = array<i64: %lld, %lld>, "
             "padding = array<i64: %lld, %lld>, dilation = array<i64: %lld, %lld>, ceil_mode = %s",
             (long long)p->kernel[0], (long long)p->kernel[1], (long long)p->stride[0], (long long)p->stride[1],
             (long long)p->padding[0], (long long)p->padding[1], (long long)p->dilation[0],
             (long long)p->dilation[1], p->ceilMode ? "true" : "false");
  else {
    char divisor[64] = "";
    if (p->divisorOverride)
      snprintf(divisor, sizeof(divisor), ", divisor_override = %lld : i64", (long long)p->divisorOverride);
    snprintf(attrs, sizeof(attrs), "kernel_size = array<i64: %lld, %lld>, stride = array<i64: %lld, %lld>, "
             "padding = array<i64: %lld, %lld>, ceil_mode = %s, count_include_pad = %s%s",
             (long long)p->kernel[0], (long long)p->kernel[1], (long long)p->stride[0], (long long)p->stride[1],
             (long long)p->padding[0], (long long)p->padding[1], p->ceilMode ? "true" : "false",
             p->countIncludePad ? "true" : "false", divisor);
  }
  char inT[64], outT[64];
  snprintf(inT, sizeof(inT), "tensor<%dx1x%dx%dxf32>", IMAGES, HEIGHT, WIDTH);
  snprintf(outT, sizeof(outT), "tensor<%dx1x%lldx%lldxf32>", IMAGES, (long long)oh, (long long)ow);
  snprintf(text, sizeof(text),
           "func.func @f(%%x: %s) -> %s {\n  %%0 = \"edge.%s\"(%%x) {%s} : (%s) -> %s\n"
           "  return %%0 : %s\n}\n", inT, outT, isMax ? "max_pool2d" : "avg_pool2d", attrs, inT, outT, outT);
  MlirModule m = xnnMlirParseSource(ctx, text, strlen(text), "<pool window>", 1);
  if (mlirModuleIsNull(m)) {
    printf("pool window: cannot build the edge op:\n%s", text);
    return false;
  }
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirOperation op = mlirBlockGetFirstOperation(xnnFuncBody(func));
  XnnPartitionConfig cfg = {.foldDtypeConverts = true};
  XnnReason why;
  bool delegated = xnnCapabilityCheck(op, &cfg, &why);
  XnnMlirTensor arg, ref;
  int64_t inDims[4] = {IMAGES, 1, HEIGHT, WIDTH};
  xnnMlirTensorCreate(&arg, XNN_MLIR_F32, 4, inDims);
  memcpy(arg.data, in, IMAGES * HEIGHT * WIDTH * sizeof(float));
  char err[512], what[160];
  bool ok = true;
  if (!xnnMlirReferenceRunOp(op, &arg, 1, &ref, 1, err, sizeof(err))) {
    printf("pool window: reference interpreter failed: %s\n", err);
    ok = false;
  } else {
    ++*checked;
    LibVerdict v = delegated ? runDelegated(ctx, m, &arg, &ref, isMax)
                             : runLibrary(isMax, p, oh, ow, in, ref.data);
    if (delegated != (v == LIB_OK)) {
      describeWindow(isMax, p, what, sizeof(what));
      if (delegated)
        printf("%s: table delegates, %s  <-- DISAGREE\n", what,
               v == LIB_DEFINE ? "xnn-delegate fails" : v == LIB_RUNTIME ? "the runtime refuses the delegate"
                                                                         : "the delegate computes it wrongly");
      else
        printf("%s: table refuses (%s), library %s  <-- DISAGREE\n", what, why.text, verdictName(v));
      ok = false;
    }
    xnnMlirTensorDestroy(&ref);
  }
  xnnMlirTensorDestroy(&arg);
  mlirModuleDestroy(m);
  return ok;
}

size_t xnnProbeCheckPoolWindows(size_t *checked) {
  MlirContext ctx = probeContext();
  if (mlirContextIsNull(ctx))
    return 1;
  float in[IMAGES * HEIGHT * WIDTH];
  uint32_t state = 12345u; /* distinct values: a wrong window shows */
  for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); ++i) {
    state = state * 1664525u + 1013904223u;
    in[i] = (float)(state >> 8) / (float)(1u << 24) * 2.0f - 1.0f;
  }
  size_t disagreements = 0;
  *checked = 0;
  for (int isMax = 0; isMax < 2; ++isMax)
    for (int64_t kh = 1; kh <= 4; ++kh)
      for (int64_t kw = 1; kw <= 4; ++kw)
        for (int64_t sh = 1; sh <= 4; ++sh)
          for (int64_t sw = 1; sw <= 4; ++sw)
            for (int64_t ph = 0; ph <= kh / 2; ++ph)
              for (int64_t pw = 0; pw <= kw / 2; ++pw)
                for (int64_t dh = 1; dh <= (isMax ? 3 : 1); ++dh)
                  for (int64_t dw = 1; dw <= (isMax ? 3 : 1); ++dw) {
                    XnnPoolParams p = {{kh, kw}, {sh, sw}, {ph, pw}, {dh, dw}, false, true, 0};
                    disagreements += !checkWindow(ctx, isMax, &p, in, checked);
                    /* avg_pool2d's options: padding not counted, ceil_mode's
                     * overhang, a divisor_override of the window's size and of
                     * another; max_pool2d's ceil_mode */
                    for (int variant = 1; variant < (isMax ? 2 : 8); ++variant) {
                      XnnPoolParams q = p;
                      q.ceilMode = variant & 1;
                      q.countIncludePad = !(variant & 2);
                      q.divisorOverride = variant & 4 ? kh * kw + (variant & 2 ? 1 : 0) : 0;
                      disagreements += !checkWindow(ctx, isMax, &q, in, checked);
                    }
                  }
  mlirContextDestroy(ctx);
  return disagreements;
}

/* ---- clamp ranges ------------------------------------------------------- */

/* Producers a clamp may follow (XNNPACK fuses clamps into some of them), on
 * x: tensor<1x4x6x6xf32>, each yielding %p: tensor<1x4x3x3xf32>. */
static const struct {
  const char *name, *body;
} kClampProducers[] = {
    {"max_pool2d", "%p = \"edge.max_pool2d\"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, "
                   "padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : "
                   "(tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>"},
    {"avg_pool2d", "%p = \"edge.avg_pool2d\"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, "
                   "padding = array<i64: 0, 0>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>"},
    {"conv2d", "%w = \"edge.constant\"() {value = dense<0.0625> : tensor<4x4x4x4xf32>} : () -> tensor<4x4x4x4xf32>\n"
               "  %p = \"edge.conv2d\"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = "
               "array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x4x6x6xf32>, tensor<4x4x4x4xf32>) -> "
               "tensor<1x4x3x3xf32>"},
    {"conv2d, negative filter",
     "%w = \"edge.constant\"() {value = dense<-0.296875> : tensor<4x4x3x3xf32>} : () -> tensor<4x4x3x3xf32>\n"
     "  %p = \"edge.conv2d\"(%x, %w) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, dilation = "
     "array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> "
     "tensor<1x4x3x3xf32>"},
    {"depthwise conv2d", "%w = \"edge.constant\"() {value = dense<0.25> : tensor<4x1x4x4xf32>} : () -> "
                         "tensor<4x1x4x4xf32>\n  %p = \"edge.conv2d\"(%x, %w) {stride = array<i64: 1, 1>, padding = "
                         "array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 4 : i64} : (tensor<1x4x6x6xf32>, "
                         "tensor<4x1x4x4xf32>) -> tensor<1x4x3x3xf32>"},
    {"linear", "%w = \"edge.constant\"() {value = dense<0.125> : tensor<3x6xf32>} : () -> tensor<3x6xf32>\n"
               "  %s = \"edge.slice\"(%x) {dim = 2 : i64, start = 0 : i64, end = 3 : i64, step = 1 : i64} : "
               "(tensor<1x4x6x6xf32>) -> tensor<1x4x3x6xf32>\n"
               "  %p = \"edge.linear\"(%s, %w) : (tensor<1x4x3x6xf32>, tensor<3x6xf32>) -> tensor<1x4x3x3xf32>"},
    {"hardtanh [-0.75, -0.5]",
     "%s = \"edge.slice\"(%x) {dim = 2 : i64, start = 0 : i64, end = 3 : i64, step = 1 : i64} : "
     "(tensor<1x4x6x6xf32>) -> tensor<1x4x3x6xf32>\n"
     "  %t = \"edge.slice\"(%s) {dim = 3 : i64, start = 3 : i64, end = 6 : i64, step = 1 : i64} : "
     "(tensor<1x4x3x6xf32>) -> tensor<1x4x3x3xf32>\n"
     "  %p = \"edge.hardtanh\"(%t) {min_val = -0.75 : f64, max_val = -0.5 : f64} : (tensor<1x4x3x3xf32>) -> "
     "tensor<1x4x3x3xf32>"},
    {"hardtanh [-1, 0.5]",
     "%p0 = \"edge.max_pool2d\"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, "
     "padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : "
     "(tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>\n"
     "  %p = \"edge.hardtanh\"(%p0) {min_val = -1.0 : f64, max_val = 0.5 : f64} : (tensor<1x4x3x3xf32>) -> "
     "tensor<1x4x3x3xf32>"},
    {"add", "%s = \"edge.slice\"(%x) {dim = 2 : i64, start = 0 : i64, end = 3 : i64, step = 1 : i64} : "
            "(tensor<1x4x6x6xf32>) -> tensor<1x4x3x6xf32>\n"
            "  %t = \"edge.slice\"(%s) {dim = 3 : i64, start = 3 : i64, end = 6 : i64, step = 1 : i64} : "
            "(tensor<1x4x3x6xf32>) -> tensor<1x4x3x3xf32>\n"
            "  %p = \"edge.add\"(%t, %t) : (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>"},
};

size_t xnnProbeCheckClampRanges(size_t *checked) {
  static const double ranges[][2] = {{0, 6},      {-1, 1},     {0.25, 0.75}, {-0.75, -0.25}, {0, 0},
                                     {0.5, 0.5},  {-0.5, -0.5}, {-1e30, 0.1}, {0.1, 1e30},   {-1e30, 1e30},
                                     {-1, 0},     {0, 1},       {-1e30, 0},   {0, 1e30},     {-1, -0.0},
                                     {-0.0, 1},   {-1e-30, 1e-30}};
  MlirContext ctx = probeContext();
  if (mlirContextIsNull(ctx))
    return 1;
  XnnMlirTensor arg;
  int64_t dims[4] = {1, 4, 6, 6};
  xnnMlirTensorCreate(&arg, XNN_MLIR_F32, 4, dims);
  for (int64_t i = 0; i < 144; ++i)
    xnnMlirTensorSetF32(&arg, i, (float)((i * 37) % 29) / 14.0f - 1.0f);
  size_t disagreements = 0;
  *checked = 0;
  for (size_t p = 0; p < sizeof(kClampProducers) / sizeof(kClampProducers[0]); ++p)
    for (size_t r = 0; r < sizeof(ranges) / sizeof(ranges[0]); ++r) {
      char text[2048], err[512];
      snprintf(text, sizeof(text),
               "func.func @f(%%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {\n  %s\n"
               "  %%y = \"edge.hardtanh\"(%%p) {min_val = %.9e : f64, max_val = %.9e : f64} : "
               "(tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>\n  return %%y : tensor<1x4x3x3xf32>\n}\n",
               kClampProducers[p].body, ranges[r][0], ranges[r][1]);
      MlirModule m = xnnMlirParseSource(ctx, text, strlen(text), "<clamp range>", 1);
      XnnMlirTensor want;
      const char *problem = NULL;
      if (mlirModuleIsNull(m))
        problem = "the edge graph does not parse";
      else if (!xnnMlirReferenceRun(mlirBlockGetFirstOperation(mlirModuleGetBody(m)), &arg, 1, &want, 1, NULL,
                                    NULL, err, sizeof(err)))
        problem = "the reference interpreter fails";
      else {
        LibVerdict v = runDelegated(ctx, m, &arg, &want, false);
        problem = v == LIB_OK ? NULL : v == LIB_DEFINE ? "xnn-delegate fails"
                  : v == LIB_RUNTIME ? "the runtime refuses the delegate" : "the delegate computes it wrongly";
        xnnMlirTensorDestroy(&want);
        ++*checked;
      }
      if (problem) {
        printf("hardtanh [%g, %g] after %s: %s  <-- DISAGREE\n", ranges[r][0], ranges[r][1],
               kClampProducers[p].name, problem);
        ++disagreements;
      }
      if (!mlirModuleIsNull(m))
        mlirModuleDestroy(m);
    }
  xnnMlirTensorDestroy(&arg);
  mlirContextDestroy(ctx);
  return disagreements;
}

/* ---- unary ops on special values ---------------------------------------- */

/* Values where kernels tend to differ from ATen: signed zeros, negatives for
 * sqrt/log, infinities, NaN, subnormals, overflow of exp. */
static const float kSpecials[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 2.0f, -2.0f, 1e-3f, -1e-3f,
                                  10.0f, -10.0f, 88.0f, -88.0f, 100.0f, -100.0f, 1e-40f, -1e-40f,
                                  6e-8f, -6e-8f, 65504.0f, -65504.0f, 1e30f, -1e30f, INFINITY, -INFINITY,
                                  NAN};

static bool closeEnough(float a, float b, XnnMlirDType dt) {
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b);
  if (isinf(a) || isinf(b))
    return a == b;
  float rel = dt == XNN_MLIR_F32 ? 1e-5f : dt == XNN_MLIR_F16 ? 2e-3f : 1.6e-2f;
  float abs = dt == XNN_MLIR_F32 ? 1e-6f : dt == XNN_MLIR_F16 ? 1e-4f : 1e-3f;
  return fabsf(a - b) <= abs + rel * fabsf(b);
}

size_t xnnProbeCheckUnarySpecials(size_t *checked, size_t *deviations) {
  /* Unary ops, and pow with each exponent it is delegated for (a unary node). */
  /* "op" or "op {attributes}" (the attribute dictionary as written in the IR). */
  static const char *const ops[] = {"relu", "sigmoid", "tanh", "rsqrt", "sqrt", "neg", "abs", "exp", "log",
                                    "gelu", "pow 2.0", "pow 1.0", "pow 0.5", "pow -0.5",
                                    "silu", "hardswish", "hardsigmoid", "leaky_relu",
                                    "leaky_relu {negative_slope = 0.2 : f64}",
                                    "leaky_relu {negative_slope = -1.5 : f64}", "elu",
                                    "elu {alpha = 0.5 : f64}", "elu {alpha = 2.5 : f64}",
                                    "clamp {min = -0.5 : f64, max = 1.0 : f64}", "clamp {min = 0.0 : f64}",
                                    "clamp {max = -1.0 : f64}", "clamp {min = 0.25 : f64, max = 0.75 : f64}",
                                    "clamp {min = 2.0 : f64, max = 1.0 : f64}",
                                    "clamp {min = 0x7FF8000000000000 : f64}", "sin", "cos", "ceil", "floor"};
  static const struct {
    const char *name;
    XnnMlirDType dt;
  } types[] = {{"f32", XNN_MLIR_F32}, {"f16", XNN_MLIR_F16}, {"bf16", XNN_MLIR_BF16}};
  enum { N = sizeof(kSpecials) / sizeof(kSpecials[0]) };
  MlirContext ctx = probeContext();
  if (mlirContextIsNull(ctx))
    return 1;
  size_t disagreements = 0;
  *checked = *deviations = 0;
  for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); ++o)
    for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); ++t) {
      char text[512], err[512];
      const char *tn = types[t].name;
      if (!strncmp(ops[o], "pow ", 4))
        snprintf(text, sizeof(text),
                 "func.func @f(%%x: tensor<%dx%s>) -> tensor<%dx%s> {\n"
                 "  %%e = \"edge.constant\"() {value = dense<%s> : tensor<%s>} : () -> tensor<%s>\n"
                 "  %%0 = \"edge.pow\"(%%x, %%e) : (tensor<%dx%s>, tensor<%s>) -> tensor<%dx%s>\n"
                 "  return %%0 : tensor<%dx%s>\n}\n",
                 N, tn, N, tn, ops[o] + 4, tn, tn, N, tn, tn, N, tn, N, tn);
      else {
        const char *sp = strchr(ops[o], ' ');
        int nameLen = sp ? (int)(sp - ops[o]) : (int)strlen(ops[o]);
        snprintf(text, sizeof(text),
                 "func.func @f(%%x: tensor<%dx%s>) -> tensor<%dx%s> {\n  %%0 = \"edge.%.*s\"(%%x)%s : "
                 "(tensor<%dx%s>) -> tensor<%dx%s>\n  return %%0 : tensor<%dx%s>\n}\n",
                 N, tn, N, tn, nameLen, ops[o], sp ? sp : "", N, tn, N, tn, N, tn);
      }
      MlirModule m = xnnMlirParseSource(ctx, text, strlen(text), "<unary specials>", 1);
      XnnMlirTensor arg, want, got;
      int64_t dims[1] = {N};
      xnnMlirTensorCreate(&arg, types[t].dt, 1, dims);
      for (int i = 0; i < N; ++i)
        xnnMlirTensorSetF32(&arg, i, kSpecials[i]);
      MlirOperation func = mlirModuleIsNull(m) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(mlirModuleGetBody(m));
      if (mlirOperationIsNull(func) ||
          !xnnMlirReferenceRun(func, &arg, 1, &want, 1, NULL, NULL, err, sizeof(err))) {
        printf("unary %s %s: the reference does not run  <-- DISAGREE\n", ops[o], types[t].name);
        ++disagreements;
      } else {
        ++*checked;
        /* The delegated result (xnn-delegate + live runtime), value by value. */
        bool ok = delegateAndRun(ctx, m, &arg, &got) == LIB_OK;
        if (!ok) {
          printf("unary %s %s: the delegate does not run  <-- DISAGREE\n", ops[o], types[t].name);
          ++disagreements;
        } else {
          for (int i = 0; i < N; ++i) {
            float a = xnnMlirTensorGetF32(&got, i), b = xnnMlirTensorGetF32(&want, i);
            float x = xnnMlirTensorGetF32(&arg, i);
            if (closeEnough(a, b, types[t].dt))
              continue;
            /* NaN, infinite and subnormal inputs: XNNPACK's kernels are not
             * IEEE there (README, known deviations); reported, not failed. */
            bool special = isnan(x) || isinf(x) || (x != 0.0f && fabsf(x) < (types[t].dt == XNN_MLIR_F16 ? 6.103515625e-5f : FLT_MIN));
            printf("unary %s %s at %g: delegate %g, reference %g%s\n", ops[o], types[t].name, (double)x,
                   (double)a, (double)b, special ? "  (known deviation: non-finite or subnormal input)" : "  <-- DISAGREE");
            if (special)
              ++*deviations;
            else
              ++disagreements;
          }
          xnnMlirTensorDestroy(&got);
        }
        xnnMlirTensorDestroy(&want);
      }
      xnnMlirTensorDestroy(&arg);
      if (!mlirModuleIsNull(m))
        mlirModuleDestroy(m);
    }
  mlirContextDestroy(ctx);
  return disagreements;
}

/* ---- f16 prelu with one slope ------------------------------------------- */

/* Runs `text` (a module whose first function takes and returns an f16 vector
 * of n) on x[i] = -(i % 13 + 1) / 2; true if every result is x * slope
 * exactly (x * slope is exact in f16 for these). With `delegate`, `text` is
 * edge and goes through xnn-delegate first; else it is already lowered. */
static bool preluRunsRight(MlirContext ctx, const char *text, int64_t n, float slope, bool delegate) {
  MlirModule m = xnnMlirParseSource(ctx, text, strlen(text), "<prelu one slope>", 1);
  if (mlirModuleIsNull(m))
    return false;
  XnnMlirTensor arg, out;
  xnnMlirTensorCreate(&arg, XNN_MLIR_F16, 1, &n);
  for (int64_t i = 0; i < n; ++i)
    xnnMlirTensorSetF32(&arg, i, -(float)(i % 13 + 1) / 2.0f);
  bool ran;
  if (delegate) {
    ran = delegateAndRun(ctx, m, &arg, &out) == LIB_OK;
  } else {
    char err[512];
    XnnMlirRuntime *rt = xnnMlirRuntimeCreate(1, err, sizeof(err));
    MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
    ran = rt && xnnMlirReferenceRun(func, &arg, 1, &out, 1, xnnMlirRuntimeDelegateHook, rt, err, sizeof(err));
    if (rt)
      xnnMlirRuntimeDestroy(rt);
  }
  bool ok = ran;
  for (int64_t i = 0; ok && i < n; ++i)
    ok = xnnMlirTensorGetF32(&out, i) == xnnMlirTensorGetF32(&arg, i) * slope;
  if (ran)
    xnnMlirTensorDestroy(&out);
  xnnMlirTensorDestroy(&arg);
  mlirModuleDestroy(m);
  return ok;
}

size_t xnnProbeCheckPreluOneSlope(size_t *checked, size_t *nativeWrong) {
  MlirContext ctx = probeContext();
  if (mlirContextIsNull(ctx))
    return 1;
  size_t disagreements = 0;
  *checked = *nativeWrong = 0;
  for (int64_t n = 1; n <= 70; ++n) {
    char edge[1024], lowered[1536];
    snprintf(edge, sizeof(edge),
             "func.func @f(%%x: tensor<%lldxf16>) -> tensor<%lldxf16> {\n"
             "  %%w = \"edge.constant\"() {value = dense<-2.0> : tensor<1xf16>} : () -> tensor<1xf16>\n"
             "  %%0 = \"edge.prelu\"(%%x, %%w) : (tensor<%lldxf16>, tensor<1xf16>) -> tensor<%lldxf16>\n"
             "  return %%0 : tensor<%lldxf16>\n}\n",
             (long long)n, (long long)n, (long long)n, (long long)n, (long long)n);
    /* XNNPACK's own f16 prelu node with the one slope, as the lowering emits
     * it where it keeps f16. */
    snprintf(lowered, sizeof(lowered),
             "func.func @f(%%x: tensor<%lldxf16>) -> tensor<%lldxf16> {\n"
             "  %%0 = call @d(%%x) : (tensor<%lldxf16>) -> tensor<%lldxf16>\n"
             "  return %%0 : tensor<%lldxf16>\n}\n"
             "func.func private @d(%%x: tensor<%lldxf16>) -> tensor<%lldxf16> attributes {xnn.delegate} {\n"
             "  %%w = \"xnn.constant\"() {value = dense<-2.0> : tensor<1xf16>} : () -> tensor<1xf16>\n"
             "  %%0 = \"xnn.binary\"(%%x, %%w) {kind = \"prelu\"} : (tensor<%lldxf16>, tensor<1xf16>) -> "
             "tensor<%lldxf16>\n  return %%0 : tensor<%lldxf16>\n}\n",
             (long long)n, (long long)n, (long long)n, (long long)n, (long long)n, (long long)n,
             (long long)n, (long long)n, (long long)n, (long long)n);
    ++*checked;
    bool native = preluRunsRight(ctx, lowered, n, -2.0f, false);
    *nativeWrong += !native;
    if (!native && n <= 16) { /* the lowering keeps f16 there */
      printf("prelu f16 one slope n=%lld: XNNPACK's f16 node is wrong where the lowering keeps f16  <-- DISAGREE\n",
             (long long)n);
      ++disagreements;
    }
    if (!preluRunsRight(ctx, edge, n, -2.0f, true)) {
      printf("prelu f16 one slope n=%lld: xnn-delegate's module is wrong  <-- DISAGREE\n", (long long)n);
      ++disagreements;
    }
  }
  mlirContextDestroy(ctx);
  return disagreements;
}
