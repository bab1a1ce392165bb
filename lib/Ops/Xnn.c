/* Verifiers of the xnn dialect: what the corresponding xnn_define_* call of
 * the pinned XNNPACK would accept. Tensors are f32/f16/bf16 with rank <=
 * XNN_MAX_TENSOR_DIMS (6); shapes are physical (NHWC for 2-D ops). */
#include "OpVerifiers.h"
#include "VerifyUtil.h"
#include "Support/Elements.h"
#include "Support/IR.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XT XNN_ET_FLOAT
#define XR XNN_VERIFY_XNN_MAX_RANK

static bool strEq(MlirStringRef s, const char *c) {
  size_t n = strlen(c);
  return s.length == n && memcmp(s.data, c, n) == 0;
}

/* One input, one output, both checked. */
static bool unaryIO(MlirOperation op, XnnTensor *in, XnnTensor *out) {
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  bool ok = xnnOperandTensor(op, 0, "input", XT, XR, in);
  return xnnResultTensor(op, 0, XT, XR, out) && ok;
}

static bool sameType(MlirOperation op, const XnnTensor *in, const XnnTensor *out) {
  return xnnCheckSameTypeNamed(op, in, "input", out, "output");
}

/* Optional output_min / output_max clamp (f64, min < max). */
static bool outputClamp(MlirOperation op) {
  double lo = 0, hi = 0;
  XnnAttrStatus a = xnnGetF64(op, "output_min", false, &lo);
  XnnAttrStatus b = xnnGetF64(op, "output_max", false, &hi);
  if (a == XNN_ATTR_BAD || b == XNN_ATTR_BAD)
    return false;
  if (a == XNN_ATTR_OK && b == XNN_ATTR_OK && !(lo < hi)) {
    xnnOpError(op, "output_min (%g) must be less than output_max (%g)", lo, hi);
    return false;
  }
  return true;
}

/* Reads a required array<i64> of `n` with elements in [lo, INT32_MAX]. */
static bool getU32Array(MlirOperation op, const char *name, intptr_t n,
                        int64_t lo, int64_t *out) {
  intptr_t got;
  if (xnnGetI64Array(op, name, true, n, out, n, &got) != XNN_ATTR_OK)
    return false;
  return xnnCheckArrayRange(op, name, out, n, lo, INT32_MAX);
}

/* ---- quantized values (docs/src/quantized-xnnpack-probe.md) ------------- */

/* Scans a dense (not dense_resource) elements attribute's data with `fn`;
 * dense_resource payloads are checked when they are emitted (lib/Emit/Emit.c),
 * where they are read anyway. Returns false if `fn` rejected an element. */
static bool scanDense(MlirAttribute a, bool (*fn)(MlirOperation, const XnnElements *), MlirOperation op) {
  if (!mlirAttributeIsADenseElements(a))
    return true;
  XnnElements e;
  char err[256];
  if (!xnnElementsView(a, &e, err, sizeof err))
    return true; /* reported where the data is read */
  bool ok = fn(op, &e);
  xnnElementsFree(&e);
  return ok;
}

static bool int4Range(MlirOperation op, const XnnElements *e) {
  const int8_t *v = e->data;
  for (int64_t i = 0; i < e->count; ++i)
    if (v[i] < -8 || v[i] > 7) {
      xnnOpError(op, "int4 weight element %lld is %d, outside [-8, 7]", (long long)i, (int)v[i]);
      return false;
    }
  return true;
}

static bool positiveScales(MlirOperation op, const XnnElements *e) {
  const float *v = e->data;
  for (int64_t i = 0; i < e->count; ++i)
    if (!(v[i] > 0.0f) || !isfinite(v[i]) || !isnormal(v[i])) {
      xnnOpError(op, "scale element %lld is %g: scales must be positive normal finite floats",
                 (long long)i, (double)v[i]);
      return false;
    }
  return true;
}

/* xnn.constant with a quantized result: tensor<NxKxi8, "qcint8" | "qcint4" |
 * "qbint4">, value tensor<NxKxi8> (int4 kinds: each in [-8, 7]), scale
 * tensor<Nxf32> (qbint4: tensor<N x K/B x f32>), block_size B (qbint4 only;
 * the linked XNNPACK takes multiples of 32 that divide K). */
static bool verifyQuantConstant(MlirOperation op, const XnnTensor *res, int quant) {
  char tb[256], vb[256];
  const char *qn = xnnQuantName(quant);
  if (quant == XNN_QUANT_QDINT8) {
    xnnOpError(op, "result type '%s': qdint8 values are computed at run time by an xnn.convert from f32, "
                   "they cannot be constants",
               xnnTypeStr(res->type, tb, sizeof tb));
    return false;
  }
  MlirType i8 = mlirIntegerTypeGet(mlirTypeGetContext(res->type), 8);
  if (!mlirTypeEqual(res->elem, i8) || res->rank != 2) {
    xnnOpError(op, "quantized (%s) weights must be a rank-2 tensor of i8 [N, K], got '%s'", qn,
               xnnTypeStr(res->type, tb, sizeof tb));
    return false;
  }
  int64_t n = res->dims[0], k = res->dims[1];
  if (n < 1 || k < 1) {
    xnnOpError(op, "quantized (%s) weights must not be empty, got '%s'", qn, xnnTypeStr(res->type, tb, sizeof tb));
    return false;
  }
  bool int4 = quant == XNN_QUANT_QCINT4 || quant == XNN_QUANT_QBINT4;
  if (int4 && k % 2) {
    xnnOpError(op, "%s weights pack two input channels a byte: K (%lld) must be even", qn, (long long)k);
    return false;
  }
  MlirAttribute v = xnnGetAttr(op, "value");
  if (mlirAttributeIsNull(v) || !mlirAttributeIsAElements(v)) {
    xnnOpError(op, "requires attribute 'value' (dense or dense_resource elements of i8)");
    return false;
  }
  MlirType want = mlirRankedTensorTypeGet(2, res->dims, i8, mlirAttributeGetNull());
  if (!mlirTypeEqual(mlirAttributeGetType(v), want)) {
    xnnOpError(op, "attribute 'value' type '%s' must be '%s' (the quantized values, without encoding)",
               xnnTypeStr(mlirAttributeGetType(v), vb, sizeof vb), xnnTypeStr(want, tb, sizeof tb));
    return false;
  }
  int64_t block = 0;
  XnnAttrStatus sb = xnnGetI64(op, "block_size", quant == XNN_QUANT_QBINT4, &block);
  if (sb == XNN_ATTR_BAD || (quant == XNN_QUANT_QBINT4 && sb != XNN_ATTR_OK))
    return false;
  if (quant != XNN_QUANT_QBINT4 && sb == XNN_ATTR_OK) {
    xnnOpError(op, "attribute 'block_size' applies to qbint4 weights only, not %s", qn);
    return false;
  }
  if (quant == XNN_QUANT_QBINT4 && (block < 32 || block % 32 || k % block)) {
    xnnOpError(op, "block_size %lld is not supported: the linked XNNPACK takes qbint4 block sizes that are "
                   "multiples of 32 and divide K (%lld)",
               (long long)block, (long long)k);
    return false;
  }
  MlirAttribute sc = xnnGetAttr(op, "scale");
  if (mlirAttributeIsNull(sc) || !mlirAttributeIsAElements(sc)) {
    xnnOpError(op, "quantized (%s) weights require attribute 'scale' (dense or dense_resource elements of f32)", qn);
    return false;
  }
  int64_t sdims[2] = {n, quant == XNN_QUANT_QBINT4 ? k / block : 0};
  MlirType swant = mlirRankedTensorTypeGet(quant == XNN_QUANT_QBINT4 ? 2 : 1, sdims,
                                           mlirF32TypeGet(mlirTypeGetContext(res->type)), mlirAttributeGetNull());
  if (!mlirTypeEqual(mlirAttributeGetType(sc), swant)) {
    xnnOpError(op, "attribute 'scale' type '%s' must be '%s' (%s)", xnnTypeStr(mlirAttributeGetType(sc), vb, sizeof vb),
               xnnTypeStr(swant, tb, sizeof tb),
               quant == XNN_QUANT_QBINT4 ? "one scale per output channel and block of block_size inputs"
                                         : "one scale per output channel");
    return false;
  }
  if (!scanDense(sc, positiveScales, op))
    return false;
  return !int4 || scanDense(v, int4Range, op);
}

