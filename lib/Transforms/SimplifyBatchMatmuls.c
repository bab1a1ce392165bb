/* xnn-simplify-batch-matmuls: batch matrix multiplies of a lowered delegate
 * read their operands' sources instead of copies made for them.
 *
 * Attention as HuggingFace and ExecuTorch write it hands each batch matmul
 * copies of the KV cache: K transposed (`k.transpose(2, 3)`) and, with
 * grouped-query attention, K and V repeated once per query head of a group
 * (`repeat_kv`: unsqueeze, expand, reshape), which the lowering writes as a
 * transpose and chains of concatenations of one value. On a decode step these
 * copies move several times the cache's bytes per layer. Here
 *  - B = transpose(Y) of its last two dims (through reshapes that keep them)
 *    becomes Y read with transpose_b toggled;
 *  - B whose batch b is src[b / R] (along its innermost batch axis, R
 *    copies of one value, or of each unit slice of src in turn: ExecuTorch's
 *    repeat_interleave) is read once per group: A [N, M, K]
 *    becomes [N / R, R * M, K] (a view: batch g * R + r is rows r * M ..),
 *    the product [N / R, R * M, P] is viewed back as [N, M, P].
 * Each output element is the same dot product as before, over the same K
 * elements in the same order. Copies left dead are erased. */
#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"
#include "Support/IR.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <stdlib.h>
#include <string.h>

enum { kMaxRank = 8 };

static int64_t product(const int64_t *d, intptr_t n) {
  int64_t p = 1;
  for (intptr_t i = 0; i < n; ++i)
    p *= d[i];
  return p;
}

/* The value under static reshapes of v that keep its last two dims. */
static MlirValue throughBatchReshapes(MlirValue v) {
  for (;;) {
    MlirOperation def = xnnDefiningOp(v);
    if (mlirOperationIsNull(def) || !xnnOpIs(def, "xnn.static_reshape"))
      return v;
    MlirValue in = mlirOperationGetOperand(def, 0);
    int64_t a[kMaxRank], b[kMaxRank];
    intptr_t ra = xnnValueShape(in, a), rb = xnnValueShape(v, b);
    if (ra < 2 || rb < 2 || ra > kMaxRank || rb > kMaxRank || a[ra - 1] != b[rb - 1] || a[ra - 2] != b[rb - 2])
      return v;
    v = in;
  }
}

/* x viewed as [batch..., last two of x] (x itself when already so; a view
 * of a view reads the first one's input). Only views that keep the last two
 * dims are looked through: a matrix of x is a matrix of their input, where a
 * view that moves elements across the last two dims (3x5 as 5x3) makes other
 * matrices, which the transpose being folded was applied to. */
static MlirValue reshapedTo(MlirOperation anchor, MlirValue x, const int64_t *batch, intptr_t nBatch) {
  x = throughBatchReshapes(x);
  int64_t d[kMaxRank], xd[kMaxRank];
  intptr_t rx = xnnValueShape(x, xd);
  memcpy(d, batch, sizeof(int64_t) * (size_t)nBatch);
  d[nBatch] = xd[rx - 2];
  d[nBatch + 1] = xd[rx - 1];
  bool same = rx == nBatch + 2;
  for (intptr_t i = 0; same && i < rx; ++i)
    same = d[i] == xd[i];
  if (same)
    return x;
  MlirType t = xnnTensorType(d, nBatch + 2, xnnValueElemType(x));
  MlirOperation r = xnnBuildOp("xnn.static_reshape", mlirOperationGetLocation(anchor), 1, &x, 1, &t, 0, NULL);
  xnnInsertBefore(anchor, r);
  return mlirOperationGetResult(r, 0);
}

/* transpose(Y) of the last two dims of B, through batch reshapes: Y, else null. */
static MlirValue transposedSource(MlirValue b) {
  MlirOperation def = xnnDefiningOp(throughBatchReshapes(b));
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "xnn.static_transpose"))
    return (MlirValue){NULL};
  MlirAttribute perm = xnnOpAttr(def, "perm");
  if (mlirAttributeIsNull(perm) || !mlirAttributeIsADenseI64Array(perm))
    return (MlirValue){NULL};
  intptr_t n = mlirDenseArrayGetNumElements(perm);
  if (n < 2)
    return (MlirValue){NULL};
  for (intptr_t i = 0; i < n; ++i) {
    int64_t p = mlirDenseI64ArrayGetElement(perm, i);
    if (p != (i == n - 2 ? n - 1 : i == n - 1 ? n - 2 : i))
      return (MlirValue){NULL};
  }
  return mlirOperationGetOperand(def, 0);
}

/* The operands of v's concatenations along axis, in order, nested ones
 * opened (the lowering chains at most 5 inputs a node): how many (1: v is
 * no such concatenation), -1 when more than cap. */
