/* Textual pass pipelines: MLIR's syntax, resolved against this project's
 * registry first and MLIR's pass registry second, so one pipeline can mix
 * both (`builtin.module(xnn-partition{fold-dtype-converts=false},func.func(cse))`). */
#include "xnnmlir/Passes.h"

#include "Support/Strings.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct Parser {
  MlirStringRef text;
  size_t pos;
  MlirStringCallback error;
  void *userData;
  bool failed;
} Parser;

/* Reports `msg` located at byte `at` of the pipeline text, with a caret line. */
static void parserError(Parser *p, size_t at, const char *msg) {
  if (p->failed)
    return;
  p->failed = true;
  XnnStrBuf buf = {0};
  xnnStrBufAppendf(&buf, "<Pass-Pipeline>:1:%zu: error: %s\n%.*s\n", at + 1, msg,
                   (int)p->text.length, p->text.data);
  for (size_t i = 0; i < at; ++i)
    xnnStrBufAppend(&buf, " ", 1);
  xnnStrBufAppendCStr(&buf, "^");
  if (p->error)
    p->error(mlirStringRefCreate(buf.data, buf.size), p->userData);
  xnnStrBufFree(&buf);
}

static void skipSpace(Parser *p) {
  while (p->pos < p->text.length && isspace((unsigned char)p->text.data[p->pos]))
    ++p->pos;
}

static bool isNameChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' || c == '$';
}

static MlirStringRef parseName(Parser *p) {
  skipSpace(p);
  size_t start = p->pos;
  while (p->pos < p->text.length && isNameChar(p->text.data[p->pos]))
    ++p->pos;
  return mlirStringRefCreate(p->text.data + start, p->pos - start);
}

/* Returns the text between a '{' at p->pos and its matching '}', advancing past it. */
static bool parseOptions(Parser *p, MlirStringRef *out) {
  size_t open = p->pos;
  int depth = 0;
  char quote = 0;
  for (; p->pos < p->text.length; ++p->pos) {
    char c = p->text.data[p->pos];
    if (quote) {
      if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '"' || c == '\'')
      quote = c;
    else if (c == '{')
      ++depth;
    else if (c == '}' && --depth == 0) {
      *out = mlirStringRefCreate(p->text.data + open + 1, p->pos - open - 1);
      ++p->pos;
      return true;
    }
  }
  parserError(p, open, "unbalanced '{' in pass options");
  return false;
}

typedef struct ErrorCapture {
  XnnStrBuf buf;
} ErrorCapture;

static void captureError(MlirStringRef msg, void *userData) {
  xnnStrBufAppend(&((ErrorCapture *)userData)->buf, msg.data, msg.length);
}

/* True if `pm` runs on builtin.module (the C API has no anchor getter; the
 * printed pipeline starts with it). */
static bool anchoredOnModule(MlirOpPassManager pm) {
  XnnStrBuf text = {0};
  mlirPrintPassPipeline(pm, xnnStrBufCallback, &text);
  bool module = text.data && !strncmp(text.data, "builtin.module(", 15);
  xnnStrBufFree(&text);
  return module;
}

/* A pass that declares steps (xnn-delegate) becomes them on a module,
 * steps on functions nested under func.func(...), so pipeline dumps, timings
 * and IR printing list each step. Elsewhere the single pass stays (and
 * reports it if it cannot run there). */
static bool addSteps(Parser *p, MlirOpPassManager pm, const XnnMlirPassInfo *info, MlirStringRef options,
                     size_t at) {
  ErrorCapture cap = {{0}};
  XnnMlirPassOptionValues values;
  if (!xnnMlirParsePassOptions(info, options, &values, captureError, &cap)) {
    parserError(p, at, cap.buf.data ? cap.buf.data : "invalid options");
    xnnStrBufFree(&cap.buf);
    return false;
  }
  bool ok = mlirLogicalResultIsSuccess(xnnMlirAddPassSteps(pm, info, &values, captureError, &cap));
  if (!ok) {
    char msg[256];
    snprintf(msg, sizeof(msg), "cannot add %s's steps", info->argument);
    parserError(p, at, cap.buf.data ? cap.buf.data : msg);
  }
  xnnStrBufFree(&cap.buf);
  return ok;
}

