/* The live sink: performs the xnn_define_* calls the delegate walk describes
 * (lib/Emit/Emit.c owns the op -> call mapping) on a real xnn_subgraph_t,
 * creates one runtime per delegate and reuses it. Each xnn_define_* function
 * has one adapter that checks the argument types it is given against the
 * prototype's and calls it. */
#define _DEFAULT_SOURCE 1 /* madvise(MADV_HUGEPAGE) */
#include "xnnmlir/Runtime.h"

#include "xnnmlir/Emit.h"

#include "CAPIExt/BytecodeFile.h"
#include "Support/Float.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>

#include <pthreadpool.h>
#include <xnnpack.h>

#include <math.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

_Static_assert(XNN_EXTRA_BYTES <= 16, "XnnMlirTensor buffers carry 16 bytes of XNNPACK read slack");

typedef struct External {
  XnnMlirDType dtype;
  size_t rank;
  size_t dims[XNN_MLIR_EMIT_MAX_RANK];
} External;

/* An f32 copy of bf16/f16 weights that XNNPACK only packs: freed as soon as
 * the last node using it has packed it (the weights cache below sees that),
 * else once the runtime exists. */
typedef struct Temporary {
  void *data;
  size_t bytes;  /* allocated */
  size_t payload; /* of which the f32 values */
  uint32_t id;   /* its XNNPACK value */
  size_t uses;   /* node operands naming it, not yet packed */
  /* Lazy (large f32 copies of bf16 filters): `data` is mapped but not
   * written until XNNPACK is about to pack it (the weights cache's look-up),
   * chunk by chunk, each chunk's pages dropped once packed. */
  const uint16_t *source; /* bf16/f16 values */
  const int8_t *int4Source; /* or int4 values one a byte, packed two a byte when filled */
  bool lazy, fromF16, filled;
  size_t rowBytes;        /* of one filter row in f32 */
  size_t chunkBegin[5], chunkEnd[5]; /* byte ranges of the chunks (rows) */
  bool chunkFilled[5]; /* widened and not yet dropped */
  bool chunkPacked[5];
  size_t numChunks;
  /* Quantized filters (qcint8 / qcint4 / qbint4, [N, K] by rows) pack in row
   * chunks as well: each chunk's pages go once every node using it packed it. */
  XnnMlirEmitQuant quant;
  const char *scale; /* the scales */
  void *scaleCopy;   /* scale's own copy: freed once every node using the filter packed it */
  size_t scaleRowBytes, blockSize;
  bool borrowed;        /* module memory read in place: never freed, its mapped pages released */
  bool adopted;         /* the emitter's malloc'd buffer (XnnMlirEmitTensor.adopt): free()d */
  size_t chunkPacks[5]; /* nodes that packed each chunk */
  size_t chunkedUses;   /* of `uses`, nodes packing it in chunks */
} Temporary;

typedef struct ValueInfo {
  XnnMlirDType dtype;
  size_t rank;
  size_t dims[XNN_MLIR_EMIT_MAX_RANK];
} ValueInfo;

/* The delegate's weights cache (xnn_weights_cache_provider): every packing
 * gets a block of its own (never looked up: no sharing between nodes, so no
 * stale keys), and the insert that follows a packing frees the f32 copies it
 * read once no other node needs them. Blocks live as long as the runtime. */
typedef struct PackCache {
  struct Delegate *d;
  void **blocks;
  size_t numBlocks, capBlocks;
  size_t bytes; /* packed (inserted) */
  bool finalized;
  struct xnn_weights_cache_provider provider;
} PackCache;

typedef struct Delegate {
  MlirOperation func;
  char name[256];
  xnn_subgraph_t subgraph; /* while building */
  xnn_runtime_t runtime;
  void **buffers; /* static data, owned */
  bool *bufferIsTemporary; /* freed once the runtime is created */
  size_t numBuffers, capBuffers;
  /* Module memory handed to XNNPACK in place and only packed: its pages of a
   * mapped input file are released once the runtime exists. */
  const void **inPlace;
  size_t *inPlaceBytes;
  size_t numInPlace, capInPlace;
  size_t widenedBytes;  /* f32 copies made for packing (freed after creation) */
  size_t releasedBytes; /* mapped input bytes advised away (whole pages) */
  double defineSeconds, packSeconds, createCpuSeconds;
  Temporary *temps; /* by increasing id */
  size_t numTemps, capTemps;
  ValueInfo *values; /* by XNNPACK value id */
  size_t numValues;
  size_t chunkBytes; /* f32 filters above this pack in chunks (0: never) */
  size_t lazyPeakBytes; /* the most lazy f32 bytes resident at once */
  size_t lazyResident;
  size_t freedWhilePacking; /* of widenedBytes, freed before the runtime was complete */
  bool packedUnfilled; /* a lazy temporary was packed before it was filled (never expected) */
  PackCache *cache;
  size_t numInputs, numOutputs, numNodes;
  External *externals; /* inputs then outputs */
  struct xnn_external_value *bound;
  bool isBound;
  size_t calls;
  double createSeconds, runSeconds, lastRunSeconds;
  /* With profiling: XNNPACK's operator names (NUL-separated) and each
   * operator's time summed over calls, in microseconds. */
  char *opNames;
  uint64_t *opMicros, *opLast;
  size_t numOps;
} Delegate;

struct XnnMlirRuntime {
  pthreadpool_t pool;
  bool profiling;
  size_t chunkBytes;
  Delegate **delegates;
  size_t numDelegates, capDelegates;
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double cpuNow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const char *statusName(enum xnn_status s) {
  switch (s) {
  case xnn_status_success: return "xnn_status_success";
  case xnn_status_uninitialized: return "xnn_status_uninitialized";
  case xnn_status_invalid_parameter: return "xnn_status_invalid_parameter";
  case xnn_status_invalid_state: return "xnn_status_invalid_state";
  case xnn_status_unsupported_parameter: return "xnn_status_unsupported_parameter";
  case xnn_status_unsupported_hardware: return "xnn_status_unsupported_hardware";
  case xnn_status_out_of_memory: return "xnn_status_out_of_memory";
  case xnn_status_reallocation_required: return "xnn_status_reallocation_required";
  case xnn_status_deprecated: return "xnn_status_deprecated";
  }
  return "unknown xnn_status";
}

static enum xnn_datatype datatype(XnnMlirDType d) {
  switch (d) {
  case XNN_MLIR_F32: return xnn_datatype_fp32;
  case XNN_MLIR_F16: return xnn_datatype_fp16;
  case XNN_MLIR_BF16: return xnn_datatype_bf16;
  default: return xnn_datatype_invalid;
  }
}

/* ---- memory ---------------------------------------------------------------- */

/* Large blocks (f32 copies of weights, XNNPACK's packed weights) in
 * transparent huge pages where the system allows it on request: creating a
 * gemma-3-1b delegate otherwise spends about a third of its time taking
 * 4 KiB page faults. Only advice: the memory is the same either way. */
static void *adviseHuge(void *p, size_t bytes) {
  enum { kHugeFrom = 4u << 20 };
  if (p && bytes >= kHugeFrom) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = ((uintptr_t)p + page - 1) & ~(page - 1), last = ((uintptr_t)p + bytes) & ~(page - 1);
#ifdef MADV_HUGEPAGE
    if (first < last)
      (void)madvise((void *)first, last - first, MADV_HUGEPAGE);
#else
    (void)first, (void)last;
#endif
  }
  return p;
}

static void *xaAllocate(void *context, size_t size) {
  (void)context;
  return adviseHuge(malloc(size), size);
}
static void *xaReallocate(void *context, void *pointer, size_t size) {
  (void)context;
  return realloc(pointer, size);
}
static void xaDeallocate(void *context, void *pointer) {
  (void)context;
  free(pointer);
}
static void *xaAlignedAllocate(void *context, size_t alignment, size_t size) {
  (void)context;
  void *p = NULL;
  if (posix_memalign(&p, alignment < sizeof(void *) ? sizeof(void *) : alignment, size ? size : 1))
    return NULL;
  return adviseHuge(p, size);
}
static const struct xnn_allocator kAllocator = {NULL, xaAllocate, xaReallocate, xaDeallocate, xaAlignedAllocate,
                                                xaDeallocate};

/* ---- enumerators by name ------------------------------------------------- */

typedef struct Named {
  const char *name;
  int value;
} Named;
#define N_(e) {#e, (int)e}
static const Named kEnums[] = {
    N_(xnn_unary_convert), N_(xnn_unary_clamp), N_(xnn_unary_abs), N_(xnn_unary_bankers_rounding),
    N_(xnn_unary_ceiling), N_(xnn_unary_elu), N_(xnn_unary_exp), N_(xnn_unary_floor), N_(xnn_unary_gelu),
    N_(xnn_unary_hardswish), N_(xnn_unary_leaky_relu), N_(xnn_unary_log), N_(xnn_unary_negate),
    N_(xnn_unary_sigmoid), N_(xnn_unary_square), N_(xnn_unary_square_root),
    N_(xnn_unary_reciprocal_square_root), N_(xnn_unary_tanh), N_(xnn_unary_cube_root), N_(xnn_unary_cosine),
    N_(xnn_unary_sine), N_(xnn_unary_sign), N_(xnn_binary_add), N_(xnn_binary_subtract),
    N_(xnn_binary_multiply), N_(xnn_binary_divide), N_(xnn_binary_maximum), N_(xnn_binary_minimum),
    N_(xnn_binary_copysign), N_(xnn_binary_squared_difference), N_(xnn_binary_prelu),
    N_(xnn_binary_modulus), N_(xnn_binary_atan2), N_(xnn_binary_pow), N_(xnn_reduce_sum),
    N_(xnn_reduce_mean),
};
#undef N_