static intptr_t concatLeaves(MlirValue v, int64_t axis, MlirValue *leaves, intptr_t cap, intptr_t n,
                             intptr_t depth) {
  MlirOperation def = xnnDefiningOp(v);
  int64_t a;
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "xnn.concatenate") || !xnnAttrI64(def, "axis", &a) || a != axis) {
    if (n >= cap)
      return -1;
    leaves[n] = v;
    return n + 1;
  }
  if (depth >= cap) /* a deeper nest has more than cap leaves: bounded recursion on any input */
    return -1;
  for (intptr_t i = 0, k = mlirOperationGetNumOperands(def); i < k && n >= 0; ++i)
    n = concatLeaves(mlirOperationGetOperand(def, i), axis, leaves, cap, n, depth + 1);
  return n;
}

/* Whether x is static_slice(src) taking index g of axis, whole along every other dim. */
static bool isUnitSliceOf(MlirValue x, MlirValue src, int64_t axis, int64_t g) {
  MlirOperation def = xnnDefiningOp(x);
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "xnn.static_slice") ||
      !mlirValueEqual(mlirOperationGetOperand(def, 0), src))
    return false;
  int64_t sd[kMaxRank], off[kMaxRank], size[kMaxRank];
  intptr_t r = xnnValueShape(src, sd), no = 0, ns = 0;
  if (r < 1 || r > kMaxRank || !xnnAttrI64Array(def, "offsets", off, kMaxRank, &no) ||
      !xnnAttrI64Array(def, "sizes", size, kMaxRank, &ns) || no != r || ns != r)
    return false;
  for (intptr_t i = 0; i < r; ++i)
    if (i == axis ? (off[i] != g || size[i] != 1) : (off[i] != 0 || size[i] != sd[i]))
      return false;
  return true;
}

/* v = each batch of src R times along axis: src[b / R] at batch b. Two forms:
 * R copies of one value of size 1 along axis (HuggingFace's repeat_kv:
 * unsqueeze, expand), or R copies of each unit slice of src in turn
 * (ExecuTorch's repeat_interleave, whose gather becomes slices). src and R
 * (1 when v is neither). */
static MlirValue repeatBase(MlirValue v, int64_t axis, int64_t *count) {
  enum { kMaxLeaves = 1024 };
  MlirValue leaves[kMaxLeaves];
  *count = 1;
  intptr_t n = concatLeaves(v, axis, leaves, kMaxLeaves, 0, 0);
  if (n < 2)
    return v;
  intptr_t r = 1;
  while (r < n && mlirValueEqual(leaves[r], leaves[0]))
    ++r;
  if (n % r != 0)
    return v;
  for (intptr_t i = r; i < n; ++i)
    if (!mlirValueEqual(leaves[i], leaves[i - i % r]))
      return v;
  int64_t d[kMaxRank];
  if (r == n) {
    intptr_t rank = xnnValueShape(leaves[0], d);
    if (axis >= rank || d[axis] != 1) /* copies of a longer block: batch b reads b % size, not b / R */
      return v;
    *count = r;
    return leaves[0];
  }
  MlirOperation first = xnnDefiningOp(leaves[0]);
  if (mlirOperationIsNull(first) || !xnnOpIs(first, "xnn.static_slice"))
    return v;
  MlirValue src = mlirOperationGetOperand(first, 0);
  intptr_t rank = xnnValueShape(src, d);
  if (axis >= rank || d[axis] != n / r)
    return v;
  for (intptr_t g = 0; g < n / r; ++g)
    if (!isUnitSliceOf(leaves[g * r], src, axis, g))
      return v;
  *count = r;
  return src;
}

/* Folds the transpose feeding B into transpose_b. */
static bool foldTranspose(MlirOperation mm) {
  MlirValue b = mlirOperationGetOperand(mm, 1), y = transposedSource(b);
  if (mlirValueIsNull(y))
    return false;
  int64_t bd[kMaxRank];
  intptr_t rb = xnnValueShape(b, bd);
  mlirOperationSetOperand(mm, 1, reshapedTo(mm, y, bd, rb - 2));
  bool tb = false;
  xnnAttrBool(mm, "transpose_b", &tb);
  xnnOpSetAttr(mm, "transpose_b", mlirBoolAttrGet(mlirOperationGetContext(mm), !tb));
  return true;
}

