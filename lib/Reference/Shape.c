/* Reference kernels: view_copy, permute_copy (negative dims), cat, slice_copy
 * (ATen clamping of start / end, positive step) and embedding (indices
 * outside [0, num_embeddings) are an error naming the op). All move bits
 * unchanged. */
#include "Kernels.h"

#include "Support/IR.h"

#include <stdlib.h>
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
  if (!xnnRefAttrI64Array(c, "dims", dims, XNN_MLIR_TENSOR_MAX_RANK, &n) || n != x->rank)
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
  xnnRefAttrI64(c, "dim", &dim);
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
  xnnRefAttrI64(c, "dim", &dim);
  xnnRefAttrI64(c, "start", &start);
  xnnRefAttrI64(c, "end", &end);
  xnnRefAttrI64(c, "step", &step);
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
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = xnnRefIndexAt(idx, i);
    if (v < 0 || v >= V)
      return xnnRefFail(c, "index %lld (at position %lld) is out of range [0, %lld)",
                        (long long)v, (long long)i, (long long)V);
    memcpy((unsigned char *)out->data + (size_t)i * row,
           (const unsigned char *)w->data + (size_t)v * row, row);
  }
  return true;
}

/* ---- advanced indexing: index.Tensor and index_put ---------------------- */

/* Strides of `t` broadcast (right-aligned) against dims[rank]: 0 on
 * broadcast dims. False if it does not broadcast. */
static bool bcastStrides(const XnnMlirTensor *t, const int64_t *dims, int64_t rank, int64_t *st) {
  int64_t ts[XNN_MLIR_TENSOR_MAX_RANK], off = rank - t->rank;
  if (off < 0)
    return false;
  xnnRefStrides(t->dims, t->rank, ts);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = i < off ? 1 : t->dims[i - off];
    if (d != 1 && d != dims[i])
      return false;
    st[i] = d == 1 ? 0 : ts[i - off];
  }
  return true;
}

/* The indexing result of x[indices] (ATen advanced indexing): its shape, and
 * for each result element in row-major order the x element it names, as
 * xoff + base[boff] along a walk (indexWalkNext). B, the broadcast shape of
 * the index tensors, occupies result dims [at, at + nb). */
typedef struct Indexing {
  int64_t rank, dims[XNN_MLIR_TENSOR_MAX_RANK];
  int64_t st[2][XNN_MLIR_TENSOR_MAX_RANK]; /* per result dim: x stride (0 on B dims), B stride */
  int64_t vst[XNN_MLIR_TENSOR_MAX_RANK];   /* values' broadcast strides (index_put) */
  int64_t idx[XNN_MLIR_TENSOR_MAX_RANK], xoff, boff, voff;
  int64_t *base; /* per B position: the x offset its indices select */
} Indexing;

/* Builds `ix` from x and the index tensors in[first..nIn): checks every index
 * against its dim's size (negative ones count from the end), so a walk never
 * leaves x. False after xnnRefFail (nothing allocated then). */