static bool enumValue(const char *name, const char *prefix, int *out) {
  if (!name || strncmp(name, prefix, strlen(prefix)))
    return false;
  for (size_t i = 0; i < sizeof(kEnums) / sizeof(kEnums[0]); ++i)
    if (!strcmp(kEnums[i].name, name)) {
      *out = kEnums[i].value;
      return true;
    }
  return false;
}

/* ---- adapters: one per xnn_define_* ------------------------------------- */

typedef const XnnMlirEmitArg *Args;

static union xnn_unary_params unaryParams(const XnnMlirEmitArg *a, bool *present) {
  union xnn_unary_params p;
  memset(&p, 0, sizeof(p));
  *present = a->u.unary.member != NULL;
  if (!*present)
    return p;
  if (!strcmp(a->u.unary.member, "clamp"))
    p.clamp.min = a->u.unary.a, p.clamp.max = a->u.unary.b;
  else if (!strcmp(a->u.unary.member, "elu"))
    p.elu.alpha = a->u.unary.a;
  else
    p.leaky_relu.negative_slope = a->u.unary.a;
  return p;
}

static enum xnn_status callUnary(xnn_subgraph_t g, Args a) {
  int type;
  if (!enumValue(a[0].u.enumerator, "xnn_unary_", &type))
    return xnn_status_unsupported_parameter;
  bool present;
  union xnn_unary_params p = unaryParams(&a[1], &present);
  return xnn_define_unary(g, (enum xnn_unary_operator)type, present ? &p : NULL, a[2].u.id, a[3].u.id,
                          a[4].u.flags.value);
}

static enum xnn_status callBinary(xnn_subgraph_t g, Args a) {
  int type;
  if (!enumValue(a[0].u.enumerator, "xnn_binary_", &type))
    return xnn_status_unsupported_parameter;
  struct xnn_binary_params p = {a[1].u.binary.min, a[1].u.binary.max};
  return xnn_define_binary(g, (enum xnn_binary_operator)type, a[1].u.binary.present ? &p : NULL, a[2].u.id,
                           a[3].u.id, a[4].u.id, a[5].u.flags.value);
}

static enum xnn_status callTranspose(xnn_subgraph_t g, Args a) {
  return xnn_define_static_transpose(g, a[0].u.size, a[1].u.sizes.v, a[2].u.id, a[3].u.id, a[4].u.flags.value);
}

static enum xnn_status callFullyConnected(xnn_subgraph_t g, Args a) {
  return xnn_define_fully_connected(g, a[0].u.f, a[1].u.f, a[2].u.id, a[3].u.id, a[4].u.id, a[5].u.id,
                                    a[6].u.flags.value);
}

static enum xnn_status callConvolution(xnn_subgraph_t g, Args a) {
  return xnn_define_convolution_2d(g, a[0].u.u32, a[1].u.u32, a[2].u.u32, a[3].u.u32, a[4].u.u32, a[5].u.u32,
                                   a[6].u.u32, a[7].u.u32, a[8].u.u32, a[9].u.u32, a[10].u.u32, a[11].u.size,
                                   a[12].u.size, a[13].u.f, a[14].u.f, a[15].u.id, a[16].u.id, a[17].u.id,
                                   a[18].u.id, a[19].u.flags.value);
}

static enum xnn_status callDeconvolution(xnn_subgraph_t g, Args a) {
  return xnn_define_deconvolution_2d(g, a[0].u.u32, a[1].u.u32, a[2].u.u32, a[3].u.u32, a[4].u.u32, a[5].u.u32,
                                     a[6].u.u32, a[7].u.u32, a[8].u.u32, a[9].u.u32, a[10].u.u32, a[11].u.u32,
                                     a[12].u.u32, a[13].u.size, a[14].u.size, a[15].u.f, a[16].u.f, a[17].u.id,
                                     a[18].u.id, a[19].u.id, a[20].u.id, a[21].u.flags.value);
}

static enum xnn_status callResizeBilinear(xnn_subgraph_t g, Args a) {
  return xnn_define_static_resize_bilinear_2d(g, a[0].u.size, a[1].u.size, a[2].u.id, a[3].u.id,
                                              a[4].u.flags.value);
}

static enum xnn_status callMaxPool(xnn_subgraph_t g, Args a) {
  return xnn_define_max_pooling_2d(g, a[0].u.u32, a[1].u.u32, a[2].u.u32, a[3].u.u32, a[4].u.u32, a[5].u.u32,
                                   a[6].u.u32, a[7].u.u32, a[8].u.u32, a[9].u.u32, a[10].u.f, a[11].u.f,
                                   a[12].u.id, a[13].u.id, a[14].u.flags.value);
}

static enum xnn_status callAvgPool(xnn_subgraph_t g, Args a) {
  return xnn_define_average_pooling_2d(g, a[0].u.u32, a[1].u.u32, a[2].u.u32, a[3].u.u32, a[4].u.u32,
                                       a[5].u.u32, a[6].u.u32, a[7].u.u32, a[8].u.f, a[9].u.f, a[10].u.id,
                                       a[11].u.id, a[12].u.flags.value);
}

static enum xnn_status callReduce(xnn_subgraph_t g, Args a) {
  int type;
  if (!enumValue(a[0].u.enumerator, "xnn_reduce_", &type))
    return xnn_status_unsupported_parameter;
  return xnn_define_static_reduce_v2(g, (enum xnn_reduce_operator)type, a[1].u.size, a[2].u.i64s.v, a[3].u.id,
                                     a[4].u.id, a[5].u.flags.value);
}

static enum xnn_status callReshape(xnn_subgraph_t g, Args a) {
  return xnn_define_static_reshape(g, a[0].u.size, a[1].u.sizes.v, a[2].u.id, a[3].u.id, a[4].u.flags.value);
}

static enum xnn_status callConcat2(xnn_subgraph_t g, Args a) {
  return xnn_define_concatenate2(g, a[0].u.i32, a[1].u.id, a[2].u.id, a[3].u.id, a[4].u.flags.value);
}
static enum xnn_status callConcat3(xnn_subgraph_t g, Args a) {
  return xnn_define_concatenate3(g, a[0].u.i32, a[1].u.id, a[2].u.id, a[3].u.id, a[4].u.id, a[5].u.flags.value);
}
static enum xnn_status callConcat4(xnn_subgraph_t g, Args a) {
  return xnn_define_concatenate4(g, a[0].u.i32, a[1].u.id, a[2].u.id, a[3].u.id, a[4].u.id, a[5].u.id,
                                 a[6].u.flags.value);
}
static enum xnn_status callConcat5(xnn_subgraph_t g, Args a) {
  return xnn_define_concatenate5(g, a[0].u.i32, a[1].u.id, a[2].u.id, a[3].u.id, a[4].u.id, a[5].u.id,
                                 a[6].u.id, a[7].u.flags.value);
}

static enum xnn_status callSlice(xnn_subgraph_t g, Args a) {
  return xnn_define_static_slice(g, a[0].u.size, a[1].u.sizes.v, a[2].u.sizes.v, a[3].u.id, a[4].u.id,
                                 a[5].u.flags.value);
}

static enum xnn_status callSoftmax(xnn_subgraph_t g, Args a) {
  return xnn_define_softmax(g, a[0].u.id, a[1].u.id, a[2].u.flags.value);
}

static enum xnn_status callBatchMatmul(xnn_subgraph_t g, Args a) {
  return xnn_define_batch_matrix_multiply(g, a[0].u.id, a[1].u.id, a[2].u.id, a[3].u.flags.value);
}

static enum xnn_status callCopy(xnn_subgraph_t g, Args a) {
  return xnn_define_copy(g, a[0].u.id, a[1].u.id, a[2].u.flags.value);
}

#include "Emit/Bf16Rounding.inc"

static enum xnn_status callConvertBf16Rne(xnn_subgraph_t g, Args a) {
  return xnnmlir_define_convert_f32_to_bf16_rne(g, a[0].u.size, a[1].u.sizes.v, a[2].u.id, a[3].u.id, a[4].u.f,
                                                a[5].u.f, a[6].u.flags.value);
}

static enum xnn_status callRoundBf16Rne(xnn_subgraph_t g, Args a) {
  return xnnmlir_define_round_f32_to_bf16_rne(g, a[0].u.size, a[1].u.sizes.v, a[2].u.id, a[3].u.id, a[4].u.f,
                                              a[5].u.f, a[6].u.flags.value);
}

#include "Emit/Sigmoid.inc"

static enum xnn_status callSigmoid(xnn_subgraph_t g, Args a) {
  return xnnmlir_define_sigmoid(g, a[0].u.size, a[1].u.sizes.v, a[2].u.id, a[3].u.id, a[4].u.f, a[5].u.flags.value);
}

static enum xnn_status callPad(xnn_subgraph_t g, Args a) {
  return xnn_define_static_constant_pad(g, a[0].u.sizes.v, a[1].u.sizes.v, a[2].u.f, a[3].u.id, a[4].u.id,
                                        a[5].u.flags.value);
}

/* Argument signature letters: V value, U uint32, I int32, Z size_t, F float,
 * S size_t[], L int64_t[], E enumerator, G flags, P unary params, B binary params. */
typedef struct Call {
  const char *function;
  const char *signature;
  enum xnn_status (*call)(xnn_subgraph_t, Args);
} Call;