/* Folds a B repeated along its innermost batch axis into A's rows. */
static bool foldRepeat(MlirOperation mm) {
  MlirValue a = mlirOperationGetOperand(mm, 0), b = mlirOperationGetOperand(mm, 1);
  MlirValue out = mlirOperationGetResult(mm, 0);
  int64_t ad[kMaxRank], bd[kMaxRank], cd[kMaxRank], od[kMaxRank];
  intptr_t ra = xnnValueShape(a, ad), rb = xnnValueShape(b, bd);
  MlirValue c = throughBatchReshapes(b);
  intptr_t rc = xnnValueShape(c, cd);
  if (ra != rb || ra < 3 || ra > kMaxRank || rc < 3 || rc > kMaxRank)
    return false;
  int64_t r;
  MlirValue base = repeatBase(c, rc - 3, &r);
  int64_t n = product(bd, rb - 2);
  if (r < 2 || n % r != 0 || product(cd, rc - 2) != n || product(ad, ra - 2) != n)
    return false;
  for (intptr_t i = 0; i < ra - 2; ++i)
    if (ad[i] != bd[i])
      return false;
  int64_t g = n / r, m = ad[ra - 2], k = ad[ra - 1];
  xnnValueShape(out, od);
  int64_t p = od[ra - 1];
  int64_t aDims[3] = {g, r * m, k}, oDims[3] = {g, r * m, p};
  MlirType elem = xnnValueElemType(a);
  MlirType at = xnnTensorType(aDims, 3, elem), ot = xnnTensorType(oDims, 3, xnnValueElemType(out));
  MlirLocation loc = mlirOperationGetLocation(mm);
  MlirOperation ar = xnnBuildOp("xnn.static_reshape", loc, 1, &a, 1, &at, 0, NULL);
  xnnInsertBefore(mm, ar);
  MlirValue ins[2] = {mlirOperationGetResult(ar, 0), reshapedTo(mm, base, &g, 1)};
  bool tb = false;
  xnnAttrBool(mm, "transpose_b", &tb);
  MlirNamedAttribute attr = xnnNamed(mlirOperationGetContext(mm), "transpose_b",
                                     mlirBoolAttrGet(mlirOperationGetContext(mm), tb));
  MlirOperation nm = xnnBuildOp("xnn.batch_matrix_multiply", loc, 2, ins, 1, &ot, tb ? 1 : 0, &attr);
  xnnInsertBefore(mm, nm);
  MlirValue prod = mlirOperationGetResult(nm, 0);
  MlirType origT = mlirValueGetType(out);
  MlirOperation back = xnnBuildOp("xnn.static_reshape", loc, 1, &prod, 1, &origT, 0, NULL);
  xnnInsertBefore(mm, back);
  mlirValueReplaceAllUsesOfWith(out, mlirOperationGetResult(back, 0));
  mlirOperationDestroy(mm);
  return true;
}

static bool isMovement(MlirOperation op) {
  return xnnOpIs(op, "xnn.static_reshape") || xnnOpIs(op, "xnn.static_transpose") ||
         xnnOpIs(op, "xnn.concatenate") || xnnOpIs(op, "xnn.static_slice");
}

static bool simplifyDelegate(MlirOperation func, const void *config) {
  (void)config;
  MlirBlock body = xnnFuncBody(func);
  if (mlirBlockIsNull(body))
    return true;
  size_t n = 0;
  MlirOperation *ops = xnnBlockOps(body, &n);
  if (!ops)
    return true;
  bool changed = false;
  for (size_t i = 0; i < n; ++i)
    if (xnnOpIs(ops[i], "xnn.batch_matrix_multiply")) {
      changed |= foldTranspose(ops[i]);
      changed |= foldRepeat(ops[i]); /* destroys ops[i] when it folds */
    }
  free(ops);
  if (!changed)
    return true;
  /* Erase the copies left dead, users first. */
  if (!(ops = xnnBlockOps(body, &n)))
    return true;
  for (size_t i = n; i-- > 0;)
    if (isMovement(ops[i]) && xnnOpIsDead(ops[i]))
      mlirOperationDestroy(ops[i]);
  free(ops);
  return true;
}

static void runSimplifyBatchMatmuls(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)pass;
  xnnForEachDelegate(op, simplifyDelegate, config);
}

static MlirPass createSimplifyBatchMatmuls(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  (void)values;
  return xnnMlirCreateExternalPass(info, runSimplifyBatchMatmuls, NULL, 0);
}

const XnnMlirPassInfo xnnSimplifyBatchMatmulsPassInfo = {
    .argument = "xnn-simplify-batch-matmuls",
    .name = "XnnSimplifyBatchMatmuls",
    .description = "Batch matrix multiplies of lowered delegates read their operands' sources: a transpose of B's "
                   "last two dims becomes transpose_b, B repeated along its batch (grouped-query attention's "
                   "repeat_kv or repeat_interleave) becomes rows of A",
    .options = NULL,
    .numOptions = 0,
    .create = createSimplifyBatchMatmuls,
};
