/* Edge data-movement ops (view, permute, cat, slice, embedding, ...):
 * verifiers, capability checks, lowerings and the family's rows of the op table. */
#include "Ops/Capability.h"
#include "Ops/LowerUtil.h"
#include "Ops/Quant.h"
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include <mlir-c/BuiltinTypes.h>

#include <stdio.h>
#include <string.h>

/* ---- verifiers ----------------------------------------------------------- */

/* What every one-operand verifier here starts with: one operand 'x' (rank at
 * most xMaxRank) and one result, both tensors, then, unless an attribute was
 * refused already (`attrsOk` false: reported, so stop), the same element
 * type. */
static bool verifyOneOperand(MlirOperation op, intptr_t xMaxRank, bool attrsOk, XnnTensor *x,
                             XnnTensor *res) {
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  bool ok = xnnOperandTensor(op, 0, "x", XNN_ET_ALL, xMaxRank, x);
  ok = xnnResultTensor(op, 0, XNN_ET_ALL, XNN_VERIFY_MAX_RANK, res) && ok;
  return ok && attrsOk && xnnCheckSameElem(op, x, "operand 'x'", res, "result");
}

/* verifyOneOperand for an op with an i64-array attribute `dims` (an error
 * if absent and `required`), read into dims[0 .. *n); *present (may be
 * NULL) tells whether it is there. */
static bool verifyOneOperandWithDims(MlirOperation op, bool required, int64_t *dims, intptr_t *n, bool *present,
                                     XnnTensor *x, XnnTensor *res) {
  XnnAttrStatus s = xnnGetI64Array(op, "dims", required, -1, dims, XNN_VERIFY_MAX_RANK, n);
  if (present)
    *present = s == XNN_ATTR_OK;
  return verifyOneOperand(op, XNN_VERIFY_MAX_RANK, required ? s == XNN_ATTR_OK : s != XNN_ATTR_BAD, x, res);
}

/* view: same element type and element count; target shape = result type. */
bool xnnVerifyEdgeView(MlirOperation op) {
  XnnTensor x, res;
  if (!verifyOneOperand(op, XNN_VERIFY_MAX_RANK, true, &x, &res))
    return false;
  bool of = false;
  int64_t nx = xnnNumElements(&x, &of), nr = xnnNumElements(&res, &of);
  if (of) {
    xnnOpError(op, "element count overflows int64");
    return false;
  }
  if (nx != nr) {
    char xs[256], rs[256];
    xnnOpError(op, "result shape %s has %lld elements, operand shape %s has "
                   "%lld",
               xnnShapeStr(res.dims, res.rank, rs, sizeof rs), (long long)nr,
               xnnShapeStr(x.dims, x.rank, xs, sizeof xs), (long long)nx);
    return false;
  }
  return true;
}

/* permute: dims is a permutation (negative entries allowed);
 * result.shape[i] = x.shape[dims[i]]. */
bool xnnVerifyEdgePermute(MlirOperation op) {
  int64_t dims[XNN_VERIFY_MAX_RANK];
  intptr_t n = 0;
  XnnTensor x, res;
  if (!verifyOneOperandWithDims(op, true, dims, &n, NULL, &x, &res))
    return false;
  int64_t perm[XNN_VERIFY_MAX_RANK], shape[XNN_VERIFY_MAX_RANK];
  if (!xnnCheckPermutation(op, "dims", dims, n, x.rank, true, perm))
    return false;
  for (intptr_t i = 0; i < x.rank; ++i)
    shape[i] = x.dims[perm[i]];
  return xnnCheckResultShape(op, &res, shape, x.rank, "permuted");
}

/* cat: >= 1 operands of one rank and element type, equal except along dim;
 * result dim = sum. */
