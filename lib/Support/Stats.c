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

/* Per op type: edge ops inside delegates (from the xnn.edge_ops record the
 * partitioner leaves on each delegate function; a delegate without it counts
 * its own ops) and outside them; per segment: its op count. */
typedef struct TypeCount {
  MlirStringRef name;
  int64_t delegated, portable;
} TypeCount;

typedef struct TypeTable {
  TypeCount *types;
  size_t numTypes, capTypes;
  MlirOperation *segments;
  int64_t *segmentOps;
  size_t numSegments, capSegments;
} TypeTable;

static TypeCount *typeEntry(TypeTable *t, MlirStringRef name) {
  for (size_t i = 0; i < t->numTypes; ++i)
    if (t->types[i].name.length == name.length && !memcmp(t->types[i].name.data, name.data, name.length))
      return &t->types[i];
  if (t->numTypes == t->capTypes &&
      !(t->types = realloc(t->types, (t->capTypes = t->capTypes ? 2 * t->capTypes : 16) * sizeof(TypeCount))))
    abort();
  t->types[t->numTypes] = (TypeCount){name, 0, 0};
  return &t->types[t->numTypes++];
}

typedef struct TableWalk {
  TypeTable *table;
  int64_t *segmentOps; /* current delegate's count, when it has no record */
} TableWalk;

static MlirWalkResult countDelegateOp(MlirOperation op, void *userData) {
  TableWalk *w = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if ((xnnStrRefStartsWith(name, "edge.") || xnnStrRefStartsWith(name, "xnn.")) &&
      !xnnStrRefEquals(name, "edge.constant") && !xnnStrRefEquals(name, "xnn.constant")) {
    ++typeEntry(w->table, name)->delegated;
    ++*w->segmentOps;
  }
  return MlirWalkResultAdvance;
}

static MlirWalkResult countPortableOp(MlirOperation op, void *userData) {
  TableWalk *w = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (xnnStrRefStartsWith(name, "edge.") && !xnnStrRefEquals(name, "edge.constant"))
    ++typeEntry(w->table, name)->portable;
  return MlirWalkResultAdvance;
}

static MlirWalkResult visitTopForTable(MlirOperation op, void *userData) {
  TableWalk *w = userData;
  if (!xnnStrRefEquals(mlirIdentifierStr(mlirOperationGetName(op)), "func.func"))
    return MlirWalkResultAdvance;
  if (mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("xnn.delegate")))) {
    mlirOperationWalk(op, countPortableOp, w, MlirWalkPreOrder);
    return MlirWalkResultSkip;
  }
  TypeTable *t = w->table;
  if (t->numSegments == t->capSegments) {
    t->capSegments = t->capSegments ? 2 * t->capSegments : 8;
    if (!(t->segments = realloc(t->segments, t->capSegments * sizeof(MlirOperation))) ||
        !(t->segmentOps = realloc(t->segmentOps, t->capSegments * sizeof(int64_t))))
      abort();
  }
  t->segments[t->numSegments] = op;
  int64_t *count = &t->segmentOps[t->numSegments++];
  *count = 0;
  MlirAttribute record = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("xnn.edge_ops"));
  if (!mlirAttributeIsNull(record) && mlirAttributeIsADictionary(record)) {
    for (intptr_t i = 0, n = mlirDictionaryAttrGetNumElements(record); i < n; ++i) {
      MlirNamedAttribute e = mlirDictionaryAttrGetElement(record, i);
      if (!mlirAttributeIsAInteger(e.attribute))
        continue;
      int64_t c = mlirIntegerAttrGetValueInt(e.attribute);
      typeEntry(t, mlirIdentifierStr(e.name))->delegated += c;
      *count += c;
    }
  } else {
    TableWalk inner = {t, count};
    mlirOperationWalk(op, countDelegateOp, &inner, MlirWalkPreOrder);
  }
  return MlirWalkResultSkip;
}

static int compareTypes(const void *a, const void *b) {
  const TypeCount *x = a, *y = b;
  size_t n = x->name.length < y->name.length ? x->name.length : y->name.length;
  int c = memcmp(x->name.data, y->name.data, n);
  return c ? c : (x->name.length > y->name.length) - (x->name.length < y->name.length);
}

static void typeTableBuild(MlirOperation module, TypeTable *t) {
  memset(t, 0, sizeof(*t));
  TableWalk w = {t, NULL};
  mlirOperationWalk(module, visitTopForTable, &w, MlirWalkPreOrder);
  if (t->numTypes)
    qsort(t->types, t->numTypes, sizeof(TypeCount), compareTypes);
}

static void typeTableFree(TypeTable *t) {
  free(t->types);
  free(t->segments);
  free(t->segmentOps);
}

void xnnMlirDelegatedShare(MlirOperation module, int64_t *delegated, int64_t *total) {
  TypeTable t;
  typeTableBuild(module, &t);
  *delegated = *total = 0;
  for (size_t i = 0; i < t.numTypes; ++i) {
    *delegated += t.types[i].delegated;
    *total += t.types[i].delegated + t.types[i].portable;
  }
  typeTableFree(&t);
}

static double percent(int64_t part, int64_t whole) { return whole ? 100.0 * (double)part / (double)whole : 100.0; }

typedef struct Reasons {
  MlirOperation *ops;
  size_t size, capacity;
} Reasons;

static MlirWalkResult collectReason(MlirOperation op, void *userData) {
  Reasons *r = userData;
  if (!xnnMlirPortableReason(op).data)
    return MlirWalkResultAdvance;
  if (r->size == r->capacity &&
      !(r->ops = realloc(r->ops, (r->capacity = r->capacity ? 2 * r->capacity : 16) * sizeof(MlirOperation))))
    abort();
  r->ops[r->size++] = op;
  return MlirWalkResultAdvance;
}

