/* A small .npy (NumPy format 1.0/2.0/3.0) reader and writer for host tensors:
 * f32 '<f4', f16 '<f2', bf16 as raw bits '<u2' (NumPy has no bfloat16; a file
 * written for a bf16 tensor holds uint16 bit patterns: view them with
 * ml_dtypes.bfloat16), i64 '<i8', i32 '<i4', i1 '|b1'. C order only. */
#ifndef XNNMLIR_TOOLS_XNN_RUN_NPY_H
#define XNNMLIR_TOOLS_XNN_RUN_NPY_H

#include "xnnmlir/Tensor.h"

#include <stdbool.h>
#include <stddef.h>

/* The descr a tensor of `dtype` is written with / expected as. */
const char *xnnNpyDescr(XnnMlirDType dtype);
/* Reads `path` into *t (allocated; destroy it). `expect` (or
 * XNN_MLIR_DTYPE_INVALID) selects how '<u2' is read: as bf16 if expected. */
bool xnnNpyRead(const char *path, XnnMlirDType expect, XnnMlirTensor *t, char *err, size_t errSize);
/* Reads a whole .npy file image of `size` bytes; `name` is used in messages.
 * Every size is checked against `size` before it is used or allocated. */
bool xnnNpyReadBuffer(const void *data, size_t size, const char *name, XnnMlirDType expect,
                      XnnMlirTensor *t, char *err, size_t errSize);
/* Writes *t to `path`. */
bool xnnNpyWrite(const char *path, const XnnMlirTensor *t, char *err, size_t errSize);

#endif