static bool addPass(Parser *p, MlirOpPassManager pm, MlirStringRef name, MlirStringRef options,
                    bool hasOptions, size_t at) {
  const XnnMlirPassInfo *info = xnnMlirLookupPass(name);
  ErrorCapture cap = {{0}};
  if (info && info->numSteps && anchoredOnModule(pm))
    return addSteps(p, pm, info, options, at);
  if (info) {
    MlirPass pass = xnnMlirCreatePass(info, options, captureError, &cap);
    if (!pass.ptr) {
      parserError(p, at, cap.buf.data ? cap.buf.data : "failed to create pass");
      xnnStrBufFree(&cap.buf);
      return false;
    }
    mlirOpPassManagerAddOwnedPass(pm, pass);
    return true;
  }
  XnnStrBuf element = {0};
  xnnStrBufAppend(&element, name.data, name.length);
  if (hasOptions) {
    xnnStrBufAppendCStr(&element, "{");
    xnnStrBufAppend(&element, options.data, options.length);
    xnnStrBufAppendCStr(&element, "}");
  }
  MlirLogicalResult r =
      mlirOpPassManagerAddPipeline(pm, mlirStringRefCreate(element.data, element.size),
                                   captureError, &cap);
  xnnStrBufFree(&element);
  if (mlirLogicalResultIsFailure(r)) {
    char msg[1024];
    const char *mlirMsg = cap.buf.data ? cap.buf.data : "";
    if (strstr(mlirMsg, "does not refer to a registered pass")) {
      snprintf(msg, sizeof(msg), "'%.*s' does not refer to a registered pass or pass pipeline",
               (int)name.length, name.data);
    } else {
      /* Keep MLIR's own explanation (e.g. an unknown option), minus its location prefix. */
      const char *e = strstr(mlirMsg, "error: ");
      snprintf(msg, sizeof(msg), "%s", e ? e + 7 : mlirMsg);
      char *nl = strchr(msg, '\n');
      if (nl)
        *nl = 0;
    }
    parserError(p, at, msg);
    xnnStrBufFree(&cap.buf);
    return false;
  }
  xnnStrBufFree(&cap.buf);
  return true;
}

static bool parseElements(Parser *p, MlirOpPassManager pm, bool nested);

static bool parseElement(Parser *p, MlirOpPassManager pm) {
  skipSpace(p);
  size_t at = p->pos;
  MlirStringRef name = parseName(p);
  if (name.length == 0) {
    parserError(p, at, "expected pass or op name");
    return false;
  }
  skipSpace(p);
  if (p->pos < p->text.length && p->text.data[p->pos] == '(') {
    ++p->pos;
    MlirOpPassManager nested = mlirOpPassManagerGetNestedUnder(pm, name);
    if (!parseElements(p, nested, true))
      return false;
    skipSpace(p);
    if (p->pos >= p->text.length || p->text.data[p->pos] != ')') {
      parserError(p, p->pos, "expected ')' to close the nested pipeline");
      return false;
    }
    ++p->pos;
    return true;
  }
  MlirStringRef options = mlirStringRefCreate(NULL, 0);
  bool hasOptions = false;
  if (p->pos < p->text.length && p->text.data[p->pos] == '{') {
    if (!parseOptions(p, &options))
      return false;
    hasOptions = true;
  }
  return addPass(p, pm, name, options, hasOptions, at);
}

static bool parseElements(Parser *p, MlirOpPassManager pm, bool nested) {
  skipSpace(p);
  if (nested && p->pos < p->text.length && p->text.data[p->pos] == ')')
    return true; /* empty nested pipeline */
  for (;;) {
    if (!parseElement(p, pm))
      return false;
    skipSpace(p);
    if (p->pos < p->text.length && p->text.data[p->pos] == ',') {
      ++p->pos;
      continue;
    }
    return true;
  }
}