static bool indexingInit(XnnRefCtx *c, const XnnMlirTensor *x, const XnnMlirTensor *in, size_t first, size_t nIn,
                         Indexing *ix) {
  memset(ix, 0, sizeof(*ix));
  int64_t k = (int64_t)(nIn - first), dims[XNN_MLIR_TENSOR_MAX_RANK];
  intptr_t nd = 0;
  if (k < 1 || !xnnRefAttrI64Array(c, "indexed_dims", dims, XNN_MLIR_TENSOR_MAX_RANK, &nd) || nd != k)
    return xnnRefFail(c, "attribute 'indexed_dims' must list one dim per index tensor");
  for (int64_t j = 0; j < k; ++j)
    if (dims[j] < 0 || dims[j] >= x->rank || (j && dims[j] <= dims[j - 1]))
      return xnnRefFail(c, "attribute 'indexed_dims' must be strictly increasing dims of x");
  /* B: the index tensors' shapes broadcast together. */
  int64_t nb = 0, b[XNN_MLIR_TENSOR_MAX_RANK];
  for (int64_t j = 0; j < k; ++j) {
    const XnnMlirTensor *t = &in[first + (size_t)j];
    if (t->rank > XNN_MLIR_TENSOR_MAX_RANK)
      return xnnRefFail(c, "index tensor rank too large");
    int64_t r = t->rank > nb ? t->rank : nb, nbuf[XNN_MLIR_TENSOR_MAX_RANK];
    for (int64_t i = 0; i < r; ++i) {
      int64_t p = i - (r - nb), q = i - (r - t->rank);
      int64_t dp = p >= 0 ? b[p] : 1, dq = q >= 0 ? t->dims[q] : 1;
      if (dp != dq && dp != 1 && dq != 1)
        return xnnRefFail(c, "index tensors do not broadcast together");
      nbuf[i] = dp == 1 ? dq : dp;
    }
    nb = r;
    memcpy(b, nbuf, sizeof(int64_t) * (size_t)r);
  }
  if (nb + x->rank - k > XNN_MLIR_TENSOR_MAX_RANK)
    return xnnRefFail(c, "the indexing result has more than %d dims", XNN_MLIR_TENSOR_MAX_RANK);
  int64_t xst[XNN_MLIR_TENSOR_MAX_RANK], bst[XNN_MLIR_TENSOR_MAX_RANK];
  xnnRefStrides(x->dims, x->rank, xst);
  xnnRefStrides(b, nb, bst);
  /* Result dims: the non-indexed dims of x in order, with B inserted at the
   * first indexed dim when the indexed dims are consecutive, else in front. */
  int64_t at = dims[k - 1] - dims[0] == k - 1 ? dims[0] : 0, n = 0;
  for (int64_t d = 0, j = 0; d <= x->rank; ++d) {
    if (d == at)
      for (int64_t i = 0; i < nb; ++i, ++n)
        ix->dims[n] = b[i], ix->st[0][n] = 0, ix->st[1][n] = bst[i];
    if (d == x->rank)
      break;
    if (j < k && dims[j] == d)
      ++j;
    else
      ix->dims[n] = x->dims[d], ix->st[0][n] = xst[d], ix->st[1][n] = 0, ++n;
  }
  ix->rank = n;
  /* base[p] for every B position p, walking B with each index tensor's
   * broadcast offset. */
  int64_t nB = 1;
  for (int64_t i = 0; i < nb; ++i)
    nB *= b[i];
  int64_t ist[XNN_MLIR_TENSOR_MAX_RANK][XNN_MLIR_TENSOR_MAX_RANK], ioff[XNN_MLIR_TENSOR_MAX_RANK] = {0},
                                                                    bi[XNN_MLIR_TENSOR_MAX_RANK] = {0};
  for (int64_t j = 0; j < k; ++j)
    if (!bcastStrides(&in[first + (size_t)j], b, nb, ist[j]))
      return xnnRefFail(c, "index tensors do not broadcast together");
  ix->base = malloc(sizeof(int64_t) * (size_t)(nB ? nB : 1));
  if (!ix->base)
    return xnnRefFail(c, "out of memory");
  for (int64_t p = 0; p < nB; ++p) {
    int64_t off = 0;
    for (int64_t j = 0; j < k; ++j) {
      int64_t v = xnnRefIndexAt(&in[first + (size_t)j], ioff[j]), size = x->dims[dims[j]];
      if (v < -size || v >= size) {
        free(ix->base);
        ix->base = NULL;
        return xnnRefFail(c, "index %lld is out of bounds for dimension %lld with size %lld (index tensor #%lld, "
                          "element %lld)", (long long)v, (long long)dims[j], (long long)size, (long long)j,
                          (long long)ioff[j]);
      }
      off += (v < 0 ? v + size : v) * xst[dims[j]];
    }
    ix->base[p] = off;
    for (int64_t d = nb - 1; d >= 0; --d) {
      for (int64_t j = 0; j < k; ++j)
        ioff[j] += ist[j][d];
      if (++bi[d] < b[d])
        break;
      for (int64_t j = 0; j < k; ++j)
        ioff[j] -= ist[j][d] * b[d];
      bi[d] = 0;
    }
  }
  return true;
}

/* The x offset of the current result element. */
static int64_t indexWalkAt(const Indexing *ix) { return ix->xoff + ix->base[ix->boff]; }

