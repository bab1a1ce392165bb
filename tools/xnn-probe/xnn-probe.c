/* xnn-probe: asks the linked XNNPACK which (node, datatype) pairs it accepts,
 * by defining a tiny subgraph per pair and creating a runtime for it. The
 * library, not a belief, is the oracle for the partitioner's capability table
 * (test/XNNPACK/capabilities.test compares the two). One probe per node kind. */
#include "Ops/Capability.h"
#include "Bf16Check.h"
#include "Constraints.h"
#include "xnnmlir/Version.h"

#include <xnnpack.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Static data big enough for every probe's weights, in any datatype. */
static _Alignas(64) unsigned char weights[4096 + XNN_EXTRA_BYTES];

typedef struct Ctx {
  xnn_subgraph_t sg;
  enum xnn_datatype type;
  uint32_t nextExternal;
  enum xnn_status status;
} Ctx;

static uint32_t tensor(Ctx *c, size_t rank, const size_t *dims, uint32_t flags, const void *data) {
  uint32_t id = XNN_INVALID_VALUE_ID;
  uint32_t ext = flags ? c->nextExternal++ : XNN_INVALID_VALUE_ID;
  if (c->status == xnn_status_success)
    c->status = xnn_define_tensor_value(c->sg, c->type, rank, dims, data, ext, flags, &id);
  return id;
}
#define IN(...) tensor(c, sizeof((size_t[]){__VA_ARGS__}) / sizeof(size_t), (size_t[]){__VA_ARGS__}, XNN_VALUE_FLAG_EXTERNAL_INPUT, NULL)
#define OUT(...) tensor(c, sizeof((size_t[]){__VA_ARGS__}) / sizeof(size_t), (size_t[]){__VA_ARGS__}, XNN_VALUE_FLAG_EXTERNAL_OUTPUT, NULL)
#define STATIC(...) tensor(c, sizeof((size_t[]){__VA_ARGS__}) / sizeof(size_t), (size_t[]){__VA_ARGS__}, 0, weights)
#define DEFINE(call) do { if (c->status == xnn_status_success) c->status = (call); } while (0)

static void binary(Ctx *c, enum xnn_binary_operator op) {
  uint32_t a = IN(2, 3), b = IN(2, 3), o = OUT(2, 3);
  DEFINE(xnn_define_binary(c->sg, op, NULL, a, b, o, 0));
}
static void unary(Ctx *c, enum xnn_unary_operator op) {
  uint32_t a = IN(2, 3), o = OUT(2, 3);
  union xnn_unary_params p;
  memset(&p, 0, sizeof(p));
  if (op == xnn_unary_clamp)
    p.clamp.min = 0.0f, p.clamp.max = 6.0f;
  else if (op == xnn_unary_elu)
    p.elu.alpha = 1.0f;
  else if (op == xnn_unary_leaky_relu)
    p.leaky_relu.negative_slope = 0.01f;
  bool params = op == xnn_unary_clamp || op == xnn_unary_elu || op == xnn_unary_leaky_relu;
  DEFINE(xnn_define_unary(c->sg, op, params ? &p : NULL, a, o, 0));
}
#define BINARY(name) static void probe_binary_##name(Ctx *c) { binary(c, xnn_binary_##name); }
#define UNARY(name) static void probe_unary_##name(Ctx *c) { unary(c, xnn_unary_##name); }
BINARY(add) BINARY(subtract) BINARY(multiply) BINARY(divide) BINARY(maximum) BINARY(minimum)
BINARY(pow) BINARY(squared_difference) BINARY(prelu)
UNARY(clamp) UNARY(abs) UNARY(negate) UNARY(exp) UNARY(log) UNARY(tanh) UNARY(sigmoid) UNARY(gelu)
UNARY(square_root) UNARY(reciprocal_square_root) UNARY(square) UNARY(hardswish) UNARY(leaky_relu)
UNARY(elu) UNARY(sine) UNARY(cosine) UNARY(ceiling) UNARY(floor)

