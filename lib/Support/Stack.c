/* Large-stack threads and the nesting pre-scan (see xnnmlir/Stack.h for the
 * measurements behind the numbers). */
/* sigaltstack and stack_t are XSI; sbrk, madvise and mallopt are not. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "xnnmlir/Stack.h"

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifndef __has_feature
#define __has_feature(x) 0
#endif
/* Not under a sanitizer: its allocator is its own. */
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__) &&                  \
    !__has_feature(address_sanitizer) && !__has_feature(thread_sanitizer) && !__has_feature(memory_sanitizer)
#define XNN_TUNE_HEAP 1
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

/* The nesting limit of the calling thread: 0 = not one of ours. */
static _Thread_local size_t threadNestingLimit;

size_t xnnNestingLimit(void) {
  return threadNestingLimit ? threadNestingLimit : XNN_NESTING_LIMIT_SMALL;
}

struct XnnThread {
  pthread_t id;
  int (*fn)(void *);
  void *arg;
  size_t stackBytes;
  int result;
};

static void *trampoline(void *p) {
  XnnThread *t = p;
  size_t limit = t->stackBytes / XNN_STACK_BYTES_PER_LEVEL;
  threadNestingLimit = limit < XNN_NESTING_LIMIT ? limit : XNN_NESTING_LIMIT;
  /* LLVM installs a heap-allocated signal stack on the thread that first
   * opens an output file (e.g. --mlir-print-ir-tree-dir); the thread's own is
   * put back so that whoever set it up (the C library, a sanitizer) frees
   * what it allocated at thread exit. */
  stack_t entryAltStack;
  bool haveAltStack = !sigaltstack(NULL, &entryAltStack);
  t->result = t->fn(t->arg);
  if (haveAltStack) {
    if (entryAltStack.ss_flags & SS_DISABLE)
      entryAltStack = (stack_t){.ss_sp = NULL, .ss_flags = SS_DISABLE, .ss_size = 0};
    sigaltstack(&entryAltStack, NULL);
  }
  return NULL;
}

XnnThread *xnnThreadStart(int (*fn)(void *), void *arg) {
  XnnThread *t = calloc(1, sizeof(*t));
  if (!t)
    return NULL;
  t->fn = fn;
  t->arg = arg;
  /* The full size first; smaller ones where address space is limited
   * (ulimit -v): each still allows a proportional nesting depth. */
  static const size_t sizes[] = {XNN_LARGE_STACK_BYTES, XNN_LARGE_STACK_BYTES / 4,
                                 XNN_LARGE_STACK_BYTES / 16};
  for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); ++i) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr))
      break;
    t->stackBytes = sizes[i];
    bool started = !pthread_attr_setstacksize(&attr, sizes[i]) &&
                   !pthread_create(&t->id, &attr, trampoline, t);
    pthread_attr_destroy(&attr);
    if (started)
      return t;
  }
  free(t);
  return NULL;
}

int xnnThreadJoin(XnnThread *t) {
  pthread_join(t->id, NULL);
  int result = t->result;
  free(t);
  return result;
}

int xnnRunWithLargeStack(int (*fn)(void *), void *arg) {
  XnnThread *t = xnnThreadStart(fn, arg);
  return t ? xnnThreadJoin(t) : fn(arg);
}

typedef struct MainArgs {
  int (*toolMain)(int, char **);
  int argc;
  char **argv;
} MainArgs;

static int runMain(void *p) {
  MainArgs *a = p;
  return a->toolMain(a->argc, a->argv);
}

/* A tool's heap, set up before any thread starts. Measured on a 36k-op graph
 * (xnn-opt --xnn-delegate, ~120 MB resident): glibc's defaults cost ~14k page
 * faults, each a few microseconds on a VM and, once MLIR's thread pool has
 * run on the other core, a TLB shootdown when a zero page read first is
 * written: tables of a few MB are mmapped fresh for every pass and returned
 * at free, threads get arenas of their own, freed heap is trimmed and
 * faulted in again. One arena, no trimming, blocks up to 32 MB from the heap
 * and the heap's first 256 MB in transparent huge pages (where the kernel
 * offers them on request) take that to ~3k faults and ~10% of the run.
 * Memory no page touches is not resident; peak use is unchanged. */
