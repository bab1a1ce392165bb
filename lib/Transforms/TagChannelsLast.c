/* xnn-tag-channels-last: ExecuTorch's ChannelsLastTaggedReshapePass
 * (backends/xnnpack/_passes/channels_last_tagged_reshape_pass.py) over the
 * func.func bodies of the op it runs on.
 *
 * Layout model. Shapes stay logical (NCHW order); the physical layout of a
 * value is a tag:
 *   - op results: discardable attribute `xnn.layout = "NHWC"` on the defining
 *     op (absent or "NCHW" = NCHW);
 *   - function arguments: the argument attribute `xnn.layout` (default NCHW);
 *   - function results: restored to the result attribute `xnn.layout`
 *     (default NCHW).
 * Layout changes are explicit `edge.to_copy {memory_format = "channels_last"}`
 * (tagged NHWC) / `{memory_format = "contiguous"}` (tagged NCHW) copies, one
 * per (value, layout): later consumers reuse it (the partner cache).
 *
 * Op classes (walk in block order, inserted copies are not revisited):
 *   - NHWC-input: edge.conv2d (input and 4-D weight), edge.conv_transpose2d
 *     (input; its weight is re-laid by the lowering), edge.max_pool2d,
 *     edge.avg_pool2d, edge.adaptive_avg_pool2d, edge.prelu,
 *     edge.upsample_bilinear2d, edge.mean /
 *     edge.sum over dims {2,3} of a 4-D tensor: operand 0 is brought to
 *     NHWC; the result is tagged NHWC if it is 4-D (a keepdim=false H/W
 *     reduction yields [N, C], which is the same bytes in both layouts: NCHW).
 *   - NCHW-input: edge.view, edge.linear, edge.squeeze, edge.unsqueeze,
 *     edge.sdpa, edge.layer_norm: every operand is brought to NCHW.
 *   - edge.batch_norm keeps operand 0's layout (its [C] parameters
 *     broadcast along the channel axis in either), parameters NCHW.
 *   - layout changes: edge.to_copy with memory_format channels_last /
 *     contiguous, edge.to_dim_order_copy with dim_order [0,2,3,1] / identity:
 *     the result has that layout whatever the input's.
 *   - everything else in edge (incl. dtype-only and "preserve" copies, unknown
 *     edge ops): layout-following. Operands with one element are layout-neutral
 *     and ignored. All others NHWC (and every result 4-D) -> NHWC; all NCHW ->
 *     NCHW; mixed -> all to NHWC if each is 4-D (and not a constant locked to
 *     NCHW) and every result is 4-D, else all to NCHW.
 *   - func.return: operand i brought to the layout of result i.
 *   - other dialects' ops (func.call, ops with regions, ...): opaque, their
 *     operands are brought to NCHW; xnn.* ops are left alone.
 * Constants (edge.constant) are never copied: the first use decides. A use
 * in NHWC tags the constant NHWC (the lowering permutes its data once); any
 * use in NCHW locks it to NCHW. A constant needed in both layouts gets a twin
 * op for the second one (weight sharing is ordinary).
 * Softmax works along one axis XNNPACK wants innermost: over the channels of a
 * 4-D tensor it takes NHWC, over any other axis NCHW. */
#include "xnnmlir/Passes.h"

#include "Pass/PassDefs.h"
#include "Support/IR.h"
#include "Support/NameIndex.h"
#include "Support/PtrMap.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LAYOUT_ATTR "xnn.layout"

typedef enum { LAYOUT_NCHW = 0, LAYOUT_NHWC = 1 } Layout;

static const char *layoutName(Layout l) { return l == LAYOUT_NHWC ? "NHWC" : "NCHW"; }

/*===----------------------------------------------------------------------===*
 * Per-function state.
 *===----------------------------------------------------------------------===*/

/* Constant states (values of `constants`; absent = undecided). */
enum { CONST_UNDECIDED = 0, CONST_NCHW = 1, CONST_NHWC = 2 };