static void probe_fully_connected(Ctx *c) { /* static weights [out, in], static bias */
  uint32_t x = IN(2, 4), w = STATIC(3, 4), b = STATIC(3), o = OUT(2, 3);
  DEFINE(xnn_define_fully_connected(c->sg, -INFINITY, INFINITY, x, w, b, o, 0));
}
static void probe_fully_connected_dynamic(Ctx *c) { /* dynamic weights */
  uint32_t x = IN(2, 4), w = IN(3, 4), o = OUT(2, 3);
  DEFINE(xnn_define_fully_connected(c->sg, -INFINITY, INFINITY, x, w, XNN_INVALID_VALUE_ID, o, 0));
}
static void probe_convolution_2d(Ctx *c) { /* NHWC input, OHWI filter */
  uint32_t x = IN(1, 4, 4, 2), w = STATIC(3, 3, 3, 2), b = STATIC(3), o = OUT(1, 4, 4, 3);
  DEFINE(xnn_define_convolution_2d(c->sg, 1, 1, 1, 1, 3, 3, 1, 1, 1, 1, 1, 2, 3, -INFINITY,
                                   INFINITY, x, w, b, o, 0));
}
/* f16 convolution and fully connected with fp32 static weights (XNNPACK packs them). */
static uint32_t staticF32(Ctx *c, size_t rank, const size_t *dims) {
  uint32_t id = XNN_INVALID_VALUE_ID;
  if (c->status == xnn_status_success)
    c->status = xnn_define_tensor_value(c->sg, xnn_datatype_fp32, rank, dims, weights,
                                        XNN_INVALID_VALUE_ID, 0, &id);
  return id;
}
static void probe_convolution_2d_f32_weights(Ctx *c) {
  uint32_t x = IN(1, 4, 4, 2), w = staticF32(c, 4, (size_t[]){3, 3, 3, 2}),
           b = staticF32(c, 1, (size_t[]){3}), o = OUT(1, 4, 4, 3);
  DEFINE(xnn_define_convolution_2d(c->sg, 1, 1, 1, 1, 3, 3, 1, 1, 1, 1, 1, 2, 3, -INFINITY,
                                   INFINITY, x, w, b, o, 0));
}
static void probe_deconvolution_2d_f32_weights(Ctx *c) { /* f32 static weights, as the lowering */
  uint32_t x = IN(1, 4, 4, 2), w = staticF32(c, 4, (size_t[]){3, 3, 3, 2}),
           b = staticF32(c, 1, (size_t[]){3}), o = OUT(1, 8, 8, 3);
  DEFINE(xnn_define_deconvolution_2d(c->sg, 1, 1, 1, 1, 1, 1, 3, 3, 2, 2, 1, 1, 1, 2, 3, -INFINITY,
                                     INFINITY, x, w, b, o, 0));
}
static void probe_static_resize_bilinear_2d(Ctx *c) {
  uint32_t x = IN(1, 3, 3, 2), o = OUT(1, 5, 7, 2);
  DEFINE(xnn_define_static_resize_bilinear_2d(c->sg, 5, 7, x, o, 0));
}
static void probe_fully_connected_f32_weights(Ctx *c) {
  uint32_t x = IN(2, 4), w = staticF32(c, 2, (size_t[]){3, 4}), b = staticF32(c, 1, (size_t[]){3}),
           o = OUT(2, 3);
  DEFINE(xnn_define_fully_connected(c->sg, -INFINITY, INFINITY, x, w, b, o, 0));
}
static void probe_max_pooling_2d(Ctx *c) {
  uint32_t x = IN(1, 4, 4, 2), o = OUT(1, 2, 2, 2);
  DEFINE(xnn_define_max_pooling_2d(c->sg, 0, 0, 0, 0, 2, 2, 2, 2, 1, 1, -INFINITY, INFINITY, x, o, 0));
}
static void probe_average_pooling_2d(Ctx *c) {
  uint32_t x = IN(1, 4, 4, 2), o = OUT(1, 2, 2, 2);
  DEFINE(xnn_define_average_pooling_2d(c->sg, 0, 0, 0, 0, 2, 2, 2, 2, -INFINITY, INFINITY, x, o, 0));
}
static void probe_static_reduce_mean(Ctx *c) {
  uint32_t x = IN(2, 3), o = OUT(2, 1);
  DEFINE(xnn_define_static_reduce(c->sg, xnn_reduce_mean, 1, (size_t[]){1}, x, o, XNN_FLAG_KEEP_DIMS));
}
static void probe_static_reduce_sum(Ctx *c) {
  uint32_t x = IN(2, 3), o = OUT(2, 1);
  DEFINE(xnn_define_static_reduce(c->sg, xnn_reduce_sum, 1, (size_t[]){1}, x, o, XNN_FLAG_KEEP_DIMS));
}
static void probe_softmax(Ctx *c) {
  uint32_t x = IN(2, 3), o = OUT(2, 3);
  DEFINE(xnn_define_softmax(c->sg, x, o, 0));
}
static void probe_batch_matrix_multiply(Ctx *c) {
  uint32_t a = IN(2, 2, 3), b = IN(2, 3, 4), o = OUT(2, 2, 4);
  DEFINE(xnn_define_batch_matrix_multiply(c->sg, a, b, o, 0));
}
static void probe_static_transpose(Ctx *c) {
  uint32_t x = IN(2, 3), o = OUT(3, 2);
  DEFINE(xnn_define_static_transpose(c->sg, 2, (size_t[]){1, 0}, x, o, 0));
}
static void probe_static_reshape(Ctx *c) {
  uint32_t x = IN(2, 3), o = OUT(6);
  DEFINE(xnn_define_static_reshape(c->sg, 1, (size_t[]){6}, x, o, 0));
}
static void probe_concatenate(Ctx *c) {
  uint32_t a = IN(2, 3), b = IN(2, 3), o = OUT(2, 6);
  DEFINE(xnn_define_concatenate2(c->sg, 1, a, b, o, 0));
}
static void probe_static_slice(Ctx *c) {
  uint32_t x = IN(2, 3), o = OUT(2, 2);
  DEFINE(xnn_define_static_slice(c->sg, 2, (size_t[]){0, 1}, (size_t[]){2, 2}, x, o, 0));
}
static void probe_static_constant_pad(Ctx *c) {
  uint32_t x = IN(2, 3), o = OUT(3, 6);
  DEFINE(xnn_define_static_constant_pad(c->sg, (size_t[]){1, 2}, (size_t[]){0, 1}, 0.5f, x, o, 0));
}
static void probe_copy(Ctx *c) {
  uint32_t x = IN(2, 3), o = OUT(2, 3);
  DEFINE(xnn_define_copy(c->sg, x, o, 0));
}

