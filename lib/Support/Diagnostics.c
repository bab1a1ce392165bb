/* Diagnostic printing (mlir-opt style) and --verify-diagnostics matching. */
#include "xnnmlir/Diagnostics.h"

#include "xnnmlir/Parse.h"

#include "Support/Strings.h"

#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

typedef enum Kind { KIND_ERROR, KIND_WARNING, KIND_NOTE, KIND_REMARK } Kind;
static const char *const kindNames[] = {"error", "warning", "note", "remark"};

typedef struct Expectation {
  Kind kind;
  bool isRegex;
  bool unknownLoc;
  bool matched;
  unsigned line;     /* line the diagnostic must be on */
  unsigned declLine; /* line of the expected-* comment */
  unsigned declCol;
  char *text; /* substring, or the assembled POSIX regex */
  regex_t regex;
  bool regexCompiled;
} Expectation;

typedef struct Collected {
  Kind kind;
  bool hasPos;
  bool inSource;
  unsigned line, col;
  char *message;
  char *file;
} Collected;

struct XnnMlirDiagEngine {
  MlirContext ctx;
  MlirDiagnosticHandlerID handlerId;
  FILE *out;
  const char *filename;
  const char *buffer;
  size_t size;
  size_t numErrors;
  bool verifying;
  bool onlyExpected;
  bool badExpectations;
  Expectation *expects;
  size_t numExpects, capExpects;
  Collected *collected;
  size_t numCollected, capCollected;
};

static Kind severityKind(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError:
    return KIND_ERROR;
  case MlirDiagnosticWarning:
    return KIND_WARNING;
  case MlirDiagnosticNote:
    return KIND_NOTE;
  case MlirDiagnosticRemark:
    return KIND_REMARK;
  }
  return KIND_ERROR;
}

bool xnnMlirLocationGetFilePos(MlirLocation loc, MlirStringRef *file, unsigned *line,
                               unsigned *col) {
  for (int depth = 0; depth < 64 && !mlirLocationIsNull(loc); ++depth) {
    if (mlirLocationIsAFileLineColRange(loc)) {
      *file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
      int l = mlirLocationFileLineColRangeGetStartLine(loc);
      int c = mlirLocationFileLineColRangeGetStartColumn(loc);
      *line = l > 0 ? (unsigned)l : 0;
      *col = c > 0 ? (unsigned)c : 0;
      return true;
    }
    if (mlirLocationIsAName(loc)) {
      loc = mlirLocationNameGetChildLoc(loc);
    } else if (mlirLocationIsACallSite(loc)) {
      /* As mlir-opt: the callee's position, else the nearest caller's. */
      if (xnnMlirLocationGetFilePos(mlirLocationCallSiteGetCallee(loc), file, line, col))
        return true;
      loc = mlirLocationCallSiteGetCaller(loc);
    } else if (mlirLocationIsAFused(loc)) {
      unsigned n = mlirLocationFusedGetNumLocations(loc);
      if (n == 0)
        return false;
      MlirLocation *locs = malloc(sizeof(MlirLocation) * n);
      if (!locs)
        return false;
      mlirLocationFusedGetLocations(loc, locs);
      bool found = false;
      for (unsigned i = 0; i < n && !found; ++i)
        found = xnnMlirLocationGetFilePos(locs[i], file, line, col);
      free(locs);
      return found;
    } else {
      return false;
    }
  }
  return false;
}

/* Returns line `line` (1-based) of the source buffer, or NULL. */
static const char *sourceLine(XnnMlirDiagEngine *e, unsigned line, size_t *len) {
  if (!e->buffer || line == 0)
    return NULL;
  const char *p = e->buffer, *end = e->buffer + e->size;
  for (unsigned l = 1; l < line && p < end; ++l) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl)
      return NULL;
    p = nl + 1;
  }
  if (p >= end)
    return NULL;
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *len = nl ? (size_t)(nl - p) : (size_t)(end - p);
  return p;
}

/* Locations made by a parse in flight name MLIR's anonymous buffer: map it back. */
static MlirStringRef realFile(XnnMlirDiagEngine *e, MlirStringRef file) {
  if (e->filename && xnnStrRefEquals(file, XNN_MLIR_PARSE_BUFFER_NAME))
    return mlirStringRefCreateFromCString(e->filename);
  return file;
}

