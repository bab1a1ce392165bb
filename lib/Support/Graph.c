/* --xnn-graph: the module after partitioning as a data-flow picture (DOT or
 * self-contained HTML); see include/xnnmlir/Graph.h for what a node is. */
#include "xnnmlir/Graph.h"

#include "xnnmlir/Stats.h"

#include "Support/IR.h"
#include "Support/PtrMap.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The page's markup, style and script (lib/Support/GraphView.html), with the
 * marker the graph's data replaces. */
extern const char xnnMlirGraphViewText[];
extern const size_t xnnMlirGraphViewText_size;
#define DATA_MARKER "/*@XNN_GRAPH_DATA@*/"

/* The numbers the page's script reads (GraphView.html keeps the same). */
enum NodeKind { NODE_DELEGATED, NODE_PORTABLE, NODE_HOST, NODE_INPUT, NODE_OUTPUT };
enum GroupKind { GROUP_FUNCTION, GROUP_SEGMENT, GROUP_NAME };

#define PORTABLE_COLOR "#d00000"
#define HOST_COLOR "#dddddd"
#define TERMINAL_COLOR "#eeeeee"

typedef struct Node {
  MlirOperation op; /* null for inputs and outputs */
  MlirType type;    /* an input's or output's type */
  int kind, index, segment, group;
} Node;

typedef struct Group {
  int parent, kind, segment;
  MlirOperation func;  /* function and segment groups */
  MlirStringRef path;  /* name groups: the dotted prefix, e.g. "model.layers.3" */
  size_t labelOffset;  /* where the group's own component starts in `path` */
  int total;           /* nodes inside, nested groups included */
  int shown;           /* index among the groups written, -1 if folded into its parent */
} Group;

typedef struct Segment {
  MlirOperation func;
  int ops;
  char color[8];
} Segment;

typedef struct Graph {
  Node *nodes;
  size_t numNodes, capNodes;
  int *edges; /* (from, to) pairs */
  size_t numEdges, capEdges;
  Group *groups;
  size_t numGroups, capGroups;
  Segment *segments;
  size_t numSegments;
  XnnPtrMap producer;  /* value -> producing node + 1 (0: none drawn, e.g. a constant) */
  XnnPtrMap segmentOf; /* delegate function -> segment index */
  bool *expanded;      /* per segment: some call of it was drawn */
  MlirSymbolTable symbols;
  /* The last name lookup, reused by the next op of the same layer. */
  int lastParent, lastGroup;
  const void *lastName;
} Graph;

static void *grow(void *p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap)
    return p;
  *cap = *cap ? 2 * *cap : 64;
  if (*cap < need)
    *cap = need;
  if (!(p = realloc(p, *cap * elem)))
    abort();
  return p;
}

static bool isConstant(MlirOperation op) {
  return xnnOpIs(op, "edge.constant") || xnnOpIs(op, "xnn.constant") || xnnOpIs(op, "arith.constant");
}

static MlirStringRef symbolName(MlirOperation func) {
  MlirAttribute a = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a)
                                                              : mlirStringRefCreateFromCString("?");
}

static int addGroup(Graph *g, int parent, int kind, int segment, MlirOperation func) {
  g->groups = grow(g->groups, &g->capGroups, g->numGroups + 1, sizeof(Group));
  g->groups[g->numGroups] = (Group){parent, kind, segment, func, {NULL, 0}, 0, 0, -1};
  return (int)g->numGroups++;
}

static int addNode(Graph *g, int kind, MlirOperation op, int segment, int group) {
  g->nodes = grow(g->nodes, &g->capNodes, g->numNodes + 1, sizeof(Node));
  g->nodes[g->numNodes] = (Node){op, {NULL}, kind, 0, segment, group};
  return (int)g->numNodes++;
}

static size_t producerOf(Graph *g, MlirValue v) {
  size_t p = 0;
  xnnPtrMapGet(&g->producer, v.ptr, &p);
  return p;
}

/* An edge from the producer (node + 1, 0 = none) to `to`; an op using one
 * value twice gets one edge. */
static void addEdge(Graph *g, size_t producer, int to) {
  if (!producer)
    return;
  int from = (int)producer - 1;
  for (size_t k = g->numEdges; k-- > 0 && g->edges[2 * k + 1] == to;)
    if (g->edges[2 * k] == from)
      return;
  g->edges = grow(g->edges, &g->capEdges, 2 * (g->numEdges + 1), sizeof(int));
  g->edges[2 * g->numEdges] = from;
  g->edges[2 * g->numEdges + 1] = to;
  ++g->numEdges;
}

