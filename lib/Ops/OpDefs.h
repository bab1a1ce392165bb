/* Internal op definitions: one descriptor per edge/xnn op, the single place an
 * op's rules live. Verification lives here now; later issues add capability,
 * lowering and reference-kernel hooks to the same descriptor. */
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
