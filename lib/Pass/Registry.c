/* The pass registry: this project's passes plus plugin passes, with typed
 * options parsed from MLIR's `{name=value ...}` syntax. */
#include "xnnmlir/Passes.h"

#include "Support/Strings.h"

#include <mlir-c/Transforms.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XNN_MLIR_MAX_PASSES 256

static const XnnMlirPassInfo *registry[XNN_MLIR_MAX_PASSES];
static size_t numRegistered;

static size_t optionNamed(const XnnMlirPassInfo *info, const char *name, size_t len) {
  for (size_t i = 0; i < info->numOptions; ++i)
    if (strlen(info->options[i].name) == len && !strncmp(info->options[i].name, name, len))
      return i;
  return info->numOptions;
}

/* Appends to *out the options text of `step` with each "{name}" replaced by
 * the value of option `name` of `info` (other text as it is). */
static void stepOptions(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values,
                        const XnnMlirPassStep *step, XnnStrBuf *out) {
  for (const char *p = step->options ? step->options : ""; *p;) {
    const char *close = *p == '{' ? strchr(p, '}') : NULL;
    size_t index = close ? optionNamed(info, p + 1, (size_t)(close - p - 1)) : info->numOptions;
    if (index == info->numOptions) {
      xnnStrBufAppend(out, p++, 1);
      continue;
    }
    switch (info->options[index].kind) {
    case XNN_MLIR_OPTION_BOOL:
      xnnStrBufAppendCStr(out, values->values[index].b ? "true" : "false");
      break;
    case XNN_MLIR_OPTION_INT:
      xnnStrBufAppendf(out, "%" PRId64, values->values[index].i);
      break;
    case XNN_MLIR_OPTION_STRING:
    case XNN_MLIR_OPTION_CHOICE:
      xnnStrBufAppendCStr(out, values->values[index].s);
      break;
    }
    p = close + 1;
  }
  xnnStrBufAppend(out, "", 0); /* NUL-terminated even when empty */
}

/* Whether `step` is well formed (a pass; `when` a boolean option of `info`). */
static bool stepValid(const XnnMlirPassInfo *info, const XnnMlirPassStep *step, MlirStringCallback error,
                      void *userData) {
  if (!step->argument) {
    xnnReportf(error, userData, "a step of pass '%s' names no pass", info->argument);
    return false;
  }
  if (step->when) {
    size_t index = optionNamed(info, step->when, strlen(step->when));
    if (index == info->numOptions || info->options[index].kind != XNN_MLIR_OPTION_BOOL) {
      xnnReportf(error, userData, "step '%s' of pass '%s' runs when '%s', which is not a boolean option of it",
                 step->argument, info->argument, step->when);
      return false;
    }
  }
  return true;
}

static bool stepRuns(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values,
                     const XnnMlirPassStep *step) {
  return !step->when || values->values[optionNamed(info, step->when, strlen(step->when))].b;
}

bool xnnMlirRegisterPass(const XnnMlirPassInfo *info, MlirStringCallback error,
                         void *userData) {
  if (!info || !info->argument || !info->create) {
    xnnReportf(error, userData, "invalid pass registration (missing argument or factory)");
    return false;
  }
  if (xnnMlirLookupPass(mlirStringRefCreateFromCString(info->argument))) {
    xnnReportf(error, userData, "pass '%s' is already registered", info->argument);
    return false;
  }
  if (info->numOptions > XNN_MLIR_MAX_PASS_OPTIONS) {
    xnnReportf(error, userData, "pass '%s' declares %zu options (at most %d)",
               info->argument, info->numOptions, XNN_MLIR_MAX_PASS_OPTIONS);
    return false;
  }
  if (numRegistered == XNN_MLIR_MAX_PASSES) {
    xnnReportf(error, userData, "too many registered passes");
    return false;
  }
  /* Defaults must parse: a bad default is a bug in the pass, caught here. */
  XnnMlirPassOptionValues values;
  if (!xnnMlirParsePassOptions(info, mlirStringRefCreate(NULL, 0), &values, error, userData))
    return false;
  /* Its steps must be well formed (their passes may be registered later:
   * they are looked up when the steps are added). */
  if (info->numSteps && !info->steps) {
    xnnReportf(error, userData, "pass '%s' declares %zu steps but lists none", info->argument, info->numSteps);
    return false;
  }
  for (size_t i = 0; i < info->numSteps; ++i)
    if (!stepValid(info, &info->steps[i], error, userData))
      return false;
  registry[numRegistered++] = info;
  return true;
}

