/* Internal op definitions: one verifier descriptor per edge/xnn op. Edge ops'
 * come from their family's rows of the op table (Capability.h: verifier,
 * capability and lowering together), the xnn dialect's from OpDefs.c. */
#ifndef XNNMLIR_LIB_OPS_OPDEFS_H
#define XNNMLIR_LIB_OPS_OPDEFS_H

#include <mlir-c/IR.h>
#include <stdbool.h>

/* Verifies what IRDL cannot express (optional attributes and their kinds,
 * dtype/shape rules). Emits located errors itself; returns false on failure. */
typedef bool (*XnnOpVerifyFn)(MlirOperation op);

typedef struct XnnOpDef {
  const char *name;     /* full op name, e.g. "edge.add" */
  XnnOpVerifyFn verify; /* NULL: nothing beyond IRDL */
} XnnOpDef;

/* Returns the descriptor of the op called `name`, or NULL if none. */
const XnnOpDef *xnnOpDefLookup(MlirStringRef name);

/* All descriptors, for iteration (tests, --list-ops). */
const XnnOpDef *xnnOpDefAll(size_t *count);

#endif