static const Call kCalls[] = {
    {"xnn_define_unary", "EPVVG", callUnary},
    {"xnn_define_binary", "EBVVVG", callBinary},
    {"xnn_define_static_transpose", "ZSVVG", callTranspose},
    {"xnn_define_fully_connected", "FFVVVVG", callFullyConnected},
    {"xnn_define_convolution_2d", "UUUUUUUUUUUZZFFVVVVG", callConvolution},
    {"xnn_define_max_pooling_2d", "UUUUUUUUUUFFVVG", callMaxPool},
    {"xnn_define_average_pooling_2d", "UUUUUUUUFFVVG", callAvgPool},
    {"xnn_define_static_reduce_v2", "EZLVVG", callReduce},
    {"xnn_define_static_reshape", "ZSVVG", callReshape},
    {"xnn_define_concatenate2", "IVVVG", callConcat2},
    {"xnn_define_concatenate3", "IVVVVG", callConcat3},
    {"xnn_define_concatenate4", "IVVVVVG", callConcat4},
    {"xnn_define_concatenate5", "IVVVVVVG", callConcat5},
    {"xnn_define_static_slice", "ZSSVVG", callSlice},
    {"xnn_define_softmax", "VVG", callSoftmax},
    {"xnn_define_batch_matrix_multiply", "VVVG", callBatchMatmul},
    {"xnn_define_copy", "VVG", callCopy},
    {"xnn_define_static_constant_pad", "SSFVVG", callPad},
    {"xnn_define_deconvolution_2d", "UUUUUUUUUUUUUZZFFVVVVG", callDeconvolution},
    {"xnn_define_static_resize_bilinear_2d", "ZZVVG", callResizeBilinear},
    {XNN_MLIR_BF16_RNE_FUNCTION, "ZSVVFFG", callConvertBf16Rne},
    {XNN_MLIR_BF16_RNE_F32_FUNCTION, "ZSVVFFG", callRoundBf16Rne},
    {XNN_MLIR_SIGMOID_FUNCTION, "ZSVVFG", callSigmoid},
};

static char letter(XnnMlirEmitArgType t) {
  static const char letters[] = "VUIZFSLEGPB";
  return (size_t)t < sizeof(letters) - 1 ? letters[t] : '?';
}

/* ---- the sink ------------------------------------------------------------ */

static bool sinkBegin(void *user, const XnnMlirEmitDelegate *info, char *err, size_t errSize) {
  Delegate *d = user;
  d->numInputs = info->numInputs;
  d->numOutputs = info->numOutputs;
  snprintf(d->name, sizeof(d->name), "%s", info->name);
  size_t ne = info->numInputs + info->numOutputs;
  d->externals = calloc(ne + 1, sizeof(External));
  d->bound = calloc(ne + 1, sizeof(struct xnn_external_value));
  if (!d->externals || !d->bound) {
    snprintf(err, errSize, "out of memory");
    return false;
  }
  enum xnn_status s = xnn_create_subgraph((uint32_t)ne, 0, &d->subgraph);
  if (s != xnn_status_success) {
    snprintf(err, errSize, "xnn_create_subgraph failed: %s", statusName(s));
    return false;
  }
  return true;
}

/* Keeps `data` (aligned_alloc'd) until the delegate goes; `untilCreated`:
 * only until the runtime is created (XNNPACK has packed it by then). */
static bool keepBuffer(Delegate *d, void *data, bool untilCreated, char *err, size_t errSize) {
  if (d->numBuffers == d->capBuffers) {
    d->capBuffers = d->capBuffers ? 2 * d->capBuffers : 16;
    void **grown = realloc(d->buffers, d->capBuffers * sizeof(void *));
    bool *grownTemp = grown ? realloc(d->bufferIsTemporary, d->capBuffers * sizeof(bool)) : NULL;
    if (grown)
      d->buffers = grown;
    if (grownTemp)
      d->bufferIsTemporary = grownTemp;
    if (!grown || !grownTemp) {
      free(data);
      snprintf(err, errSize, "out of memory");
      return false;
    }
  }
  d->bufferIsTemporary[d->numBuffers] = untilCreated;
  d->buffers[d->numBuffers++] = data;
  return true;
}

/* Large temporaries come straight from the kernel, so freeing them returns
 * the memory (the tools' heap never trims). */
enum { kMapFrom = 1u << 20 };

static void *tempAlloc(size_t bytes, bool map) {
  if (bytes < kMapFrom && !map)
    return aligned_alloc(64, (bytes + 63) / 64 * 64);
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : adviseHuge(p, bytes);
}

static void tempFree(void *p, size_t bytes, bool mapped) {
  if (!p)
    return;
  if (bytes < kMapFrom && !mapped)
    free(p);
  else
    munmap(p, bytes);
}

/* Frees temporary `t`'s data however it was allocated (not module memory). */
static void tempRelease(Temporary *t) {
  if (t->adopted)
    free(t->data);
  else
    tempFree(t->data, t->bytes, t->lazy);
  t->data = NULL;
}

static Temporary *findTemp(Delegate *d, uint32_t id) {
  size_t lo = 0, hi = d->numTemps;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (d->temps[mid].id < id)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < d->numTemps && d->temps[lo].id == id ? &d->temps[lo] : NULL;
}

/* Widens (or packs, int4) chunk `c` of lazy temporary `t` (or all of it for c == SIZE_MAX). */
static void fillLazy(Delegate *d, Temporary *t, size_t c) {
  size_t begin = c == SIZE_MAX ? 0 : t->chunkBegin[c], end = c == SIZE_MAX ? t->payload : t->chunkEnd[c];
  if (t->filled || (c != SIZE_MAX && t->chunkFilled[c]))
    return;
  /* The source rows of a mapped input were read: their pages go (read back if packed again). */
  if (t->int4Source) {
    xnnMlirEmitPackInt4(t->int4Source + 2 * begin, 2 * (end - begin), (uint8_t *)t->data + begin);
    d->releasedBytes += xnnMlirReleaseMappedBytes(t->int4Source + 2 * begin, 2 * (end - begin));
  } else {
    xnnWidenToF32Bits(t->source + begin / 4, (end - begin) / 4, t->fromF16, (uint32_t *)((char *)t->data + begin));
    d->releasedBytes += xnnMlirReleaseMappedBytes(t->source + begin / 4, (end - begin) / 2);
  }
  if (c == SIZE_MAX)
    t->filled = true;
  else
    t->chunkFilled[c] = true;
  d->lazyResident += end - begin;
  if (d->lazyResident > d->lazyPeakBytes)
    d->lazyPeakBytes = d->lazyResident;
}

/* The lazy temporary whose chunk (or, unchunked, whole data: SIZE_MAX) starts at `p`. */
static bool findChunk(Delegate *d, const void *p, Temporary **tOut, size_t *cOut) {
  for (size_t i = 0; p && i < d->numTemps; ++i) {
    Temporary *t = &d->temps[i];
    if (!t->lazy || !t->data)
      continue;
    for (size_t c = 0; c < t->numChunks; ++c)
      if ((const char *)t->data + t->chunkBegin[c] == (const char *)p) {
        *tOut = t, *cOut = c;
        return true;
      }
    if (!t->numChunks && t->data == p) {
      *tOut = t, *cOut = SIZE_MAX;
      return true;
    }
  }
  return false;
}

static size_t cacheLookUp(void *context, const struct xnn_weights_cache_look_up_key *key) {
  PackCache *c = context;
  Temporary *t;
  size_t chunk;
  if (findChunk(c->d, key->kernel, &t, &chunk)) /* about to be packed: widen it now */
    fillLazy(c->d, t, chunk);
  return SIZE_MAX; /* XNN_CACHE_NOT_FOUND: every node packs its own */
}

static void *cacheReserve(void *context, size_t n) {
  PackCache *c = context;
  if (c->numBlocks == c->capBlocks) {
    size_t cap = c->capBlocks ? 2 * c->capBlocks : 16;
    void **grown = realloc(c->blocks, cap * sizeof(void *));
    if (!grown)
      return NULL;
    c->blocks = grown, c->capBlocks = cap;
  }
  void *p = NULL;
  if (posix_memalign(&p, 64, n ? n : 1))
    return NULL;
  c->blocks[c->numBlocks++] = adviseHuge(p, n);
  return p;
}

/* Every node using quantized filter `t` packed it: its scales' copy goes. */
static void scalesPacked(Temporary *t) {
  free(t->scaleCopy);
  t->scaleCopy = NULL;
  t->scale = NULL;
}

/* True once every node using chunked filter `t` packed each of its chunks. */
static bool allChunksPacked(const Temporary *t) {
  for (size_t c = 0; c < t->numChunks; ++c)
    if (t->chunkPacks[c] < t->uses)
      return false;
  return t->numChunks > 0;
}

static void packedFrom(Delegate *d, const void *source) {
  for (size_t i = 0; source && i < d->numTemps; ++i) {
    Temporary *t = &d->temps[i];
    if (t->data != source || !t->uses || t->numChunks)
      continue;
    if (t->lazy && !t->filled)
      d->packedUnfilled = true; /* XNNPACK read it without looking it up first */
    if (--t->uses == 0) {
      scalesPacked(t);
      if (t->lazy && t->filled)
        d->lazyResident -= t->payload;
      if (t->borrowed)
        d->releasedBytes += xnnMlirReleaseMappedBytes(t->data, t->payload);
      else
        tempRelease(t), d->freedWhilePacking += t->payload;
      t->data = NULL;
    }
    return;
  }
}

/* Module memory XNNPACK read in place to pack: its pages of a mapped input
 * leave the resident set now (read back from the file if packed again). */