typedef struct {
  MlirContext ctx;
  MlirOperation func;
  MlirBlock entry;
  XnnPtrMap partners;  /* value -> its copy in the other layout (both ways) */
  XnnPtrMap constants; /* edge.constant op -> CONST_NCHW / CONST_NHWC */
  MlirOperation *copies; /* inserted copies, for the final dead sweep */
  size_t numCopies, capCopies;
  bool failed;
  bool signatureLayouts; /* some argument or result carries xnn.layout (checkInputs) */
} State;

static size_t constState(const State *s, MlirOperation c) {
  size_t st = CONST_UNDECIDED;
  (void)xnnPtrMapGet(&s->constants, c.ptr, &st);
  return st;
}

static void emitErrorf(State *s, MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void emitErrorf(State *s, MlirLocation loc, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  mlirEmitError(loc, buf);
  s->failed = true;
}

/* Parses an `xnn.layout` attribute. Null attribute = NCHW. */
static bool parseLayoutAttr(MlirAttribute a, Layout *out) {
  if (mlirAttributeIsNull(a)) {
    *out = LAYOUT_NCHW;
    return true;
  }
  if (!mlirAttributeIsAString(a))
    return false;
  MlirStringRef v = mlirStringAttrGetValue(a);
  if (xnnStrRefEquals(v, "NHWC")) {
    *out = LAYOUT_NHWC;
    return true;
  }
  if (xnnStrRefEquals(v, "NCHW")) {
    *out = LAYOUT_NCHW;
    return true;
  }
  return false;
}

/* Short printable form of an attribute for messages. */
static void attrText(MlirAttribute a, char *buf, size_t n) {
  XnnStrBuf sb = {0};
  mlirAttributePrint(a, xnnStrBufCallback, &sb);
  snprintf(buf, n, "%s", sb.data ? sb.data : "");
  xnnStrBufFree(&sb);
}

static bool isConstantOp(MlirOperation op) {
  return !mlirOperationIsNull(op) && xnnOpIs(op, "edge.constant");
}

/* The constant op defining v, or a null op. */
static MlirOperation constantOf(MlirValue v) {
  MlirOperation d = xnnDefiningOp(v);
  return isConstantOp(d) ? d : (MlirOperation){NULL};
}

static bool isRank4(MlirValue v) { return xnnValueRank(v) == 4; }

/* A ranked static tensor with exactly one element: every permutation of its
 * dims gives the same shape and bytes, so it has no layout. */
static bool isLayoutNeutral(MlirValue v) {
  XnnTypeInfo t = xnnTypeInfo(mlirValueGetType(v));
  if (!t.rankedTensor)
    return true; /* not a tensor: no layout either */
  if (!t.staticShape)
    return false;
  return xnnValueNumElements(v) == 1;
}

/* Layout of a function argument, from the argument attribute. Validated
 * once up front (checkSignature), so a bad value here reads as NCHW. */
static Layout argLayout(State *s, MlirValue arg) {
  if (!mlirBlockEqual(mlirBlockArgumentGetOwner(arg), s->entry))
    return LAYOUT_NCHW;
  Layout l = LAYOUT_NCHW;
  (void)parseLayoutAttr(
      xnnFuncArgAttr(s->func, mlirBlockArgumentGetArgNumber(arg), LAYOUT_ATTR), &l);
  return l;
}

/* Current layout of v (undecided constants read as NCHW). */
static Layout layoutOf(State *s, MlirValue v) {
  if (mlirValueIsABlockArgument(v))
    return argLayout(s, v);
  MlirOperation d = xnnDefiningOp(v);
  if (isConstantOp(d))
    return constState(s, d) == CONST_NHWC ? LAYOUT_NHWC : LAYOUT_NCHW;
  Layout l = LAYOUT_NCHW;
  (void)parseLayoutAttr(xnnOpAttr(d, LAYOUT_ATTR), &l);
  return l;
}

static void setOpLayout(State *s, MlirOperation op, Layout l) {
  if (l == LAYOUT_NHWC)
    xnnOpSetAttr(op, LAYOUT_ATTR, xnnStrAttr(s->ctx, "NHWC"));
  else
    (void)xnnOpRemoveAttr(op, LAYOUT_ATTR);
}

/* True if `v` may be brought to NHWC (ExecuTorch's can_be_converted_to_nhwc):
 * 4-D and not a constant already locked to NCHW. */
static bool canBeNhwc(State *s, MlirValue v) {
  if (!isRank4(v))
    return false;
  MlirOperation c = constantOf(v);
  return mlirOperationIsNull(c) || constState(s, c) != CONST_NCHW;
}

static void recordCopy(State *s, MlirOperation copy) {
  if (s->numCopies == s->capCopies) {
    s->capCopies = s->capCopies ? 2 * s->capCopies : 16;
    s->copies = realloc(s->copies, s->capCopies * sizeof(MlirOperation));
    if (!s->copies)
      abort();
  }
  s->copies[s->numCopies++] = copy;
}

/* The copy of v in layout `l` (created right after v's producer, or at the
 * start of v's block for a block argument, on first request). */
static MlirValue copyOf(State *s, MlirValue v, Layout l, MlirOperation consumer) {
  size_t p;
  if (xnnPtrMapGet(&s->partners, v.ptr, &p))
    return (MlirValue){(const void *)(uintptr_t)p};
  MlirOperation producer = xnnDefiningOp(v);
  MlirLocation loc = mlirOperationIsNull(producer) ? mlirOperationGetLocation(consumer)
                                                   : mlirOperationGetLocation(producer);
  MlirNamedAttribute attrs[2] = {
      xnnNamed(s->ctx, "memory_format",
               xnnStrAttr(s->ctx, l == LAYOUT_NHWC ? "channels_last" : "contiguous")),
      xnnNamed(s->ctx, LAYOUT_ATTR, xnnStrAttr(s->ctx, layoutName(l))),
  };
  MlirType t = mlirValueGetType(v);
  MlirOperation copy = xnnBuildOp("edge.to_copy", loc, 1, &v, 1, &t, 2, attrs);
  if (mlirOperationIsNull(producer)) {
    MlirBlock b = mlirBlockArgumentGetOwner(v);
    mlirBlockInsertOwnedOperation(b, 0, copy);
  } else {
    xnnInsertAfter(producer, copy);
  }
  recordCopy(s, copy);
  MlirValue r = mlirOperationGetResult(copy, 0);
  xnnPtrMapPut(&s->partners, v.ptr, (size_t)(uintptr_t)r.ptr);
  xnnPtrMapPut(&s->partners, r.ptr, (size_t)(uintptr_t)v.ptr);
  return r;
}

/* A constant is laid out once, at compile time: one used in both layouts gets
 * a twin (same payload attribute, no data copied) for the other layout, made
 * on first request and shared by later consumers (the partner cache). */
static MlirValue constantIn(State *s, MlirOperation c, size_t state) {
  MlirValue v = mlirOperationGetResult(c, 0);
  size_t p;
  if (xnnPtrMapGet(&s->partners, v.ptr, &p))
    return (MlirValue){(const void *)(uintptr_t)p};
  MlirOperation twin = mlirOperationClone(c);
  xnnInsertAfter(c, twin);
  if (state == CONST_NHWC)
    xnnOpSetAttr(twin, LAYOUT_ATTR, xnnStrAttr(s->ctx, "NHWC"));
  else
    (void)xnnOpRemoveAttr(twin, LAYOUT_ATTR);
  xnnPtrMapPut(&s->constants, twin.ptr, state);
  MlirValue r = mlirOperationGetResult(twin, 0);
  xnnPtrMapPut(&s->partners, v.ptr, (size_t)(uintptr_t)r.ptr);
  xnnPtrMapPut(&s->partners, r.ptr, (size_t)(uintptr_t)v.ptr);
  return r;
}

/* Brings operand `i` of `consumer` to layout `l` (input_to_nhwc /
 * input_to_nchw). Constants are tagged or locked instead of copied. */
static void demand(State *s, MlirOperation consumer, intptr_t i, Layout l) {
  if (s->failed)
    return;
  MlirValue v = mlirOperationGetOperand(consumer, i);
  MlirOperation c = constantOf(v);
  /* The consumer's name for messages, formatted only when one is emitted. */
  MlirStringRef cn = xnnOpName(consumer);
  int nameLen = (int)(cn.length > 100 ? 100 : cn.length);
  if (l == LAYOUT_NHWC && !isRank4(v)) {
    /* Unreachable from verified IR (the classes and checkInputs only ask for
     * NHWC on 4-D values); kept so a bad input never yields a bad tag. */
    emitErrorf(s, mlirOperationGetLocation(consumer),
               "'%.*s' needs operand #%lld in NHWC layout, but it has rank %lld (only 4-D "
               "tensors have an NHWC layout)",
               nameLen, cn.data, (long long)i, (long long)xnnValueRank(v));
    return;
  }
  if (!mlirOperationIsNull(c)) {
    size_t st = constState(s, c);
    if (l == LAYOUT_NHWC) {
      if (st == CONST_NCHW) {
        mlirOperationSetOperand(consumer, i, constantIn(s, c, CONST_NHWC));
        return;
      }
      if (st != CONST_NHWC) {
        xnnPtrMapPut(&s->constants, c.ptr, CONST_NHWC);
        xnnOpSetAttr(c, LAYOUT_ATTR, xnnStrAttr(s->ctx, "NHWC"));
      }
    } else {
      if (st == CONST_NHWC) {
        mlirOperationSetOperand(consumer, i, constantIn(s, c, CONST_NCHW));
        return;
      }
      if (st != CONST_NCHW)
        xnnPtrMapPut(&s->constants, c.ptr, CONST_NCHW);
    }
    return;
  }
  if (layoutOf(s, v) == l)
    return;
  mlirOperationSetOperand(consumer, i, copyOf(s, v, l, consumer));
}

/*===----------------------------------------------------------------------===*
 * Op classes.
 *===----------------------------------------------------------------------===*/

typedef enum {
  CLASS_SKIP,      /* left alone: edge.constant, xnn.* */
  CLASS_NHWC_IN,   /* operand 0 (and the conv weight) in NHWC */
  CLASS_NCHW_IN,   /* all operands in NCHW */
  CLASS_TO_NHWC,   /* explicit layout change: result NHWC */
  CLASS_TO_NCHW,   /* explicit layout change: result NCHW */
  CLASS_FOLLOW,    /* layout-following */
  CLASS_FOLLOW_X,  /* batch_norm: follows operand 0; its [C] parameters stay NCHW */
  CLASS_RETURN,    /* func.return of the processed function */
  CLASS_OPAQUE,    /* other dialects: operands in NCHW, results untouched */
} OpClass;

/* dims (normalised against rank 4) are exactly {2, 3}. */
static bool reducesHW(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) < 1 || !isRank4(mlirOperationGetOperand(op, 0)))
    return false;
  int64_t dims[XNN_IR_MAX_RANK];
  intptr_t n = 0;
  if (!xnnAttrI64Array(op, "dims", dims, XNN_IR_MAX_RANK, &n) || n < 1 || n > XNN_IR_MAX_RANK)
    return false;
  bool seen[4] = {false, false, false, false};
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d = dims[i] < 0 ? dims[i] + 4 : dims[i];
    if (d < 0 || d > 3)
      return false;
    seen[d] = true;
  }
  return !seen[0] && !seen[1] && seen[2] && seen[3];
}

