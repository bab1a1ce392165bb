/* The delegate walk and the op table: one entry per xnn op, mapping it to the
 * description of its xnn_define_* call (function name and typed arguments in
 * xnnpack.h order). Sinks (CSink.c here, lib/Runtime for the live one) only
 * print or perform the calls; no op's lowering is written anywhere else. */
#include "xnnmlir/Emit.h"

#include "xnnmlir/Diagnostics.h"
#include "xnnmlir/Verifier.h"

#include "CAPIExt/BytecodeFile.h"
#include "Emit/AbsBounds.h"
#include "Support/Elements.h"
#include "Support/IR.h"
#include "Support/PtrMap.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* ---- building call descriptions ----------------------------------------- */

typedef struct Builder {
  MlirOperation op;
  const uint32_t *in; /* operand value ids */
  size_t numIn;
  uint32_t out;       /* result value id */
  XnnMlirEmitNode *node;
  char *err;
  size_t errSize;
  XnnAbsBounds *bounds; /* |value| bounds of this delegate so far */
} Builder;


static bool isConstantValue(MlirValue v) {
  MlirOperation def = xnnDefiningOp(v);
  return !mlirOperationIsNull(def) && xnnOpIs(def, "xnn.constant");
}

/* True if every use of constant `v` is the filter or bias of a node XNNPACK
 * packs when the runtime is created (fully connected, convolution,
 * deconvolution): it reads exactly the data, once. A node packs only when
 * its filter and bias are both static: a fully connected with a run-time
 * filter (or bias) is XNNPACK's dynamic fully connected, which reads both
 * at every run, so a constant bias of it must stay allocated. */
static bool onlyPacked(MlirValue v) {
  bool any = false;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    unsigned k = mlirOpOperandGetOperandNumber(u);
    if (!(k == 1 || k == 2) || !(xnnOpIs(user, "xnn.fully_connected") || xnnOpIs(user, "xnn.convolution_2d") ||
                                 xnnOpIs(user, "xnn.deconvolution_2d")))
      return false;
    for (intptr_t j = 1; j < mlirOperationGetNumOperands(user) && j <= 2; ++j)
      if (!isConstantValue(mlirOperationGetOperand(user, j)))
        return false;
    any = true;
  }
  return any;
}

static XnnMlirEmitArg *push(Builder *b, XnnMlirEmitArgType type, const char *name) {
  XnnMlirEmitNode *n = b->node;
  if (n->numArgs >= XNN_MLIR_EMIT_MAX_ARGS)
    abort(); /* table bug: no call has this many arguments */
  XnnMlirEmitArg *a = &n->args[n->numArgs++];
  memset(a, 0, sizeof(*a));
  a->type = type;
  a->name = name;
  return a;
}

static void value(Builder *b, const char *name, uint32_t id) { push(b, XNN_MLIR_ARG_VALUE, name)->u.id = id; }
static void input(Builder *b, const char *name, size_t i) {
  value(b, name, i < b->numIn ? b->in[i] : XNN_MLIR_EMIT_INVALID_ID);
}
static void output(Builder *b) { value(b, "output_id", b->out); }
static void u32(Builder *b, const char *name, uint32_t v) { push(b, XNN_MLIR_ARG_U32, name)->u.u32 = v; }
static void size(Builder *b, const char *name, size_t v) { push(b, XNN_MLIR_ARG_SIZE, name)->u.size = v; }
static void f32(Builder *b, const char *name, float v) { push(b, XNN_MLIR_ARG_FLOAT, name)->u.f = v; }
static void enumerator(Builder *b, const char *name, const char *e) {
  push(b, XNN_MLIR_ARG_ENUM, name)->u.enumerator = e;
}
static void flags(Builder *b, uint32_t v, const char *spelling) {
  XnnMlirEmitArg *a = push(b, XNN_MLIR_ARG_FLAGS, "flags");
  a->u.flags.value = v;
  a->u.flags.spelling = spelling;
}
static void noFlags(Builder *b) { flags(b, 0, "0"); }

