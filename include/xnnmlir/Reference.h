/*===-- xnnmlir/Reference.h - reference (portable) kernels --------*- C -*-===*\
 *
 * An interpreter for edge-dialect functions on host tensors, with PyTorch
 * semantics: broadcasting, f16/bf16 storage with compute in f32 and one RNE
 * rounding per op, the attribute semantics of SPEC §3.1. It runs whatever
 * the partitioner left portable, and it is the oracle the delegated paths
 * are checked against.
 *
 * Implementation: lib/Reference/ (Kernels.c: one table entry per edge op,
 * one file per op family, Interpreter.c). Every op is verified
 * (xnnMlirVerifyOp, its diagnostic captured into the message, not printed)
 * and its operand tensors are checked against its operand types before its
 * kernel runs, so malformed IR or tensors give an error, never a crash.
 * Numerics: f16/bf16 are storage; ops compute in f32 and round once (RNE).
 * Dot products (linear, mm, bmm, conv2d, sdpa, avg_pool2d) accumulate in
 * f32; mean / sum and softmax denominators in double. Integers: int64 with
 * wrap-around. Details per op family in lib/Reference/Kernels.h.
 *
 * Error messages: "<file>:<line>:<col>: '<op name>' op <what>", e.g.
 * "m.mlir:6:8: 'edge.embedding' op index 3 (at position 1) is out of range
 * [0, 3)". Not thread-safe per context (a diagnostic handler is attached to
 * the op's context while an op is verified).
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
 * failure returns false with a message naming the op in `err` and no outputs
 * left allocated. Inputs are borrowed (never modified or freed); each value's
 * tensor is freed after its last use. Errors: input count / dtype / shape
 * mismatch, unsupported ops (anything but edge.*, func.call, func.return),
 * xnn ops in a delegate without a hook, data-dependent errors (embedding
 * index out of range), unreadable constants, call depth > 64. */
bool xnnMlirReferenceRun(MlirOperation func, const XnnMlirTensor *inputs, size_t numInputs,
                         XnnMlirTensor *outputs, size_t numOutputs,
                         XnnMlirDelegateHook hook, void *hookUserData,
                         char *err, size_t errSize);

/* As xnnMlirReferenceRun, but the inputs flagged in `donated` are handed over
 * (the caller's tensor is emptied, data NULL, in every case): each is freed
 * after its last use, moved into a result that returns it, or updated in place
 * by an edge.index_put that is its last use (a decode step's KV-cache write
 * then touches the rows it writes, not the whole cache). */
bool xnnMlirReferenceRunDonating(MlirOperation func, XnnMlirTensor *inputs, const bool *donated,
                                 size_t numInputs, XnnMlirTensor *outputs, size_t numOutputs,
                                 XnnMlirDelegateHook hook, void *hookUserData, char *err,
                                 size_t errSize);

/* The state of func.func `func` (SPEC 5.1): arguments and results carrying
 * xnn.state = "<name>" come after all user inputs / outputs; each state
 * argument numUserIn + j (argName[j]) is fed on the next call by the state
 * result fromResult[j] of the same name and the same type. Every name is a
 * non-empty one-line string used once among the arguments and once among the
 * results. On a violation returns false after a located error on the
 * function's context (mlirEmitError). xnn-run and xnn-translate --program
 * both call this: they refuse the same functions with the same message.
 * Free with xnnMlirStateMapFree (also after a failure: a no-op). */
typedef struct XnnMlirStateMap {
  size_t numUserIn, numUserOut, numState;
  char **argName;
  size_t *fromResult;
} XnnMlirStateMap;

bool xnnMlirStateMapGet(MlirOperation func, XnnMlirStateMap *stateMap);
void xnnMlirStateMapFree(XnnMlirStateMap *stateMap);

/* Runs one edge op on `operands` (constants' values are read from their
 * attributes by the caller: pass edge.constant ops here too, with no operands),
 * writing freshly allocated `results` (destroy each; none are left allocated
 * on failure). Only edge ops. For per-op tests. */
bool xnnMlirReferenceRunOp(MlirOperation op, const XnnMlirTensor *operands, size_t numOperands,
                           XnnMlirTensor *results, size_t numResults, char *err, size_t errSize);

#ifdef __cplusplus
}
#endif
#endif