/* An op working along one axis that XNNPACK needs innermost (softmax): the
 * layout that puts `dim` last. Only the channels of a 4-D tensor (dim 1) are
 * innermost in NHWC. */
static OpClass innermostClass(MlirOperation op) {
  MlirValue in = mlirOperationGetOperand(op, 0);
  if (!isRank4(in))
    return CLASS_FOLLOW; /* no NHWC form: it stays NCHW */
  int64_t dim = -1;
  xnnAttrI64(op, "dim", &dim);
  return (dim < 0 ? dim + 4 : dim) == 1 ? CLASS_NHWC_IN : CLASS_NCHW_IN;
}

static OpClass classifyCopy(MlirOperation op) {
  if (xnnOpIs(op, "edge.to_copy")) {
    MlirStringRef mf;
    if (xnnAttrString(op, "memory_format", &mf)) {
      if (xnnStrRefEquals(mf, "channels_last"))
        return CLASS_TO_NHWC;
      if (xnnStrRefEquals(mf, "contiguous"))
        return CLASS_TO_NCHW;
    }
    return CLASS_FOLLOW; /* absent / "preserve": dtype-only, layout-transparent */
  }
  int64_t order[XNN_IR_MAX_RANK];
  intptr_t n = 0;
  if (!xnnAttrI64Array(op, "dim_order", order, XNN_IR_MAX_RANK, &n) || n > XNN_IR_MAX_RANK)
    return CLASS_FOLLOW;
  if (n == 4 && order[0] == 0 && order[1] == 2 && order[2] == 3 && order[3] == 1)
    return CLASS_TO_NHWC;
  for (intptr_t i = 0; i < n; ++i)
    if (order[i] != i)
      return CLASS_FOLLOW; /* some other order: no tag for it, treat as transparent */
  return CLASS_TO_NCHW;
}