/* The name a location carries (through call sites and fused locations), or
 * a null ref. */
static MlirStringRef locationName(MlirLocation loc) {
  for (int depth = 0; depth < 16; ++depth) {
    if (mlirLocationIsAName(loc))
      return mlirIdentifierStr(mlirLocationNameGetName(loc));
    if (mlirLocationIsACallSite(loc)) {
      loc = mlirLocationCallSiteGetCallee(loc);
    } else if (mlirLocationIsAFused(loc) && mlirLocationFusedGetNumLocations(loc) > 0) {
      unsigned n = mlirLocationFusedGetNumLocations(loc);
      MlirLocation *parts = malloc(n * sizeof(MlirLocation));
      if (!parts)
        abort();
      mlirLocationFusedGetLocations(loc, parts);
      loc = parts[0];
      for (unsigned i = 0; i < n; ++i)
        if (mlirLocationIsAName(parts[i])) {
          loc = parts[i];
          break;
        }
      free(parts);
    } else {
      break;
    }
  }
  return mlirStringRefCreate(NULL, 0);
}

static bool allDigits(const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (s[i] < '0' || s[i] > '9')
      return false;
  return n > 0;
}

/* The group of an op under `parent`: one nested group per component of its
 * name location's dotted module path (xnn-import-torch writes
 * "<module path>: <aten op>"; without ": " the last component names the op
 * itself), a numeric component staying with the one before ("layers.3"). */
static int nameGroup(Graph *g, int parent, MlirOperation op) {
  MlirStringRef name = locationName(mlirOperationGetLocation(op));
  if (!name.data)
    return parent;
  if (parent == g->lastParent && name.data == g->lastName)
    return g->lastGroup;
  size_t pathLength = 0;
  const char *colon = NULL;
  for (size_t i = 0; i + 1 < name.length; ++i)
    if (name.data[i] == ':' && name.data[i + 1] == ' ') {
      colon = name.data + i;
      break;
    }
  if (colon) {
    pathLength = (size_t)(colon - name.data);
  } else {
    for (size_t i = name.length; i-- > 0;)
      if (name.data[i] == '.') {
        pathLength = i;
        break;
      }
  }
  int group = parent;
  size_t start = 0;
  while (start < pathLength) {
    size_t end = start;
    while (end < pathLength && name.data[end] != '.')
      ++end;
    /* "layers" "." "3": the index belongs to the list's name. */
    while (end < pathLength) {
      size_t next = end + 1;
      while (next < pathLength && name.data[next] != '.')
        ++next;
      if (!allDigits(name.data + end + 1, next - end - 1))
        break;
      end = next;
    }
    int found = -1;
    for (size_t k = g->numGroups; k-- > (size_t)group + 1;) {
      const Group *c = &g->groups[k];
      if (c->parent == group && c->kind == GROUP_NAME && c->path.length == end &&
          !memcmp(c->path.data, name.data, end)) {
        found = (int)k;
        break;
      }
    }
    if (found < 0) {
      found = addGroup(g, group, GROUP_NAME, g->groups[group].segment, g->groups[group].func);
      g->groups[found].path = mlirStringRefCreate(name.data, end);
      g->groups[found].labelOffset = start;
    }
    group = found;
    start = end + 1;
  }
  g->lastParent = parent;
  g->lastName = name.data;
  g->lastGroup = group;
  return group;
}

static void addOpNode(Graph *g, MlirOperation op, int kind, int segment, int group) {
  int node = addNode(g, kind, op, segment, nameGroup(g, group, op));
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i)
    addEdge(g, producerOf(g, mlirOperationGetOperand(op, i)), node);
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i)
    xnnPtrMapPut(&g->producer, mlirOperationGetResult(op, i).ptr, (size_t)node + 1);
  if (segment >= 0)
    ++g->segments[segment].ops;
}

static MlirBlock bodyOf(MlirOperation func) {
  if (mlirOperationGetNumRegions(func) < 1)
    return (MlirBlock){NULL};
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

/* The ops of a delegate function's body under a segment group; its block
 * arguments stand for `argProducers`, and its returned values' producers go
 * to `resultsOut` (the call's results), or become output nodes. */
static void addDelegateBody(Graph *g, MlirOperation func, int segment, int group, MlirOperation call) {
  MlirBlock body = bodyOf(func);
  if (mlirBlockIsNull(body))
    return;
  g->expanded[segment] = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (isConstant(op))
      continue;
    if (!xnnOpIs(op, "func.return")) {
      addOpNode(g, op, NODE_DELEGATED, segment, group);
      continue;
    }
    for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
      size_t p = producerOf(g, mlirOperationGetOperand(op, i));
      if (!mlirOperationIsNull(call)) {
        if (i < mlirOperationGetNumResults(call))
          xnnPtrMapPut(&g->producer, mlirOperationGetResult(call, i).ptr, p);
        continue;
      }
      int out = addNode(g, NODE_OUTPUT, (MlirOperation){NULL}, -1, g->groups[group].parent);
      g->nodes[out].index = (int)i;
      g->nodes[out].type = mlirValueGetType(mlirOperationGetOperand(op, i));
      addEdge(g, p, out);
    }
  }
}

