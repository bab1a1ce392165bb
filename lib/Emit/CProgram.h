/* Whole-function entry points of the C sink (xnn-translate --xnn-to-c
 * --program): lib/Emit/CProgram.c. Internal to lib/Emit. */
#ifndef XNNMLIR_LIB_EMIT_CPROGRAM_H
#define XNNMLIR_LIB_EMIT_CPROGRAM_H

#include "Support/Strings.h"
#include "xnnmlir/Tensor.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

/* Puts `count` elements of `dtype` at `data` among the unit's weights
 * (deduplicated; `stable`: data outlives the emission, else copied) and
 * returns N of the array `xnn_weights_N` that holds them. */
typedef size_t (*XnnCProgramInternFn)(void *sink, const void *data, XnnMlirDType dtype, size_t count,
                                      bool stable);

/* Emits, for every func.func of `module` that is not a delegate and has a
 * body, `<name>_create / _run / _destroy` running its ops in program order:
 * delegate calls through xnn_delegate_N_run (N: the delegate's index in
 * module order, as the C sink numbers them), edge ops through the reference
 * kernels (xnnmlir/PortableOps.h), calls of other such functions through
 * their entry points. Constants become weights arrays through `intern`.
 * Appends the code to `code`; *numPrograms receives how many were emitted.
 * Located diagnostics and false on an op it cannot emit. */
bool xnnCProgramEmit(MlirModule module, XnnCProgramInternFn intern, void *sink, XnnStrBuf *code,
                     size_t *numPrograms);

#endif
