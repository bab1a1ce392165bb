/* Reference kernels: view_copy, permute_copy (negative dims), cat, slice_copy
 * (ATen clamping of start / end, positive step) and embedding (indices
 * outside [0, num_embeddings) are an error naming the op). All move bits
 * unchanged. */
#include "Kernels.h"

#include "Support/IR.h"

#include <string.h>

bool xnnRefView(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                size_t nOut) {
  (void)nIn, (void)nOut;
  if (xnnMlirTensorNumBytes(&in[0]) != xnnMlirTensorNumBytes(out))
    return xnnRefFail(c, "element counts differ");
  memcpy(out->data, in[0].data, xnnMlirTensorNumBytes(out));
  return true;
}

bool xnnRefPermute(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                   size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *x = &in[0];
  int64_t dims[XNN_MLIR_TENSOR_MAX_RANK], st[XNN_MLIR_TENSOR_MAX_RANK],
      srcSt[XNN_MLIR_TENSOR_MAX_RANK];
  intptr_t n = 0;
  if (!xnnAttrI64Array(c->op, "dims", dims, XNN_MLIR_TENSOR_MAX_RANK, &n) || n != x->rank)
    return xnnRefFail(c, "attribute 'dims' must list every dim");
  xnnRefStrides(x->dims, x->rank, st);
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d;
    if (!xnnRefNormDim(dims[i], x->rank, &d) || out->dims[i] != x->dims[d])
      return xnnRefFail(c, "attribute 'dims' is not a permutation matching the result");
    srcSt[i] = st[d];
  }
  xnnRefStridedCopy(x, 0, srcSt, out);
  return true;
}

bool xnnRefCat(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
               size_t nOut) {
  (void)nOut;
  int64_t dim = 0, d;
  xnnAttrI64(c->op, "dim", &dim);
  if (!xnnRefNormDim(dim, out->rank, &d) || out->rank == 0)
    return xnnRefFail(c, "dim %lld out of range", (long long)dim);
  size_t es = xnnMlirDTypeSize(out->dtype);
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < d; ++i)
    outer *= out->dims[i];
  for (int64_t i = d + 1; i < out->rank; ++i)
    inner *= out->dims[i];
  int64_t total = 0;
  for (size_t j = 0; j < nIn; ++j)
    total += in[j].dims[d];
  if (total != out->dims[d])
    return xnnRefFail(c, "operand sizes along dim %lld do not add up", (long long)d);
  unsigned char *dst = out->data;
  int64_t rowOut = out->dims[d] * inner;
  for (int64_t o = 0; o < outer; ++o) {
    int64_t at = 0;
    for (size_t j = 0; j < nIn; ++j) {
      int64_t chunk = in[j].dims[d] * inner;
      memcpy(dst + (size_t)(o * rowOut + at) * es,
             (const unsigned char *)in[j].data + (size_t)(o * chunk) * es, (size_t)chunk * es);
      at += chunk;
    }
  }
  return true;
}

bool xnnRefSlice(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                 size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *x = &in[0];
  int64_t dim = 0, start = 0, end = INT64_MAX, step = 1, d;
  xnnAttrI64(c->op, "dim", &dim);
  xnnAttrI64(c->op, "start", &start);
  xnnAttrI64(c->op, "end", &end);
  xnnAttrI64(c->op, "step", &step);
  if (!xnnRefNormDim(dim, x->rank, &d) || x->rank == 0)
    return xnnRefFail(c, "dim %lld out of range", (long long)dim);
  if (step <= 0)
    return xnnRefFail(c, "step must be positive");
  int64_t size = x->dims[d];
  int64_t b = start < 0 ? start + size : start, e = end < 0 ? end + size : end;
  b = b < 0 ? 0 : (b > size ? size : b);
  e = e < b ? b : (e > size ? size : e);
  int64_t len = e - b, cnt = len == 0 ? 0 : (len - 1) / step + 1;
  if (cnt != out->dims[d])
    return xnnRefFail(c, "result size %lld along dim %lld, expected %lld",
                      (long long)out->dims[d], (long long)d, (long long)cnt);
  int64_t st[XNN_MLIR_TENSOR_MAX_RANK];
  xnnRefStrides(x->dims, x->rank, st);
  int64_t offset = b * st[d];
  st[d] *= step;
  xnnRefStridedCopy(x, offset, st, out);
  return true;
}

bool xnnRefEmbedding(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                     size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *w = &in[0], *idx = &in[1];
  int64_t V = w->dims[0], D = w->dims[1], n = xnnMlirTensorNumElements(idx);
  size_t es = xnnMlirDTypeSize(w->dtype), row = (size_t)D * es;
  const unsigned char *ip = idx->data;
  for (int64_t i = 0; i < n; ++i) {
    int64_t v;
    if (idx->dtype == XNN_MLIR_I64) {
      memcpy(&v, ip + 8 * i, 8);
    } else {
      int32_t x;
      memcpy(&x, ip + 4 * i, 4);
      v = x;
    }
    if (v < 0 || v >= V)
      return xnnRefFail(c, "index %lld (at position %lld) is out of range [0, %lld)",
                        (long long)v, (long long)i, (long long)V);
    memcpy((unsigned char *)out->data + (size_t)i * row,
           (const unsigned char *)w->data + (size_t)v * row, row);
  }
  return true;
}

/* transpose_copy.int: the permutation swapping dim0 and dim1. */
bool xnnRefTranspose(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                     size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *x = &in[0];
  int64_t d0 = 0, d1 = 0, st[XNN_MLIR_TENSOR_MAX_RANK];
  xnnAttrI64(c->op, "dim0", &d0);
  xnnAttrI64(c->op, "dim1", &d1);
  if (x->rank == 0) {
    memcpy(out->data, x->data, xnnMlirTensorNumBytes(out));
    return true;
  }
  if (!xnnRefNormDim(d0, x->rank, &d0) || !xnnRefNormDim(d1, x->rank, &d1))
    return xnnRefFail(c, "dim0 / dim1 out of range");
  xnnRefStrides(x->dims, x->rank, st);
  int64_t t = st[d0];
  st[d0] = st[d1];
  st[d1] = t;
  xnnRefStridedCopy(x, 0, st, out);
  return true;
}