static void printAt(XnnMlirDiagEngine *e, bool hasPos, MlirStringRef file, unsigned line,
                    unsigned col, const char *kind, const char *msg) {
  file = realFile(e, file);
  if (hasPos && line == 0) /* a file without lines (bytecode, MLIR's file:0:0): the file alone */
    fprintf(e->out, "%.*s: %s: %s\n", (int)file.length, file.data, kind, msg);
  else if (hasPos)
    fprintf(e->out, "%.*s:%u:%u: %s: %s\n", (int)file.length, file.data, line, col, kind, msg);
  else
    fprintf(e->out, "<unknown>:0: %s: %s\n", kind, msg);
  size_t len = 0;
  const char *src = NULL;
  if (hasPos && e->filename && xnnStrRefEquals(file, e->filename))
    src = sourceLine(e, line, &len);
  /* As LLVM's SourceMgr: a line too long to read is not echoed (a 10^6-deep
   * one-line input would otherwise print megabytes). */
  if (src && len <= 4096) {
    fprintf(e->out, "%.*s\n", (int)len, src);
    for (unsigned i = 1; i < col && i <= len; ++i)
      fputc(src[i - 1] == '\t' ? '\t' : ' ', e->out);
    fputs("^\n", e->out);
  }
}

/* The call site a location stands for (through name and fused locations), or
 * a null location: its callers are printed as "called from" notes. */
static MlirLocation callSiteOf(MlirLocation loc, int depth) {
  if (depth > 64 || mlirLocationIsNull(loc))
    return (MlirLocation){NULL};
  if (mlirLocationIsACallSite(loc))
    return loc;
  if (mlirLocationIsAName(loc))
    return callSiteOf(mlirLocationNameGetChildLoc(loc), depth + 1);
  if (mlirLocationIsAFused(loc)) {
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *locs = n ? malloc(sizeof(MlirLocation) * n) : NULL;
    MlirLocation found = {NULL};
    if (!locs)
      return found;
    mlirLocationFusedGetLocations(loc, locs);
    for (unsigned i = 0; i < n && mlirLocationIsNull(found); ++i)
      found = callSiteOf(locs[i], depth + 1);
    free(locs);
    return found;
  }
  return (MlirLocation){NULL};
}

/* Prints a diagnostic at `loc` the way mlir-opt's source-manager handler
 * does: at the first file position the location holds (name, call-site and
 * fused locations are looked through); without one, the location itself
 * (e.g. `loc("the_conv")`) leads the message unless it is unknown; the
 * callers of a call-site location follow as "called from" notes. */
static void printLocated(XnnMlirDiagEngine *e, MlirLocation loc, const char *kind, const char *msg) {
  MlirStringRef file = {0};
  unsigned line = 0, col = 0;
  bool hasPos = !mlirLocationIsNull(loc) && xnnMlirLocationGetFilePos(loc, &file, &line, &col);
  if (hasPos || mlirLocationIsNull(loc) ||
      mlirLocationEqual(loc, mlirLocationUnknownGet(mlirLocationGetContext(loc)))) {
    printAt(e, hasPos, file, line, col, kind, msg);
  } else {
    XnnStrBuf text = {0};
    mlirLocationPrint(loc, xnnStrBufCallback, &text);
    xnnStrBufAppendCStr(&text, ": ");
    xnnStrBufAppendCStr(&text, msg);
    printAt(e, false, file, line, col, kind, text.data);
    xnnStrBufFree(&text);
  }
  MlirLocation call = callSiteOf(loc, 0);
  for (int depth = 0; !mlirLocationIsNull(call) && depth < 10; ++depth) {
    MlirLocation caller = mlirLocationCallSiteGetCaller(call);
    if (xnnMlirLocationGetFilePos(caller, &file, &line, &col))
      printAt(e, true, file, line, col, "note", "called from");
    call = callSiteOf(caller, 0);
  }
}

static void printDiagnostic(XnnMlirDiagEngine *e, MlirDiagnostic diag) {
  XnnStrBuf msg = {0};
  mlirDiagnosticPrint(diag, xnnStrBufCallback, &msg);
  printLocated(e, mlirDiagnosticGetLocation(diag),
               kindNames[severityKind(mlirDiagnosticGetSeverity(diag))], msg.data ? msg.data : "");
  xnnStrBufFree(&msg);
  intptr_t n = mlirDiagnosticGetNumNotes(diag);
  for (intptr_t i = 0; i < n; ++i)
    printDiagnostic(e, mlirDiagnosticGetNote(diag, i));
}