/* The segment a call runs, or -1 if its callee is no delegate function. */
static int calledSegment(Graph *g, MlirOperation call, MlirOperation *callee) {
  MlirAttribute sym = mlirOperationGetAttributeByName(call, mlirStringRefCreateFromCString("callee"));
  if (mlirAttributeIsNull(sym) || !mlirAttributeIsAFlatSymbolRef(sym))
    return -1;
  *callee = mlirSymbolTableLookup(g->symbols, mlirFlatSymbolRefAttrGetValue(sym));
  size_t segment;
  if (mlirOperationIsNull(*callee) || !xnnPtrMapGet(&g->segmentOf, callee->ptr, &segment))
    return -1;
  return (int)segment;
}

static void addFunction(Graph *g, MlirOperation func) {
  MlirBlock body = bodyOf(func);
  if (mlirBlockIsNull(body))
    return; /* a declaration */
  int group = addGroup(g, -1, GROUP_FUNCTION, -1, func);
  for (intptr_t i = 0, n = mlirBlockGetNumArguments(body); i < n; ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    int in = addNode(g, NODE_INPUT, (MlirOperation){NULL}, -1, group);
    g->nodes[in].index = (int)i;
    g->nodes[in].type = mlirValueGetType(arg);
    xnnPtrMapPut(&g->producer, arg.ptr, (size_t)in + 1);
  }
  size_t ownSegment;
  if (xnnPtrMapGet(&g->segmentOf, func.ptr, &ownSegment)) { /* a delegate nobody calls: drawn alone */
    addDelegateBody(g, func, (int)ownSegment, addGroup(g, group, GROUP_SEGMENT, (int)ownSegment, func),
                    (MlirOperation){NULL});
    return;
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (isConstant(op))
      continue;
    if (xnnOpIs(op, "func.return")) {
      for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
        int out = addNode(g, NODE_OUTPUT, (MlirOperation){NULL}, -1, group);
        g->nodes[out].index = (int)i;
        g->nodes[out].type = mlirValueGetType(mlirOperationGetOperand(op, i));
        addEdge(g, producerOf(g, mlirOperationGetOperand(op, i)), out);
      }
      continue;
    }
    MlirOperation callee = {NULL};
    int segment = xnnOpIs(op, "func.call") ? calledSegment(g, op, &callee) : -1;
    if (segment < 0) {
      addOpNode(g, op, xnnMlirPortableReason(op).data ? NODE_PORTABLE : NODE_HOST, -1, group);
      continue;
    }
    MlirBlock calleeBody = bodyOf(callee);
    for (intptr_t i = 0, n = mlirOperationGetNumOperands(op);
         !mlirBlockIsNull(calleeBody) && i < n && i < mlirBlockGetNumArguments(calleeBody); ++i)
      xnnPtrMapPut(&g->producer, mlirBlockGetArgument(calleeBody, i).ptr,
                   producerOf(g, mlirOperationGetOperand(op, i)));
    addDelegateBody(g, callee, segment, addGroup(g, group, GROUP_SEGMENT, segment, callee), op);
  }
}

/* Distinct colours around the hue circle (golden angle), skipping the reds
 * that mark portable ops; light enough for black text. */
static void segmentColor(size_t index, char out[8]) {
  double hue = 30.0 + (double)((index * 137508u / 1000u) % 300u); /* degrees in [30, 330) */
  double light = index % 2 ? 0.70 : 0.78, sat = 0.60;
  double c = (1.0 - (2.0 * light - 1.0 < 0 ? 1.0 - 2.0 * light : 2.0 * light - 1.0)) * sat;
  double h = hue / 60.0;
  double hmod2 = h - 2.0 * (double)(int)(h / 2.0);
  double x = c * (1.0 - (hmod2 - 1.0 < 0 ? 1.0 - hmod2 : hmod2 - 1.0));
  double r = 0, gr = 0, b = 0;
  switch ((int)h) {
  case 0: r = c, gr = x; break;
  case 1: r = x, gr = c; break;
  case 2: gr = c, b = x; break;
  case 3: gr = x, b = c; break;
  case 4: r = x, b = c; break;
  default: r = c, b = x; break;
  }
  double m = light - c / 2.0;
  snprintf(out, 8, "#%02x%02x%02x", (unsigned)((r + m) * 255.0 + 0.5) & 255u,
           (unsigned)((gr + m) * 255.0 + 0.5) & 255u, (unsigned)((b + m) * 255.0 + 0.5) & 255u);
}