/* The edge ops the layout rules single out (one hash probe per op); every
 * other edge op follows its operands. */
typedef enum {
  RULE_NONE, RULE_CONSTANT, RULE_COPY, RULE_NHWC_INPUT, RULE_REDUCE, RULE_NCHW_INPUT, RULE_INNERMOST,
  RULE_PER_CHANNEL
} RuleKind;
typedef struct LayoutRule {
  const char *name;
  RuleKind kind;
} LayoutRule;
static const LayoutRule kLayoutRules[] = {
    {"edge.constant", RULE_CONSTANT},
    {"edge.to_copy", RULE_COPY},
    {"edge.to_dim_order_copy", RULE_COPY},
    {"edge.conv2d", RULE_NHWC_INPUT},
    {"edge.conv_transpose2d", RULE_NHWC_INPUT},
    {"edge.max_pool2d", RULE_NHWC_INPUT},
    {"edge.avg_pool2d", RULE_NHWC_INPUT},
    {"edge.prelu", RULE_NHWC_INPUT},
    {"edge.upsample_bilinear2d", RULE_NHWC_INPUT},
    {"edge.adaptive_avg_pool2d", RULE_NHWC_INPUT},
    {"edge.batch_norm", RULE_PER_CHANNEL},
    {"edge.layer_norm", RULE_NCHW_INPUT},
    {"edge.mean", RULE_REDUCE},
    {"edge.sum", RULE_REDUCE},
    {"edge.view", RULE_NCHW_INPUT},
    {"edge.linear", RULE_NCHW_INPUT},
    {"edge.squeeze", RULE_NCHW_INPUT},
    {"edge.unsqueeze", RULE_NCHW_INPUT},
    {"edge.sdpa", RULE_NCHW_INPUT},
    {"edge.softmax", RULE_INNERMOST},
};
static XnnNameIndex layoutRuleIndex = XNN_NAME_INDEX_INIT(
    kLayoutRules, sizeof(kLayoutRules) / sizeof(kLayoutRules[0]), LayoutRule, name);

