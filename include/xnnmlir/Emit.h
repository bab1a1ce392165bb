/*===-- xnnmlir/Emit.h - emitting xnn delegates as XNNPACK calls --*- C -*-===*\
 *
 * ONE walk over a lowered delegate function (func.func {xnn.delegate} whose
 * body holds only xnn ops and func.return) drives an emitter: a struct of
 * callbacks that receives every tensor (xnn_define_tensor_value) and every
 * node as an xnn_define_* call description (function name + typed
 * arguments, in the order of the pinned xnnpack.h prototype). The mapping
 * from each xnn op to its call lives in one table (lib/Emit/Emit.c); the
 * sinks only print (the C-source sink here) or perform (the live sink in
 * libXnnMlirRuntime, Runtime.h) the calls they are given.
 *
 * Nothing here depends on XNNPACK: enumerators and flags are carried both as
 * their xnnpack.h spelling and, for flags, as their value.
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_EMIT_H
#define XNNMLIR_EMIT_H

#include "xnnmlir/Tensor.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define XNN_MLIR_EMIT_MAX_RANK 6 /* XNN_MAX_TENSOR_DIMS */
#define XNN_MLIR_EMIT_MAX_ARGS 24
#define XNN_MLIR_EMIT_INVALID_ID UINT32_MAX /* XNN_INVALID_VALUE_ID */
/* Node functions that are not XNNPACK's: f32 -> bf16 rounding to
 * nearest even (num_dims, dims, input_id, output_id, max_abs_input, flags), defined in
 * lib/Emit/Bf16Rounding.inc, which sinks compile in or copy into their C. */
#define XNN_MLIR_BF16_RNE_FUNCTION "xnnmlir_define_convert_f32_to_bf16_rne"
/* The helper that rounds f32 to bf16 values kept in f32 (same file). */
#define XNN_MLIR_BF16_RNE_F32_FUNCTION "xnnmlir_define_round_f32_to_bf16_rne"
/* f32 sigmoid saturating on every library (num_dims, dims, input_id,
 * output_id, max_abs_input, flags), defined in lib/Emit/Sigmoid.inc. */
#define XNN_MLIR_SIGMOID_FUNCTION "xnnmlir_define_sigmoid"
/* Value flags, as XNN_VALUE_FLAG_EXTERNAL_INPUT / _OUTPUT. */
#define XNN_MLIR_EMIT_EXTERNAL_INPUT 1u
#define XNN_MLIR_EMIT_EXTERNAL_OUTPUT 2u
/* Static data only ever read as the filter or bias of a fully connected,
 * convolution or deconvolution node: XNNPACK packs it when the runtime is
 * created, reading exactly its bytes (no XNN_EXTRA_BYTES past the end). */
#define XNN_MLIR_EMIT_PACKED_ONLY 4u

/* Quantized values (docs/src/quantized-xnnpack-probe.md): the builtin tensor
 * type's encoding "qdint8", "qcint8", "qcint4", "qbint4" or the qint8
 * dictionary on i8 elements, "qcint32" on i32 ones. */
typedef enum XnnMlirEmitQuant {
  XNN_MLIR_QUANT_NONE,
  /* xnn_define_dynamically_quantized_tensor_value(xnn_datatype_qdint8, rank,
   * num_nonbatch_dims = 1, dims, XNN_INVALID_VALUE_ID, 0): per-row
   * parameters computed by the convert that produces it. */
  XNN_MLIR_QUANT_QDINT8,
  /* xnn_define_channelwise_quantized_tensor_value(xnn_datatype_qcint8,
   * scale (f32 per dims[0]), 2, channel_dim 0, dims, data (int8 [N][K])). */
  XNN_MLIR_QUANT_QCINT8,
  /* xnn_define_channelwise_quantized_tensor_value_v2(xnn_datatype_qcint4,
   * zero_point 8, scale (f32 per dims[0]), 2, 0, dims, data): data holds two
   * channels a byte, q[n][2j] + 8 in the low nibble, q[n][2j+1] + 8 in the
   * high one. */
  XNN_MLIR_QUANT_QCINT4,
  /* xnn_define_blockwise_quantized_tensor_value(xnn_datatype_qbint4,
   * zero_point 8, scale (bf16 bits, [N][K / blockSize]), 2, 0, blockSize,
   * dims, data): data packed as for qcint4. */
  XNN_MLIR_QUANT_QBINT4,
  /* xnn_define_quantized_tensor_value(xnn_datatype_qint8, zeroPoint,
   * quantScale, rank, dims, NULL, ...): static per-tensor int8 activations
   * (the type's {kind = "qint8", scale, zero_point} encoding), computed by the
   * nodes that produce them (never static data). */
  XNN_MLIR_QUANT_QINT8,
  /* xnn_define_channelwise_quantized_tensor_value(xnn_datatype_qcint32,
   * scale (f32 per dims[0]), 1, 0, dims, data (int32 [N])): the bias of a
   * qs8-qc8w fully connected. */
  XNN_MLIR_QUANT_QCINT32,
} XnnMlirEmitQuant;