static void buildGraph(Graph *g, MlirOperation module) {
  memset(g, 0, sizeof(*g));
  g->lastParent = -1;
  xnnPtrMapInit(&g->producer, 1024);
  xnnPtrMapInit(&g->segmentOf, 64);
  g->symbols = mlirSymbolTableCreate(module);
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  size_t capSegments = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (xnnIsDelegateFunc(op)) {
      g->segments = grow(g->segments, &capSegments, g->numSegments + 1, sizeof(Segment));
      g->segments[g->numSegments] = (Segment){op, 0, {0}};
      segmentColor(g->numSegments, g->segments[g->numSegments].color);
      xnnPtrMapPut(&g->segmentOf, op.ptr, g->numSegments++);
    }
  if (!(g->expanded = calloc(g->numSegments + 1, sizeof(bool))))
    abort();
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (xnnOpIs(op, "func.func") && !xnnIsDelegateFunc(op))
      addFunction(g, op);
  for (size_t s = 0; s < g->numSegments; ++s)
    if (!g->expanded[s])
      addFunction(g, g->segments[s].func);
  /* A name group is drawn only if it holds two nodes or more and not all of
   * its parent's (else it would only repeat the parent). Parents come first. */
  for (size_t i = 0; i < g->numNodes; ++i)
    for (int k = g->nodes[i].group; k >= 0; k = g->groups[k].parent)
      ++g->groups[k].total;
  int shown = 0;
  for (size_t k = 0; k < g->numGroups; ++k) {
    Group *c = &g->groups[k];
    bool keep = c->kind != GROUP_NAME || (c->total >= 2 && c->total != g->groups[c->parent].total);
    c->shown = keep ? shown++ : g->groups[c->parent].shown;
  }
}

static void freeGraph(Graph *g) {
  free(g->nodes);
  free(g->edges);
  free(g->groups);
  free(g->segments);
  free(g->expanded);
  xnnPtrMapFree(&g->producer);
  xnnPtrMapFree(&g->segmentOf);
  mlirSymbolTableDestroy(g->symbols);
}

/* The parent a drawn group is drawn in (-1: none). */
static int shownParent(const Graph *g, size_t k) {
  int p = g->groups[k].parent;
  return p < 0 ? -1 : g->groups[p].shown; /* a folded parent has its drawn ancestor's index */
}

static bool isShownGroup(const Graph *g, size_t k) {
  return g->groups[k].parent < 0 || g->groups[k].shown != g->groups[g->groups[k].parent].shown;
}

/* ---- text of nodes ---- */

typedef struct Out {
  MlirStringCallback write;
  void *userData;
  XnnStrBuf buf; /* gathered into large writes */
} Out;

static void flush(Out *o) {
  if (o->buf.size)
    o->write(mlirStringRefCreate(o->buf.data, o->buf.size), o->userData);
  xnnStrBufClear(&o->buf);
}

static void put(Out *o, const char *s, size_t n) {
  xnnStrBufAppend(&o->buf, s, n);
  if (o->buf.size >= (1 << 16))
    flush(o);
}

static void puts_(Out *o, const char *s) { put(o, s, strlen(s)); }

/* A type as its shape, e.g. "1x8x1152xbf16" for tensor<1x8x1152xbf16>. */
static void typeText(MlirType t, XnnStrBuf *out) {
  XnnStrBuf text = {0};
  mlirTypePrint(t, xnnStrBufCallback, &text);
  const char *s = text.data ? text.data : "";
  size_t n = text.size;
  if (n > 8 && !strncmp(s, "tensor<", 7) && s[n - 1] == '>')
    xnnStrBufAppend(out, s + 7, n - 8);
  else
    xnnStrBufAppend(out, s, n);
  xnnStrBufFree(&text);
}

