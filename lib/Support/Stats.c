#include "xnnmlir/Stats.h"

#include "xnnmlir/Diagnostics.h"

#include "Support/Strings.h"

#include <stdlib.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
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

typedef struct Reasons {
  MlirOperation *ops;
  size_t size, capacity;
} Reasons;

static MlirWalkResult collectReason(MlirOperation op, void *userData) {
  Reasons *r = userData;
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString("xnn.portable_reason"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return MlirWalkResultAdvance;
  if (r->size == r->capacity &&
      !(r->ops = realloc(r->ops, (r->capacity = r->capacity ? 2 * r->capacity : 16) * sizeof(MlirOperation))))
    abort();
  r->ops[r->size++] = op;
  return MlirWalkResultAdvance;
}

static MlirStringRef reasonOf(MlirOperation op) {
  return mlirStringAttrGetValue(mlirOperationGetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString("xnn.portable_reason")));
}

static void locationText(MlirOperation op, char *buf, size_t n) {
  MlirStringRef file;
  unsigned line, col;
  MlirLocation where = mlirOperationGetLocation(op);
  if (xnnMlirLocationGetFilePos(where, &file, &line, &col)) {
    snprintf(buf, n, "%.*s:%u:%u", (int)file.length, file.data, line, col);
    return;
  }
  /* No file position (a name, as xnn-import-torch writes the module path):
   * the location as MLIR prints it, unless it says nothing. */
  XnnStrBuf text = {0};
  mlirLocationPrint(where, xnnStrBufCallback, &text);
  if (text.size && strcmp(text.data, "loc(unknown)"))
    snprintf(buf, n, "%s", text.data);
  else
    snprintf(buf, n, "<unknown>");
  xnnStrBufFree(&text);
}

static void jsonString(FILE *out, const char *s, size_t n) {
  fputc('"', out);
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

/* Distinct reasons with counts, in first-seen order (quadratic in the number of
 * distinct reasons only, which is small). */
typedef struct ReasonCount {
  MlirStringRef text;
  size_t count;
} ReasonCount;

static size_t countReasons(const Reasons *r, ReasonCount *out) {
  size_t n = 0;
  for (size_t i = 0; i < r->size; ++i) {
    MlirStringRef t = reasonOf(r->ops[i]);
    size_t k = 0;
    while (k < n && !(out[k].text.length == t.length && !memcmp(out[k].text.data, t.data, t.length)))
      ++k;
    if (k == n)
      out[n++] = (ReasonCount){t, 0};
    ++out[k].count;
  }
  return n;
}

void xnnMlirPrintStats(MlirOperation module, const XnnMlirStats *s, const char *format, FILE *out) {
  Reasons r = {0};
  mlirOperationWalk(module, collectReason, &r, MlirWalkPreOrder);
  ReasonCount *counts = malloc((r.size + 1) * sizeof(ReasonCount));
  if (!counts)
    abort();
  size_t numCounts = countReasons(&r, counts);
  char loc[512];
  if (format && !strcmp(format, "json")) {
    fprintf(out,
            "{\"delegate_segments\": %lld, \"delegated_ops\": %lld, \"portable_ops\": %lld, "
            "\"portable_dtype_converts\": %lld, \"portable_float_converts\": %lld, \"reasons\": {",
            (long long)s->delegateSegments, (long long)s->delegatedOps,
            (long long)s->portableOps, (long long)s->portableDtypeConverts,
            (long long)s->portableFloatConverts);
    for (size_t k = 0; k < numCounts; ++k) {
      fputs(k ? ", " : "", out);
      jsonString(out, counts[k].text.data, counts[k].text.length);
      fprintf(out, ": %zu", counts[k].count);
    }
    fputs("}, \"portable\": [", out);
    for (size_t i = 0; i < r.size; ++i) {
      MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(r.ops[i]));
      MlirStringRef why = reasonOf(r.ops[i]);
      locationText(r.ops[i], loc, sizeof(loc));
      fputs(i ? ", {\"op\": " : "{\"op\": ", out);
      jsonString(out, name.data, name.length);
      fputs(", \"loc\": ", out);
      jsonString(out, loc, strlen(loc));
      fputs(", \"reason\": ", out);
      jsonString(out, why.data, why.length);
      fputs("}", out);
    }
    fputs("]}\n", out);
  } else {
    fprintf(out,
            "xnn-stats: delegate segments: %lld\n"
            "xnn-stats: delegated ops: %lld\n"
            "xnn-stats: portable ops: %lld\n"
            "xnn-stats: portable dtype converts: %lld\n"
            "xnn-stats: portable float converts: %lld\n",
            (long long)s->delegateSegments, (long long)s->delegatedOps, (long long)s->portableOps,
            (long long)s->portableDtypeConverts, (long long)s->portableFloatConverts);
    for (size_t k = 0; k < numCounts; ++k)
      fprintf(out, "xnn-stats: %zu portable because: %.*s\n", counts[k].count,
              (int)counts[k].text.length, counts[k].text.data);
    for (size_t i = 0; i < r.size; ++i) {
      MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(r.ops[i]));
      MlirStringRef why = reasonOf(r.ops[i]);
      locationText(r.ops[i], loc, sizeof(loc));
      /* As MLIR prints diagnostics: a location without a position follows the severity. */
      bool named = !strncmp(loc, "loc(", 4);
      fprintf(out, "%s: remark: %s%s%.*s stays portable: %.*s\n", named ? "<unknown>:0" : loc, named ? loc : "",
              named ? ": " : "", (int)name.length, name.data, (int)why.length, why.data);
    }
  }
  free(counts);
  free(r.ops);
}
