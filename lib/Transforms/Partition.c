/* xnn-partition: capability-based partitioning into XNNPACK delegate segments.
 *
 * Grouping: in block (topological) order, D(v) = max over producers u of
 * D(u) + [u delegable and v portable]. Delegable ops with equal D form one
 * segment. A path that leaves a segment crosses a delegable->portable edge and
 * so reaches only larger D: segments never re-enter themselves (acyclic), and
 * the number of segments equals the longest alternation along any path, the
 * minimum possible. O(ops + uses). Each segment is outlined into a private
 * function with the `xnn.delegate` attribute and called (SPEC §3.3); the
 * caller's ops are then rescheduled topologically around the calls.
 *
 * Constants: an edge.constant used by a segment is cloned into that segment's
 * function (attributes are uniqued, so the payload is shared, not copied); the
 * original is erased when nothing else uses it. Portable ops get an
 * `xnn.portable_reason` attribute saying why (ExecuTorch's why()). */
#include "xnnmlir/Passes.h"

#include "Ops/Capability.h"
#include "Pass/PassDefs.h"
#include "Support/IR.h"
#include "Support/PtrMap.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct PartitionConfig {
  XnnPartitionConfig cap;
} PartitionConfig;

enum { KIND_PORTABLE, KIND_DELEGATE, KIND_CONSTANT };

#define NO_DEF ((size_t)-1)

typedef struct OpInfo {
  MlirOperation op;
  int kind;
  size_t level; /* D(v) */
  size_t unit;  /* scheduling unit: a segment or a single portable op */
  size_t firstDef; /* this op's operands' producers: defs[firstDef .. firstDef + numOperands) */
  size_t numOperands;
} OpInfo;

/* A growable array of values. */
typedef struct ValueList {
  MlirValue *data;
  size_t size, capacity;
} ValueList;

static void valueListPush(ValueList *l, MlirValue v) {
  if (l->size == l->capacity &&
      !(l->data = realloc(l->data, (l->capacity = l->capacity ? 2 * l->capacity : 8) * sizeof(MlirValue))))
    abort();
  l->data[l->size++] = v;
}

/* ---- a min-heap of unit ids keyed by their first op index ---------------- */
typedef struct Heap {
  size_t *ids;
  const size_t *key;
  size_t size;
} Heap;

static void heapPush(Heap *h, size_t id) {
  size_t i = h->size++;
  h->ids[i] = id;
  while (i && h->key[h->ids[(i - 1) / 2]] > h->key[h->ids[i]]) {
    size_t p = (i - 1) / 2, t = h->ids[p];
    h->ids[p] = h->ids[i], h->ids[i] = t, i = p;
  }
}

static size_t heapPop(Heap *h) {
  size_t top = h->ids[0];
  h->ids[0] = h->ids[--h->size];
  for (size_t i = 0;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->size && h->key[h->ids[l]] < h->key[h->ids[m]])
      m = l;
    if (r < h->size && h->key[h->ids[r]] < h->key[h->ids[m]])
      m = r;
    if (m == i)
      break;
    size_t t = h->ids[m];
    h->ids[m] = h->ids[i], h->ids[i] = t, i = m;
  }
  return top;
}

/* ---- outlining ----------------------------------------------------------- */

typedef struct Segment {
  size_t *ops; /* indices into the OpInfo array, in block order */
  size_t numOps, capOps;
  MlirOperation call;
} Segment;

/* True if op index `i` (NO_DEF allowed) is a delegated op of scheduling unit `unit`. */
static bool indexInSegment(const OpInfo *infos, size_t i, size_t unit) {
  return i != NO_DEF && infos[i].kind == KIND_DELEGATE && infos[i].unit == unit;
}

static bool inSegment(const XnnPtrMap *index, const OpInfo *infos, MlirOperation op, size_t unit) {
  size_t i;
  return !mlirOperationIsNull(op) && xnnPtrMapGet(index, op.ptr, &i) && indexInSegment(infos, i, unit);
}

/* {edge op name: count} of the segment's ops (constants excepted): what
 * --xnn-stats reports per op type once the lowering has replaced them. */
