/* What the op families' capability checks share (Capability.h): a leaf below
 * the families and the table, so that a family's check calls nothing that
 * names the families. */
#include "Ops/Capability.h"

#include "Support/IR.h"
#include "Support/Strings.h"

#include <stdarg.h>
#include <stdio.h>

bool xnnCapRefuse(XnnReason *why, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why->text, sizeof(why->text), fmt, ap);
  va_end(ap);
  return false;
}

void xnnCapTypeName(MlirType t, char *buf, size_t n) {
  XnnStrBuf s = {0};
  mlirTypePrint(t, xnnStrBufCallback, &s);
  snprintf(buf, n, "%s", s.data ? s.data : "?");
  xnnStrBufFree(&s);
}

bool xnnCapIsConstant(MlirValue v) {
  MlirOperation def = xnnDefiningOp(v);
  return !mlirOperationIsNull(def) && xnnOpIs(def, "edge.constant");
}