static void tuneHeap(void) {
#ifdef XNN_TUNE_HEAP
  const size_t pad = (size_t)256 << 20, huge = (size_t)2 << 20;
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_TRIM_THRESHOLD, (int)((size_t)1 << 30));
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  char *start = sbrk(0);
  mallopt(M_TOP_PAD, (int)pad);
  /* More than the top chunk holds: grows the heap by `pad` (volatile: the
   * compiler would drop an unused malloc/free pair). */
  void *volatile p = malloc(1 << 20);
  char *end = sbrk(0);
  if (start != (char *)-1 && end != (char *)-1 && (size_t)(end - start) >= pad) {
    uintptr_t lo = ((uintptr_t)start + huge - 1) & ~(uintptr_t)(huge - 1);
    uintptr_t hi = (uintptr_t)end & ~(uintptr_t)(huge - 1);
    if (hi > lo)
      (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
  }
  free(p);
  mallopt(M_TOP_PAD, 16 << 20); /* later growth in large steps */
#endif
}

int xnnMainWithLargeStack(int (*toolMain)(int, char **), int argc, char **argv) {
  tuneHeap();
  MainArgs a = {toolMain, argc, argv};
  return xnnRunWithLargeStack(runMain, &a);
}

/* ---- The pre-scan ---------------------------------------------------------- */

static bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool isIdentChar(char c) {
  return isIdentStart(c) || (c >= '0' && c <= '9') || c == '$' || c == '.';
}

static bool identIs(const char *p, size_t n, const char *word) {
  return strlen(word) == n && !memcmp(p, word, n);
}

/* Alias definitions (`#name = ...`, `!name = ...`) seen so far and how deeply
 * their values nest: a use nests that much deeper, so a chain of aliases, each
 * one level deeper than the last, counts as deep as it prints. Open
 * addressing over names pointing into the text. */
typedef struct AliasEntry {
  const char *name; /* NULL = empty slot */
  size_t len, depth;
} AliasEntry;

typedef struct AliasTable {
  AliasEntry *slots;
  size_t cap, count;
} AliasTable;

static size_t hashName(const char *p, size_t n) {
  size_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
  return h;
}

static AliasEntry *aliasSlot(AliasTable *t, const char *name, size_t len) {
  if (!t->cap)
    return NULL;
  for (size_t i = hashName(name, len) & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
    AliasEntry *e = &t->slots[i];
    if (!e->name || (e->len == len && !memcmp(e->name, name, len)))
      return e;
  }
}

static void aliasSet(AliasTable *t, const char *name, size_t len, size_t depth) {
  if (2 * (t->count + 1) > t->cap) {
    AliasTable grown = {calloc(t->cap ? 2 * t->cap : 64, sizeof(AliasEntry)), t->cap ? 2 * t->cap : 64, 0};
    if (!grown.slots)
      abort();
    for (size_t i = 0; i < t->cap; ++i)
      if (t->slots[i].name) {
        *aliasSlot(&grown, t->slots[i].name, t->slots[i].len) = t->slots[i];
        ++grown.count;
      }
    free(t->slots);
    *t = grown;
  }
  AliasEntry *e = aliasSlot(t, name, len);
  if (!e->name)
    ++t->count;
  *e = (AliasEntry){name, len, depth};
}

