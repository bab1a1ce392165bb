/* Test-only pass plugin: `test-break-ir{how=irdl|rules}` turns valid IR into
 * IR that fails MLIR's verifier (irdl: drops edge.constant's required `value`)
 * or only this project's rules (rules: marks public functions as delegates),
 * so lit can check that xnn-opt rejects a pass's bad output and writes nothing. */
#include "xnnmlir/Passes.h"
#include "xnnmlir/Plugin.h"

#include <mlir-c/BuiltinAttributes.h>

#include <string.h>

typedef struct BreakConfig {
  bool rules;
} BreakConfig;

static bool opIs(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && !strncmp(n.data, name, n.length);
}

static MlirWalkResult breakOp(MlirOperation op, void *userData) {
  const BreakConfig *c = userData;
  if (!c->rules && opIs(op, "edge.constant"))
    mlirOperationRemoveDiscardableAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (c->rules && opIs(op, "func.func") &&
      mlirAttributeIsNull(mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString("sym_visibility"))))
    mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("xnn.delegate"),
                                               mlirUnitAttrGet(mlirOperationGetContext(op)));
  return MlirWalkResultAdvance;
}

static void runBreak(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)pass;
  mlirOperationWalk(op, breakOp, config, MlirWalkPreOrder);
}

static const XnnMlirPassOption breakOptions[] = {
    {"how", XNN_MLIR_OPTION_STRING, "irdl", "irdl: fail MLIR's verifier; rules: fail only xnn-verify's rules"},
};

static MlirPass createBreak(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  BreakConfig config = {!strcmp(xnnMlirPassOptionGetString(info, values, "how"), "rules")};
  return xnnMlirCreateExternalPass(info, runBreak, &config, sizeof(config));
}

static const XnnMlirPassInfo breakPass = {
    .argument = "test-break-ir",
    .name = "TestBreakIR",
    .description = "Test only: make the IR invalid (how=irdl: for MLIR's verifier; how=rules: for the edge/xnn rules)",
    .options = breakOptions,
    .numOptions = 1,
    .create = createBreak,
};

static bool registerPasses(void) { return xnnMlirRegisterPass(&breakPass, NULL, NULL); }

XnnMlirPassPluginInfo xnnMlirGetPassPluginInfo(void) {
  return (XnnMlirPassPluginInfo){XNN_MLIR_PLUGIN_API_VERSION, "test-break-ir", "0.1", registerPasses};
}
