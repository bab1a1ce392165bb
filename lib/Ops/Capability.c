/* The capability table: the rows of every op family (lib/Ops/<Family>.c) in
 * one table, looked up by name, and the constraints every op shares. */
#include "Ops/Capability.h"

#include "Support/IR.h"
#include "Support/NameIndex.h"
#include "Support/Strings.h"

#include <pthread.h>
#include <sys/types.h>
#include <stdio.h>
#include <stdlib.h>

/* XNN_MAX_TENSOR_DIMS of the pinned xnnpack.h. */
#define XNN_CAP_MAX_RANK 6

static unsigned capMask(MlirType t) {
  if (mlirTypeIsNull(t))
    return 0;
  if (mlirTypeIsAF32(t))
    return XNN_CAP_F32;
  if (mlirTypeIsAF16(t))
    return XNN_CAP_F16;
  if (mlirTypeIsABF16(t))
    return XNN_CAP_BF16;
  return 0;
}

/* Names operand / result #index for a refusal; only formatted on refusal. */
typedef struct ValueRef {
  const char *kind; /* "operand" or "result" */
  intptr_t index;
} ValueRef;

/* Every operand and result: static ranked tensor, rank <= 6, non-empty; float. */
static bool checkValue(MlirValue v, ValueRef w, bool requireFloat, XnnReason *why) {
  XnnTypeInfo t = xnnTypeInfo(mlirValueGetType(v));
  if (!t.rankedTensor || !t.staticShape)
    return xnnCapRefuse(why, "%s #%zd is not a statically shaped tensor", w.kind, (ssize_t)w.index);
  if (t.rank > XNN_CAP_MAX_RANK)
    return xnnCapRefuse(why, "%s #%zd has rank %zd; XNNPACK supports at most %d dims", w.kind,
                        (ssize_t)w.index, (ssize_t)t.rank, XNN_CAP_MAX_RANK);
  for (intptr_t i = 0; i < t.rank; ++i)
    if (t.dims[i] == 0)
      return xnnCapRefuse(why, "%s #%zd is empty; XNNPACK rejects zero-size tensors", w.kind,
                          (ssize_t)w.index);
  if (requireFloat && !capMask(t.elem)) {
    char name[64];
    xnnCapTypeName(t.elem, name, sizeof(name));
    return xnnCapRefuse(why, "%s #%zd has element type %s; XNNPACK's float nodes take f32, f16 or bf16",
                        w.kind, (ssize_t)w.index, name);
  }
  return true;
}

/* Operand `i` of `op` is sdpa's boolean mask. */
static bool isSdpaBoolMask(MlirOperation op, intptr_t i) {
  MlirType e = xnnValueElemType(mlirOperationGetOperand(op, i));
  return i == 3 && xnnOpIs(op, "edge.sdpa") && mlirTypeIsAInteger(e) && mlirIntegerTypeGetWidth(e) == 1;
}

/* ---- the table ---------------------------------------------------------- */

/* The families, in the order their rows make up the table. */
static const XnnOpFamily *const families[] = {
    &xnnCopyFamily,   &xnnElementwiseFamily, &xnnReduceFamily, &xnnMatmulFamily,
    &xnnConvFamily,   &xnnNormFamily,        &xnnShapeFamily,  &xnnQuantFamily,
};

const XnnOpFamily *const *xnnOpFamilies(size_t *count) {
  *count = sizeof(families) / sizeof(families[0]);
  return families;
}

/* Rows with a capability entry (node not NULL), copied once into one array:
 * lookups index it by name, and xnn-probe lists it. */
enum { MAX_CAPABILITIES = 200 };
static XnnCapability table[MAX_CAPABILITIES];
static size_t tableSize;
static pthread_once_t tableOnce = PTHREAD_ONCE_INIT;
static XnnNameIndex capIndex = XNN_NAME_INDEX_INIT(table, 0, XnnCapability, op);

static void buildTable(void) {
  for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); ++f)
    for (size_t i = 0; i < families[f]->count; ++i) {
      if (!families[f]->ops[i].node)
        continue;
      if (tableSize == MAX_CAPABILITIES) {
        fprintf(stderr, "xnnmlir: more than %d capability rows\n", MAX_CAPABILITIES);
        abort();
      }
      table[tableSize++] = families[f]->ops[i];
    }
  capIndex.count = tableSize;
}

const XnnCapability *xnnCapabilityTable(size_t *count) {
  pthread_once(&tableOnce, buildTable);
  *count = tableSize;
  return table;
}

const XnnCapability *xnnCapabilityLookup(MlirStringRef opName) {
  pthread_once(&tableOnce, buildTable);
  return xnnNameIndexFind(&capIndex, opName);
}

bool xnnCapabilityCheck(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  why->text[0] = 0;
  MlirStringRef name = xnnOpName(op);
  const XnnCapability *cap = xnnCapabilityLookup(name);
  if (!cap) {
    if (xnnStrRefStartsWith(name, "edge."))
      return xnnCapRefuse(why, "no XNNPACK lowering for %.*s", (int)name.length, name.data);
    return xnnCapRefuse(why, "not an edge op");
  }
  if (cap->check && cap->native == 0)
    return cap->check(op, cfg, why);
  /* Shared constraints (ExecuTorch's check_common_constraints): float tensors,
   * one element type across the float operands (a convert has one operand, so
   * its dtype change is never compared). */
  bool runTimeBoolMask = false;
  MlirType elem = {NULL};
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (isSdpaBoolMask(op, i)) {
      /* Compile-time data: xnnLowerSdpa folds it into an additive f32 mask. */
      runTimeBoolMask = !xnnCapIsConstant(v);
      continue;
    }
    if (!checkValue(v, (ValueRef){"operand", i}, true, why))
      return false;
    MlirType e = xnnValueElemType(v);
    if (!mlirTypeIsNull(elem) && !mlirTypeEqual(e, elem)) {
      char a[64], b[64];
      xnnCapTypeName(elem, a, sizeof(a));
      xnnCapTypeName(e, b, sizeof(b));
      return xnnCapRefuse(why, "mixed input dtypes (%s and %s); XNNPACK nodes take one dtype", a, b);
    }
    elem = e;
  }
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i) {
    if (!checkValue(mlirOperationGetResult(op, i), (ValueRef){"result", i}, true, why))
      return false;
  }
  if (cap->check && !cap->check(op, cfg, why))
    return false;
  /* Refused last, so that a reason of the op's own comes first: xnn-partition
   * turns such a mask into an additive one where nothing else refuses the op. */
  if (runTimeBoolMask)
    return xnnCapRefuse(why, "sdpa with a boolean mask that is not a constant: the pinned XNNPACK has no "
                        "boolean tensors (xnn-partition makes it where(mask, 0, -inf) ahead of the delegate)");
  return true;
}