static void releaseInPlace(Delegate *d, const void *source) {
  for (size_t i = 0; source && i < d->numInPlace; ++i)
    if (d->inPlace[i] == source) {
      d->releasedBytes += xnnMlirReleaseMappedBytes(source, d->inPlaceBytes[i]);
      d->inPlaceBytes[i] = 0; /* released once */
    }
}

/* Drops the whole pages inside [p, p + n) of anonymous memory (zero when read again). */
static void dropPages(void *p, size_t n) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t first = ((uintptr_t)p + page - 1) & ~(page - 1), last = ((uintptr_t)p + n) & ~(page - 1);
  if (first < last)
    (void)madvise((void *)first, last - first, MADV_DONTNEED);
}

/* A chunk of a quantized filter was packed: once every node using it has,
 * its pages go (module memory: released from the mapping; a copy: dropped). */
static void quantChunkPacked(Delegate *d, const void *kernel) {
  for (size_t i = 0; kernel && i < d->numTemps; ++i) {
    Temporary *t = &d->temps[i];
    for (size_t c = 0; t->quant != XNN_MLIR_QUANT_NONE && t->data && c < t->numChunks; ++c) {
      char *p = (char *)t->data + t->chunkBegin[c];
      size_t n = t->chunkEnd[c] - t->chunkBegin[c];
      if (p != (const char *)kernel)
        continue;
      ++t->chunkPacks[c];
      if (allChunksPacked(t))
        scalesPacked(t);
      /* lazy ones are filled before each packing and dropped after it (cacheInsert) */
      if (t->lazy || t->chunkPacks[c] < t->uses)
        continue;
      t->chunkPacked[c] = true;
      if (t->borrowed) {
        d->releasedBytes += xnnMlirReleaseMappedBytes(p, n);
        return;
      } else if ((t->adopted ? t->payload : t->bytes) >= kMapFrom) { /* never shares pages with others */
        dropPages(p, n);
      }
      d->freedWhilePacking += n;
      return;
    }
  }
}

static size_t cacheInsert(void *context, const struct xnn_weights_cache_look_up_key *key, void *ptr, size_t size) {
  PackCache *c = context;
  Temporary *t;
  size_t chunk;
  quantChunkPacked(c->d, key->kernel);
  bool inChunk = findChunk(c->d, key->kernel, &t, &chunk) && chunk != SIZE_MAX;
  if (inChunk && !t->chunkFilled[chunk] && !t->filled)
    c->d->packedUnfilled = true; /* XNNPACK read it without looking it up first */
  if (inChunk)
    t->chunkPacked[chunk] = true;
  if (inChunk && !t->filled && t->chunkFilled[chunk]) { /* packed: its pages go */
    t->chunkFilled[chunk] = false; /* another node packing this chunk widens it again */
    dropPages((char *)t->data + t->chunkBegin[chunk], t->chunkEnd[chunk] - t->chunkBegin[chunk]);
    c->d->lazyResident -= t->chunkEnd[chunk] - t->chunkBegin[chunk];
    c->d->freedWhilePacking += t->chunkEnd[chunk] - t->chunkBegin[chunk];
  }
  for (size_t i = c->numBlocks; i-- > 0;)
    if (c->blocks[i] == ptr) {
      c->bytes += size;
      packedFrom(c->d, key->kernel);
      packedFrom(c->d, key->bias);
      releaseInPlace(c->d, key->kernel);
      return i;
    }
  return SIZE_MAX;
}

static bool cacheIsFinalized(void *context) { return ((PackCache *)context)->finalized; }

static void *cacheOffsetToAddr(void *context, size_t offset) {
  PackCache *c = context;
  return offset < c->numBlocks ? c->blocks[offset] : NULL;
}

static enum xnn_status cacheDelete(void *context) {
  PackCache *c = context;
  for (size_t i = 0; i < c->numBlocks; ++i)
    free(c->blocks[i]);
  free(c->blocks);
  free(c);
  return xnn_status_success;
}

/* Records `data` (tempAlloc'd, `bytes` long, `payload` of them values) as a
 * temporary: freed as soon as the nodes naming it have packed it (its value
 * id is set once defined, tempDefined). Frees `data` on failure. */
static bool addTemporary(Delegate *d, void *data, size_t bytes, size_t payload, bool lazy, char *err,
                         size_t errSize) {
  if (d->numTemps == d->capTemps) {
    size_t cap = d->capTemps ? 2 * d->capTemps : 16;
    Temporary *grown = realloc(d->temps, cap * sizeof(Temporary));
    if (!grown) {
      tempFree(data, bytes, lazy);
      snprintf(err, errSize, "out of memory");
      return false;
    }
    d->temps = grown, d->capTemps = cap;
  }
  Temporary *tp = &d->temps[d->numTemps++];
  memset(tp, 0, sizeof(*tp));
  tp->data = data, tp->bytes = bytes, tp->payload = payload, tp->id = XNN_INVALID_VALUE_ID, tp->lazy = lazy;
  return true;
}

/* Value `id` was defined with `data`: if that is the newest temporary, it is
 * that value's (ids increase, so the array stays sorted for findTemp). */
static bool tempDefined(Delegate *d, const void *data, uint32_t id, char *err, size_t errSize) {
  if (!data || !d->numTemps || d->temps[d->numTemps - 1].data != data)
    return true;
  d->temps[d->numTemps - 1].id = id;
  if (d->numTemps > 1 && d->temps[d->numTemps - 2].id > id) {
    snprintf(err, errSize, "XNNPACK value ids do not increase");
    return false;
  }
  return true;
}

static bool keepInPlace(Delegate *d, const void *data, size_t bytes, char *err, size_t errSize) {
  if (d->numInPlace == d->capInPlace) {
    d->capInPlace = d->capInPlace ? 2 * d->capInPlace : 16;
    const void **grown = realloc(d->inPlace, d->capInPlace * sizeof(void *));
    size_t *grownBytes = grown ? realloc(d->inPlaceBytes, d->capInPlace * sizeof(size_t)) : NULL;
    if (grown)
      d->inPlace = grown;
    if (grownBytes)
      d->inPlaceBytes = grownBytes;
    if (!grown || !grownBytes) {
      snprintf(err, errSize, "out of memory");
      return false;
    }
  }
  d->inPlace[d->numInPlace] = data;
  d->inPlaceBytes[d->numInPlace++] = bytes;
  return true;
}

static bool recordValue(Delegate *d, const XnnMlirEmitTensor *t, const uint32_t *id, char *err, size_t errSize);

/* A copy of `bytes` of `src` XNNPACK may read (with its XNN_EXTRA_BYTES of
 * zeros), aligned_alloc'd; NULL (with a reason in err) when out of memory. */
static void *paddedCopy(const void *src, size_t bytes, char *err, size_t errSize) {
  size_t padded = (bytes + XNN_EXTRA_BYTES + 63) / 64 * 64;
  void *p = aligned_alloc(64, padded);
  if (!p) {
    snprintf(err, errSize, "out of memory for %zu bytes of static data", bytes);
    return NULL;
  }
  memcpy(p, src, bytes);
  memset((char *)p + bytes, 0, padded - bytes);
  return p;
}

/* paddedCopy kept until the runtime is created (`untilCreated`) or the delegate goes. */
static void *keepCopy(Delegate *d, const void *src, size_t bytes, bool untilCreated, char *err, size_t errSize) {
  void *p = paddedCopy(src, bytes, err, errSize);
  return p && keepBuffer(d, p, untilCreated, err, errSize) ? p : NULL;
}

/* Quantized values (Emit.h, XnnMlirEmitQuant): qdint8 and qint8 activations
 * and static qcint8 / qcint4 / qbint4 weights and qcint32 biases with their
 * scales. */
