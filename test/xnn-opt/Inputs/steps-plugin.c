/* Test-only pass plugin: passes that declare steps in their registry entries,
 * as xnn-delegate does (see test/xnn-opt/pass-steps.test): the pipeline
 * parser expands any such entry, not one pass it knows by name.
 *   test-steps{verify how break}: xnn-verify (if verify), func.func(cse,
 *     canonicalize{max-iterations=3}), symbol-dce, then (if break)
 *     func.func(test-break-ir{how=<how>}) from the other test plugin. Nested in
 *     a function, the single pass runs the function steps on it itself.
 *   test-steps-unknown, test-steps-loop: steps that fail when added.
 * On loading it also registers three malformed entries, which the registry must
 * refuse (each message goes to stderr, prefixed "steps-plugin: "). */
#include "xnnmlir/Passes.h"
#include "xnnmlir/Plugin.h"

#include <stdio.h>

static const XnnMlirPassInfo stepsPass;

static void reportToStderr(MlirStringRef msg, void *userData) {
  (void)userData;
  fprintf(stderr, "steps-plugin: %.*s\n", (int)msg.length, msg.data);
}

static void runSteps(MlirOperation op, MlirExternalPass pass, void *config) {
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(mlirOperationGetContext(op), mlirIdentifierStr(mlirOperationGetName(op)));
  if (mlirLogicalResultIsFailure(xnnMlirAddPassStepsOn(mlirPassManagerGetAsOpPassManager(pm), &stepsPass, config,
                                                       "func.func", reportToStderr, NULL)) ||
      mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, op)))
    mlirExternalPassSignalFailure(pass);
  mlirPassManagerDestroy(pm);
}

static MlirPass createSteps(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  return xnnMlirCreateExternalPass(info, runSteps, values, sizeof(*values));
}

static const XnnMlirPassOption stepsOptions[] = {
    {"verify", XNN_MLIR_OPTION_BOOL, "true", "start with xnn-verify"},
    {"how", XNN_MLIR_OPTION_STRING, "irdl", "passed to test-break-ir"},
    {"break", XNN_MLIR_OPTION_BOOL, "false", "end with test-break-ir{how=<how>} on each function"},
};

static const XnnMlirPassStep steps[] = {
    {NULL, "xnn-verify", NULL, "verify"},
    {"func.func", "cse", NULL, NULL},
    {"func.func", "canonicalize", "max-iterations=3", NULL},
    {NULL, "symbol-dce", NULL, NULL},
    {"func.func", "test-break-ir", "how={how}", "break"},
};

static const XnnMlirPassInfo stepsPass = {
    .argument = "test-steps",
    .name = "TestSteps",
    .description = "Test only: xnn-verify, func.func(cse, canonicalize), symbol-dce as declared steps",
    .options = stepsOptions,
    .numOptions = 3,
    .create = createSteps,
    .steps = steps,
    .numSteps = sizeof(steps) / sizeof(steps[0]),
};

static const XnnMlirPassStep unknown[] = {{NULL, "no-such-pass", "x=1", NULL}};
static const XnnMlirPassStep loop[] = {{NULL, "test-steps-loop", NULL, NULL}};
static const XnnMlirPassInfo failing[] = {
    {.argument = "test-steps-unknown", .name = "TestStepsUnknown", .description = "Test only: a step naming no pass",
     .create = createSteps, .steps = unknown, .numSteps = 1},
    {.argument = "test-steps-loop", .name = "TestStepsLoop", .description = "Test only: a step that is the pass itself",
     .create = createSteps, .steps = loop, .numSteps = 1},
};

static const XnnMlirPassStep badWhen[] = {{NULL, "cse", NULL, "how"}};
static const XnnMlirPassStep noPass[] = {{NULL, NULL, NULL, NULL}};
static const XnnMlirPassInfo refused[] = {
    {.argument = "test-steps-bad-when", .name = "A", .description = "", .options = stepsOptions,
     .numOptions = 3, .create = createSteps, .steps = badWhen, .numSteps = 1},
    {.argument = "test-steps-no-pass", .name = "B", .description = "", .create = createSteps,
     .steps = noPass, .numSteps = 1},
    {.argument = "test-steps-no-list", .name = "C", .description = "", .create = createSteps, .numSteps = 2},
};

static bool registerPasses(void) {
  for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); ++i)
    if (xnnMlirRegisterPass(&refused[i], reportToStderr, NULL))
      return false;
  return xnnMlirRegisterPass(&stepsPass, NULL, NULL) && xnnMlirRegisterPass(&failing[0], NULL, NULL) &&
         xnnMlirRegisterPass(&failing[1], NULL, NULL);
}

XnnMlirPassPluginInfo xnnMlirGetPassPluginInfo(void) {
  return (XnnMlirPassPluginInfo){XNN_MLIR_PLUGIN_API_VERSION, "test-steps", "0.1", registerPasses};
}