static OpClass classify(State *s, MlirOperation op) {
  MlirStringRef name = xnnOpName(op);
  if (xnnStrRefEquals(name, "func.return"))
    return mlirOperationEqual(mlirOperationGetParentOperation(op), s->func) ? CLASS_RETURN
                                                                            : CLASS_OPAQUE;
  if (xnnStrRefStartsWith(name, "xnn."))
    return CLASS_SKIP;
  if (!xnnStrRefStartsWith(name, "edge.") || mlirOperationGetNumRegions(op) > 0)
    return CLASS_OPAQUE;
  const LayoutRule *rule = xnnNameIndexFind(&layoutRuleIndex, name);
  switch (rule ? rule->kind : RULE_NONE) {
  case RULE_CONSTANT:
    return CLASS_SKIP;
  case RULE_COPY:
    return classifyCopy(op);
  case RULE_NHWC_INPUT:
    return mlirOperationGetNumOperands(op) >= 1 && isRank4(mlirOperationGetOperand(op, 0))
               ? CLASS_NHWC_IN
               : CLASS_FOLLOW;
  case RULE_REDUCE:
    return reducesHW(op) ? CLASS_NHWC_IN : CLASS_FOLLOW;
  case RULE_NCHW_INPUT:
    return CLASS_NCHW_IN;
  case RULE_INNERMOST:
    return innermostClass(op);
  case RULE_PER_CHANNEL:
    return CLASS_FOLLOW_X;
  case RULE_NONE:
    break;
  }
  return CLASS_FOLLOW;
}