static enum xnn_status defineQuantTensor(Delegate *d, const XnnMlirEmitTensor *t, uint32_t *id, char *err,
                                         size_t errSize, const char **fn, const void **dataOut) {
  if (t->quant == XNN_MLIR_QUANT_QDINT8) {
    *fn = "xnn_define_dynamically_quantized_tensor_value";
    return xnn_define_dynamically_quantized_tensor_value(d->subgraph, xnn_datatype_qdint8, t->rank, 1, t->dims,
                                                         XNN_INVALID_VALUE_ID, 0, id);
  }
  if (t->quant == XNN_MLIR_QUANT_QINT8) {
    *fn = "xnn_define_quantized_tensor_value";
    return xnn_define_quantized_tensor_value(d->subgraph, xnn_datatype_qint8, t->zeroPoint, t->quantScale, t->rank,
                                             t->dims, NULL, XNN_INVALID_VALUE_ID, 0, id);
  }
  /* XNNPACK keeps both pointers and reads them when it packs the weights
   * (xnn_create_runtime): kept until then when only packed. */
  bool untilCreated = t->flags & XNN_MLIR_EMIT_PACKED_ONLY;
  size_t scaleBytes = t->numScales * (t->quant == XNN_MLIR_QUANT_QBINT4 ? 2 : 4);
  void *data = NULL;
  bool filter = t->rank == 2 && t->quant != XNN_MLIR_QUANT_QCINT32;
  if (t->int4Source && untilCreated && filter) {
    /* int4 values one a byte in the module's memory: packed two a byte into
     * pages mapped now but written only when XNNPACK is about to pack them
     * (the weights cache's look-up), dropped right after */
    size_t padded = (t->dataBytes + XNN_EXTRA_BYTES + 63) / 64 * 64;
    if (!(data = tempAlloc(padded, true))) {
      snprintf(err, errSize, "out of memory for %zu bytes of static data", t->dataBytes);
      return xnn_status_out_of_memory;
    }
    if (!addTemporary(d, data, padded, t->dataBytes, true, err, errSize))
      return xnn_status_out_of_memory;
    d->temps[d->numTemps - 1].int4Source = t->int4Source;
  } else if (t->int4Source) {
    snprintf(err, errSize, "int4 values handed over unpacked for a tensor that is not a packed-only filter");
    return xnn_status_invalid_parameter;
  } else if (t->data && t->stable && untilCreated && filter) {
    /* int8 filters in the module's own memory, read exactly once when packed
     * (as f32 filters are, sinkTensor): no copy; mapped pages released once packed. */
    data = (void *)t->data;
    if (!addTemporary(d, data, t->dataBytes, t->dataBytes, false, err, errSize))
      return xnn_status_out_of_memory;
    d->temps[d->numTemps - 1].borrowed = true;
  } else if (t->data && t->stable && untilCreated) {
    data = (void *)t->data;
    if (!keepInPlace(d, t->data, t->dataBytes, err, errSize))
      return xnn_status_out_of_memory;
  } else if (t->data && untilCreated && t->adopt && *t->adopt == t->data) {
    /* int4 packed two a byte by the emitter for this call: taken over, not
     * copied, and freed as soon as packed, as widened filters are */
    data = *t->adopt;
    *t->adopt = NULL;
    if (!addTemporary(d, data, 0, t->dataBytes, false, err, errSize))
      return xnn_status_out_of_memory;
    d->temps[d->numTemps - 1].adopted = true;
  } else if (t->data && untilCreated) {
    /* a copy of data that do not outlive the emission: freed as soon as packed */
    size_t padded = (t->dataBytes + XNN_EXTRA_BYTES + 63) / 64 * 64;
    if (!(data = tempAlloc(padded, false))) {
      snprintf(err, errSize, "out of memory for %zu bytes of static data", t->dataBytes);
      return xnn_status_out_of_memory;
    }
    memcpy(data, t->data, t->dataBytes);
    memset((char *)data + t->dataBytes, 0, padded - t->dataBytes);
    if (!addTemporary(d, data, padded, t->dataBytes, false, err, errSize))
      return xnn_status_out_of_memory;
  } else if (t->data) {
    data = keepCopy(d, t->data, t->dataBytes, untilCreated, err, errSize);
  }
  /* a packed-only filter's scales are its own, freed once it is packed; others' kept */
  bool ownScale = filter && untilCreated && d->numTemps && d->temps[d->numTemps - 1].data == data;
  void *scale = NULL;
  if (data && t->scale && ownScale)
    scale = d->temps[d->numTemps - 1].scaleCopy = paddedCopy(t->scale, scaleBytes, err, errSize);
  else if (data && t->scale) {
    scale = keepCopy(d, t->scale, scaleBytes, untilCreated, err, errSize);
  }
  if (!data || !scale) {
    if (!err[0])
      snprintf(err, errSize, "quantized weights without data or scales");
    return xnn_status_out_of_memory;
  }
  *dataOut = data;
  if (filter && untilCreated && d->numTemps && d->temps[d->numTemps - 1].data == data) {
    Temporary *tp = &d->temps[d->numTemps - 1];
    tp->quant = t->quant, tp->scale = scale, tp->rowBytes = t->dataBytes / t->dims[0];
    tp->scaleRowBytes = scaleBytes / t->dims[0], tp->blockSize = t->blockSize;
  }
  switch (t->quant) {
  case XNN_MLIR_QUANT_QCINT8:
    *fn = "xnn_define_channelwise_quantized_tensor_value";
    return xnn_define_channelwise_quantized_tensor_value(d->subgraph, xnn_datatype_qcint8, scale, t->rank, 0, t->dims,
                                                         data, XNN_INVALID_VALUE_ID, 0, id);
  case XNN_MLIR_QUANT_QCINT32:
    *fn = "xnn_define_channelwise_quantized_tensor_value";
    return xnn_define_channelwise_quantized_tensor_value(d->subgraph, xnn_datatype_qcint32, scale, t->rank, 0, t->dims,
                                                         data, XNN_INVALID_VALUE_ID, 0, id);
  case XNN_MLIR_QUANT_QCINT4:
    *fn = "xnn_define_channelwise_quantized_tensor_value_v2";
    return xnn_define_channelwise_quantized_tensor_value_v2(d->subgraph, xnn_datatype_qcint4, 8, scale, t->rank, 0,
                                                            t->dims, data, XNN_INVALID_VALUE_ID, 0, id);
  case XNN_MLIR_QUANT_QBINT4:
    *fn = "xnn_define_blockwise_quantized_tensor_value";
    return xnn_define_blockwise_quantized_tensor_value(d->subgraph, xnn_datatype_qbint4, 8, scale, t->rank, 0,
                                                       t->blockSize, t->dims, data, XNN_INVALID_VALUE_ID, 0, id);
  default:
    snprintf(err, errSize, "unknown quantization");
    return xnn_status_invalid_parameter;
  }
}

static bool sinkTensor(void *user, const XnnMlirEmitTensor *t, uint32_t *id, char *err, size_t errSize) {
  Delegate *d = user;
  if (t->quant != XNN_MLIR_QUANT_NONE) {
    if (t->externalId != XNN_MLIR_EMIT_INVALID_ID) {
      snprintf(err, errSize, "quantized values cannot be delegate inputs or outputs");
      return false;
    }
    const char *fn = "xnn_define_tensor_value";
    err[0] = 0;
    const void *data = NULL;
    enum xnn_status s = defineQuantTensor(d, t, id, err, errSize, &fn, &data);
    if (s != xnn_status_success) {
      if (!err[0])
        snprintf(err, errSize, "XNNPACK refuses quantized tensor %s: %s: %s", t->name ? t->name : "", fn,
                 statusName(s));
      return false;
    }
    return recordValue(d, t, id, err, errSize) && tempDefined(d, data, *id, err, errSize);
  }
  size_t width = xnnMlirDTypeSize(t->dtype), count = 1;
  for (size_t i = 0; i < t->rank; ++i)
    count *= t->dims[i];
  bool packedOnly = t->flags & XNN_MLIR_EMIT_PACKED_ONLY, widen = t->dataDtype != t->dtype;
  void *data = NULL;
  if (t->data && t->stable && !t->splat && !widen && packedOnly) {
    /* The module's own memory (a blob, mapped or converted): packed at creation,
     * read exactly, and the module outlives the runtime. No copy. */
    data = (void *)t->data;
    if (!keepInPlace(d, t->data, count * width, err, errSize))
      return false;
  } else if (t->data) {
    size_t bytes = count * width;
    size_t padded = (bytes + XNN_EXTRA_BYTES + 63) / 64 * 64;
    bool temporary = widen && packedOnly;
    bool lazy = temporary && !t->splat && t->rank == 2 && d->chunkBytes && bytes > d->chunkBytes &&
                t->dataDtype == XNN_MLIR_BF16;
    if (!(data = temporary ? tempAlloc(padded, lazy) : adviseHuge(aligned_alloc(64, padded), padded))) {
      snprintf(err, errSize, "out of memory for %zu bytes of static data", bytes);
      return false;
    }
    /* Widened weights that are only packed are freed once packed. */
    if (temporary) {
      if (!addTemporary(d, data, padded, bytes, lazy, err, errSize))
        return false;
      Temporary *tp = &d->temps[d->numTemps - 1];
      tp->source = t->data, tp->fromF16 = t->dataDtype == XNN_MLIR_F16;
      tp->rowBytes = t->dims[1] * width;
      d->widenedBytes += bytes;
    } else if (!keepBuffer(d, data, false, err, errSize)) {
      return false;
    }
    if (!lazy) /* mapped: zero already */
      memset((char *)data + bytes, 0, padded - bytes); /* the rest is written below */
    if (lazy) {
      /* widened when packed; the bf16 pages are released as they are read */
    } else if (widen) { /* bf16/f16 data of an f32 tensor */
      uint32_t *out = data;
      xnnWidenToF32Bits(t->data, t->splat ? 1 : count, t->dataDtype == XNN_MLIR_F16, out);
      for (size_t i = 1; t->splat && i < count; ++i)
        out[i] = out[0];
      /* A blob in a mapped bytecode input: its pages leave the resident set
       * (read back from the file if ever needed again). */
      if (t->stable && !t->splat)
        d->releasedBytes += xnnMlirReleaseMappedBytes(t->data, count * xnnMlirDTypeSize(t->dataDtype));
    } else if (t->splat) {
      for (size_t i = 0; i < count; ++i)
        memcpy((char *)data + i * width, t->data, width);
    } else {
      memcpy(data, t->data, bytes);
    }
  }
  if (t->externalId != XNN_MLIR_EMIT_INVALID_ID) {
    size_t k = t->externalId;
    if (k >= d->numInputs + d->numOutputs) {
      snprintf(err, errSize, "external id %zu out of range", k);
      return false;
    }
    d->externals[k].dtype = t->dtype;
    d->externals[k].rank = t->rank;
    memcpy(d->externals[k].dims, t->dims, sizeof(t->dims));
  }
  uint32_t flags = (t->flags & XNN_MLIR_EMIT_EXTERNAL_INPUT ? XNN_VALUE_FLAG_EXTERNAL_INPUT : 0) |
                   (t->flags & XNN_MLIR_EMIT_EXTERNAL_OUTPUT ? XNN_VALUE_FLAG_EXTERNAL_OUTPUT : 0);
  enum xnn_status s = xnn_define_tensor_value(d->subgraph, datatype(t->dtype), t->rank, t->dims, data,
                                              t->externalId, flags, id);
  if (s != xnn_status_success) {
    snprintf(err, errSize, "XNNPACK refuses tensor %s (%s%s): xnn_define_tensor_value: %s",
             t->name ? t->name : "", xnnMlirDTypeName(t->dtype), t->data ? ", static" : "", statusName(s));
    return false;
  }
  if (!recordValue(d, t, id, err, errSize))
    return false;
  return tempDefined(d, data, *id, err, errSize);
}