typedef struct Probe {
  const char *name;
  void (*run)(Ctx *c);
} Probe;

#define P(name) {#name, probe_##name}
static const Probe probes[] = {
    {"binary.add", probe_binary_add}, {"binary.subtract", probe_binary_subtract},
    {"binary.multiply", probe_binary_multiply}, {"binary.divide", probe_binary_divide},
    {"binary.maximum", probe_binary_maximum}, {"binary.minimum", probe_binary_minimum},
    {"binary.pow", probe_binary_pow}, {"binary.squared_difference", probe_binary_squared_difference},
    {"binary.prelu", probe_binary_prelu},
    {"unary.clamp", probe_unary_clamp}, {"unary.abs", probe_unary_abs},
    {"unary.negate", probe_unary_negate}, {"unary.exp", probe_unary_exp},
    {"unary.log", probe_unary_log}, {"unary.tanh", probe_unary_tanh},
    {"unary.sigmoid", probe_unary_sigmoid}, {"unary.gelu", probe_unary_gelu},
    {"unary.square_root", probe_unary_square_root},
    {"unary.reciprocal_square_root", probe_unary_reciprocal_square_root},
    {"unary.square", probe_unary_square}, {"unary.hardswish", probe_unary_hardswish},
    {"unary.leaky_relu", probe_unary_leaky_relu}, {"unary.elu", probe_unary_elu},
    {"unary.sine", probe_unary_sine}, {"unary.cosine", probe_unary_cosine},
    {"unary.ceiling", probe_unary_ceiling}, {"unary.floor", probe_unary_floor},
    P(fully_connected), P(fully_connected_f32_weights), P(fully_connected_dynamic),
    P(convolution_2d), P(convolution_2d_f32_weights), P(max_pooling_2d),
    P(average_pooling_2d), {"static_reduce.mean", probe_static_reduce_mean},
    {"static_reduce.sum", probe_static_reduce_sum}, P(softmax), P(batch_matrix_multiply),
    P(static_transpose), P(static_reshape), P(concatenate), P(static_slice), P(copy),
    P(static_constant_pad), P(deconvolution_2d_f32_weights), P(static_resize_bilinear_2d),
};

