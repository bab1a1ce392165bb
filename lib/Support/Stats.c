#include "xnnmlir/Stats.h"

#include "Support/Strings.h"

#include <mlir-c/BuiltinTypes.h>
#include <string.h>

static bool isFloat(MlirType t) {
  return mlirTypeIsAF32(t) || mlirTypeIsAF16(t) || mlirTypeIsABF16(t) || mlirTypeIsAF64(t);
}

static MlirType elementType(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
}

bool xnnMlirIsDtypeConvert(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (!xnnStrRefEquals(name, "edge.to_copy") && !xnnStrRefEquals(name, "edge.to_dim_order_copy"))
    return false;
  if (mlirOperationGetNumOperands(op) < 1 || mlirOperationGetNumResults(op) < 1)
    return false;
  return !mlirTypeEqual(elementType(mlirOperationGetOperand(op, 0)),
                        elementType(mlirOperationGetResult(op, 0)));
}

typedef struct Walk {
  XnnMlirStats *stats;
  bool inDelegate;
} Walk;

static MlirWalkResult countOp(MlirOperation op, void *userData) {
  Walk *w = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  bool isEdge = xnnStrRefStartsWith(name, "edge.");
  bool isXnn = xnnStrRefStartsWith(name, "xnn.");
  bool isConstant = xnnStrRefEquals(name, "edge.constant") || xnnStrRefEquals(name, "xnn.constant");
  if (w->inDelegate) {
    if ((isEdge || isXnn) && !isConstant)
      ++w->stats->delegatedOps;
  } else if (isEdge && !isConstant) {
    ++w->stats->portableOps;
    if (xnnMlirIsDtypeConvert(op)) {
      ++w->stats->portableDtypeConverts;
      if (isFloat(elementType(mlirOperationGetOperand(op, 0))) &&
          isFloat(elementType(mlirOperationGetResult(op, 0))))
        ++w->stats->portableFloatConverts;
    }
  }
  return MlirWalkResultAdvance;
}

static MlirWalkResult visitTop(MlirOperation op, void *userData) {
  Walk *w = userData;
  if (!xnnStrRefEquals(mlirIdentifierStr(mlirOperationGetName(op)), "func.func"))
    return MlirWalkResultAdvance;
  Walk inner = {w->stats, !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(
                              op, mlirStringRefCreateFromCString("xnn.delegate")))};
  if (inner.inDelegate)
    ++w->stats->delegateSegments;
  mlirOperationWalk(op, countOp, &inner, MlirWalkPreOrder);
  return MlirWalkResultSkip;
}

XnnMlirStats xnnMlirComputeStats(MlirOperation module) {
  XnnMlirStats stats;
  memset(&stats, 0, sizeof(stats));
  Walk w = {&stats, false};
  mlirOperationWalk(module, visitTop, &w, MlirWalkPreOrder);
  return stats;
}

void xnnMlirPrintStats(const XnnMlirStats *s, const char *format, FILE *out) {
  if (format && !strcmp(format, "json")) {
    fprintf(out,
            "{\"delegate_segments\": %lld, \"delegated_ops\": %lld, \"portable_ops\": %lld, "
            "\"portable_dtype_converts\": %lld, \"portable_float_converts\": %lld}\n",
            (long long)s->delegateSegments, (long long)s->delegatedOps,
            (long long)s->portableOps, (long long)s->portableDtypeConverts,
            (long long)s->portableFloatConverts);
    return;
  }
  fprintf(out,
          "xnn-stats: delegate segments: %lld\n"
          "xnn-stats: delegated ops: %lld\n"
          "xnn-stats: portable ops: %lld\n"
          "xnn-stats: portable dtype converts: %lld\n"
          "xnn-stats: portable float converts: %lld\n",
          (long long)s->delegateSegments, (long long)s->delegatedOps, (long long)s->portableOps,
          (long long)s->portableDtypeConverts, (long long)s->portableFloatConverts);
}
