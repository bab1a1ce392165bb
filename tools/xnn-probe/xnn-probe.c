/* xnn-probe: asks the linked XNNPACK which (node, datatype) pairs it accepts,
 * by defining a tiny subgraph per pair and creating a runtime for it. The
 * library, not a belief, is the oracle for the partitioner's capability table. */
#include <xnnpack.h>

#include <stdio.h>
#include <string.h>

typedef enum xnn_status (*DefineFn)(xnn_subgraph_t sg, const uint32_t *in, uint32_t out);

typedef struct Probe {
  const char *name;
  int numInputs;
  DefineFn define;
} Probe;

static enum xnn_status defAdd(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  struct xnn_binary_params p = {-1e30, 1e30};
  return xnn_define_binary(sg, xnn_binary_add, &p, in[0], in[1], out, 0);
}
static enum xnn_status defMultiply(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  return xnn_define_binary(sg, xnn_binary_multiply, NULL, in[0], in[1], out, 0);
}
static enum xnn_status defRsqrt(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  return xnn_define_unary(sg, xnn_unary_reciprocal_square_root, NULL, in[0], out, 0);
}
static enum xnn_status defSigmoid(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  return xnn_define_unary(sg, xnn_unary_sigmoid, NULL, in[0], out, 0);
}
static enum xnn_status defGelu(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  return xnn_define_unary(sg, xnn_unary_gelu, NULL, in[0], out, 0);
}
static enum xnn_status defTranspose(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  const size_t perm[2] = {1, 0};
  return xnn_define_static_transpose(sg, 2, perm, in[0], out, 0);
}
static enum xnn_status defCopy(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  return xnn_define_copy(sg, in[0], out, 0);
}
static enum xnn_status defBmm(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  return xnn_define_batch_matrix_multiply(sg, in[0], in[1], out, 0);
}
static enum xnn_status defMean(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  const size_t axes[1] = {1};
  return xnn_define_static_reduce(sg, xnn_reduce_mean, 1, axes, in[0], out, XNN_FLAG_KEEP_DIMS);
}
static enum xnn_status defSoftmax(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  return xnn_define_softmax(sg, in[0], out, 0);
}

static const Probe probes[] = {
    {"binary.add", 2, defAdd},          {"binary.multiply", 2, defMultiply},
    {"unary.reciprocal_square_root", 1, defRsqrt}, {"unary.sigmoid", 1, defSigmoid},
    {"unary.gelu", 1, defGelu},         {"static_transpose", 1, defTranspose},
    {"copy", 1, defCopy},               {"batch_matrix_multiply", 2, defBmm},
    {"static_reduce.mean", 1, defMean}, {"softmax", 1, defSoftmax},
};

static const struct {
  const char *name;
  enum xnn_datatype type;
} types[] = {{"f32", xnn_datatype_fp32}, {"f16", xnn_datatype_fp16}, {"bf16", xnn_datatype_bf16}};

/* Defines inputs/outputs of `type` ([2,2] each), the node, and creates a runtime. */
static const char *tryProbe(const Probe *p, enum xnn_datatype inType, enum xnn_datatype outType,
                            DefineFn define, int numInputs) {
  xnn_subgraph_t sg = NULL;
  if (xnn_create_subgraph(3, 0, &sg) != xnn_status_success)
    return "subgraph";
  (void)p;
  const size_t dims[2] = {2, 2};
  uint32_t in[2], out;
  const char *result = "ok";
  for (int i = 0; i < numInputs; ++i)
    if (xnn_define_tensor_value(sg, inType, 2, dims, NULL, (uint32_t)i, XNN_VALUE_FLAG_EXTERNAL_INPUT,
                                &in[i]) != xnn_status_success)
      result = "tensor";
  if (!strcmp(result, "ok") &&
      xnn_define_tensor_value(sg, outType, 2, dims, NULL, 2, XNN_VALUE_FLAG_EXTERNAL_OUTPUT, &out) !=
          xnn_status_success)
    result = "tensor";
  if (!strcmp(result, "ok") && define(sg, in, out) != xnn_status_success)
    result = "define";
  xnn_runtime_t rt = NULL;
  if (!strcmp(result, "ok") && xnn_create_runtime_v3(sg, NULL, NULL, 0, &rt) != xnn_status_success)
    result = "runtime";
  if (rt)
    xnn_delete_runtime(rt);
  xnn_delete_subgraph(sg);
  return result;
}

static enum xnn_status defConvert(xnn_subgraph_t sg, const uint32_t *in, uint32_t out) {
  return xnn_define_unary(sg, xnn_unary_convert, NULL, in[0], out, 0);
}

int main(void) {
  if (xnn_initialize(NULL) != xnn_status_success) {
    fprintf(stderr, "xnn-probe: xnn_initialize failed\n");
    return 1;
  }
  for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); ++i)
    for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); ++t)
      printf("%s %s: %s\n", probes[i].name, types[t].name,
             tryProbe(&probes[i], types[t].type, types[t].type, probes[i].define, probes[i].numInputs));
  for (size_t a = 0; a < 3; ++a)
    for (size_t b = 0; b < 3; ++b)
      if (a != b)
        printf("convert %s->%s: %s\n", types[a].name, types[b].name,
               tryProbe(NULL, types[a].type, types[b].type, defConvert, 1));
  xnn_deinitialize();
  return 0;
}
