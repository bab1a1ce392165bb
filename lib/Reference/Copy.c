/* Reference kernels: edge.constant, edge.to_copy, edge.to_dim_order_copy.
 *
 * Copies are value-identity on the logical (NCHW-ordered) data: memory_format
 * and dim_order only describe a physical layout, which host tensors do not
 * carry. A dtype change converts as PyTorch's .to() (xnnRefConvert). */
#include "Kernels.h"

#include "Support/Elements.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <stdlib.h>
#include <string.h>

bool xnnRefConstant(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                    size_t nOut) {
  (void)in, (void)nIn, (void)nOut;
  MlirAttribute v = mlirOperationGetDiscardableAttributeByName(
      c->op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(v) || !mlirAttributeIsAElements(v))
    return xnnRefFail(c, "requires an elements attribute 'value'");
  if (mlirAttributeIsADenseResourceElements(v) && !xnnConstantHasPayload(c->op))
    return xnnRefFail(c, "cannot read the value: dense_resource has no blob (missing from "
                         "dialect_resources, or elided)");
  char why[512];
  if (out->dtype == XNN_MLIR_I1)
    return xnnElementsReadBool(v, out->data, xnnMlirTensorNumElements(out), why, sizeof why) ||
           xnnRefFail(c, "cannot read the value: %s", why);
  XnnElements e;
  if (!xnnElementsView(v, &e, why, sizeof why))
    return xnnRefFail(c, "cannot read the value: %s", why);
  size_t es = xnnMlirDTypeSize(out->dtype);
  int64_t n = xnnMlirTensorNumElements(out);
  bool ok = e.elemSize == es && (e.splat || e.count == n);
  if (ok && e.splat) {
    unsigned char *d = out->data;
    for (int64_t i = 0; i < n; ++i)
      memcpy(d + (size_t)i * es, e.data, es);
  } else if (ok && n > 0) { /* a 0-element blob has no data pointer */
    memcpy(out->data, e.data, (size_t)n * es);
  }
  xnnElementsFree(&e);
  if (!ok)
    return xnnRefFail(c, "value payload does not match the result type");
  return true;
}

bool xnnRefConstantView(MlirOperation op, XnnMlirTensor *t) {
  if (mlirOperationGetNumResults(op) != 1 || mlirOperationGetNumOperands(op) != 0)
    return false;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsARankedTensor(type) || !mlirShapedTypeHasStaticShape(type) ||
      mlirShapedTypeGetRank(type) > XNN_MLIR_TENSOR_MAX_RANK)
    return false;
  XnnMlirDType dtype = xnnMlirDTypeFromType(mlirShapedTypeGetElementType(type));
  if (dtype == XNN_MLIR_DTYPE_INVALID || dtype == XNN_MLIR_I1) /* i1: MLIR packs bits */
    return false;
  MlirAttribute v = mlirOperationGetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(v) || !mlirAttributeIsAElements(v) ||
      (mlirAttributeIsADenseResourceElements(v) && !xnnConstantHasPayload(op)))
    return false;
  XnnMlirTensor view = {dtype, mlirShapedTypeGetRank(type), {0}, NULL};
  for (int64_t i = 0; i < view.rank; ++i)
    view.dims[i] = mlirShapedTypeGetDimSize(type, (intptr_t)i);
  int64_t n;
  size_t es = xnnMlirDTypeSize(dtype);
  if (!xnnMlirShapeNumElements(view.rank, view.dims, &n) || n == 0)
    return false;
  char why[512];
  XnnElements e;
  if (!xnnElementsView(v, &e, why, sizeof why))
    return false;
  /* The same conditions as xnnRefConstant's copy, so the bytes are the ones
   * it would write; an element-aligned payload, so kernels may load it typed. */
  bool ok = !e.owned && !e.splat && e.elemSize == es && e.count == n && e.data &&
            (uintptr_t)e.data % es == 0;
  if (ok) {
    view.data = e.data;
    *t = view;
  }
  xnnElementsFree(&e);
  return ok;
}

bool xnnRefToCopy(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                  size_t nOut) {
  (void)c, (void)nIn, (void)nOut;
  xnnRefConvert(&in[0], &out[0]);
  return true;
}

bool xnnRefToDimOrderCopy(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                          size_t nOut) {
  return xnnRefToCopy(c, in, nIn, out, nOut);
}