const XnnMlirPassInfo *xnnMlirLookupPass(MlirStringRef argument) {
  for (size_t i = 0; i < numRegistered; ++i)
    if (xnnStrRefEquals(argument, registry[i]->argument))
      return registry[i];
  return NULL;
}

size_t xnnMlirGetNumPasses(void) { return numRegistered; }

const XnnMlirPassInfo *xnnMlirGetPass(size_t index) {
  return index < numRegistered ? registry[index] : NULL;
}

static bool parseBool(const char *text, bool *out) {
  if (!strcmp(text, "true") || !strcmp(text, "1") || !strcmp(text, "on")) {
    *out = true;
    return true;
  }
  if (!strcmp(text, "false") || !strcmp(text, "0") || !strcmp(text, "off")) {
    *out = false;
    return true;
  }
  return false;
}

static bool setOption(const XnnMlirPassInfo *info, size_t index, const char *value,
                      XnnMlirPassOptionValues *out, MlirStringCallback error, void *userData) {
  const XnnMlirPassOption *opt = &info->options[index];
  switch (opt->kind) {
  case XNN_MLIR_OPTION_BOOL:
    if (!parseBool(value, &out->values[index].b)) {
      xnnReportf(error, userData, "invalid value '%s' for boolean option '%s' of pass '%s' "
                 "(expected true or false)", value, opt->name, info->argument);
      return false;
    }
    return true;
  case XNN_MLIR_OPTION_INT: {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(value, &end, 0);
    if (!*value || *end || errno) {
      xnnReportf(error, userData, "invalid value '%s' for integer option '%s' of pass '%s'",
                 value, opt->name, info->argument);
      return false;
    }
    out->values[index].i = v;
    return true;
  }
  case XNN_MLIR_OPTION_CHOICE: {
    const char *list = opt->defaultValue ? opt->defaultValue : "";
    size_t n = strlen(value);
    bool allowed = false;
    for (const char *p = list; *p && !allowed;) {
      const char *bar = strchr(p, '|');
      size_t len = bar ? (size_t)(bar - p) : strlen(p);
      allowed = n == len && !strncmp(p, value, n);
      p = bar ? bar + 1 : p + len;
    }
    if (!allowed) {
      xnnReportf(error, userData, "invalid value '%s' for option '%s' of pass '%s' (expected one of %s)",
                 value, opt->name, info->argument, list);
      return false;
    }
  }
    /* fall through */ /* stored as a string */
  case XNN_MLIR_OPTION_STRING:
    if (strlen(value) >= sizeof(out->values[index].s)) {
      xnnReportf(error, userData, "value of option '%s' of pass '%s' is too long",
                 opt->name, info->argument);
      return false;
    }
    strcpy(out->values[index].s, value);
    return true;
  }
  return false;
}