static MlirAttribute edgeOpCounts(MlirContext ctx, const OpInfo *infos, const Segment *seg) {
  MlirStringRef *names = malloc((seg->numOps + 1) * sizeof(MlirStringRef));
  int64_t *counts = malloc((seg->numOps + 1) * sizeof(int64_t));
  if (!names || !counts)
    abort();
  size_t n = 0;
  for (size_t k = 0; k < seg->numOps; ++k) {
    const OpInfo *info = &infos[seg->ops[k]];
    if (info->kind == KIND_CONSTANT)
      continue;
    MlirStringRef op = mlirIdentifierStr(mlirOperationGetName(info->op));
    size_t j = 0;
    while (j < n && !(names[j].length == op.length && !memcmp(names[j].data, op.data, op.length)))
      ++j;
    if (j == n)
      names[n] = op, counts[n++] = 0;
    ++counts[j];
  }
  MlirNamedAttribute *entries = malloc((n + 1) * sizeof(MlirNamedAttribute));
  if (!entries)
    abort();
  for (size_t j = 0; j < n; ++j)
    entries[j] = mlirNamedAttributeGet(mlirIdentifierGet(ctx, names[j]),
                                       mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), counts[j]));
  MlirAttribute dict = mlirDictionaryAttrGet(ctx, (intptr_t)n, entries);
  free(entries), free(names), free(counts);
  return dict;
}

/* Moves segment `seg` (scheduling unit `unit`) into a new delegate function
 * inserted after `insertAfter`, and leaves a func.call before `terminator`. */