/* Where a qdint8 value may go: the input operand of xnn.fully_connected. */
static bool qdint8Uses(MlirOperation op) {
  MlirValue r = mlirOperationGetResult(op, 0);
  for (MlirOpOperand u = mlirValueGetFirstUse(r); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!(xnnOpIs(user, "xnn.fully_connected") && mlirOpOperandGetOperandNumber(u) == 0)) {
      MlirStringRef nm = xnnOpName(user);
      xnnOpError(op, "a qdint8 value may only be the input (operand #0) of xnn.fully_connected, but it is "
                     "operand #%u of '%.*s'",
                 mlirOpOperandGetOperandNumber(u), (int)nm.length, nm.data);
      return false;
    }
  }
  return true;
}

/* A tensor's encoding, which no other xnn value has. */
static bool noEncoding(MlirOperation op, const char *what, MlirType t) {
  if (xnnQuantEncoding(t) == XNN_QUANT_NONE)
    return true;
  char tb[256];
  xnnOpError(op, "%s type '%s' must not have an encoding here", what, xnnTypeStr(t, tb, sizeof tb));
  return false;
}

/* ---- static int8 (qs8): the qint8 encoding dictionary ------------------ */

/* What is wrong with a dictionary encoding meant as qint8 ({kind = "qint8",
 * scale = <f32>, zero_point = <i64>}), into buf; false if nothing is (then it
 * is a well-formed qint8 type, given i8 elements). */
static bool qint8DictProblem(MlirAttribute e, char *buf, size_t size) {
  static const char *const keys[] = {"kind", "scale", "zero_point"};
  char ab[256];
  for (intptr_t i = 0, n = mlirDictionaryAttrGetNumElements(e); i < n; ++i) {
    MlirStringRef k = mlirIdentifierStr(mlirDictionaryAttrGetElement(e, i).name);
    if (!strEq(k, keys[0]) && !strEq(k, keys[1]) && !strEq(k, keys[2]))
      return snprintf(buf, size, "unexpected key '%.*s' (a qint8 encoding has exactly kind, scale and zero_point)",
                      (int)k.length, k.data), true;
  }
  for (int i = 0; i < 3; ++i)
    if (mlirAttributeIsNull(mlirDictionaryAttrGetElementByName(e, mlirStringRefCreateFromCString(keys[i]))))
      return snprintf(buf, size, "missing key '%s' (a qint8 encoding is {kind = \"qint8\", scale = <f32>, "
                                 "zero_point = <i64>})", keys[i]), true;
  MlirAttribute kind = mlirDictionaryAttrGetElementByName(e, mlirStringRefCreateFromCString("kind"));
  if (!mlirAttributeIsAString(kind) || !strEq(mlirStringAttrGetValue(kind), "qint8"))
    return snprintf(buf, size, "'kind' is %s; the only dictionary encoding is kind = \"qint8\"",
                    xnnAttrStr(kind, ab, sizeof ab)), true;
  MlirAttribute sc = mlirDictionaryAttrGetElementByName(e, mlirStringRefCreateFromCString("scale"));
  if (!mlirAttributeIsAFloat(sc) || !mlirTypeIsAF32(mlirAttributeGetType(sc)))
    return snprintf(buf, size, "'scale' is %s; it must be an f32 float attribute", xnnAttrStr(sc, ab, sizeof ab)),
           true;
  float f = (float)mlirFloatAttrGetValueDouble(sc);
  if (!(f > 0.0f) || !isfinite(f) || !isnormal(f))
    return snprintf(buf, size, "'scale' is %g; it must be a positive normal finite f32", (double)f), true;
  MlirAttribute zp = mlirDictionaryAttrGetElementByName(e, mlirStringRefCreateFromCString("zero_point"));
  if (!mlirAttributeIsAInteger(zp) || !mlirTypeIsAInteger(mlirAttributeGetType(zp)) ||
      mlirIntegerTypeGetWidth(mlirAttributeGetType(zp)) != 64 || mlirIntegerTypeIsUnsigned(mlirAttributeGetType(zp)))
    return snprintf(buf, size, "'zero_point' is %s; it must be an i64 integer attribute",
                    xnnAttrStr(zp, ab, sizeof ab)), true;
  int64_t z = mlirIntegerAttrGetValueInt(zp);
  if (z < -128 || z > 127)
    return snprintf(buf, size, "'zero_point' is %lld; it must be in [-128, 127]", (long long)z), true;
  return false;
}

/* The quantization of `t` (xnnQuantEncoding), reporting a malformed qint8
 * dictionary (or one on other than i8 elements) as a located error naming
 * `what`: then false. */
static bool quantOf(MlirOperation op, MlirType t, const char *what, int *quant) {
  *quant = xnnQuantEncoding(t);
  if (*quant != XNN_QUANT_OTHER && *quant != XNN_QUANT_QINT8)
    return true;
  MlirAttribute e = mlirRankedTensorTypeGetEncoding(t);
  if (!mlirAttributeIsADictionary(e))
    return true; /* an unknown encoding: the op's own message */
  char msg[512], tb[256];
  if (*quant == XNN_QUANT_QINT8) {
    if (xnnQInt8Params(t, NULL, NULL))
      return true;
    xnnOpError(op, "%s type '%s': a qint8 encoding goes on i8 elements", what, xnnTypeStr(t, tb, sizeof tb));
    return false;
  }
  if (!qint8DictProblem(e, msg, sizeof msg))
    snprintf(msg, sizeof msg, "not a qint8 encoding");
  xnnOpError(op, "%s type '%s' has a malformed qint8 encoding: %s", what, xnnTypeStr(t, tb, sizeof tb), msg);
  return false;
}

/* Where a qint8 value may go: the input (operand #0) of a qint8
 * xnn.fully_connected or of an xnn.convert (to f32). */
static bool qint8Uses(MlirOperation op) {
  MlirValue r = mlirOperationGetResult(op, 0);
  for (MlirOpOperand u = mlirValueGetFirstUse(r); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!((xnnOpIs(user, "xnn.fully_connected") || xnnOpIs(user, "xnn.convert")) &&
          mlirOpOperandGetOperandNumber(u) == 0)) {
      MlirStringRef nm = xnnOpName(user);
      xnnOpError(op, "a qint8 value may only be the input (operand #0) of xnn.fully_connected or xnn.convert, but "
                     "it is operand #%u of '%.*s'",
                 mlirOpOperandGetOperandNumber(u), (int)nm.length, nm.data);
      return false;
    }
  }
  return true;
}

/* xnn.constant -> tensor<Nxi32, "qcint32">: value tensor<Nxi32>, scale
 * tensor<Nxf32> (positive normal finite): the int32 bias of a qs8 fully
 * connected, bias[c] * scale[c] in real terms. */