static bool allResultsRank4(MlirOperation op) {
  intptr_t n = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < n; ++i)
    if (!isRank4(mlirOperationGetResult(op, i)))
      return false;
  return n > 0;
}

static void demandAll(State *s, MlirOperation op, Layout l, bool skipNeutral) {
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!mlirTypeIsARankedTensor(mlirValueGetType(v)) || (skipNeutral && isLayoutNeutral(v)))
      continue;
    demand(s, op, i, l);
  }
}

/* The generic rule (ExecuTorch's call() step 6, with non-4-D results kept
 * NCHW and one-element operands ignored). */
static void processFollow(State *s, MlirOperation op) {
  size_t nhwc = 0, nchw = 0;
  bool convertible = true;
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (isLayoutNeutral(v))
      continue;
    if (layoutOf(s, v) == LAYOUT_NHWC)
      ++nhwc;
    else
      ++nchw;
    if (!canBeNhwc(s, v))
      convertible = false;
  }
  bool results4 = allResultsRank4(op);
  Layout l;
  if (nhwc == 0)
    l = LAYOUT_NCHW;
  else if (results4 && (nchw == 0 || convertible))
    l = LAYOUT_NHWC;
  else
    l = LAYOUT_NCHW;
  demandAll(s, op, l, true);
  setOpLayout(s, op, l);
}

static void processOp(State *s, MlirOperation op) {
  switch (classify(s, op)) {
  case CLASS_SKIP:
    return;
  case CLASS_NHWC_IN:
    demand(s, op, 0, LAYOUT_NHWC);
    /* The conv weight [O, I, KH, KW] is consumed as OHWI = its NHWC form. */
    if (xnnOpIs(op, "edge.conv2d") && mlirOperationGetNumOperands(op) >= 2 &&
        isRank4(mlirOperationGetOperand(op, 1)))
      demand(s, op, 1, LAYOUT_NHWC);
    setOpLayout(s, op, allResultsRank4(op) ? LAYOUT_NHWC : LAYOUT_NCHW);
    return;
  case CLASS_NCHW_IN:
    demandAll(s, op, LAYOUT_NCHW, false);
    setOpLayout(s, op, LAYOUT_NCHW);
    return;
  case CLASS_TO_NHWC:
    xnnOpSetAttr(op, LAYOUT_ATTR, xnnStrAttr(s->ctx, "NHWC"));
    return;
  case CLASS_TO_NCHW:
    xnnOpSetAttr(op, LAYOUT_ATTR, xnnStrAttr(s->ctx, "NCHW"));
    return;
  case CLASS_FOLLOW:
    processFollow(s, op);
    return;
  case CLASS_FOLLOW_X: {
    /* The per-channel vectors broadcast along the channel axis wherever x
     * holds it (the lowering shapes them), so x keeps its layout. */
    MlirValue x = mlirOperationGetOperand(op, 0);
    Layout l = isRank4(x) && allResultsRank4(op) && !isLayoutNeutral(x) ? layoutOf(s, x) : LAYOUT_NCHW;
    demand(s, op, 0, l);
    for (intptr_t i = 1, n = mlirOperationGetNumOperands(op); i < n; ++i)
      if (mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetOperand(op, i))))
        demand(s, op, i, LAYOUT_NCHW);
    setOpLayout(s, op, l);
    return;
  }
  case CLASS_RETURN:
    for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
      Layout l = LAYOUT_NCHW;
      (void)parseLayoutAttr(xnnFuncResultAttr(s->func, i, LAYOUT_ATTR), &l);
      if (mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetOperand(op, i))))
        demand(s, op, i, l);
    }
    return;
  case CLASS_OPAQUE:
    demandAll(s, op, LAYOUT_NCHW, false);
    return;
  }
}

/* Validates the layout attributes the pass reads: function arguments and
 * results, and pre-tagged constants (an earlier run's decisions). */