static const struct {
  const char *name;
  enum xnn_datatype type;
} types[] = {{"f32", xnn_datatype_fp32}, {"f16", xnn_datatype_fp16}, {"bf16", xnn_datatype_bf16}};

/* "ok", or the first step that failed: define (a tensor or the node) or runtime. */
static const char *runProbe(const Probe *p, enum xnn_datatype type) {
  Ctx c = {NULL, type, 0, xnn_status_success};
  if (xnn_create_subgraph(8, 0, &c.sg) != xnn_status_success)
    return "subgraph";
  p->run(&c);
  const char *result = "ok";
  xnn_runtime_t rt = NULL;
  if (c.status != xnn_status_success)
    result = "define";
  else if (xnn_create_runtime_v3(c.sg, NULL, NULL, 0, &rt) != xnn_status_success)
    result = "runtime";
  if (rt)
    xnn_delete_runtime(rt);
  xnn_delete_subgraph(c.sg);
  return result;
}

static const char *runConvert(enum xnn_datatype from, enum xnn_datatype to) {
  xnn_subgraph_t sg = NULL;
  if (xnn_create_subgraph(2, 0, &sg) != xnn_status_success)
    return "subgraph";
  const size_t dims[2] = {2, 3};
  uint32_t in, out;
  const char *result = "ok";
  xnn_runtime_t rt = NULL;
  if (xnn_define_tensor_value(sg, from, 2, dims, NULL, 0, XNN_VALUE_FLAG_EXTERNAL_INPUT, &in) ||
      xnn_define_tensor_value(sg, to, 2, dims, NULL, 1, XNN_VALUE_FLAG_EXTERNAL_OUTPUT, &out) ||
      xnn_define_unary(sg, xnn_unary_convert, NULL, in, out, 0))
    result = "define";
  else if (xnn_create_runtime_v3(sg, NULL, NULL, 0, &rt) != xnn_status_success)
    result = "runtime";
  if (rt)
    xnn_delete_runtime(rt);
  xnn_delete_subgraph(sg);
  return result;
}

/* --check-capabilities: every (node, dtype) the capability table claims runs
 * natively must be accepted by the library, and every one it leaves to f32
 * must be refused (else the table wastes converts). */
static int checkCapabilities(void) {
  size_t n = 0, disagreements = 0, checked = 0;
  const XnnCapability *table = xnnCapabilityTable(&n);
  static const unsigned masks[3] = {XNN_CAP_F32, XNN_CAP_F16, XNN_CAP_BF16};
  for (size_t i = 0; i < n; ++i) {
    if (!table[i].node[0])
      continue; /* never delegated: nothing to ask the library */
    if (!table[i].native && table[i].check && table[i].lower)
      continue; /* delegated inside a pattern only (the quantized linear), not per float dtype */
    for (size_t t = 0; t < 3; ++t) {
      bool claimed = (table[i].native & masks[t]) != 0;
      bool accepted;
      if (!strcmp(table[i].node, "convert")) {
        if (t == 0)
          continue; /* converts are checked from f32 to each narrow type and back */
        accepted = !strcmp(runConvert(xnn_datatype_fp32, types[t].type), "ok") &&
                   !strcmp(runConvert(types[t].type, xnn_datatype_fp32), "ok");
      } else {
        const Probe *p = NULL;
        for (size_t k = 0; k < sizeof(probes) / sizeof(probes[0]); ++k)
          if (!strcmp(probes[k].name, table[i].node))
            p = &probes[k];
        if (!p) {
          printf("%s: no probe for node %s\n", table[i].op, table[i].node);
          ++disagreements;
          break;
        }
        accepted = !strcmp(runProbe(p, types[t].type), "ok");
      }
      ++checked;
      /* Accepted but known to compute wrongly: the table routes it through f32 on purpose. */
      bool miscomputes = (table[i].miscomputes & masks[t]) != 0;
      bool agree = miscomputes ? (!claimed && accepted) : claimed == accepted;
      printf("%s -> %s %s: table %s, library %s%s\n", table[i].op, table[i].node, types[t].name,
             claimed ? "native" : miscomputes ? "via f32 (miscomputes)" : "via f32",
             accepted ? "accepts" : "refuses", agree ? "" : "  <-- DISAGREE");
      disagreements += !agree;
    }
  }
  printf("%zu checked, %zu disagreements\n", checked, disagreements);
  size_t windows = 0, windowDisagreements = xnnProbeCheckPoolWindows(&windows);
  printf("pool windows: %zu checked, %zu disagreements\n", windows, windowDisagreements);
  size_t clamps = 0, clampDisagreements = xnnProbeCheckClampRanges(&clamps);
  printf("clamp ranges: %zu checked, %zu disagreements\n", clamps, clampDisagreements);
  size_t unaries = 0, deviations = 0, unaryDisagreements = xnnProbeCheckUnarySpecials(&unaries, &deviations);
  printf("unary special values: %zu op/dtype pairs checked, %zu disagreements, %zu known deviations at "
         "non-finite or subnormal inputs\n", unaries, unaryDisagreements, deviations);
  size_t prelus = 0, preluNativeWrong = 0, preluDisagreements = xnnProbeCheckPreluOneSlope(&prelus, &preluNativeWrong);
  printf("f16 prelu with one slope: %zu sizes checked, %zu disagreements; XNNPACK's f16 node wrong at %zu "
         "(the lowering computes those above 16 elements in f32)\n", prelus, preluDisagreements, preluNativeWrong);
  return disagreements || windowDisagreements || clampDisagreements || unaryDisagreements || preluDisagreements
             ? 1
             : 0;
}