bool xnnVerifyEdgeCat(MlirOperation op) {
  int64_t dim = 0;
  XnnAttrStatus sd = xnnGetI64(op, "dim", true, &dim);
  if (!xnnCheckNumOperands(op, 1, -1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor first, res;
  bool ok = xnnOperandTensor(op, 0, "xs", XNN_ET_ALL, XNN_VERIFY_MAX_RANK,
                             &first);
  ok = xnnResultTensor(op, 0, XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || sd != XNN_ATTR_OK)
    return false;
  if (!xnnCheckSameElem(op, &first, "operand #0", &res, "result"))
    return false;
  int64_t d;
  if (!xnnNormDim(op, "dim", dim, first.rank, &d))
    return false;
  static const XnnConcatNaming naming = {"xs", false, "operand #0", "dim"};
  return xnnCheckConcatOperands(op, &first, d, &res, &naming, XNN_ET_ALL, XNN_VERIFY_MAX_RANK);
}

/* slice: dim in range, step > 0, start/end clamped as in ATen;
 * result size along dim = ceil((end - start) / step). */
bool xnnVerifyEdgeSlice(MlirOperation op) {
  int64_t dim = 0, start = 0, end = 0, step = 1;
  XnnAttrStatus s1 = xnnGetI64(op, "dim", true, &dim);
  XnnAttrStatus s2 = xnnGetI64(op, "start", true, &start);
  XnnAttrStatus s3 = xnnGetI64(op, "end", true, &end);
  XnnAttrStatus s4 = xnnGetI64(op, "step", true, &step);
  bool ok = true;
  if (s4 == XNN_ATTR_OK && step <= 0) {
    xnnOpError(op, "step must be positive, got %lld", (long long)step);
    ok = false;
  }
  XnnTensor x, res;
  ok = ok && s1 == XNN_ATTR_OK && s2 == XNN_ATTR_OK && s3 == XNN_ATTR_OK && s4 == XNN_ATTR_OK;
  if (!verifyOneOperand(op, XNN_VERIFY_MAX_RANK, ok, &x, &res))
    return false;
  int64_t d;
  if (!xnnNormDim(op, "dim", dim, x.rank, &d))
    return false;
  int64_t size = x.dims[d];
  int64_t b = start, e = end;
  if (b < 0)
    b += size; /* no overflow: size >= 0 */
  if (e < 0)
    e += size;
  b = b < 0 ? 0 : (b > size ? size : b);
  e = e < b ? b : (e > size ? size : e);
  int64_t len = e - b;
  int64_t out = len == 0 ? 0 : (len - 1) / step + 1;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  memcpy(shape, x.dims, sizeof(int64_t) * (size_t)x.rank);
  shape[d] = out;
  return xnnCheckResultShape(op, &res, shape, x.rank, "sliced");
}

/* embedding: w [V, D], indices (i32/i64) of any rank -> [*indices, D]. */
bool xnnVerifyEdgeEmbedding(MlirOperation op) {
  if (!xnnCheckNumOperands(op, 2, 2) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor w, idx, res;
  bool ok = xnnOperandTensor(op, 0, "w", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &w);
  ok = xnnOperandTensor(op, 1, "indices", XNN_ET_INT, XNN_VERIFY_MAX_RANK - 1,
                        &idx) &&
       ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || !xnnCheckSameElem(op, &w, "operand 'w'", &res, "result"))
    return false;
  if (w.rank != 2) {
    xnnOpError(op, "operand 'w' must be [num_embeddings, embedding_dim] (rank "
                   "2), got rank %lld",
               (long long)w.rank);
    return false;
  }
  int64_t shape[XNN_VERIFY_MAX_RANK];
  memcpy(shape, idx.dims, sizeof(int64_t) * (size_t)idx.rank);
  shape[idx.rank] = w.dims[1];
  return xnnCheckResultShape(op, &res, shape, idx.rank + 1, "embedding");
}

/* The index tensors of edge.index / edge.index_put (operands `first`..end,
 * i64 or i32, of any shapes broadcast together to B) and `indexed_dims` (one
 * strictly increasing dim of x per index tensor): the shape x[indices] has
 * under ATen's advanced indexing, x.shape[:first] + B + x.shape[last+1:] when
 * the indexed dims are consecutive, else B + the other dims in order. */
static bool indexingShape(MlirOperation op, const XnnTensor *x, intptr_t first, int64_t *shape,
                          intptr_t *rank) {
  intptr_t k = mlirOperationGetNumOperands(op) - first;
  int64_t dims[XNN_VERIFY_MAX_RANK];
  intptr_t nd = 0;
  bool ok = xnnGetI64Array(op, "indexed_dims", true, -1, dims, XNN_VERIFY_MAX_RANK, &nd) == XNN_ATTR_OK;
  XnnTensor b;
  memset(&b, 0, sizeof b);
  for (intptr_t j = 0; j < k; ++j) {
    XnnTensor t;
    if (!xnnOperandTensor(op, first + j, "indices", XNN_ET_INT, XNN_VERIFY_MAX_RANK, &t)) {
      ok = false;
      continue;
    }
    int64_t bs[XNN_VERIFY_MAX_RANK];
    intptr_t br;
    if (ok && !xnnBroadcastShapes(&b, &t, bs, &br)) {
      char s1[256], s2[256];
      xnnOpError(op, "index tensor #%lld of shape %s does not broadcast with the shape %s of the index "
                     "tensors before it",
                 (long long)j, xnnShapeStr(t.dims, t.rank, s1, sizeof s1),
                 xnnShapeStr(b.dims, b.rank, s2, sizeof s2));
      ok = false;
      continue;
    }
    if (ok) {
      b.rank = br;
      memcpy(b.dims, bs, sizeof(int64_t) * (size_t)br);
    }
  }
  if (!ok)
    return false;
  if (nd != k) {
    xnnOpError(op, "attribute 'indexed_dims' has %lld entries for %lld index tensors", (long long)nd,
               (long long)k);
    return false;
  }
  for (intptr_t i = 0; i < k; ++i) {
    if (dims[i] < 0 || dims[i] >= x->rank) {
      xnnOpError(op, "attribute 'indexed_dims' entry %lld is out of range [0, %lld) for operand 'x' of rank %lld",
                 (long long)dims[i], (long long)x->rank, (long long)x->rank);
      return false;
    }
    if (i > 0 && dims[i] <= dims[i - 1]) {
      xnnOpError(op, "attribute 'indexed_dims' must be strictly increasing, got %lld after %lld",
                 (long long)dims[i], (long long)dims[i - 1]);
      return false;
    }
  }
  intptr_t r = b.rank + x->rank - k;
  if (r > XNN_VERIFY_MAX_RANK) {
    xnnOpError(op, "the indexing result would have rank %lld, more than %d", (long long)r, XNN_VERIFY_MAX_RANK);
    return false;
  }
  bool consecutive = dims[k - 1] - dims[0] == k - 1;
  intptr_t at = consecutive ? (intptr_t)dims[0] : 0, n = 0;
  for (intptr_t d = 0, j = 0; d <= x->rank; ++d) {
    if (d == at)
      for (intptr_t i = 0; i < b.rank; ++i)
        shape[n++] = b.dims[i];
    if (d == x->rank)
      break;
    if (j < k && dims[j] == d)
      ++j;
    else
      shape[n++] = x->dims[d];
  }
  *rank = n;
  return true;
}

/* index (index.Tensor): x of any element type, k >= 1 index tensors; the
 * result has x's element type and the indexing shape. */
bool xnnVerifyEdgeIndex(MlirOperation op) {
  if (!xnnCheckNumOperands(op, 2, -1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  bool ok = xnnOperandTensor(op, 0, "x", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnResultTensor(op, 0, XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &res) && ok;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  intptr_t rank = 0;
  if (!ok || !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result") || !indexingShape(op, &x, 1, shape, &rank))
    return false;
  return xnnCheckResultShape(op, &res, shape, rank, "indexing");
}

/* index_put (functional): x, values, k >= 1 index tensors; optional
 * accumulate. The result type is x's; values has x's element type and
 * broadcasts to the indexing shape (ATen: "shape mismatch: value tensor of
 * shape ... cannot be broadcast to indexing result of shape ..."). */
bool xnnVerifyEdgeIndexPut(MlirOperation op) {
  bool acc = false;
  bool ok = xnnGetBool(op, "accumulate", false, &acc) != XNN_ATTR_BAD;
  if (!xnnCheckNumOperands(op, 3, -1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, v, res;
  ok = xnnOperandTensor(op, 0, "x", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &x) && ok;
  ok = xnnOperandTensor(op, 1, "values", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &v) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || !xnnCheckSameElem(op, &x, "operand 'x'", &v, "operand 'values'"))
    return false;
  if (!mlirTypeEqual(x.type, res.type)) {
    char tx[256], tr[256];
    xnnOpError(op, "result type '%s' must equal the type of operand 'x' '%s'", xnnTypeStr(res.type, tr, sizeof tr),
               xnnTypeStr(x.type, tx, sizeof tx));
    return false;
  }
  int64_t shape[XNN_VERIFY_MAX_RANK];
  intptr_t rank = 0;
  if (!indexingShape(op, &x, 2, shape, &rank))
    return false;
  if (!xnnBroadcastsTo(v.dims, v.rank, shape, rank)) {
    char vs[256], is[256];
    xnnOpError(op, "operand 'values' of shape %s cannot be broadcast to the indexing result shape %s",
               xnnShapeStr(v.dims, v.rank, vs, sizeof vs), xnnShapeStr(shape, rank, is, sizeof is));
    return false;
  }
  return true;
}

/* unsqueeze: dim in [-(r+1), r]; result = x.shape with a 1 inserted at dim. */
bool xnnVerifyEdgeUnsqueeze(MlirOperation op) {
  int64_t dim = 0;
  XnnAttrStatus sd = xnnGetI64(op, "dim", true, &dim);
  XnnTensor x, res;
  if (!verifyOneOperand(op, XNN_VERIFY_MAX_RANK - 1, sd == XNN_ATTR_OK, &x, &res))
    return false;
  int64_t d;
  if (!xnnNormDim(op, "dim", dim, x.rank + 1, &d))
    return false;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  for (intptr_t i = 0, j = 0; i <= x.rank; ++i)
    shape[i] = i == d ? 1 : x.dims[j++];
  return xnnCheckResultShape(op, &res, shape, x.rank + 1, "unsqueezed");
}

/* Shared by the verifier and the reference: which dims squeeze drops (ATen
 * squeeze_copy.dims: listed dims of size 1; no list = every size-1 dim).
 * Returns the result rank, or -1 after an error (op non-null: emitted). */
intptr_t xnnSqueezeShape(MlirOperation op, const int64_t *dims, intptr_t rank,
                         bool haveList, const int64_t *list, intptr_t n,
                         int64_t *out) {
  bool drop[XNN_VERIFY_MAX_RANK] = {false};
  if (!haveList) {
    for (intptr_t i = 0; i < rank; ++i)
      drop[i] = dims[i] == 1;
  } else {
    bool seen[XNN_VERIFY_MAX_RANK] = {false};
    for (intptr_t k = 0; k < n; ++k) {
      int64_t d;
      /* ATen wraps against max(rank, 1): a scalar takes dim 0 / -1. */
      if (!xnnNormDim(op, "dims", list[k], rank == 0 ? 1 : rank, &d))
        return -1;
      if (seen[d]) {
        xnnOpError(op, "dims lists dim %lld twice", (long long)d);
        return -1;
      }
      seen[d] = true;
      if (rank > 0 && dims[d] == 1)
        drop[d] = true;
    }
  }
  intptr_t r = 0;
  for (intptr_t i = 0; i < rank; ++i)
    if (!drop[i])
      out[r++] = dims[i];
  return r;
}

/* squeeze: optional dims (array<i64>); listed dims of size 1 are dropped,
 * others kept (ATen). */
bool xnnVerifyEdgeSqueeze(MlirOperation op) {
  int64_t list[XNN_VERIFY_MAX_RANK];
  intptr_t n = 0;
  XnnTensor x, res;
  bool listed;
  if (!verifyOneOperandWithDims(op, false, list, &n, &listed, &x, &res))
    return false;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  intptr_t r = xnnSqueezeShape(op, x.dims, x.rank, listed, list, n, shape);
  if (r < 0)
    return false;
  return xnnCheckResultShape(op, &res, shape, r, "squeezed");
}

/* transpose: dim0, dim1 in range (a scalar takes 0 / -1); result = x.shape
 * with the two swapped. */
bool xnnVerifyEdgeTranspose(MlirOperation op) {
  int64_t d0 = 0, d1 = 0;
  XnnAttrStatus s0 = xnnGetI64(op, "dim0", true, &d0);
  XnnAttrStatus s1 = xnnGetI64(op, "dim1", true, &d1);
  XnnTensor x, res;
  if (!verifyOneOperand(op, XNN_VERIFY_MAX_RANK, s0 == XNN_ATTR_OK && s1 == XNN_ATTR_OK, &x, &res))
    return false;
  intptr_t r = x.rank == 0 ? 1 : x.rank;
  if (!xnnNormDim(op, "dim0", d0, r, &d0) || !xnnNormDim(op, "dim1", d1, r, &d1))
    return false;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  memcpy(shape, x.dims, sizeof(int64_t) * (size_t)x.rank);
  if (x.rank > 0) {
    shape[d0] = x.dims[d1];
    shape[d1] = x.dims[d0];
  }
  return xnnCheckResultShape(op, &res, shape, x.rank, "transposed");
}

/* expand: target shape = result type; x's dims align with the result's
 * trailing dims and each is equal or 1 (ATen expand_copy; -1 entries are
 * already resolved by the type, new leading dims may be any size). */
bool xnnVerifyEdgeExpand(MlirOperation op) {
  XnnTensor x, res;
  if (!verifyOneOperand(op, XNN_VERIFY_MAX_RANK, true, &x, &res))
    return false;
  char xs[256], rs[256];
  if (res.rank < x.rank) {
    xnnOpError(op, "result rank %lld is below the operand's rank %lld (expand "
                   "cannot drop dims)",
               (long long)res.rank, (long long)x.rank);
    return false;
  }
  intptr_t lead = res.rank - x.rank;
  for (intptr_t i = 0; i < x.rank; ++i) {
    if (x.dims[i] != 1 && x.dims[i] != res.dims[lead + i]) {
      xnnOpError(op, "operand shape %s does not expand to the result shape %s "
                     "(operand dim %lld is %lld, neither 1 nor %lld)",
                 xnnShapeStr(x.dims, x.rank, xs, sizeof xs),
                 xnnShapeStr(res.dims, res.rank, rs, sizeof rs), (long long)i,
                 (long long)x.dims[i], (long long)res.dims[lead + i]);
      return false;
    }
  }
  return true;
}

/* constant_pad_nd: pad (array<i64>, even length <= 2 * rank, pairs for the
 * last dim first, negative = crop); optional value (f64). */
bool xnnVerifyEdgeConstantPadNd(MlirOperation op) {
  int64_t pad[2 * XNN_VERIFY_MAX_RANK];
  intptr_t n = 0;
  double value = 0.0;
  XnnAttrStatus sp =
      xnnGetI64Array(op, "pad", true, -1, pad, 2 * XNN_VERIFY_MAX_RANK, &n);
  XnnAttrStatus sv = xnnGetF64(op, "value", false, &value);
  XnnTensor x, res;
  if (!verifyOneOperand(op, XNN_VERIFY_MAX_RANK, sp == XNN_ATTR_OK && sv != XNN_ATTR_BAD, &x,
                        &res))
    return false;
  if (n % 2 != 0 || n > 2 * x.rank) {
    xnnOpError(op, "pad has %lld entries; expected an even number, at most "
                   "2 * rank = %lld",
               (long long)n, (long long)(2 * x.rank));
    return false;
  }
  int64_t shape[XNN_VERIFY_MAX_RANK];
  memcpy(shape, x.dims, sizeof(int64_t) * (size_t)x.rank);
  bool of = false;
  for (intptr_t k = 0; k < n / 2; ++k) {
    intptr_t d = x.rank - 1 - k;
    shape[d] = xnnAdd(xnnAdd(shape[d], pad[2 * k], &of), pad[2 * k + 1], &of);
    if (of) {
      xnnOpError(op, "padded size overflows int64");
      return false;
    }
    if (shape[d] < 0) {
      xnnOpError(op, "pad (%lld, %lld) of dim %lld (size %lld) gives a "
                     "negative size %lld",
                 (long long)pad[2 * k], (long long)pad[2 * k + 1], (long long)d,
                 (long long)x.dims[d], (long long)shape[d]);
      return false;
    }
  }
  return xnnCheckResultShape(op, &res, shape, x.rank, "padded");
}

/* roll: shifts and dims (array<i64>) of one length, dims in range and
 * (a dim listed twice rolls twice); no dims = roll of the flattened tensor by one shift (ATen). */
bool xnnVerifyEdgeRoll(MlirOperation op) {
  int64_t shifts[XNN_VERIFY_MAX_RANK], dims[XNN_VERIFY_MAX_RANK];
  intptr_t ns = 0, nd = 0;
  XnnAttrStatus ss =
      xnnGetI64Array(op, "shifts", true, -1, shifts, XNN_VERIFY_MAX_RANK, &ns);
  XnnAttrStatus sd =
      xnnGetI64Array(op, "dims", true, -1, dims, XNN_VERIFY_MAX_RANK, &nd);
  XnnTensor x, res;
  if (!verifyOneOperand(op, XNN_VERIFY_MAX_RANK, ss == XNN_ATTR_OK && sd == XNN_ATTR_OK, &x, &res))
    return false;
  if (nd == 0 ? ns != 1 : ns != nd) {
    xnnOpError(op, "shifts has %lld entries, dims %lld; expected as many (or "
                   "one shift and no dims)",
               (long long)ns, (long long)nd);
    return false;
  }
  /* A dim listed twice rolls twice, as in ATen. */
  for (intptr_t k = 0; k < nd; ++k) {
    int64_t d;
    if (!xnnNormDim(op, "dims", dims[k], x.rank, &d))
      return false;
  }
  return xnnCheckResultShape(op, &res, x.dims, x.rank, "rolled");
}

/* split: split_sizes >= 0 adding up to x's size along dim; one result per
 * piece, x's shape with that size along dim. */
bool xnnVerifyEdgeSplit(MlirOperation op) {
  int64_t sizes[XNN_VERIFY_MAX_SPLIT], dim = 0;
  intptr_t n = 0;
  XnnAttrStatus ss =
      xnnGetI64Array(op, "split_sizes", true, -1, sizes, XNN_VERIFY_MAX_SPLIT, &n);
  XnnAttrStatus sd = xnnGetI64(op, "dim", true, &dim);
  if (!xnnCheckNumOperands(op, 1, 1))
    return false;
  XnnTensor x;
  if (!xnnOperandTensor(op, 0, "x", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &x) ||
      ss != XNN_ATTR_OK || sd != XNN_ATTR_OK)
    return false;
  if (!xnnCheckArrayRange(op, "split_sizes", sizes, n, 0, INT64_MAX))
    return false;
  int64_t d;
  if (!xnnNormDim(op, "dim", dim, x.rank, &d))
    return false;
  bool of = false;
  int64_t total = 0;
  for (intptr_t i = 0; i < n; ++i)
    total = xnnAdd(total, sizes[i], &of);
  if (of || total != x.dims[d]) {
    xnnOpError(op, "split_sizes add up to %lld, operand dim %lld has size %lld",
               (long long)total, (long long)d, (long long)x.dims[d]);
    return false;
  }
  intptr_t nr = mlirOperationGetNumResults(op);
  if (nr != n) {
    xnnOpError(op, "expects one result per piece (%lld), got %lld", (long long)n,
               (long long)nr);
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    XnnTensor res;
    char what[32];
    snprintf(what, sizeof what, "result #%lld", (long long)i);
    if (!xnnResultTensor(op, i, XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &res) ||
        !xnnCheckSameElem(op, &x, "operand 'x'", &res, what))
      return false;
    int64_t shape[XNN_VERIFY_MAX_RANK];
    memcpy(shape, x.dims, sizeof(int64_t) * (size_t)x.rank);
    shape[d] = sizes[i];
    snprintf(what, sizeof what, "piece #%lld", (long long)i);
    if (!xnnCheckResultShape(op, &res, shape, x.rank, what))
      return false;
  }
  return true;
}

/* ---- capability checks --------------------------------------------------- */

static bool checkSlice(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  int64_t step = 1;
  if (xnnAttrI64(op, "step", &step) && step != 1)
    return xnnCapRefuse(why, "slice with step %lld; XNNPACK's static slice has unit stride only",
                        (long long)step);
  return true;
}

/* Zero-size pieces: XNNPACK's slice and concatenate nodes are not asked to
 * handle empty tensors. */
static bool checkNonEmpty(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (xnnValueNumElements(mlirOperationGetOperand(op, 0)) == 0 ||
      xnnValueNumElements(mlirOperationGetResult(op, 0)) == 0)
    return xnnCapRefuse(why, "an empty operand or result");
  return true;
}

static bool checkConstantPad(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  if (!checkNonEmpty(op, cfg, why))
    return false;
  int64_t pad[2 * XNN_IR_MAX_RANK];
  intptr_t n = 0;
  /* The input's logical size from the result (the lowering rechecks with an
   * operand that may already be a physical NHWC value): out - before - after. */
  MlirValue y = mlirOperationGetResult(op, 0);
  intptr_t rank = xnnValueRank(y);
  xnnAttrI64Array(op, "pad", pad, 2 * XNN_IR_MAX_RANK, &n);
  for (intptr_t k = 0; k < n / 2 && k < rank; ++k) {
    int64_t size = mlirShapedTypeGetDimSize(mlirValueGetType(y), rank - 1 - k) - pad[2 * k] - pad[2 * k + 1];
    if (size + (pad[2 * k] < 0 ? pad[2 * k] : 0) + (pad[2 * k + 1] < 0 ? pad[2 * k + 1] : 0) <= 0)
      return xnnCapRefuse(why, "constant_pad_nd that crops dim %lld away entirely before padding",
                          (long long)(rank - 1 - k));
  }
  return true;
}

static bool checkRoll(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  if (!checkNonEmpty(op, cfg, why))
    return false;
  int64_t dims[XNN_IR_MAX_RANK];
  intptr_t n = 0;
  xnnAttrI64Array(op, "dims", dims, XNN_IR_MAX_RANK, &n);
  if (n == 0)
    return xnnCapRefuse(why, "roll of the flattened tensor (no dims) is not lowered yet");
  return true;
}

static bool checkSplit(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  for (intptr_t j = 0, n = mlirOperationGetNumResults(op); j < n; ++j)
    if (xnnValueNumElements(mlirOperationGetResult(op, j)) == 0)
      return xnnCapRefuse(why, "split with an empty piece (#%lld)", (long long)j);
  return true;
}

static bool refuseEmbedding(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)op, (void)cfg;
  return xnnCapRefuse(why, "embedding is a gather; the pinned XNNPACK has no gather node");
}

static bool refuseIndex(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  bool get = xnnOpIs(op, "edge.index");
  return xnnCapRefuse(why, "%s by run-time indices: the pinned XNNPACK has no %s node",
                      get ? "index gathers" : "index_put scatters", get ? "gather" : "scatter");
}

/* ---- lowerings ----------------------------------------------------------- */

/* Replaces `op` by `v`, or by a copy of `in` where nothing changed it (it may
 * be a delegate output whose input is a delegate input: XNNPACK cannot alias
 * them). */
static bool replaceOrCopy(XnnLowerCtx *L, MlirOperation op, MlirValue in, MlirValue v) {
  if (mlirValueEqual(v, in))
    v = xnnLowerEmit(L, op, "xnn.copy", 1, &in, mlirValueGetType(in), 0, NULL);
  return xnnLowerReplace(L, op, v);
}

static bool xnnLowerView(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (xnnLowerOperandIsNHWC(op, 0) || xnnLowerIsNHWC(op))
    return xnnLowerFail(L, op, "a view of an NHWC value (run xnn-tag-channels-last: views are NCHW)");
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_reshape", 1, &in, xnnLowerResultType(op, 0, elem), 0, NULL));
}

static bool xnnLowerPermute(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t dims[XNN_IR_MAX_RANK], perm[XNN_IR_MAX_RANK];
  intptr_t n = 0, rank = xnnValueRank(mlirOperationGetOperand(op, 0));
  if (rank == 0) { /* XNNPACK refuses a rank-0 transpose: a scalar's is a copy */
    return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &in, mlirValueGetType(in), 0, NULL));
  }
  if (xnnOpIs(op, "edge.transpose")) { /* the permutation swapping dim0 and dim1 */
    int64_t d0 = 0, d1 = 0;
    xnnAttrI64(op, "dim0", &d0);
    xnnAttrI64(op, "dim1", &d1);
    for (intptr_t i = 0; i < rank; ++i)
      dims[i] = i;
    if (rank > 0) {
      d0 = d0 < 0 ? d0 + rank : d0;
      d1 = d1 < 0 ? d1 + rank : d1;
      dims[d0] = d1;
      dims[d1] = d0;
    }
  } else {
    xnnAttrI64Array(op, "dims", dims, XNN_IR_MAX_RANK, &n);
  }
  bool inNHWC = xnnLowerOperandIsNHWC(op, 0), outNHWC = xnnLowerIsNHWC(op) && rank == 4;
  for (intptr_t i = 0; i < rank; ++i) {
    /* physical out dim i = logical out dim o; logical out o = logical in p[o]; its physical position. */
    int64_t o = outNHWC ? xnnLowerToNHWC[i] : i;
    int64_t p = dims[o] < 0 ? dims[o] + rank : dims[o];
    perm[i] = inNHWC ? xnnLowerToNCHW[p] : p;
  }
  MlirNamedAttribute attr = lowerNamed(L, "perm", xnnI64ArrayAttr(L->ctx, perm, rank));
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_transpose", 1, &in, xnnLowerResultType(op, 0, elem), 1, &attr));
}

static bool xnnLowerCat(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  int64_t dim = 0;
  xnnAttrI64(op, "dim", &dim);
  /* The axis in the result's layout: an operand with one element may carry
   * another tag (the tagger leaves such layout-neutral values alone), and its
   * bytes are the same either way. */
  intptr_t rank = xnnValueRank(mlirOperationGetResult(op, 0));
  if (dim < 0)
    dim += rank;
  int64_t axis = rank == 4 && xnnLowerIsNHWC(op) && dim >= 0 && dim < 4 ? xnnLowerToNCHW[dim] : dim;
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue acc = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(acc))
    return false;
  if (n == 1) {
    return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &acc, mlirValueGetType(acc), 0, NULL));
  }
  /* XNNPACK concatenates 2..5 inputs: fold longer lists left to right. */
  for (intptr_t i = 1; i < n;) {
    MlirValue ins[5] = {acc};
    intptr_t k = 1;
    int64_t dims[XNN_IR_MAX_RANK];
    intptr_t rank = xnnValueShape(acc, dims);
    while (k < 5 && i < n) {
      if (mlirValueIsNull(ins[k] = xnnLowerOperand(L, op, i++, elem)))
        return false;
      int64_t d[XNN_IR_MAX_RANK];
      xnnValueShape(ins[k++], d);
      dims[axis] += d[axis];
    }
    MlirNamedAttribute attr = lowerNamed(L, "axis", xnnI64Attr(L->ctx, axis));
    acc = xnnLowerEmit(L, op, "xnn.concatenate", k, ins, xnnTensorType(dims, rank, elem), 1, &attr);
  }
  return xnnLowerReplace(L, op, acc);
}

static bool xnnLowerSlice(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t dim = 0, start = 0, end = INT64_MAX, shape[XNN_IR_MAX_RANK], offsets[XNN_IR_MAX_RANK];
  xnnAttrI64(op, "dim", &dim);
  xnnAttrI64(op, "start", &start);
  xnnAttrI64(op, "end", &end);
  intptr_t rank = xnnValueShape(in, shape);
  int64_t axis = xnnLowerAxis(op, 0, dim), size = shape[axis];
  /* ATen: negative bounds count from the end, then clamp to [0, size]. */
  if (start < 0)
    start += size;
  if (end < 0)
    end += size;
  start = start < 0 ? 0 : start > size ? size : start;
  end = end < start ? start : end > size ? size : end;
  for (intptr_t i = 0; i < rank; ++i)
    offsets[i] = 0;
  offsets[axis] = start;
  shape[axis] = end - start;
  MlirNamedAttribute attrs[2] = {
      lowerNamed(L, "offsets", xnnI64ArrayAttr(L->ctx, offsets, rank)),
      lowerNamed(L, "sizes", xnnI64ArrayAttr(L->ctx, shape, rank)),
  };
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_slice", 1, &in, xnnTensorType(shape, rank, elem), 2, attrs));
}

/* static_slice of `v` along `axis`: [start, start + len). */
static MlirValue sliceAlong(XnnLowerCtx *L, MlirOperation op, MlirValue v, int64_t axis, int64_t start,
                            int64_t len, MlirType elem) {
  int64_t shape[XNN_IR_MAX_RANK], offsets[XNN_IR_MAX_RANK] = {0};
  intptr_t rank = xnnValueShape(v, shape);
  offsets[axis] = start;
  shape[axis] = len;
  MlirNamedAttribute attrs[2] = {
      lowerNamed(L, "offsets", xnnI64ArrayAttr(L->ctx, offsets, rank)),
      lowerNamed(L, "sizes", xnnI64ArrayAttr(L->ctx, shape, rank)),
  };
  return xnnLowerEmit(L, op, "xnn.static_slice", 1, &v, xnnTensorType(shape, rank, elem), 2, attrs);
}

/* expand: the pinned XNNPACK has no broadcast node. Each expanded size-1
 * dim is repeated by concatenation (pure data movement: bit-exact for every
 * value, -0, NaN payloads and subnormals included, where x * 1 or x + -0
 * could flush subnormals): doublings 1, 2, 4, ... and the binary digits of
 * the target size, O(log n) nodes. New leading dims come first as a reshape
 * (NCHW operands only, as views). */
static bool xnnLowerExpand(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t cur[XNN_IR_MAX_RANK], want[XNN_IR_MAX_RANK];
  intptr_t inRank = xnnValueShape(in, cur);
  MlirType rt = xnnLowerResultType(op, 0, elem);
  intptr_t rank = mlirShapedTypeGetRank(rt);
  for (intptr_t i = 0; i < rank; ++i)
    want[i] = mlirShapedTypeGetDimSize(rt, i);
  bool single = xnnValueNumElements(in) == 1;
  bool inNHWC = xnnLowerOperandIsNHWC(op, 0), outNHWC = xnnLowerIsNHWC(op);
  if (!single && (inNHWC != outNHWC || (inRank != rank && inNHWC)))
    return xnnLowerFail(L, op, "an expand between layouts (run xnn-tag-channels-last)");
  MlirValue v = in;
  if (inRank != rank) { /* one element: the same bytes in both layouts */
    int64_t d[XNN_IR_MAX_RANK];
    intptr_t lead = rank - inRank;
    for (intptr_t i = 0; i < rank; ++i)
      d[i] = single ? 1 : i < lead ? 1 : cur[i - lead];
    memcpy(cur, d, sizeof(int64_t) * (size_t)rank);
    v = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &v, xnnTensorType(cur, rank, elem), 0, NULL);
  }
  for (intptr_t axis = 0; axis < rank; ++axis) {
    if (cur[axis] == want[axis])
      continue;
    if (cur[axis] != 1)
      return xnnLowerFail(L, op, "dim %lld of size %lld does not expand to %lld", (long long)axis,
                          (long long)cur[axis], (long long)want[axis]);
    v = xnnLowerRepeatAlong(L, op, v, axis, want[axis], elem);
    cur[axis] = want[axis];
  }
  return replaceOrCopy(L, op, in, v);
}