/* First line: the op's name, with its `kind` (xnn.unary, xnn.binary). */
static void nodeLabel(const Graph *g, const Node *n, XnnStrBuf *out) {
  (void)g;
  if (n->kind == NODE_INPUT || n->kind == NODE_OUTPUT) {
    xnnStrBufAppendf(out, "%s #%d", n->kind == NODE_INPUT ? "input" : "output", n->index);
    return;
  }
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(n->op));
  xnnStrBufAppend(out, name.data, name.length);
  if (xnnOpIs(n->op, "func.call")) {
    MlirAttribute callee = mlirOperationGetAttributeByName(n->op, mlirStringRefCreateFromCString("callee"));
    if (!mlirAttributeIsNull(callee) && mlirAttributeIsAFlatSymbolRef(callee)) {
      MlirStringRef s = mlirFlatSymbolRefAttrGetValue(callee);
      xnnStrBufAppendf(out, " @%.*s", (int)s.length, s.data);
    }
  }
  MlirAttribute kind = mlirOperationGetAttributeByName(n->op, mlirStringRefCreateFromCString("kind"));
  if (!mlirAttributeIsNull(kind) && mlirAttributeIsAString(kind)) {
    MlirStringRef s = mlirStringAttrGetValue(kind);
    xnnStrBufAppendf(out, " %.*s", (int)s.length, s.data);
  }
}

/* Second line: the (first) result's type. */
static void nodeType(const Node *n, XnnStrBuf *out) {
  if (n->kind == NODE_INPUT || n->kind == NODE_OUTPUT) {
    typeText(n->type, out);
    return;
  }
  intptr_t results = mlirOperationGetNumResults(n->op);
  if (results > 0)
    typeText(mlirValueGetType(mlirOperationGetResult(n->op, 0)), out);
  if (results > 1)
    xnnStrBufAppendf(out, " (+%ld)", (long)(results - 1));
}

static void nodeLocation(const Node *n, char *buf, size_t size) {
  if (mlirOperationIsNull(n->op))
    buf[0] = 0;
  else
    xnnMlirOperationLocationText(n->op, buf, size);
}

/* "edge.add=7, edge.conv2d=31": the partitioner's record of a delegate's edge ops. */
static void edgeOpsText(MlirOperation func, XnnStrBuf *out) {
  MlirAttribute record = mlirOperationGetDiscardableAttributeByName(func, mlirStringRefCreateFromCString("xnn.edge_ops"));
  if (mlirAttributeIsNull(record) || !mlirAttributeIsADictionary(record))
    return;
  for (intptr_t i = 0, n = mlirDictionaryAttrGetNumElements(record); i < n; ++i) {
    MlirNamedAttribute e = mlirDictionaryAttrGetElement(record, i);
    if (!mlirAttributeIsAInteger(e.attribute))
      continue;
    MlirStringRef name = mlirIdentifierStr(e.name);
    xnnStrBufAppendf(out, "%s%.*s=%lld", i ? ", " : "", (int)name.length, name.data,
                     (long long)mlirIntegerAttrGetValueInt(e.attribute));
  }
}

static void groupLabel(const Graph *g, const Group *c, XnnStrBuf *out) {
  if (c->kind == GROUP_NAME) {
    xnnStrBufAppend(out, c->path.data + c->labelOffset, c->path.length - c->labelOffset);
    return;
  }
  MlirStringRef name = symbolName(c->func);
  if (c->kind == GROUP_FUNCTION)
    xnnStrBufAppendf(out, "func @%.*s", (int)name.length, name.data);
  else
    xnnStrBufAppendf(out, "%.*s", (int)name.length, name.data);
  (void)g;
}

static size_t countKind(const Graph *g, int kind) {
  size_t n = 0;
  for (size_t i = 0; i < g->numNodes; ++i)
    n += g->nodes[i].kind == kind;
  return n;
}

/* ---- DOT ---- */

/* A DOT string's contents: quotes and backslashes escaped, newlines as \n. */
static void dotEscaped(Out *o, const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    char c = s[i];
    if (c == '"' || c == '\\')
      put(o, "\\", 1), put(o, &c, 1);
    else if (c == '\n')
      put(o, "\\n", 2);
    else if ((unsigned char)c >= 0x20)
      put(o, &c, 1);
  }
}

/* tooltip="<text><sep><more>", escaped; `more` may be empty. */
static void dotTooltip(Out *o, const char *text, size_t n, const char *sep, MlirStringRef more) {
  puts_(o, "tooltip=\"");
  dotEscaped(o, text, n);
  if (more.data) {
    puts_(o, sep);
    dotEscaped(o, more.data, more.length);
  }
  puts_(o, "\"");
}

/* Long reasons wrapped at spaces so the node stays narrow. */
static void dotWrapped(Out *o, const char *s, size_t n, size_t width) {
  size_t column = 0;
  for (size_t i = 0; i < n; ++i) {
    if (s[i] == ' ' && column >= width) {
      put(o, "\\n", 2);
      column = 0;
      continue;
    }
    dotEscaped(o, s + i, 1);
    ++column;
  }
}