static MlirOperation outline(MlirOperation module, MlirOperation insertAfter, MlirOperation terminator,
                             OpInfo *infos, const size_t *defs, const XnnPtrMap *index,
                             Segment *seg, size_t unit, size_t *counter) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirLocation loc = mlirOperationGetLocation(infos[seg->ops[0]].op);
  /* Inputs: values from outside (constants excepted: cloned in); outputs: results used outside. */
  ValueList inputs = {0}, outputs = {0};
  XnnPtrMap inputIndex;
  xnnPtrMapInit(&inputIndex, 16);
  for (size_t k = 0; k < seg->numOps; ++k) {
    const OpInfo *info = &infos[seg->ops[k]];
    MlirOperation op = info->op;
    for (size_t i = 0; i < info->numOperands; ++i) {
      size_t d = defs[info->firstDef + i], dummy;
      if ((d != NO_DEF && infos[d].kind == KIND_CONSTANT) || indexInSegment(infos, d, unit))
        continue;
      MlirValue v = mlirOperationGetOperand(op, (intptr_t)i);
      if (!xnnPtrMapGet(&inputIndex, v.ptr, &dummy)) {
        xnnPtrMapPut(&inputIndex, v.ptr, inputs.size);
        valueListPush(&inputs, v);
      }
    }
    for (intptr_t r = 0, n = mlirOperationGetNumResults(op); r < n; ++r) {
      MlirValue v = mlirOperationGetResult(op, r);
      for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
        if (!inSegment(index, infos, mlirOpOperandGetOwner(u), unit)) {
          valueListPush(&outputs, v);
          break;
        }
    }
  }

  /* The function. */
  MlirType *inTypes = malloc((inputs.size + 1) * sizeof(MlirType));
  MlirType *outTypes = malloc((outputs.size + 1) * sizeof(MlirType));
  MlirLocation *argLocs = malloc((inputs.size + 1) * sizeof(MlirLocation));
  if (!inTypes || !outTypes || !argLocs)
    abort();
  for (size_t i = 0; i < inputs.size; ++i) {
    inTypes[i] = mlirValueGetType(inputs.data[i]);
    argLocs[i] = mlirValueGetLocation(inputs.data[i]);
  }
  for (size_t i = 0; i < outputs.size; ++i)
    outTypes[i] = mlirValueGetType(outputs.data[i]);
  char name[64];
  do
    snprintf(name, sizeof(name), "xnn_delegate_%zu", (*counter)++);
  while (!mlirOperationIsNull(xnnLookupSymbol(module, mlirStringRefCreateFromCString(name))));
  MlirBlock body = mlirBlockCreate((intptr_t)inputs.size, inTypes, argLocs);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirType fnType = mlirFunctionTypeGet(ctx, (intptr_t)inputs.size, inTypes, (intptr_t)outputs.size, outTypes);
  MlirNamedAttribute attrs[] = {
      xnnNamed(ctx, "sym_name", xnnStrAttr(ctx, name)),
      xnnNamed(ctx, "function_type", mlirTypeAttrGet(fnType)),
      xnnNamed(ctx, "sym_visibility", xnnStrAttr(ctx, "private")),
      xnnNamed(ctx, "xnn.delegate", mlirUnitAttrGet(ctx)),
      xnnNamed(ctx, "xnn.edge_ops", edgeOpCounts(ctx, infos, seg)),
  };
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&st, 5, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation fn = mlirOperationCreate(&st);
  MlirBlock moduleBody = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  mlirBlockInsertOwnedOperationAfter(moduleBody, insertAfter, fn);

  /* The call, before the caller's terminator; outside uses of outputs now read its results. */
  MlirNamedAttribute callee = xnnNamed(ctx, "callee", mlirFlatSymbolRefAttrGet(ctx, mlirStringRefCreateFromCString(name)));
  MlirOperation call = xnnBuildOp("func.call", loc, (intptr_t)inputs.size, inputs.data,
                                  (intptr_t)outputs.size, outTypes, 1, &callee);
  xnnInsertBefore(terminator, call);
  for (size_t i = 0; i < outputs.size; ++i) {
    MlirValue v = outputs.data[i], repl = mlirOperationGetResult(call, (intptr_t)i);
    /* Collect first: rewriting an operand unlinks it from the use list being walked. */
    size_t n = xnnValueNumUses(v), m = 0;
    MlirOperation *owners = malloc((n + 1) * sizeof(MlirOperation));
    unsigned *numbers = malloc((n + 1) * sizeof(unsigned));
    if (!owners || !numbers)
      abort();
    for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
      if (!inSegment(index, infos, mlirOpOperandGetOwner(u), unit)) {
        owners[m] = mlirOpOperandGetOwner(u);
        numbers[m++] = mlirOpOperandGetOperandNumber(u);
      }
    for (size_t k = 0; k < m; ++k)
      mlirOperationSetOperand(owners[k], numbers[k], repl);
    free(owners);
    free(numbers);
  }

  /* Move the ops in; rewire inputs to block arguments and constants to clones. */
  MlirOperation ret = xnnBuildOp("func.return", loc, (intptr_t)outputs.size, outputs.data, 0, NULL, 0, NULL);
  mlirBlockAppendOwnedOperation(body, ret);
  XnnPtrMap clones;
  xnnPtrMapInit(&clones, 8);
  for (size_t k = 0; k < seg->numOps; ++k) {
    const OpInfo *info = &infos[seg->ops[k]];
    MlirOperation op = info->op;
    mlirOperationMoveBefore(op, ret);
    for (intptr_t i = 0, n = (intptr_t)info->numOperands; i < n; ++i) {
      size_t d = defs[info->firstDef + (size_t)i], at;
      if (indexInSegment(infos, d, unit))
        continue; /* produced inside the segment */
      MlirValue v = mlirOperationGetOperand(op, i);
      if (xnnPtrMapGet(&inputIndex, v.ptr, &at)) {
        mlirOperationSetOperand(op, i, mlirBlockGetArgument(body, (intptr_t)at));
        continue;
      }
      if (d == NO_DEF || infos[d].kind != KIND_CONSTANT)
        continue;
      MlirOperation def = infos[d].op;
      size_t cloneAt;
      MlirOperation clone;
      if (xnnPtrMapGet(&clones, def.ptr, &cloneAt)) {
        clone.ptr = (void *)cloneAt;
      } else {
        clone = mlirOperationClone(def);
        mlirBlockInsertOwnedOperation(body, 0, clone);
        xnnPtrMapPut(&clones, def.ptr, (size_t)clone.ptr);
      }
      mlirOperationSetOperand(op, i, mlirOperationGetResult(clone, mlirOpResultGetResultNumber(v)));
    }
  }
  xnnPtrMapFree(&clones);
  xnnPtrMapFree(&inputIndex);
  free(inputs.data);
  free(outputs.data);
  free(inTypes);
  free(outTypes);
  free(argLocs);
  seg->call = call;
  return fn;
}

