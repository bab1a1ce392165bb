/*===-- xnnmlir/Reference.h - reference (portable) kernels --------*- C -*-===*\
 *
 * An interpreter for edge-dialect functions on host tensors, with PyTorch
 * semantics: broadcasting, f16/bf16 storage with compute in f32 and one RNE
 * rounding per op, the attribute semantics of SPEC §3.1. It runs whatever
 * the partitioner left portable, and it is the oracle the delegated paths
 * are checked against.
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_REFERENCE_H
#define XNNMLIR_REFERENCE_H

#include "xnnmlir/Tensor.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Called for a func.call whose callee has the xnn.delegate attribute (the
 * in-process XNNPACK runtime plugs in here). `results` are pre-allocated with
 * the callee's result types. Returns false with a message in `err` on failure. */
typedef bool (*XnnMlirDelegateHook)(void *userData, MlirOperation callee,
                                    const XnnMlirTensor *args, size_t numArgs,
                                    XnnMlirTensor *results, size_t numResults,
                                    char *err, size_t errSize);

/* Runs func.func `func` on `inputs` (one per argument, matching types) and
 * fills `outputs` (allocated here, one per result; destroy each). Calls to
 * non-delegate functions are interpreted; calls to delegates go to `hook`, or
 * are interpreted too when `hook` is NULL (bodies of edge ops only). On
 * failure returns false with a message naming the op in `err`. */
bool xnnMlirReferenceRun(MlirOperation func, const XnnMlirTensor *inputs, size_t numInputs,
                         XnnMlirTensor *outputs, size_t numOutputs,
                         XnnMlirDelegateHook hook, void *hookUserData,
                         char *err, size_t errSize);

/* Runs one edge op on `operands` (constants' values are read from their
 * attributes by the caller: pass edge.constant ops here too, with no operands),
 * writing freshly allocated `results`. For per-op tests. */
bool xnnMlirReferenceRunOp(MlirOperation op, const XnnMlirTensor *operands, size_t numOperands,
                           XnnMlirTensor *results, size_t numResults, char *err, size_t errSize);

#ifdef __cplusplus
}
#endif
#endif