static bool verifyBiasConstant(MlirOperation op, const XnnTensor *res) {
  char tb[256], vb[256];
  MlirContext ctx = mlirTypeGetContext(res->type);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  if (!mlirTypeEqual(res->elem, i32) || res->rank != 1 || res->dims[0] < 1) {
    xnnOpError(op, "a qcint32 bias must be a non-empty rank-1 tensor of i32 [N], got '%s'",
               xnnTypeStr(res->type, tb, sizeof tb));
    return false;
  }
  if (!mlirAttributeIsNull(xnnGetAttr(op, "block_size"))) {
    xnnOpError(op, "attribute 'block_size' applies to qbint4 weights only, not qcint32");
    return false;
  }
  MlirAttribute v = xnnGetAttr(op, "value");
  MlirType want = mlirRankedTensorTypeGet(1, res->dims, i32, mlirAttributeGetNull());
  if (mlirAttributeIsNull(v) || !mlirAttributeIsAElements(v) || !mlirTypeEqual(mlirAttributeGetType(v), want)) {
    xnnOpError(op, "a qcint32 bias requires attribute 'value' of type '%s' (dense or dense_resource), got %s",
               xnnTypeStr(want, tb, sizeof tb),
               mlirAttributeIsNull(v) ? "none" : xnnTypeStr(mlirAttributeGetType(v), vb, sizeof vb));
    return false;
  }
  MlirAttribute sc = xnnGetAttr(op, "scale");
  MlirType swant = mlirRankedTensorTypeGet(1, res->dims, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  if (mlirAttributeIsNull(sc) || !mlirAttributeIsAElements(sc) || !mlirTypeEqual(mlirAttributeGetType(sc), swant)) {
    xnnOpError(op, "a qcint32 bias requires attribute 'scale' of type '%s' (one scale per output channel), got %s",
               xnnTypeStr(swant, tb, sizeof tb),
               mlirAttributeIsNull(sc) ? "none" : xnnTypeStr(mlirAttributeGetType(sc), vb, sizeof vb));
    return false;
  }
  return scanDense(sc, positiveScales, op);
}

/* xnn.constant -> xnn_define_tensor_value(data = value). */
bool xnnVerifyXnnConstant(MlirOperation op) {
  XnnTensor res;
  if (mlirOperationGetNumResults(op) == 1) {
    MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
    int quant;
    if (!quantOf(op, rt, "result", &quant))
      return false;
    char tb[256];
    if (quant == XNN_QUANT_OTHER) {
      xnnOpError(op, "result type '%s' has an unknown encoding: xnn constants take \"qcint8\", \"qcint4\" or "
                     "\"qbint4\" (on i8 weights), \"qcint32\" (on an i32 bias) or none",
                 xnnTypeStr(rt, tb, sizeof tb));
      return false;
    }
    if (quant == XNN_QUANT_QINT8) {
      xnnOpError(op, "result type '%s': qint8 values are computed at run time (by an xnn.convert from f32 or an "
                     "xnn.fully_connected), they cannot be constants",
                 xnnTypeStr(rt, tb, sizeof tb));
      return false;
    }
    if (quant == XNN_QUANT_QCINT32) {
      if (!xnnCheckNumOperands(op, 0, 0) || !xnnCheckTensor(op, rt, "result", XNN_ET_I32, XR, &res))
        return false;
      return verifyBiasConstant(op, &res);
    }
    if (quant != XNN_QUANT_NONE) {
      if (!xnnCheckNumOperands(op, 0, 0) || !xnnCheckTensor(op, rt, "result", XNN_ET_I8, XR, &res))
        return false;
      return verifyQuantConstant(op, &res, quant);
    }
  }
  MlirAttribute extra = xnnGetAttr(op, "scale");
  if (!mlirAttributeIsNull(extra) || !mlirAttributeIsNull(xnnGetAttr(op, "block_size"))) {
    xnnOpError(op, "attributes 'scale' and 'block_size' apply to quantized (qcint8, qcint4, qbint4) weights and "
                   "qcint32 biases only");
    return false;
  }
  MlirAttribute v = xnnConstantValue(op, XT, XR, &res);
  if (mlirAttributeIsNull(v))
    return false;
  char ab[256], tb[256], rb[256];
  if (!mlirAttributeIsAElements(v)) {
    xnnOpError(op, "attribute 'value' must be an elements attribute, got %s",
               xnnAttrStr(v, ab, sizeof ab));
    return false;
  }
  MlirType vt = mlirAttributeGetType(v);
  /* bf16/f16 data under an f32 result: widened (exactly) when the tensor is
   * defined, so multi-gigabyte bf16 weights are not doubled in the IR. */
  MlirType velem = mlirShapedTypeGetElementType(vt);
  bool widened = mlirTypeIsAF32(res.elem) && (mlirTypeIsABF16(velem) || mlirTypeIsAF16(velem)) &&
                 mlirTypeEqual(vt, mlirRankedTensorTypeGet(res.rank, res.dims, velem, mlirAttributeGetNull()));
  if (!widened && !mlirTypeEqual(vt, res.type)) {
    xnnOpError(op, "attribute 'value' type '%s' must equal the output type "
                   "'%s' (or hold its shape in bf16 or f16 for an f32 output)",
               xnnTypeStr(vt, tb, sizeof tb),
               xnnTypeStr(res.type, rb, sizeof rb));
    return false;
  }
  return true;
}

/* xnn.convert -> xnn_define_unary(xnn_unary_convert): same shape. */
/* Optional exact_input (bool, f32 -> bf16 only): the input holds bf16 values
 * (xnn-simplify-roundings proved it), so the library's own convert is exact.
 * Optional round_to_bf16 (bool, f32 -> f32 only, required there): each value
 * rounded to the nearest bf16, ties to even, kept in f32.
 * Optional input_scale (f64, 2^-17, on those roundings only): the input holds
 * the values to round times 2^-17, clamped to +-2^111 by its producer. */
bool xnnVerifyXnnConvert(MlirOperation op) {
  XnnTensor in, out;
  if (mlirOperationGetNumResults(op) == 1 && mlirOperationGetNumOperands(op) == 1) {
    MlirType ot = mlirValueGetType(mlirOperationGetResult(op, 0));
    MlirType it = mlirValueGetType(mlirOperationGetOperand(op, 0));
    int quant, inQuant;
    if (!quantOf(op, it, "input", &inQuant) || !quantOf(op, ot, "output", &quant))
      return false;
    char tb[256], ib[256];
    if (quant == XNN_QUANT_QINT8 || inQuant == XNN_QUANT_QINT8) {
      /* f32 -> qint8 (static quantization: clamp(rne(x * fl(1 / scale)) +
       * zero_point)) and qint8 -> f32 ((q - zero_point) * scale): probe (d). */
      bool quantize = quant == XNN_QUANT_QINT8;
      if (quantize ? inQuant != XNN_QUANT_NONE || !mlirTypeIsAF32(xnnValueElemType(mlirOperationGetOperand(op, 0)))
                   : quant != XNN_QUANT_NONE || !mlirTypeIsAF32(xnnValueElemType(mlirOperationGetResult(op, 0)))) {
        xnnOpError(op, "converts between '%s' and '%s' are not supported: a qint8 value is converted from f32 "
                       "(quantized) or to f32 (dequantized) only",
                   xnnTypeStr(it, ib, sizeof ib), xnnTypeStr(ot, tb, sizeof tb));
        return false;
      }
      if (!xnnOperandTensor(op, 0, "input", quantize ? XNN_ET_F32 : XNN_ET_I8, XR, &in) ||
          !xnnResultTensor(op, 0, quantize ? XNN_ET_I8 : XNN_ET_F32, XR, &out))
        return false;
      if (!mlirAttributeIsNull(xnnGetAttr(op, "exact_input")) || !mlirAttributeIsNull(xnnGetAttr(op, "round_to_bf16")) ||
          !mlirAttributeIsNull(xnnGetAttr(op, "input_scale"))) {
        xnnOpError(op, "exact_input, round_to_bf16 and input_scale do not apply to qint8 converts");
        return false;
      }
      int64_t shape[XR];
      memcpy(shape, in.dims, sizeof(int64_t) * (size_t)in.rank);
      return xnnCheckResultShape(op, &out, shape, in.rank, "input") && (!quantize || qint8Uses(op));
    }
    if (inQuant != XNN_QUANT_NONE) {
      xnnOpError(op, "input type '%s': xnn.convert takes f32/f16/bf16 values or qint8 ones (to f32)",
                 xnnTypeStr(it, ib, sizeof ib));
      return false;
    }
    if (quant != XNN_QUANT_NONE) {
      /* f32 -> qdint8: XNNPACK's dynamic quantization, one scale and zero
       * point per row (the last dim). */
      if (quant != XNN_QUANT_QDINT8) {
        xnnOpError(op, "output type '%s': xnn.convert produces f32/f16/bf16 values, \"qdint8\" (dynamically "
                       "quantized int8) ones or qint8 ones (from f32)",
                   xnnTypeStr(ot, tb, sizeof tb));
        return false;
      }
      if (!xnnOperandTensor(op, 0, "input", XNN_ET_F32, XR, &in) || !noEncoding(op, "input", in.type) ||
          !xnnCheckTensor(op, ot, "result", XNN_ET_I8, XR, &out))
        return false;
      if (!mlirAttributeIsNull(xnnGetAttr(op, "exact_input")) || !mlirAttributeIsNull(xnnGetAttr(op, "round_to_bf16")) ||
          !mlirAttributeIsNull(xnnGetAttr(op, "input_scale"))) {
        xnnOpError(op, "exact_input, round_to_bf16 and input_scale do not apply to f32 -> qdint8 converts");
        return false;
      }
      if (in.rank < 1) {
        xnnOpError(op, "f32 -> qdint8 converts need rank >= 1 (one scale per row of the last dim)");
        return false;
      }
      int64_t shape[XR];
      memcpy(shape, in.dims, sizeof(int64_t) * (size_t)in.rank);
      return xnnCheckResultShape(op, &out, shape, in.rank, "input") && qdint8Uses(op);
    }
  }
  bool exactInput = false, roundToBf16 = false;
  double inputScale = 1.0;
  XnnAttrStatus se = xnnGetBool(op, "exact_input", false, &exactInput);
  XnnAttrStatus sr = xnnGetBool(op, "round_to_bf16", false, &roundToBf16);
  XnnAttrStatus ss = xnnGetF64(op, "input_scale", false, &inputScale);
  if (!unaryIO(op, &in, &out) || se == XNN_ATTR_BAD || sr == XNN_ATTR_BAD || ss == XNN_ATTR_BAD)
    return false;
  bool rounds = mlirTypeIsAF32(in.elem) && (mlirTypeIsABF16(out.elem) ? !exactInput : mlirTypeIsAF32(out.elem));
  if (ss == XNN_ATTR_OK && (!rounds || inputScale != 0x1p-17)) {
    xnnOpError(op, rounds ? "input_scale must be 2^-17 (7.62939453125e-06)"
                          : "input_scale applies to f32 -> bf16 roundings only");
    return false;
  }
  if (se == XNN_ATTR_OK && !(mlirTypeIsAF32(in.elem) && mlirTypeIsABF16(out.elem))) {
    xnnOpError(op, "exact_input applies to f32 -> bf16 converts only");
    return false;
  }
  bool f32ToF32 = mlirTypeIsAF32(in.elem) && mlirTypeIsAF32(out.elem);
  if ((sr == XNN_ATTR_OK) != f32ToF32 || (f32ToF32 && !roundToBf16)) {
    xnnOpError(op, f32ToF32 ? "f32 -> f32 converts require round_to_bf16 = true"
                            : "round_to_bf16 applies to f32 -> f32 converts only");
    return false;
  }
  int64_t shape[XR];
  memcpy(shape, in.dims, sizeof(int64_t) * (size_t)in.rank);
  return xnnCheckResultShape(op, &out, shape, in.rank, "input");
}

/* xnn.static_transpose -> xnn_define_static_transpose(perm). */
bool xnnVerifyXnnStaticTranspose(MlirOperation op) {
  int64_t perm[XR], norm[XR], shape[XR];
  intptr_t n = 0;
  XnnAttrStatus sp = xnnGetI64Array(op, "perm", true, -1, perm, XR, &n);
  XnnTensor in, out;
  if (!unaryIO(op, &in, &out) || sp != XNN_ATTR_OK)
    return false;
  if (!xnnCheckSameElem(op, &in, "input", &out, "output") ||
      !xnnCheckPermutation(op, "perm", perm, n, in.rank, false, norm))
    return false;
  for (intptr_t i = 0; i < in.rank; ++i)
    shape[i] = in.dims[norm[i]];
  return xnnCheckResultShape(op, &out, shape, in.rank, "permuted");
}

/* xnn.binary -> xnn_define_binary(xnn_binary_<kind>). Integer-only kinds
 * (bitwise, shifts) are excluded: xnn tensors are floating point. */
bool xnnVerifyXnnBinary(MlirOperation op) {
  static const char *const kinds[] = {
      "add",     "subtract", "multiply", "divide",
      "maximum", "minimum",  "copysign", "squared_difference",
      "prelu",   "modulus",  "atan2",    "pow",
      NULL};
  MlirStringRef kind;
  bool ok = xnnGetEnum(op, "kind", true, kinds, &kind) == XNN_ATTR_OK;
  ok = outputClamp(op) && ok;
  if (!xnnCheckNumOperands(op, 2, 2) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor a, b, out;
  ok = xnnOperandTensor(op, 0, "input1", XT, XR, &a) && ok;
  ok = xnnOperandTensor(op, 1, "input2", XT, XR, &b) && ok;
  ok = xnnResultTensor(op, 0, XT, XR, &out) && ok;
  if (!ok)
    return false;
  if (!xnnCheckSameElem(op, &a, "input1", &b, "input2") ||
      !xnnCheckSameElem(op, &a, "input1", &out, "output"))
    return false;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  intptr_t r;
  if (!xnnBroadcastShapes(&a, &b, shape, &r)) {
    char sa[256], sb[256];
    xnnOpError(op, "input shapes %s and %s are not broadcast-compatible",
               xnnShapeStr(a.dims, a.rank, sa, sizeof sa),
               xnnShapeStr(b.dims, b.rank, sb, sizeof sb));
    return false;
  }
  return xnnCheckResultShape(op, &out, shape, r, "broadcast");
}

/* xnn.unary -> xnn_define_unary(xnn_unary_<kind>, params). */
bool xnnVerifyXnnUnary(MlirOperation op) {
  static const char *const kinds[] = {
      "clamp",    "abs",          "bankers_rounding",
      "ceiling",  "elu",          "exp",
      "floor",    "gelu",         "hardswish",
      "leaky_relu", "log",        "negate",
      "sigmoid",  "square",       "square_root",
      "reciprocal_square_root",   "tanh",
      "cube_root", "cosine",      "sine",
      "sign",     NULL};
  MlirStringRef kind = {NULL, 0};
  XnnAttrStatus sk;
  MlirAttribute ka = xnnGetAttr(op, "kind");
  if (!mlirAttributeIsNull(ka) && mlirAttributeIsAString(ka) &&
      strEq(mlirStringAttrGetValue(ka), "convert")) {
    xnnOpError(op, "kind \"convert\" is not a xnn.unary kind: dtype "
                   "conversion is expressed as xnn.convert");
    sk = XNN_ATTR_BAD;
  } else {
    sk = xnnGetEnum(op, "kind", true, kinds, &kind);
  }
  bool ok = sk == XNN_ATTR_OK;
  /* kind-specific parameters (union xnn_unary_params) */
  double lo = 0, hi = 0, alpha = 0, slope = 0;
  XnnAttrStatus smin = xnnGetF64(op, "min", false, &lo);
  XnnAttrStatus smax = xnnGetF64(op, "max", false, &hi);
  XnnAttrStatus sal = xnnGetF64(op, "alpha", false, &alpha);
  XnnAttrStatus ssl = xnnGetF64(op, "negative_slope", false, &slope);
  static const char *const approx[] = {"none", "tanh", NULL};
  MlirStringRef ap;
  XnnAttrStatus sap = xnnGetEnum(op, "approximate", false, approx, &ap);
  if (smin == XNN_ATTR_BAD || smax == XNN_ATTR_BAD || sal == XNN_ATTR_BAD ||
      ssl == XNN_ATTR_BAD || sap == XNN_ATTR_BAD)
    ok = false;
  if (sk == XNN_ATTR_OK) {
    bool isClamp = strEq(kind, "clamp");
    struct {
      XnnAttrStatus st;
      const char *attr, *forKind;
    } params[] = {{smin, "min", "clamp"},
                  {smax, "max", "clamp"},
                  {sal, "alpha", "elu"},
                  {ssl, "negative_slope", "leaky_relu"},
                  {sap, "approximate", "gelu"}};
    for (size_t i = 0; i < sizeof params / sizeof params[0]; ++i) {
      if (params[i].st == XNN_ATTR_OK && !strEq(kind, params[i].forKind)) {
        xnnOpError(op, "attribute '%s' is only valid for kind \"%s\", not "
                       "\"%.*s\"",
                   params[i].attr, params[i].forKind, (int)kind.length,
                   kind.data);
        ok = false;
      }
    }
    if (isClamp) {
      if (smin == XNN_ATTR_ABSENT || smax == XNN_ATTR_ABSENT) {
        xnnOpError(op, "kind \"clamp\" requires f64 attributes 'min' and "
                       "'max'");
        ok = false;
      } else if (smin == XNN_ATTR_OK && smax == XNN_ATTR_OK && !(lo <= hi)) {
        xnnOpError(op, "clamp min (%g) must not be greater than max (%g)", lo,
                   hi);
        ok = false;
      }
    }
  }
  XnnTensor in, out;
  if (!unaryIO(op, &in, &out))
    return false;
  return sameType(op, &in, &out) && ok;
}

/* What both quantized fully connecteds (dynamic and static) require of their
 * filter [N, K] and optional bias [N] (`b` NULL: none): constants (XNNPACK
 * packs them when the subgraph is created), and shapes that fit the input. */
static bool checkQuantFilter(MlirOperation op, const XnnTensor *in, const XnnTensor *f, const XnnTensor *b) {
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i) {
    MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, i));
    if (mlirOperationIsNull(def) || !xnnOpIs(def, "xnn.constant")) {
      xnnOpError(op, "the %s of a quantized fully connected must be an xnn.constant (static)",
                 i == 1 ? "filter" : "bias");
      return false;
    }
  }
  if (in->rank < 1 || f->rank != 2) {
    xnnOpError(op, "input must have rank >= 1 and filter rank 2, got %lld and %lld", (long long)in->rank,
               (long long)f->rank);
    return false;
  }
  if (in->dims[in->rank - 1] != f->dims[1]) {
    xnnOpError(op, "input channels mismatch: input last dim %lld vs filter dim 1 %lld",
               (long long)in->dims[in->rank - 1], (long long)f->dims[1]);
    return false;
  }
  if (b && (b->rank != 1 || b->dims[0] != f->dims[0])) {
    char bs[256];
    xnnOpError(op, "bias must have shape %lld (output channels), got %s", (long long)f->dims[0],
               xnnShapeStr(b->dims, b->rank, bs, sizeof bs));
    return false;
  }
  return true;
}