/* Splits "a=1 b={x y} c='q r'" into key/value pairs, honouring nesting and quotes. */
bool xnnMlirParsePassOptions(const XnnMlirPassInfo *info, MlirStringRef text,
                             XnnMlirPassOptionValues *out, MlirStringCallback error,
                             void *userData) {
  memset(out, 0, sizeof(*out));
  out->count = info->numOptions;
  for (size_t i = 0; i < info->numOptions; ++i) {
    const XnnMlirPassOption *opt = &info->options[i];
    char first[256];
    const char *dflt = opt->defaultValue ? opt->defaultValue : "";
    if (opt->kind == XNN_MLIR_OPTION_CHOICE) { /* "a|b|c": the default is a */
      snprintf(first, sizeof first, "%.*s", (int)strcspn(dflt, "|"), dflt);
      dflt = first;
    }
    if (!setOption(info, i, dflt, out, error, userData))
      return false;
  }
  size_t pos = 0;
  while (pos < text.length) {
    while (pos < text.length && isspace((unsigned char)text.data[pos]))
      ++pos;
    if (pos >= text.length)
      break;
    size_t keyStart = pos;
    while (pos < text.length && text.data[pos] != '=' && !isspace((unsigned char)text.data[pos]))
      ++pos;
    size_t keyLen = pos - keyStart;
    char value[512];
    size_t valueLen = 0;
    bool hasValue = pos < text.length && text.data[pos] == '=';
    if (hasValue) {
      ++pos;
      int depth = 0;
      char quote = 0;
      while (pos < text.length) {
        char c = text.data[pos];
        if (quote) {
          if (c == quote) {
            quote = 0;
            ++pos;
            continue;
          }
        } else if (c == '"' || c == '\'') {
          quote = c;
          ++pos;
          continue;
        } else if (c == '{' || c == '(' || c == '[') {
          ++depth;
        } else if (c == '}' || c == ')' || c == ']') {
          --depth;
        } else if (isspace((unsigned char)c) && depth <= 0) {
          break;
        }
        if (valueLen + 1 < sizeof(value))
          value[valueLen++] = c;
        ++pos;
      }
      if (quote) {
        xnnReportf(error, userData, "unterminated quote in options of pass '%s'", info->argument);
        return false;
      }
    }
    value[valueLen] = 0;
    size_t index = info->numOptions;
    for (size_t i = 0; i < info->numOptions; ++i)
      if (strlen(info->options[i].name) == keyLen &&
          !strncmp(info->options[i].name, text.data + keyStart, keyLen))
        index = i;
    if (index == info->numOptions) {
      xnnReportf(error, userData, "no such option '%.*s' for pass '%s'", (int)keyLen,
                 text.data + keyStart, info->argument);
      return false;
    }
    if (!hasValue) {
      /* A bare boolean flag means true, as in MLIR's option parser. */
      if (info->options[index].kind != XNN_MLIR_OPTION_BOOL) {
        xnnReportf(error, userData, "option '%s' of pass '%s' needs a value",
                   info->options[index].name, info->argument);
        return false;
      }
      strcpy(value, "true");
    }
    if (!setOption(info, index, value, out, error, userData))
      return false;
  }
  return true;
}

MlirPass xnnMlirCreatePass(const XnnMlirPassInfo *info, MlirStringRef options,
                           MlirStringCallback error, void *userData) {
  XnnMlirPassOptionValues values;
  if (!xnnMlirParsePassOptions(info, options, &values, error, userData))
    return (MlirPass){NULL};
  return info->create(info, &values);
}

static size_t optionIndex(const XnnMlirPassInfo *info, const char *name, XnnMlirOptionKind kind) {
  for (size_t i = 0; i < info->numOptions; ++i)
    if (!strcmp(info->options[i].name, name) &&
        (info->options[i].kind == kind ||
         (kind == XNN_MLIR_OPTION_STRING && info->options[i].kind == XNN_MLIR_OPTION_CHOICE)))
      return i;
  fprintf(stderr, "xnnmlir: internal error: pass '%s' has no option '%s' of that kind\n",
          info->argument, name);
  abort();
}

bool xnnMlirPassOptionGetBool(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values,
                              const char *name) {
  return values->values[optionIndex(info, name, XNN_MLIR_OPTION_BOOL)].b;
}

int64_t xnnMlirPassOptionGetInt(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values,
                                const char *name) {
  return values->values[optionIndex(info, name, XNN_MLIR_OPTION_INT)].i;
}

const char *xnnMlirPassOptionGetString(const XnnMlirPassInfo *info,
                                       const XnnMlirPassOptionValues *values, const char *name) {
  return values->values[optionIndex(info, name, XNN_MLIR_OPTION_STRING)].s;
}

/* ---- steps of a pass that is a pipeline of passes ------------------------- */

enum { kMaxStepDepth = 8 }; /* steps of steps: a plugin's loop ends here */

static bool addSteps(MlirOpPassManager pm, const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values,
                     const char *nest, bool all, int depth, MlirStringCallback error, void *userData);

/* Adds one step, `argument` with options `text`, to pm (anchored where the
 * step runs): a registry pass directly (expanded when it has steps itself
 * and pm is the module's), else MLIR's pass through MLIR's parser. */