/* What the sink knows of value *id. */
static bool recordValue(Delegate *d, const XnnMlirEmitTensor *t, const uint32_t *id, char *err, size_t errSize) {
  if (*id >= d->numValues) {
    size_t n = d->numValues ? 2 * d->numValues : 64;
    while (n <= *id)
      n *= 2;
    ValueInfo *grown = realloc(d->values, n * sizeof(ValueInfo));
    if (!grown) {
      snprintf(err, errSize, "out of memory");
      return false;
    }
    memset(grown + d->numValues, 0, (n - d->numValues) * sizeof(ValueInfo));
    d->values = grown, d->numValues = n;
  }
  d->values[*id].dtype = t->dtype, d->values[*id].rank = t->rank;
  memcpy(d->values[*id].dims, t->dims, sizeof(t->dims));
  return true;
}

/* A fully connected node whose f32 filter (a lazy copy of bf16 weights) is
 * larger than the runtime's chunk size becomes up to 5 nodes over row ranges
 * of the filter (output channels), concatenated on the last axis: each
 * chunk is widened just before XNNPACK packs it and dropped right after, so
 * no more than one chunk's f32 copy exists beside the packed weights (the
 * 262144 x 1152 lm_head of gemma-3-1b: 1.2 GB at once otherwise). Every
 * output is the same dot product over the same row as in one node. */
static size_t numChunks(const Delegate *d, const Temporary *t) {
  size_t k = (t->payload + d->chunkBytes - 1) / d->chunkBytes;
  return k > 5 ? 5 : k < 2 ? 2 : k; /* the same for every node packing this filter: the same chunks */
}

/* No bias, filter [out, in], output's last axis the filter's rows, enough rows. */
static bool canChunk(const Delegate *d, const XnnMlirEmitNode *n, const Temporary *t) {
  uint32_t filter = n->args[3].u.id, output = n->args[5].u.id;
  if (n->args[4].u.id != XNN_INVALID_VALUE_ID || (n->args[6].u.flags.value & XNN_FLAG_TRANSPOSE_WEIGHTS) ||
      filter >= d->numValues || output >= d->numValues)
    return false;
  const ValueInfo *fi = &d->values[filter], *oi = &d->values[output];
  size_t k = numChunks(d, t);
  return fi->rank == 2 && oi->rank && oi->dims[oi->rank - 1] == fi->dims[0] && fi->dims[0] >= k &&
         (!t->numChunks || t->numChunks == k);
}

/* The quantized filter `t` (rows [at, at + r)) as a value of its own. */
static enum xnn_status defineQuantChunk(Delegate *d, const Temporary *t, const ValueInfo *fi, size_t at, size_t r,
                                        uint32_t *id) {
  size_t dims[2] = {r, fi->dims[1]};
  void *data = (char *)t->data + at * t->rowBytes;
  const void *scale = t->scale + at * t->scaleRowBytes;
  switch (t->quant) {
  case XNN_MLIR_QUANT_QCINT8:
    return xnn_define_channelwise_quantized_tensor_value(d->subgraph, xnn_datatype_qcint8, scale, 2, 0, dims, data,
                                                         XNN_INVALID_VALUE_ID, 0, id);
  case XNN_MLIR_QUANT_QCINT4:
    return xnn_define_channelwise_quantized_tensor_value_v2(d->subgraph, xnn_datatype_qcint4, 8, scale, 2, 0, dims,
                                                            data, XNN_INVALID_VALUE_ID, 0, id);
  case XNN_MLIR_QUANT_QBINT4:
    return xnn_define_blockwise_quantized_tensor_value(d->subgraph, xnn_datatype_qbint4, 8, scale, 2, 0,
                                                       t->blockSize, dims, data, XNN_INVALID_VALUE_ID, 0, id);
  default:
    return xnn_status_invalid_parameter;
  }
}

/* Filter `t` packed as 2-5 row chunks, each its own fully connected node
 * (f32 filters widened lazily, quantized ones as they are), concatenated. */
static bool chunkedFullyConnected(Delegate *d, const XnnMlirEmitNode *n, Temporary *t, char *err, size_t errSize) {
  uint32_t filter = n->args[3].u.id, output = n->args[5].u.id;
  const ValueInfo *fi = &d->values[filter], *oi = &d->values[output];
  size_t rows = fi->dims[0];
  size_t k = numChunks(d, t);
  uint32_t outs[5];
  size_t at = 0;
  for (size_t c = 0; c < k; ++c) {
    size_t r = rows / k + (c < rows % k ? 1 : 0);
    size_t dims[XNN_MLIR_EMIT_MAX_RANK];
    memcpy(dims, fi->dims, sizeof(dims));
    dims[0] = r;
    uint32_t fid;
    enum xnn_status s =
        t->quant != XNN_MLIR_QUANT_NONE
            ? defineQuantChunk(d, t, fi, at, r, &fid)
            : xnn_define_tensor_value(d->subgraph, xnn_datatype_fp32, 2, dims, (char *)t->data + at * t->rowBytes,
                                      XNN_INVALID_VALUE_ID, 0, &fid);
    memcpy(dims, oi->dims, sizeof(dims));
    dims[oi->rank - 1] = r;
    if (s == xnn_status_success)
      s = xnn_define_tensor_value(d->subgraph, datatype(oi->dtype), oi->rank, dims, NULL, XNN_INVALID_VALUE_ID, 0,
                                  &outs[c]);
    if (s == xnn_status_success)
      s = xnn_define_fully_connected(d->subgraph, n->args[0].u.f, n->args[1].u.f, n->args[2].u.id, fid,
                                     XNN_INVALID_VALUE_ID, outs[c], n->args[6].u.flags.value);
    if (s != xnn_status_success) {
      snprintf(err, errSize, "XNNPACK refuses %s (chunk %zu of %zu): %s", n->what ? n->what : "node", c, k,
               statusName(s));
      return false;
    }
    t->chunkBegin[c] = at * t->rowBytes;
    t->chunkEnd[c] = (at + r) * t->rowBytes;
    at += r;
  }
  t->numChunks = k;
  if (t->quant != XNN_MLIR_QUANT_NONE) /* its chunks go once every node using it packed them */
    ++t->uses, ++t->chunkedUses;
  int axis = (int)oi->rank - 1;
  enum xnn_status s =
      k == 2   ? xnn_define_concatenate2(d->subgraph, axis, outs[0], outs[1], output, 0)
      : k == 3 ? xnn_define_concatenate3(d->subgraph, axis, outs[0], outs[1], outs[2], output, 0)
      : k == 4 ? xnn_define_concatenate4(d->subgraph, axis, outs[0], outs[1], outs[2], outs[3], output, 0)
               : xnn_define_concatenate5(d->subgraph, axis, outs[0], outs[1], outs[2], outs[3], outs[4], output, 0);
  if (s != xnn_status_success) {
    snprintf(err, errSize, "XNNPACK refuses %s (concatenating %zu chunks): %s", n->what ? n->what : "node", k,
             statusName(s));
    return false;
  }
  d->numNodes += 1 + k;
  return true;
}

/* A large quantized filter with an f32 output packs as row chunks, each its
 * own fully connected node, concatenated: each chunk's pages go once packed
 * (quantChunkPacked), so the source and the packed copy of one filter never
 * coexist whole. Same values: every output column is one row's dot product. */
static bool canChunkQuant(const Delegate *d, const XnnMlirEmitNode *n, const Temporary *t) {
  if (t->quant == XNN_MLIR_QUANT_NONE || !d->chunkBytes || t->payload <= d->chunkBytes || !t->data ||
      !canChunk(d, n, t))
    return false;
  const ValueInfo *fi = &d->values[n->args[3].u.id], *oi = &d->values[n->args[5].u.id];
  return oi->dtype == XNN_MLIR_F32 && t->rowBytes * fi->dims[0] == t->payload &&
         t->scaleRowBytes && (t->quant != XNN_MLIR_QUANT_QBINT4 || t->blockSize);
}

