/*===-- xnnmlir/Stats.h - delegation statistics -------------------*- C -*-===*\
 *
 * The figures SPEC §3.3 defines, computed from a module: delegate segments
 * (functions with the `xnn.delegate` attribute), ops inside them, portable
 * edge ops outside them (excluding edge.constant) and portable dtype converts.
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_STATS_H
#define XNNMLIR_STATS_H

#include <mlir-c/IR.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct XnnMlirStats {
  int64_t delegateSegments;        /* functions with the xnn.delegate attribute */
  int64_t delegatedOps;            /* non-constant edge/xnn ops inside delegates */
  int64_t portableOps;             /* edge ops outside delegates, except edge.constant */
  int64_t portableDtypeConverts;   /* portable to_copy/to_dim_order_copy changing dtype */
  int64_t portableFloatConverts;   /* ... of which float -> float */
} XnnMlirStats;

/* Computes the statistics of `module` (a builtin.module). */
XnnMlirStats xnnMlirComputeStats(MlirOperation module);

/* Prints `stats` of `module` as text ("text") or JSON ("json") to `out`, with
 * every portable op that carries an `xnn.portable_reason` (set by
 * xnn-partition), located, and a count per reason. */
void xnnMlirPrintStats(MlirOperation module, const XnnMlirStats *stats, const char *format,
                       FILE *out);

/* The JSON form's "schema_version": 2 added op_types, segments and chunk. */
#define XNN_MLIR_STATS_SCHEMA_VERSION 2

/* xnnMlirPrintStats, plus per op type delegated/portable counts and per
 * segment op counts; `chunk` >= 0 (the --split-input-file chunk) goes into
 * the JSON form. */
void xnnMlirPrintStatsChunk(MlirOperation module, const XnnMlirStats *stats, const char *format, int chunk,
                            FILE *out);

/* Edge ops (constants excepted) inside delegates, as the partitioner recorded
 * them, and in all. */
void xnnMlirDelegatedShare(MlirOperation module, int64_t *delegated, int64_t *total);

/* Prints each portable op with an `xnn.portable_reason` as a located
 * diagnostic line of `severity` ("remark", "error"). */
void xnnMlirPrintPortableOps(MlirOperation module, const char *severity, FILE *out);

/* The reason xnn-partition left `op` portable (its `xnn.portable_reason`), or a
 * string ref with NULL data if it has none. */
MlirStringRef xnnMlirPortableReason(MlirOperation op);

/* `op`'s location as --xnn-stats prints it: `file:line:col`, else MLIR's
 * `loc(...)` text (a name location), else `<unknown>`; truncated to `size`. */
void xnnMlirOperationLocationText(MlirOperation op, char *buf, size_t size);

/* True if `op` is an edge.to_copy/edge.to_dim_order_copy whose result element
 * type differs from its operand's. */
bool xnnMlirIsDtypeConvert(MlirOperation op);

#ifdef __cplusplus
}
#endif
#endif