/* Partitions one function body; new delegates go after *insertAfter (advanced). */
/* A rank-0 edge.constant of element type `elem` holding `value`. */
static MlirOperation scalarConstant(MlirContext ctx, MlirLocation loc, MlirType elem, double value) {
  MlirType t = mlirRankedTensorTypeGet(0, NULL, elem, mlirAttributeGetNull());
  MlirAttribute splat = mlirDenseElementsAttrSplatGet(t, mlirFloatAttrDoubleGet(ctx, elem, value));
  MlirNamedAttribute v = xnnNamed(ctx, "value", splat);
  return xnnBuildOp("edge.constant", loc, 0, NULL, 1, &t, 1, &v);
}

/* An sdpa's boolean mask computed at run time cannot enter a delegate
 * (XNNPACK has no boolean tensors). It becomes the additive mask ATen's math
 * path makes of it, where(mask, 0, -inf) in q's element type: one portable op
 * ahead of the delegate instead of a portable sdpa splitting it. Undone where
 * the sdpa would stay portable anyway. */
static void makeSdpaBoolMasksAdditive(MlirBlock block, const PartitionConfig *cfg) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!xnnOpIs(op, "edge.sdpa") || mlirOperationGetNumOperands(op) != 4)
      continue;
    MlirValue mask = mlirOperationGetOperand(op, 3);
    MlirType maskElem = xnnValueElemType(mask);
    if (mlirTypeIsNull(maskElem) || !mlirTypeIsAInteger(maskElem) || mlirIntegerTypeGetWidth(maskElem) != 1 ||
        xnnCapIsConstant(mask))
      continue;
    MlirContext ctx = mlirOperationGetContext(op);
    MlirLocation loc = mlirOperationGetLocation(op);
    MlirType elem = xnnValueElemType(mlirOperationGetOperand(op, 0));
    MlirOperation zero = scalarConstant(ctx, loc, elem, 0.0);
    MlirOperation minusInf = scalarConstant(ctx, loc, elem, -INFINITY);
    MlirValue ins[3] = {mask, mlirOperationGetResult(zero, 0), mlirOperationGetResult(minusInf, 0)};
    MlirType t = xnnTensorWithElem(mlirValueGetType(mask), elem);
    MlirOperation where = xnnBuildOp("edge.where", loc, 3, ins, 1, &t, 0, NULL);
    xnnInsertBefore(op, zero);
    xnnInsertBefore(op, minusInf);
    xnnInsertBefore(op, where);
    mlirOperationSetOperand(op, 3, mlirOperationGetResult(where, 0));
    XnnReason why;
    if (!xnnCapabilityCheck(op, &cfg->cap, &why)) {
      mlirOperationSetOperand(op, 3, mask);
      mlirOperationDestroy(where);
      mlirOperationDestroy(minusInf);
      mlirOperationDestroy(zero);
    }
  }
}

/* ---- constant expressions ------------------------------------------------ */

/* True if op index `i` is delegated and computed from constants alone (no
 * operand, or every operand an edge.constant): the dequantize of a quantized
 * weight, whose lowering is part of its linear's (lib/Ops/Quant.c). */
static bool isConstantExpr(const OpInfo *infos, const size_t *defs, size_t i) {
  const OpInfo *info = &infos[i];
  if (info->kind != KIND_DELEGATE)
    return false;
  for (size_t k = 0; k < info->numOperands; ++k) {
    size_t d = defs[info->firstDef + k];
    if (d == NO_DEF || infos[d].kind != KIND_CONSTANT)
      return false;
  }
  return true;
}

/* The block indices of the ops reading op `op`'s results (a reader twice
 * appears twice), into *users (grown as needed); returns their count. */
static size_t readersOf(const XnnPtrMap *index, MlirOperation op, size_t **users, size_t *cap) {
  size_t n = 0;
  for (intptr_t r = 0, nr = mlirOperationGetNumResults(op); r < nr; ++r)
    for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(op, r)); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u)) {
      size_t j;
      if (!xnnPtrMapGet(index, mlirOpOperandGetOwner(u).ptr, &j))
        continue; /* the terminator */
      if (n == *cap && !(*users = realloc(*users, (*cap = *cap ? 2 * *cap : 8) * sizeof(size_t))))
        abort();
      (*users)[n++] = j;
    }
  return n;
}

/* The forward levels put a constant expression at level 0, whatever segment
 * reads it: a quantized weight's dequantize would land in the first delegate
 * and its linear, after a portable op, in a later one, the pattern split
 * (issue 45). A constant expression goes as late as its readers allow: the
 * lowest level of its delegated readers, below each portable reader's. Its
 * own level is 0 and nothing feeds it, so no other level changes. */