static bool sinkNode(void *user, const XnnMlirEmitNode *n, char *err, size_t errSize) {
  Delegate *d = user;
  const Call *c = NULL;
  for (size_t i = 0; i < sizeof(kCalls) / sizeof(kCalls[0]) && !c; ++i)
    if (!strcmp(kCalls[i].function, n->function))
      c = &kCalls[i];
  if (!c) {
    snprintf(err, errSize, "the live runtime has no adapter for %s", n->function);
    return false;
  }
  bool sigOk = strlen(c->signature) == n->numArgs;
  for (size_t i = 0; sigOk && i < n->numArgs; ++i)
    sigOk = letter(n->args[i].type) == c->signature[i];
  for (size_t i = 0; sigOk && i < n->numArgs; ++i)
    if (n->args[i].type == XNN_MLIR_ARG_SIZE && i + 1 < n->numArgs &&
        (n->args[i + 1].type == XNN_MLIR_ARG_SIZES || n->args[i + 1].type == XNN_MLIR_ARG_I64S))
      sigOk = n->args[i].u.size <= XNN_MLIR_EMIT_MAX_RANK;
  if (!sigOk) {
    snprintf(err, errSize, "%s: argument list does not match the prototype", n->function);
    return false;
  }
  if (!strcmp(n->function, "xnn_define_fully_connected")) {
    Temporary *t = findTemp(d, n->args[3].u.id);
    if (t && t->lazy && !t->int4Source && !t->filled && canChunk(d, n, t))
      return chunkedFullyConnected(d, n, t, err, errSize);
    if (t && canChunkQuant(d, n, t)) {
      if (t->int4Source && t->uses > t->chunkedUses) /* also packed whole: filled whole, now */
        fillLazy(d, t, SIZE_MAX);
      return chunkedFullyConnected(d, n, t, err, errSize);
    }
  }
  for (size_t i = 0; d->numTemps && i < n->numArgs; ++i)
    if (n->args[i].type == XNN_MLIR_ARG_VALUE) {
      Temporary *t = findTemp(d, n->args[i].u.id);
      if (t)
        ++t->uses;
      /* not packed in chunks: widened whole, now, and kept until created (int4:
       * packed when looked up, unless also packed in chunks) */
      if (t && t->lazy && (!t->int4Source || t->numChunks))
        fillLazy(d, t, SIZE_MAX);
    }
  enum xnn_status s = c->call(d->subgraph, n->args);
  if (s != xnn_status_success) {
    snprintf(err, errSize, "XNNPACK refuses %s: %s: %s", n->what ? n->what : "node", n->function,
             statusName(s));
    return false;
  }
  ++d->numNodes;
  return true;
}

static void deleteDelegate(Delegate *d) {
  if (!d)
    return;
  if (d->runtime)
    xnn_delete_runtime(d->runtime);
  if (d->subgraph)
    xnn_delete_subgraph(d->subgraph);
  for (size_t i = 0; i < d->numBuffers; ++i)
    free(d->buffers[i]);
  free(d->buffers);
  free(d->bufferIsTemporary);
  for (size_t i = 0; i < d->numTemps; ++i) {
    if (!d->temps[i].borrowed)
      tempRelease(&d->temps[i]);
    scalesPacked(&d->temps[i]);
  }
  free(d->temps);
  free(d->values);
  if (d->cache) /* after the runtime, which reads its blocks */
    cacheDelete(d->cache);
  free(d->inPlace);
  free(d->inPlaceBytes);
  free(d->externals);
  free(d->bound);
  free(d->opNames);
  free(d->opMicros);
  free(d->opLast);
  free(d);
}

XnnMlirRuntime *xnnMlirRuntimeCreate(size_t numThreads, char *err, size_t errSize) {
  enum xnn_status s = xnn_initialize(&kAllocator);
  if (s != xnn_status_success) {
    snprintf(err, errSize, "xnn_initialize failed: %s", statusName(s));
    return NULL;
  }
  XnnMlirRuntime *rt = calloc(1, sizeof(*rt));
  if (!rt) {
    snprintf(err, errSize, "out of memory");
    return NULL;
  }
  rt->chunkBytes = (size_t)64 << 20;
  if (numThreads > 1 && !(rt->pool = pthreadpool_create(numThreads))) {
    snprintf(err, errSize, "pthreadpool_create(%zu) failed", numThreads);
    free(rt);
    return NULL;
  }
  return rt;
}

void xnnMlirRuntimeDestroy(XnnMlirRuntime *rt) {
  if (!rt)
    return;
  for (size_t i = 0; i < rt->numDelegates; ++i)
    deleteDelegate(rt->delegates[i]);
  free(rt->delegates);
  if (rt->pool)
    pthreadpool_destroy(rt->pool);
  free(rt);
}

static Delegate *find(XnnMlirRuntime *rt, MlirOperation func) {
  for (size_t i = 0; i < rt->numDelegates; ++i)
    if (mlirOperationEqual(rt->delegates[i]->func, func))
      return rt->delegates[i];
  return NULL;
}

static Delegate *prepare(XnnMlirRuntime *rt, MlirOperation func, char *err, size_t errSize) {
  Delegate *d = find(rt, func);
  if (d)
    return d;
  double t0 = now(), c0 = cpuNow();
  if (!(d = calloc(1, sizeof(*d)))) {
    snprintf(err, errSize, "out of memory");
    return NULL;
  }
  d->func = func;
  d->chunkBytes = rt->chunkBytes;
  XnnMlirEmitter em = {d, sinkBegin, sinkTensor, sinkNode, NULL, true};
  if (!xnnMlirEmitDelegate(func, rt->numDelegates, &em)) {
    /* The emitter may fail before it names the delegate: take the symbol. */
    MlirAttribute sym = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
    MlirStringRef name = !mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym)
                             ? mlirStringAttrGetValue(sym)
                             : mlirStringRefCreateFromCString("?");
    snprintf(err, errSize, "delegate @%.*s cannot be built for XNNPACK (see the diagnostic above)",
             (int)(name.length > 200 ? 200 : name.length), name.data);
    deleteDelegate(d);
    return NULL;
  }
  double t1 = now();
  d->defineSeconds = t1 - t0;
  if (!(d->cache = calloc(1, sizeof(PackCache)))) {
    snprintf(err, errSize, "out of memory");
    deleteDelegate(d);
    return NULL;
  }
  d->cache->d = d;
  d->cache->provider = (struct xnn_weights_cache_provider){d->cache, cacheLookUp, cacheReserve, cacheInsert,
                                                           cacheIsFinalized, cacheOffsetToAddr, cacheDelete};
  enum xnn_status s = xnn_create_runtime_v4(d->subgraph, &d->cache->provider, NULL, rt->pool,
                                            rt->profiling ? XNN_FLAG_BASIC_PROFILING : 0, &d->runtime);
  d->cache->finalized = true;
  if (s == xnn_status_success)
    s = xnn_reshape_runtime(d->runtime); /* static shapes: once */
  if (s != xnn_status_success) {
    snprintf(err, errSize, "XNNPACK refuses delegate @%s: xnn_create_runtime_v3/xnn_reshape_runtime: %s", d->name,
             statusName(s));
    deleteDelegate(d);
    return NULL;
  }
  d->packSeconds = now() - t1;
  xnn_delete_subgraph(d->subgraph); /* the runtime does not need it */
  d->subgraph = NULL;
  /* XNNPACK has packed what it packs: the f32 copies made for it go, and the
   * pages of a mapped input it read in place leave the resident set (read
   * back from the file if anything touches them again). */
  for (size_t i = 0; i < d->numTemps; ++i) {
    Temporary *t = &d->temps[i];
    bool packed = t->numChunks || !t->lazy || t->filled;
    for (size_t c = 0; c < t->numChunks; ++c)
      packed = packed && t->chunkPacked[c];
    if ((t->lazy && !packed && t->uses + t->numChunks) || d->packedUnfilled) {
      snprintf(err, errSize, "delegate @%s: XNNPACK packed a lazily widened filter without its weights cache",
               d->name);
      deleteDelegate(d);
      return NULL;
    }
    if (t->borrowed && t->data && !t->numChunks)
      d->releasedBytes += xnnMlirReleaseMappedBytes(t->data, t->payload);
    for (size_t c = 0; t->borrowed && t->data && c < t->numChunks; ++c)
      if (!t->chunkPacked[c]) /* chunks already released went once */
        d->releasedBytes += xnnMlirReleaseMappedBytes((char *)t->data + t->chunkBegin[c],
                                                      t->chunkEnd[c] - t->chunkBegin[c]);
    if (!t->borrowed)
      tempRelease(t);
    scalesPacked(t);
  }
  free(d->temps);
  d->temps = NULL, d->numTemps = d->capTemps = 0;
  free(d->values);
  d->values = NULL, d->numValues = 0;
  for (size_t i = 0; i < d->numInPlace; ++i)
    d->releasedBytes += xnnMlirReleaseMappedBytes(d->inPlace[i], d->inPlaceBytes[i]);
  free(d->inPlace);
  free(d->inPlaceBytes);
  d->inPlace = NULL, d->inPlaceBytes = NULL, d->numInPlace = d->capInPlace = 0;
#ifdef __GLIBC__
  malloc_trim(0); /* the copies freed above lie inside the heap: give their pages back */
#endif
  d->createSeconds = now() - t0;
  d->createCpuSeconds = cpuNow() - c0;
  if (rt->numDelegates == rt->capDelegates) {
    rt->capDelegates = rt->capDelegates ? 2 * rt->capDelegates : 8;
    Delegate **grown = realloc(rt->delegates, rt->capDelegates * sizeof(Delegate *));
    if (!grown) {
      deleteDelegate(d);
      snprintf(err, errSize, "out of memory");
      return NULL;
    }
    rt->delegates = grown;
  }
  rt->delegates[rt->numDelegates++] = d;
  return d;
}

bool xnnMlirRuntimePrepare(XnnMlirRuntime *rt, MlirOperation func, char *err, size_t errSize) {
  return prepare(rt, func, err, errSize) != NULL;
}

size_t xnnMlirDelegateStaticBytes(MlirOperation func) {
  size_t total = 0;
  MlirRegion region = mlirOperationGetRegion(func, 0);
  MlirBlock body = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(body))
    return 0;
  MlirStringRef constant = mlirStringRefCreateFromCString("xnn.constant");
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    if (mlirOperationGetNumResults(op) != 1 || !mlirStringRefEqual(name, constant))
      continue;
    MlirType ty = mlirValueGetType(mlirOperationGetResult(op, 0));
    if (!mlirTypeIsARankedTensor(ty) || !mlirShapedTypeHasStaticShape(ty))
      continue;
    size_t n = xnnMlirDTypeSize(xnnMlirDTypeFromType(mlirShapedTypeGetElementType(ty)));
    for (intptr_t k = 0; k < mlirShapedTypeGetRank(ty); ++k)
      n *= (size_t)mlirShapedTypeGetDimSize(ty, k);
    total += n;
  }
  return total;
}