/* constant_pad_nd: negative pads crop first (a static slice), positive ones
 * pad (static_constant_pad, the value rounded to the type as ATen's fill).
 * Axes are physical (an NHWC operand pads its NHWC dims). */
static bool xnnLowerConstantPadNd(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t pad[2 * XNN_IR_MAX_RANK], shape[XNN_IR_MAX_RANK], pre[XNN_IR_MAX_RANK] = {0},
                                                          post[XNN_IR_MAX_RANK] = {0},
                                                          offsets[XNN_IR_MAX_RANK] = {0};
  intptr_t n = 0, rank = xnnValueShape(in, shape);
  double value = 0.0;
  xnnAttrI64Array(op, "pad", pad, 2 * XNN_IR_MAX_RANK, &n);
  xnnAttrF64(op, "value", &value);
  for (intptr_t k = 0; k < n / 2; ++k) {
    int64_t axis = xnnLowerAxis(op, 0, rank - 1 - k);
    pre[axis] = pad[2 * k];
    post[axis] = pad[2 * k + 1];
  }
  bool crop = false, grow = false;
  for (intptr_t i = 0; i < rank; ++i) {
    crop |= pre[i] < 0 || post[i] < 0;
    grow |= pre[i] > 0 || post[i] > 0;
  }
  MlirValue v = in;
  if (crop) {
    for (intptr_t i = 0; i < rank; ++i) {
      offsets[i] = pre[i] < 0 ? -pre[i] : 0;
      shape[i] += (pre[i] < 0 ? pre[i] : 0) + (post[i] < 0 ? post[i] : 0);
      pre[i] = pre[i] < 0 ? 0 : pre[i];
      post[i] = post[i] < 0 ? 0 : post[i];
    }
    MlirNamedAttribute attrs[2] = {
        lowerNamed(L, "offsets", xnnI64ArrayAttr(L->ctx, offsets, rank)),
        lowerNamed(L, "sizes", xnnI64ArrayAttr(L->ctx, shape, rank)),
    };
    v = xnnLowerEmit(L, op, "xnn.static_slice", 1, &v, xnnTensorType(shape, rank, elem), 2, attrs);
  }
  if (grow) {
    for (intptr_t i = 0; i < rank; ++i)
      shape[i] += pre[i] + post[i];
    MlirNamedAttribute attrs[3] = {
        lowerNamed(L, "pre_paddings", xnnI64ArrayAttr(L->ctx, pre, rank)),
        lowerNamed(L, "post_paddings", xnnI64ArrayAttr(L->ctx, post, rank)),
        /* ATen fills with the value as a float (c10's Half / BFloat16 take one). */
        lowerNamed(L, "padding_value", xnnF64Attr(L->ctx, (double)(float)value)),
    };
    v = xnnLowerEmit(L, op, "xnn.static_constant_pad", 1, &v, xnnTensorType(shape, rank, elem), 3, attrs);
  }
  if (!crop && !grow)
    v = xnnLowerEmit(L, op, "xnn.copy", 1, &in, mlirValueGetType(in), 0, NULL);
  return xnnLowerReplace(L, op, v);
}