/* xnn.fully_connected -> xnn_define_fully_connected: input [..., IC],
 * filter [OC, IC] ([IC, OC] with transpose_weights), bias [OC] ->
 * [..., OC]. Input and output share one element type; the static filter and
 * bias may use another float type. */
/* xnn.fully_connected(x: tensor<..xKxi8, "qdint8">, w: quantized constant
 * [N, K], [bias: f32 [N] constant]) -> tensor<..xNxf32>: XNNPACK's
 * qd8-f32-qc8w / qc4w / qb4w GEMMs. */
static bool verifyQuantFullyConnected(MlirOperation op, int inQuant, int fQuant) {
  char tb[256];
  if (inQuant != XNN_QUANT_QDINT8 || fQuant < XNN_QUANT_QCINT8 || fQuant > XNN_QUANT_QBINT4) {
    xnnOpError(op, "a quantized fully connected takes a \"qdint8\" input and \"qcint8\", \"qcint4\" or "
                   "\"qbint4\" weights, or a qint8 input and \"qcint8\" weights, got input '%s' and filter '%s'",
               xnnTypeStr(mlirValueGetType(mlirOperationGetOperand(op, 0)), tb, sizeof tb),
               xnnQuantName(fQuant < 0 ? 0 : fQuant)[0] ? xnnQuantName(fQuant) : "unquantized");
    return false;
  }
  if (!mlirAttributeIsNull(xnnGetAttr(op, "transpose_weights"))) {
    xnnOpError(op, "transpose_weights does not apply to quantized weights (they are [N, K])");
    return false;
  }
  XnnTensor in, f, b, out;
  bool hasBias = mlirOperationGetNumOperands(op) == 3;
  if (!xnnOperandTensor(op, 0, "input", XNN_ET_I8, XR, &in) || !xnnOperandTensor(op, 1, "filter", XNN_ET_I8, XR, &f) ||
      (hasBias && !xnnOperandTensor(op, 2, "bias", XNN_ET_F32, XR, &b)) || !xnnResultTensor(op, 0, XNN_ET_F32, XR, &out))
    return false;
  if (!noEncoding(op, "output", out.type) || (hasBias && !noEncoding(op, "bias", b.type)))
    return false;
  if (!checkQuantFilter(op, &in, &f, hasBias ? &b : NULL))
    return false;
  /* The linked XNNPACK's qd8-f32-qb4w GEMM is wrong on a last tile of 1-3
   * rows after other rows (xnnQb4wSafeRows): the lowering pads the rows. */
  int64_t rows = 1;
  for (intptr_t i = 0; i + 1 < in.rank; ++i)
    rows = in.dims[i] > 0 && rows <= INT64_MAX / in.dims[i] ? rows * in.dims[i] : 0;
  if (fQuant == XNN_QUANT_QBINT4 && xnnQb4wSafeRows(rows) != rows) {
    xnnOpError(op, "a qbint4 fully connected over %lld rows is miscomputed by the linked XNNPACK (a last GEMM tile "
                   "of 1-3 rows after others): give it 1 row or a count whose remainder by %d is 0 or at least %d "
                   "(pad the input to %lld rows)",
               (long long)rows, XNN_QB4W_MAX_MR, XNN_QB4W_MAX_MR - XNN_QB4W_EXTRA_PARAMS,
               (long long)xnnQb4wSafeRows(rows));
    return false;
  }
  int64_t shape[XR];
  memcpy(shape, in.dims, sizeof(int64_t) * (size_t)in.rank);
  shape[in.rank - 1] = f.dims[0];
  return xnnCheckResultShape(op, &out, shape, in.rank, "fully connected");
}