static void printHelp(void) {
  printf(
      "OVERVIEW: asks the linked XNNPACK which node/dtype pairs it accepts, and checks the\n"
      "capability table and the bf16 rounding emulation against it\n"
      "\n"
      "USAGE: xnn-probe [--check-capabilities | --check-bf16-rounding[=all|N] | --version]\n"
      "\n"
      "OPTIONS:\n"
      "  (none)                       Define and create a runtime for each probed node in f32, f16\n"
      "                               and bf16, and each convert; print 'ok' or the failing step\n"
      "  --check-capabilities         Check every capability table entry against the library (native\n"
      "                               pairs must be accepted, pairs run via f32 refused or known to\n"
      "                               miscompute), pool windows, clamp ranges and unary special\n"
      "                               values against the reference interpreter, and the f16\n"
      "                               one-slope prelu rule against XNNPACK's own f16 node\n"
      "  --check-bf16-rounding[=all|N]\n"
      "                               Check the f32 -> bf16 round-to-nearest emulation on every N-th\n"
      "                               f32 bit pattern (default 4099; all: every pattern, ~75 s)\n"
      "  --version                    Print the version (project, MLIR, XNNPACK)\n"
      "  --help, -h                   This text\n"
      "\n"
      "EXIT STATUS: 0 on success, 1 on a disagreement or any error.\n");
}

int main(int argc, char **argv) {
  if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    printHelp();
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "--version")) {
    xnnMlirPrintVersion("xnn-probe", stdout);
    return 0;
  }
  if (xnn_initialize(NULL) != xnn_status_success) {
    fprintf(stderr, "xnn-probe: xnn_initialize failed\n");
    return 1;
  }
  if (argc > 1 && !strcmp(argv[1], "--check-capabilities"))
    return checkCapabilities();
  if (argc > 1 && !strncmp(argv[1], "--check-bf16-rounding", 21) &&
      (argv[1][21] == 0 || argv[1][21] == '=')) {
    /* =all: every f32 pattern; =N: every N-th; default every 4099th (about 1M). */
    const char *v = argv[1][21] ? argv[1] + 22 : "4099";
    char *end = NULL;
    unsigned long long stride = !strcmp(v, "all") ? 1 : strtoull(v, &end, 10);
    if (stride == 0 || (end && *end)) {
      fprintf(stderr, "xnn-probe: --check-bf16-rounding takes 'all' or a stride >= 1, not '%s'\n", v);
      return 1;
    }
    return xnnProbeCheckBf16Rounding(stride);
  }
  if (argc > 1) {
    fprintf(stderr, "usage: xnn-probe [--check-capabilities | --check-bf16-rounding[=all|N] | --version | --help]\n");
    return 1;
  }
  for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); ++i)
    for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); ++t)
      printf("%s %s: %s\n", probes[i].name, types[t].name, runProbe(&probes[i], types[t].type));
  for (size_t a = 0; a < 3; ++a)
    for (size_t b = 0; b < 3; ++b)
      if (a != b)
        printf("convert %s->%s: %s\n", types[a].name, types[b].name,
               runConvert(types[a].type, types[b].type));
  xnn_deinitialize();
  return 0;
}
