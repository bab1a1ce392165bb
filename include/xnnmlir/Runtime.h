/*===-- xnnmlir/Runtime.h - running delegates in process ----------*- C -*-===*\
 *
 * libXnnMlirRuntime: the live sink of the delegate walk (Emit.h). It builds
 * each lowered delegate function as an xnn_subgraph_t with direct
 * xnn_define_* calls, creates its XNNPACK runtime once (on first use, or
 * with xnnMlirRuntimePrepare) and reuses it for every later call. It links
 * the pinned XNNPACK, so executables using it need the loader/rpath recipe
 * of SPEC section 2 (cmake: xnnmlir_link_xnnpack).
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_RUNTIME_H
#define XNNMLIR_RUNTIME_H

#include "xnnmlir/Tensor.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct XnnMlirRuntime XnnMlirRuntime;

/* Initialises XNNPACK and a pthreadpool of `numThreads` (0 or 1: no pool,
 * the calling thread runs everything). NULL with a message on failure. */
XnnMlirRuntime *xnnMlirRuntimeCreate(size_t numThreads, char *err, size_t errSize);
/* Deletes every runtime and the thread pool. */
void xnnMlirRuntimeDestroy(XnnMlirRuntime *rt);

/* Builds the subgraph of delegate `func` and creates its runtime, unless
 * already done. Failures (an op XNNPACK refuses, an unlowered body) are
 * located diagnostics on the op, plus a message in `err`. Filters and biases
 * are handed to XNNPACK in the module's own memory (no copy of the weights):
 * the module must outlive `rt`. */
bool xnnMlirRuntimePrepare(XnnMlirRuntime *rt, MlirOperation func, char *err, size_t errSize);

/* Prepares the delegates `funcs` (those not yet prepared), the one with the
 * most static data first: a delegate's f32 copies of bf16/f16 weights live
 * only while it is created, so the largest is widened while little else is
 * packed, and the peak is about the packed weights plus the largest of the
 * other delegates' copies. Stats list them in the order given. On failure
 * *failed is the index of the delegate that failed. */
bool xnnMlirRuntimePrepareAll(XnnMlirRuntime *rt, const MlirOperation *funcs, size_t n, size_t *failed, char *err,
                              size_t errSize);
/* Bytes of the static tensors (xnn.constant results, at their types) of a
 * lowered delegate function. */
size_t xnnMlirDelegateStaticBytes(MlirOperation func);

/* Runs delegate `func` (prepared on first use) on `args` (one per argument,
 * dtype and shape as the function's types) into `results` (allocated by
 * the caller with the result types). */
bool xnnMlirRuntimeRun(XnnMlirRuntime *rt, MlirOperation func, const XnnMlirTensor *args, size_t numArgs,
                       XnnMlirTensor *results, size_t numResults, char *err, size_t errSize);

/* An XnnMlirDelegateHook (Reference.h): pass the runtime as userData. */
bool xnnMlirRuntimeDelegateHook(void *userData, MlirOperation callee, const XnnMlirTensor *args,
                                size_t numArgs, XnnMlirTensor *results, size_t numResults, char *err,
                                size_t errSize);

/* Per-delegate counters, in order of first preparation. */
typedef struct XnnMlirDelegateStats {
  const char *name;     /* symbol name */
  size_t numNodes;      /* XNNPACK nodes defined */
  size_t calls;         /* runs since the last reset */
  double createSeconds; /* subgraph build + xnn_create_runtime_v3 + reshape */
  double defineSeconds; /* of which the subgraph build (xnn_define_*, widening) */
  double packSeconds;   /* of which xnn_create_runtime_v3 + reshape (packing) */
  double createCpuSeconds; /* CPU time of the process (all threads) while creating */
  size_t widenedBytes;  /* f32 copies of bf16/f16 weights made for packing, freed once packed */
  size_t freedWhilePackingBytes; /* of those, bytes freed before the delegate's last packing */
  size_t lazyPeakBytes; /* the most f32 bytes of chunk-packed filters resident at once */
  size_t releasedBytes; /* bytes of a mapped input file advised out of memory once read */
  size_t packedBytes;   /* XNNPACK's packed weights (its weights cache's blocks) */
  double runSeconds;    /* setup + invoke, summed over calls */
  double lastRunSeconds;
} XnnMlirDelegateStats;
size_t xnnMlirRuntimeNumDelegates(const XnnMlirRuntime *rt);
bool xnnMlirRuntimeGetStats(const XnnMlirRuntime *rt, size_t i, XnnMlirDelegateStats *out);
void xnnMlirRuntimeResetStats(XnnMlirRuntime *rt);

/* Creates later runtimes with XNNPACK's operator profiling, whose times are
 * summed over calls (and cleared by xnnMlirRuntimeResetStats). */
void xnnMlirRuntimeSetProfiling(XnnMlirRuntime *rt, bool enable);
/* bf16 filters of fully connected nodes whose f32 copy exceeds `bytes` (and
 * 1 MiB) are packed in 2 to 5 chunks of output channels, each widened just
 * before XNNPACK packs it and dropped after (concatenated outputs, the same
 * values). Default 64 MiB; 0: never. Applies to delegates prepared later. */
void xnnMlirRuntimeSetPackChunkBytes(XnnMlirRuntime *rt, size_t bytes);
/* Delegate i's XNNPACK operators: their names (NUL-separated, in order) and
 * microseconds summed over calls; returns how many (0 without profiling). */
size_t xnnMlirRuntimeGetProfile(const XnnMlirRuntime *rt, size_t i, const char **names, const uint64_t **micros);

#ifdef __cplusplus
}
#endif
#endif