static void indexWalkNext(Indexing *ix) {
  for (int64_t d = ix->rank - 1; d >= 0; --d) {
    ix->xoff += ix->st[0][d], ix->boff += ix->st[1][d], ix->voff += ix->vst[d];
    if (++ix->idx[d] < ix->dims[d])
      return;
    ix->xoff -= ix->st[0][d] * ix->dims[d], ix->boff -= ix->st[1][d] * ix->dims[d];
    ix->voff -= ix->vst[d] * ix->dims[d];
    ix->idx[d] = 0;
  }
}

/* index.Tensor: out[r] = x[the element r names], bits unchanged. */
bool xnnRefIndex(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nOut;
  Indexing ix;
  if (!indexingInit(c, &in[0], in, 1, nIn, &ix))
    return false;
  bool ok = ix.rank == out->rank;
  for (int64_t i = 0; ok && i < ix.rank; ++i)
    ok = ix.dims[i] == out->dims[i];
  if (ok) {
    size_t es = xnnMlirDTypeSize(out->dtype);
    const unsigned char *x = in[0].data;
    unsigned char *o = out->data;
    for (int64_t i = 0, n = xnnMlirTensorNumElements(out); i < n; ++i, indexWalkNext(&ix))
      memcpy(o + (size_t)i * es, x + (size_t)indexWalkAt(&ix) * es, es);
  }
  free(ix.base);
  return ok || xnnRefFail(c, "result shape does not match the indexing shape");
}

/* out[at] += v in the element type's arithmetic, as ATen's CPU index_put
 * with accumulate: f16 / bf16 add in f32 and round each sum (RNE); integers
 * wrap (two's complement); i1 is a logical or. */
static void accumulateAt(XnnMlirTensor *out, int64_t at, const XnnMlirTensor *values, int64_t vi) {
  unsigned char *o = out->data;
  const unsigned char *v = values->data;
  switch (out->dtype) {
  case XNN_MLIR_F32: {
    float a, b;
    memcpy(&a, o + 4 * (size_t)at, 4), memcpy(&b, v + 4 * (size_t)vi, 4);
    a += b;
    memcpy(o + 4 * (size_t)at, &a, 4);
    break;
  }
  case XNN_MLIR_F16:
  case XNN_MLIR_BF16:
    xnnMlirTensorSetF32(out, at, xnnMlirTensorGetF32(out, at) + xnnMlirTensorGetF32(values, vi));
    break;
  case XNN_MLIR_I64: {
    uint64_t a, b;
    memcpy(&a, o + 8 * (size_t)at, 8), memcpy(&b, v + 8 * (size_t)vi, 8);
    a += b;
    memcpy(o + 8 * (size_t)at, &a, 8);
    break;
  }
  case XNN_MLIR_I32: {
    uint32_t a, b;
    memcpy(&a, o + 4 * (size_t)at, 4), memcpy(&b, v + 4 * (size_t)vi, 4);
    a += b;
    memcpy(o + 4 * (size_t)at, &a, 4);
    break;
  }
  default:
    o[at] = (uint8_t)(o[at] || v[vi]);
    break;
  }
}

/* index_put (functional): out = x, then for each result element of
 * x[indices] in row-major order (the index tuples in row-major order of B),
 * out[that element] = values (broadcast), or += with accumulate. Repeated
 * indices: the last write wins, or the sum in that order. */
bool xnnRefIndexPut(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out, size_t nOut) {
  (void)nOut;
  const XnnMlirTensor *x = &in[0], *values = &in[1];
  bool accumulate = false;
  xnnRefAttrBool(c, "accumulate", &accumulate);
  Indexing ix;
  if (!indexingInit(c, x, in, 2, nIn, &ix))
    return false;
  if (!bcastStrides(values, ix.dims, ix.rank, ix.vst)) {
    free(ix.base);
    return xnnRefFail(c, "values do not broadcast to the indexing result shape");
  }
  size_t es = xnnMlirDTypeSize(out->dtype);
  if (out->data != x->data) /* in place: emitted C updating a state buffer */
    memcpy(out->data, x->data, xnnMlirTensorNumBytes(out));
  int64_t n = 1;
  for (int64_t i = 0; i < ix.rank; ++i)
    n *= ix.dims[i];
  unsigned char *o = out->data;
  const unsigned char *v = values->data;
  for (int64_t i = 0; i < n; ++i, indexWalkNext(&ix)) {
    int64_t at = indexWalkAt(&ix);
    if (accumulate)
      accumulateAt(out, at, values, ix.voff);
    else
      memcpy(o + (size_t)at * es, v + (size_t)ix.voff * es, es);
  }
  free(ix.base);
  return true;
}

