/* MLIR's C API parses strings either without a buffer name (module, with the
 * implicit module) or with one (single op, no implicit module). We want both:
 * parse as a module, then rename the buffer in every location. */
#include "xnnmlir/Parse.h"
#include "xnnmlir/Stack.h"

#include "CAPIExt/BytecodeFile.h"
#include "Support/Bytecode.h"
#include "Support/Strings.h"

#include <mlir-c/Diagnostics.h>

#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct Rename {
  MlirContext ctx;
  MlirStringRef filename;
} Rename;

static MlirLocation renameLoc(Rename *r, MlirLocation loc) {
  if (!mlirLocationIsAFileLineColRange(loc))
    return loc;
  MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
  if (!xnnStrRefEquals(file, XNN_MLIR_PARSE_BUFFER_NAME))
    return loc;
  int sl = mlirLocationFileLineColRangeGetStartLine(loc);
  int sc = mlirLocationFileLineColRangeGetStartColumn(loc);
  int el = mlirLocationFileLineColRangeGetEndLine(loc);
  int ec = mlirLocationFileLineColRangeGetEndColumn(loc);
  return mlirLocationFileLineColRangeGet(r->ctx, r->filename, (unsigned)sl, (unsigned)sc,
                                         (unsigned)(el < sl ? sl : el), (unsigned)(ec < 0 ? sc : ec));
}

static MlirWalkResult renameOp(MlirOperation op, void *userData) {
  Rename *r = userData;
  mlirOperationSetLocation(op, renameLoc(r, mlirOperationGetLocation(op)));
  for (intptr_t i = 0, n = mlirOperationGetNumRegions(op); i < n; ++i) {
    MlirRegion region = mlirOperationGetRegion(op, i);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (intptr_t a = 0, na = mlirBlockGetNumArguments(b); a < na; ++a) {
        MlirValue arg = mlirBlockGetArgument(b, a);
        mlirBlockArgumentSetLocation(arg, renameLoc(r, mlirValueGetLocation(arg)));
      }
  }
  return MlirWalkResultAdvance;
}

/* True if `path` names a regular file of exactly `size` bytes: the whole file
 * is the text, so MLIR can parse it under its own name (no rename walk). */
static bool isWholeRegularFile(const char *path, size_t size) {
  struct stat st;
  return path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size == size;
}

/* MLIR locates the implicit top-level module at line 0, column 0, which is
 * no position: diagnostics about the whole module then read FILE:0:0. It
 * starts where the input starts. */
static MlirModule placeModule(MlirContext ctx, MlirModule module, const char *filename,
                              unsigned firstLine) {
  if (mlirModuleIsNull(module))
    return module;
  MlirOperation op = mlirModuleGetOperation(module);
  MlirLocation loc = mlirOperationGetLocation(op);
  if (mlirLocationIsAFileLineColRange(loc) && mlirLocationFileLineColRangeGetStartLine(loc) == 0)
    mlirOperationSetLocation(op, mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(filename),
                                                            firstLine ? firstLine : 1, 1));
  return module;
}

/* Rejects text nested deeper than the calling thread's stack allows (see
 * xnnmlir/Stack.h), with an error at the first level past the limit, before
 * MLIR's recursive parser can overflow the stack. Text deeper than the small
 * limit is processed without MLIR's thread pool: its threads (parallel
 * verification, nested pass pipelines) have the default stack. */
static _Thread_local size_t lastParseDepth;

size_t xnnMlirLastParseDepth(void) { return lastParseDepth; }

static bool checkNesting(MlirContext ctx, const char *text, size_t size, const char *filename,
                         unsigned firstLine) {
  size_t limit = xnnNestingLimit();
  XnnNestingScan scan = xnnScanNesting(text, size, limit);
  lastParseDepth = scan.maxDepth;
  if (!scan.tooDeep) {
    if (scan.maxDepth > XNN_NESTING_LIMIT_SMALL)
      mlirContextEnableMultithreading(ctx, false);
    return true;
  }
  unsigned line = firstLine ? firstLine : 1, col = 1;
  for (size_t i = 0; i < scan.errorOffset; ++i, ++col)
    if (text[i] == '\n') {
      ++line;
      col = 0;
    }
  char msg[256];
  snprintf(msg, sizeof(msg),
           "input nested deeper than %zu levels (brackets of every kind, affine operators and "
           "what alias uses expand to count); not parsed",
           limit);
  MlirLocation loc = mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(filename),
                                                line, col);
  mlirEmitError(loc, msg);
  return false;
}

bool xnnMlirIsBytecodeFile(const char *path) {
  struct stat st;
  if (!path || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return false;
  FILE *f = fopen(path, "rb");
  char magic[4];
  bool bytecode = f && fread(magic, 1, sizeof(magic), f) == sizeof(magic) &&
                  xnnMlirIsBytecode(magic, sizeof(magic));
  if (f)
    fclose(f);
  return bytecode;
}

/* Checks the bytecode's structure (Support/Bytecode.h) before MLIR's reader
 * trusts its counts and lengths: false after an error at the file naming the
 * byte offset and the section. */
static bool checkBytecode(MlirContext ctx, const unsigned char *data, size_t size, const char *filename) {
  char err[768];
  if (xnnBytecodeCheck(data, size, err, sizeof err))
    return true;
  char msg[1024];
  snprintf(msg, sizeof msg, "malformed MLIR bytecode %s; not read", err);
  /* Line 0: the diagnostics name the file without a position (bytecode has no lines). */
  mlirEmitError(mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(filename), 0, 0), msg);
  return false;
}

/* The file's bytes mapped read-only for the check (the pages it reads are
 * the headers and tables, not the blobs), unmapped after. */