/* The f32 elements of a dense (not dense_resource) `scale` attribute of the
 * xnn.constant defining `v`, copied into out[n]; false if not available here
 * (dense_resource: the emitter checks them). */
static bool denseScales(MlirValue v, float *out, int64_t n) {
  MlirOperation def = xnnDefiningOp(v);
  MlirAttribute a = mlirOperationIsNull(def) ? mlirAttributeGetNull() : xnnGetAttr(def, "scale");
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseElements(a))
    return false;
  XnnElements e;
  char err[256];
  if (!xnnElementsView(a, &e, err, sizeof err))
    return false;
  bool ok = e.elemSize == 4 && mlirTypeIsAF32(e.elem) && (e.splat || e.count == n);
  for (int64_t i = 0; ok && i < n; ++i)
    memcpy(&out[i], (const char *)e.data + (e.splat ? 0 : 4 * i), 4);
  xnnElementsFree(&e);
  return ok;
}

/* The quantized bound XNNPACK derives from an output_min / output_max v
 * (xnn_qs8_quantize, probe (d)): lrintf(clamp(fl(fl(v / scale) + zp), -128, 127)). */
static int qs8Bound(double v, float scale, int64_t zp) {
  if (isinf(v))
    return v < 0 ? -128 : 127;
  float t = (float)v / scale;
  t = t + (float)zp;
  return (int)lrintf(fminf(fmaxf(t, -128.0f), 127.0f));
}

/* xnn.fully_connected(x: qint8 [..., K], w: "qcint8" constant [N, K],
 * [bias: "qcint32" constant [N]]) -> qint8 [..., N]: XNNPACK's qs8-qc8w GEMM,
 * out = clamp(rne(fl((float)acc * fl(fl(sx * sw[c]) / sy))) + zy, lo, hi)
 * with acc = bias[c] + sum_k (x - zx) * w[c][k] (probe (d)). */
static bool verifyQs8FullyConnected(MlirOperation op) {
  char tb[256];
  MlirValue w = mlirOperationGetOperand(op, 1);
  bool hasBias = mlirOperationGetNumOperands(op) == 3;
  MlirValue bv = hasBias ? mlirOperationGetOperand(op, 2) : (MlirValue){NULL};
  MlirType yt = mlirValueGetType(mlirOperationGetResult(op, 0));
  int qf, qb = XNN_QUANT_NONE, qy;
  if (!quantOf(op, mlirValueGetType(w), "filter", &qf) ||
      (hasBias && !quantOf(op, mlirValueGetType(bv), "bias", &qb)) || !quantOf(op, yt, "output", &qy))
    return false;
  if (qf != XNN_QUANT_QCINT8) {
    xnnOpError(op, "a qint8 fully connected takes \"qcint8\" weights (per-channel int8), got filter '%s'",
               xnnTypeStr(mlirValueGetType(w), tb, sizeof tb));
    return false;
  }
  if (hasBias && qb != XNN_QUANT_QCINT32) {
    xnnOpError(op, "the bias of a qint8 fully connected must be a \"qcint32\" constant (int32, scale input scale * "
                   "filter scale), got '%s'",
               xnnTypeStr(mlirValueGetType(bv), tb, sizeof tb));
    return false;
  }
  if (qy != XNN_QUANT_QINT8) {
    xnnOpError(op, "the output of a qint8 fully connected must be a qint8 tensor, got '%s'",
               xnnTypeStr(yt, tb, sizeof tb));
    return false;
  }
  if (!mlirAttributeIsNull(xnnGetAttr(op, "transpose_weights"))) {
    xnnOpError(op, "transpose_weights does not apply to quantized weights (they are [N, K])");
    return false;
  }
  XnnTensor in, f, b, out;
  if (!xnnOperandTensor(op, 0, "input", XNN_ET_I8, XR, &in) || !xnnOperandTensor(op, 1, "filter", XNN_ET_I8, XR, &f) ||
      (hasBias && !xnnOperandTensor(op, 2, "bias", XNN_ET_I32, XR, &b)) || !xnnResultTensor(op, 0, XNN_ET_I8, XR, &out))
    return false;
  if (!checkQuantFilter(op, &in, &f, hasBias ? &b : NULL))
    return false;
  int64_t shape[XR];
  memcpy(shape, in.dims, sizeof(int64_t) * (size_t)in.rank);
  shape[in.rank - 1] = f.dims[0];
  if (!xnnCheckResultShape(op, &out, shape, in.rank, "fully connected"))
    return false;
  float sx = 0, sy = 0;
  int64_t zx = 0, zy = 0;
  xnnQInt8Params(in.type, &sx, &zx);
  xnnQInt8Params(out.type, &sy, &zy);
  double lo = -INFINITY, hi = INFINITY;
  xnnGetF64(op, "output_min", false, &lo);
  xnnGetF64(op, "output_max", false, &hi);
  int qlo = qs8Bound(lo, sy, zy), qhi = qs8Bound(hi, sy, zy);
  if (qlo >= qhi) {
    xnnOpError(op, "output_min %g and output_max %g quantize to %d and %d (output scale %g, zero point %lld): the "
                   "quantized range must not be empty or a single value",
               lo, hi, qlo, qhi, (double)sy, (long long)zy);
    return false;
  }
  /* Per-channel scale rules, on dense scales (dense_resource ones: the emitter). */
  int64_t n = f.dims[0];
  float *sw = malloc(sizeof(float) * (size_t)n), *bsc = malloc(sizeof(float) * (size_t)n);
  bool ok = true;
  if (sw && bsc && denseScales(w, sw, n)) {
    bool haveBias = hasBias && denseScales(bv, bsc, n);
    for (int64_t c = 0; ok && c < n; ++c) {
      float p = sx * sw[c], r = p / sy;
      if (haveBias && memcmp(&p, &bsc[c], 4)) {
        xnnOpError(op, "bias scale %lld is %.9g but must be input scale * filter scale = %.9g * %.9g = %.9g (the "
                       "product in f32): XNNPACK adds the int32 bias to the accumulator as it is and ignores its scale",
                   (long long)c, (double)bsc[c], (double)sx, (double)sw[c], (double)p);
        ok = false;
      } else if (!(r < 256.0f)) {
        xnnOpError(op, "output channel %lld: requantization scale input scale * filter scale / output scale = %.9g * "
                       "%.9g / %.9g = %.9g must be below 256 (XNNPACK refuses it)",
                   (long long)c, (double)sx, (double)sw[c], (double)sy, (double)r);
        ok = false;
      }
    }
  }
  free(sw);
  free(bsc);
  return ok && qint8Uses(op);
}