static bool fail(Builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(Builder *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(b->err, b->errSize, fmt, ap);
  va_end(ap);
  return false;
}

/* array<i64> attribute with exactly `n` entries (n < 0: any up to the max rank),
 * each in [lo, hi]. */
static bool i64Array(Builder *b, const char *attr, intptr_t n, int64_t lo, int64_t hi, int64_t *out,
                     intptr_t *got) {
  intptr_t k = 0;
  if (!xnnAttrI64Array(b->op, attr, out, XNN_MLIR_EMIT_MAX_RANK, &k) || k > XNN_MLIR_EMIT_MAX_RANK ||
      (n >= 0 && k != n))
    return fail(b, "attribute '%s' must be an array<i64> of %s%zd entries", attr, n >= 0 ? "" : "at most ",
                (ssize_t)(n >= 0 ? n : XNN_MLIR_EMIT_MAX_RANK));
  for (intptr_t i = 0; i < k; ++i)
    if (out[i] < lo || out[i] > hi)
      return fail(b, "attribute '%s' entry %zd (%lld) is out of range", attr, (ssize_t)i, (long long)out[i]);
  if (got)
    *got = k;
  return true;
}

static bool sizesArg(Builder *b, const char *attr, const char *param, int64_t lo, size_t *numOut) {
  int64_t v[XNN_MLIR_EMIT_MAX_RANK];
  intptr_t k = 0;
  if (!i64Array(b, attr, -1, lo, INT64_MAX, v, &k))
    return false;
  XnnMlirEmitArg *a = push(b, XNN_MLIR_ARG_SIZES, param);
  a->u.sizes.n = (size_t)k;
  for (intptr_t i = 0; i < k; ++i)
    a->u.sizes.v[i] = (size_t)v[i];
  if (numOut)
    *numOut = (size_t)k;
  return true;
}

/* num_dims and the result's shape as a size_t array named `param`. */
static bool resultShapeArgs(Builder *b, const char *param) {
  int64_t dims[XNN_IR_MAX_RANK];
  intptr_t r = xnnValueShape(mlirOperationGetResult(b->op, 0), dims);
  if (r < 0 || r > XNN_MLIR_EMIT_MAX_RANK)
    return fail(b, "result must be a tensor of rank <= %d", XNN_MLIR_EMIT_MAX_RANK);
  size(b, "num_dims", (size_t)r);
  XnnMlirEmitArg *a = push(b, XNN_MLIR_ARG_SIZES, param);
  a->u.sizes.n = (size_t)r;
  for (intptr_t i = 0; i < r; ++i)
    a->u.sizes.v[i] = (size_t)dims[i];
  return true;
}

static size_t resultRank(Builder *b) {
  intptr_t r = xnnValueRank(mlirOperationGetResult(b->op, 0));
  return r < 0 ? 0 : (size_t)r;
}

static bool u32Attr(Builder *b, const char *attr, const char *param, int64_t lo) {
  int64_t v = 0;
  if (!xnnAttrI64(b->op, attr, &v) || v < lo || v > UINT32_MAX)
    return fail(b, "attribute '%s' must be an integer >= %lld", attr, (long long)lo);
  u32(b, param, (uint32_t)v);
  return true;
}

static float f64Attr(Builder *b, const char *attr, double dflt) {
  double v = dflt;
  xnnAttrF64(b->op, attr, &v);
  return (float)v;
}

static void outputRange(Builder *b) {
  f32(b, "output_min", f64Attr(b, "output_min", -INFINITY));
  f32(b, "output_max", f64Attr(b, "output_max", INFINITY));
}

/* Maps a `kind` string attribute to an enumerator from `names` ("add" -> "xnn_binary_add"). */
static const char *kindEnum(Builder *b, const char *const *names, const char *const *enums) {
  MlirStringRef k;
  if (!xnnAttrString(b->op, "kind", &k))
    return fail(b, "requires a string attribute 'kind'"), NULL;
  for (size_t i = 0; names[i]; ++i)
    if (xnnStrRefEquals(k, names[i]))
      return enums[i];
  fail(b, "kind \"%.*s\" has no XNNPACK operator", (int)k.length, k.data);
  return NULL;
}

/* ---- one builder per op ------------------------------------------------- */

/* A bound on |v| (lib/Emit/AbsBounds.c), INFINITY where none is known: the
 * rounding helper takes a cheaper form where |v| <= 2^111. */
static float knownAbsBound(Builder *b, MlirValue v) {
  double m = xnnAbsBoundsGet(b->bounds, v);
  return m <= 0x1p111 ? (float)m : INFINITY;
}

/* f32 -> bf16 rounds to nearest even (PyTorch): through the helper of
 * Bf16Rounding.inc, which probes the library and emulates where it truncates;
 * with exact_input (the values are bf16 already) any convert is exact.
 * round_to_bf16 (f32 -> f32): that rounding, kept in f32 (its other helper). */
static bool buildConvert(Builder *b) {
  MlirValue in = mlirOperationGetOperand(b->op, 0), res = mlirOperationGetResult(b->op, 0);
  bool exactInput = false;
  bool roundToBf16 = false;
  xnnAttrBool(b->op, "exact_input", &exactInput);
  xnnAttrBool(b->op, "round_to_bf16", &roundToBf16);
  if (roundToBf16 ||
      (mlirTypeIsAF32(xnnValueElemType(in)) && mlirTypeIsABF16(xnnValueElemType(res)) && !exactInput)) {
    b->node->function = roundToBf16 ? XNN_MLIR_BF16_RNE_F32_FUNCTION : XNN_MLIR_BF16_RNE_FUNCTION;
    if (!resultShapeArgs(b, "dims"))
      return false;
    input(b, "input_id", 0);
    output(b);
    f32(b, "max_abs_input", knownAbsBound(b, in));
    f32(b, "input_scale", f64Attr(b, "input_scale", 1.0));
    noFlags(b);
    return true;
  }
  enumerator(b, "type", "xnn_unary_convert");
  push(b, XNN_MLIR_ARG_UNARY_PARAMS, "params");
  input(b, "input_id", 0);
  output(b);
  noFlags(b);
  return true;
}

static bool buildUnary(Builder *b) {
#define U(k) #k
#define E(k) "xnn_unary_" #k
  static const char *const names[] = {U(clamp), U(abs), U(bankers_rounding), U(ceiling), U(elu), U(exp),
                                      U(floor), U(gelu), U(hardswish), U(leaky_relu), U(log), U(negate),
                                      U(sigmoid), U(square), U(square_root), U(reciprocal_square_root),
                                      U(tanh), U(cube_root), U(cosine), U(sine), U(sign), NULL};
  static const char *const enums[] = {E(clamp), E(abs), E(bankers_rounding), E(ceiling), E(elu), E(exp),
                                      E(floor), E(gelu), E(hardswish), E(leaky_relu), E(log), E(negate),
                                      E(sigmoid), E(square), E(square_root), E(reciprocal_square_root),
                                      E(tanh), E(cube_root), E(cosine), E(sine), E(sign), NULL};
#undef U
#undef E
  const char *e = kindEnum(b, names, enums);
  if (!e)
    return false;
  MlirStringRef approx;
  if (!strcmp(e, "xnn_unary_gelu") && xnnAttrString(b->op, "approximate", &approx) &&
      !xnnStrRefEquals(approx, "none"))
    return fail(b, "XNNPACK's gelu is the exact (erf) form; approximate = \"%.*s\" has no node",
                (int)approx.length, approx.data);
  if (!strcmp(e, "xnn_unary_sigmoid") && mlirTypeIsAF32(xnnValueElemType(mlirOperationGetOperand(b->op, 0)))) {
    /* Through the helper of Sigmoid.inc: some kernels give NaN at large |x|. */
    b->node->function = XNN_MLIR_SIGMOID_FUNCTION;
    if (!resultShapeArgs(b, "dims"))
      return false;
    input(b, "input_id", 0);
    output(b);
    f32(b, "max_abs_input", knownAbsBound(b, mlirOperationGetOperand(b->op, 0)));
    noFlags(b);
    return true;
  }
  enumerator(b, "type", e);
  XnnMlirEmitArg *p = push(b, XNN_MLIR_ARG_UNARY_PARAMS, "params");
  if (!strcmp(e, "xnn_unary_clamp")) {
    p->u.unary.member = "clamp";
    p->u.unary.a = f64Attr(b, "min", -INFINITY);
    p->u.unary.b = f64Attr(b, "max", INFINITY);
  } else if (!strcmp(e, "xnn_unary_elu")) {
    p->u.unary.member = "elu";
    p->u.unary.a = f64Attr(b, "alpha", 1.0);
  } else if (!strcmp(e, "xnn_unary_leaky_relu")) {
    p->u.unary.member = "leaky_relu";
    p->u.unary.a = f64Attr(b, "negative_slope", 0.01);
  }
  input(b, "input_id", 0);
  output(b);
  noFlags(b);
  return true;
}

static bool buildBinary(Builder *b) {
#define K(k) #k
#define E(k) "xnn_binary_" #k
  static const char *const names[] = {K(add), K(subtract), K(multiply), K(divide), K(maximum), K(minimum),
                                      K(copysign), K(squared_difference), K(prelu), K(modulus), K(atan2),
                                      K(pow), NULL};
  static const char *const enums[] = {E(add), E(subtract), E(multiply), E(divide), E(maximum), E(minimum),
                                      E(copysign), E(squared_difference), E(prelu), E(modulus), E(atan2),
                                      E(pow), NULL};
#undef K
#undef E
  const char *e = kindEnum(b, names, enums);
  if (!e)
    return false;
  enumerator(b, "type", e);
  XnnMlirEmitArg *p = push(b, XNN_MLIR_ARG_BINARY_PARAMS, "params");
  double lo = -INFINITY, hi = INFINITY;
  bool hasLo = xnnAttrF64(b->op, "output_min", &lo), hasHi = xnnAttrF64(b->op, "output_max", &hi);
  p->u.binary.present = hasLo || hasHi;
  p->u.binary.min = lo;
  p->u.binary.max = hi;
  input(b, "input1_id", 0);
  input(b, "input2_id", 1);
  output(b);
  noFlags(b);
  return true;
}

static bool buildTranspose(Builder *b) {
  size_t n = 0;
  size(b, "num_dims", 0); /* patched below: the count precedes the array */
  if (!sizesArg(b, "perm", "perm", 0, &n))
    return false;
  b->node->args[b->node->numArgs - 2].u.size = n;
  input(b, "input_id", 0);
  output(b);
  noFlags(b);
  return true;
}

/* The f32 `scale` attribute of the xnn.constant defining `v` ([n]; splats
 * expanded) into a malloc'd array; NULL with b->err set otherwise. */
static float *constantScales(Builder *b, MlirValue v, size_t n, const char *what) {
  MlirOperation def = xnnDefiningOp(v);
  MlirAttribute sa = mlirOperationIsNull(def) ? mlirAttributeGetNull() : xnnOpAttr(def, "scale");
  XnnElements e;
  if (mlirAttributeIsNull(sa) || !mlirAttributeIsAElements(sa)) {
    fail(b, "the %s must be an xnn.constant with an elements attribute 'scale'", what);
    return NULL;
  }
  if (!xnnElementsView(sa, &e, b->err, b->errSize))
    return NULL;
  float *out = NULL;
  if (e.elemSize != 4 || !mlirTypeIsAF32(e.elem) || (!e.splat && (size_t)e.count != n))
    fail(b, "the %s's 'scale' must hold %zu f32 elements", what, n);
  else if (!(out = malloc(n * 4)))
    fail(b, "out of memory");
  for (size_t i = 0; out && i < n; ++i)
    memcpy(&out[i], (const char *)e.data + (e.splat ? 0 : 4 * i), 4);
  xnnElementsFree(&e);
  return out;
}

/* qs8-qc8w (qint8 input): what XNNPACK assumes or refuses and the verifier
 * checks only for dense scales (docs/src/quantized-xnnpack-probe.md, (d)):
 * the bias scale is sx * sw[c] (XNNPACK ignores it), the requantization
 * scale fl(fl(sx * sw[c]) / sy) is below 256. */
static bool checkQs8FullyConnected(Builder *b) {
  float sx = 0, sy = 0;
  MlirValue in = mlirOperationGetOperand(b->op, 0), res = mlirOperationGetResult(b->op, 0);
  if (!xnnQInt8Params(mlirValueGetType(in), &sx, NULL) || !xnnQInt8Params(mlirValueGetType(res), &sy, NULL))
    return fail(b, "a qint8 fully connected needs qint8 input and output types");
  int64_t dims[XNN_IR_MAX_RANK];
  if (xnnValueShape(mlirOperationGetOperand(b->op, 1), dims) != 2)
    return fail(b, "the filter must have rank 2");
  size_t n = (size_t)dims[0];
  float *sw = constantScales(b, mlirOperationGetOperand(b->op, 1), n, "filter");
  float *bs = sw && b->numIn > 2 ? constantScales(b, mlirOperationGetOperand(b->op, 2), n, "bias") : NULL;
  bool ok = sw && (b->numIn < 3 || bs);
  for (size_t c = 0; ok && c < n; ++c) {
    float p = sx * sw[c], r = p / sy;
    if (bs && memcmp(&p, &bs[c], 4))
      ok = fail(b, "bias scale %zu is %.9g but must be input scale * filter scale = %.9g * %.9g = %.9g (in f32)", c,
                (double)bs[c], (double)sx, (double)sw[c], (double)p);
    else if (!(r < 256.0f))
      ok = fail(b, "output channel %zu: requantization scale input scale * filter scale / output scale = %.9g * "
                   "%.9g / %.9g = %.9g must be below 256 (XNNPACK refuses it)",
                c, (double)sx, (double)sw[c], (double)sy, (double)r);
  }
  free(sw);
  free(bs);
  return ok;
}

static bool buildFullyConnected(Builder *b) {
  if (xnnQuantEncoding(mlirValueGetType(mlirOperationGetOperand(b->op, 0))) == XNN_QUANT_QINT8 &&
      !checkQs8FullyConnected(b))
    return false;
  bool tw = false;
  xnnAttrBool(b->op, "transpose_weights", &tw);
  outputRange(b);
  input(b, "input_id", 0);
  input(b, "filter_id", 1);
  input(b, "bias_id", 2);
  output(b);
  if (tw)
    flags(b, 0x00000001u, "XNN_FLAG_TRANSPOSE_WEIGHTS");
  else
    noFlags(b);
  return true;
}

static const char *const kInputPadding[4] = {"input_padding_top", "input_padding_right", "input_padding_bottom",
                                             "input_padding_left"};
static const char *const kOutputPadding[4] = {"padding_top", "padding_right", "padding_bottom", "padding_left"};

/* padding (top, right, bottom, left) as four uint32 arguments `names`. */
static bool padding4(Builder *b, const char *const names[4]) {
  int64_t p[4];
  if (!i64Array(b, "padding", 4, 0, UINT32_MAX, p, NULL))
    return false;
  for (int i = 0; i < 4; ++i)
    u32(b, names[i], (uint32_t)p[i]);
  return true;
}

/* array<i64> of 2 (h, w), each in [lo, UINT32_MAX], as two uint32 arguments. */
static bool pairFrom(Builder *b, const char *attr, int64_t lo, const char *hName, const char *wName) {
  int64_t v[2];
  if (!i64Array(b, attr, 2, lo, UINT32_MAX, v, NULL))
    return false;
  u32(b, hName, (uint32_t)v[0]);
  u32(b, wName, (uint32_t)v[1]);
  return true;
}

static bool pair(Builder *b, const char *attr, const char *hName, const char *wName) {
  int64_t v[2];
  if (!i64Array(b, attr, 2, 1, UINT32_MAX, v, NULL))
    return false;
  u32(b, hName, (uint32_t)v[0]);
  u32(b, wName, (uint32_t)v[1]);
  return true;
}


/* groups, group_input_channels, group_output_channels, the clamp, the
 * input, filter, bias and output ids, no flags: the tail of both 2-D
 * (de)convolution calls. */
static bool convTail(Builder *b) {
  if (!u32Attr(b, "groups", "groups", 1))
    return false;
  int64_t gic = 0, goc = 0;
  if (!xnnAttrI64(b->op, "group_input_channels", &gic) || gic < 1 ||
      !xnnAttrI64(b->op, "group_output_channels", &goc) || goc < 1)
    return fail(b, "attributes 'group_input_channels' and 'group_output_channels' must be integers >= 1");
  size(b, "group_input_channels", (size_t)gic);
  size(b, "group_output_channels", (size_t)goc);
  outputRange(b);
  input(b, "input_id", 0);
  input(b, "filter_id", 1);
  input(b, "bias_id", 2);
  output(b);
  noFlags(b);
  return true;
}

static bool buildConvolution(Builder *b) {
  return padding4(b, kInputPadding) && pair(b, "kernel", "kernel_height", "kernel_width") &&
         pair(b, "subsampling", "subsampling_height", "subsampling_width") &&
         pair(b, "dilation", "dilation_height", "dilation_width") && convTail(b);
}

static bool buildDeconvolution(Builder *b) {
  return padding4(b, kOutputPadding) && pairFrom(b, "adjustment", 0, "adjustment_height", "adjustment_width") &&
         pair(b, "kernel", "kernel_height", "kernel_width") &&
         pair(b, "upsampling", "upsampling_height", "upsampling_width") &&
         pair(b, "dilation", "dilation_height", "dilation_width") && convTail(b);
}

/* new_height, new_width (the output's H, W); align_corners as its flag. */
static bool buildResizeBilinear(Builder *b) {
  int64_t dims[XNN_IR_MAX_RANK];
  if (xnnValueShape(mlirOperationGetResult(b->op, 0), dims) != 4)
    return fail(b, "result must be a 4-D NHWC tensor");
  bool align = false;
  xnnAttrBool(b->op, "align_corners", &align);
  size(b, "new_height", (size_t)dims[1]);
  size(b, "new_width", (size_t)dims[2]);
  input(b, "input_id", 0);
  output(b);
  if (align)
    flags(b, 0x00000008u, "XNN_FLAG_ALIGN_CORNERS");
  else
    noFlags(b);
  return true;
}

static bool buildMaxPool(Builder *b) {
  if (!padding4(b, kInputPadding) || !pair(b, "pooling", "pooling_height", "pooling_width") ||
      !pair(b, "stride", "stride_height", "stride_width") ||
      !pair(b, "dilation", "dilation_height", "dilation_width"))
    return false;
  outputRange(b);
  input(b, "input_id", 0);
  output(b);
  noFlags(b);
  return true;
}

static bool buildAvgPool(Builder *b) {
  if (!padding4(b, kInputPadding) || !pair(b, "pooling", "pooling_height", "pooling_width") ||
      !pair(b, "stride", "stride_height", "stride_width"))
    return false;
  outputRange(b);
  input(b, "input_id", 0);
  output(b);
  noFlags(b);
  return true;
}

static bool buildReduce(Builder *b) {
  static const char *const names[] = {"mean", "sum", NULL};
  static const char *const enums[] = {"xnn_reduce_mean", "xnn_reduce_sum", NULL};
  const char *e = kindEnum(b, names, enums);
  if (!e)
    return false;
  int64_t axes[XNN_MLIR_EMIT_MAX_RANK];
  intptr_t n = 0;
  if (!i64Array(b, "axes", -1, -XNN_MLIR_EMIT_MAX_RANK, XNN_MLIR_EMIT_MAX_RANK, axes, &n))
    return false;
  bool keep = false;
  xnnAttrBool(b->op, "keep_dims", &keep);
  enumerator(b, "reduce_operator_type", e);
  size(b, "num_reduction_axes", (size_t)n);
  XnnMlirEmitArg *a = push(b, XNN_MLIR_ARG_I64S, "reduction_axes");
  a->u.i64s.n = (size_t)n;
  memcpy(a->u.i64s.v, axes, sizeof(int64_t) * (size_t)n);
  input(b, "input_id", 0);
  output(b);
  if (keep)
    flags(b, 0x00000040u, "XNN_FLAG_KEEP_DIMS");
  else
    noFlags(b);
  return true;
}

static bool buildReshape(Builder *b) {
  if (!resultShapeArgs(b, "new_shape"))
    return false;
  input(b, "input_id", 0);
  output(b);
  noFlags(b);
  return true;
}

static bool buildConcatenate(Builder *b) {
  static const char *const fns[] = {"xnn_define_concatenate2", "xnn_define_concatenate3",
                                    "xnn_define_concatenate4", "xnn_define_concatenate5"};
  static const char *const names[] = {"input1_id", "input2_id", "input3_id", "input4_id", "input5_id"};
  if (b->numIn < 2 || b->numIn > 5)
    return fail(b, "XNNPACK concatenates 2 to 5 inputs, got %zu", b->numIn);
  int64_t axis = 0;
  if (!xnnAttrI64(b->op, "axis", &axis) || axis < -XNN_MLIR_EMIT_MAX_RANK || axis > XNN_MLIR_EMIT_MAX_RANK)
    return fail(b, "requires an integer attribute 'axis'");
  b->node->function = fns[b->numIn - 2];
  push(b, XNN_MLIR_ARG_I32, "axis")->u.i32 = (int32_t)axis;
  for (size_t i = 0; i < b->numIn; ++i)
    input(b, names[i], i);
  output(b);
  noFlags(b);
  return true;
}

static bool buildSlice(Builder *b) {
  size(b, "num_dims", resultRank(b));
  if (!sizesArg(b, "offsets", "offsets", 0, NULL) || !sizesArg(b, "sizes", "sizes", 1, NULL))
    return false;
  input(b, "input_id", 0);
  output(b);
  noFlags(b);
  return true;
}

static bool buildIO(Builder *b) { /* softmax, copy */
  input(b, "input_id", 0);
  output(b);
  noFlags(b);
  return true;
}

static bool buildBatchMatmul(Builder *b) {
  bool tb = false;
  xnnAttrBool(b->op, "transpose_b", &tb);
  input(b, "input1_id", 0);
  input(b, "input2_id", 1);
  output(b);
  if (tb)
    flags(b, 0x00000001u, "XNN_FLAG_TRANSPOSE_B");
  else
    noFlags(b);
  return true;
}

static bool buildPad(Builder *b) {
  if (!sizesArg(b, "pre_paddings", "pre_paddings", 0, NULL) ||
      !sizesArg(b, "post_paddings", "post_paddings", 0, NULL))
    return false;
  f32(b, "padding_value", f64Attr(b, "padding_value", 0.0));
  input(b, "input_id", 0);
  output(b);
  noFlags(b);
  return true;
}

/* ---- the table ------------------------------------------------------------ */

typedef struct Entry {
  const char *op;
  const char *function; /* a builder may pick a variant (concatenateN) */
  bool (*build)(Builder *b);
} Entry;

static const Entry kTable[] = {
    {"xnn.convert", "xnn_define_unary", buildConvert},
    {"xnn.unary", "xnn_define_unary", buildUnary},
    {"xnn.binary", "xnn_define_binary", buildBinary},
    {"xnn.static_transpose", "xnn_define_static_transpose", buildTranspose},
    {"xnn.fully_connected", "xnn_define_fully_connected", buildFullyConnected},
    {"xnn.convolution_2d", "xnn_define_convolution_2d", buildConvolution},
    {"xnn.max_pooling_2d", "xnn_define_max_pooling_2d", buildMaxPool},
    {"xnn.average_pooling_2d", "xnn_define_average_pooling_2d", buildAvgPool},
    {"xnn.static_reduce", "xnn_define_static_reduce_v2", buildReduce},
    {"xnn.static_reshape", "xnn_define_static_reshape", buildReshape},
    {"xnn.concatenate", "xnn_define_concatenate2", buildConcatenate},
    {"xnn.static_slice", "xnn_define_static_slice", buildSlice},
    {"xnn.softmax", "xnn_define_softmax", buildIO},
    {"xnn.batch_matrix_multiply", "xnn_define_batch_matrix_multiply", buildBatchMatmul},
    {"xnn.copy", "xnn_define_copy", buildIO},
    {"xnn.static_constant_pad", "xnn_define_static_constant_pad", buildPad},
    {"xnn.deconvolution_2d", "xnn_define_deconvolution_2d", buildDeconvolution},
    {"xnn.static_resize_bilinear_2d", "xnn_define_static_resize_bilinear_2d", buildResizeBilinear},
};

static const Entry *lookupName(MlirStringRef name) {
  for (size_t i = 0; i < sizeof(kTable) / sizeof(kTable[0]); ++i)
    if (xnnStrRefEquals(name, kTable[i].op))
      return &kTable[i];
  return NULL;
}
static const Entry *lookup(MlirOperation op) { return lookupName(xnnOpName(op)); }

bool xnnMlirEmitSupportsOp(MlirOperation op) { return xnnOpIs(op, "xnn.constant") || lookup(op) != NULL; }

/* ---- the walk ------------------------------------------------------------- */

typedef struct Walk {
  const XnnMlirEmitter *em;
  XnnPtrMap live; /* MlirOperation -> 1 for ops whose results reach the return */
  XnnPtrMap ids;  /* MlirValue -> id */
  XnnPtrMap outs; /* MlirValue -> output index (first return position it fills directly) */
  XnnAbsBounds bounds;
  char err[1024];
} Walk;

static void opError(MlirOperation op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void opError(MlirOperation op, const char *fmt, ...) {
  char msg[1400];
  MlirStringRef name = xnnOpName(op);
  int n = snprintf(msg, sizeof(msg), "'%.*s' op ", (int)name.length, name.data);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg + n, sizeof(msg) - (size_t)n, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(op), msg);
}

/* Physical type of a delegate value -> tensor description (no data). */
static bool describe(MlirType type, XnnMlirEmitTensor *t, char *err, size_t errSize) {
  memset(t, 0, sizeof(*t));
  t->externalId = XNN_MLIR_EMIT_INVALID_ID;
  if (!mlirTypeIsARankedTensor(type) || !mlirShapedTypeHasStaticShape(type)) {
    snprintf(err, errSize, "values must be statically shaped ranked tensors");
    return false;
  }
  intptr_t r = mlirShapedTypeGetRank(type);
  int quant = xnnQuantEncoding(type);
  if (quant > XNN_QUANT_NONE) {
    MlirType e = mlirShapedTypeGetElementType(type);
    unsigned width = quant == XNN_QUANT_QCINT32 ? 32 : 8;
    bool anyRank = quant == XNN_QUANT_QDINT8 || quant == XNN_QUANT_QINT8;
    intptr_t wantRank = quant == XNN_QUANT_QCINT32 ? 1 : 2;
    if (!mlirTypeIsAInteger(e) || mlirIntegerTypeGetWidth(e) != width || r < 1 || r > XNN_MLIR_EMIT_MAX_RANK ||
        (!anyRank && r != wantRank)) {
      snprintf(err, errSize, "quantized (%s) values must be i%u tensors%s", xnnQuantName(quant), width,
               anyRank ? " of rank 1 to 6" : wantRank == 1 ? " of rank 1" : " of rank 2");
      return false;
    }
    if (quant == XNN_QUANT_QINT8) {
      int64_t zp = 0;
      xnnQInt8Params(type, &t->quantScale, &zp);
      t->zeroPoint = (int32_t)zp;
    }
    t->quant = (XnnMlirEmitQuant)quant;
    t->dtype = t->dataDtype = XNN_MLIR_DTYPE_INVALID;
    t->rank = (size_t)r;
    for (intptr_t i = 0; i < r; ++i)
      t->dims[i] = (size_t)mlirShapedTypeGetDimSize(type, i);
    return true;
  }
  if (quant != XNN_QUANT_NONE) {
    snprintf(err, errSize, "values must not have an encoding other than qdint8, qcint8, qcint4, qbint4, a well-formed "
                           "qint8 dictionary or qcint32");
    return false;
  }
  XnnMlirDType d = xnnMlirDTypeFromType(mlirShapedTypeGetElementType(type));
  if (d != XNN_MLIR_F32 && d != XNN_MLIR_F16 && d != XNN_MLIR_BF16) {
    snprintf(err, errSize, "XNNPACK values must be f32, f16 or bf16");
    return false;
  }
  if (r > XNN_MLIR_EMIT_MAX_RANK) {
    snprintf(err, errSize, "rank %zd exceeds XNN_MAX_TENSOR_DIMS (%d)", (ssize_t)r, XNN_MLIR_EMIT_MAX_RANK);
    return false;
  }
  t->dtype = t->dataDtype = d;
  t->rank = (size_t)r;
  for (intptr_t i = 0; i < r; ++i)
    t->dims[i] = (size_t)mlirShapedTypeGetDimSize(type, i);
  return true;
}

_Static_assert((int)XNN_MLIR_QUANT_QDINT8 == XNN_QUANT_QDINT8 && (int)XNN_MLIR_QUANT_QBINT4 == XNN_QUANT_QBINT4 &&
                   (int)XNN_MLIR_QUANT_QINT8 == XNN_QUANT_QINT8 && (int)XNN_MLIR_QUANT_QCINT32 == XNN_QUANT_QCINT32,
               "XnnMlirEmitQuant numbers the encodings as xnnQuantEncoding");

static uint16_t roundToBf16(float f) { /* RNE; f is a positive normal float */
  uint32_t u;
  memcpy(&u, &f, 4);
  return (uint16_t)((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

/* The data and scales of a quantized xnn.constant as XNNPACK takes them
 * (Emit.h, XnnMlirEmitQuant): int8 bytes as they are (qcint8), int4 packed
 * two a byte (q + 8, even input channel in the low nibble: the probe of
 * docs/src/quantized-xnnpack-probe.md), f32 scales, or bf16 ones (qbint4,
 * rounded to nearest even). Checks what the verifier leaves to the emitter:
 * the int4 range and the scales of dense_resource payloads. `*owned` and
 * `*scales` are malloc'd (free them). */
enum { kReleaseEvery = 8u << 20 }; /* bytes of mapped int4 source read between releases */

void xnnMlirEmitPackInt4(const int8_t *values, size_t count, uint8_t *packed) {
  for (size_t i = 0; i + 1 < count; i += 2)
    packed[i / 2] = (uint8_t)((values[i] + 8) | ((values[i + 1] + 8) << 4));
}

/* Elements [begin, end) of int4 values one a byte: false (with the first
 * one out of [-8, 7] in err) unless all are in range. */
static bool checkInt4(const int8_t *q, size_t begin, size_t end, size_t k, char *err, size_t errSize) {
  for (size_t i = begin; i < end; ++i)
    if (q[i] < -8 || q[i] > 7) {
      snprintf(err, errSize, "int4 weight element %zu (row %zu, column %zu) is %d, outside [-8, 7]", i, i / k, i % k,
               q[i]);
      return false;
    }
  return true;
}

/* `lazyInt4`: the sink packs int4 values itself (XnnMlirEmitter.packInt4)
 * and they are the module's own memory: checked and handed over as they are. */
static bool quantPayload(MlirOperation op, XnnMlirEmitTensor *t, const XnnElements *e, bool lazyInt4, void **owned,
                         void **scales, char *err, size_t errSize) {
  bool i32 = t->quant == XNN_MLIR_QUANT_QCINT32;
  size_t n = t->dims[0], k = i32 ? 1 : t->dims[1], count = n * k;
  *owned = NULL, *scales = NULL;
  if (e->elemSize != (i32 ? 4u : 1u) || (!e->splat && (size_t)e->count != count)) {
    snprintf(err, errSize, "attribute 'value' must hold %zu %s elements", count, i32 ? "i32" : "i8");
    return false;
  }
  const int8_t *q = e->data;
  if (i32) {
    if (e->splat) {
      int32_t v, *p = malloc(count * 4);
      if (!(*owned = p))
        return snprintf(err, errSize, "out of memory"), false;
      memcpy(&v, e->data, 4);
      for (size_t i = 0; i < count; ++i)
        p[i] = v;
      t->data = p;
    } else {
      t->data = e->data;
      t->stable = !e->owned;
    }
    t->dataBytes = count * 4;
  } else if (t->quant == XNN_MLIR_QUANT_QCINT8) {
    if (e->splat) {
      if (!(*owned = malloc(count)))
        return snprintf(err, errSize, "out of memory"), false;
      memset(*owned, q[0], count);
      t->data = *owned;
    } else {
      t->data = e->data;
      t->stable = !e->owned;
    }
    t->dataBytes = count;
  } else {
    /* int4: checked, then packed two a byte here, or handed over one a byte to
     * a sink that packs when XNNPACK packs (lazyInt4, module memory only) */
    bool handOver = lazyInt4 && !e->splat && !e->owned;
    if (e->splat && !checkInt4(q, 0, 1, k, err, errSize))
      return false;
    uint8_t *p = NULL;
    if (!handOver) {
      if (!(*owned = p = malloc(count / 2 + XNN_MLIR_EMIT_SLACK)))
        return snprintf(err, errSize, "out of memory"), false;
      memset(p + count / 2, 0, XNN_MLIR_EMIT_SLACK);
      t->adopt = owned;
    }
    if (e->splat)
      memset(p, (q[0] + 8) | ((q[0] + 8) << 4), count / 2);
    /* the one-a-byte values of a mapped input are read once here (and once
     * more when handed over): their pages go as they are passed */
    for (size_t i = 0; !e->splat && i < count; i += kReleaseEvery) {
      size_t len = count - i < kReleaseEvery ? count - i : kReleaseEvery;
      if (!checkInt4(q, i, i + len, k, err, errSize))
        return false;
      if (p)
        xnnMlirEmitPackInt4(q + i, len, p + i / 2);
      if (!e->owned)
        (void)xnnMlirReleaseMappedBytes(q + i, len);
    }
    t->int4Source = handOver ? q : NULL;
    t->data = p;
    t->stable = handOver;
    t->dataBytes = count / 2;
  }
  MlirAttribute sa = xnnOpAttr(op, "scale");
  XnnElements se;
  if (mlirAttributeIsNull(sa) || !mlirAttributeIsAElements(sa) || !xnnElementsView(sa, &se, err, errSize)) {
    if (mlirAttributeIsNull(sa) || !mlirAttributeIsAElements(sa))
      snprintf(err, errSize, "requires an elements attribute 'scale'");
    return false;
  }
  size_t ns = n;
  int64_t block = 0;
  if (t->quant == XNN_MLIR_QUANT_QBINT4) {
    if (!xnnAttrI64(op, "block_size", &block) || block < 1 || k % (size_t)block) {
      xnnElementsFree(&se);
      snprintf(err, errSize, "requires an integer attribute 'block_size' dividing K (%zu)", k);
      return false;
    }
    ns = n * (k / (size_t)block);
    t->blockSize = (size_t)block;
  }
  bool ok = se.elemSize == 4 && mlirTypeIsAF32(se.elem) && (se.splat || (size_t)se.count == ns);
  size_t width = t->quant == XNN_MLIR_QUANT_QBINT4 ? 2 : 4;
  char *out = ok ? malloc(ns * width) : NULL;
  if (ok && !out)
    snprintf(err, errSize, "out of memory");
  else if (!ok)
    snprintf(err, errSize, "attribute 'scale' must hold %zu f32 elements", ns);
  for (size_t i = 0; out && i < ns; ++i) {
    float f;
    memcpy(&f, (const char *)se.data + (se.splat ? 0 : i * 4), 4);
    if (!(f > 0.0f) || !isfinite(f) || !isnormal(f)) {
      snprintf(err, errSize, "scale element %zu is %g: scales must be positive normal finite floats", i, (double)f);
      free(out), out = NULL;
      break;
    }
    if (width == 2) {
      uint16_t h = roundToBf16(f);
      if ((h & 0x7F80u) == 0x7F80u) {
        snprintf(err, errSize, "scale element %zu is %g: it overflows bf16 (qbint4 scales are bf16)", i, (double)f);
        free(out), out = NULL;
        break;
      }
      memcpy(out + 2 * i, &h, 2);
    } else {
      memcpy(out + 4 * i, &f, 4);
    }
  }
  /* the f32 scales of a mapped input were read once (qbint4: 1/32 of the
   * weights' count, as many bytes as half the int4 values): their pages go */
  if (out && !se.owned && !se.splat)
    (void)xnnMlirReleaseMappedBytes(se.data, ns * 4);
  xnnElementsFree(&se);
  if (!out)
    return false;
  *scales = out;
  t->scale = out;
  t->numScales = ns;
  return true;
}

static void describeOp(MlirOperation op, size_t nodeIndex, char *buf, size_t size) {
  MlirStringRef name = xnnOpName(op), file;
  unsigned line = 0, col = 0;
  if (xnnMlirLocationGetFilePos(mlirOperationGetLocation(op), &file, &line, &col))
    snprintf(buf, size, "node %zu ('%.*s' at %.*s:%u:%u)", nodeIndex, (int)name.length, name.data,
             (int)file.length, file.data, line, col);
  else
    snprintf(buf, size, "node %zu ('%.*s')", nodeIndex, (int)name.length, name.data);
}

/* Marks the ops whose results reach `ret`. XNNPACK aborts while optimising a
 * subgraph with chains of nodes nobody consumes, and they compute nothing
 * observable: dead ops are not emitted. */
static void markLive(Walk *w, MlirBlock body, MlirOperation ret) {
  size_t n = 0;
  MlirOperation *ops = xnnBlockOps(body, &n);
  xnnPtrMapPut(&w->live, ret.ptr, 1);
  for (size_t i = n; i-- > 0;) {
    bool live = false;
    for (intptr_t r = 0, nr = mlirOperationGetNumResults(ops[i]); r < nr && !live; ++r)
      for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(ops[i], r));
           !mlirOpOperandIsNull(u) && !live; u = mlirOpOperandGetNextUse(u)) {
        size_t ignored;
        live = xnnPtrMapGet(&w->live, mlirOpOperandGetOwner(u).ptr, &ignored);
      }
    if (live)
      xnnPtrMapPut(&w->live, ops[i].ptr, 1);
  }
  free(ops);
}

static bool isLive(const Walk *w, MlirOperation op) {
  size_t ignored;
  return xnnPtrMapGet(&w->live, op.ptr, &ignored);
}

static bool walkBody(Walk *w, MlirOperation func, MlirBlock body, size_t index, MlirOperation ret) {
  const XnnMlirEmitter *em = w->em;
  size_t numIn = (size_t)mlirBlockGetNumArguments(body);
  size_t numOut = (size_t)mlirOperationGetNumOperands(ret);
  size_t numNodes = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationEqual(op, ret);
       op = mlirOperationGetNextInBlock(op))
    if (isLive(w, op) && !xnnOpIs(op, "xnn.constant"))
      ++numNodes;
  /* Outputs a producing node can write directly; the rest get a copy. */
  for (size_t j = 0; j < numOut; ++j) {
    MlirValue v = mlirOperationGetOperand(ret, (intptr_t)j);
    MlirOperation def = xnnDefiningOp(v);
    size_t prev;
    if (mlirOperationIsNull(def) || xnnOpIs(def, "xnn.constant") || xnnPtrMapGet(&w->outs, v.ptr, &prev))
      ++numNodes;
    else
      xnnPtrMapPut(&w->outs, v.ptr, j);
  }
  MlirStringRef sym = {NULL, 0};
  MlirAttribute symAttr = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
  if (!mlirAttributeIsNull(symAttr) && mlirAttributeIsAString(symAttr))
    sym = mlirStringAttrGetValue(symAttr);
  char name[256];
  snprintf(name, sizeof(name), "%.*s", (int)sym.length, sym.data ? sym.data : "");
  XnnMlirEmitDelegate d = {func, name, index, numIn, numOut, numNodes};
  if (em->begin && !em->begin(em->user, &d, w->err, sizeof(w->err))) {
    opError(func, "cannot start delegate @%s: %s", name, w->err);
    return false;
  }
  char tname[64];
  for (size_t i = 0; i < numIn; ++i) {
    MlirValue a = mlirBlockGetArgument(body, (intptr_t)i);
    XnnMlirEmitTensor t;
    if (!describe(mlirValueGetType(a), &t, w->err, sizeof(w->err)) ||
        (t.quant != XNN_MLIR_QUANT_NONE &&
         snprintf(w->err, sizeof(w->err), "quantized values cannot be delegate inputs") > 0)) {
      opError(func, "argument #%zu: %s", i, w->err);
      return false;
    }
    snprintf(tname, sizeof(tname), "input %zu", i);
    t.name = tname;
    t.externalId = (uint32_t)i;
    t.flags = XNN_MLIR_EMIT_EXTERNAL_INPUT;
    uint32_t id;
    if (!em->defineTensor(em->user, &t, &id, w->err, sizeof(w->err))) {
      opError(func, "argument #%zu: %s", i, w->err);
      return false;
    }
    xnnPtrMapPut(&w->ids, a.ptr, id);
  }
  size_t node = 0;
  char what[512];
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationEqual(op, ret);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isLive(w, op))
      continue;
    if (mlirOperationGetNumResults(op) != 1) {
      opError(op, "must have exactly one result to be emitted");
      return false;
    }
    MlirValue res = mlirOperationGetResult(op, 0);
    XnnMlirEmitTensor t;
    if (!describe(mlirValueGetType(res), &t, w->err, sizeof(w->err))) {
      opError(op, "result: %s", w->err);
      return false;
    }
    uint32_t id;
    if (xnnOpIs(op, "xnn.constant")) {
      XnnElements e;
      MlirAttribute v = xnnOpAttr(op, "value");
      if (mlirAttributeIsNull(v) || !mlirAttributeIsAElements(v)) {
        opError(op, "requires an elements attribute 'value'");
        return false;
      }
      if (!xnnElementsView(v, &e, w->err, sizeof(w->err))) {
        opError(op, "constant data unavailable: %s", w->err);
        return false;
      }
      if (t.quant != XNN_MLIR_QUANT_NONE) {
        void *owned = NULL, *scales = NULL;
        bool computed = t.quant == XNN_MLIR_QUANT_QDINT8 || t.quant == XNN_MLIR_QUANT_QINT8;
        bool lazyInt4 = em->packInt4 && onlyPacked(res);
        bool ok = !computed && quantPayload(op, &t, &e, lazyInt4, &owned, &scales, w->err, sizeof(w->err));
        if (computed)
          snprintf(w->err, sizeof(w->err), "%s values cannot be constants",
                   t.quant == XNN_MLIR_QUANT_QDINT8 ? "qdint8" : "qint8");
        if (ok && onlyPacked(res))
          t.flags |= XNN_MLIR_EMIT_PACKED_ONLY;
        snprintf(tname, sizeof(tname), "constant, before node %zu", node);
        t.name = tname;
        ok = ok && em->defineTensor(em->user, &t, &id, w->err, sizeof(w->err));
        free(owned);
        free(scales);
        xnnElementsFree(&e);
        if (!ok) {
          opError(op, "%s", w->err);
          return false;
        }
        xnnPtrMapPut(&w->ids, res.ptr, id);
        continue;
      }
      int64_t n = xnnValueNumElements(res);
      /* bf16/f16 data of an f32 tensor is widened by the sink (xnn.constant). */
      t.dataDtype = xnnMlirDTypeFromType(e.elem);
      bool widened = t.dtype == XNN_MLIR_F32 && (t.dataDtype == XNN_MLIR_BF16 || t.dataDtype == XNN_MLIR_F16);
      if (!(widened || mlirTypeEqual(e.elem, mlirShapedTypeGetElementType(mlirValueGetType(res)))) ||
          e.elemSize != xnnMlirDTypeSize(t.dataDtype) || (!e.splat && e.count != n)) {
        xnnElementsFree(&e);
        opError(op, "attribute 'value' does not match the result type");
        return false;
      }
      t.data = e.data;
      t.splat = e.splat;
      t.stable = !e.owned;
      if (onlyPacked(res))
        t.flags |= XNN_MLIR_EMIT_PACKED_ONLY;
      snprintf(tname, sizeof(tname), "constant, before node %zu", node);
      t.name = tname;
      bool ok = em->defineTensor(em->user, &t, &id, w->err, sizeof(w->err));
      xnnElementsFree(&e);
      if (!ok) {
        opError(op, "%s", w->err);
        return false;
      }
      xnnPtrMapPut(&w->ids, res.ptr, id);
      continue;
    }
    const Entry *entry = lookup(op);
    if (!entry) {
      opError(op, "%s", xnnOpHasPrefix(op, "xnn.") ? "has no XNNPACK emitter entry"
                         : "is not an xnn op: the delegate is not lowered (run xnn-opt --xnn-delegate)");
      return false;
    }
    uint32_t in[8];
    size_t numOperands = (size_t)mlirOperationGetNumOperands(op);
    if (numOperands > 8) {
      opError(op, "has too many operands");
      return false;
    }
    for (size_t k = 0; k < numOperands; ++k) {
      size_t got;
      if (!xnnPtrMapGet(&w->ids, mlirOperationGetOperand(op, (intptr_t)k).ptr, &got)) {
        opError(op, "operand #%zu is not a value of this delegate", k);
        return false;
      }
      in[k] = (uint32_t)got;
    }
    size_t outIdx;
    if (xnnPtrMapGet(&w->outs, res.ptr, &outIdx)) {
      t.externalId = (uint32_t)(numIn + outIdx);
      t.flags = XNN_MLIR_EMIT_EXTERNAL_OUTPUT;
      snprintf(tname, sizeof(tname), "output %zu", outIdx);
    } else {
      snprintf(tname, sizeof(tname), "result of node %zu", node);
    }
    t.name = tname;
    if (!em->defineTensor(em->user, &t, &id, w->err, sizeof(w->err))) {
      opError(op, "result: %s", w->err);
      return false;
    }
    xnnPtrMapPut(&w->ids, res.ptr, id);
    XnnMlirEmitNode n;
    memset(&n, 0, sizeof(n));
    n.function = entry->function;
    n.op = op;
    describeOp(op, node, what, sizeof(what));
    n.what = what;
    xnnAbsBoundsVisit(&w->bounds, op);
    Builder b = {op, in, numOperands, id, &n, w->err, sizeof(w->err), &w->bounds};
    if (!entry->build(&b)) {
      opError(op, "%s", w->err);
      return false;
    }
    if (!em->defineNode(em->user, &n, w->err, sizeof(w->err))) {
      opError(op, "%s", w->err);
      return false;
    }
    ++node;
  }
  /* Outputs no node writes directly (delegate inputs, constants, repeated
   * values): an xnn_define_copy into the output, through the xnn.copy entry. */
  for (size_t j = 0; j < numOut; ++j) {
    MlirValue v = mlirOperationGetOperand(ret, (intptr_t)j);
    size_t first, src;
    if (xnnPtrMapGet(&w->outs, v.ptr, &first) && first == j)
      continue;
    if (!xnnPtrMapGet(&w->ids, v.ptr, &src)) {
      opError(ret, "operand #%zu is not a value of this delegate", j);
      return false;
    }
    XnnMlirEmitTensor t;
    if (!describe(mlirValueGetType(v), &t, w->err, sizeof(w->err)) ||
        (t.quant != XNN_MLIR_QUANT_NONE &&
         snprintf(w->err, sizeof(w->err), "quantized values cannot be delegate outputs") > 0)) {
      opError(ret, "operand #%zu: %s", j, w->err);
      return false;
    }
    snprintf(tname, sizeof(tname), "output %zu", j);
    t.name = tname;
    t.externalId = (uint32_t)(numIn + j);
    t.flags = XNN_MLIR_EMIT_EXTERNAL_OUTPUT;
    uint32_t id;
    if (!em->defineTensor(em->user, &t, &id, w->err, sizeof(w->err))) {
      opError(ret, "operand #%zu: %s", j, w->err);
      return false;
    }
    XnnMlirEmitNode n;
    memset(&n, 0, sizeof(n));
    snprintf(what, sizeof(what), "node %zu (copy to output %zu)", node, j);
    n.what = what;
    uint32_t in = (uint32_t)src;
    Builder b = {ret, &in, 1, id, &n, w->err, sizeof(w->err), &w->bounds};
    const Entry *copy = lookupName(mlirStringRefCreateFromCString("xnn.copy"));
    n.function = copy->function;
    if (!copy->build(&b) || !em->defineNode(em->user, &n, w->err, sizeof(w->err))) {
      opError(ret, "output %zu: %s", j, w->err);
      return false;
    }
    ++node;
  }
  if (em->end && !em->end(em->user, w->err, sizeof(w->err))) {
    opError(func, "delegate @%s: %s", name, w->err);
    return false;
  }
  return true;
}