/* One tensor value (xnn_define_tensor_value). */
/* Zero bytes after data a sink may adopt (XnnMlirEmitTensor.adopt): what
 * XNNPACK may read past the end of static data (XNN_EXTRA_BYTES). */
#define XNN_MLIR_EMIT_SLACK 64

typedef struct XnnMlirEmitTensor {
  XnnMlirDType dtype; /* f32, f16 or bf16 */
  size_t rank;
  size_t dims[XNN_MLIR_EMIT_MAX_RANK];
  /* Static data (row-major, numBytes = elements * dtype size) or NULL. With
   * `splat`, `data` holds one element standing for all of them. Valid for
   * the duration of the callback only: sinks copy what they keep. */
  const void *data;
  /* The dtype of `data`: `dtype`, or bf16/f16 for an f32 tensor whose data
   * the sink widens (exactly) when it defines the tensor. */
  XnnMlirDType dataDtype;
  bool splat;
  /* `data` outlives the emission (it is the module's own memory): a sink may
   * keep the pointer instead of a copy. */
  bool stable;
  uint32_t externalId; /* XNN_MLIR_EMIT_INVALID_ID for internal values */
  uint32_t flags;      /* XNN_MLIR_EMIT_EXTERNAL_*, XNN_MLIR_EMIT_PACKED_ONLY */
  /* What the value is, for messages and comments ("%3", "input 0", ...). */
  const char *name;
  /* Quantized values (then `dtype` and `dataDtype` are
   * XNN_MLIR_DTYPE_INVALID): `data` holds `dataBytes` bytes as XNNPACK takes
   * them (never splat, valid for the callback only), `scale` the
   * `numScales` scales (f32, or bf16 bits for qbint4; XNNPACK keeps the
   * pointer: sinks keep a copy until the runtime is created). */
  XnnMlirEmitQuant quant;
  size_t dataBytes;
  const void *scale;
  size_t numScales;
  size_t blockSize; /* qbint4 */
  /* Quantized data the emitter made for this call (int4 packed two a byte),
   * or NULL: then `data` == *adopt, malloc'd with XNN_MLIR_EMIT_SLACK zero
   * bytes after `dataBytes`; a sink may keep it instead of copying (and
   * free() it later) by setting *adopt to NULL. */
  void **adopt;
  /* With XnnMlirEmitter.packInt4: an int4 filter's values one a byte in the
   * module's own memory (range-checked; `data` is NULL): the sink packs them
   * (xnnMlirEmitPackInt4) into `dataBytes` bytes before XNNPACK reads them. */
  const int8_t *int4Source;
  float quantScale;  /* qint8: the per-tensor scale */
  int32_t zeroPoint; /* qint8: the zero point, in [-128, 127] */
} XnnMlirEmitTensor;

typedef enum XnnMlirEmitArgType {
  XNN_MLIR_ARG_VALUE,         /* uint32_t value id (possibly XNN_INVALID_VALUE_ID) */
  XNN_MLIR_ARG_U32,           /* uint32_t */
  XNN_MLIR_ARG_I32,           /* int32_t */
  XNN_MLIR_ARG_SIZE,          /* size_t */
  XNN_MLIR_ARG_FLOAT,         /* float */
  XNN_MLIR_ARG_SIZES,         /* const size_t * (array of `n`) */
  XNN_MLIR_ARG_I64S,          /* const int64_t * (array of `n`) */
  XNN_MLIR_ARG_ENUM,          /* an enumerator of xnnpack.h, by name */
  XNN_MLIR_ARG_FLAGS,         /* uint32_t flags: value + spelling */
  XNN_MLIR_ARG_UNARY_PARAMS,  /* const union xnn_unary_params * (or NULL) */
  XNN_MLIR_ARG_BINARY_PARAMS, /* const struct xnn_binary_params * (or NULL) */
} XnnMlirEmitArgType;

typedef struct XnnMlirEmitArg {
  XnnMlirEmitArgType type;
  const char *name; /* parameter name in xnnpack.h */
  union {
    uint32_t id;
    uint32_t u32;
    int32_t i32;
    size_t size;
    float f;
    struct {
      size_t n;
      size_t v[XNN_MLIR_EMIT_MAX_RANK];
    } sizes;
    struct {
      size_t n;
      int64_t v[XNN_MLIR_EMIT_MAX_RANK];
    } i64s;
    const char *enumerator; /* "xnn_binary_add", "xnn_reduce_mean", ... */
    struct {
      uint32_t value;
      const char *spelling; /* "0", "XNN_FLAG_KEEP_DIMS", ... */
    } flags;
    struct {
      const char *member; /* NULL: no params; else "clamp", "elu", "leaky_relu" */
      float a, b;         /* clamp: min, max; elu: alpha; leaky_relu: negative_slope */
    } unary;
    struct {
      bool present;
      double min, max;
    } binary;
  } u;
} XnnMlirEmitArg;