static void dotNode(Out *o, const Graph *g, size_t i, int depth) {
  const Node *n = &g->nodes[i];
  XnnStrBuf text = {0};
  char loc[512];
  nodeLabel(g, n, &text);
  xnnStrBufAppendCStr(&text, "\n");
  nodeType(n, &text);
  nodeLocation(n, loc, sizeof(loc));
  char head[64];
  snprintf(head, sizeof(head), "%*sn%zu [label=\"", 2 * depth + 2, "", i);
  puts_(o, head);
  dotEscaped(o, text.data, text.size);
  MlirStringRef why = n->op.ptr ? xnnMlirPortableReason(n->op) : mlirStringRefCreate(NULL, 0);
  if (n->kind == NODE_PORTABLE) {
    puts_(o, "\\nportable: ");
    dotEscaped(o, loc, strlen(loc));
    puts_(o, ":\\n");
    dotWrapped(o, why.data, why.length, 48);
  }
  puts_(o, "\"");
  if (n->kind == NODE_DELEGATED)
    puts_(o, ", fillcolor=\""), puts_(o, g->segments[n->segment].color), puts_(o, "\"");
  else if (n->kind == NODE_PORTABLE)
    puts_(o, ", fillcolor=\"#ffffff\", color=\"" PORTABLE_COLOR "\", penwidth=3");
  else if (n->kind == NODE_HOST)
    puts_(o, ", fillcolor=\"" HOST_COLOR "\"");
  else
    puts_(o, ", shape=ellipse, fillcolor=\"" TERMINAL_COLOR "\"");
  if (loc[0]) {
    puts_(o, ", ");
    dotTooltip(o, loc, strlen(loc), ": ", why);
  }
  puts_(o, "];\n");
  xnnStrBufFree(&text);
}

static void dotGroup(Out *o, const Graph *g, size_t k, const size_t *nodeOrder, const size_t *nodeStart,
                     const size_t *childOrder, const size_t *childStart, int depth) {
  const Group *c = &g->groups[k];
  XnnStrBuf label = {0};
  groupLabel(g, c, &label);
  char head[128];
  snprintf(head, sizeof(head), "%*ssubgraph cluster_g%d {\n%*s  label=\"", 2 * depth, "", c->shown, 2 * depth, "");
  puts_(o, head);
  dotEscaped(o, label.data, label.size);
  if (c->kind == GROUP_SEGMENT) {
    XnnStrBuf ops = {0};
    edgeOpsText(c->func, &ops);
    char count[64];
    snprintf(count, sizeof(count), " (%d op%s)", g->segments[c->segment].ops, g->segments[c->segment].ops == 1 ? "" : "s");
    puts_(o, count);
    puts_(o, "\"; style=\"rounded,bold\"; color=\"");
    puts_(o, g->segments[c->segment].color);
    puts_(o, "\";");
    if (ops.size) {
      puts_(o, " ");
      dotTooltip(o, ops.data, ops.size, "", (MlirStringRef){NULL, 0});
      puts_(o, ";");
    }
    puts_(o, "\n");
    xnnStrBufFree(&ops);
  } else {
    puts_(o, c->kind == GROUP_FUNCTION ? "\"; style=solid; color=\"#888888\";\n" : "\"; style=dashed; color=\"#888888\";\n");
  }
  xnnStrBufFree(&label);
  int shown = c->shown;
  for (size_t i = nodeStart[shown]; i < nodeStart[shown + 1]; ++i)
    dotNode(o, g, nodeOrder[i], depth);
  for (size_t i = childStart[shown]; i < childStart[shown + 1]; ++i)
    dotGroup(o, g, childOrder[i], nodeOrder, nodeStart, childOrder, childStart, depth + 1);
  snprintf(head, sizeof(head), "%*s}\n", 2 * depth, "");
  puts_(o, head);
}

/* Counting sort of `n` items by key into `order`, with `start[key]` the
 * first position of each key (start has `keys` + 1 entries). */
static void bucket(size_t n, size_t keys, const int *key, size_t *order, size_t *start) {
  memset(start, 0, (keys + 1) * sizeof(size_t));
  for (size_t i = 0; i < n; ++i)
    if (key[i] >= 0)
      ++start[key[i] + 1];
  for (size_t k = 0; k < keys; ++k)
    start[k + 1] += start[k];
  size_t *fill = malloc((keys + 1) * sizeof(size_t));
  if (!fill)
    abort();
  memcpy(fill, start, (keys + 1) * sizeof(size_t));
  for (size_t i = 0; i < n; ++i)
    if (key[i] >= 0)
      order[fill[key[i]]++] = i;
  free(fill);
}