static void sinkConstantExprs(OpInfo *infos, const size_t *defs, const XnnPtrMap *index, size_t numOps) {
  size_t *users = NULL, cap = 0;
  for (size_t i = 0; i < numOps; ++i) {
    if (!isConstantExpr(infos, defs, i))
      continue;
    size_t level = (size_t)-1, n = readersOf(index, infos[i].op, &users, &cap);
    for (size_t k = 0; k < n; ++k) {
      const OpInfo *r = &infos[users[k]];
      size_t l = r->kind == KIND_PORTABLE ? r->level - (r->level > 0) : r->level;
      if (l < level)
        level = l;
    }
    if (level != (size_t)-1)
      infos[i].level = level;
  }
  free(users);
}

/* A constant expression read by delegated ops at several levels would still
 * leave its segment for the later ones (a weight dequantized once for two
 * linears in different delegates): each further level gets its own copy, as
 * constants are copied into every segment that reads them. Returns true if
 * anything was copied (the levels are then computed again). */
static bool cloneConstantExprsPerLevel(const OpInfo *infos, const size_t *defs, const XnnPtrMap *index,
                                       size_t numOps) {
  bool cloned = false;
  size_t *levels = NULL, numLevels = 0, capLevels = 0, *users = NULL, capUsers = 0;
  for (size_t i = 0; i < numOps; ++i) {
    if (!isConstantExpr(infos, defs, i))
      continue;
    MlirOperation op = infos[i].op;
    numLevels = 0;
    size_t n = readersOf(index, op, &users, &capUsers);
    for (size_t q = 0; q < n; ++q) {
      const OpInfo *r = &infos[users[q]];
      size_t k = 0;
      while (k < numLevels && levels[k] != r->level)
        ++k;
      if (r->kind != KIND_DELEGATE || k < numLevels)
        continue;
      if (numLevels == capLevels &&
          !(levels = realloc(levels, (capLevels = capLevels ? 2 * capLevels : 4) * sizeof(size_t))))
        abort();
      levels[numLevels++] = r->level;
    }
    /* The original keeps the lowest level (and the portable readers). */
    size_t lowest = 0;
    for (size_t k = 1; k < numLevels; ++k)
      if (levels[k] < levels[lowest])
        lowest = k;
    for (size_t k = 0; k < numLevels; ++k) {
      if (k == lowest)
        continue;
      MlirOperation copy = mlirOperationClone(op);
      xnnInsertAfter(op, copy);
      for (intptr_t r = 0, nr = mlirOperationGetNumResults(op); r < nr; ++r) {
        MlirValue v = mlirOperationGetResult(op, r);
        /* Collect first: rewriting an operand unlinks it from the use list being walked. */
        size_t n = xnnValueNumUses(v), m = 0;
        MlirOperation *owners = malloc((n + 1) * sizeof(MlirOperation));
        unsigned *numbers = malloc((n + 1) * sizeof(unsigned));
        if (!owners || !numbers)
          abort();
        for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
          size_t j;
          if (xnnPtrMapGet(index, mlirOpOperandGetOwner(u).ptr, &j) && infos[j].kind == KIND_DELEGATE &&
              infos[j].level == levels[k]) {
            owners[m] = mlirOpOperandGetOwner(u);
            numbers[m++] = mlirOpOperandGetOperandNumber(u);
          }
        }
        for (size_t q = 0; q < m; ++q)
          mlirOperationSetOperand(owners[q], numbers[q], mlirOperationGetResult(copy, r));
        free(owners);
        free(numbers);
      }
      cloned = true;
    }
  }
  free(levels);
  free(users);
  return cloned;
}