bool xnnVerifyXnnFullyConnected(MlirOperation op) {
  bool tw = false;
  if (mlirOperationGetNumOperands(op) >= 2 && mlirOperationGetNumOperands(op) <= 3 &&
      mlirOperationGetNumResults(op) == 1) {
    int qi, qf;
    if (!quantOf(op, mlirValueGetType(mlirOperationGetOperand(op, 0)), "input", &qi) ||
        !quantOf(op, mlirValueGetType(mlirOperationGetOperand(op, 1)), "filter", &qf))
      return false;
    if (qi == XNN_QUANT_QINT8)
      return outputClamp(op) && verifyQs8FullyConnected(op);
    if (qi != XNN_QUANT_NONE || qf != XNN_QUANT_NONE) {
      if (!outputClamp(op))
        return false;
      return verifyQuantFullyConnected(op, qi, qf);
    }
  }
  bool ok = outputClamp(op);
  ok = xnnGetBool(op, "transpose_weights", false, &tw) != XNN_ATTR_BAD && ok;
  if (!xnnCheckNumOperands(op, 2, 3) || !xnnCheckNumResults(op, 1))
    return false;
  bool hasBias = mlirOperationGetNumOperands(op) == 3;
  XnnTensor in, f, b, out;
  ok = xnnOperandTensor(op, 0, "input", XT, XR, &in) && ok;
  ok = xnnOperandTensor(op, 1, "filter", XT, XR, &f) && ok;
  if (hasBias)
    ok = xnnOperandTensor(op, 2, "bias", XT, XR, &b) && ok;
  ok = xnnResultTensor(op, 0, XT, XR, &out) && ok;
  if (!ok || !xnnCheckSameElem(op, &in, "input", &out, "output"))
    return false;
  if (in.rank < 1 || f.rank != 2) {
    xnnOpError(op, "input must have rank >= 1 and filter rank 2, got %lld and "
                   "%lld",
               (long long)in.rank, (long long)f.rank);
    return false;
  }
  int64_t oc = tw ? f.dims[1] : f.dims[0], ic = tw ? f.dims[0] : f.dims[1];
  if (in.dims[in.rank - 1] != ic) {
    xnnOpError(op, "input channels mismatch: input last dim %lld vs filter "
                   "%s %lld",
               (long long)in.dims[in.rank - 1],
               tw ? "dim 0 (transpose_weights)" : "dim 1", (long long)ic);
    return false;
  }
  if (hasBias && (b.rank != 1 || b.dims[0] != oc)) {
    char bs[256];
    xnnOpError(op, "bias must have shape %lld (output channels), got %s",
               (long long)oc, xnnShapeStr(b.dims, b.rank, bs, sizeof bs));
    return false;
  }
  int64_t shape[XR];
  memcpy(shape, in.dims, sizeof(int64_t) * (size_t)in.rank);
  shape[in.rank - 1] = oc;
  return xnnCheckResultShape(op, &out, shape, in.rank, "fully connected");
}

/* Output size along one axis of an NHWC window op. */
static bool xnnWindow(MlirOperation op, const char *axis, int64_t in,
                      int64_t padBegin, int64_t padEnd, int64_t kernel,
                      int64_t stride, int64_t dilation, int64_t *out) {
  /* u32 kernels and dilations can overflow the window arithmetic: say so
   * rather than claim the kernel does not fit. */
  bool of = false;
  int64_t eff = xnnAdd(xnnMul(dilation, kernel - 1, &of), 1, &of);
  (void)xnnAdd(in, xnnAdd(padBegin, padEnd, &of), &of);
  if (of) {
    xnnOpError(op, "%s window arithmetic overflows 64 bits: input %lld, padding %lld+%lld, "
                   "kernel %lld, dilation %lld",
               axis, (long long)in, (long long)padBegin, (long long)padEnd, (long long)kernel,
               (long long)dilation);
    return false;
  }
  if (xnnWindowOutSize(in, padBegin, padBegin + padEnd, kernel, stride,
                       dilation, false, out))
    return true;
  xnnOpError(op, "input %s %lld with padding %lld+%lld is smaller than the "
                 "(dilated) kernel size %lld",
             axis, (long long)in, (long long)padBegin, (long long)padEnd, (long long)eff);
  return false;
}

/* Reads groups, group_input_channels, group_output_channels (each in
 * [1, INT32_MAX]) into g[3]. */
static bool groupAttrs(MlirOperation op, int64_t g[3]) {
  static const char *const names[3] = {"groups", "group_input_channels",
                                       "group_output_channels"};
  bool ok = true;
  for (int i = 0; i < 3; ++i) {
    XnnAttrStatus st = xnnGetI64(op, names[i], true, &g[i]);
    if (st != XNN_ATTR_OK) {
      ok = false;
    } else if (g[i] < 1 || g[i] > INT32_MAX) {
      xnnOpError(op, "%s must be >= 1, got %lld", names[i], (long long)g[i]);
      ok = false;
    }
  }
  return ok;
}

/* The operands of a 2-D (de)convolution node: input [N, IH, IW, G*Cin],
 * filter [G*Cout, KH, KW, Cin], optional bias [G*Cout], output of the
 * input's element type. g = {groups, Cin, Cout}. */
static bool convOperands(MlirOperation op, const int64_t g[3],
                         const int64_t kernel[2], XnnTensor *in,
                         XnnTensor *out) {
  if (!xnnCheckNumOperands(op, 2, 3) || !xnnCheckNumResults(op, 1))
    return false;
  bool hasBias = mlirOperationGetNumOperands(op) == 3;
  XnnTensor f, b;
  bool ok = xnnOperandTensor(op, 0, "input", XT, XR, in);
  ok = xnnOperandTensor(op, 1, "filter", XT, XR, &f) && ok;
  if (hasBias)
    ok = xnnOperandTensor(op, 2, "bias", XT, XR, &b) && ok;
  ok = xnnResultTensor(op, 0, XT, XR, out) && ok;
  if (!ok || !xnnCheckSameElem(op, in, "input", out, "output"))
    return false;
  if (in->rank != 4 || f.rank != 4) {
    xnnOpError(op, "input (NHWC) and filter (OHWI) must have rank 4, got %lld "
                   "and %lld",
               (long long)in->rank, (long long)f.rank);
    return false;
  }
  int64_t cin = g[0] * g[1], cout = g[0] * g[2]; /* both <= 2^62 */
  if (in->dims[3] != cin) {
    xnnOpError(op, "input channels %lld must equal groups * "
                   "group_input_channels = %lld",
               (long long)in->dims[3], (long long)cin);
    return false;
  }
  int64_t expF[4] = {cout, kernel[0], kernel[1], g[1]};
  bool fOk = true;
  for (int i = 0; i < 4; ++i)
    fOk = fOk && f.dims[i] == expF[i];
  if (!fOk) {
    char fs[256], es[256];
    xnnOpError(op, "filter shape %s must be [groups * group_output_channels, "
                   "kernel_h, kernel_w, group_input_channels] = %s",
               xnnShapeStr(f.dims, 4, fs, sizeof fs),
               xnnShapeStr(expF, 4, es, sizeof es));
    return false;
  }
  if (hasBias && (b.rank != 1 || b.dims[0] != cout)) {
    char bs[256];
    xnnOpError(op, "bias must have shape %lld (groups * "
                   "group_output_channels), got %s",
               (long long)cout, xnnShapeStr(b.dims, b.rank, bs, sizeof bs));
    return false;
  }
  return true;
}

/* xnn.convolution_2d -> xnn_define_convolution_2d. input [N, IH, IW, G*Cin],
 * filter [G*Cout, KH, KW, Cin], bias [G*Cout] -> [N, OH, OW, G*Cout]. */