typedef struct Ranked {
  size_t bytes, index;
} Ranked;

static int byBytesDescending(const void *a, const void *b) {
  const Ranked *x = a, *y = b;
  if (x->bytes != y->bytes)
    return x->bytes < y->bytes ? 1 : -1;
  return x->index < y->index ? -1 : x->index > y->index;
}

bool xnnMlirRuntimePrepareAll(XnnMlirRuntime *rt, const MlirOperation *funcs, size_t n, size_t *failed, char *err,
                              size_t errSize) {
  Ranked *order = calloc(n ? n : 1, sizeof(Ranked));
  if (!order) {
    snprintf(err, errSize, "out of memory");
    *failed = 0;
    return false;
  }
  for (size_t i = 0; i < n; ++i)
    order[i].bytes = xnnMlirDelegateStaticBytes(funcs[i]), order[i].index = i;
  qsort(order, n, sizeof(Ranked), byBytesDescending);
  size_t first = rt->numDelegates;
  bool ok = true;
  for (size_t i = 0; i < n && ok; ++i)
    if (!(ok = prepare(rt, funcs[order[i].index], err, errSize) != NULL))
      *failed = order[i].index;
  free(order);
  /* The delegates prepared here are listed (stats) in the caller's order. */
  for (size_t i = 0, at = first; ok && i < n; ++i)
    for (size_t k = at; k < rt->numDelegates; ++k)
      if (mlirOperationEqual(rt->delegates[k]->func, funcs[i])) {
        Delegate *t = rt->delegates[k];
        memmove(&rt->delegates[at + 1], &rt->delegates[at], (k - at) * sizeof(Delegate *));
        rt->delegates[at++] = t;
        break;
      }
  return ok;
}

static bool matches(const External *e, const XnnMlirTensor *t, const char *what, size_t i, const char *dname,
                    char *err, size_t errSize) {
  bool ok = t->dtype == e->dtype && (size_t)t->rank == e->rank && t->data;
  for (size_t k = 0; ok && k < e->rank; ++k)
    ok = (size_t)t->dims[k] == e->dims[k];
  if (ok)
    return true;
  char want[160] = "", got[160] = "";
  int n = snprintf(want, sizeof(want), "%s[", xnnMlirDTypeName(e->dtype));
  for (size_t k = 0; k < e->rank && n < 140; ++k)
    n += snprintf(want + n, sizeof(want) - (size_t)n, "%s%zu", k ? ", " : "", e->dims[k]);
  snprintf(want + n, sizeof(want) - (size_t)n, "]");
  n = snprintf(got, sizeof(got), "%s[", xnnMlirDTypeName(t->dtype));
  for (int64_t k = 0; k < t->rank && k < XNN_MLIR_TENSOR_MAX_RANK && n < 140; ++k)
    n += snprintf(got + n, sizeof(got) - (size_t)n, "%s%lld", k ? ", " : "", (long long)t->dims[k]);
  snprintf(got + n, sizeof(got) - (size_t)n, "]");
  snprintf(err, errSize, "delegate @%s %s %zu: expected %s, got %s", dname, what, i, want, got);
  return false;
}

/* Adds the last invocation's operator times to the delegate's sums (XNNPACK
 * reports only the last invocation). */
static bool accumulateProfile(Delegate *d, char *err, size_t errSize) {
  size_t n = 0, size = 0;
  enum xnn_status s = xnn_get_runtime_profiling_info(d->runtime, xnn_profile_info_num_operators, sizeof(n), &n, &size);
  if (s == xnn_status_success && !d->opMicros) {
    xnn_get_runtime_profiling_info(d->runtime, xnn_profile_info_operator_name, 0, NULL, &size);
    d->opNames = malloc(size ? size : 1);
    d->opMicros = calloc(n ? n : 1, sizeof(uint64_t));
    d->opLast = calloc(n ? n : 1, sizeof(uint64_t));
    if (!d->opNames || !d->opMicros || !d->opLast) {
      snprintf(err, errSize, "out of memory");
      return false;
    }
    d->numOps = n;
    s = xnn_get_runtime_profiling_info(d->runtime, xnn_profile_info_operator_name, size, d->opNames, &size);
  }
  if (s == xnn_status_success && n == d->numOps)
    s = xnn_get_runtime_profiling_info(d->runtime, xnn_profile_info_operator_timing, n * sizeof(uint64_t), d->opLast,
                                       &size);
  if (s != xnn_status_success || n != d->numOps) {
    snprintf(err, errSize, "delegate @%s: xnn_get_runtime_profiling_info failed: %s", d->name, statusName(s));
    return false;
  }
  for (size_t i = 0; i < n; ++i)
    d->opMicros[i] += d->opLast[i];
  return true;
}

bool xnnMlirRuntimeRun(XnnMlirRuntime *rt, MlirOperation func, const XnnMlirTensor *args, size_t numArgs,
                       XnnMlirTensor *results, size_t numResults, char *err, size_t errSize) {
  Delegate *d = prepare(rt, func, err, errSize);
  if (!d)
    return false;
  if (numArgs != d->numInputs || numResults != d->numOutputs) {
    snprintf(err, errSize, "delegate @%s takes %zu inputs and %zu outputs, got %zu and %zu", d->name, d->numInputs,
             d->numOutputs, numArgs, numResults);
    return false;
  }
  size_t ne = d->numInputs + d->numOutputs;
  bool same = d->isBound;
  for (size_t i = 0; i < ne; ++i) {
    const XnnMlirTensor *t = i < numArgs ? &args[i] : &results[i - numArgs];
    if (!matches(&d->externals[i], t, i < numArgs ? "input" : "output", i < numArgs ? i : i - numArgs, d->name,
                 err, errSize))
      return false;
    same = same && d->bound[i].data == t->data;
    d->bound[i].id = (uint32_t)i;
    d->bound[i].data = t->data;
  }
  double t0 = now();
  enum xnn_status s = xnn_status_success;
  if (!same) {
    s = xnn_setup_runtime_v2(d->runtime, ne, d->bound);
    d->isBound = s == xnn_status_success;
  }
  if (s == xnn_status_success)
    s = xnn_invoke_runtime(d->runtime);
  double dt = now() - t0;
  if (s != xnn_status_success) {
    snprintf(err, errSize, "delegate @%s: %s failed: %s", d->name, d->isBound ? "xnn_invoke_runtime" : "xnn_setup_runtime_v2",
             statusName(s));
    return false;
  }
  ++d->calls;
  d->runSeconds += dt;
  d->lastRunSeconds = dt;
  if (rt->profiling && !accumulateProfile(d, err, errSize))
    return false;
  return true;
}

bool xnnMlirRuntimeDelegateHook(void *userData, MlirOperation callee, const XnnMlirTensor *args, size_t numArgs,
                                XnnMlirTensor *results, size_t numResults, char *err, size_t errSize) {
  return xnnMlirRuntimeRun(userData, callee, args, numArgs, results, numResults, err, errSize);
}

size_t xnnMlirRuntimeNumDelegates(const XnnMlirRuntime *rt) { return rt ? rt->numDelegates : 0; }

void xnnMlirRuntimeSetProfiling(XnnMlirRuntime *rt, bool enable) { rt->profiling = enable; }

void xnnMlirRuntimeSetPackChunkBytes(XnnMlirRuntime *rt, size_t bytes) { rt->chunkBytes = bytes; }

size_t xnnMlirRuntimeGetProfile(const XnnMlirRuntime *rt, size_t i, const char **names, const uint64_t **micros) {
  if (!rt || i >= rt->numDelegates || !rt->delegates[i]->opMicros)
    return 0;
  *names = rt->delegates[i]->opNames;
  *micros = rt->delegates[i]->opMicros;
  return rt->delegates[i]->numOps;
}

bool xnnMlirRuntimeGetStats(const XnnMlirRuntime *rt, size_t i, XnnMlirDelegateStats *out) {
  if (!rt || i >= rt->numDelegates)
    return false;
  const Delegate *d = rt->delegates[i];
  out->name = d->name;
  out->numNodes = d->numNodes;
  out->calls = d->calls;
  out->createSeconds = d->createSeconds;
  out->runSeconds = d->runSeconds;
  out->lastRunSeconds = d->lastRunSeconds;
  out->defineSeconds = d->defineSeconds;
  out->packSeconds = d->packSeconds;
  out->createCpuSeconds = d->createCpuSeconds;
  out->freedWhilePackingBytes = d->freedWhilePacking;
  out->lazyPeakBytes = d->lazyPeakBytes;
  out->widenedBytes = d->widenedBytes;
  out->releasedBytes = d->releasedBytes;
  out->packedBytes = d->cache ? d->cache->bytes : 0;
  return true;
}

void xnnMlirRuntimeResetStats(XnnMlirRuntime *rt) {
  for (size_t i = 0; rt && i < rt->numDelegates; ++i) {
    rt->delegates[i]->calls = 0;
    rt->delegates[i]->runSeconds = 0;
    for (size_t k = 0; k < rt->delegates[i]->numOps; ++k)
      rt->delegates[i]->opMicros[k] = 0;
  }
}