static bool checkBytecodeFile(MlirContext ctx, const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) {
    if (fd >= 0)
      close(fd);
    return true; /* the in-place parser reports what it cannot open or map */
  }
  size_t size = (size_t)st.st_size;
  void *base = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (base == MAP_FAILED)
    return true;
  bool ok = checkBytecode(ctx, base, size, path);
  munmap(base, size);
  return ok;
}

MlirModule xnnMlirParseBytecodeFile(MlirContext ctx, const char *path) {
  lastParseDepth = 0;
  if (!checkBytecodeFile(ctx, path))
    return (MlirModule){NULL};
  return xnnMlirParseBytecodeFileInPlace(ctx, mlirStringRefCreateFromCString(path));
}

/* Counts error diagnostics and leaves them to the next handler. */
static MlirLogicalResult countErrors(MlirDiagnostic diag, void *userData) {
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++*(unsigned *)userData;
  return mlirLogicalResultFailure();
}

static bool isIdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '$';
}

/* MLIR's parser fails without a word when a registered IRDL op (edge.*,
 * xnn.*: no custom assembly format) is written in custom form. Finds the first
 * registered op name in op position (after `=` or first on its line, outside
 * strings and comments) and says so there; else a plain error at the file. */
static void reportSilentParseFailure(MlirContext ctx, const char *text, size_t size, const char *filename,
                                     unsigned firstLine) {
  unsigned line = firstLine ? firstLine : 1, col = 1;
  bool lineStart = true, afterEquals = false;
  for (size_t i = 0; i < size; ++i, ++col) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      col = 0;
      lineStart = true;
      afterEquals = false;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r')
      continue;
    if (c == '/' && i + 1 < size && text[i + 1] == '/') {
      while (i + 1 < size && text[i + 1] != '\n')
        ++i, ++col;
      continue;
    }
    if (c == '"') {
      while (i + 1 < size && text[i + 1] != '"' && text[i + 1] != '\n') {
        if (text[i + 1] == '\\' && i + 2 < size)
          ++i, ++col;
        ++i, ++col;
      }
      ++i, ++col;
      lineStart = afterEquals = false;
      continue;
    }
    if ((lineStart || afterEquals) && isIdentChar(c) && c != '.' && c != '$') {
      size_t end = i;
      while (end < size && isIdentChar(text[end]))
        ++end;
      MlirStringRef name = mlirStringRefCreate(text + i, end - i);
      bool irdl = (name.length > 5 && !memcmp(name.data, "edge.", 5)) ||
                  (name.length > 4 && !memcmp(name.data, "xnn.", 4));
      if (irdl && mlirContextIsRegisteredOperation(ctx, name)) {
        char msg[320];
        snprintf(msg, sizeof(msg),
                 "'%.*s' has no custom assembly format (the edge and xnn dialects are defined in IRDL); "
                 "write it in generic form: \"%.*s\"(operands) {attributes} : (operand types) -> result types",
                 (int)name.length, name.data, (int)name.length, name.data);
        mlirEmitError(mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(filename), line, col), msg);
        return;
      }
      col += (unsigned)(end - i - 1);
      i = end - 1;
      lineStart = afterEquals = false;
      continue;
    }
    afterEquals = c == '=';
    lineStart = false;
  }
  mlirEmitError(mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(filename), 1, 1),
                "the MLIR parser failed without a diagnostic");
}

static MlirModule parseSource(MlirContext ctx, const char *text, size_t size, const char *filename,
                              unsigned firstLine) {
  /* Bytecode is not text: no nesting scan (its reader is not a recursive
   * descent over brackets) and its locations are its own. */
  if (xnnMlirIsBytecode(text, size)) {
    lastParseDepth = 0;
    if (isWholeRegularFile(filename, size))
      return xnnMlirParseBytecodeFile(ctx, filename);
    if (!checkBytecode(ctx, (const unsigned char *)text, size, filename))
      return (MlirModule){NULL};
    return mlirModuleCreateParse(ctx, mlirStringRefCreate(text, size));
  }
  if (!checkNesting(ctx, text, size, filename, firstLine))
    return (MlirModule){NULL};
  /* MLIR's lexer reads past the end of its buffer after a string literal
   * left open at the very end (the error token leaves it one past the NUL):
   * a closing newline makes that string end inside the buffer. */
  bool closeLine = size > 0 && text[size - 1] != '\n';
  if (firstLine <= 1 && !closeLine && isWholeRegularFile(filename, size))
    return placeModule(ctx, mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(filename)),
                       filename, 1);
  /* Pad with newlines so line numbers match the original file. */
  size_t pad = firstLine > 1 ? firstLine - 1 : 0;
  size_t total = pad + size + (closeLine ? 1 : 0);
  char *buf = malloc(total + 1);
  if (!buf)
    abort();
  memset(buf, '\n', pad);
  memcpy(buf + pad, text, size);
  if (closeLine)
    buf[pad + size] = '\n';
  buf[total] = 0;
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreate(buf, total));
  free(buf);
  if (mlirModuleIsNull(module))
    return module;
  Rename r = {ctx, mlirStringRefCreateFromCString(filename)};
  mlirOperationWalk(mlirModuleGetOperation(module), renameOp, &r, MlirWalkPreOrder);
  return placeModule(ctx, module, filename, firstLine);
}

MlirModule xnnMlirParseSource(MlirContext ctx, const char *text, size_t size, const char *filename,
                              unsigned firstLine) {
  unsigned errors = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(ctx, countErrors, &errors, NULL);
  MlirModule module = parseSource(ctx, text, size, filename, firstLine);
  mlirContextDetachDiagnosticHandler(ctx, id);
  if (mlirModuleIsNull(module) && errors == 0 && !xnnMlirIsBytecode(text, size))
    reportSilentParseFailure(ctx, text, size, filename, firstLine);
  return module;
}