bool xnnVerifyXnnConvolution2d(MlirOperation op) {
  int64_t pad[4], kernel[2], sub[2], dil[2], g[3];
  bool ok = getU32Array(op, "padding", 4, 0, pad);
  ok = getU32Array(op, "kernel", 2, 1, kernel) && ok;
  ok = getU32Array(op, "subsampling", 2, 1, sub) && ok;
  ok = getU32Array(op, "dilation", 2, 1, dil) && ok;
  ok = groupAttrs(op, g) && ok;
  ok = outputClamp(op) && ok;
  XnnTensor in, out;
  if (!ok || !convOperands(op, g, kernel, &in, &out))
    return false;
  /* padding order: top, right, bottom, left */
  int64_t oh, ow;
  if (!xnnWindow(op, "height", in.dims[1], pad[0], pad[2], kernel[0], sub[0],
                 dil[0], &oh) ||
      !xnnWindow(op, "width", in.dims[2], pad[3], pad[1], kernel[1], sub[1],
                 dil[1], &ow))
    return false;
  int64_t shape[4] = {in.dims[0], oh, ow, g[0] * g[2]};
  return xnnCheckResultShape(op, &out, shape, 4, "convolution output");
}

/* xnn.deconvolution_2d -> xnn_define_deconvolution_2d: operands as
 * convolution_2d; OH = upsampling * (IH - 1) + adjustment + dilation *
 * (KH - 1) + 1 - top - bottom (XNNPACK's formula), at least 1. */
bool xnnVerifyXnnDeconvolution2d(MlirOperation op) {
  int64_t pad[4], adj[2], kernel[2], up[2], dil[2], g[3];
  bool ok = getU32Array(op, "padding", 4, 0, pad);
  ok = getU32Array(op, "adjustment", 2, 0, adj) && ok;
  ok = getU32Array(op, "kernel", 2, 1, kernel) && ok;
  ok = getU32Array(op, "upsampling", 2, 1, up) && ok;
  ok = getU32Array(op, "dilation", 2, 1, dil) && ok;
  ok = groupAttrs(op, g) && ok;
  ok = outputClamp(op) && ok;
  XnnTensor in, out;
  if (!ok || !convOperands(op, g, kernel, &in, &out))
    return false;
  int64_t size[2];
  for (int i = 0; i < 2; ++i) { /* every term < 2^32: no overflow */
    int64_t padSum = i == 0 ? pad[0] + pad[2] : pad[1] + pad[3];
    int64_t ext = in.dims[1 + i] - 1;
    if (ext < 0 || ext > INT32_MAX) {
      xnnOpError(op, "input %s must be in [1, 2^31], got %lld", i ? "width" : "height",
                 (long long)in.dims[1 + i]);
      return false;
    }
    size[i] = up[i] * ext + adj[i] + dil[i] * (kernel[i] - 1) + 1 - padSum;
    if (size[i] < 1) {
      xnnOpError(op, "output %s %lld is smaller than 1 (padding %lld)", i ? "width" : "height",
                 (long long)size[i], (long long)padSum);
      return false;
    }
  }
  int64_t shape[4] = {in.dims[0], size[0], size[1], g[0] * g[2]};
  return xnnCheckResultShape(op, &out, shape, 4, "deconvolution output");
}

/* xnn.static_resize_bilinear_2d -> xnn_define_static_resize_bilinear_2d:
 * NHWC [N, H, W, C] -> [N, OH, OW, C], the new size being the output's. */
bool xnnVerifyXnnStaticResizeBilinear2d(MlirOperation op) {
  bool align = false;
  XnnAttrStatus sa = xnnGetBool(op, "align_corners", true, &align);
  XnnTensor in, out;
  if (!unaryIO(op, &in, &out) || sa != XNN_ATTR_OK ||
      !xnnCheckSameElem(op, &in, "input", &out, "output"))
    return false;
  if (in.rank != 4 || out.rank != 4) {
    xnnOpError(op, "input and output must be NHWC (rank 4), got rank %lld and %lld",
               (long long)in.rank, (long long)out.rank);
    return false;
  }
  if (out.dims[1] < 1 || out.dims[2] < 1 || out.dims[1] > INT32_MAX || out.dims[2] > INT32_MAX) {
    xnnOpError(op, "output height and width must be in [1, 2^31), got %lld and %lld",
               (long long)out.dims[1], (long long)out.dims[2]);
    return false;
  }
  int64_t shape[4] = {in.dims[0], out.dims[1], out.dims[2], in.dims[3]};
  return xnnCheckResultShape(op, &out, shape, 4, "resized [N, OH, OW, C]");
}

/* Common part of the NHWC pooling ops. */
static bool verifyXnnPool(MlirOperation op, bool isMax) {
  int64_t pad[4], pool[2], stride[2], dil[2] = {1, 1};
  bool ok = getU32Array(op, "padding", 4, 0, pad);
  ok = getU32Array(op, "pooling", 2, 1, pool) && ok;
  ok = getU32Array(op, "stride", 2, 1, stride) && ok;
  if (isMax)
    ok = getU32Array(op, "dilation", 2, 1, dil) && ok;
  ok = outputClamp(op) && ok;
  /* XNNPACK refuses 1x1 max pooling and unit-stride 1x1 average pooling;
   * a strided 1x1 average pooling it runs (xnn-probe --check-capabilities). */
  if (ok && pool[0] * pool[1] == 1 && (isMax || stride[0] * stride[1] == 1)) {
    xnnOpError(op, "1x1 %s is not supported by XNNPACK (use xnn.copy%s)",
               isMax ? "max pooling" : "pooling with unit stride",
               isMax ? ", or a strided 1x1 xnn.average_pooling_2d" : "");
    ok = false;
  }
  XnnTensor in, out;
  if (!unaryIO(op, &in, &out) || !ok)
    return false;
  if (!xnnCheckSameElem(op, &in, "input", &out, "output"))
    return false;
  if (in.rank != 4) {
    xnnOpError(op, "input must be NHWC (rank 4), got rank %lld",
               (long long)in.rank);
    return false;
  }
  int64_t oh, ow;
  if (!xnnWindow(op, "height", in.dims[1], pad[0], pad[2], pool[0], stride[0],
                 dil[0], &oh) ||
      !xnnWindow(op, "width", in.dims[2], pad[3], pad[1], pool[1], stride[1],
                 dil[1], &ow))
    return false;
  int64_t shape[4] = {in.dims[0], oh, ow, in.dims[3]};
  return xnnCheckResultShape(op, &out, shape, 4, "pooling output");
}

bool xnnVerifyXnnMaxPooling2d(MlirOperation op) {
  return verifyXnnPool(op, true);
}
bool xnnVerifyXnnAveragePooling2d(MlirOperation op) {
  return verifyXnnPool(op, false);
}

/* xnn.static_reduce -> xnn_define_static_reduce_v2(kind, axes, keep_dims). */
bool xnnVerifyXnnStaticReduce(MlirOperation op) {
  static const char *const kinds[] = {"mean", "sum", NULL};
  MlirStringRef kind;
  int64_t axes[XNN_VERIFY_MAX_RANK];
  intptr_t n = 0;
  bool keep = false;
  bool ok = xnnGetEnum(op, "kind", true, kinds, &kind) == XNN_ATTR_OK;
  ok = xnnGetI64Array(op, "axes", true, -1, axes, XNN_VERIFY_MAX_RANK, &n) ==
           XNN_ATTR_OK &&
       ok;
  ok = xnnGetBool(op, "keep_dims", true, &keep) == XNN_ATTR_OK && ok;
  XnnTensor in, out;
  if (!unaryIO(op, &in, &out) || !ok)
    return false;
  if (!xnnCheckSameElem(op, &in, "input", &out, "output"))
    return false;
  if (n == 0) {
    xnnOpError(op, "attribute 'axes' must not be empty");
    return false;
  }
  bool reduced[XR] = {false};
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d;
    if (!xnnNormDim(op, "axis", axes[i], in.rank, &d))
      return false;
    if (reduced[d]) {
      xnnOpError(op, "axis %lld appears more than once in 'axes'",
                 (long long)d);
      return false;
    }
    reduced[d] = true;
  }
  int64_t shape[XR];
  intptr_t r = 0;
  for (intptr_t i = 0; i < in.rank; ++i) {
    if (!reduced[i])
      shape[r++] = in.dims[i];
    else if (keep)
      shape[r++] = 1;
  }
  return xnnCheckResultShape(op, &out, shape, r,
                             keep ? "reduced (keep_dims = true)"
                                  : "reduced (keep_dims = false)");
}