static void collect(XnnMlirDiagEngine *e, MlirDiagnostic diag) {
  /* mlir-opt turns off the "see current operation" notes when verifying
   * diagnostics; the C API cannot, so they are dropped here. */
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticNote) {
    XnnStrBuf probe = {0};
    mlirDiagnosticPrint(diag, xnnStrBufCallback, &probe);
    bool generated = probe.data && !strncmp(probe.data, "see current operation: ", 23);
    xnnStrBufFree(&probe);
    if (generated)
      return;
  }
  if (e->numCollected == e->capCollected) {
    e->capCollected = e->capCollected ? 2 * e->capCollected : 16;
    e->collected = realloc(e->collected, e->capCollected * sizeof(Collected));
    if (!e->collected)
      abort();
  }
  Collected *c = &e->collected[e->numCollected++];
  memset(c, 0, sizeof(*c));
  XnnStrBuf msg = {0};
  mlirDiagnosticPrint(diag, xnnStrBufCallback, &msg);
  c->message = msg.data ? msg.data : strdup("");
  c->kind = severityKind(mlirDiagnosticGetSeverity(diag));
  MlirStringRef file = {0};
  c->hasPos = xnnMlirLocationGetFilePos(mlirDiagnosticGetLocation(diag), &file, &c->line, &c->col);
  file = realFile(e, file);
  c->file = strndup(file.data ? file.data : "", file.length);
  c->inSource = c->hasPos && e->filename && xnnStrRefEquals(file, e->filename);
  intptr_t n = mlirDiagnosticGetNumNotes(diag);
  for (intptr_t i = 0; i < n; ++i)
    collect(e, mlirDiagnosticGetNote(diag, i));
}

static MlirLogicalResult handler(MlirDiagnostic diag, void *userData) {
  XnnMlirDiagEngine *e = userData;
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++e->numErrors;
  if (e->verifying)
    collect(e, diag);
  else
    printDiagnostic(e, diag);
  return mlirLogicalResultSuccess();
}

XnnMlirDiagEngine *xnnMlirDiagEngineCreate(MlirContext ctx, FILE *out) {
  XnnMlirDiagEngine *e = calloc(1, sizeof(*e));
  if (!e)
    abort();
  e->ctx = ctx;
  e->out = out;
  e->handlerId = mlirContextAttachDiagnosticHandler(ctx, handler, e, NULL);
  return e;
}

static void clearVerifyState(XnnMlirDiagEngine *e) {
  for (size_t i = 0; i < e->numExpects; ++i) {
    if (e->expects[i].regexCompiled)
      regfree(&e->expects[i].regex);
    free(e->expects[i].text);
  }
  for (size_t i = 0; i < e->numCollected; ++i) {
    free(e->collected[i].message);
    free(e->collected[i].file);
  }
  e->numExpects = e->numCollected = 0;
}

void xnnMlirDiagEngineDestroy(XnnMlirDiagEngine *e) {
  if (!e)
    return;
  mlirContextDetachDiagnosticHandler(e->ctx, e->handlerId);
  clearVerifyState(e);
  free(e->expects);
  free(e->collected);
  free(e);
}

void xnnMlirDiagEngineSetSource(XnnMlirDiagEngine *e, const char *filename, const char *buffer,
                                size_t size) {
  e->filename = filename;
  e->buffer = buffer;
  e->size = size;
}

size_t xnnMlirDiagEngineGetNumErrors(XnnMlirDiagEngine *e) { return e->numErrors; }

void xnnMlirDiagEnginePrintError(XnnMlirDiagEngine *e, MlirLocation loc, const char *msg) {
  printLocated(e, loc, "error", msg);
  ++e->numErrors;
}

MlirLocation xnnMlirDiagEngineInputLoc(XnnMlirDiagEngine *e) {
  return mlirLocationFileLineColGet(e->ctx,
                                    mlirStringRefCreateFromCString(e->filename ? e->filename : "<stdin>"),
                                    1, 1);
}

void xnnMlirDiagEnginePrintErrorText(XnnMlirDiagEngine *e, const char *text, MlirLocation fallback) {
  static const char kUnknown[] = "<unknown location>: ";
  if (!strncmp(text, kUnknown, sizeof kUnknown - 1)) {
    xnnMlirDiagEnginePrintError(e, fallback, text + sizeof kUnknown - 1);
    return;
  }
  /* The first ":LINE:COL: " ends a leading position (file names may hold ':'). */
  for (const char *p = strchr(text, ':'); p; p = strchr(p + 1, ':')) {
    const char *q = p + 1;
    char *end;
    unsigned long line = strtoul(q, &end, 10);
    if (end == q || *end != ':' || line > 0x7fffffff)
      continue;
    q = end + 1;
    unsigned long col = strtoul(q, &end, 10);
    if (end == q || end[0] != ':' || end[1] != ' ' || col > 0x7fffffff)
      continue;
    MlirLocation loc = mlirLocationFileLineColGet(
        e->ctx, mlirStringRefCreate(text, (size_t)(p - text)), (unsigned)line, (unsigned)col);
    xnnMlirDiagEnginePrintError(e, loc, end + 2);
    return;
  }
  xnnMlirDiagEnginePrintError(e, fallback, text);
}