/* transpose_copy.int: the permutation swapping dim0 and dim1. */
bool xnnRefTranspose(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                     size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *x = &in[0];
  int64_t d0 = 0, d1 = 0, st[XNN_MLIR_TENSOR_MAX_RANK];
  xnnRefAttrI64(c, "dim0", &d0);
  xnnRefAttrI64(c, "dim1", &d1);
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

/* expand_copy: stride 0 along new leading dims and expanded size-1 dims. */
bool xnnRefExpand(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                  size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *x = &in[0];
  int64_t st[XNN_MLIR_TENSOR_MAX_RANK], srcSt[XNN_MLIR_TENSOR_MAX_RANK];
  int64_t lead = out->rank - x->rank;
  if (lead < 0)
    return xnnRefFail(c, "result rank below the operand's");
  xnnRefStrides(x->dims, x->rank, st);
  for (int64_t i = 0; i < out->rank; ++i) {
    if (i < lead) {
      srcSt[i] = 0;
      continue;
    }
    int64_t xd = x->dims[i - lead];
    if (xd != 1 && xd != out->dims[i])
      return xnnRefFail(c, "operand dim %lld (%lld) does not expand to %lld",
                        (long long)(i - lead), (long long)xd, (long long)out->dims[i]);
    srcSt[i] = xd == 1 ? 0 : st[i - lead];
  }
  xnnRefStridedCopy(x, 0, srcSt, out);
  return true;
}

/* Element `value` in `dtype` as ATen's fill does: floats through f32 (c10's
 * Half / BFloat16 take a float), integers truncated, bool = value != 0. */
static void fillElement(XnnMlirDType dtype, double value, unsigned char *dst) {
  XnnMlirTensor t = {0};
  int64_t one = 1;
  t.dtype = dtype;
  t.rank = 1;
  t.dims[0] = one;
  t.data = dst;
  switch (dtype) {
  case XNN_MLIR_I64: {
    int64_t v = xnnRefTruncToI64(value);
    memcpy(dst, &v, 8);
    break;
  }
  case XNN_MLIR_I32: {
    int32_t v = (int32_t)xnnRefTruncToI64(value);
    memcpy(dst, &v, 4);
    break;
  }
  case XNN_MLIR_I1: dst[0] = value != 0.0; break;
  default: xnnMlirTensorSetF32(&t, 0, (float)value); break;
  }
}

/* Walks the result's elements in order; src(idx) gives the source element or
 * -1 (use `fill`). */
typedef int64_t (*SrcIndexFn)(const int64_t *idx, const int64_t *xDims, int64_t rank,
                              const int64_t *a, const int64_t *b);
static void gatherCopy(const XnnMlirTensor *x, XnnMlirTensor *out, SrcIndexFn src,
                       const int64_t *a, const int64_t *b, const unsigned char *fill) {
  size_t es = xnnMlirDTypeSize(out->dtype);
  int64_t total = xnnMlirTensorNumElements(out), idx[XNN_MLIR_TENSOR_MAX_RANK] = {0};
  for (int64_t e = 0; e < total; ++e) {
    int64_t s = src(idx, x->dims, out->rank, a, b);
    memcpy((unsigned char *)out->data + (size_t)e * es,
           s < 0 ? fill : (const unsigned char *)x->data + (size_t)s * es, es);
    for (int64_t d = out->rank - 1; d >= 0; --d) {
      if (++idx[d] < out->dims[d])
        break;
      idx[d] = 0;
    }
  }
}

/* a = pre padding per dim (logical order). */
static int64_t padSrc(const int64_t *idx, const int64_t *xDims, int64_t rank, const int64_t *a,
                      const int64_t *b) {
  (void)b;
  int64_t s = 0;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t i = idx[d] - a[d];
    if (i < 0 || i >= xDims[d])
      return -1;
    s = s * xDims[d] + i;
  }
  return s;
}