static void checkInputs(State *s) {
  MlirLocation floc = mlirOperationGetLocation(s->func);
  char buf[256];
  for (intptr_t i = 0, n = mlirBlockGetNumArguments(s->entry); i < n && !s->failed; ++i) {
    MlirAttribute a = xnnFuncArgAttr(s->func, i, LAYOUT_ATTR);
    s->signatureLayouts |= !mlirAttributeIsNull(a);
    Layout l;
    if (!parseLayoutAttr(a, &l)) {
      attrText(a, buf, sizeof buf);
      emitErrorf(s, floc, "argument #%lld: invalid xnn.layout %s (expected \"NCHW\" or \"NHWC\")",
                 (long long)i, buf);
    } else if (l == LAYOUT_NHWC && !isRank4(mlirBlockGetArgument(s->entry, i))) {
      emitErrorf(s, floc, "argument #%lld has xnn.layout \"NHWC\" but rank %lld (only 4-D "
                          "tensors have an NHWC layout)",
                 (long long)i, (long long)xnnValueRank(mlirBlockGetArgument(s->entry, i)));
    }
  }
  MlirAttribute ft = mlirOperationGetAttributeByName(s->func,
                                                     mlirStringRefCreateFromCString("function_type"));
  if (!s->failed && !mlirAttributeIsNull(ft) && mlirAttributeIsAType(ft) &&
      mlirTypeIsAFunction(mlirTypeAttrGetValue(ft))) {
    MlirType fty = mlirTypeAttrGetValue(ft);
    for (intptr_t i = 0, n = mlirFunctionTypeGetNumResults(fty); i < n && !s->failed; ++i) {
      MlirAttribute a = xnnFuncResultAttr(s->func, i, LAYOUT_ATTR);
      s->signatureLayouts |= !mlirAttributeIsNull(a);
      Layout l;
      MlirType rt = mlirFunctionTypeGetResult(fty, i);
      if (!parseLayoutAttr(a, &l)) {
        attrText(a, buf, sizeof buf);
        emitErrorf(s, floc, "result #%lld: invalid xnn.layout %s (expected \"NCHW\" or \"NHWC\")",
                   (long long)i, buf);
      } else if (l == LAYOUT_NHWC &&
                 !(mlirTypeIsARankedTensor(rt) && mlirShapedTypeGetRank(rt) == 4)) {
        emitErrorf(s, floc, "result #%lld has xnn.layout \"NHWC\" but is not a 4-D tensor (only "
                            "4-D tensors have an NHWC layout)",
                   (long long)i);
      }
    }
  }
}

static void checkConstant(State *s, MlirOperation op) {
  MlirAttribute a = xnnOpAttr(op, LAYOUT_ATTR);
  if (mlirAttributeIsNull(a))
    return;
  Layout l;
  char buf[256];
  if (!parseLayoutAttr(a, &l)) {
    attrText(a, buf, sizeof buf);
    emitErrorf(s, mlirOperationGetLocation(op),
               "invalid xnn.layout %s (expected \"NCHW\" or \"NHWC\")", buf);
  } else if (l == LAYOUT_NHWC && !isRank4(mlirOperationGetResult(op, 0))) {
    emitErrorf(s, mlirOperationGetLocation(op),
               "xnn.layout \"NHWC\" on a constant of rank %lld (only 4-D tensors have an "
               "NHWC layout)",
               (long long)xnnValueRank(mlirOperationGetResult(op, 0)));
  } else {
    xnnPtrMapPut(&s->constants, op.ptr, l == LAYOUT_NHWC ? CONST_NHWC : CONST_NCHW);
  }
}

static void processBlock(State *s, MlirBlock block) {
  MlirOperation first = mlirBlockGetFirstOperation(block);
  for (MlirOperation op = first; !mlirOperationIsNull(op) && !s->failed; op = mlirOperationGetNextInBlock(op))
    if (isConstantOp(op) && mlirOperationGetNumResults(op) == 1)
      checkConstant(s, op);
  /* Copies go in after producers (before the current op) or at the block's
   * start, and nothing is erased until the end: the next op stays valid and
   * inserted copies are not revisited. */
  for (MlirOperation op = first, next; !mlirOperationIsNull(op) && !s->failed; op = next) {
    next = mlirOperationGetNextInBlock(op);
    processOp(s, op);
  }
}