static void partitionFunction(MlirOperation module, MlirOperation func, MlirOperation *insertAfter,
                              const PartitionConfig *cfg, size_t *counter, bool mayClone) {
  MlirBlock block = xnnFuncBody(func);
  if (mlirBlockIsNull(block))
    return;
  makeSdpaBoolMasksAdditive(block, cfg);
  MlirContext ctx = mlirOperationGetContext(func);
  size_t numOps = 0;
  MlirOperation *ops = xnnBlockOps(block, &numOps);
  if (numOps == 0) {
    free(ops);
    return;
  }
  MlirOperation terminator = ops[numOps - 1];
  --numOps; /* the terminator stays put */
  OpInfo *infos = calloc(numOps + 1, sizeof(OpInfo));
  XnnPtrMap index;
  xnnPtrMapInit(&index, numOps);
  size_t maxLevel = 0;
  bool anyDelegate = false;
  /* Operand producers are looked up once here and reused below. */
  size_t *defs = NULL, numDefs = 0, capDefs = 0;
  for (size_t i = 0; i < numOps; ++i) {
    OpInfo *info = &infos[i];
    info->op = ops[i];
    xnnPtrMapPut(&index, ops[i].ptr, i);
    XnnReason why;
    if (xnnOpIs(ops[i], "edge.constant")) {
      info->kind = KIND_CONSTANT;
      info->firstDef = numDefs;
      continue;
    }
    xnnOpRemoveAttr(ops[i], "xnn.portable_reason");
    if (xnnCapabilityCheck(ops[i], &cfg->cap, &why)) {
      info->kind = KIND_DELEGATE;
      anyDelegate = true;
    } else {
      info->kind = KIND_PORTABLE;
      if (xnnOpHasPrefix(ops[i], "edge."))
        xnnOpSetAttr(ops[i], "xnn.portable_reason", xnnStrAttr(ctx, why.text));
    }
    size_t level = 0;
    info->firstDef = numDefs;
    info->numOperands = (size_t)mlirOperationGetNumOperands(ops[i]);
    if (numDefs + info->numOperands > capDefs &&
        !(defs = realloc(defs, (capDefs = 2 * (numDefs + info->numOperands)) * sizeof(size_t))))
      abort();
    for (size_t k = 0; k < info->numOperands; ++k) {
      MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(ops[i], (intptr_t)k));
      size_t u = NO_DEF;
      if (!mlirOperationIsNull(def) && !xnnPtrMapGet(&index, def.ptr, &u))
        u = NO_DEF;
      defs[numDefs++] = u;
      if (u == NO_DEF || infos[u].kind == KIND_CONSTANT)
        continue;
      size_t l = infos[u].level + (infos[u].kind == KIND_DELEGATE && info->kind != KIND_DELEGATE);
      if (l > level)
        level = l;
    }
    info->level = level;
    if (info->kind == KIND_DELEGATE && level > maxLevel)
      maxLevel = level;
  }
  if (anyDelegate && mayClone && cloneConstantExprsPerLevel(infos, defs, &index, numOps)) {
    free(defs);
    xnnPtrMapFree(&index);
    free(infos);
    free(ops);
    partitionFunction(module, func, insertAfter, cfg, counter, false);
    return;
  }
  sinkConstantExprs(infos, defs, &index, numOps);
  if (!anyDelegate) {
    free(defs);
    xnnPtrMapFree(&index);
    free(infos);
    free(ops);
    return;
  }

  /* Units: segments 0..maxLevel first, then one per portable op. */
  size_t numSegments = maxLevel + 1, numUnits = numSegments;
  Segment *segs = calloc(numSegments, sizeof(Segment));
  for (size_t i = 0; i < numOps; ++i) {
    OpInfo *info = &infos[i];
    if (info->kind == KIND_DELEGATE) {
      Segment *s = &segs[info->level];
      info->unit = info->level;
      if (s->numOps == s->capOps &&
          !(s->ops = realloc(s->ops, (s->capOps = s->capOps ? 2 * s->capOps : 16) * sizeof(size_t))))
        abort();
      s->ops[s->numOps++] = i;
    } else if (info->kind == KIND_PORTABLE) {
      info->unit = numUnits++;
    }
  }

  /* Dependency edges between units, as a CSR list: count, then fill. */
  size_t *firstIndex = malloc(numUnits * sizeof(size_t));
  size_t *indegree = calloc(numUnits, sizeof(size_t));
  size_t *edgeStart = calloc(numUnits + 1, sizeof(size_t));
  size_t *fill = calloc(numUnits, sizeof(size_t));
  for (size_t u = 0; u < numUnits; ++u)
    firstIndex[u] = (size_t)-1;
  for (size_t i = 0; i < numOps; ++i)
    if (infos[i].kind != KIND_CONSTANT && firstIndex[infos[i].unit] == (size_t)-1)
      firstIndex[infos[i].unit] = i;
  size_t *edges = NULL;
  for (int fillPass = 0; fillPass < 2; ++fillPass) {
    if (fillPass) {
      for (size_t u = 1; u <= numUnits; ++u)
        edgeStart[u] += edgeStart[u - 1];
      edges = malloc((edgeStart[numUnits] + 1) * sizeof(size_t));
    }
    for (size_t i = 0; i < numOps; ++i) {
      if (infos[i].kind == KIND_CONSTANT)
        continue;
      size_t to = infos[i].unit;
      for (size_t k = 0; k < infos[i].numOperands; ++k) {
        size_t d = defs[infos[i].firstDef + k];
        if (d == NO_DEF || infos[d].kind == KIND_CONSTANT || infos[d].unit == to)
          continue;
        size_t from = infos[d].unit;
        if (fillPass) {
          edges[edgeStart[from] + fill[from]++] = to;
        } else {
          ++edgeStart[from + 1];
          ++indegree[to];
        }
      }
    }
  }
  /* Kahn's algorithm, earliest original position first: a stable schedule. */
  Heap heap = {malloc((numUnits + 1) * sizeof(size_t)), firstIndex, 0};
  size_t *order = malloc((numUnits + 1) * sizeof(size_t)), numOrdered = 0;
  for (size_t u = 0; u < numUnits; ++u)
    if (!indegree[u] && firstIndex[u] != (size_t)-1)
      heapPush(&heap, u);
  while (heap.size) {
    size_t u = heapPop(&heap);
    order[numOrdered++] = u;
    for (size_t e = edgeStart[u]; e < edgeStart[u + 1]; ++e)
      if (--indegree[edges[e]] == 0)
        heapPush(&heap, edges[e]);
  }
  /* Outline the segments, then lay the caller out in schedule order. */
  for (size_t s = 0; s < numSegments; ++s)
    *insertAfter = outline(module, *insertAfter, terminator, infos, defs, &index, &segs[s], s, counter);
  for (size_t k = 0; k < numOrdered; ++k) {
    size_t u = order[k];
    mlirOperationMoveBefore(u < numSegments ? segs[u].call : infos[firstIndex[u]].op, terminator);
  }
  free(heap.ids);
  free(order);
  free(fill);
  free(edges);
  /* Constants nothing uses any more (all users were delegated) go. */
  for (size_t i = 0; i < numOps; ++i)
    if (infos[i].kind == KIND_CONSTANT && xnnOpIsDead(infos[i].op))
      mlirOperationDestroy(infos[i].op);
  for (size_t s = 0; s < numSegments; ++s)
    free(segs[s].ops);
  free(segs);
  free(defs);
  free(firstIndex);
  free(indegree);
  free(edgeStart);
  xnnPtrMapFree(&index);
  free(infos);
  free(ops);
}