/* roll: per dim, the last `shift` elements then the others (two slices and a
 * concatenation); physical axes. */
static bool xnnLowerRoll(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t shifts[XNN_IR_MAX_RANK], dims[XNN_IR_MAX_RANK], shape[XNN_IR_MAX_RANK];
  intptr_t ns = 0, nd = 0;
  xnnAttrI64Array(op, "shifts", shifts, XNN_IR_MAX_RANK, &ns);
  xnnAttrI64Array(op, "dims", dims, XNN_IR_MAX_RANK, &nd);
  xnnValueShape(in, shape);
  MlirValue v = in;
  for (intptr_t k = 0; k < nd; ++k) {
    int64_t axis = xnnLowerAxis(op, 0, dims[k]), size = shape[axis];
    int64_t s = size ? shifts[k] % size : 0;
    if (s < 0)
      s += size;
    if (s == 0)
      continue;
    MlirValue parts[2] = {sliceAlong(L, op, v, axis, size - s, s, elem),
                          sliceAlong(L, op, v, axis, 0, size - s, elem)};
    v = xnnLowerConcatAlong(L, op, parts, 2, axis, elem);
  }
  return replaceOrCopy(L, op, in, v);
}

/* split: one static slice per piece (physical axis). */
static bool xnnLowerSplit(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  int64_t dim = 0;
  xnnAttrI64(op, "dim", &dim);
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t axis = xnnLowerAxis(op, 0, dim), shape[XNN_IR_MAX_RANK], at = 0;
  xnnValueShape(in, shape);
  for (intptr_t j = 0, n = mlirOperationGetNumResults(op); j < n; ++j) {
    int64_t len = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetResult(op, j)),
                                           dim < 0 ? dim + xnnValueRank(in) : dim);
    MlirValue v = len == shape[axis]
                      ? xnnLowerEmit(L, op, "xnn.copy", 1, &in, mlirValueGetType(in), 0, NULL)
                      : sliceAlong(L, op, in, axis, at, len, elem);
    xnnLowerReplaceResult(L, op, j, v);
    at += len;
  }
  return true;
}

