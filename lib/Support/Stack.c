/* Large-stack threads and the nesting pre-scan (see xnnmlir/Stack.h for the
 * measurements behind the numbers). */
#include "xnnmlir/Stack.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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
  t->result = t->fn(t->arg);
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

int xnnMainWithLargeStack(int (*toolMain)(int, char **), int argc, char **argv) {
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

XnnNestingScan xnnScanNesting(const char *text, size_t size, size_t limit) {
  XnnNestingScan r = {0, false, 0};
  size_t depth = 0;
  /* Inside affine_map<...>/affine_set<...>: the bracket depth its `<` opened
   * (0 = not inside one) and the operators seen in it so far. */
  size_t affineBase = 0, affineOps = 0;
  bool pendingAffine = false; /* just read `affine_map`/`affine_set`; a `<` opens it */
  for (size_t i = 0; i < size; ++i) {
    char c = text[i];
    bool opensLevel = false;
    switch (c) {
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
        i = nl ? (size_t)(nl - text) : size;
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
          size_t level = depth + affineOps;
          if (level > r.maxDepth)
            r.maxDepth = level;
          if (level > limit) {
            r.tooDeep = true;
            r.errorOffset = start;
            return r;
          }
        }
        continue;
      }
      break;
    }
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
      pendingAffine = false;
    if (opensLevel) {
      size_t level = depth + affineOps;
      if (level > r.maxDepth)
        r.maxDepth = level;
      if (level > limit) {
        r.tooDeep = true;
        r.errorOffset = i;
        return r;
      }
    }
  }
  return r;
}