static void writeDot(Out *o, const Graph *g, const char *title) {
  puts_(o, "digraph xnnmlir {\n  graph [label=\"");
  dotEscaped(o, title, strlen(title));
  char line[256];
  snprintf(line, sizeof(line), ": %zu delegate segment%s, %zu portable op%s", g->numSegments,
           g->numSegments == 1 ? "" : "s", countKind(g, NODE_PORTABLE), countKind(g, NODE_PORTABLE) == 1 ? "" : "s");
  puts_(o, line);
  puts_(o, "\", labelloc=t, fontname=\"monospace\", rankdir=TB];\n"
           "  node [shape=box, style=\"rounded,filled\", fontname=\"monospace\", fontsize=10, fillcolor=\"#ffffff\"];\n"
           "  edge [color=\"#555555\", arrowsize=0.6];\n"
           "  subgraph cluster_legend {\n    label=\"legend\"; style=dashed;\n");
  for (size_t s = 0; s < g->numSegments; ++s) {
    MlirStringRef name = symbolName(g->segments[s].func);
    snprintf(line, sizeof(line), "    legend_s%zu [label=\"", s);
    puts_(o, line);
    dotEscaped(o, name.data, name.length);
    snprintf(line, sizeof(line), "\\n%d op%s\", fillcolor=\"%s\"];\n", g->segments[s].ops,
             g->segments[s].ops == 1 ? "" : "s", g->segments[s].color);
    puts_(o, line);
  }
  puts_(o, "    legend_portable [label=\"portable op\", fillcolor=\"#ffffff\", color=\"" PORTABLE_COLOR
           "\", penwidth=3];\n  }\n");
  /* Nodes by the drawn group they sit in, drawn groups by their drawn parent. */
  size_t numShown = 0;
  for (size_t k = 0; k < g->numGroups; ++k)
    numShown += isShownGroup(g, k);
  int *nodeKey = malloc((g->numNodes + 1) * sizeof(int));
  int *groupKey = malloc((g->numGroups + 1) * sizeof(int));
  size_t *nodeOrder = malloc((g->numNodes + 1) * sizeof(size_t));
  size_t *childOrder = malloc((g->numGroups + 1) * sizeof(size_t));
  size_t *nodeStart = malloc((numShown + 1) * sizeof(size_t));
  size_t *childStart = malloc((numShown + 1) * sizeof(size_t));
  if (!nodeKey || !groupKey || !nodeOrder || !childOrder || !nodeStart || !childStart)
    abort();
  for (size_t i = 0; i < g->numNodes; ++i)
    nodeKey[i] = g->groups[g->nodes[i].group].shown;
  for (size_t k = 0; k < g->numGroups; ++k)
    groupKey[k] = isShownGroup(g, k) ? shownParent(g, k) : -1;
  bucket(g->numNodes, numShown, nodeKey, nodeOrder, nodeStart);
  bucket(g->numGroups, numShown, groupKey, childOrder, childStart);
  for (size_t k = 0; k < g->numGroups; ++k)
    if (g->groups[k].parent < 0)
      dotGroup(o, g, k, nodeOrder, nodeStart, childOrder, childStart, 1);
  for (size_t e = 0; e < g->numEdges; ++e) {
    snprintf(line, sizeof(line), "  n%d -> n%d;\n", g->edges[2 * e], g->edges[2 * e + 1]);
    puts_(o, line);
  }
  puts_(o, "}\n");
  free(nodeKey);
  free(groupKey);
  free(nodeOrder);
  free(childOrder);
  free(nodeStart);
  free(childStart);
}

/* ---- HTML ---- */

/* A JSON string safe inside a <script> element ('<' escaped). */
static void jsonString(Out *o, const char *s, size_t n) {
  put(o, "\"", 1);
  size_t run = 0;
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&')
      continue;
    put(o, s + run, i - run);
    char esc[8];
    snprintf(esc, sizeof(esc), "\\u%04x", c);
    put(o, esc, 6);
    run = i + 1;
  }
  put(o, s + run, n - run);
  put(o, "\"", 1);
}

static void jsonBuf(Out *o, const XnnStrBuf *b) { jsonString(o, b->data ? b->data : "", b->size); }