/* ---- the family's rows of the op table (Capability.h) -------------------- */

static const XnnCapability ops[] = {
    {"edge.view", xnnVerifyEdgeView, "static_reshape", XNN_CAP_FLOATS, NULL, xnnLowerView, 0},
    {"edge.permute", xnnVerifyEdgePermute, "static_transpose", XNN_CAP_FH, NULL, xnnLowerPermute,
     XNN_CAP_BF16},
    {"edge.cat", xnnVerifyEdgeCat, "concatenate", XNN_CAP_FH, NULL, xnnLowerCat, XNN_CAP_BF16},
    {"edge.slice", xnnVerifyEdgeSlice, "static_slice", XNN_CAP_FH, checkSlice, xnnLowerSlice, 0},
    {"edge.unsqueeze", xnnVerifyEdgeUnsqueeze, "static_reshape", XNN_CAP_FLOATS, NULL, xnnLowerView, 0},
    {"edge.squeeze", xnnVerifyEdgeSqueeze, "static_reshape", XNN_CAP_FLOATS, NULL, xnnLowerView, 0},
    {"edge.transpose", xnnVerifyEdgeTranspose, "static_transpose", XNN_CAP_FH, NULL, xnnLowerPermute,
     XNN_CAP_BF16},
    /* expand: repeated concatenation (no broadcast node; bit-exact); bf16
     * concatenates in f32 as cat does. */
    {"edge.expand", xnnVerifyEdgeExpand, "concatenate", XNN_CAP_FH, checkNonEmpty, xnnLowerExpand,
     XNN_CAP_BF16},
    /* constant_pad_nd: slice (negative pads) + static_constant_pad (which
     * refuses bf16: bf16 pads in f32, exactly). */
    {"edge.constant_pad_nd", xnnVerifyEdgeConstantPadNd, "static_constant_pad", XNN_CAP_FH, checkConstantPad,
     xnnLowerConstantPadNd, 0},
    {"edge.roll", xnnVerifyEdgeRoll, "concatenate", XNN_CAP_FH, checkRoll, xnnLowerRoll, XNN_CAP_BF16},
    /* split: one static slice per piece (bf16 slices are refused: in f32). */
    {"edge.split", xnnVerifyEdgeSplit, "static_slice", XNN_CAP_FH, checkSplit, xnnLowerSplit, 0},
    {"edge.embedding", xnnVerifyEdgeEmbedding, "", 0, refuseEmbedding, NULL, 0},
    {"edge.index", xnnVerifyEdgeIndex, "", 0, refuseIndex, NULL, 0},
    {"edge.index_put", xnnVerifyEdgeIndexPut, "", 0, refuseIndex, NULL, 0},
};

const XnnOpFamily xnnShapeFamily = {ops, sizeof ops / sizeof ops[0], NULL};