XnnNestingScan xnnScanNesting(const char *text, size_t size, size_t limit) {
  XnnNestingScan r = {0, false, 0};
  size_t depth = 0;
  /* Inside affine_map<...>/affine_set<...>: the bracket depth its `<` opened
   * (0 = not inside one) and the operators seen in it so far. */
  size_t affineBase = 0, affineOps = 0;
  bool pendingAffine = false; /* just read `affine_map`/`affine_set`; a `<` opens it */
  AliasTable aliases = {NULL, 0, 0};
  /* The alias being defined (name NULL: none), the deepest level in its value
   * so far, and whether its value has begun (it ends at a newline at depth 0
   * after that). */
  const char *defName = NULL;
  size_t defLen = 0, defMax = 0;
  bool defStarted = false;
#define END_DEFINITION()                                                                           \
  do {                                                                                             \
    if (defName)                                                                                   \
      aliasSet(&aliases, defName, defLen, defMax);                                                 \
    defName = NULL;                                                                                \
  } while (0)
  /* Records `level` reached at text offset `at`; stops the scan past the limit. */
#define REACH(level, at)                                                                           \
  do {                                                                                             \
    size_t lv_ = (level);                                                                          \
    if (lv_ > r.maxDepth)                                                                          \
      r.maxDepth = lv_;                                                                            \
    if (defName && lv_ > defMax)                                                                   \
      defMax = lv_;                                                                                \
    if (lv_ > limit) {                                                                             \
      r.tooDeep = true;                                                                            \
      r.errorOffset = (at);                                                                        \
      goto out;                                                                                    \
    }                                                                                              \
  } while (0)
  for (size_t i = 0; i < size; ++i) {
    char c = text[i];
    bool opensLevel = false;
    if (defName && !defStarted && c != ' ' && c != '\t' && c != '\n' && c != '\r')
      defStarted = true;
    switch (c) {
    case '\n':
      if (!depth && defStarted)
        END_DEFINITION();
      break;
    case '"':
      /* A string ends at an unescaped quote; MLIR rejects a newline in one,
       * and so the scan ends it there too. */
      for (++i; i < size && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\' && i + 1 < size && text[i + 1] != '\n')
          ++i;
      pendingAffine = false;
      continue;
    case '/':
      if (i + 1 < size && text[i + 1] == '/') {
        const char *nl = memchr(text + i, '\n', size - i);
        i = nl ? (size_t)(nl - text) - 1 : size; /* the newline itself is seen next */
        continue;
      }
      break;
    case '#':
    case '!':
      if (i + 1 < size && isIdentStart(text[i + 1])) {
        size_t start = i + 1, end = start;
        while (end < size && isIdentChar(text[end]))
          ++end;
        size_t j = end;
        while (j < size && (text[j] == ' ' || text[j] == '\t'))
          ++j;
        pendingAffine = false;
        if (!depth && j < size && text[j] == '=' && !(j + 1 < size && text[j + 1] == '=')) {
          END_DEFINITION();
          defName = text + start;
          defLen = end - start;
          defMax = 0;
          defStarted = false;
          i = j; /* past the `=` */
          continue;
        }
        AliasEntry *e = aliasSlot(&aliases, text + start, end - start);
        if (e && e->name && e->depth)
          REACH(depth + affineOps + e->depth, i);
        i = end - 1;
        continue;
      }
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      ++depth;
      opensLevel = true;
      if (c == '<' && pendingAffine && !affineBase) {
        affineBase = depth;
        affineOps = 0;
      }
      break;
    case ')':
    case ']':
    case '}':
    case '>':
      /* `->` is the arrow token; `>=` occurs only in affine_set constraints. */
      if (c == '>' && i > 0 && text[i - 1] == '-')
        break;
      if (c == '>' && affineBase && i + 1 < size && text[i + 1] == '=')
        break;
      if (depth) {
        if (depth == affineBase)
          affineBase = affineOps = 0;
        --depth;
      }
      break;
    case '+':
    case '*':
      if (affineBase) {
        ++affineOps;
        opensLevel = true;
      }
      break;
    case '-':
      if (affineBase && !(i + 1 < size && text[i + 1] == '>')) {
        ++affineOps;
        opensLevel = true;
      }
      break;
    default:
      if (isIdentStart(c)) {
        size_t start = i;
        while (i + 1 < size && isIdentChar(text[i + 1]))
          ++i;
        const char *w = text + start;
        size_t n = i + 1 - start;
        pendingAffine = identIs(w, n, "affine_map") || identIs(w, n, "affine_set");
        if (affineBase &&
            (identIs(w, n, "mod") || identIs(w, n, "floordiv") || identIs(w, n, "ceildiv"))) {
          ++affineOps;
          REACH(depth + affineOps, start);
        }
        continue;
      }
      break;
    }
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
      pendingAffine = false;
    if (opensLevel)
      REACH(depth + affineOps, i);
  }
out:
#undef REACH
#undef END_DEFINITION
  free(aliases.slots);
  return r;
}
