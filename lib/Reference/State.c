/* The state of a function (SPEC 5.1): which arguments and results carry
 * xnn.state, and which result feeds each state argument on the next call.
 * One analysis for everything that runs a function over steps: xnn-run (the
 * interpreter and the in-process runtime) and the C it emits
 * (xnn-translate --xnn-to-c --program), so that they refuse the same
 * functions with the same messages. */
#include "xnnmlir/Reference.h"

#include "Support/IR.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void error(MlirLocation loc, const char *msg) { mlirEmitError(loc, msg); }

/* The xnn.state names of the arguments (results if `results`) of `func`:
 * names[i] is NULL for a user one. False after a located error: a non-string
 * name, a user one after a state one, or a name used twice. */
static bool stateNames(MlirOperation func, bool results, size_t n, char **names, size_t *numUser) {
  const char *what = results ? "result" : "argument";
  char msg[1024];
  *numUser = n;
  for (size_t i = 0; i < n; ++i) {
    MlirAttribute a = results ? xnnFuncResultAttr(func, (intptr_t)i, "xnn.state")
                              : xnnFuncArgAttr(func, (intptr_t)i, "xnn.state");
    MlirLocation loc = results ? mlirOperationGetLocation(func) : xnnFuncArgLoc(func, i);
    if (mlirAttributeIsNull(a)) {
      if (*numUser < i) {
        snprintf(msg, sizeof msg, "%s %zu is a user %s after state %s %zu ('%s'): state %ss come after all "
                 "user %ss (SPEC 5.1)", what, i, results ? "output" : "input", what, *numUser, names[*numUser],
                 what, results ? "output" : "input");
        error(loc, msg);
        return false;
      }
      continue;
    }
    MlirStringRef name;
    if (!mlirAttributeIsAString(a) || !(name = mlirStringAttrGetValue(a)).length ||
        memchr(name.data, '\n', name.length) || memchr(name.data, '\0', name.length)) {
      snprintf(msg, sizeof msg, "%s %zu: xnn.state must be a non-empty one-line string (the buffer's name)", what, i);
      error(loc, msg);
      return false;
    }
    if (!(names[i] = strndup(name.data, name.length)))
      abort();
    if (*numUser == n)
      *numUser = i;
    for (size_t k = *numUser; k < i; ++k)
      if (!strcmp(names[k], names[i])) {
        snprintf(msg, sizeof msg, "%s %zu: state '%s' is also %s %zu", what, i, names[i], what, k);
        error(loc, msg);
        return false;
      }
  }
  return true;
}

void xnnMlirStateMapFree(XnnMlirStateMap *sm) {
  for (size_t j = 0; sm->argName && j < sm->numState; ++j)
    free(sm->argName[j]);
  free(sm->argName);
  free(sm->fromResult);
  memset(sm, 0, sizeof(*sm));
}

bool xnnMlirStateMapGet(MlirOperation func, XnnMlirStateMap *sm) {
  memset(sm, 0, sizeof(*sm));
  MlirAttribute fta = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("function_type"));
  if (mlirAttributeIsNull(fta) || !mlirAttributeIsAType(fta) || !mlirTypeIsAFunction(mlirTypeAttrGetValue(fta))) {
    error(mlirOperationGetLocation(func), "function has no function type");
    return false;
  }
  MlirType ft = mlirTypeAttrGetValue(fta);
  size_t numIn = (size_t)mlirFunctionTypeGetNumInputs(ft), numOut = (size_t)mlirFunctionTypeGetNumResults(ft);
  char **argNames = calloc(numIn + 1, sizeof(char *)), **resNames = calloc(numOut + 1, sizeof(char *));
  if (!argNames || !resNames)
    abort();
  bool ok = stateNames(func, false, numIn, argNames, &sm->numUserIn) &&
            stateNames(func, true, numOut, resNames, &sm->numUserOut);
  char msg[1024];
  size_t numState = numIn - sm->numUserIn;
  if (ok) {
    sm->numState = numState;
    sm->argName = calloc(numState + 1, sizeof(char *));
    sm->fromResult = calloc(numState + 1, sizeof(size_t));
    if (!sm->argName || !sm->fromResult)
      abort();
  }
  for (size_t j = 0; ok && j < numState; ++j) {
    size_t i = sm->numUserIn + j, k = sm->numUserOut;
    while (k < numOut && strcmp(resNames[k], argNames[i]))
      ++k;
    if (k == numOut) {
      snprintf(msg, sizeof msg, "state argument %zu ('%s') has no xnn.state result of that name: nothing "
               "would feed the next step", i, argNames[i]);
      error(xnnFuncArgLoc(func, i), msg);
      ok = false;
      break;
    }
    MlirType at = mlirFunctionTypeGetInput(ft, (intptr_t)i), rt = mlirFunctionTypeGetResult(ft, (intptr_t)k);
    if (!mlirTypeEqual(at, rt)) {
      char *as = xnnTypeToString(at), *rs = xnnTypeToString(rt);
      snprintf(msg, sizeof msg, "state '%s': result %zu is '%s', argument %zu is '%s': the next step cannot "
               "take it", argNames[i], k, rs, i, as);
      free(as), free(rs);
      error(xnnFuncArgLoc(func, i), msg);
      ok = false;
      break;
    }
    sm->argName[j] = argNames[i], argNames[i] = NULL;
    sm->fromResult[j] = k;
  }
  for (size_t k = sm->numUserOut; ok && k < numOut; ++k) {
    size_t j = 0;
    while (j < numState && strcmp(resNames[k], sm->argName[j]))
      ++j;
    if (j == numState) {
      snprintf(msg, sizeof msg, "state result %zu ('%s') has no xnn.state argument of that name to feed",
               k, resNames[k]);
      error(mlirOperationGetLocation(func), msg);
      ok = false;
    }
  }
  for (size_t i = 0; i < numIn; ++i)
    free(argNames[i]);
  for (size_t k = 0; k < numOut; ++k)
    free(resNames[k]);
  free(argNames);
  free(resNames);
  if (!ok)
    xnnMlirStateMapFree(sm);
  return ok;
}