static void sourceError(XnnMlirDiagEngine *e, unsigned line, unsigned col, const char *msg) {
  printAt(e, true, mlirStringRefCreateFromCString(e->filename ? e->filename : "<stdin>"), line,
          col, "error", msg);
}

/* Appends `s` to `buf` with every POSIX ERE metacharacter escaped. */
static void appendEscaped(XnnStrBuf *buf, const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (strchr(".[]{}()\\*+?^$|", s[i]))
      xnnStrBufAppend(buf, "\\", 1);
    xnnStrBufAppend(buf, s + i, 1);
  }
}

static Expectation *addExpectation(XnnMlirDiagEngine *e) {
  if (e->numExpects == e->capExpects) {
    e->capExpects = e->capExpects ? 2 * e->capExpects : 16;
    e->expects = realloc(e->expects, e->capExpects * sizeof(Expectation));
    if (!e->expects)
      abort();
  }
  Expectation *x = &e->expects[e->numExpects++];
  memset(x, 0, sizeof(*x));
  return x;
}

/* Parses one `expected-KIND[-re][@OFF] {{msg}}` starting at `p` (after "expected-").
 * Returns 0 if not a designator, 1 if parsed, -1 on a malformed one (reported). */
static int parseDesignator(XnnMlirDiagEngine *e, const char *p, const char *lineEnd, unsigned line,
                           unsigned col, Expectation *out, bool *below, bool *above) {
  Kind kind;
  size_t klen;
  if (!strncmp(p, "error", 5)) {
    kind = KIND_ERROR, klen = 5;
  } else if (!strncmp(p, "warning", 7)) {
    kind = KIND_WARNING, klen = 7;
  } else if (!strncmp(p, "note", 4)) {
    kind = KIND_NOTE, klen = 4;
  } else if (!strncmp(p, "remark", 6)) {
    kind = KIND_REMARK, klen = 6;
  } else {
    return 0;
  }
  p += klen;
  bool isRegex = false;
  if (p + 3 <= lineEnd && !strncmp(p, "-re", 3)) {
    isRegex = true;
    p += 3;
  }
  while (p < lineEnd && *p == ' ')
    ++p;
  long target = line;
  *below = *above = false;
  bool unknown = false;
  if (p < lineEnd && *p == '@') {
    ++p;
    if (p < lineEnd && (*p == '+' || *p == '-')) {
      char sign = *p++;
      char *end;
      long off = strtol(p, &end, 10);
      if (end == p) {
        sourceError(e, line, col, "expected an offset after '@+' or '@-' in expected diagnostic");
        return -1;
      }
      p = end;
      target = sign == '+' ? line + off : line - off;
    } else if (lineEnd - p >= 5 && !strncmp(p, "above", 5)) {
      *above = true;
      p += 5;
    } else if (lineEnd - p >= 5 && !strncmp(p, "below", 5)) {
      *below = true;
      p += 5;
    } else if (lineEnd - p >= 7 && !strncmp(p, "unknown", 7)) {
      unknown = true;
      p += 7;
    } else if (p < lineEnd && isdigit((unsigned char)*p)) {
      char *end;
      target = strtol(p, &end, 10);
      p = end;
    } else {
      sourceError(e, line, col, "unknown location designator in expected diagnostic "
                                "(use @+N, @-N, @N, @above, @below or @unknown)");
      return -1;
    }
  }
  while (p < lineEnd && *p == ' ')
    ++p;
  if (lineEnd - p < 2 || strncmp(p, "{{", 2)) {
    sourceError(e, line, col, "expected '{{' after expected diagnostic designator");
    return -1;
  }
  p += 2;
  const char *close = NULL;
  for (const char *q = p; q + 1 < lineEnd; ++q)
    if (q[0] == '}' && q[1] == '}')
      close = q;
  if (!close) {
    sourceError(e, line, col, "expected '}}' to close the expected diagnostic message");
    return -1;
  }
  memset(out, 0, sizeof(*out));
  out->kind = kind;
  out->isRegex = isRegex;
  out->unknownLoc = unknown;
  out->line = target > 0 ? (unsigned)target : 0;
  out->declLine = line;
  out->declCol = col;
  if (!isRegex) {
    out->text = strndup(p, (size_t)(close - p));
    return 1;
  }
  XnnStrBuf re = {0};
  const char *q = p;
  while (q < close) {
    const char *open = strstr(q, "{{");
    if (!open || open >= close) {
      appendEscaped(&re, q, (size_t)(close - q));
      break;
    }
    appendEscaped(&re, q, (size_t)(open - q));
    const char *end = strstr(open + 2, "}}");
    if (!end || end > close) {
      xnnStrBufFree(&re);
      sourceError(e, line, col, "unterminated '{{' regex in expected-*-re diagnostic");
      return -1;
    }
    xnnStrBufAppend(&re, "(", 1);
    xnnStrBufAppend(&re, open + 2, (size_t)(end - open - 2));
    xnnStrBufAppend(&re, ")", 1);
    q = end + 2;
  }
  out->text = re.data ? re.data : strdup("");
  if (regcomp(&out->regex, out->text, REG_EXTENDED | REG_NOSUB) != 0) {
    sourceError(e, line, col, "invalid regex in expected-*-re diagnostic");
    free(out->text);
    out->text = NULL;
    return -1;
  }
  out->regexCompiled = true;
  return 1;
}

