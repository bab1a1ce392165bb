/* MLIR's C API parses strings either without a buffer name (module, with the
 * implicit module) or with one (single op, no implicit module). We want both:
 * parse as a module, then rename the buffer in every location. */
#include "xnnmlir/Parse.h"

#include "Support/Strings.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

MlirModule xnnMlirParseSource(MlirContext ctx, const char *text, size_t size,
                              const char *filename, unsigned firstLine) {
  if (firstLine <= 1 && isWholeRegularFile(filename, size))
    return placeModule(ctx, mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(filename)),
                       filename, 1);
  /* Pad with newlines so line numbers match the original file. */
  size_t pad = firstLine > 1 ? firstLine - 1 : 0;
  char *buf = malloc(pad + size + 1);
  if (!buf)
    abort();
  memset(buf, '\n', pad);
  memcpy(buf + pad, text, size);
  buf[pad + size] = 0;
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreate(buf, pad + size));
  free(buf);
  if (mlirModuleIsNull(module))
    return module;
  Rename r = {ctx, mlirStringRefCreateFromCString(filename)};
  mlirOperationWalk(mlirModuleGetOperation(module), renameOp, &r, MlirWalkPreOrder);
  return placeModule(ctx, module, filename, firstLine);
}