MlirLogicalResult xnnMlirAddPipeline(MlirOpPassManager pm, MlirStringRef text,
                                     MlirStringCallback error, void *userData) {
  Parser p = {text, 0, error, userData, false};
  skipSpace(&p);
  if (p.pos == text.length)
    return mlirLogicalResultSuccess();
  if (!parseElements(&p, pm, false))
    return mlirLogicalResultFailure();
  skipSpace(&p);
  if (p.pos != text.length) {
    parserError(&p, p.pos, "unexpected character in pass pipeline");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult xnnMlirParsePassPipeline(MlirOpPassManager pm, MlirStringRef anchor,
                                           MlirStringRef text, MlirStringCallback error,
                                           void *userData) {
  Parser p = {text, 0, error, userData, false};
  skipSpace(&p);
  size_t at = p.pos;
  MlirStringRef name = parseName(&p);
  skipSpace(&p);
  if (name.length == 0 || p.pos >= text.length || text.data[p.pos] != '(') {
    char msg[512];
    snprintf(msg, sizeof(msg), "the pipeline must be anchored on the root operation: "
             "write '%.*s(...)'", (int)anchor.length, anchor.data);
    parserError(&p, at, msg);
    return mlirLogicalResultFailure();
  }
  if (name.length != anchor.length || memcmp(name.data, anchor.data, anchor.length)) {
    char msg[512];
    snprintf(msg, sizeof(msg), "can't run '%.*s' pass manager on '%.*s' op: nest it as "
             "'%.*s(%.*s(...))'", (int)name.length, name.data, (int)anchor.length,
             anchor.data, (int)anchor.length, anchor.data, (int)name.length, name.data);
    parserError(&p, at, msg);
    return mlirLogicalResultFailure();
  }
  ++p.pos;
  if (!parseElements(&p, pm, true))
    return mlirLogicalResultFailure();
  skipSpace(&p);
  if (p.pos >= text.length || text.data[p.pos] != ')') {
    parserError(&p, p.pos, "expected ')' to close the pipeline");
    return mlirLogicalResultFailure();
  }
  ++p.pos;
  skipSpace(&p);
  if (p.pos != text.length) {
    parserError(&p, p.pos, "unexpected text after the pipeline");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/* True if `text` (a printed pipeline) has a pass of the registry inside a
 * nested pass manager, e.g. builtin.module(func.func(xnn-lower)). */
static bool nestsRegistryPass(const char *text) {
  Parser p = {mlirStringRefCreateFromCString(text), 0, NULL, NULL, false};
  int depth = 0;
  while (p.pos < p.text.length && !p.failed) {
    char c = p.text.data[p.pos];
    MlirStringRef skipped;
    if (c == '{') { /* options: the parser's own brace matching skips them */
      parseOptions(&p, &skipped);
      continue;
    }
    if (c == '(' || c == ')' || !isNameChar(c)) {
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      ++p.pos;
      continue;
    }
    MlirStringRef name = parseName(&p);
    bool isAnchor = p.pos < p.text.length && p.text.data[p.pos] == '(';
    if (depth >= 2 && !isAnchor && xnnMlirLookupPass(name))
      return true;
  }
  return false;
}

MlirLogicalResult xnnMlirRunPassManagerOnOp(MlirPassManager pm, MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(op);
  XnnStrBuf text = {0};
  mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), xnnStrBufCallback, &text);
  /* A context without threading reports one thread. */
  bool sequential = mlirContextGetNumThreads(ctx) > 1 && text.data && nestsRegistryPass(text.data);
  xnnStrBufFree(&text);
  if (sequential)
    mlirContextEnableMultithreading(ctx, false);
  MlirLogicalResult result = mlirPassManagerRunOnOp(pm, op);
  if (sequential)
    mlirContextEnableMultithreading(ctx, true);
  return result;
}