void xnnMlirDiagEngineBeginVerify(XnnMlirDiagEngine *e, unsigned firstLine, unsigned lastLine,
                                  bool onlyExpected) {
  clearVerifyState(e);
  e->verifying = true;
  e->onlyExpected = onlyExpected;
  e->badExpectations = false;
  if (!e->buffer)
    return;
  const char *p = e->buffer, *end = e->buffer + e->size;
  unsigned line = 1, lastNonDesignator = 0;
  size_t pendingBelowStart = (size_t)-1;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *lineEnd = nl ? nl : end;
    bool designatorLine = false;
    if (line >= firstLine && line <= lastLine) {
      for (const char *q = p; q < lineEnd;) {
        const char *hit = NULL;
        for (const char *r = q; r + 9 <= lineEnd; ++r)
          if (!memcmp(r, "expected-", 9)) {
            hit = r;
            break;
          }
        if (!hit)
          break;
        Expectation x;
        bool below, above;
        int r = parseDesignator(e, hit + 9, lineEnd, line, (unsigned)(hit - p) + 1, &x, &below,
                                &above);
        if (r < 0)
          e->badExpectations = true;
        if (r > 0) {
          designatorLine = true;
          if (above)
            x.line = lastNonDesignator;
          Expectation *slot = addExpectation(e);
          *slot = x;
          if (below) {
            slot->line = 0;
            if (pendingBelowStart == (size_t)-1)
              pendingBelowStart = e->numExpects - 1;
          }
        }
        q = hit + 9;
      }
    }
    if (!designatorLine) {
      lastNonDesignator = line;
      if (pendingBelowStart != (size_t)-1) {
        for (size_t i = pendingBelowStart; i < e->numExpects; ++i)
          if (e->expects[i].line == 0 && !e->expects[i].unknownLoc)
            e->expects[i].line = line;
        pendingBelowStart = (size_t)-1;
      }
    }
    if (!nl)
      break;
    p = nl + 1;
    ++line;
  }
}

static bool messageMatches(const Expectation *x, const char *msg) {
  if (x->isRegex)
    return x->regexCompiled && regexec(&x->regex, msg, 0, NULL, 0) == 0;
  return strstr(msg, x->text) != NULL;
}

bool xnnMlirDiagEngineEndVerify(XnnMlirDiagEngine *e) {
  e->verifying = false;
  bool ok = !e->badExpectations;
  for (size_t i = 0; i < e->numCollected; ++i) {
    Collected *c = &e->collected[i];
    bool matched = false;
    for (size_t j = 0; j < e->numExpects && !matched; ++j) {
      Expectation *x = &e->expects[j];
      if (x->matched || x->kind != c->kind)
        continue;
      bool locOk = x->unknownLoc ? !c->hasPos : (c->inSource && c->line == x->line);
      if (locOk && messageMatches(x, c->message))
        x->matched = matched = true;
    }
    if (!matched && !e->onlyExpected) {
      ok = false;
      char msg[4096];
      snprintf(msg, sizeof(msg), "unexpected %s: %s", kindNames[c->kind], c->message);
      printAt(e, c->hasPos, mlirStringRefCreateFromCString(c->file), c->line, c->col, "error", msg);
    }
  }
  for (size_t j = 0; j < e->numExpects; ++j) {
    Expectation *x = &e->expects[j];
    if (x->matched)
      continue;
    ok = false;
    char msg[4096];
    snprintf(msg, sizeof(msg), "expected %s \"%s\" was not produced", kindNames[x->kind],
             x->text ? x->text : "");
    sourceError(e, x->declLine, x->declCol, msg);
  }
  clearVerifyState(e);
  return ok;
}
