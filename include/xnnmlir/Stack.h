/*===-- xnnmlir/Stack.h - deep inputs: large stacks and a nesting limit -*- C -*-===*\
 *
 * MLIR's parser, verifier, printer, walkers and destructors recurse once per
 * nesting level of the input (region, attribute array or dictionary, tuple or
 * function type, parenthesis, location, affine operator). Measured on LLVM 22
 * through xnn-opt --xnn-delegate (parse, verify, pipeline, print; plain and
 * sanitizer builds alike: the MLIR libraries are not instrumented), the stack
 * high-water mark per level as xnnScanNesting counts levels is ~2.1 KiB for
 * nested modules (12.6 MiB at 6000), ~2.0 KiB for generic-form regions (`({`,
 * two levels each: 19.4 MiB at 4900 regions), ~1.2 KiB for attribute arrays
 * and dictionaries, ~1.1 KiB for affine operators, ~0.5 KiB for tuple and
 * function types. An 8 MiB stack overflows at ~2000 nested regions or ~4000
 * modules; stock mlir-opt crashes there too.
 *
 * Two measures, together:
 *  - the tools run their whole body (parse, verify, passes, print, destroy) on
 *    a thread with XNN_LARGE_STACK_BYTES of reserved stack (virtual memory:
 *    only the pages a deep input touches are ever committed), and every thread
 *    a tool starts itself gets the same;
 *  - xnnMlirParseSource pre-scans the text and rejects, with a located error,
 *    input nested deeper than the calling thread's limit before MLIR sees it:
 *    XNN_NESTING_LIMIT on a large-stack thread, XNN_NESTING_LIMIT_SMALL on any
 *    other thread (library users, fuzzers). Input deeper than the small limit
 *    is then processed without MLIR's thread pool, whose threads have the
 *    default stack.
 * Both limits allow XNN_STACK_BYTES_PER_LEVEL per level: 15x the measured
 * worst case, for our own recursion and MLIR code paths not measured.
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_STACK_H
#define XNNMLIR_STACK_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Stack reserved for the tools' main work and for threads they start. */
#define XNN_LARGE_STACK_BYTES ((size_t)512 << 20)
/* Stack budget per nesting level (15x the measured ~2.1 KiB worst case). */
#define XNN_STACK_BYTES_PER_LEVEL ((size_t)32 << 10)
/* Deepest nesting accepted on a large-stack thread (~21 MiB of its stack at
 * the measured worst case). Also bounded by time: stock mlir-opt's handling of
 * nested regions is quadratic in the depth (5000 nested modules: 1.4 s,
 * 20000: 28 s), so the limit is not just the stack divided by the budget. */
#define XNN_NESTING_LIMIT 10000
/* Deepest nesting accepted on any other thread: an 8 MiB default stack divided
 * by the per-level budget (~0.5 MiB used at the measured worst case). */
#define XNN_NESTING_LIMIT_SMALL 256

/* Runs fn(arg) on a new thread with XNN_LARGE_STACK_BYTES of stack (or the
 * largest of a few smaller sizes that can be had), waits and returns its
 * result. If no thread can be started, runs it on the calling thread (whose
 * limit stays XNN_NESTING_LIMIT_SMALL). */
int xnnRunWithLargeStack(int (*fn)(void *), void *arg);

/* For a tool's main(): runs toolMain(argc, argv) through xnnRunWithLargeStack. */
int xnnMainWithLargeStack(int (*toolMain)(int, char **), int argc, char **argv);

/* A thread started with the same stack as xnnRunWithLargeStack's. */
typedef struct XnnThread XnnThread;
/* Starts fn(arg); returns NULL if no thread could be started. */
XnnThread *xnnThreadStart(int (*fn)(void *), void *arg);
/* Waits for the thread, frees it and returns fn's result. */
int xnnThreadJoin(XnnThread *thread);

/* The deepest nesting xnnMlirParseSource accepts on the calling thread. */
size_t xnnNestingLimit(void);

/* Result of xnnScanNesting. */
typedef struct XnnNestingScan {
  size_t maxDepth;   /* deepest level seen (capped at limit + 1) */
  bool tooDeep;      /* maxDepth > limit */
  size_t errorOffset; /* if tooDeep: byte offset of the first token past the limit */
} XnnNestingScan;

/* Measures how deeply `text` nests, as MLIR's parser would recurse on it,
 * without parsing: ( [ { < open a level and ) ] } > close one, except inside
 * strings and `//` comments and the `>` of `->` and `>=`; inside
 * `affine_map<...>` and `affine_set<...>` every operator (+ - * mod floordiv
 * ceildiv) counts as a level too (the affine parser recurses per operator);
 * a use of an attribute or type alias (`#a`, `!t`) counts as deep as the
 * alias's definition nests (a chain of aliases prints as deep as it expands).
 * An upper bound on the parser's recursion depth, never below it; stops at the
 * first level past `limit`. */
XnnNestingScan xnnScanNesting(const char *text, size_t size, size_t limit);

#ifdef __cplusplus
}
#endif
#endif