static bool addStep(MlirOpPassManager pm, const char *owner, const char *argument, const char *text, bool onModule,
                    int depth, MlirStringCallback error, void *userData) {
  const XnnMlirPassInfo *info = xnnMlirLookupPass(mlirStringRefCreateFromCString(argument));
  MlirStringRef options = mlirStringRefCreateFromCString(text);
  if (info && info->numSteps && onModule) {
    XnnMlirPassOptionValues values;
    if (depth >= kMaxStepDepth) {
      xnnReportf(error, userData, "steps of pass '%s' nest more than %d deep", argument, kMaxStepDepth);
      return false;
    }
    return xnnMlirParsePassOptions(info, options, &values, error, userData) &&
           addSteps(pm, info, &values, NULL, true, depth + 1, error, userData);
  }
  if (info) {
    MlirPass pass = xnnMlirCreatePass(info, options, error, userData);
    if (!pass.ptr)
      return false;
    mlirOpPassManagerAddOwnedPass(pm, pass);
    return true;
  }
  XnnStrBuf element = {0}, mlirMsg = {0};
  xnnStrBufAppendf(&element, *text ? "%s{%s}" : "%s", argument, text);
  bool ok = mlirLogicalResultIsSuccess(mlirOpPassManagerAddPipeline(
      pm, mlirStringRefCreate(element.data, element.size), xnnStrBufCallback, &mlirMsg));
  if (!ok) { /* MLIR's first message, without its location prefix */
    const char *m = mlirMsg.data ? mlirMsg.data : "", *e = strstr(m, "error: ");
    m = e ? e + 7 : m;
    xnnReportf(error, userData, "step '%s' of pass '%s': %.*s", argument, owner, (int)strcspn(m, "\n"), m);
  }
  xnnStrBufFree(&element);
  xnnStrBufFree(&mlirMsg);
  return ok;
}

/* The steps of `info` for `values`: all of them nested under their ops
 * (all = true, pm on the module), or only those whose nest is `nest`, into
 * pm anchored there. */
static bool addSteps(MlirOpPassManager pm, const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values,
                     const char *nest, bool all, int depth, MlirStringCallback error, void *userData) {
  MlirOpPassManager nested = {NULL};
  const char *nestedOn = NULL; /* consecutive steps on one op name share its pass manager */
  for (size_t i = 0; i < info->numSteps; ++i) {
    const XnnMlirPassStep *step = &info->steps[i];
    if (!stepRuns(info, values, step) ||
        (!all && (nest ? !step->nest || strcmp(step->nest, nest) : step->nest != NULL)))
      continue;
    XnnStrBuf options = {0};
    stepOptions(info, values, step, &options);
    const char *text = options.data;
    bool ok;
    if (!all) {
      ok = addStep(pm, info->argument, step->argument, text, !nest, depth, error, userData);
    } else if (!step->nest) {
      nestedOn = NULL;
      ok = addStep(pm, info->argument, step->argument, text, true, depth, error, userData);
    } else {
      if (!nestedOn || strcmp(nestedOn, step->nest))
        nested = mlirOpPassManagerGetNestedUnder(pm, mlirStringRefCreateFromCString(nestedOn = step->nest));
      ok = addStep(nested, info->argument, step->argument, text, false, depth, error, userData);
    }
    xnnStrBufFree(&options);
    if (!ok)
      return false;
  }
  return true;
}

MlirLogicalResult xnnMlirAddPassSteps(MlirOpPassManager pm, const XnnMlirPassInfo *info,
                                      const XnnMlirPassOptionValues *values, MlirStringCallback error,
                                      void *userData) {
  return addSteps(pm, info, values, NULL, true, 0, error, userData) ? mlirLogicalResultSuccess()
                                                                    : mlirLogicalResultFailure();
}

MlirLogicalResult xnnMlirAddPassStepsOn(MlirOpPassManager pm, const XnnMlirPassInfo *info,
                                        const XnnMlirPassOptionValues *values, const char *nest,
                                        MlirStringCallback error, void *userData) {
  return addSteps(pm, info, values, nest, false, 0, error, userData) ? mlirLogicalResultSuccess()
                                                                     : mlirLogicalResultFailure();
}