/* xnn.static_reshape -> xnn_define_static_reshape(new_shape = output shape). */
bool xnnVerifyXnnStaticReshape(MlirOperation op) {
  int64_t ns[XR];
  intptr_t n = 0;
  XnnAttrStatus st = xnnGetI64Array(op, "new_shape", false, -1, ns, XR, &n);
  XnnTensor in, out;
  if (!unaryIO(op, &in, &out) || st == XNN_ATTR_BAD)
    return false;
  if (!xnnCheckSameElem(op, &in, "input", &out, "output"))
    return false;
  bool of = false;
  int64_t a = xnnNumElements(&in, &of), b = xnnNumElements(&out, &of);
  if (of || a != b) {
    char is[256], os[256];
    xnnOpError(op, "output shape %s must have as many elements as the input "
                   "shape %s",
               xnnShapeStr(out.dims, out.rank, os, sizeof os),
               xnnShapeStr(in.dims, in.rank, is, sizeof is));
    return false;
  }
  if (st == XNN_ATTR_OK) {
    bool same = n == out.rank;
    for (intptr_t i = 0; same && i < n; ++i)
      same = ns[i] == out.dims[i];
    if (!same) {
      char s1[256], s2[256];
      xnnOpError(op, "attribute 'new_shape' %s must equal the output shape %s",
                 xnnShapeStr(ns, n, s1, sizeof s1),
                 xnnShapeStr(out.dims, out.rank, s2, sizeof s2));
      return false;
    }
  }
  return true;
}

/* xnn.concatenate -> xnn_define_concatenate{2..5}(axis). */
bool xnnVerifyXnnConcatenate(MlirOperation op) {
  int64_t axis = 0;
  bool ok = xnnGetI64(op, "axis", true, &axis) == XNN_ATTR_OK;
  if (!xnnCheckNumOperands(op, 2, 5) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor first, out;
  ok = xnnOperandTensor(op, 0, "input1", XT, XR, &first) && ok;
  ok = xnnResultTensor(op, 0, XT, XR, &out) && ok;
  if (!ok || !xnnCheckSameElem(op, &first, "input1", &out, "output"))
    return false;
  int64_t d;
  if (!xnnNormDim(op, "axis", axis, first.rank, &d))
    return false;
  static const XnnConcatNaming naming = {"input", true, "input1", "axis"};
  return xnnCheckConcatOperands(op, &first, d, &out, &naming, XT, XR);
}

/* An attribute with one entry per input dimension, each in [min, max]. */
typedef struct DimArray {
  const char *name;
  const int64_t *v;
  intptr_t n;
  int64_t min, max;
} DimArray;

/* What static_slice (offsets, sizes) and static_constant_pad (pre and post
 * paddings) check alike once their attributes are read (`attrsOk` false: one
 * was refused, and reported): one input and output of one element type, and
 * the two arrays `a` and `b` per input dimension and in range. */
static bool checkDimArrays(MlirOperation op, bool attrsOk, XnnTensor *in, XnnTensor *out, DimArray a, DimArray b) {
  if (!unaryIO(op, in, out) || !attrsOk)
    return false;
  if (!xnnCheckSameElem(op, in, "input", out, "output"))
    return false;
  if (a.n != in->rank || b.n != in->rank) {
    xnnOpError(op, "attributes '%s' and '%s' must have one entry per input dimension (%lld), got %lld and %lld",
               a.name, b.name, (long long)in->rank, (long long)a.n, (long long)b.n);
    return false;
  }
  return xnnCheckArrayRange(op, a.name, a.v, a.n, a.min, a.max) &&
         xnnCheckArrayRange(op, b.name, b.v, b.n, b.min, b.max);
}

/* xnn.static_slice -> xnn_define_static_slice(offsets, sizes). */
bool xnnVerifyXnnStaticSlice(MlirOperation op) {
  int64_t off[XR], sz[XR];
  intptr_t no = 0, ns = 0;
  bool ok = xnnGetI64Array(op, "offsets", true, -1, off, XR, &no) ==
            XNN_ATTR_OK;
  ok = xnnGetI64Array(op, "sizes", true, -1, sz, XR, &ns) == XNN_ATTR_OK && ok;
  XnnTensor in, out;
  if (!checkDimArrays(op, ok, &in, &out, (DimArray){"offsets", off, no, 0, INT64_MAX},
                      (DimArray){"sizes", sz, ns, 1, INT64_MAX}))
    return false;
  for (intptr_t i = 0; i < in.rank; ++i) {
    if (off[i] > in.dims[i] || sz[i] > in.dims[i] - off[i]) {
      xnnOpError(op, "slice [%lld, %lld + %lld) exceeds input dim %lld of size "
                     "%lld",
                 (long long)off[i], (long long)off[i], (long long)sz[i],
                 (long long)i, (long long)in.dims[i]);
      return false;
    }
  }
  return xnnCheckResultShape(op, &out, sz, ns, "'sizes'");
}

/* xnn.softmax -> xnn_define_softmax (innermost dimension). */
bool xnnVerifyXnnSoftmax(MlirOperation op) {
  XnnTensor in, out;
  if (!unaryIO(op, &in, &out))
    return false;
  if (in.rank < 1) {
    xnnOpError(op, "input must have at least one dimension");
    return false;
  }
  return sameType(op, &in, &out);
}

/* xnn.batch_matrix_multiply -> xnn_define_batch_matrix_multiply:
 * [..., M, K] x [..., K, N] (or [..., N, K] with transpose_b) -> [..., M, N]. */
bool xnnVerifyXnnBatchMatrixMultiply(MlirOperation op) {
  bool tb = false;
  bool ok = xnnGetBool(op, "transpose_b", false, &tb) != XNN_ATTR_BAD;
  if (!xnnCheckNumOperands(op, 2, 2) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor a, b, out;
  ok = xnnOperandTensor(op, 0, "input1", XT, XR, &a) && ok;
  ok = xnnOperandTensor(op, 1, "input2", XT, XR, &b) && ok;
  ok = xnnResultTensor(op, 0, XT, XR, &out) && ok;
  if (!ok || !xnnCheckSameElem(op, &a, "input1", &b, "input2") ||
      !xnnCheckSameElem(op, &a, "input1", &out, "output"))
    return false;
  if (a.rank < 3 || b.rank != a.rank) {
    xnnOpError(op, "inputs must have the same rank >= 3, got %lld and %lld",
               (long long)a.rank, (long long)b.rank);
    return false;
  }
  intptr_t r = a.rank;
  for (intptr_t i = 0; i < r - 2; ++i) {
    if (a.dims[i] != b.dims[i]) {
      xnnOpError(op, "batch dim %lld mismatch: %lld vs %lld", (long long)i,
                 (long long)a.dims[i], (long long)b.dims[i]);
      return false;
    }
  }
  int64_t k2 = tb ? b.dims[r - 1] : b.dims[r - 2];
  int64_t n = tb ? b.dims[r - 2] : b.dims[r - 1];
  if (a.dims[r - 1] != k2) {
    xnnOpError(op, "contraction dim mismatch: input1 K = %lld vs input2 K = "
                   "%lld%s",
               (long long)a.dims[r - 1], (long long)k2,
               tb ? " (transpose_b)" : "");
    return false;
  }
  int64_t shape[XR];
  memcpy(shape, a.dims, sizeof(int64_t) * (size_t)r);
  shape[r - 1] = n;
  return xnnCheckResultShape(op, &out, shape, r, "matrix product");
}

/* xnn.copy -> xnn_define_copy. */
bool xnnVerifyXnnCopy(MlirOperation op) {
  XnnTensor in, out;
  return unaryIO(op, &in, &out) && sameType(op, &in, &out);
}

/* xnn.static_constant_pad -> xnn_define_static_constant_pad. */
bool xnnVerifyXnnStaticConstantPad(MlirOperation op) {
  int64_t pre[XR], post[XR];
  intptr_t np = 0, nq = 0;
  double value;
  bool ok = xnnGetI64Array(op, "pre_paddings", true, -1, pre, XR, &np) ==
            XNN_ATTR_OK;
  ok = xnnGetI64Array(op, "post_paddings", true, -1, post, XR, &nq) ==
           XNN_ATTR_OK &&
       ok;
  ok = xnnGetF64(op, "padding_value", true, &value) == XNN_ATTR_OK && ok;
  XnnTensor in, out;
  if (!checkDimArrays(op, ok, &in, &out, (DimArray){"pre_paddings", pre, np, 0, INT32_MAX},
                      (DimArray){"post_paddings", post, nq, 0, INT32_MAX}))
    return false;
  int64_t shape[XR];
  bool of = false;
  for (intptr_t i = 0; i < in.rank; ++i)
    shape[i] = xnnAdd(xnnAdd(in.dims[i], pre[i], &of), post[i], &of);
  if (of) {
    xnnOpError(op, "padded size overflows int64");
    return false;
  }
  return xnnCheckResultShape(op, &out, shape, in.rank, "padded");
}