/* One node: a call `function(subgraph, args...)`. */
typedef struct XnnMlirEmitNode {
  const char *function; /* "xnn_define_binary", ... */
  MlirOperation op;     /* the xnn op (null for copies the walk adds for outputs) */
  const char *what;     /* "node 3 ('xnn.binary' at f.mlir:4:10)": for messages */
  size_t numArgs;
  XnnMlirEmitArg args[XNN_MLIR_EMIT_MAX_ARGS];
} XnnMlirEmitNode;

/* Delegate-wide facts, given to begin(). External ids: inputs 0..numInputs-1,
 * outputs numInputs..numInputs+numOutputs-1. */
typedef struct XnnMlirEmitDelegate {
  MlirOperation func;
  const char *name; /* symbol name, NUL-terminated */
  size_t index;     /* N of the module's N-th delegate */
  size_t numInputs, numOutputs;
  size_t numNodes;  /* nodes the walk will define */
} XnnMlirEmitDelegate;

/* The emitter: every callback returns false on failure with a reason in
 * `err` (the walk then reports a located error naming the op). */
typedef struct XnnMlirEmitter {
  void *user;
  bool (*begin)(void *user, const XnnMlirEmitDelegate *d, char *err, size_t errSize);
  /* Defines a tensor; sets *id to the value id later nodes refer to. */
  bool (*defineTensor)(void *user, const XnnMlirEmitTensor *t, uint32_t *id, char *err,
                       size_t errSize);
  bool (*defineNode)(void *user, const XnnMlirEmitNode *n, char *err, size_t errSize);
  bool (*end)(void *user, char *err, size_t errSize);
  /* The sink packs packed-only int4 filters itself, when it needs them
   * (XnnMlirEmitTensor.int4Source), so no packed copy is made up front. */
  bool packInt4;
} XnnMlirEmitter;

/* Packs `count` (even) int4 values, one a byte, two a byte as XNNPACK takes
 * them: q + 8, the even element in the low nibble. */
void xnnMlirEmitPackInt4(const int8_t *values, size_t count, uint8_t *packed);

/* Walks the lowered delegate `func` once and drives `em`. Errors (not a
 * delegate, an op that is not an xnn op, an unknown op, unavailable constant
 * data, a sink failure) are emitted as located diagnostics; returns false. */
bool xnnMlirEmitDelegate(MlirOperation func, size_t index, const XnnMlirEmitter *em);

/* True if `op` is an xnn op the emitter has a table entry for. */
bool xnnMlirEmitSupportsOp(MlirOperation op);

/* The C-source sink: xnn-translate --xnn-to-c. Emits one translation unit
 * for `module` (every delegate function, in order) into *out (malloc'd,
 * NUL-terminated; free it). `sourceName` goes into the header comment.
 * Fails with located diagnostics (returns false, *out NULL) on a module with
 * no lowered delegates or any emission error. */
bool xnnMlirEmitModuleToC(MlirModule module, const char *sourceName, char **out, size_t *size);

/* Where the C sink puts the weights. */
typedef struct XnnMlirEmitCOptions {
  /* The weights file's path, as the source names it (xnn_weights_load(NULL)
   * opens it); NULL: weights are static arrays in the source. */
  const char *weightsPath;
  /* Arrays of at most this many bytes in all stay in the source even with a
   * weightsPath (0: any weights go to the file). */
  size_t inlineLimit;
  /* Receives the weights file's bytes in order, piece by piece (the caller
   * writes them at weightsPath); false stops the emission. NULL: no file. */
  bool (*writeWeights)(void *user, const void *data, size_t size);
  void *weightsUser;
  /* Also emit every non-delegate function with a body as a whole-program
   * entry point, <name>_create / _run / _destroy, running its portable ops
   * through libXnnMlir's reference kernels (xnnmlir/PortableOps.h) and its
   * delegate calls through the delegates above; constants of portable ops
   * join the weights (docs/tools/xnn-translate.md). */
  bool program;
  /* bf16 filters of fully connected nodes whose f32 copy exceeds this many
   * bytes are packed in 2-5 row chunks, each widened just before XNNPACK packs
   * it (as xnn-run --pack-chunk-bytes). 0: 64 MiB; SIZE_MAX: never. */
  size_t packChunkBytes;
} XnnMlirEmitCOptions;

/* xnnMlirEmitModuleToC with `options` (NULL: all static arrays). When the
 * weights go to a file, options->writeWeights receives it before this returns;
 * the weights are streamed from the module's memory, never copied whole. */
bool xnnMlirEmitModuleToCWithOptions(MlirModule module, const char *sourceName, const XnnMlirEmitCOptions *options,
                                     char **out, size_t *size);

#ifdef __cplusplus
}
#endif
#endif