MlirStringRef xnnMlirPortableReason(MlirOperation op) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("xnn.portable_reason"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a)
                                                              : mlirStringRefCreate(NULL, 0);
}

void xnnMlirOperationLocationText(MlirOperation op, char *buf, size_t n) {
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
    MlirStringRef t = xnnMlirPortableReason(r->ops[i]);
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
  xnnMlirPrintStatsChunk(module, s, format, -1, out);
}

void xnnMlirPrintPortableOps(MlirOperation module, const char *severity, FILE *out) {
  Reasons r = {0};
  mlirOperationWalk(module, collectReason, &r, MlirWalkPreOrder);
  char loc[512];
  for (size_t i = 0; i < r.size; ++i) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(r.ops[i]));
    MlirStringRef why = xnnMlirPortableReason(r.ops[i]);
    xnnMlirOperationLocationText(r.ops[i], loc, sizeof(loc));
    /* As MLIR prints diagnostics: a location without a position follows the severity. */
    bool named = !strncmp(loc, "loc(", 4);
    fprintf(out, "%s: %s: %s%s%.*s stays portable: %.*s\n", named ? "<unknown>:0" : loc, severity, named ? loc : "",
            named ? ": " : "", (int)name.length, name.data, (int)why.length, why.data);
  }
  free(r.ops);
}

void xnnMlirPrintStatsChunk(MlirOperation module, const XnnMlirStats *s, const char *format, int chunk, FILE *out) {
  TypeTable table;
  typeTableBuild(module, &table);
  Reasons r = {0};
  mlirOperationWalk(module, collectReason, &r, MlirWalkPreOrder);
  ReasonCount *counts = malloc((r.size + 1) * sizeof(ReasonCount));
  if (!counts)
    abort();
  size_t numCounts = countReasons(&r, counts);
  char loc[512];
  if (format && !strcmp(format, "json")) {
    fprintf(out, "{\"schema_version\": %d, ", XNN_MLIR_STATS_SCHEMA_VERSION);
    if (chunk >= 0)
      fprintf(out, "\"chunk\": %d, ", chunk);
    fprintf(out,
            "\"delegate_segments\": %lld, \"delegated_ops\": %lld, \"portable_ops\": %lld, "
            "\"portable_dtype_converts\": %lld, \"portable_float_converts\": %lld, \"op_types\": {",
            (long long)s->delegateSegments, (long long)s->delegatedOps,
            (long long)s->portableOps, (long long)s->portableDtypeConverts,
            (long long)s->portableFloatConverts);
    for (size_t k = 0; k < table.numTypes; ++k) {
      const TypeCount *t = &table.types[k];
      fputs(k ? ", " : "", out);
      jsonString(out, t->name.data, t->name.length);
      fprintf(out, ": {\"delegated\": %lld, \"portable\": %lld}", (long long)t->delegated, (long long)t->portable);
    }
    fputs("}, \"segments\": [", out);
    for (size_t k = 0; k < table.numSegments; ++k) {
      MlirAttribute sym = mlirOperationGetAttributeByName(table.segments[k], mlirStringRefCreateFromCString("sym_name"));
      MlirStringRef name = mlirAttributeIsAString(sym) ? mlirStringAttrGetValue(sym) : mlirStringRefCreateFromCString("");
      fputs(k ? ", {\"name\": " : "{\"name\": ", out);
      jsonString(out, name.data, name.length);
      fprintf(out, ", \"ops\": %lld}", (long long)table.segmentOps[k]);
    }
    fputs("], \"reasons\": {", out);
    for (size_t k = 0; k < numCounts; ++k) {
      fputs(k ? ", " : "", out);
      jsonString(out, counts[k].text.data, counts[k].text.length);
      fprintf(out, ": %zu", counts[k].count);
    }
    fputs("}, \"portable\": [", out);
    for (size_t i = 0; i < r.size; ++i) {
      MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(r.ops[i]));
      MlirStringRef why = xnnMlirPortableReason(r.ops[i]);
      xnnMlirOperationLocationText(r.ops[i], loc, sizeof(loc));
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
    xnnMlirPrintPortableOps(module, "remark", out);
    int64_t delegated = 0, total = 0;
    for (size_t k = 0; k < table.numTypes; ++k)
      delegated += table.types[k].delegated, total += table.types[k].delegated + table.types[k].portable;
    fprintf(out, "xnn-stats: edge ops delegated: %lld of %lld (%.1f%%)\n", (long long)delegated, (long long)total,
            percent(delegated, total));
    for (size_t k = 0; k < table.numTypes; ++k) {
      const TypeCount *t = &table.types[k];
      fprintf(out, "xnn-stats:   %.*s: %lld delegated, %lld portable (%.1f%%)\n", (int)t->name.length, t->name.data,
              (long long)t->delegated, (long long)t->portable, percent(t->delegated, t->delegated + t->portable));
    }
    for (size_t k = 0; k < table.numSegments; ++k) {
      MlirAttribute sym = mlirOperationGetAttributeByName(table.segments[k], mlirStringRefCreateFromCString("sym_name"));
      MlirStringRef name = mlirAttributeIsAString(sym) ? mlirStringAttrGetValue(sym) : mlirStringRefCreateFromCString("");
      fprintf(out, "xnn-stats: segment %.*s: %lld op%s\n", (int)name.length, name.data, (long long)table.segmentOps[k],
              table.segmentOps[k] == 1 ? "" : "s");
    }
  }
  free(counts);
  free(r.ops);
  typeTableFree(&table);
}