bool xnnRefConstantPadNd(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                         size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *x = &in[0];
  int64_t pad[2 * XNN_MLIR_TENSOR_MAX_RANK], pre[XNN_MLIR_TENSOR_MAX_RANK] = {0};
  intptr_t n = 0;
  double value = 0.0;
  if (!xnnRefAttrI64Array(c, "pad", pad, 2 * XNN_MLIR_TENSOR_MAX_RANK, &n) || n % 2 ||
      n > 2 * x->rank)
    return xnnRefFail(c, "attribute 'pad' must hold pairs for at most every dim");
  xnnRefAttrF64(c, "value", &value);
  for (intptr_t k = 0; k < n / 2; ++k) {
    int64_t d = x->rank - 1 - k;
    pre[d] = pad[2 * k];
    if (out->dims[d] != x->dims[d] + pad[2 * k] + pad[2 * k + 1])
      return xnnRefFail(c, "result size along dim %lld does not match the padding", (long long)d);
  }
  unsigned char fill[8] = {0};
  fillElement(out->dtype, value, fill);
  gatherCopy(x, out, padSrc, pre, NULL, fill);
  return true;
}

/* a = shift per dim, normalised to [0, size). */
static int64_t rollSrc(const int64_t *idx, const int64_t *xDims, int64_t rank, const int64_t *a,
                       const int64_t *b) {
  (void)b;
  int64_t s = 0;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t i = idx[d] - a[d];
    if (i < 0)
      i += xDims[d];
    s = s * xDims[d] + i;
  }
  return s;
}

bool xnnRefRoll(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                size_t nOut) {
  (void)nIn, (void)nOut;
  const XnnMlirTensor *x = &in[0];
  int64_t shifts[XNN_MLIR_TENSOR_MAX_RANK], dims[XNN_MLIR_TENSOR_MAX_RANK],
      by[XNN_MLIR_TENSOR_MAX_RANK] = {0};
  intptr_t ns = 0, nd = 0;
  if (!xnnRefAttrI64Array(c, "shifts", shifts, XNN_MLIR_TENSOR_MAX_RANK, &ns) ||
      !xnnRefAttrI64Array(c, "dims", dims, XNN_MLIR_TENSOR_MAX_RANK, &nd) ||
      (nd == 0 ? ns != 1 : ns != nd))
    return xnnRefFail(c, "attributes 'shifts' and 'dims' do not match");
  if (xnnMlirTensorNumElements(x) == 0)
    return true;
  XnnMlirTensor flatX = *x, flatOut = *out;
  const XnnMlirTensor *src = x;
  XnnMlirTensor *dst = out;
  if (nd == 0) { /* the flattened tensor, rolled by one shift */
    flatX.rank = flatOut.rank = 1;
    flatX.dims[0] = flatOut.dims[0] = xnnMlirTensorNumElements(x);
    src = &flatX;
    dst = &flatOut;
    dims[0] = 0;
    nd = 1;
  }
  for (intptr_t k = 0; k < nd; ++k) {
    int64_t d;
    if (!xnnRefNormDim(dims[k], src->rank, &d))
      return xnnRefFail(c, "dim %lld out of range", (long long)dims[k]);
    int64_t size = src->dims[d], s = shifts[k] % size;
    by[d] = (by[d] + (s < 0 ? s + size : s)) % size;
  }
  unsigned char fill[8] = {0};
  gatherCopy(src, dst, rollSrc, by, NULL, fill);
  return true;
}

/* split_with_sizes_copy: result j is x's piece along dim at the running
 * offset. */
bool xnnRefSplit(XnnRefCtx *c, const XnnMlirTensor *in, size_t nIn, XnnMlirTensor *out,
                 size_t nOut) {
  (void)nIn;
  const XnnMlirTensor *x = &in[0];
  int64_t dim = 0, d, st[XNN_MLIR_TENSOR_MAX_RANK];
  xnnRefAttrI64(c, "dim", &dim);
  if (!xnnRefNormDim(dim, x->rank, &d) || x->rank == 0)
    return xnnRefFail(c, "dim %lld out of range", (long long)dim);
  xnnRefStrides(x->dims, x->rank, st);
  int64_t at = 0;
  for (size_t j = 0; j < nOut; ++j) {
    if (at + out[j].dims[d] > x->dims[d])
      return xnnRefFail(c, "pieces exceed the operand along dim %lld", (long long)d);
    xnnRefStridedCopy(x, at * st[d], st, &out[j]);
    at += out[j].dims[d];
  }
  return true;
}