static void writeHtmlData(Out *o, const Graph *g, const char *title) {
  char line[256];
  puts_(o, "{\"title\": ");
  jsonString(o, title, strlen(title));
  puts_(o, ",\n\"segments\": [");
  for (size_t s = 0; s < g->numSegments; ++s) {
    MlirStringRef name = symbolName(g->segments[s].func);
    XnnStrBuf ops = {0};
    edgeOpsText(g->segments[s].func, &ops);
    puts_(o, s ? ",\n[" : "\n[");
    jsonString(o, name.data, name.length);
    snprintf(line, sizeof(line), ", \"%s\", %d, ", g->segments[s].color, g->segments[s].ops);
    puts_(o, line);
    jsonBuf(o, &ops);
    puts_(o, "]");
    xnnStrBufFree(&ops);
  }
  /* groups: [parent, kind, segment, label, full path] */
  puts_(o, "],\n\"groups\": [");
  bool first = true;
  for (size_t k = 0; k < g->numGroups; ++k) {
    if (!isShownGroup(g, k))
      continue;
    const Group *c = &g->groups[k];
    XnnStrBuf label = {0};
    groupLabel(g, c, &label);
    snprintf(line, sizeof(line), "%s[%d, %d, %d, ", first ? "\n" : ",\n", shownParent(g, k), c->kind, c->segment);
    puts_(o, line);
    jsonBuf(o, &label);
    puts_(o, ", ");
    jsonString(o, c->path.data ? c->path.data : "", c->path.length);
    puts_(o, "]");
    xnnStrBufFree(&label);
    first = false;
  }
  /* nodes: [group, kind, segment, label, type, location, reason] */
  puts_(o, "],\n\"nodes\": [");
  XnnStrBuf text = {0};
  char loc[512];
  for (size_t i = 0; i < g->numNodes; ++i) {
    const Node *n = &g->nodes[i];
    snprintf(line, sizeof(line), "%s[%d, %d, %d, ", i ? ",\n" : "\n", g->groups[n->group].shown, n->kind, n->segment);
    puts_(o, line);
    xnnStrBufClear(&text);
    nodeLabel(g, n, &text);
    jsonBuf(o, &text);
    puts_(o, ", ");
    xnnStrBufClear(&text);
    nodeType(n, &text);
    jsonBuf(o, &text);
    puts_(o, ", ");
    nodeLocation(n, loc, sizeof(loc));
    jsonString(o, loc, strlen(loc));
    puts_(o, ", ");
    MlirStringRef why = n->kind == NODE_PORTABLE ? xnnMlirPortableReason(n->op) : mlirStringRefCreate("", 0);
    jsonString(o, why.data, why.length);
    puts_(o, "]");
  }
  xnnStrBufFree(&text);
  puts_(o, "],\n\"edges\": [");
  for (size_t e = 0; e < g->numEdges; ++e) {
    snprintf(line, sizeof(line), "%s%d,%d", e ? (e % 16 ? "," : ",\n") : "", g->edges[2 * e], g->edges[2 * e + 1]);
    puts_(o, line);
  }
  puts_(o, "]}");
}

static void writeHtml(Out *o, const Graph *g, const char *title) {
  const char *page = xnnMlirGraphViewText, *end = page + xnnMlirGraphViewText_size;
  const char *marker = strstr(page, DATA_MARKER);
  if (!marker)
    abort(); /* the embedded page lost its marker: a build error */
  put(o, page, (size_t)(marker - page));
  writeHtmlData(o, g, title);
  marker += strlen(DATA_MARKER);
  put(o, marker, (size_t)(end - marker));
}

/* ---- entry points ---- */

static bool endsWithNoCase(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  if (n <= m)
    return false;
  for (size_t i = 0; i < m; ++i) {
    char c = s[n - m + i];
    if (c >= 'A' && c <= 'Z')
      c = (char)(c - 'A' + 'a');
    if (c != suffix[i])
      return false;
  }
  return s[n - m - 1] != '/';
}

XnnMlirGraphFormat xnnMlirGraphFormatForPath(const char *path) {
  if (endsWithNoCase(path, ".dot"))
    return XNN_MLIR_GRAPH_DOT;
  if (endsWithNoCase(path, ".html") || endsWithNoCase(path, ".htm"))
    return XNN_MLIR_GRAPH_HTML;
  return XNN_MLIR_GRAPH_NONE;
}

void xnnMlirWriteGraph(MlirOperation module, XnnMlirGraphFormat format, const char *title,
                       MlirStringCallback write, void *userData) {
  Graph g;
  buildGraph(&g, module);
  Out o = {write, userData, {0}};
  xnnStrBufReserve(&o.buf, (1 << 16) + 1024);
  if (format == XNN_MLIR_GRAPH_DOT)
    writeDot(&o, &g, title);
  else if (format == XNN_MLIR_GRAPH_HTML)
    writeHtml(&o, &g, title);
  flush(&o);
  xnnStrBufFree(&o.buf);
  freeGraph(&g);
}