bool xnnMlirEmitDelegate(MlirOperation func, size_t index, const XnnMlirEmitter *em) {
  if (!xnnMlirIsDelegateFunc(func)) {
    opError(func, "is not a delegate function (func.func with the xnn.delegate attribute)");
    return false;
  }
  MlirBlock body = xnnFuncBody(func);
  if (mlirBlockIsNull(body)) {
    opError(func, "delegate function has no body");
    return false;
  }
  MlirOperation ret = mlirBlockGetTerminator(body);
  if (mlirOperationIsNull(ret) || !xnnOpIs(ret, "func.return")) {
    opError(func, "delegate body must end with func.return");
    return false;
  }
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(body))) {
    opError(func, "delegate function must have a single block");
    return false;
  }
  /* Check every op before any callback runs, so a sink sees whole delegates only. */
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationEqual(op, ret);
       op = mlirOperationGetNextInBlock(op)) {
    if (!xnnMlirEmitSupportsOp(op)) {
      opError(op, "%s", xnnOpHasPrefix(op, "xnn.") ? "has no XNNPACK emitter entry"
                         : "is not an xnn op: the delegate is not lowered (run xnn-opt --xnn-delegate)");
      return false;
    }
  }
  Walk w;
  memset(&w, 0, sizeof(w));
  w.em = em;
  size_t n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    ++n;
  xnnPtrMapInit(&w.live, n + 16);
  xnnPtrMapInit(&w.ids, n + 16);
  xnnPtrMapInit(&w.outs, 16);
  xnnAbsBoundsInit(&w.bounds, n + 16);
  markLive(&w, body, ret);
  bool ok = walkBody(&w, func, body, index, ret);
  xnnPtrMapFree(&w.live);
  xnnPtrMapFree(&w.ids);
  xnnPtrMapFree(&w.outs);
  xnnAbsBoundsFree(&w.bounds);
  return ok;
}