/* True if some rule can fire: a 4-D value, a layout attribute (on an op, or
 * on an argument or result: checkInputs) or a layout copy. Without one, every
 * rule asks for NCHW of values that are NCHW and the walk would change
 * nothing: graphs with no 4-D tensor (MLPs, most decoders' projections) skip it. */
static bool hasLayoutWork(State *s) {
  if (s->signatureLayouts)
    return true;
  for (MlirBlock b = s->entry; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
    for (intptr_t i = 0, n = mlirBlockGetNumArguments(b); i < n; ++i)
      if (isRank4(mlirBlockGetArgument(b, i)))
        return true;
    for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
      for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i)
        if (isRank4(mlirOperationGetResult(op, i)))
          return true;
      if (!mlirAttributeIsNull(xnnOpAttr(op, LAYOUT_ATTR)))
        return true;
      OpClass c = classify(s, op);
      if (c == CLASS_TO_NHWC || c == CLASS_TO_NCHW)
        return true;
    }
  }
  return false;
}

static bool processFunc(MlirOperation func) {
  MlirBlock entry = xnnFuncBody(func);
  if (mlirBlockIsNull(entry))
    return true; /* declaration */
  State s;
  memset(&s, 0, sizeof s);
  s.ctx = mlirOperationGetContext(func);
  s.func = func;
  s.entry = entry;
  xnnPtrMapInit(&s.partners, 16);
  xnnPtrMapInit(&s.constants, 64);
  checkInputs(&s);
  if (!s.failed && hasLayoutWork(&s))
    for (MlirBlock b = entry; !s.failed && !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      processBlock(&s, b);
  /* IRDL ops are never trivially dead to MLIR: drop unused copies here. */
  for (size_t i = 0; i < s.numCopies; ++i)
    if (xnnOpIsDead(s.copies[i]))
      mlirOperationDestroy(s.copies[i]);
  free(s.copies);
  xnnPtrMapFree(&s.partners);
  xnnPtrMapFree(&s.constants);
  return !s.failed;
}

typedef struct {
  MlirOperation *funcs;
  size_t n, cap;
} FuncList;

static MlirWalkResult collectFunc(MlirOperation op, void *ud) {
  if (!xnnOpIs(op, "func.func"))
    return MlirWalkResultAdvance;
  FuncList *l = ud;
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->funcs = realloc(l->funcs, l->cap * sizeof(MlirOperation));
    if (!l->funcs)
      abort();
  }
  l->funcs[l->n++] = op;
  return MlirWalkResultSkip;
}

typedef struct TagConfig {
  bool delegatesOnly;
} TagConfig;

static bool processDelegate(MlirOperation func, const void *config) {
  (void)config;
  return processFunc(func);
}

static void runTagChannelsLast(MlirOperation op, MlirExternalPass pass, void *config) {
  const TagConfig *cfg = config;
  if (cfg->delegatesOnly) {
    if (!xnnForEachDelegate(op, processDelegate, NULL))
      mlirExternalPassSignalFailure(pass);
    return;
  }
  FuncList l = {0};
  mlirOperationWalk(op, collectFunc, &l, MlirWalkPreOrder);
  bool ok = true;
  for (size_t i = 0; i < l.n; ++i)
    ok = processFunc(l.funcs[i]) && ok;
  free(l.funcs);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const XnnMlirPassOption tagOptions[] = {
    {"delegates-only", XNN_MLIR_OPTION_BOOL, "false",
     "only delegate functions (xnn.delegate), as in xnn-delegate's func.func(...) steps"},
};

static MlirPass createTagChannelsLast(const XnnMlirPassInfo *info,
                                      const XnnMlirPassOptionValues *options) {
  TagConfig cfg = {xnnMlirPassOptionGetBool(info, options, "delegates-only")};
  return xnnMlirCreateExternalPass(info, runTagChannelsLast, &cfg, sizeof(cfg));
}

const XnnMlirPassInfo xnnTagChannelsLastPassInfo = {
    .argument = "xnn-tag-channels-last",
    .name = "XnnTagChannelsLast",
    .description = "Run layout-sensitive ops (conv, pools, H/W means) in NHWC: tag values "
                   "xnn.layout, insert memory-format copies, restore function results",
    .options = tagOptions,
    .numOptions = 1,
    .create = createTagChannelsLast,
};