static void runPartition(MlirOperation op, MlirExternalPass pass, void *config) {
  const PartitionConfig *cfg = config;
  if (!xnnOpIs(op, "builtin.module")) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "xnn-partition must run on builtin.module: it outlines delegate functions");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  size_t numTop = 0, counter = 0;
  MlirOperation *top = xnnBlockOps(body, &numTop);
  for (size_t i = 0; i < numTop; ++i) {
    if (!xnnOpIs(top[i], "func.func") || xnnIsDelegateFunc(top[i]))
      continue;
    MlirOperation insertAfter = top[i];
    partitionFunction(op, top[i], &insertAfter, cfg, &counter, true);
  }
  free(top);
}

static const XnnMlirPassOption partitionOptions[] = {
    {"fold-dtype-converts", XNN_MLIR_OPTION_BOOL, "true",
     "delegate f32<->f16/bf16 converts of activations (false: they stay portable, the old "
     "behaviour)"},
};

static MlirPass createPartition(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  PartitionConfig cfg;
  memset(&cfg, 0, sizeof(cfg));
  cfg.cap.foldDtypeConverts = xnnMlirPassOptionGetBool(info, values, "fold-dtype-converts");
  return xnnMlirCreateExternalPass(info, runPartition, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnPartitionPassInfo = {
    .argument = "xnn-partition",
    .name = "XnnPartition",
    .description = "Partition edge ops into XNNPACK delegate segments (maximal, acyclic) and "
                   "outline each into a private func with the xnn.delegate attribute",
    .options = partitionOptions,
    .numOptions = 1,
    .create = createPartition,
};
